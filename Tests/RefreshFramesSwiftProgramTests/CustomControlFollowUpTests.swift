import Foundation
import RefreshFramesCore
import RefreshFramesSwiftCode
import RefreshFramesSwiftProgram
import Testing

/// What a control of the code's own is told and given: when its refresh never begins the pull is
/// shown alone and the warning names both ways one begins; a `UIRefreshControl` subclass is laid out
/// once installed.
@Suite struct CustomControlFollowUpTests {
    /// A `UIControl` added to the table view that never sends `.valueChanged` (a ring that only
    /// follows the pull, as kalvish21/shapelayertest's): the warning names the stored flag it has
    /// (`isLoading`), or the four it could have; the timeline is the pull alone, no refresh.
    @Test(arguments: [
        ("", "it has no stored 'refreshing', 'isRefreshing', 'loading' or 'isLoading' that turns true"),
        ("var isLoading = false", "its 'isLoading' never turned true"),
    ])
    func aControlThatNeverBeginsIsShownFollowingThePullAlone(_ member: String, _ says: String) throws {
        let code = spinController(
            "UIControl", spinMembers: member,
            members: """
                func scrollViewDidScroll(_ scrollView: UIScrollView) {
                    spin.alpha = -scrollView.contentOffset.y / 90
                }
                """)
        let (timeline, diagnostics) = try swiftTimeline(try spec(smallSpec), try decode(code))
        #expect(
            diagnostics.contains {
                $0.contains(
                    "the refresh never began: Spin() never sent .valueChanged (sendActions(for:)) as the scenario pulled, and \(says); shown as the pull alone"
                )
            }, "\(diagnostics)")
        #expect(!timeline.refreshBegins)
        // The pull (90 pt at 0.6 s, back to 0 at 1.2 s) as it is, never held open; at rest half a
        // second after the pull's last keyframe, with no collapse.
        #expect(timeline.duration == 1.7)
        let tag = try #require(timeline.spec.views.last?.tag)
        let middle = timeline.sample(at: 0.3)
        #expect(middle.pull == 45 && middle.phase == .pulling && middle.refreshBeganAt == nil)
        #expect(abs((middle.views.first { $0.tag == tag }?.alpha ?? -1) - 0.5) < 1e-9)
        #expect(timeline.sample(at: 1.5).pull == 0 && timeline.sample(at: 1.5).phase == .idle)
        #expect(timeline.dump.hasPrefix("the refresh never begins (the pull alone); duration 1.700 s\n"))
    }

    /// raywenderlich's parallax control begins refreshing in `scrollViewWillEndDragging` (its flag
    /// turns true as the finger lifts, at 0.9 s) and keeps the content open by the target it sets:
    /// −60, the control's height, which is where the scenario holds it, so no warning.
    @Test func aControlThatBeginsAsTheFingerLiftsKeepsItsTarget() throws {
        let code = spinController(
            "UIView", spinMembers: "var isRefreshing = false",
            members: """
                func scrollViewWillEndDragging(_ scrollView: UIScrollView, withVelocity velocity: CGPoint,
                                               targetContentOffset: UnsafeMutablePointer<CGPoint>) {
                    spin.isRefreshing = true
                    targetContentOffset.pointee.y = -60
                }
                """)
        let (timeline, diagnostics) = try swiftTimeline(try spec(smallSpec), try decode(code))
        #expect(timeline.refreshBeganAt == 0.9)
        #expect(
            !diagnostics.contains { $0.contains("targetContentOffset") || $0.contains("never began") }, "\(diagnostics)"
        )
    }

    /// A `UIRefreshControl` subclass that sets itself up in `layoutSubviews()` and is installed
    /// through `tableView.refreshControl =` (no subview added to it) is laid out at the end of
    /// `viewDidLoad`'s turn, as `addSubview` would have it.
    @Test func aRefreshControlInstalledByRefreshControlIsLaidOut() throws {
        let code = """
            import UIKit

            class SetsItselfUp: UIRefreshControl {
                var passes = 0
                override func layoutSubviews() {
                    super.layoutSubviews()
                    passes += 1
                    print("layoutSubviews", passes)
                }
            }

            class ViewController: UIViewController {
                @IBOutlet weak var tableView: UITableView!
                let control = SetsItselfUp()
                override func viewDidLoad() {
                    super.viewDidLoad()
                    control.addTarget(self, action: #selector(refresh), for: .valueChanged)
                    tableView.refreshControl = control
                }
                @objc func refresh() {}
            }
            """
        let (printed, diagnostics) = try playPrinting(code)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(printed.first?.hasSuffix("layoutSubviews 1") == true, "\(printed)")
    }
}
