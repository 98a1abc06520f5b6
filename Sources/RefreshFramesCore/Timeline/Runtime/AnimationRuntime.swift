/// UIKit's and Core Animation's animation machinery on the engine's clock: what the declarative
/// program (`ProgramRunner`) and the Swift interpreter both drive, call by call, as a control's code
/// would call UIKit. Each call says when it happens, in whole microseconds (as the engine keeps
/// time, so chained durations add up exactly), in non-decreasing order.
///
/// - `beginBlock` … `endBlock` bracket an animation block; `set` inside one makes the animation
///   UIKit would make (additive or replacing, research §1), outside one an instant change.
/// - `add(_:to:forKey:at:)` and `removeAnimation`/`removeAllAnimations` are `CALayer`'s.
/// - `setConstraintConstant` and `layoutIfNeeded` re-solve the layout; inside a block every view
///   whose frame changed gets `center`/`bounds` animations with the block's timing.
/// - `completion(of:)` says when a block's completion runs and with which `finished` flag; calls
///   that cancel animations return a `CompletionChange` for every pending completion they move
///   (earlier, with `finished = false`). `nil` is a completion that never runs (an infinite repeat).
/// - `model` and `presentation` read any property; `tracks`, `segments`, `layouts` and
///   `transitions` are what a `Timeline` samples and dumps.
///
/// A value type: copying it forks the world, and nothing in it depends on wall-clock time.
package struct AnimationRuntime: Sendable {
    /// A block begun with `beginBlock`, for `completion(of:)`.
    package struct BlockID: Hashable, Sendable {
        let index: Int
    }

    /// An animation added with `add(_:to:forKey:at:)`, for `stop(of:)` (its delegate's `animationDidStop`).
    package struct AnimationID: Hashable, Sendable {
        let index: Int
    }

    /// When a completion runs (`animationDidStop(_:finished:)` or a block's completion closure) and its flag.
    package struct Completion: Sendable, Equatable {
        /// Whole microseconds.
        package var time: Int64
        package var finished: Bool

        package init(time: Int64, finished: Bool) {
            self.time = time
            self.finished = finished
        }
    }

    /// A pending completion a call moved: it now runs at `completion.time` with `completion.finished`.
    package struct CompletionChange: Sendable, Equatable {
        package enum Subject: Sendable, Hashable {
            case block(BlockID)
            case animation(AnimationID)
        }

        package var subject: Subject
        package var completion: Completion
    }

    /// What a re-solve of the layout needs besides the spec: the constraint constants changed so
    /// far (by constraint `id`) and the labels' current texts (by tag; absent: the spec's idle text).
    package struct LayoutRequest: Sendable {
        package var constants: [String: Double]
        package var texts: [Int: String?]
        /// Views the program added that its own constraints place (`codeLayout`), solved with the spec's.
        package var views: [ViewSpec] = []
        /// The program's own constraints over them (a Swift program's `NSLayoutConstraint.activate`).
        package var constraints: [ConstraintSpec] = []
        /// The images the program found (`addImage`) beside the spec's: its image views' intrinsic sizes.
        package var images = ImageLibrary()
    }

    package enum RuntimeError: Error, Sendable, Equatable, CustomStringConvertible {
        /// A key path no property of the table has (`layer.add(_:forKey:)` of `contents`, say).
        case unknownKeyPath(String)
        /// A value of the wrong kind for the key path (a colour for `opacity`).
        case wrongValue(keyPath: String, expected: String)
        /// No view with this tag.
        case unknownView(Int)
        /// No constraint with this `id`.
        case unknownConstraint(String)
        /// The re-solved layout failed.
        case layout(String)
        /// What the engine does not model (named, not guessed).
        case unsupported(String)

        package var description: String {
            switch self {
            case .unknownKeyPath(let k): "no animatable property has the key path '\(k)'"
            case .wrongValue(let k, let expected): "'\(k)' takes \(expected)"
            case .unknownView(let tag): "no view with tag \(tag)"
            case .unknownConstraint(let id): "no constraint with id '\(id)'"
            case .layout(let message): "the layout cannot be solved: \(message)"
            case .unsupported(let what): "not supported: \(what)"
            }
        }
    }

    /// A `UIView.transition(with:…)` on a view: what `Timeline.sample` turns into a `TransitionState`.
    package struct TransitionRecord: Sendable, Equatable {
        package var kind: TransitionState.Kind
        /// Seconds: the transition shows its old side from `added` to `begin`, then turns.
        package var added: Double
        package var begin: Double
        package var end: Double
        package var curve: Curve
        /// The view's subtree as it was before the animations closure.
        package var from: [ViewState]
    }

    /// The spec's views, and the views the program added (`addView`) after them.
    package internal(set) var spec: Spec
    var kinds: [Int: ViewKind]
    /// The tags of the views the program added, in the order added.
    package internal(set) var addedTags: [Int] = []
    /// Each view's tracks, by tag.
    package internal(set) var tracks: [Int: ViewTracks] = [:]
    /// The alpha of the whole control as the code set it (its nib's root view's and the refresh
    /// control's, multiplied: UIKit composites the control's subtree at it); nil when the code never
    /// set one.
    package private(set) var contentAlpha: Track<Double>?
    /// Every change made, in the order made (the timeline's log).
    package internal(set) var segments: [Segment] = []
    /// The layout from each instant on, in time order (the first from the start).
    package internal(set) var layouts: [(time: Double, layout: Layout)]
    /// The transitions, by the tag of the view they run on.
    package internal(set) var transitions: [Int: [TransitionRecord]] = [:]
    var blocks: [BlockRecord] = []
    /// The blocks begun and not ended, innermost last.
    var open: [BlockID] = []
    var animations: [AnimationRecord] = []
    var constants: [String: Double] = [:]
    var texts: [Int: String?] = [:]
    /// A constant or a label's text changed since the last re-solve.
    package internal(set) var needsLayout = false
    /// The added views the program's own constraints place, and those constraints: solved with the
    /// spec's at every re-solve (the other added views keep their frames).
    package internal(set) var codeLayout: (views: [ViewSpec], constraints: [ConstraintSpec]) = ([], [])
    var relayout: (@Sendable (LayoutRequest) throws -> Layout)?

    /// The views of `spec` at their initial values, laid out as `layout`. `relayout` re-solves
    /// the layout for `setConstraintConstant`/`layoutIfNeeded` (nil: the layout never changes).
    package init(
        spec: Spec, layout: Layout, now: Int64, relayout: (@Sendable (LayoutRequest) throws -> Layout)? = nil
    ) {
        self.spec = spec
        self.layouts = [(-Double.infinity, layout)]
        self.relayout = relayout
        var kinds: [Int: ViewKind] = [:]
        for view in spec.views {
            kinds[view.tag] = view.kind
            tracks[view.tag] = ViewTracks(view, now: now, frame: layout.frame(tag: view.tag))
        }
        self.kinds = kinds
    }

    static func seconds(_ micros: Int64) -> Double { Double(micros) / 1_000_000 }
    func micros(_ seconds: Double) -> Int64 { Self.micros(seconds) }

    /// Seconds as the clock's microseconds, held to ± `Int64.max / 2` (about ±146,000 years; NaN
    /// is 0): what comes in has been held to `Limits` already, so this only keeps a value beyond
    /// them from trapping in the conversion.
    static func micros(_ seconds: Double) -> Int64 {
        guard !seconds.isNaN else { return 0 }
        let range = Int64.max / 2
        let m = (seconds * 1_000_000).rounded()
        return m >= Double(range) ? range : m <= -Double(range) ? -range : Int64(m)
    }

    /// The layout at `time`.
    package func layout(at time: Double) -> Layout {
        layouts.last { $0.time <= time }?.layout ?? layouts[0].layout
    }

    // MARK: - Properties

    /// Sets `property` of view `tag` at `time`: the model value changes at once; inside a block
    /// with a duration, on a property that animates on the view's kind, an animation runs from the
    /// old value to it (research §1), otherwise the presentation changes at once.
    @discardableResult
    package mutating func set<Setting>(
        _ property: AnimatableProperty<Setting>, of tag: Int, to value: Setting.Value, at time: Int64
    ) -> [CompletionChange] {
        set(property, of: tag, to: value, at: time, step: nil)
    }

    /// Whether an animation block is open (between `beginBlock` and `endBlock`).
    package var isInBlock: Bool { !open.isEmpty }

    /// The whole control's alpha from `time` on (0…1; UIKit clamps what it is given).
    package mutating func setContentAlpha(_ alpha: Double, at time: Int64) {
        var track = contentAlpha ?? Track("contentAlpha", initial: 1)
        track.setModel(min(max(alpha, 0), 1), at: Self.seconds(time))
        contentAlpha = track
    }

    /// The model value of `property` of view `tag` (what UIKit code reads back).
    package func model<Setting>(_ property: AnimatableProperty<Setting>, of tag: Int) -> Setting.Value? {
        tracks[tag]?[property].model
    }

    /// What the screen shows of `property` of view `tag` at `time` (the presentation layer's value).
    package func presentation<Setting>(_ property: AnimatableProperty<Setting>, of tag: Int, at time: Int64)
        -> Setting.Value?
    {
        presentation(property, of: tag, at: Self.seconds(time))
    }

    func presentation<Setting>(_ property: AnimatableProperty<Setting>, of tag: Int, at t: Double) -> Setting.Value? {
        guard let track = tracks[tag]?[property] else { return nil }
        if property.followsLayout && !track.isTouched, let view = spec.view(tag: tag) {
            return property.layoutValue(layout(at: t).frame(tag: tag), view: view)
        }
        return track.value(at: t)
    }

    /// Appends a line to the log.
    mutating func log<Value: TrackValue>(
        _ name: String, of tag: Int, from: Value, to: Value, start: Double, end: Double, curve: Curve, step: String?,
        detail: String? = nil
    ) {
        segments.append(
            Segment(
                tag: tag, property: name, from: from.dumpDescription, to: to.dumpDescription, start: start, end: end,
                curve: curve, step: step, detail: detail))
    }

    // MARK: - Completions

    /// When the block's completion runs and with which flag; nil while it never will (an
    /// infinite repeat that nothing removed) or before `endBlock`.
    package func completion(of id: BlockID) -> Completion? {
        let record = blocks[id.index]
        guard record.ended else { return nil }
        var latest = record.phantomEnd.map { Completion(time: $0, finished: true) }
        for animation in record.animations {
            guard let stop = stop(of: animation) else { return nil }
            if latest == nil || stop.time > latest!.time || (stop.time == latest!.time && !stop.finished) {
                latest = stop
            }
        }
        return latest ?? Completion(time: record.begin, finished: true)
    }

    /// When an added animation stops and with which flag (nil: never).
    package func stop(of id: AnimationID) -> Completion? {
        let record = animations[id.index]
        // An end beyond what the clock counts (`repeatCount = MAXFLOAT`, Apple's "forever") is never.
        guard let stop = record.stop(in: tracks[record.tag]), stop.time < Self.seconds(.max / 2) else { return nil }
        return Completion(time: micros(stop.time), finished: stop.finished)
    }

    /// Removes the animations `ids` at `time`; returns the completions that moved.
    mutating func remove(_ ids: [AnimationID], at time: Int64) -> [CompletionChange] {
        guard !ids.isEmpty else { return [] }
        let affected = Set(ids.compactMap { animations[$0.index].block })
        let before = affected.map { ($0, completion(of: $0)) }
        var changes: [CompletionChange] = []
        for id in ids {
            let old = stop(of: id)
            animations[id.index].remove(from: &tracks, at: Self.seconds(time))
            if let new = stop(of: id), new != old {
                changes.append(CompletionChange(subject: .animation(id), completion: new))
            }
        }
        for (block, old) in before {
            if let new = completion(of: block), new != old {
                changes.append(CompletionChange(subject: .block(block), completion: new))
            }
        }
        return changes
    }
}

