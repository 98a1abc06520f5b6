import Foundation
import RefreshFramesCore
import RefreshFramesSwiftCode
import RefreshFramesSwiftProgram
import Testing

/// `autoresizingMask` on views the code makes: a 100 × 40 container grows to 160 × 60 at the
/// refresh, so 60 pt more width and 20 pt more height go to each subview's flexible parts, in
/// proportion to their lengths (Apple: "distribute the size difference proportionally among the
/// flexible portions"). Worked out by hand:
/// - (10, 5, 30, 20), `[.flexibleWidth, .flexibleRightMargin]`: width 30 and right margin 60 share
///   60: the width gets 60 · 30/90 = 20 → (10, 5, 50, 20); no vertical flag: y and height stay.
/// - (60, 10, 20, 20), `[.flexibleLeftMargin, .flexibleTopMargin, .flexibleBottomMargin]`: the left
///   margin takes all 60 → x 120; top 10 and bottom 10 share 20 → y 20: (120, 20, 20, 20).
/// - (0, 0, 10, 40), Swift 2's `UIViewAutoresizing.FlexibleHeight`: all 20 → (0, 0, 10, 60).
/// - (0, 0, 10, 10), `.flexibleWidth` with `translatesAutoresizingMaskIntoConstraints = false`:
///   its mask is not applied → (0, 0, 10, 10).
@Suite struct AutoresizingTests {
    @Test func subviewsFollowTheirMasksWhenTheSuperviewsSizeChanges() throws {
        let code = """
            import UIKit

            class ViewController: UIViewController {
                @IBOutlet weak var tableView: UITableView!
                let control = UIRefreshControl()
                let container = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 40))
                let a = UIView(frame: CGRect(x: 10, y: 5, width: 30, height: 20))
                let b = UIView(frame: CGRect(x: 60, y: 10, width: 20, height: 20))
                let c = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 40))
                let d = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
                override func viewDidLoad() {
                    super.viewDidLoad()
                    a.autoresizingMask = [.flexibleWidth, .flexibleRightMargin]
                    b.autoresizingMask = [.flexibleLeftMargin, .flexibleTopMargin, .flexibleBottomMargin]
                    c.autoresizingMask = UIViewAutoresizing.FlexibleHeight
                    d.autoresizingMask = .flexibleWidth
                    d.translatesAutoresizingMaskIntoConstraints = false
                    for v in [a, b, c, d] { container.addSubview(v) }
                    control.addSubview(container)
                    control.addTarget(self, action: #selector(refresh), for: .valueChanged)
                    tableView.refreshControl = control
                }
                @objc func refresh() {
                    container.frame = CGRect(x: 0, y: 0, width: 160, height: 60)
                    for v in [a, b, c, d] { print(v.frame.minX, v.frame.minY, v.frame.width, v.frame.height) }
                }
            }
            """
        let (printed, diagnostics) = try playPrinting(code)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let frames = printed.map { $0.split(separator: " ").suffix(4).joined(separator: " ") }
        #expect(
            frames == ["10.0 5.0 50.0 20.0", "120.0 20.0 20.0 20.0", "0.0 0.0 10.0 60.0", "0.0 0.0 10.0 10.0"],
            "\(printed)")
    }

    /// The share of one axis, directly: evenly when every flexible part is 0 long.
    @Test func flexiblePartsOfNoLengthShareEvenly() {
        let r = UIKitBinding.resize(0, 0, 0, by: 10, flexible: (true, true, false))
        #expect(r.origin == 5 && r.size == 5)
    }

    /// A view placed by its frame with `.flexibleWidth` (translated into constraints by UIKit, which
    /// then follow its superview's width) inside a container whose width the constraints decide,
    /// with a label constrained to it: the engine holds the frame fixed and says so at the line
    /// that made the view; without the flexible part (a fixed mask) nothing is said.
    @Test(arguments: [(".flexibleWidth", true), ("[]", false)])
    func aFlexibleMaskAmongConstraintsIsNamed(_ mask: String, _ named: Bool) throws {
        let code = """
            import UIKit

            class ViewController: UIViewController {
                @IBOutlet weak var tableView: UITableView!
                let control = UIRefreshControl()
                override func viewDidLoad() {
                    super.viewDidLoad()
                    let container = UIView()
                    container.translatesAutoresizingMaskIntoConstraints = false
                    let bar = UIView(frame: CGRect(x: 10, y: 5, width: 80, height: 10))
                    bar.autoresizingMask = \(mask)
                    let label = UILabel()
                    label.translatesAutoresizingMaskIntoConstraints = false
                    label.text = "Go"
                    container.addSubview(bar)
                    container.addSubview(label)
                    control.addSubview(container)
                    NSLayoutConstraint.activate([
                        container.leadingAnchor.constraint(equalTo: control.leadingAnchor),
                        container.topAnchor.constraint(equalTo: control.topAnchor),
                        container.widthAnchor.constraint(equalToConstant: 150),
                        container.heightAnchor.constraint(equalToConstant: 40),
                        label.leadingAnchor.constraint(equalTo: bar.trailingAnchor, constant: 4),
                        label.centerYAnchor.constraint(equalTo: bar.centerYAnchor),
                    ])
                    tableView.refreshControl = control
                }
            }
            """
        let diagnostics = try swiftTimeline(try spec(smallSpec), try decode(code)).diagnostics
        let said = diagnostics.filter { $0.contains("autoresizingMask") }
        if named {
            #expect(
                said == [
                    "RefreshView.swift:10:19: warning: UIView()'s autoresizingMask has flexible parts, but here it is held at its frame (10, 5, 80, 10) among constraints: UIKit turns the mask into constraints that follow UIView()'s size, which the constraints decide; set translatesAutoresizingMaskIntoConstraints = false and constrain it to play as UIKit does"
                ], "\(diagnostics)")
        } else {
            #expect(said.isEmpty, "\(diagnostics)")
        }
    }
}
