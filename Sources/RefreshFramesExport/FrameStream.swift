import Dispatch
import RefreshFramesCore

/// Renders frames on several threads, a batch at a time, and hands them over strictly in order,
/// so output is identical whatever the thread count and memory stays flat however many frames there are.
/// The next batch renders while the current one is consumed (encoding is serial). The one parallel
/// renderer: bitmaps, cell grids and compared golden frames all go through it.
public struct FrameStream<Input: Sendable>: Sendable {
    /// What each frame is made from: its time, or its index.
    public var inputs: [Input]
    public var threads: Int
    /// Frames rendered per batch: a few per thread. At most two batches are held at once.
    public var batchSize: Int

    public init(_ inputs: [Input], threads: Int) {
        self.inputs = inputs
        self.threads = max(1, threads)
        self.batchSize = max(1, threads) * 4
    }

    public func run<Output: Sendable>(
        render: @escaping @Sendable (Input) throws -> Output,
        consume: (Int, Output) throws -> Void
    ) throws {
        let allInputs = inputs
        let threads = self.threads
        let batches = stride(from: 0, to: allInputs.count, by: batchSize).map {
            $0..<min($0 + batchSize, allInputs.count)
        }
        guard !batches.isEmpty else { return }
        @Sendable func renderBatch(_ range: Range<Int>) -> ResultSlots<Output> {
            let slots = ResultSlots<Output>(count: range.count)
            if threads == 1 {
                for (i, t) in allInputs[range].enumerated() { slots.store(i, Result { try render(t) }) }
            } else {
                DispatchQueue.concurrentPerform(iterations: range.count) { i in
                    slots.store(i, Result { try render(allInputs[range.lowerBound + i]) })
                }
            }
            return slots
        }
        let ahead = DispatchQueue(label: "refresh-frames.render-ahead")
        var current = renderBatch(batches[0])
        for (index, range) in batches.enumerated() {
            var next: PendingBatch<Output>?
            if index + 1 < batches.count {
                let pending = PendingBatch<Output>()
                let nextRange = batches[index + 1]
                ahead.async { pending.fulfil(renderBatch(nextRange)) }
                next = pending
            }
            defer { if let next { current = next.wait() } }
            for i in 0..<range.count { try consume(range.lowerBound + i, try current.take(i).get()) }
        }
    }

    /// Every frame, in order.
    public func map<Output: Sendable>(_ render: @escaping @Sendable (Input) throws -> Output) throws -> [Output] {
        var outputs: [Output] = []
        outputs.reserveCapacity(inputs.count)
        try run(render: render) { _, output in outputs.append(output) }
        return outputs
    }
}

extension FrameStream where Input == Double {
    public init(times: [Double], threads: Int) {
        self.init(times, threads: threads)
    }
}

/// A batch being rendered on another queue.
private final class PendingBatch<Output>: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var slots: ResultSlots<Output>?

    func fulfil(_ slots: ResultSlots<Output>) {
        self.slots = slots
        done.signal()
    }

    func wait() -> ResultSlots<Output> {
        done.wait()
        return slots!
    }
}

/// One slot per frame of a batch; each slot is written by exactly one thread, then read once.
private final class ResultSlots<Output>: @unchecked Sendable {
    private var slots: UnsafeMutableBufferPointer<Result<Output, any Error>?>

    init(count: Int) {
        slots = .allocate(capacity: count)
        slots.initialize(repeating: nil)
    }

    deinit {
        _ = slots.deinitialize()
        slots.deallocate()
    }

    func store(_ i: Int, _ result: Result<Output, any Error>) { slots[i] = result }

    func take(_ i: Int) -> Result<Output, any Error> {
        defer { slots[i] = nil }
        return slots[i]!
    }
}

extension Array where Element: Sendable {
    /// `transform` of every element, computed on every core, in the elements' order.
    func concurrentMap<T: Sendable>(_ transform: @Sendable (Element) -> T) -> [T] {
        guard count > 1 else { return map(transform) }
        let results = ResultSlots<T>(count: count)
        let items = self
        DispatchQueue.concurrentPerform(iterations: count) { results.store($0, .success(transform(items[$0]))) }
        return indices.map { try! results.take($0).get() }
    }
}
