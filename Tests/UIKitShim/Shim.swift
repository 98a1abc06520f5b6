@_exported import Foundation
import RefreshFramesCore

/// The shim's own controls, which UIKit does not have: a virtual clock with a run loop the test
/// advances, the record of every property change, and how layout measures text.
///
/// Times are whole microseconds, as the engine keeps them, so chained durations add up exactly.
@MainActor
public enum Shim {
    /// A property the shim records, named as the engine's tracks are.
    public enum Property: String, Sendable {
        case text, transform, alpha, backgroundColor, textColor
    }

    /// A recorded value: the shim records UIKit's untyped changes, as a layer's animations are.
    public enum Value: Sendable, Equatable, CustomStringConvertible {
        case text(String?)
        case transform(Transform)
        case number(Double)
        case color(RGBA)

        public var description: String {
            switch self {
            case .text(let s): s.dumpDescription
            case .transform(let t): t.dumpDescription
            case .number(let v): v.dumpDescription
            case .color(let c): c.dumpDescription
            }
        }
    }

    /// One property of one view changing: instantly (`start == end`) or animated.
    public struct Change: Sendable {
        public var view: ObjectIdentifier
        public var tag: Int
        public var property: Property
        public var from: Value
        public var to: Value
        public var start: Double
        public var end: Double
        public var curve: Curve
    }

    struct Event {
        var time: Int64
        var sequence: Int
        var action: @MainActor () -> Void
    }

    struct Animation {
        var start: Int64
        var duration: Int64
        var curve: Curve
        var animated = false
    }

    static var now: Int64 = 0
    static var events: [Event] = []
    static var sequence = 0
    static var animation: Animation?
    public private(set) static var changes: [Change] = []
    /// Layout failures (UIKit logs unsatisfiable constraints and carries on; the shim keeps them for the test).
    public internal(set) static var layoutErrors: [String] = []
    /// The pixel scale layout snaps edges to (`UITraitCollection.displayScale`).
    public static var displayScale: CGFloat = 2
    /// How a label's text is measured for its intrinsic size; set by the test (the engine's FreeType measurer).
    public static var measurer: TextMeasurer?

    public static var currentTime: Double { Double(now) / 1_000_000 }

    /// Forgets everything: the clock back at 0, no events, no changes.
    public static func reset() {
        now = 0
        events = []
        changes = []
        layoutErrors = []
        animation = nil
    }

    /// Forgets the changes recorded so far (the set-up's), keeping the clock.
    public static func clearChanges() { changes = [] }

    static func micros(_ seconds: Double) -> Int64 { Int64((seconds * 1_000_000).rounded()) }

    static func schedule(at time: Int64, _ action: @escaping @MainActor () -> Void) {
        sequence += 1
        events.append(Event(time: time, sequence: sequence, action: action))
    }

    /// Runs every event due before `time` (or at it, with `including`), in time order, then sets the clock to `time`.
    public static func run(until time: Double, including: Bool = false) {
        let limit = micros(time)
        while true {
            let due = events.enumerated().filter { including ? $0.element.time <= limit : $0.element.time < limit }
            guard
                let next = due.min(by: {
                    ($0.element.time, $0.element.sequence) < ($1.element.time, $1.element.sequence)
                })
            else { break }
            events.remove(at: next.offset)
            now = max(now, next.element.time)
            next.element.action()
        }
        now = max(now, limit)
    }

    /// Records a property change made now: animated when inside an animation block with a duration
    /// and the property is animatable, otherwise instant.
    static func record(
        _ view: UIView, _ property: Property, from: Value, to: Value, animatable: Bool
    ) {
        let t = Double(now) / 1_000_000
        if let a = animation, animatable, a.duration > 0 {
            animation!.animated = true
            changes.append(
                Change(
                    view: ObjectIdentifier(view), tag: view.tag, property: property, from: from, to: to,
                    start: Double(a.start) / 1_000_000, end: Double(a.start + a.duration) / 1_000_000,
                    curve: a.curve))
        } else {
            changes.append(
                Change(
                    view: ObjectIdentifier(view), tag: view.tag, property: property, from: from, to: to, start: t,
                    end: t, curve: .linear))
        }
    }

    /// Runs `animations` as a block starting after `delay`; the completion runs on the virtual clock
    /// when the block ends, or on the next turn (now) when nothing in it animated.
    static func animate(
        duration: TimeInterval, delay: TimeInterval, curve: Curve, animations: @MainActor () -> Void,
        completion: (@MainActor (Bool) -> Void)?
    ) {
        let outer = animation
        animation = Animation(start: now + micros(delay), duration: micros(duration), curve: curve)
        animations()
        let block = animation!
        animation = outer
        let end = block.animated ? block.start + block.duration : now
        if let completion { schedule(at: end) { completion(true) } }
    }
}

extension Shim {
    /// A view's model values now, as the engine names them.
    public static func state(of view: UIView) -> [Property: Value] {
        var state: [Property: Value] = [
            .transform: .transform(view.transform.decomposed), .alpha: .number(view.alpha),
            .backgroundColor: .color(view.backgroundColor?.rgba ?? .clear),
        ]
        if let label = view as? UILabel {
            state[.textColor] = .color(label.textColor?.rgba ?? .black)
            state[.text] = .text(label.text)
        }
        return state
    }

    /// The engine's font for a label's `UIFont` (the system font → the renderer's stand-in family).
    public static func fontSpec(of label: UILabel) -> FontSpec { label.font.spec }

    /// A colour's components in the engine's form.
    public static func rgba(_ color: UIColor?) -> RGBA? { color?.rgba }
}
