import Foundation
import RefreshFramesCore
import Testing

/// jcavar/refresher's demo ends its refresh from an `OperationQueue`: a background operation
/// sleeps 2 s, then hands `endRefreshing()` to the main queue. On the virtual clock the refresh
/// (begun at 0.4 s, when the pull reaches 60 pt) ends 2 s later, at 2.4 s, with no `workDuration`;
/// `usleep(500_000)` and `Thread.sleep(forTimeInterval: 0.5)` add 0.5 s each. A `sleep` on the main
/// thread is skipped with a warning (it would freeze the app).
@Suite struct OperationQueueTests {
    @Test(arguments: [("sleep(2)", 2.4), ("usleep(500_000); Thread.sleep(forTimeInterval: 0.5)", 1.4)])
    func aBackgroundOperationThatSleepsEndsTheRefreshOnItsClock(_ wait: String, _ end: Double) throws {
        let code = controller(
            """
                @objc func refresh() {
                    OperationQueue().addOperation {
                        \(wait)
                        OperationQueue.main.addOperation {
                            self.control.endRefreshing()
                        }
                    }
                }
            """)
        let (timeline, diagnostics) = try swiftTimeline(try spec(smallSpec), try decode(code), workDurationGiven: false)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(abs(timeline.refreshBeganAt - 0.4) < 1e-9)
        #expect(abs(timeline.refreshEndedAt - end) < 1e-9, "\(timeline.refreshEndedAt)")
    }

    @Test func sleepOnTheMainThreadIsSkippedWithAWarning() throws {
        let code = controller(
            """
                @objc func refresh() {
                    sleep(1)
                    DispatchQueue.main.asyncAfter(deadline: .now() + 1) { self.control.endRefreshing() }
                }
            """)
        let (timeline, diagnostics) = try swiftTimeline(try spec(smallSpec), try decode(code), workDurationGiven: false)
        #expect(diagnostics.count == 1 && diagnostics[0].contains("sleep on the main thread"), "\(diagnostics)")
        #expect(abs(timeline.refreshEndedAt - 1.4) < 1e-9, "\(timeline.refreshEndedAt)")
    }
}
