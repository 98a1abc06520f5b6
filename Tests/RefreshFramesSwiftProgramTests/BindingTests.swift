import Foundation
import RefreshFramesCore
import RefreshFramesSwiftCode
import RefreshFramesSwiftProgram
import Testing

/// A label (tag 1) and a square view (tag 2) in a 200 × 60 control; the finger pulls 90 pt in
/// 0.6 s, holds until 0.9 s and lets go, so the pull reaches 60 pt at 0.4 s; the work takes 2 s.
let smallSpec = """
    {
      "canvas": {"width": 200, "height": 60},
      "views": [{"tag": 1, "text": "A"}, {"tag": 2, "kind": "view", "backgroundColor": "blue"}],
      "constraints": [
        "1.centerX == superview.centerX", "1.centerY == superview.centerY",
        "2.width == 20", "2.height == 20", "2.leading == superview.leading + 10", "2.centerY == superview.centerY"
      ],
      "scenario": {"pull": [[0, 0], [0.6, 90], [0.9, 90], [1.2, 0]], "refreshAtPull": 60, "workDuration": 2}
    }
    """

/// A view controller as the tutorials write one, with `body` added to its class: `label` is the
/// spec's label, `square` its view, `control` the installed refresh control, whose valueChanged
/// calls `refresh()`.
func controller(_ body: String) -> String {
    """
    import UIKit

    class ViewController: UIViewController {
        @IBOutlet weak var tableView: UITableView!
        let control = UIRefreshControl()
        var label: UILabel!
        var square: UIView!

        override func viewDidLoad() {
            super.viewDidLoad()
            let content = Bundle.main.loadNibNamed("RefreshContents", owner: self, options: nil)![0] as! UIView
            label = content.viewWithTag(1) as! UILabel
            square = content.viewWithTag(2)
            control.addSubview(content)
            control.addTarget(self, action: #selector(refresh), for: .valueChanged)
            tableView.refreshControl = control
        }
    \(body)
    }
    """
}

func state(_ timeline: Timeline, _ tag: Int, at time: Double) -> ViewState {
    timeline.sample(at: time).views.first { $0.tag == tag }!
}

