import RefreshFramesCore
import RefreshFramesSwiftProgram
import Testing

/// A header view in jcavar/refresher's shape, written for this test: a `UIView` of its own added to
/// the table at y = −50 that follows the scroll through Swift 4's block KVO
/// (`observe(\.contentOffset, options: [.initial])`), sets its own `loading` past its height once
/// the finger is up, and lays out a `.gray` indicator and a label with iOS 6's
/// `NSLayoutConstraint(item:attribute:relatedBy:toItem:attribute:multiplier:constant:)`.
let headerView = """
    import UIKit

    class Header: UIView {
        let spinner = UIActivityIndicatorView(style: .gray)
        let title = UILabel()
        var observation: NSKeyValueObservation?
        var loading = false {
            didSet { if loading { spinner.startAnimating() } else { spinner.stopAnimating() } }
        }

        override init(frame: CGRect) {
            super.init(frame: frame)
            spinner.translatesAutoresizingMaskIntoConstraints = false
            title.translatesAutoresizingMaskIntoConstraints = false
            addSubview(spinner)
            addSubview(title)
            addConstraints([
                NSLayoutConstraint(item: spinner, attribute: .left, relatedBy: .equal, toItem: self, attribute: .left, multiplier: 1, constant: 16),
                NSLayoutConstraint(item: spinner, attribute: .centerY, relatedBy: .equal, toItem: self, attribute: .centerY, multiplier: 1, constant: 0),
                NSLayoutConstraint(item: title, attribute: .left, relatedBy: .equal, toItem: spinner, attribute: .right, multiplier: 1, constant: 16),
                NSLayoutConstraint(item: self, attribute: .centerY, relatedBy: .equal, toItem: title, attribute: .centerY, multiplier: 1, constant: 0),
            ])
        }

        required init?(coder: NSCoder) { fatalError() }

        override func willMove(toSuperview newSuperview: UIView?) {
            guard let scrollView = newSuperview as? UIScrollView else { return }
            observation = scrollView.observe(\\.contentOffset, options: [.initial]) { [unowned self] scrollView, _ in
                if scrollView.contentOffset.y < -self.frame.size.height, !scrollView.isDragging, !self.loading {
                    self.loading = true
                }
            }
        }
    }

    class HeaderController: UIViewController {
        @IBOutlet weak var tableView: UITableView!

        override func viewDidLoad() {
            super.viewDidLoad()
            tableView.addSubview(Header(frame: CGRect(x: 0, y: -50, width: 200, height: 50)))
        }
    }
    """

@Suite struct BlockObservationTests {
    /// The header's own `loading` turning true begins the refresh: at the first 60 Hz frame after the
    /// release at 0.8 s (49/60 s). The indicator (tag 2) is its
    /// `.gray` 20 × 20, 16 pt from the left, centred in the 50 pt header: (16, 15); the label (3),
    /// without a text 0 × 0 (UIKit's empty label), 16 pt after it at its centre: (52, 25).
    @Test func swift4BlockKVOAndIOS6ConstraintsPlay() throws {
        let (timeline, diagnostics) = try swiftTimeline(try spec(turnSpec), try decode(headerView))
        #expect(diagnostics == [], "\(diagnostics)")
        #expect(abs(timeline.refreshBeganAt - 49.0 / 60) < 1e-5)
        #expect(state(timeline, 2, at: 0.3).frame == Rect(x: 16, y: 15, width: 20, height: 20))
        #expect(state(timeline, 3, at: 0.3).frame == Rect(x: 52, y: 25, width: 0, height: 0))
        #expect(state(timeline, 2, at: 0.3).isHidden)
        #expect(!state(timeline, 2, at: 1).isHidden)
    }
}
