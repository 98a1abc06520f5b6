/// `UIView.animate`, `animateKeyframes` and `transition(with:)` blocks, and what a change inside
/// one animates (research §1–§5).
extension AnimationRuntime {
    /// `UIView.animate…` begins: the changes `set` makes until `endBlock` belong to it. A block
    /// begun inside another inherits its duration and curve unless its options override them
    /// (research §1.10).
    package mutating func beginBlock(_ block: AnimationBlock, at time: Int64) -> BlockID {
        var block = block
        if let outer = open.last.map({ blocks[$0.index].block }), outer.kind == .basic, block.kind == .basic {
            if !block.options.contains(.overrideInheritedDuration) { block.duration = outer.duration }
            if !block.options.contains(.overrideInheritedCurve) { block.curve = outer.curve }
        }
        let id = BlockID(index: blocks.count)
        blocks.append(BlockRecord(block: block, begin: time))
        open.append(id)
        if case .transition(let kind, let view) = block.kind, block.duration > 0 {
            let start = time + micros(block.delay)
            let end = start + micros(block.duration)
            blocks[id.index].phantomEnd = end
            transitions[view, default: []].append(
                TransitionRecord(
                    kind: kind, added: Self.seconds(time), begin: Self.seconds(start), end: Self.seconds(end),
                    curve: block.curve, from: snapshot(of: view, at: Self.seconds(time))))
        }
        return id
    }

    /// The animations closure has returned: the block's animations are committed (a keyframes
    /// block's keyframe animations are made now). Its completion is then `completion(of:)`.
    @discardableResult
    package mutating func endBlock(_ id: BlockID, at time: Int64) -> [CompletionChange] {
        var changes: [CompletionChange] = []
        let pending = blocks[id.index].pendingOrder.compactMap { blocks[id.index].pending[$0] }
        blocks[id.index].pending = [:]
        blocks[id.index].pendingOrder = []
        for keyframes in pending { changes += keyframes.commit(into: &self, block: id, at: time) }
        if let index = open.lastIndex(of: id) { open.remove(at: index) }
        blocks[id.index].ended = true
        return changes
    }

    /// `UIView.addKeyframe(withRelativeStartTime:relativeDuration:animations:)` begins inside a
    /// keyframes block: the changes `set` makes until `endKeyframe` are that keyframe's.
    package mutating func beginKeyframe(relativeStart: Double, relativeDuration: Double) {
        guard let id = open.last else { return }
        blocks[id.index].keyframe = (relativeStart, relativeDuration)
    }

    package mutating func endKeyframe() {
        guard let id = open.last else { return }
        blocks[id.index].keyframe = nil
    }

    /// `set`, with the JSON path of the program step for the log.
    mutating func set<Setting>(
        _ property: AnimatableProperty<Setting>, of tag: Int, to value: Setting.Value, at time: Int64, step: String?,
        detail: String? = nil
    ) -> [CompletionChange] {
        guard tracks[tag] != nil else { return [] }
        let t = Self.seconds(time)
        if let text = value as? String?, property.name == AnimatableProperty.text.name {
            texts[tag] = text
            needsLayout = true
        }
        let old = modelValue(property, of: tag, at: t)
        let kind = kinds[tag] ?? .view
        let block = open.last
        let animates = block.map { blocks[$0.index].block.duration > 0 } ?? false && property.animates(kind)
        let blockKind = block.map { blocks[$0.index].block.kind }
        if animates, case .keyframes = blockKind {
            addKeyframe(property, of: tag, from: old, to: value, at: t, step: step)
            tracks[tag]?.modify(property) { $0.setModel(value, at: t) }
            return []
        }
        tracks[tag]?.modify(property) { $0.setModel(value, at: t) }
        guard animates, let block, blockKind == .basic else {
            log(
                property.name, of: tag, from: old, to: value, start: t, end: t, curve: .linear, step: step,
                detail: detail)
            return []
        }
        return animate(property, of: tag, from: old, to: value, in: block, at: time, step: step)
    }

