import RefreshFramesCore
import RefreshFramesSwiftCode
import Testing

/// A nil that an `@IBOutlet` nothing connected gives is named as such; a plain implicitly
/// unwrapped property is the code's own to set, and its nil is said as Swift would.
@Suite struct OutletTests {
    static func failure(_ use: String, declaring member: String) throws -> String {
        let code = tableController(members: member, viewDidLoad: use)
        do {
            _ = try swiftTimeline(try spec(smallSpec), try decode(code))
            return ""
        } catch let error as CodeDiagnostic {
            return error.description
        }
    }

    @Test func anUnconnectedOutletCollectionIsNamedWhenTheCodeLoopsOverIt() throws {
        #expect(
            try Self.failure("for v in innerViews { v.alpha = 0 }", declaring: "@IBOutlet var innerViews: [UIView]!")
                == #"RefreshView.swift:10:18: error: cannot loop over nil: 'innerViews' is an @IBOutlet collection that nothing connected (the spec's "outlets" give no "innerViews": [tags] (import writes them from the document's <outletCollection> connections))"#
        )
    }

    /// The File's Owner pattern (`loadNibNamed("OwnerView", owner: self)` in `init(frame:)`): the
    /// owner's outlets are set before the load returns — its `contentView` the nib's root, its
    /// collection the views `"outlets"` lists, in that order, a named outlet the view so named.
    @Test func aFilesOwnerGetsTheRootACollectionAndNamedViewsFromTheLoad() throws {
        let json = smallSpec.replacingOccurrences(
            of: #""views": [{"tag": 1, "text": "A"}"#,
            with:
                #""outlets": {"contentView": "root", "marks": [2, 1]}, "views": [{"tag": 1, "text": "A", "name": "title"}"#
        )
        let code = """
            import UIKit

            class OwnerView: UIView {
                @IBOutlet var contentView: UIView!
                @IBOutlet var marks: [UIView]!
                @IBOutlet weak var title: UILabel!

                override init(frame: CGRect) {
                    super.init(frame: frame)
                    Bundle.main.loadNibNamed("OwnerView", owner: self, options: nil)
                    addSubview(contentView)
                    print(contentView.subviews.count, marks.map { $0.tag }, title.text!)
                }

                func beginRefreshing() {
                    UIView.animate(withDuration: 0.2, delay: 0, options: [], animations: { self.marks[0].alpha = 0 }, completion: nil)
                }
            }
            """
        let run = try swiftRun(try spec(json), try decode(code))
        #expect(run.printed.map(\.text) == ["2 [2, 1] A"])
        let (timeline, _) = try swiftTimeline(try spec(json), try decode(code))
        #expect(state(timeline, 2, at: 1).alpha == 0)
        #expect(state(timeline, 1, at: 1).alpha == 1)
        // A view with beginRefreshing() and no endRefreshing() ends as the scenario's work does.
        #expect(timeline.refreshEndedAt == 2.4)
    }

    /// A constraint outlet is the spec's constraint: its `constant` reads back what the code set and
    /// moves the view at the layout pass; deactivating it or changing its priority is said and
    /// changes nothing.
    @Test func aConstraintOutletMovesTheViewAtTheLayoutPass() throws {
        let json = smallSpec.replacingOccurrences(
            of: #""2.leading == superview.leading + 10""#,
            with: #"{"item": 2, "attribute": "leading", "toItem": "superview", "constant": 10, "id": "left"}"#
        ).replacingOccurrences(of: #""views": ["#, with: #""outlets": {"left": {"constraint": "left"}}, "views": ["#)
        let code = """
            import UIKit

            class OwnerView: UIView {
                @IBOutlet var left: NSLayoutConstraint!
                override init(frame: CGRect) {
                    super.init(frame: frame)
                    _ = Bundle.main.loadNibNamed("OwnerView", owner: self, options: nil)
                }
                func beginRefreshing() {
                    left.constant = 50
                    print(left.constant, left.isActive)
                    left.isActive = false
                    left.priority = UILayoutPriority(250)
                }
            }
            """
        let run = try swiftRun(try spec(json), try decode(code))
        #expect(run.printed.map(\.text) == ["50.0 true"])
        #expect(state(run.timeline, 2, at: 0.3).frame.x == 10)
        #expect(state(run.timeline, 2, at: 1).frame.x == 50)
        #expect(
            run.diagnostics.filter { $0.contains("spec's constraints") } == [
                "RefreshView.swift:12:14: warning: deactivating one of the spec's constraints is not supported: it stays active",
                "RefreshView.swift:13:14: warning: a new priority for one of the spec's constraints is not supported: it keeps the spec's",
            ], "\(run.diagnostics)")
    }

    /// A nib named for its class (twilio's LoadingView, tree's): `type(of: self)` is the class,
    /// `String(describing:)` of it its name, and NSObject's `description()` the name too (UIKit's
    /// adds the app's module, `App.OwnerView`, not known here; `.components(separatedBy: ".").last`
    /// gives the same either way). A xib's activity indicator reached by its outlet turns when the
    /// code starts it and hides when it stops it (no "not supported" warning: it is a
    /// UIActivityIndicatorView).
    @Test func aNibNamedForItsClassLoadsAndItsIndicatorFollowsTheCode() throws {
        let json = smallSpec.replacingOccurrences(
            of: #""views": [{"tag": 1, "text": "A"}"#,
            with:
                #""outlets": {"contentView": "root"}, "views": [{"tag": 1, "text": "A"}, {"tag": 3, "kind": "spinner", "revealsWithPull": false, "name": "spinner"}"#
        ).replacingOccurrences(
            of: #""2.centerY == superview.centerY""#,
            with:
                #""2.centerY == superview.centerY", "3.width == 20", "3.height == 20", "3.top == superview.top", "3.trailing == superview.trailing""#
        )
        let code = """
            import UIKit

            class OwnerView: UIView {
                @IBOutlet var contentView: UIView!
                @IBOutlet weak var spinner: UIActivityIndicatorView!

                override init(frame: CGRect) {
                    super.init(frame: frame)
                    let name = type(of: self).description().components(separatedBy: ".").last!
                    print(name, String(describing: type(of: self)), "\\(type(of: 1.5))")
                    Bundle.main.loadNibNamed(String(describing: type(of: self)), owner: self, options: nil)
                    addSubview(contentView)
                }

                func beginRefreshing() {
                    spinner.startAnimating()
                    DispatchQueue.main.asyncAfter(deadline: .now() + 1) { self.spinner.stopAnimating() }
                }
            }
            """
        let run = try swiftRun(try spec(json), try decode(code))
        #expect(run.printed.map(\.text) == ["OwnerView OwnerView Double"])
        #expect(!run.diagnostics.contains { $0.contains("not supported") }, "\(run.diagnostics)")
        // Started at 0.4 s (the refresh's start), a spoke on every 0.1 s; stopped and hidden at 1.4 s.
        #expect(state(run.timeline, 3, at: 0.75).spinner?.leadingSpoke == 3)
        #expect(state(run.timeline, 3, at: 1.2).isHidden == false)
        #expect(state(run.timeline, 3, at: 1.5).isHidden == true)
    }

    /// A controller of the code's own that makes its table (`let tableView = UITableView()`) has
    /// the scene's table, as a `UITableView!` outlet would: its refresh control is driven.
    @Test func aTableViewTheCodeMakesIsTheScenesTable() throws {
        let code = """
            import UIKit

            class ViewController: UIViewController {
                let tableView = UITableView(frame: .zero, style: .plain)
                let control = UIRefreshControl()
                override func viewDidLoad() {
                    super.viewDidLoad()
                    view.addSubview(tableView)
                    tableView.refreshControl = control
                    control.addTarget(self, action: #selector(refresh), for: .valueChanged)
                }
                @objc func refresh() {
                    DispatchQueue.main.asyncAfter(deadline: .now() + 1) { self.control.endRefreshing() }
                }
            }
            """
        let (timeline, diagnostics) = try swiftTimeline(try spec(smallSpec), try decode(code), workDurationGiven: false)
        #expect(timeline.refreshBeganAt == 0.4)
        #expect(timeline.refreshEndedAt == 1.4)
        #expect(!diagnostics.contains { $0.contains("UITableView") }, "\(diagnostics)")
    }

    /// A storyboard scene's controller gets its outlets when it is made, before `viewDidLoad`
    /// (msanisetty/FlickrPhotos' loading view and its height constraint stopped with "unexpectedly
    /// found nil setting 'constant'"): a view by its name, a constraint by `"outlets"`.
    @Test func aScenesControllerHasItsOutletsInViewDidLoad() throws {
        let json = smallSpec.replacingOccurrences(
            of: #""2.width == 20""#, with: #"{"item": 2, "attribute": "width", "constant": 20, "id": "barWidth"}"#
        ).replacingOccurrences(
            of: #""views": [{"tag": 1, "text": "A"}, {"tag": 2, "kind": "view", "backgroundColor": "blue"}"#,
            with:
                #""outlets": {"barWidth": {"constraint": "barWidth"}}, "views": [{"tag": 1, "text": "A"}, {"tag": 2, "kind": "view", "backgroundColor": "blue", "name": "bar"}"#
        )
        let code = """
            import UIKit

            class ViewController: UITableViewController {
                @IBOutlet weak var bar: UIView!
                @IBOutlet weak var barWidth: NSLayoutConstraint!
                let control = UIRefreshControl()
                override func viewDidLoad() {
                    super.viewDidLoad()
                    barWidth.constant = 60
                    bar.alpha = 0.5
                    tableView.refreshControl = control
                }
            }
            """
        let (timeline, _) = try swiftTimeline(try spec(json), try decode(code))
        #expect(state(timeline, 2, at: 0.1).frame.width == 60)
        #expect(state(timeline, 2, at: 0.1).alpha == 0.5)
    }

    /// SCRRefreshControl pins its nib's root to the control with constraints: the root is laid out
    /// as the canvas, so they are said and place nothing (it stopped with "a constant constraint on
    /// the superview constrains no view").
    @Test func constraintsOnTheNibsRootAreSaidAndPlaceNothing() throws {
        let code = """
            import UIKit

            class Control: UIControl {
                var content: UIView!
                override init(frame: CGRect) {
                    super.init(frame: frame)
                    content = Bundle.main.loadNibNamed("Content", owner: nil, options: nil)![0] as? UIView
                    addSubview(content)
                    content.translatesAutoresizingMaskIntoConstraints = false
                    addConstraint(NSLayoutConstraint(item: content!, attribute: .width, relatedBy: .equal, toItem: nil, attribute: .notAnAttribute, multiplier: 1, constant: 120))
                }
                func beginRefreshing() {}
            }
            """
        let run = try swiftRun(try spec(smallSpec), try decode(code))
        #expect(
            run.diagnostics.contains(
                "RefreshView.swift:10:23: warning: a constraint on the nib's root view does not move it: it is laid out as the canvas (200 × 60 pt: the document's size unless the spec gives its own)"
            ), "\(run.diagnostics)")
        #expect(state(run.timeline, 2, at: 0.1).frame.x == 10)
    }

    /// A nib root of the code's class gets its collections from `"outlets"` too.
    @Test func aNibRootOfTheCodesClassGetsItsCollection() throws {
        let json = smallSpec.replacingOccurrences(
            of: #""views": ["#, with: #""outlets": {"parts": [1, 2]}, "views": ["#)
        let code = """
            import UIKit

            class PartsView: UIView {
                @IBOutlet var parts: [UIView]!
                override func awakeFromNib() {
                    super.awakeFromNib()
                    print(parts.count)
                }
            }

            class ViewController: UITableViewController {
                let control = UIRefreshControl()
                override func viewDidLoad() {
                    super.viewDidLoad()
                    let view = Bundle.main.loadNibNamed("PartsView", owner: nil, options: nil)![0] as! PartsView
                    control.addSubview(view)
                    tableView.refreshControl = control
                }
            }
            """
        let run = try swiftRun(try spec(json), try decode(code))
        #expect(run.printed.map(\.text) == ["2"])
        #expect(!run.diagnostics.contains { $0.contains("not connected") }, "\(run.diagnostics)")
    }

    @Test func anUnconnectedOutletIsNamedWhenTheCodeReadsThroughIt() throws {
        let outlet = try Self.failure("print(self.badge.alpha)", declaring: "@IBOutlet weak var badge: UILabel!")
        #expect(
            outlet
                == "RefreshView.swift:10:26: error: unexpectedly found nil reading 'alpha' ('badge' is an @IBOutlet that nothing connected (give the spec's view \"name\": \"badge\"))",
            "\(outlet)")
        let plain = try Self.failure("print(animator.alpha)", declaring: "private var animator: UIView!")
        #expect(
            plain
                == "RefreshView.swift:10:24: error: unexpectedly found nil reading 'alpha' (an implicitly unwrapped optional that is nil)",
            "\(plain)")
    }

    /// A `UICollectionView!` outlet is connected to the scene's scrolling view, as a
    /// `UITableView!` one is: the refresh control installed on it is driven.
    @Test func aCollectionViewOutletIsConnected() throws {
        let code = """
            import UIKit

            class ViewController: UIViewController {
                @IBOutlet weak var collectionView: UICollectionView!
                let control = UIRefreshControl()
                override func viewDidLoad() {
                    super.viewDidLoad()
                    collectionView.refreshControl = control
                    collectionView.reloadData()
                }
            }
            """
        let (timeline, diagnostics) = try swiftTimeline(try spec(smallSpec), try decode(code))
        #expect(timeline.refreshBeganAt == 0.4)
        #expect(
            diagnostics.contains { $0.contains("reloadData: the table's rows are the spec's \"host\" table: skipped") })
    }

    /// The code's own `contentInset` is kept for it to read; a change of its top is said once where
    /// it is made, since the content's offset is the scenario's (a change of the bottom moves
    /// nothing drawn either way, and is not said).
    @Test func aContentInsetTopTheCodeSetsIsSaidToMoveNothing() throws {
        let code = controller(
            """
                @objc func refresh() {
                    tableView.contentInset = UIEdgeInsets(top: 0, left: 0, bottom: 20, right: 0)
                    UIView.animate(withDuration: 0.3) { self.tableView.contentInset.top += 60 }
                    print(tableView.contentInset.top, tableView.contentInset.bottom)
                }
            """)
        let run = try swiftRun(try spec(smallSpec), try decode(code))
        #expect(run.printed.map(\.text) == ["60.0 20.0"])
        let said = run.diagnostics.filter { $0.contains("contentInset") }
        #expect(
            said == [
                "RefreshView.swift:20:60: warning: contentInset.top changed: the content's offset follows the scenario's pull here (held at controlHeight, 60 pt, while refreshing, then back over collapseDuration, 0.3 s), so the inset is kept for the code to read but moves nothing"
            ], "\(said)")
    }

    /// A Swift program has no loop of the tool's: the timeline says when the code's last animation
    /// ends (a 3 s fade begun as refreshing begins at 0.4 s, past endRefreshing at 2.4 s).
    @Test func aSwiftProgramsTimelineSaysWhenItsLastAnimationEnds() throws {
        let code = controller(
            """
                @objc func refresh() { UIView.animate(withDuration: 3) { self.square.alpha = 0 } }
            """)
        let (timeline, _) = try swiftTimeline(try spec(smallSpec), try decode(code))
        #expect(timeline.programStoppedAt == 3.4)
        #expect(
            timeline.dump.hasPrefix(
                "refresh begins at 0.400 s; endRefreshing at 2.400 s; the code's last animation ends at 3.400 s;"),
            "\(timeline.dump.prefix(120))")
    }

    /// The nib's root is laid out as the canvas: a frame of another size the code gives it lays
    /// nothing out again, and the warning says which canvas would (the spec's own canvas lays the
    /// document's root out at its size).
    @Test func aFrameOfAnotherSizeForTheNibsRootNamesTheCanvasThatWouldLayItOut() throws {
        let code = controller(
            """
                @objc func refresh() { label.superview!.frame = CGRect(x: 0, y: 0, width: 100, height: 60) }
            """)
        let (_, diagnostics) = try swiftTimeline(try spec(smallSpec), try decode(code))
        #expect(
            diagnostics.filter { $0.contains("nib's root") } == [
                "RefreshView.swift:18:45: warning: the nib's root view is laid out as the canvas (200 × 60 pt: the document's size unless the spec gives its own), so a frame of 100 × 60 does not lay its views out again: give the spec \"canvas\": {\"width\": 100, \"height\": 60}"
            ], "\(diagnostics)")
    }
}
