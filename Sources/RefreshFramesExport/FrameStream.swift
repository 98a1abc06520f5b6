import Dispatch
import RefreshFramesCore

/// Renders frames on several threads, a batch at a time, and hands them over strictly in order,
/// so output is identical whatever the thread count and memory stays flat however many frames there are.
/// The next batch renders while the current one is consumed (encoding is serial).
public struct FrameStream: Sendable {
    public var times: [Double]
    public var threads: Int
    /// Frames rendered per batch: a few per thread. At most two batches are held at once.
    public var batchSize: Int

    public init(times: [Double], threads: Int) {
        self.times = times
        self.threads = max(1, threads)
        self.batchSize = max(1, threads) * 4
    }

    public func run(
        render: @escaping @Sendable (Double) throws -> Bitmap,
        consume: (Int, Bitmap) throws -> Void
    ) throws {
        let allTimes = times
        let threads = self.threads
        let batches = stride(from: 0, to: allTimes.count, by: batchSize).map {
            $0..<min($0 + batchSize, allTimes.count)
        }
        guard !batches.isEmpty else { return }
        @Sendable func renderBatch(_ range: Range<Int>) -> ResultSlots {
            let slots = ResultSlots(count: range.count)
            if threads == 1 {
                for (i, t) in allTimes[range].enumerated() { slots.store(i, Result { try render(t) }) }
            } else {
                DispatchQueue.concurrentPerform(iterations: range.count) { i in
                    slots.store(i, Result { try render(allTimes[range.lowerBound + i]) })
                }
            }
            return slots
        }
        let ahead = DispatchQueue(label: "refresh-frames.render-ahead")
        var current = renderBatch(batches[0])
        for (index, range) in batches.enumerated() {
            var next: PendingBatch?
            if index + 1 < batches.count {
                let pending = PendingBatch()
                let nextRange = batches[index + 1]
                ahead.async { pending.fulfil(renderBatch(nextRange)) }
                next = pending
            }
            defer { if let next { current = next.wait() } }
            for i in 0..<range.count { try consume(range.lowerBound + i, try current.take(i).get()) }
        }
    }
}

/// A batch being rendered on another queue.
private final class PendingBatch: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var slots: ResultSlots?

    func fulfil(_ slots: ResultSlots) {
        self.slots = slots
        done.signal()
    }

    func wait() -> ResultSlots {
        done.wait()
        return slots!
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