    /// The animation a `UIView.animate` block makes for a change (research §1.1–§1.6): additive,
    /// from `old − new` to zero, when the property adds and everything in flight on it is additive
    /// and not repeating; otherwise one that replaces what is in flight (whose completions then
    /// get `finished = false`), from the model value (or, with `.beginFromCurrentState`, from
    /// what shows).
    mutating func animate<Setting>(
        _ property: AnimatableProperty<Setting>, of tag: Int, from old: Setting.Value, to value: Setting.Value,
        in id: BlockID, at time: Int64, step: String?
    ) -> [CompletionChange] {
        typealias Value = Setting.Value
        let t = Self.seconds(time)
        let record = blocks[id.index]
        let b = record.block
        let start = record.begin + micros(b.delay)
        let end = start + micros(b.duration)
        let timing = AnimationTiming.block(
            begin: Self.seconds(start), duration: Self.seconds(end) - Self.seconds(start), curve: b.curve,
            repeatCount: b.repeatCount ?? (b.options.contains(.repeat) ? .infinity : 0),
            autoreverses: b.options.contains(.autoreverse))
        let key = property.layerKeyPath ?? property.name
        let inFlight = inFlightAnimations(property, of: tag, at: t)
        let adds =
            property.combining == .additive && Value.additiveZero != nil
            && inFlight.allSatisfy { $0.additive && $0.repeatCount == 0 }
        var details: [String] = []
        if timing.repeatCount > 0 {
            details.append(
                timing.repeatCount.isFinite ? "repeat \(formatNumber(timing.repeatCount))" : "repeat forever")
        }
        if timing.autoreverses { details.append("autoreverse") }
        var changes: [CompletionChange] = []
        var animation: TrackAnimation<Value>
        var from = old
        if adds {
            guard let zero = Value.additiveZero, let offset = value.offset(from: old), isInvertible(old) else {
                // A singular transform: Core Animation cannot invert or decompose it, so the end
                // value shows at once; the completion still comes after the duration (research §8.1).
                blocks[id.index].phantomEnd = max(blocks[id.index].phantomEnd ?? end, end)
                log(
                    property.name, of: tag, from: old, to: value, start: t, end: t, curve: .linear, step: step,
                    detail: "singular transform, not animated")
                return []
            }
            animation = TrackAnimation(
                key: key, addedAt: t, timing: timing, additive: true, values: .basic(from: offset, to: zero, by: nil))
            if Self.additiveMatchesDirect(old: old, new: value, offset: offset) { animation.direct = (old, value) }
            if !inFlight.isEmpty { details.append("adds to \(inFlight.count) in flight") }
        } else {
            // What shows is the in-flight animations' value; with none, the old model value (the
            // track already holds the new one).
            if b.options.contains(.beginFromCurrentState), !inFlight.isEmpty,
                let shown = presentation(property, of: tag, at: t)
            {
                from = shown
                details.append("from the current state")
            }
            changes = remove(inFlight.map { AnimationID(index: $0.serial) }, at: time)
            animation = TrackAnimation(
                key: key, addedAt: t, timing: timing, additive: false, values: .basic(from: from, to: value, by: nil))
            animation.direct = (from, value)
            if !inFlight.isEmpty { details.append("replaces \(inFlight.count) in flight") }
        }
        attach(animation, property, of: tag, key: key, block: id)
        log(
            property.name, of: tag, from: from, to: value, start: timing.begin,
            end: timing.repeatCount > 0 || timing.autoreverses ? timing.end : Self.seconds(end), curve: b.curve,
            step: step, detail: details.isEmpty ? nil : details.joined(separator: ", "))
        return changes
    }

    /// The model value of `property` of view `tag` at `t` (the solved layout's for a layout-driven
    /// property the program has not touched). The track is read here, in its own scope, so that no
    /// copy of it is alive when the caller changes it (which would copy its arrays: quadratic time).
    func modelValue<Setting>(_ property: AnimatableProperty<Setting>, of tag: Int, at t: Double) -> Setting.Value {
        let track = tracks[tag]![property]
        if property.followsLayout && !track.isTouched, let view = spec.view(tag: tag) {
            return property.layoutValue(layout(at: t).frame(tag: tag), view: view)
        }
        return track.model
    }

