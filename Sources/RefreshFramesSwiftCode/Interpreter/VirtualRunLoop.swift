/// The main run loop on a virtual clock: timed events in a priority queue, run in time order (and, at
/// the same instant, in the order they were scheduled). Time is kept in whole microseconds, as the
/// engine's `ProgramRunner` keeps it, so chained durations add up exactly.
package final class VirtualRunLoop {
    package struct EventID: Hashable, Sendable {
        let value: Int
    }

    struct Event {
        var time: Int64
        var sequence: Int
        var label: String
        var location: CodeLocation?
        var action: () throws(CodeDiagnostic) -> Void
    }

    /// The current time, microseconds.
    package private(set) var now: Int64 = 0
    private var heap: [Event] = []
    private var cancelled: Set<Int> = []
    private var sequence = 0
    /// Events run so far.
    package private(set) var eventsRun = 0
    /// What the host does at the end of each turn (after each event, at its time): UIKit's layout pass.
    package var turnEnded: (() throws(CodeDiagnostic) -> Void)?

    let limits: CodeLimits

    package init(limits: CodeLimits = .standard) {
        self.limits = limits
    }

    /// The clock's range: ± this many microseconds (about ±146,000 years), so that the sum of two
    /// instants never overflows.
    package static let range = Int64.max / 2

    /// Seconds as microseconds of the clock, held to its range (NaN is 0).
    package static func micros(_ seconds: Double) -> Int64 {
        guard !seconds.isNaN else { return 0 }
        let m = (seconds * 1_000_000).rounded()
        return m >= Double(range) ? range : m <= -Double(range) ? -range : Int64(m)
    }

    /// `a + b` on the clock, held to its range (DispatchTime arithmetic the code may repeat).
    package static func adding(_ a: Int64, _ b: Int64) -> Int64 {
        let (sum, overflow) = a.addingReportingOverflow(b)
        if overflow { return a > 0 ? range : -range }
        return min(max(sum, -range), range)
    }

    package static func seconds(_ micros: Int64) -> Double { Double(micros) / 1_000_000 }

    /// `1.25 s`, for logs and messages.
    package static func format(_ micros: Int64) -> String {
        let whole = micros / 1_000_000
        var fraction = String(micros % 1_000_000)
        fraction = String(repeating: "0", count: 6 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return "\(whole)" + (fraction.isEmpty ? "" : ".\(fraction)") + " s"
    }

    /// How many events wait.
    package var pending: Int { heap.count - cancelled.count }

    /// The time of the next event, if any.
    package var nextTime: Int64? {
        heap.first.map { $0.time }
    }

    /// Runs `action` at `time` (not before now); `label` names it in messages.
    @discardableResult
    package func schedule(
        at time: Int64, _ label: String, location: CodeLocation? = nil,
        _ action: @escaping () throws(CodeDiagnostic) -> Void
    ) throws(CodeDiagnostic) -> EventID {
        guard pending < limits.pendingEvents else {
            let limit = CodeLimits.grouped(limits.pendingEvents)
            throw .error(
                at: location,
                "more than \(limit) timers and callbacks wait at once (\(label)), over the limit codePendingEvents = \(limit)"
            )
        }
        sequence += 1
        push(Event(time: max(time, now), sequence: sequence, label: label, location: location, action: action))
        return EventID(value: sequence)
    }

    /// Runs `action` `seconds` from now.
    @discardableResult
    package func schedule(
        after seconds: Double, _ label: String, location: CodeLocation? = nil,
        _ action: @escaping () throws(CodeDiagnostic) -> Void
    ) throws(CodeDiagnostic) -> EventID {
        try schedule(at: now + Self.micros(max(0, seconds)), label, location: location, action)
    }

    package func cancel(_ id: EventID) {
        if heap.contains(where: { $0.sequence == id.value }) { cancelled.insert(id.value) }
    }

    /// Runs every event due at or before `time`, in order, then sets the clock to `time`.
    package func run(until time: Int64) throws(CodeDiagnostic) {
        while let first = heap.first, first.time <= time {
            let event = pop()
            if cancelled.remove(event.sequence) != nil { continue }
            eventsRun += 1
            guard eventsRun <= limits.events else {
                let limit = CodeLimits.grouped(limits.events)
                throw .error(
                    at: event.location,
                    "the code ran more than \(limit) timers and callbacks by \(Self.format(event.time)) (\(event.label)), over the limit codeEvents = \(limit)"
                )
            }
            now = event.time
            try event.action()
            try turnEnded?()
        }
        now = max(now, time)
    }

    // MARK: Heap

    private func before(_ a: Event, _ b: Event) -> Bool { (a.time, a.sequence) < (b.time, b.sequence) }

    private func push(_ event: Event) {
        heap.append(event)
        var k = heap.count - 1
        while k > 0 {
            let parent = (k - 1) / 2
            guard before(heap[k], heap[parent]) else { break }
            heap.swapAt(k, parent)
            k = parent
        }
    }

    private func pop() -> Event {
        let top = heap[0]
        let last = heap.removeLast()
        if !heap.isEmpty {
            heap[0] = last
            var k = 0
            while true {
                let l = 2 * k + 1
                let r = l + 1
                var m = k
                if l < heap.count, before(heap[l], heap[m]) { m = l }
                if r < heap.count, before(heap[r], heap[m]) { m = r }
                if m == k { break }
                heap.swapAt(k, m)
                k = m
            }
        }
        return top
    }
}