/// A block's bookkeeping.
struct BlockRecord: Sendable {
    var block: AnimationBlock
    /// When `beginBlock` was called.
    var begin: Int64
    var ended = false
    /// The animations it made.
    var animations: [AnimationRuntime.AnimationID] = []
    /// A change it did not animate but whose completion UIKit still reports after the duration
    /// (a transform to or from a singular matrix; a transition).
    var phantomEnd: Int64?
    /// The keyframe being filled in, relative start and duration.
    var keyframe: (start: Double, duration: Double)?
    /// The keyframes' changes, by view and property, committed at `endBlock`.
    var pending: [PendingKey: any PendingKeyframes] = [:]
    var pendingOrder: [PendingKey] = []

    struct PendingKey: Hashable, Sendable {
        var tag: Int
        var property: String
    }
}

/// One animation the runtime made, by view and property, to find it in its track.
struct AnimationRecord: Sendable {
    var tag: Int
    var property: String
    var serial: Int
    var key: String?
    var block: AnimationRuntime.BlockID?

    func stop(in tracks: ViewTracks?) -> (time: Double, finished: Bool)? {
        guard let tracks else { return nil }
        func find<P: AnyAnimatableProperty>(_ p: P) -> (time: Double, finished: Bool)?? {
            let track = tracks[p.property]
            guard let i = track.index(ofSerial: serial) else { return .some(nil) }
            return .some(track.animations[i].stop)
        }
        guard let p = AnimatableProperties.all.first(where: { $0.name == property }), let found = find(p) else {
            return nil
        }
        return found
    }