@Suite struct BindingTests {
    /// The pull reaches 60 pt at 0.6 × 60 / 90 = 0.4 s, while the finger is down (research §12.4);
    /// it lifts at 0.9 s (the last keyframe at the deepest pull) and the bounce settles 0.687 s later.
    @Test func uikitCallsTheCallbacksWhenTheScenarioSaysAsUIKitWould() throws {
        let code = controller(
            """
                var offsets: [CGFloat] = []
                func scrollViewWillBeginDragging(_ scrollView: UIScrollView) { print("willBeginDragging") }
                func scrollViewDidScroll(_ scrollView: UIScrollView) { offsets.append(scrollView.contentOffset.y) }
                func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {
                    print("didEndDragging", decelerate, scrollView.isDragging)
                }
                func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {
                    print("didEndDecelerating", control.isRefreshing, offsets.min()!, offsets.count)
                }
                @objc func refresh() { print("valueChanged", tableView.isDragging, offsets.last!) }
            """)
        let printed = try swiftRun(try spec(smallSpec), try decode(code)).printed.map(\.description)
        // Frames at k/60 s from 0 to 1.587 s whose offset changed: k = 0, then k = 1…36 rising to
        // 90 pt at 0.6 s (the 0.4 s crossing is frame 24), 37…54 holding (no change), k = 55…60
        // falling until the pull meets the 60 pt the refresh holds open at 1.0 s, then unchanged.
        #expect(
            printed == [
                "0 s willBeginDragging", "0.4 s valueChanged true -60.0", "0.9 s didEndDragging true false",
                "1.587 s didEndDecelerating true -90.0 \(1 + 36 + 6)",
            ])
    }

    /// `scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)` as the finger lifts (0.9 s),
    /// just before `scrollViewDidEndDragging`: the finger rests at the deepest pull, so no velocity;
    /// the target is where the content comes to rest, the control's 60 pt held open while
    /// refreshing (since 0.4 s). The code may read and write `pointee`; a target the engine does not
    /// follow is said.
    @Test(arguments: [(-60.0, false), (-100, true)])
    func willEndDraggingComesFirstWithNoVelocityAndTheRestingTarget(target: Double, warned: Bool) throws {
        let code = controller(
            """
                func scrollViewWillEndDragging(_ scrollView: UIScrollView, withVelocity velocity: CGPoint,
                                               targetContentOffset: UnsafeMutablePointer<CGPoint>) {
                    print("willEndDragging", velocity.x, velocity.y, targetContentOffset.pointee.y, scrollView.contentOffset.y)
                    targetContentOffset.pointee.y = \(target)
                    print("target", targetContentOffset.pointee)
                }
                func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {
                    print("didEndDragging")
                }
                @objc func refresh() {}
            """)
        let run = try swiftRun(try spec(smallSpec), try decode(code))
        #expect(
            run.printed.map(\.description) == [
                "0.9 s willEndDragging 0.0 0.0 -60.0 -90.0", "0.9 s target (0.0, \(target))", "0.9 s didEndDragging",
            ])
        let said = run.diagnostics.filter { $0.contains("targetContentOffset") }
        #expect(
            said
                == (warned
                    ? [
                        "RefreshView.swift:3:7: warning: scrollViewWillEndDragging set targetContentOffset to (0, -100); the content comes to rest at (0, -60), where the scenario's pull takes it (controlHeight while refreshing): the code's target is not followed"
                    ] : []),
            "\(run.diagnostics)")
    }

    /// A spinner that turns 45° per 0.25 s linear block, chained from its completion while
    /// refreshing: at 0.4 s + 0.25 k + 0.25 f it shows 45 (k + f)°; the work ends at 2.4 s, when
    /// the eighth block completes, so the chain stops after a full turn.
    @Test func aRotatedByChainTurnsAsUIKitWould() throws {
        let code = controller(
            """
                var turns = 0
                @objc func refresh() { spin() }
                func spin() {
                    UIView.animate(withDuration: 0.25, delay: 0, options: .curveLinear, animations: {
                        self.square.transform = self.square.transform.rotated(by: .pi / 4)
                    }, completion: { _ in
                        self.turns += 1
                        if self.control.isRefreshing { self.spin() } else { print("stopped after", self.turns) }
                    })
                }
            """)
        let (timeline, diagnostics) = try swiftTimeline(try spec(smallSpec), try decode(code))
        #expect(diagnostics == [])
        for (time, degrees) in [(0.4, 0.0), (0.525, 22.5), (0.65, 45.0), (0.775, 67.5), (1.025, 112.5)] {
            let t = state(timeline, 2, at: time).transform
            #expect(abs(t.rotation - degrees) < 1e-6, "at \(time) s: \(t.rotation)°")
            #expect(abs(t.scaleX - 1) < 1e-9)
        }
        #expect(timeline.refreshEndedAt == 2.4)
        #expect(timeline.segments.filter { $0.property == "transform" }.count == 8)
    }

    /// Swift 2's spellings and Swift 5's make the same block. `CGAffineTransformRotate(t, a)` is
    /// `CGAffineTransformConcat(MakeRotation(a), t)`: the rotation first, then t's 2 × 1 scale, so
    /// the matrix is [0 1; −2 0], which is scale (1, 2) then 90°. The label's textColor jumps at
    /// the block's start (UILabel redraws, it does not animate); the transform ends at 0.4 + 0.1 + 0.2 s.
    @Test(arguments: [
        """
            @objc func refresh() {
                UIView.animateWithDuration(0.2, delay: 0.1, options: .CurveLinear, animations: {
                    self.label.transform = CGAffineTransformRotate(CGAffineTransformMakeScale(2, 1), CGFloat(M_PI_2))
                    self.label.textColor = UIColor.redColor()
                    self.square.backgroundColor = UIColor(red: 1, green: 0.5, blue: 0, alpha: 1)
                }, completion: nil)
            }
        """,
        """
            @objc func refresh() {
                UIView.animate(withDuration: 0.2, delay: 0.1, options: [.curveLinear], animations: {
                    self.label.transform = CGAffineTransform(scaleX: 2, y: 1).rotated(by: .pi / 2)
                    self.label.textColor = .red
                    self.square.backgroundColor = .orange
                })
            }
        """,
    ])
    func swift2AndSwift5SpellingsAnimateAlike(_ body: String) throws {
        let (timeline, _) = try swiftTimeline(try spec(smallSpec), try decode(controller(body)))
        let end = state(timeline, 1, at: 0.7)
        #expect(abs(end.transform.rotation - 90) < 1e-6)
        #expect(abs(end.transform.scaleX - 1) < 1e-9 && abs(end.transform.scaleY - 2) < 1e-9)
        // Halfway UIKit shows its additive form (docs/uikit-semantics-sources.md, research §1.5):
        // the animation runs from M⁻¹ = [0 −½; 1 0] (scale (½, 1) then −90°) to the identity,
        // decomposed, and is concatenated before the model M. At ½ it is A = scale (¾, 1) then −45°,
        // so A·M = [1.5s ¾c; −2c s] (c = s = cos 45°): its first row's angle atan(½), its second
        // row's length √2.5 (the direct blend would give 45° and 1.5).
        let c = cos(Double.pi / 4)
        let shown = [[1.5 * c, 0.75 * c], [-2 * c, c]]
        let half = state(timeline, 1, at: 0.6)
        #expect(abs(half.transform.rotation - atan2(shown[0][1], shown[0][0]) * 180 / .pi) < 1e-6)
        #expect(abs(half.transform.scaleY - hypot(shown[1][0], shown[1][1])) < 1e-9)
        #expect(state(timeline, 1, at: 0.39).textColor == .black)
        #expect(state(timeline, 1, at: 0.4).textColor == RGBA(red: 1, green: 0, blue: 0))
        // A plain view's backgroundColor animates: blue → orange, halfway at 0.6 s.
        #expect(state(timeline, 2, at: 0.6).backgroundColor == RGBA(red: 0.5, green: 0.25, blue: 0.5))
    }

    @Test func whatTheBindingDoesNotDrawIsNamedAtItsLine() throws {
        let code = controller(
            """
                @objc func refresh() {
                    label.layer.zPosition = 1
                    let extra = UILabel()
                    extra.text = "never drawn"
                    label.clipsToBounds = true
                    control.endRefreshing()
                }
            """)
        let (_, diagnostics) = try swiftTimeline(try spec(smallSpec), try decode(code))
        #expect(
            diagnostics == [
                "RefreshView.swift:19:21: warning: 'zPosition' of CALayer is not supported: skipped setting it",
                "RefreshView.swift:22:15: warning: clipsToBounds = true on view 1 is not drawn: the spec's \"clipsToBounds\": false is (set it in the spec)",
                "RefreshView.swift:20:21: warning: UILabel() makes a view that is never added to a drawn view (the table view, the refresh control, the nib's views): it is not drawn",
            ])
    }

    /// CGPoint's, CGSize's, CGRect's and UIEdgeInsets' number members read and write their own
    /// value (a copy: `copy` keeps what `s` had), and the right-hand side reads the place it is
    /// assigned to (`p.y = p.x + 5`, also a stored property's and a nested member's).
    @Test func valueTypesMembersReadAndWriteTheirOwnCopy() throws {
        let code = controller(
            """
                var offset = CGPoint(x: 1, y: 1)
                @objc func refresh() {
                    var p = CGPoint(x: 1, y: 2)
                    p.y = p.x + 5
                    var s = CGSize(width: 3, height: 4)
                    let copy = s
                    s.width += 10
                    var e = UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4)
                    e.bottom = e.top + e.right
                    offset.y = offset.x + offset.y * 3
                    var f = CGRect(x: 1, y: 2, width: 3, height: 4)
                    f.origin.y = f.origin.y + f.size.width
                    print(p.x, p.y, s.width, s.height, copy.width)
                    print(e.top, e.left, e.bottom, e.right, offset.y, f.origin.y)
                    control.endRefreshing()
                }
            """)
        let printed = try swiftRun(try spec(smallSpec), try decode(code)).printed.map(\.description)
        #expect(printed == ["0.4 s 1.0 6.0 13.0 4.0 3.0", "0.4 s 1.0 2.0 5.0 4.0 4.0 5.0"])
    }

    @Test func aRefreshThatNeverEndsIsAnErrorNamingTheFix() throws {
        let code = controller("    @objc func refresh() {}")
        #expect {
            _ = try swiftTimeline(try spec(smallSpec), try decode(code), workDurationGiven: false)
        } throws: { error in
            "\(error)"
                == "RefreshView.swift:3:7: error: the refresh never ends: give scenario.workDuration, or end refreshing in the code (a timer calling endRefreshing())"
        }
    }

    /// The code's own timer ends refreshing (at 0.4 + 1 s), before the scenario's 2 s of work.
    @Test func theCodesTimerWinsOverWorkDuration() throws {
        let code = controller(
            """
                var timer: NSTimer!
                @objc func refresh() {
                    timer = NSTimer.scheduledTimerWithTimeInterval(1, target: self, selector: "done", userInfo: nil, repeats: true)
                }
                func done() { control.endRefreshing(); timer.invalidate() }
            """)
        let (timeline, _) = try swiftTimeline(try spec(smallSpec), try decode(code))
        #expect(timeline.refreshBeganAt == 0.4)
        #expect(timeline.refreshEndedAt == 1.4)
    }
}
