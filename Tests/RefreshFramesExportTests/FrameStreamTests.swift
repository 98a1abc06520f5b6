import Foundation
import RefreshFramesCore
import RefreshFramesExport
import Testing

/// The parallel render: frames come back in order whatever the thread count, and a failure stops
/// the stream with its error. Run under `--sanitize=thread` to check the hand-over between threads.
struct FrameStreamTests {
    private struct Failure: Error, Equatable {
        var time: Double
    }

    /// A 2×1 bitmap whose first byte encodes the time, so order is visible.
    private static func frame(_ time: Double) -> Bitmap {
        Bitmap(width: 2, height: 1, pixels: [UInt8(time * 10), 0, 0, 255, 0, 0, 0, 255])
    }

    @Test(arguments: [1, 2, 4, 7])
    func framesArriveInOrder(threads: Int) throws {
        let times = (0..<50).map { Double($0) / 10 }
        var seen: [Int] = []
        try FrameStream(times: times, threads: threads).run(
            render: { Self.frame($0) },
            consume: { index, bitmap in
                #expect(bitmap == Self.frame(times[index]))
                seen.append(index)
            })
        #expect(seen == Array(0..<50))
    }

    @Test(arguments: [1, 4])
    func aFailingFrameStopsTheStream(threads: Int) {
        let times = (0..<50).map { Double($0) / 10 }
        var consumed = 0
        #expect(throws: Failure(time: 2.3)) {
            try FrameStream(times: times, threads: threads).run(
                render: { t in
                    if t == 2.3 { throw Failure(time: t) }
                    return Self.frame(t)
                },
                consume: { _, _ in consumed += 1 })
        }
        #expect(consumed == 23)
    }

    @Test func aFailingConsumerStopsTheStream() {
        let times = (0..<50).map { Double($0) / 10 }
        #expect(throws: Failure(time: 1)) {
            try FrameStream(times: times, threads: 4).run(
                render: { Self.frame($0) },
                consume: { index, _ in
                    if index == 10 { throw Failure(time: 1) }
                })
        }
    }

    /// The one parallel primitive: results in job order for any thread count, each job run once,
    /// each thread's state made once and reused by the jobs it takes.
    @Test(arguments: [1, 2, 3, 8])
    func parallelMapKeepsJobOrder(threads: Int) {
        let squares = Parallel.map(100, threads: threads) { $0 * $0 }
        #expect(squares == (0..<100).map { $0 * $0 })
        final class Made: @unchecked Sendable {
            let lock = NSLock()
            var count = 0
        }
        let made = Made()
        let runs = Parallel.map(
            100, threads: threads,
            state: { () -> [Int] in
                made.lock.withLock { made.count += 1 }
                return []
            },
            { seen, i in
                seen.append(i)
                return seen.count
            })
        // A thread's state counts the jobs it ran so far: as many jobs as there are, over at most
        // `threads` states.
        #expect(runs.count == 100)
        #expect(made.count <= threads && made.count >= 1)
        #expect(runs.filter { $0 == 1 }.count <= made.count)
    }
}