    /// Whether it is attached and running at `time`.
    func isRunning(in tracks: ViewTracks?, at time: Double) -> Bool {
        guard let tracks, let p = AnimatableProperties.all.first(where: { $0.name == property }) else { return false }
        func running<Q: AnyAnimatableProperty>(_ q: Q) -> Bool {
            let track = tracks[q.property]
            guard let i = track.index(ofSerial: serial) else { return false }
            return track.animations[i].addedAt <= time && track.animations[i].isRunning(at: time)
        }
        return running(p)
    }

    func remove(from tracks: inout [Int: ViewTracks], at time: Double) {
        guard let p = AnimatableProperties.all.first(where: { $0.name == property }) else { return }
        func remove<Q: AnyAnimatableProperty>(_ q: Q) {
            tracks[tag]?.modify(q.property) { track in
                if let i = track.index(ofSerial: serial) { track.remove(i, at: time) }
            }
        }
        remove(p)
    }
}

extension AnimatableProperty {
    /// A layout-driven property's value in `frame` (`center`'s centre, `bounds`' size), for a view
    /// the program has not touched.
    func layoutValue(_ frame: Rect, view: ViewSpec) -> Value {
        var state = ViewState(tag: 0, frame: frame)
        state.cornerRadius = view.cornerRadius.resolved(width: frame.width, height: frame.height)
        return state[keyPath: self.state]
    }
}
