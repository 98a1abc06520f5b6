import Dispatch
import Foundation
import Synchronization

/// The one way RefreshFrames computes on several cores: `count` independent jobs on up to
/// `threads` threads, each thread taking the next job as soon as it is free, the results in job
/// order. `FrameStream` (frames drawn a batch at a time, handed over in order), the GIF palette's
/// scans, the GIF encoder's compression and `check`'s specs all run through it, so whatever the
/// thread count the results are the same.
package enum Parallel {
    /// The cores this process may use.
    package static var cores: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }

    /// `body(i)` for every `i` in `0..<count`, in index order.
    package static func map<T>(_ count: Int, threads: Int = cores, _ body: @Sendable (Int) -> T) -> [T] {
        map(count, threads: threads, state: {}, { _, i in body(i) })
    }

    /// `body(&state, i)` for every `i` in `0..<count`, in index order; each thread makes its own
    /// `state` once (scratch buffers that jobs on one thread reuse).
    package static func map<State, T>(
        _ count: Int, threads: Int = cores, state makeState: @Sendable () -> State,
        _ body: @Sendable (inout State, Int) -> T
    ) -> [T] {
        let workers = max(1, min(threads, count))
        guard workers > 1 else {
            var state = makeState()
            return (0..<count).map { body(&state, $0) }
        }
        let next = JobCounter()
        return [T](unsafeUninitializedCapacity: count) { buffer, initialized in
            // Each slot is written by exactly one thread, and read only after every thread is done.
            nonisolated(unsafe) let slots = buffer
            DispatchQueue.concurrentPerform(iterations: workers) { _ in
                var state = makeState()
                while let i = next.take(below: count) { (slots.baseAddress! + i).initialize(to: body(&state, i)) }
            }
            initialized = count
        }
    }
}

/// The next job's index, handed to one thread each.
private final class JobCounter: Sendable {
    private let next = Atomic<Int>(0)

    func take(below count: Int) -> Int? {
        let i = next.wrappingAdd(1, ordering: .relaxed).oldValue
        return i < count ? i : nil
    }
}
