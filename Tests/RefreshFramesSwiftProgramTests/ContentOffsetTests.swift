import RefreshFramesCore
import RefreshFramesSwiftProgram
import Testing

/// A view controller that prints what `scrollViewDidScroll` reads: the table's `contentOffset.y`
/// and its `adjustedContentInset.top`; a view of its own in the refresh control.
let offsetController = """
    import UIKit

    class ViewController: UITableViewController {
        let rc = UIRefreshControl()
        let dot = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))

        override func viewDidLoad() {
            super.viewDidLoad()
            rc.addSubview(dot)
            tableView.refreshControl = rc
        }

        override func scrollViewDidScroll(_ scrollView: UIScrollView) {
            print("\\(scrollView.contentOffset.y) \\(scrollView.adjustedContentInset.top)")
        }
    }
    """

/// The host's bars, by `host` JSON: an iPhone 8 (20 pt status bar) under a navigation bar; the
/// finger pulls 90 pt in 0.6 s (45 pt at 0.3 s), refreshing from 60 pt.
func offsetSpec(_ bars: String) -> String {
    """
    {"canvas": {"width": 375, "height": 60}, "views": [{"tag": 1, "kind": "view"}],
     "constraints": ["1.width == 1", "1.height == 1", "1.top == superview.top", "1.leading == superview.leading"],
     "host": {"viewport": "iPhone 8", \(bars) "table": {"rows": ["a", "b"]}},
     "scenario": {"pull": [[0, 0], [0.6, 90], [0.9, 90], [1.2, 0]], "refreshAtPull": 60, "workDuration": 5}}
    """
}

@Suite struct ContentOffsetTests {
    /// Expected by hand from Apple's documentation: `adjustedContentInset` is `contentInset` (0
    /// here) plus the safe area the `contentInsetAdjustmentBehavior` includes — all of it with
    /// `automatic` for a table in a navigation controller, none with `never`; the status bar is 20 pt
    /// and the navigation bar 44 (96 with large titles: docs/scene.md's sources). The content rests
    /// at the inset, so `contentOffset.y` (the bounds' origin) is −adjustedContentInset.top at rest
    /// and 45 pt more negative when pulled 45 pt.
    @Test(arguments: [
        // (the host's bars, offset at rest (0 s), offset pulled 45 pt (0.3 s), adjustedContentInset.top)
        ("", 0.0, -45.0, 0.0),
        (#""navigationBar": "News","#, -64.0, -109.0, 64.0),  // 20 + 44
        (#""navigationBar": {"title": "News", "prefersLargeTitles": true},"#, -116.0, -161.0, 116.0),  // 20 + 96
        (#""navigationBar": "News", "contentInsetAdjustmentBehavior": "never","#, 0.0, -45.0, 0.0),
    ])
    func scrollViewDidScrollReadsTheOffsetUIKitGivesUnderTheBars(
        _ bars: String, _ rest: Double, _ pulled: Double, _ inset: Double
    ) throws {
        var runner = SwiftProgramRunner(module: try decode(offsetController, file: "ViewController.swift"))
        runner.workDurationGiven = true
        var printed: [(time: Int64, text: String)] = []
        let timeline = try Timeline.make(spec: try spec(offsetSpec(bars)), now: testNow, measurer: measurer) { base in
            let result = try runner.run(over: base, now: testNow)
            printed = result.printed.map { ($0.time, $0.text) }
            return result.run
        }
        func line(at micros: Int64) -> String? { printed.first { $0.time == micros }?.text }
        #expect(line(at: 0) == "\(rest) \(inset)")
        #expect(line(at: 300_000) == "\(pulled) \(inset)")
        // What is added to the refresh control moves with the pull, not with the bars: the control's
        // content (tag 3, made at the first addSubview after the dot, tag 2) has its top at
        // controlHeight − pull = 60 − 45 in the canvas.
        #expect(state(timeline, 3, at: 0.3).frame.y == 15)
    }
}