    /// What a new block animation of `property` meets at `t`, in add order: the animations in
    /// flight that UIKit's blocks made, and any other under the key path UIKit adds its animation
    /// with (`opacity`), which `add(_:forKey:)` replaces. A layer animation the code added under
    /// another key keeps running beneath the block's, which was added later and shows over it
    /// (docs/uikit-semantics-sources.md, "A block and a layer animation at once").
    func inFlightAnimations<Setting>(_ property: AnimatableProperty<Setting>, of tag: Int, at t: Double)
        -> [(serial: Int, additive: Bool, repeatCount: Double)]
    {
        let track = tracks[tag]![property]
        let key = property.layerKeyPath ?? property.name
        return track.inFlight(at: t).filter {
            let record = animations[track.animations[$0].serial]
            return record.block != nil || record.key == key
        }.map {
            (track.animations[$0].serial, track.animations[$0].additive, track.animations[$0].timing.repeatCount)
        }
    }

    /// Adds `animation` to the track of `property` of view `tag` under a new serial number.
    @discardableResult
    mutating func attach<Setting>(
        _ animation: TrackAnimation<Setting.Value>, _ property: AnimatableProperty<Setting>, of tag: Int,
        key: String?, block: BlockID?
    ) -> AnimationID {
        var animation = animation
        let id = AnimationID(index: animations.count)
        animation.serial = id.index
        animations.append(AnimationRecord(tag: tag, property: property.name, serial: id.index, key: key, block: block))
        _ = tracks[tag]?.modify(property) { $0.add(animation) }
        if let block { blocks[block.index].animations.append(id) }
        return id
    }

    /// Whether a transform can be inverted (anything else can).
    func isInvertible<Value>(_ value: Value) -> Bool {
        (value as? Transform).map { $0.matrix3D.isInvertible } ?? true
    }

    /// Whether an additive animation from `offset` to zero on top of `new` shows what moving from
    /// `old` to `new` directly shows (true for numbers, points and sizes; for transforms when
    /// rotation and uniform scales commute and the turn goes the same way, or when the two agree
    /// along the way): then the runtime samples it directly.
    static func additiveMatchesDirect<Value: TrackValue>(old: Value, new: Value, offset: Value) -> Bool {
        guard let a = old as? Transform, let b = new as? Transform, let o = offset as? Transform else { return true }
        if a.isPlanar && b.isPlanar && a.scaleX == a.scaleY && b.scaleX == b.scaleY && a.scaleX > 0 && b.scaleX > 0 {
            // The direct turn, as `Transform.interpolated` takes it, against the offset's: from the
            // offset's angle θ to 0 (WebKit's blend2 reads 0 as 360 when θ is exactly 180).
            var direct = b.normalized.rotation - a.normalized.rotation
            if direct > 180 { direct -= 360 }
            if direct < -180 { direct += 360 }
            let theta = Decomposed2(o.matrix3D)?.angle ?? 0
            let additive = theta == 180 ? 180 : -theta
            if abs(direct) != 180 && abs(additive - direct) < 1e-9 { return true }
        }
        for p in [0.25, 0.5, 0.75] {
            let viaOffset = b.adding(o.interpolated(to: .identity, p)).matrix3D.elements
            let directly = a.interpolated(to: b, p).matrix3D.elements
            if zip(viaOffset, directly).contains(where: { abs($0 - $1) > 1e-9 }) { return false }
        }
        return true
    }

    // MARK: - Keyframes

    /// Records a keyframe's change for `endBlock`.
    mutating func addKeyframe<Setting>(
        _ property: AnimatableProperty<Setting>, of tag: Int, from old: Setting.Value, to value: Setting.Value,
        at t: Double, step: String?
    ) {
        guard let id = open.last else { return }
        let key = BlockRecord.PendingKey(tag: tag, property: property.name)
        let frame = blocks[id.index].keyframe ?? (0, 1)
        if var pending = blocks[id.index].pending[key] as? PendingKeyframesOf<Setting> {
            pending.frames.append((frame.start, frame.duration, value))
            blocks[id.index].pending[key] = pending
        } else {
            var initial = old
            if blocks[id.index].block.options.contains(.beginFromCurrentState),
                let shown = presentation(property, of: tag, at: t)
            {
                initial = shown
            }
            blocks[id.index].pending[key] = PendingKeyframesOf(
                property: property, tag: tag, initial: initial, frames: [(frame.start, frame.duration, value)],
                step: step)
            blocks[id.index].pendingOrder.append(key)
        }
    }

