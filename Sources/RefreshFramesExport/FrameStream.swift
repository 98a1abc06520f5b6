import Dispatch
import RefreshFramesCore

/// Renders frames on several threads, a batch at a time (through `Parallel`), and hands them over
/// strictly in order, so output is identical whatever the thread count and memory stays bounded
/// however many frames there are: the next batch renders while the current one is consumed
/// (consuming, e.g. encoding, is serial), and at most two batches are held at once.
package struct FrameStream<Input: Sendable>: Sendable {
    /// What each frame is made from: its time, or its index.
    package var inputs: [Input]
    package var threads: Int
    /// Frames rendered per batch: a few per thread.
    package var batchSize: Int

    package init(_ inputs: [Input], threads: Int) {
        self.inputs = inputs
        self.threads = max(1, threads)
        self.batchSize = max(1, threads) * 4
    }

    package func run<Output: Sendable>(
        render: @escaping @Sendable (Input) throws -> Output,
        consume: (Int, Output) throws -> Void
    ) throws {
        let allInputs = inputs
        let threads = self.threads
        let batches = stride(from: 0, to: allInputs.count, by: batchSize).map {
            $0..<min($0 + batchSize, allInputs.count)
        }
        guard !batches.isEmpty else { return }
        @Sendable func renderBatch(_ range: Range<Int>) -> [Result<Output, any Error>?] {
            Parallel.map(range.count, threads: threads) { i in Result { try render(allInputs[range.lowerBound + i]) } }
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
            for i in 0..<range.count {
                let result = current[i]!
                current[i] = nil  // consumed frames are not held to the batch's end
                try consume(range.lowerBound + i, try result.get())
            }
        }
    }

    /// Every frame, in order.
    package func map<Output: Sendable>(_ render: @escaping @Sendable (Input) throws -> Output) throws -> [Output] {
        var outputs: [Output] = []
        outputs.reserveCapacity(inputs.count)
        try run(render: render) { _, output in outputs.append(output) }
        return outputs
    }
}

extension FrameStream where Input == Double {
    package init(times: [Double], threads: Int) {
        self.init(times, threads: threads)
    }
}

/// A batch being rendered on another queue.
private final class PendingBatch<Output>: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var results: [Result<Output, any Error>?] = []

    func fulfil(_ results: [Result<Output, any Error>?]) {
        self.results = results
        done.signal()
    }

    func wait() -> [Result<Output, any Error>?] {
        done.wait()
        return results
    }
}
