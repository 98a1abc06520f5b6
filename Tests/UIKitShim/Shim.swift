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
    /// One property of one view changing: instantly (`start == end`) or animated, `end` closing its
    /// first pass; a repeating one runs `repeatCount` passes (0: one; `.infinity`: for ever), each
    /// forward then, when it autoreverses, backward (CAMediaTiming's model).
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
        /// CAMediaTiming's `repeatCount` of its animation: 0 is one pass.
        public var repeatCount: Double = 0
        public var autoreverses = false
        /// `.beginFromCurrentState`: starts from what the view shows (a value of an animation in
        /// flight) instead of the old model value.
        public var beginsFromCurrentState = false
        /// A keyframe animation's points (relative times of one pass) and calculation mode.
        package var keyPoints: [KeyPoint]?
        public var calculationMode: String?
        /// The block that made it (its completion waits for it), nil for an instant change.
        public var block: Int?
        /// When `removeAllAnimations()` took it off the layer.
        public var removedAt: Double?
        /// Its place among the animations added to layers (`Shim.addOrder`): a later one shows over it.
        public var order = 0

        /// When its last pass ends: the view shows its model value from then on (`.infinity`: never).
        public var activeEnd: Double {
            let passes = (repeatCount == 0 ? 1 : repeatCount) * (autoreverses ? 2 : 1)
            return start + (end - start) * passes
        }

        /// When the view stops showing it: its active end, or its removal.
        public var shownUntil: Double { min(activeEnd, removedAt ?? .infinity) }
    }

    /// `UIView.transition(with:…)` on a view: its kind (the option's name), its time and curve.
    public struct Transition: Sendable {
        public var view: ObjectIdentifier
        public var kind: String
        public var start: Double
        public var end: Double
        package var curve: Curve
        public var block: Int
        public var removedAt: Double?
        /// When a transition that begins later was added, if it shows the old rendering from then
        /// (a `CATransition` with a backwards fill); nil: from its start.
        public var added: Double?
    }

    /// A value of a keyframe animation at a relative time of its pass.
    package struct KeyPoint: Sendable {
        package var time: Double
        package var value: any TrackValue
    }

    struct Event {
        var time: Int64
        var sequence: Int
        var action: @MainActor () -> Void
        /// What runs instead when the animation is interrupted (an animation's completion).
        var interruption: (@MainActor () -> Void)?
        /// A `UIImageView`'s next frame of its sequence: its own clock, not a control's loop.
        var isImageFrame = false
        /// The block whose completion it is.
        var block: Int?
    }

    struct Animation {
        var start: Int64
        var duration: Int64
        var curve: Curve
        var repeatCount: Double = 0
        var autoreverses = false
        var beginsFromCurrentState = false
        /// When the block's longest animation ends (nil: nothing animated; `.max`: never).
        var end: Int64?
        var id = 0
    }

    static var now: Int64 = 0
    static var events: [Event] = []
    static var sequence = 0
    static var animation: Animation?
    /// Inside `animateKeyframes`: what its keyframes set, and the keyframe running now.
    static var inKeyframes = false
    static var keyframeSettings: [KeyframeSetting] = []
    static var keyframe: (start: Double, duration: Double)?
    /// Counts the animations added to layers, the blocks' and `add(_:forKey:)`'s alike: Core
    /// Animation applies a layer's animations in that order, each over the ones before it.
    static var addOrder = 0
    public internal(set) static var changes: [Change] = []
    public internal(set) static var transitions: [Transition] = []
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
        transitions = []
        layerAnimations = []
        addOrder = 0
        layoutErrors = []
        animation = nil
        (inKeyframes, keyframeSettings, keyframe) = (false, [], nil)
        systemFontFamily = FontSpec.defaultFamily
    }

    /// Forgets the changes recorded so far (the set-up's), keeping the clock.
    public static func clearChanges() { changes = [] }

    package static func micros(_ seconds: Double) -> Int64 { Int64((seconds * 1_000_000).rounded()) }

    static func schedule(
        at time: Int64, _ action: @escaping @MainActor () -> Void,
        interruption: (@MainActor () -> Void)? = nil, isImageFrame: Bool = false, block: Int? = nil
    ) {
        sequence += 1
        events.append(
            Event(
                time: time, sequence: sequence, action: action, interruption: interruption, isImageFrame: isImageFrame,
                block: block))
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
        if inKeyframes, let frame = keyframe, animation != nil, property.animates(view.kind) {
            keyframeSettings.append(
                KeyframeSetting(
                    view: view, property: property.name, frameStart: frame.start, frameDuration: frame.duration,
                    from: from, to: to, repeatCount: animation!.repeatCount, autoreverses: animation!.autoreverses))
        } else if let a = animation, property.animates(view.kind), a.duration > 0 {
            addOrder += 1
            var change = Change(
                view: ObjectIdentifier(view), tag: view.tag, property: property.name, from: from, to: to,
                start: Double(a.start) / 1_000_000, end: Double(a.start + a.duration) / 1_000_000,
                curve: a.curve, repeatCount: a.repeatCount, autoreverses: a.autoreverses,
                beginsFromCurrentState: a.beginsFromCurrentState, block: a.id)
            change.order = addOrder
            let end = change.activeEnd.isFinite ? micros(change.activeEnd) : Int64.max
            animation!.end = max(a.end ?? end, end)
            changes.append(change)
        } else {
            changes.append(
                Change(
                    view: ObjectIdentifier(view), tag: view.tag, property: property.name, from: from, to: to,
                    start: t, end: t, curve: .linear))
        }
    }

    /// Records a keyframe animation of the setting's property and view through `points`, with the block's timing.
    static func recordKeyframes(_ setting: KeyframeSetting, points: [KeyPoint], mode: String) {
        guard let a = animation, a.duration > 0 else { return }
        let view = setting.view
        addOrder += 1
        var change = Change(
            view: ObjectIdentifier(view), tag: view.tag, property: setting.property, from: points[0].value,
            to: points.last!.value, start: Double(a.start) / 1_000_000, end: Double(a.start + a.duration) / 1_000_000,
            curve: a.curve, repeatCount: setting.repeatCount, autoreverses: setting.autoreverses,
            beginsFromCurrentState: a.beginsFromCurrentState, keyPoints: points, calculationMode: mode, block: a.id)
        change.order = addOrder
        let end = change.activeEnd.isFinite ? micros(change.activeEnd) : Int64.max
        animation!.end = max(a.end ?? end, end)
        changes.append(change)
    }

    /// Runs `animations` as a block starting after `delay`; the completion runs on the virtual clock
    /// when the block's last animation ends (never for one that repeats for ever), or on the next
    /// turn (now) when nothing in it animated. `.repeat` is CAMediaTiming's `repeatCount = FLT_MAX`
    /// on each of its animations, `.autoreverse` its `autoreverses` (UIView.AnimationOptions' documentation).
    static func animate(
        duration: TimeInterval, delay: TimeInterval, curve: Curve, options: UIView.AnimationOptions = [],
        animations: @MainActor () -> Void, completion: (@MainActor (Bool) -> Void)?
    ) {
        let outer = animation
        sequence += 1
        animation = Animation(
            start: now + micros(delay), duration: micros(duration), curve: curve,
            repeatCount: options.contains(.repeat) ? .infinity : 0, autoreverses: options.contains(.autoreverse),
            beginsFromCurrentState: options.contains(.beginFromCurrentState), id: sequence)
        animations()
        let block = animation!
        animation = outer
        let end = block.end ?? now
        if let completion {
            schedule(at: end, { completion(true) }, interruption: { completion(false) }, block: block.id)
        }
    }

    /// `UIView.transition(with:duration:options:animations:completion:)`: the changes are made at
    /// once (no `.allowAnimatedContent`), and the view's old rendering turns into the new one for
    /// the duration, on the options' curve; the completion comes at its end.
    static func transition(
        with view: UIView, duration: TimeInterval, options: UIView.AnimationOptions,
        animations: (@MainActor () -> Void)?,
        completion: (@MainActor (Bool) -> Void)?
    ) {
        let outer = animation
        animation = nil
        animations?()
        animation = outer
        sequence += 1
        let id = sequence
        let kinds = [
            "none", "flipFromLeft", "flipFromRight", "curlUp", "curlDown", "crossDissolve", "flipFromTop",
            "flipFromBottom",
        ]
        transitions.append(
            Transition(
                view: ObjectIdentifier(view), kind: kinds[Int(options.rawValue >> 20 & 7)], start: currentTime,
                end: currentTime + Double(micros(duration)) / 1_000_000, curve: options.curve, block: id))
        if let completion {
            schedule(at: now + micros(duration), { completion(true) }, interruption: { completion(false) }, block: id)
        }
    }

    /// `removeAnimation(forKey:)` (`key`) or `removeAllAnimations()` on the view's layer: its layer
    /// animations under the key (or all of them, with the blocks' and transitions') stop showing
    /// now; a block or transition left with nothing in flight gets its completion now, with `false`.
    static func removeAnimations(of view: UIView, key: String?) {
        let t = currentTime
        let id = ObjectIdentifier(view)
        for i in layerAnimations.indices
        where layerAnimations[i].view == id && layerAnimations[i].removedAt == nil
            && (key == nil || layerAnimations[i].key == key)
        {
            removeLayerAnimation(i, at: t)
        }
        guard key == nil else { return }
        var blocks: Set<Int> = []
        for i in changes.indices
        where changes[i].view == id && changes[i].end > changes[i].start && changes[i].shownUntil > t {
            changes[i].removedAt = t
            if let block = changes[i].block { blocks.insert(block) }
        }
        for i in transitions.indices
        where transitions[i].view == id && transitions[i].removedAt == nil && transitions[i].end > t {
            transitions[i].removedAt = t
            blocks.insert(transitions[i].block)
        }
        for block in blocks.sorted() {
            let inFlight =
                changes.contains { $0.block == block && $0.end > $0.start && $0.shownUntil > t }
                || transitions.contains { $0.block == block && $0.removedAt == nil && $0.end > t }
            guard !inFlight, let index = events.firstIndex(where: { $0.block == block }) else { continue }
            let event = events.remove(at: index)
            event.interruption?()
        }
    }

    /// `UIView.modifyAnimations(withRepeatCount:autoreverses:animations:)`: the animations made in
    /// `animations` repeat `count` times (0: once), autoreversing or not; outside a block it does nothing.
    static func modifyAnimations(count: Double, autoreverses: Bool, _ animations: @MainActor () -> Void) {
        guard let outer = animation else { return animations() }
        animation!.repeatCount = count
        animation!.autoreverses = autoreverses
        animations()
        animation!.repeatCount = outer.repeatCount
        animation!.autoreverses = outer.autoreverses
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
            // Layout places the views: their position and size are the frame's until code changes them.
            if p.name == "center" { state[p.name] = view.model[p.name] ?? Point(view.center) }
            if p.name == "bounds" { state[p.name] = view.model[p.name] ?? Size(view.frame.size) }
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
