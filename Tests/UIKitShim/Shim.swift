@_exported import Foundation
import RefreshFramesCore

/// The shim's own controls, which UIKit does not have: a virtual clock with a run loop the test
/// advances, the record of every property change, and how layout measures text. A property is
/// recorded by its entry in the engine's table (`AnimatableProperty.alpha`), which says whether a
/// change of it animates on the view's kind and what UIKit starts it at.
///
/// Times are whole microseconds, as the engine keeps them, so chained durations add up exactly.
@MainActor
public enum Shim {
    /// One property of one view changing: instantly (`start == end`) or animated.
    public struct Change: Sendable {
        public var view: ObjectIdentifier
        public var tag: Int
        /// The property's name in the engine's table.
        public var property: String
        package var from: any TrackValue
        package var to: any TrackValue
        public var start: Double
        public var end: Double
        package var curve: Curve
    }

    struct Event {
        var time: Int64
        var sequence: Int
        var action: @MainActor () -> Void
        /// What runs instead when the animation is interrupted (an animation's completion).
        var interruption: (@MainActor () -> Void)?
        /// A `UIImageView`'s next frame of its sequence: its own clock, not a control's loop.
        var isImageFrame = false
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
    package static var measurer: TextMeasurer?
    /// The family the engine calls `UIFont.systemFont` by: the renderer's stand-in (as the samples
    /// name it) unless the test sets `System` (as import writes it, measured with iOS's metrics).
    public static var systemFontFamily = FontSpec.defaultFamily

    public static var currentTime: Double { Double(now) / 1_000_000 }

    /// Forgets everything: the clock back at 0, no events, no changes.
    public static func reset() {
        now = 0
        events = []
        changes = []
        layoutErrors = []
        animation = nil
        systemFontFamily = FontSpec.defaultFamily
    }

    /// Forgets the changes recorded so far (the set-up's), keeping the clock.
    public static func clearChanges() { changes = [] }

    static func micros(_ seconds: Double) -> Int64 { Int64((seconds * 1_000_000).rounded()) }

    static func schedule(
        at time: Int64, _ action: @escaping @MainActor () -> Void,
        interruption: (@MainActor () -> Void)? = nil, isImageFrame: Bool = false
    ) {
        sequence += 1
        events.append(
            Event(
                time: time, sequence: sequence, action: action, interruption: interruption, isImageFrame: isImageFrame))
    }

    /// How many events the run loop has waiting (completions of running animations among them).
    public static var pendingEvents: Int { events.count }

    /// The waiting events of the control's own code (image views' frame sequences left out).
    public static var pendingCodeEvents: Int { events.filter { !$0.isImageFrame }.count }

    /// Removes every running animation, as `layer.removeAllAnimations()` on each view does (UIKit
    /// does it when a view leaves its window): each completion runs now, in the order the
    /// animations began, with `finished` false (a property animator's at `.current`).
    public static func interruptAnimations() {
        let interrupted = events.filter { $0.interruption != nil }.sorted { $0.sequence < $1.sequence }
        events.removeAll { $0.interruption != nil }
        for event in interrupted { event.interruption?() }
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

    /// Records a change of `property` made now: animated when inside an animation block with a
    /// duration and the property animates on the view's kind, otherwise instant.
    static func record<Setting>(
        _ view: UIView, _ property: AnimatableProperty<Setting>, from: Setting.Value, to: Setting.Value
    ) {
        view.model[property.name] = to
        let t = Double(now) / 1_000_000
        if let a = animation, property.animates(view.kind), a.duration > 0 {
            animation!.animated = true
            changes.append(
                Change(
                    view: ObjectIdentifier(view), tag: view.tag, property: property.name, from: from, to: to,
                    start: Double(a.start) / 1_000_000, end: Double(a.start + a.duration) / 1_000_000,
                    curve: a.curve))
        } else {
            changes.append(
                Change(
                    view: ObjectIdentifier(view), tag: view.tag, property: property.name, from: from, to: to,
                    start: t, end: t, curve: .linear))
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
        if let completion { schedule(at: end, { completion(true) }, interruption: { completion(false) }) }
    }
}

extension Shim {
    /// A view's model values now, by property name: every property of the engine's table the view's
    /// class has, UIKit's initial value where nothing set it.
    package static func state(of view: UIView) -> [String: any TrackValue] {
        var state: [String: any TrackValue] = [:]
        func read<P: AnyAnimatableProperty>(_ p: P) {
            let uikit = p.property.uikit
            guard uikit.isDeclared(on: view.kind) else { return }
            state[p.name] = view.model[p.name] ?? uikit.initialValue
        }
        for p in AnimatableProperties.all { read(p) }
        return state
    }

    /// The view's descendants, each after its superview, subviews in order: the engine's drawing order.
    public static func descendants(of view: UIView) -> [UIView] { ShimLayout.descendants(of: view) }

    /// A label's line settings in the engine's form.
    package static func lines(of label: UILabel) -> LabelLines { label.lines }

    /// The kind of view the engine would call `view`.
    package static func kind(of view: UIView) -> ViewKind { view.kind }

    /// The engine's font for a label's `UIFont` (the system font → the renderer's stand-in family).
    package static func fontSpec(of label: UILabel) -> FontSpec { label.font.spec }

    /// A colour's components in the engine's form.
    public static func rgba(_ color: UIColor?) -> RGBA? { color?.rgba }
}