    // MARK: - Transitions

    /// The states of view `tag` and its subviews at `t`, by tag: a transition's old side.
    func snapshot(of tag: Int, at t: Double) -> [ViewState] {
        var inSubtree: Set<Int> = [tag]
        var grew = true
        while grew {
            grew = false
            for view in spec.views where !inSubtree.contains(view.tag) {
                if let parent = view.superview, inSubtree.contains(parent) {
                    inSubtree.insert(view.tag)
                    grew = true
                }
            }
        }
        let layout = layout(at: t)
        return inSubtree.sorted().compactMap { tag in
            tracks[tag]?.state(tag: tag, frame: layout.frame(tag: tag), at: t)
        }
    }
}

/// A keyframes block's changes of one property of one view, made into one `CAKeyframeAnimation`
/// when the block ends.
protocol PendingKeyframes: Sendable {
    func commit(into runtime: inout AnimationRuntime, block: AnimationRuntime.BlockID, at time: Int64)
        -> [AnimationRuntime.CompletionChange]
}

struct PendingKeyframesOf<Setting: PropertySetting>: PendingKeyframes {
    let property: AnimatableProperty<Setting>
    let tag: Int
    /// The value when the first keyframe changed it: the model's (or, with
    /// `.beginFromCurrentState`, what showed).
    let initial: Setting.Value
    var frames: [(start: Double, duration: Double, value: Setting.Value)]
    let step: String?

    /// UIKit's doubled points (research §5.3): the initial value at 0, then each keyframe's value
    /// at its end and again at the next one's start, so the value holds between keyframes.
    var points: (values: [Setting.Value], keyTimes: [Double]) {
        var values = [initial]
        var times = [0.0]
        var previous = initial
        for frame in frames.sorted(by: { $0.start < $1.start }) {
            values += [previous, frame.value]
            times += [frame.start, frame.start + frame.duration]
            previous = frame.value
        }
        if times.last! < 1 {
            values.append(previous)
            times.append(1)
        }
        return (values, times)
    }

    func commit(into runtime: inout AnimationRuntime, block id: AnimationRuntime.BlockID, at time: Int64)
        -> [AnimationRuntime.CompletionChange]
    {
        let record = runtime.blocks[id.index]
        let b = record.block
        guard case .keyframes(let mode) = b.kind else { return [] }
        let start = record.begin + runtime.micros(b.delay)
        let end = start + runtime.micros(b.duration)
        let timing = AnimationTiming.block(
            begin: AnimationRuntime.seconds(start),
            duration: AnimationRuntime.seconds(end) - AnimationRuntime.seconds(start), curve: b.curve,
            repeatCount: b.repeatCount ?? (b.options.contains(.repeat) ? .infinity : 0),
            autoreverses: b.options.contains(.autoreverse))
        let t = AnimationRuntime.seconds(record.begin)
        let changes = runtime.remove(
            runtime.inFlightAnimations(property, of: tag, at: t).map { AnimationRuntime.AnimationID(index: $0.serial) },
            at: time)
        let (values, keyTimes) = points
        let animation = TrackAnimation(
            key: property.layerKeyPath ?? property.name, addedAt: t, timing: timing, additive: false,
            values: .keyframes(values: values, keyTimes: keyTimes, timings: [], mode: mode))
        runtime.attach(animation, property, of: tag, key: property.layerKeyPath ?? property.name, block: id)
        runtime.log(
            property.name, of: tag, from: initial, to: frames.last!.value, start: timing.begin, end: timing.end,
            curve: b.curve, step: step,
            detail: "keyframes \(mode.rawValue): "
                + frames.map { "\(formatNumber($0.start))+\(formatNumber($0.duration)) \($0.value.dumpDescription)" }
                .joined(separator: ", "))
        return changes
    }
}
