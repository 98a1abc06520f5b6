import Dispatch
import RefreshFramesCore

/// Renders frames on several threads, a batch at a time, and hands them over strictly in order,
/// so output is identical whatever the thread count and memory stays flat however many frames there are.
public struct FrameStream: Sendable {
    public var times: [Double]
    public var threads: Int
    /// Frames held at once: a few per thread.
    public var batchSize: Int

    public init(times: [Double], threads: Int) {
        self.times = times
        self.threads = max(1, threads)
        self.batchSize = max(1, threads) * 4
    }

    public func run(
        render: @Sendable (Double) throws -> Bitmap,
        consume: (Int, Bitmap) throws -> Void
    ) throws {
        var start = 0
        while start < times.count {
            let end = min(start + batchSize, times.count)
            let batch = Array(times[start..<end])
            let results = ResultSlots(count: batch.count)
            if threads == 1 {
                for (i, t) in batch.enumerated() { results.store(i, Result { try render(t) }) }
            } else {
                DispatchQueue.concurrentPerform(iterations: batch.count) { i in
                    results.store(i, Result { try render(batch[i]) })
                }
            }
            for i in 0..<batch.count { try consume(start + i, try results.take(i).get()) }
            start = end
        }
    }
}

/// One slot per frame of a batch; each slot is written by exactly one thread, then read once.
private final class ResultSlots: @unchecked Sendable {
    private var slots: UnsafeMutableBufferPointer<Result<Bitmap, any Error>?>

    init(count: Int) {
        slots = .allocate(capacity: count)
        slots.initialize(repeating: nil)
    }

    deinit {
        _ = slots.deinitialize()
        slots.deallocate()
    }

    func store(_ i: Int, _ result: Result<Bitmap, any Error>) { slots[i] = result }

    func take(_ i: Int) -> Result<Bitmap, any Error> {
        defer { slots[i] = nil }
        return slots[i]!
    }
}
