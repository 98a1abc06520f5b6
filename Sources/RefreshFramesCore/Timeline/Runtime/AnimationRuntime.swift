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
/// - `model` and `presentation` read any property; `tracks` and `segments` are what a `Timeline`
///   samples and dumps.
///
/// A value type: copying it forks the world, and nothing in it depends on wall-clock time.
public struct AnimationRuntime: Sendable {
    /// A block begun with `beginBlock`, for `completion(of:)`.
    public struct BlockID: Hashable, Sendable {
        let index: Int
    }

    /// An animation added with `add(_:to:forKey:at:)`, for `stop(of:)` (its delegate's `animationDidStop`).
    public struct AnimationID: Hashable, Sendable {
        let index: Int
    }

    /// When a completion runs (`animationDidStop(_:finished:)` or a block's completion closure) and its flag.
    public struct Completion: Sendable, Equatable {
        /// Whole microseconds.
        public var time: Int64
        public var finished: Bool

        public init(time: Int64, finished: Bool) {
            self.time = time
            self.finished = finished
        }
    }

    /// A pending completion a call moved: it now runs at `completion.time` with `completion.finished`.
    public struct CompletionChange: Sendable, Equatable {
        public enum Subject: Sendable, Hashable {
            case block(BlockID)
            case animation(AnimationID)
        }

        public var subject: Subject
        public var completion: Completion
    }

    /// What a re-solve of the layout needs besides the spec: the constraint constants changed so
    /// far (by constraint `id`) and the labels' current texts (by tag; absent: the spec's).
    public struct LayoutRequest: Sendable {
        public var constants: [String: Double]
        public var texts: [Int: String?]
    }

    public enum RuntimeError: Error, Sendable, Equatable, CustomStringConvertible {
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
        /// What the engine does not model yet (named, not guessed).
        case unsupported(String)

