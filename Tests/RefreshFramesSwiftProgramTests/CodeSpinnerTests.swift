import RefreshFramesCore
import RefreshFramesSwiftProgram
import Testing

/// Two `UIActivityIndicatorView`s a view builds in code (no spec spinner to take): the first as
/// UIKit makes it (`hidesWhenStopped` true), red, started and stopped with the refresh; the second
/// shown while stopped and never stopped.
let codeSpinnerView = """
    import UIKit

    final class SpinnerView: UIView {
        let spinner = UIActivityIndicatorView(style: .medium)
        let shown = UIActivityIndicatorView(style: .medium)

        override init(frame: CGRect) {
            super.init(frame: frame)
            spinner.frame = CGRect(x: 10, y: 10, width: 20, height: 20)
            spinner.color = .red
            shown.frame = CGRect(x: 50, y: 10, width: 20, height: 20)
            shown.hidesWhenStopped = false
            addSubview(spinner)
            addSubview(shown)
        }

        func beginRefreshing() {
            spinner.startAnimating()
            shown.startAnimating()
        }

        func endRefreshing() {
            spinner.stopAnimating()
        }
    }
    """

/// One clear spec view (tag 1); refreshing from 0.5 s (no pull) to 1.5 s.
let codeSpinnerSpec = """
    {"canvas": {"width": 200, "height": 60}, "views": [{"tag": 1, "kind": "view"}],
     "constraints": ["1.width == 1", "1.height == 1", "1.top == superview.top", "1.leading == superview.leading"],
     "scenario": {"refreshAt": 0.5, "workDuration": 1}}
    """

@Suite struct CodeSpinnerTests {
    /// Expected by hand: a stopped indicator shows 8 spokes at rest (leading spoke 0) and is hidden
    /// when it hides when stopped (Apple: "the receiver sets its isHidden property to true when
    /// receiver is not animating"); animating, it moves on one spoke every 0.1 s (a turn in 0.8 s,
    /// `fullLoopDuration`) from its `startAnimating()` (0.5 s), as the spec's spinner does while
    /// refreshing: floor((t − 0.5) / 0.1) mod 8.
    @Test(arguments: [
        // (time, the first's hidden, its leading spoke, the second's leading spoke)
        (0.25, true, 0, 0),
        (0.8, false, 3, 3),  // 0.3 / 0.1 = 3
        (1.2, false, 7, 7),  // 0.7 / 0.1 = 7
        (1.45, false, 1, 1),  // 0.95 / 0.1 = 9.5, mod 8
        (1.6, true, 0, 3),  // stopped at 1.5; the second: 1.1 / 0.1 = 11, mod 8
    ])
    func anIndicatorMadeInCodeTurnsFromStartAnimatingToStopAnimating(
        _ time: Double, _ firstHidden: Bool, _ firstSpoke: Int, _ secondSpoke: Int
    ) throws {
        let (timeline, diagnostics) = try swiftTimeline(
            try spec(codeSpinnerSpec), try decode(codeSpinnerView, file: "SpinnerView.swift"))
        #expect(diagnostics == [])
        #expect(timeline.spec.views.map(\.kind) == [.view, .spinner, .spinner])
        let (first, second) = (timeline.spec.views[1].tag, timeline.spec.views[2].tag)
        #expect(timeline.spec.views[1].tintColor == RGBA(red: 1, green: 0, blue: 0))
        let a = state(timeline, first, at: time)
        #expect(a.isHidden == firstHidden)
        #expect(a.spinner == SpinnerState(visibleSpokes: 8, leadingSpoke: firstSpoke))
        #expect(a.frame == Rect(x: 10, y: 10, width: 20, height: 20))
        let b = state(timeline, second, at: time)
        #expect(b.isHidden == false)
        #expect(b.spinner == SpinnerState(visibleSpokes: 8, leadingSpoke: secondSpoke))
    }
}