        public var description: String {
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

    let spec: Spec
    let kinds: [Int: ViewKind]
    /// Each view's tracks, by tag.
    public internal(set) var tracks: [Int: ViewTracks] = [:]
    /// Every change made, in the order made (the timeline's log).
    public internal(set) var segments: [Segment] = []
    var blocks: [BlockRecord] = []
    /// The blocks begun and not ended, innermost last.
    var open: [BlockID] = []
    var layout: Layout
    var constants: [String: Double] = [:]
    var relayout: (@Sendable (LayoutRequest) throws -> Layout)?

    /// The views of `spec` at their initial values, laid out as `layout`. `relayout` re-solves
    /// the layout for `setConstraintConstant`/`layoutIfNeeded` (nil: the layout never changes).
    public init(
        spec: Spec, layout: Layout, now: Int64, relayout: (@Sendable (LayoutRequest) throws -> Layout)? = nil
    ) {
        self.spec = spec
        self.layout = layout
        self.relayout = relayout
        var kinds: [Int: ViewKind] = [:]
        for view in spec.views {
            kinds[view.tag] = view.kind
            tracks[view.tag] = ViewTracks(view, now: now, frame: layout.frame(tag: view.tag))
        }
        self.kinds = kinds
    }

    static func seconds(_ micros: Int64) -> Double { Double(micros) / 1_000_000 }

    // MARK: - Blocks

    /// `UIView.animate…` begins: the changes `set` makes until `endBlock` belong to it.
    public mutating func beginBlock(_ block: AnimationBlock, at time: Int64) -> BlockID {
        let id = BlockID(index: blocks.count)
        blocks.append(BlockRecord(block: block, begin: time))
        open.append(id)
        return id
    }

    /// The animations closure has returned: the block's animations are committed. Its completion
    /// is then `completion(of:)`.
    @discardableResult
    public mutating func endBlock(_ id: BlockID, at time: Int64) -> [CompletionChange] {
        if let index = open.lastIndex(of: id) { open.remove(at: index) }
        blocks[id.index].ended = true
        return []
    }

    /// `UIView.addKeyframe(withRelativeStartTime:relativeDuration:animations:)` begins inside a
    /// keyframes block: the changes `set` makes until `endKeyframe` are that keyframe's.
    public mutating func beginKeyframe(relativeStart: Double, relativeDuration: Double) {
        guard let id = open.last else { return }
        blocks[id.index].keyframe = (relativeStart, relativeDuration)
    }

    public mutating func endKeyframe() {
        guard let id = open.last else { return }
        blocks[id.index].keyframe = nil
    }

    /// When the block's completion runs and with which flag; nil while it never will (an
    /// infinite repeat that nothing removed) or before `endBlock`.
    public func completion(of id: BlockID) -> Completion? {
        let record = blocks[id.index]
        guard record.ended else { return nil }
        let b = record.block
        guard record.animated else { return Completion(time: record.begin, finished: true) }
        return Completion(time: record.begin + micros(b.delay) + micros(b.duration), finished: true)
    }

    // MARK: - Properties

    /// Sets `property` of view `tag` at `time`: the model value changes at once; inside a block
    /// with a duration, on a property that animates on the view's kind, an animation runs from the
    /// old value to it (research §1), otherwise the presentation changes at once.
    @discardableResult
    public mutating func set<Setting>(
        _ property: AnimatableProperty<Setting>, of tag: Int, to value: Setting.Value, at time: Int64
    ) -> [CompletionChange] {
        set(property, of: tag, to: value, at: time, step: nil)
    }

    mutating func set<Setting>(
        _ property: AnimatableProperty<Setting>, of tag: Int, to value: Setting.Value, at time: Int64, step: String?
    ) -> [CompletionChange] {
        let kind = kinds[tag] ?? .view
        if let id = open.last, blocks[id.index].block.duration > 0, property.animates(kind) {
            let block = blocks[id.index]
            let start = block.begin + micros(block.block.delay)
            log(
                property, of: tag, to: value, start: Self.seconds(start),
                end: Self.seconds(start + micros(block.block.duration)), curve: block.block.curve, step: step)
            blocks[id.index].animated = true
        } else {
            log(
                property, of: tag, to: value, start: Self.seconds(time), end: Self.seconds(time), curve: .linear,
                step: step)
        }
        return []
    }

    /// The model value of `property` of view `tag` (what UIKit code reads back).
    public func model<Setting>(_ property: AnimatableProperty<Setting>, of tag: Int) -> Setting.Value? {
        tracks[tag]?[property].model
    }

    /// What the screen shows of `property` of view `tag` at `time` (the presentation layer's value).
    public func presentation<Setting>(_ property: AnimatableProperty<Setting>, of tag: Int, at time: Int64)
        -> Setting.Value?
    {
        tracks[tag]?[property].value(at: Self.seconds(time))
    }

    /// Adds a keyframe to the track and its line to the log.
    mutating func log<Setting>(
        _ property: AnimatableProperty<Setting>, of tag: Int, to value: Setting.Value, start: Double, end: Double,
        curve: Curve, step: String?
    ) {
        guard let from = tracks[tag]?.add(value, to: property, start: start, end: end, curve: curve) else { return }
        segments.append(
            Segment(
                tag: tag, property: property.name, from: from.dumpDescription, to: value.dumpDescription,
                start: start, end: end, curve: curve, step: step))
    }

    // MARK: - Core Animation

    /// `layer.add(animation, forKey: key)` on view `tag`'s layer at `time`. A key already in use
    /// replaces that animation (its delegate gets `finished = false`).
    public mutating func add(_ animation: LayerAnimation, to tag: Int, forKey key: String?, at time: Int64)
        throws(RuntimeError) -> (id: AnimationID, changes: [CompletionChange])
    {
        throw .unsupported("layer.add(_:forKey:) is being built (issue 27)")
    }

    /// `layer.removeAnimation(forKey:)`: its delegate and block get `finished = false` now.
    @discardableResult
    public mutating func removeAnimation(forKey key: String, from tag: Int, at time: Int64) -> [CompletionChange] {
        []
    }

    /// `layer.removeAllAnimations()`: every animation of the view's layer stops now, `finished = false`.
    @discardableResult
    public mutating func removeAllAnimations(from tag: Int, at time: Int64) -> [CompletionChange] { [] }

    /// `layer.animationKeys()` at `time`: the keys of the animations attached then, in add order.
    public func animationKeys(of tag: Int, at time: Int64) -> [String] { [] }

    /// When an added animation stops and with which flag (nil: never, or not yet known).
    public func stop(of id: AnimationID) -> Completion? { nil }

    // MARK: - Layout

    /// `constraint.constant = value` for the spec's constraint with this `id`: takes effect at the
    /// next layout pass (`layoutIfNeeded`).
    public mutating func setConstraintConstant(_ id: String, to value: Double, at time: Int64) throws(RuntimeError) {
        constants[id] = value
    }

    /// `view.layoutIfNeeded()`: re-solves the layout now; inside a block, each view whose frame
    /// changed animates to its new frame with the block's timing (no re-solve in between,
    /// research §3.3); outside one the frames jump.
    @discardableResult
    public mutating func layoutIfNeeded(at time: Int64) throws(RuntimeError) -> [CompletionChange] {
        throw .unsupported("layoutIfNeeded is being built (issue 27)")
    }

    func micros(_ seconds: Double) -> Int64 { Int64((seconds * 1_000_000).rounded()) }
}

/// A block's bookkeeping.
struct BlockRecord: Sendable {
    var block: AnimationBlock
    /// When `beginBlock` was called.
    var begin: Int64
    var ended = false
    /// Whether any change in it animated (else it completes at once).
    var animated = false
    /// The keyframe being filled in, relative start and duration.
    var keyframe: (start: Double, duration: Double)?
}
