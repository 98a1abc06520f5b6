/// `CALayer.add(_:forKey:)`, `removeAnimation(forKey:)`, `removeAllAnimations()`, `animationKeys()`,
/// and the layout calls (research §3, §9).
extension AnimationRuntime {
    /// `layer.add(animation, forKey: key)` on view `tag`'s layer at `time`. A key already in use
    /// replaces that animation (its delegate gets `finished = false`). It never changes the model
    /// value: when it is removed the layer shows the model again (research §9.5).
    package mutating func add(_ animation: LayerAnimation, to tag: Int, forKey key: String?, at time: Int64)
        throws(RuntimeError) -> (id: AnimationID, changes: [CompletionChange])
    {
        guard tracks[tag] != nil else { throw .unknownView(tag) }
        var keyPath = animation.keyPath
        if keyPath == "transform.rotation" { keyPath = ValueComponent.rotationZ.rawValue }
        let component = ValueComponent(rawValue: keyPath)
        let propertyPath = component?.propertyKeyPath ?? keyPath
        guard let property = AnimatableProperties.property(layerKeyPath: propertyPath) else {
            throw .unknownKeyPath(animation.keyPath)
        }
        var changes: [CompletionChange] = []
        if let key {
            let t = Self.seconds(time)
            let same = animations.indices.filter {
                animations[$0].tag == tag && animations[$0].key == key
                    && animations[$0].isRunning(in: tracks[tag], at: t)
            }
            changes = remove(same.map { AnimationID(index: $0) }, at: time)
        }
        func add<P: AnyAnimatableProperty>(_ p: P) throws(RuntimeError) -> AnimationID {
            try addTyped(animation, p.property, component: component, to: tag, forKey: key, at: time)
        }
        let id = try add(property)
        return (id, changes)
    }

    private mutating func addTyped<Setting>(
        _ a: LayerAnimation, _ property: AnimatableProperty<Setting>, component: ValueComponent?, to tag: Int,
        forKey key: String?, at time: Int64
    ) throws(RuntimeError) -> AnimationID {
        typealias Value = Setting.Value
        let t = Self.seconds(time)
        let duration = a.duration > 0 ? a.duration : 0.25
        var timing = AnimationTiming(
            begin: a.beginTime ?? t, duration: duration, repeatCount: a.repeatCount, autoreverses: a.autoreverses,
            curve: a.timingFunction, fillBackwards: a.fillMode == .backwards || a.fillMode == .both,
            fillForwards: a.fillMode == .forwards || a.fillMode == .both,
            removedOnCompletion: a.isRemovedOnCompletion)
        timing.speed = a.speed
        timing.timeOffset = a.timeOffset
        func typed<V: TrackValue>(_ v: UIKitValue?, _: V.Type) throws(RuntimeError) -> V? {
            guard let v else { return nil }
            guard let value = V(uikit: v) else {
                throw .wrongValue(keyPath: a.keyPath, expected: "a value like \(String(describing: V.self))")
            }
            return value
        }
        func values<V: TrackValue>(_: V.Type) throws(RuntimeError) -> AnimationValues<V> {
            switch a.content {
            case .basic(let from, let to, let by), .spring(_, let from, let to, let by):
                return .basic(from: try typed(from, V.self), to: try typed(to, V.self), by: try typed(by, V.self))
            case .keyframes(let list, let keyTimes, let timingFunctions, let mode):
                var typedValues: [V] = []
                for v in list { typedValues.append(try typed(v, V.self)!) }
                guard !typedValues.isEmpty else {
                    throw .wrongValue(keyPath: a.keyPath, expected: "at least one value")
                }
                let times = keyTimes ?? Keyframes<V>.evenKeyTimes(typedValues.count)
                return .keyframes(
                    values: typedValues, keyTimes: times, timings: (timingFunctions ?? []).map { $0 }, mode: mode)
            }
        }
        if case .spring(let parameters, _, _, _) = a.content { timing.curve = .physicalSpring(parameters) }
        // A CAMediaTimingFunction is a Bézier curve: a spring curve is the CASpringAnimation UIKit
        // makes for a spring block of this duration, which shows its own value to the end (with a
        // forwards fill, unsettled), not the target.
        if case .spring(let damping, let velocity)? = timing.curve, case .basic = a.content {
            timing.curve = .physicalSpring(
                SpringParameters(dampingRatio: damping, velocity: velocity, duration: duration))
        }
        var animation: TrackAnimation<Value>
        if let component {
            animation = TrackAnimation(
                key: key, addedAt: t, timing: timing, additive: a.isAdditive, component: component,
                values: try values(Double.self))
        } else {
            animation = TrackAnimation(
                key: key, addedAt: t, timing: timing, additive: a.isAdditive, values: try values(Value.self))
        }
        animation.cumulative = a.isCumulative
        let id = attach(animation, property, of: tag, key: key, block: nil)
        var details = ["CA \(a.keyPath)"]
        if a.repeatCount > 0 {
            details.append(a.repeatCount.isFinite ? "repeat \(formatNumber(a.repeatCount))" : "repeat forever")
        }
        if a.autoreverses { details.append("autoreverse") }
        if a.isAdditive { details.append("additive") }
        if a.fillMode != .removed { details.append("fill \(a.fillMode.rawValue)") }
        if !a.isRemovedOnCompletion { details.append("kept on completion") }
        let model = tracks[tag]![property].model
        segments.append(
            Segment(
                tag: tag, property: property.name, from: describe(a.content, first: true) ?? model.dumpDescription,
                to: describe(a.content, first: false) ?? model.dumpDescription, start: timing.begin,
                end: timing.end, curve: timing.curve ?? .linear, step: nil, detail: details.joined(separator: ", ")))
        return id
    }

    private func describe(_ content: LayerAnimation.Content, first: Bool) -> String? {
        func text(_ v: UIKitValue?) -> String? {
            switch v {
            case .number(let n)?: formatNumber(n)
            case .color(let c)?: c.hexString
            case .transform(let t)?: t.dumpDescription
            case .point(let p)?: p.dumpDescription
            case .size(let s)?: s.dumpDescription
            case .bool(let b)?: b.dumpDescription
            case .text(let s)?: s.dumpDescription
            case .image(let name)?: name ?? "none"
            case .path(let p)?: p.dumpDescription
            case .shapePath(let p)?: p.dumpDescription
            case .lineCap(let c)?: c.dumpDescription
            case nil: nil
            }
        }
        switch content {
        case .basic(let from, let to, let by), .spring(_, let from, let to, let by):
            return first ? text(from) : text(to) ?? by.flatMap { "+" + (text($0) ?? "") }
        case .keyframes(let values, _, _, _):
            return text(first ? values.first : values.last)
        }
    }

    /// `layer.removeAnimation(forKey:)`: its delegate (and its block) get `finished = false` now.
    @discardableResult
    package mutating func removeAnimation(forKey key: String, from tag: Int, at time: Int64) -> [CompletionChange] {
        let t = Self.seconds(time)
        let ids = animations.indices.filter {
            animations[$0].tag == tag && animations[$0].key == key && animations[$0].isRunning(in: tracks[tag], at: t)
        }
        return remove(ids.map { AnimationID(index: $0) }, at: time)
    }

    /// `layer.removeAllAnimations()`: every animation of the view's layer stops now with
    /// `finished = false`, and the layer shows its model values (research §1.9).
    @discardableResult
    package mutating func removeAllAnimations(from tag: Int, at time: Int64) -> [CompletionChange] {
        let t = Self.seconds(time)
        let ids = animations.indices.filter {
            animations[$0].tag == tag && animations[$0].isRunning(in: tracks[tag], at: t)
        }
        return remove(ids.map { AnimationID(index: $0) }, at: time)
    }

    /// `layer.animationKeys()` at `time`: the keys of the animations attached then, in add order.
    package func animationKeys(of tag: Int, at time: Int64) -> [String] {
        let t = Self.seconds(time)
        return animations.filter { $0.tag == tag && $0.isRunning(in: tracks[tag], at: t) }.compactMap(\.key)
    }

    // MARK: - Layout

    /// `constraint.constant = value` for the spec's constraint with this `id`: takes effect at the
    /// next layout pass (`layoutIfNeeded`).
    package mutating func setConstraintConstant(_ id: String, to value: Double, at time: Int64) throws(RuntimeError) {
        guard spec.constraints.contains(where: { $0.id == id }) else { throw .unknownConstraint(id) }
        constants[id] = value
        needsLayout = true
    }

    /// The constant of the spec's constraint `id` now: the program's last one, else the spec's.
    package func constraintConstant(_ id: String) -> Double? {
        constants[id] ?? spec.constraints.first { $0.id == id }?.constant
    }

    /// The views the program added that its own constraints place, and those constraints (a Swift
    /// program's): from now on every re-solve places them too; the next `layoutIfNeeded` re-solves.
    package mutating func setCodeLayout(views: [ViewSpec], constraints: [ConstraintSpec]) {
        codeLayout = (views, constraints)
        needsLayout = true
    }

    /// `view.layoutIfNeeded()`: re-solves the layout now if a constant or a label's text changed.
    /// Inside a block with a duration, each view whose frame changed animates to its new frame with
    /// the block's timing (`center` and `bounds`, additively; each in its own frame space, no
    /// re-solve in between: research §3.3); outside one the frames change at once.
    @discardableResult
    package mutating func layoutIfNeeded(at time: Int64) throws(RuntimeError) -> [CompletionChange] {
        guard needsLayout, let relayout else { return [] }
        needsLayout = false
        let new: Layout
        do {
            new = try relayout(
                LayoutRequest(
                    constants: constants, texts: texts, views: codeLayout.views, constraints: codeLayout.constraints,
                    images: spec.images))
        } catch {
            throw .layout("\(error)")
        }
        return apply(new, at: time, step: nil)
    }

    /// Makes `new` the layout from `time` on: inside an animated block the changed views animate
    /// there, otherwise they move at once (a change the program's tracks record as the layout's).
    @discardableResult
    mutating func apply(_ new: Layout, at time: Int64, step: String?) -> [CompletionChange] {
        let t = Self.seconds(time)
        let old = layout(at: t)
        // The spec's constraints do not place the views the program added: they keep their frames.
        var new = new
        let placed = Set(codeLayout.views.map(\.tag))
        for tag in addedTags where !placed.contains(tag) { new.frames[tag] = old.frames[tag] }
        guard new != old else { return [] }
        let animated =
            open.last.map { blocks[$0.index].block.duration > 0 && blocks[$0.index].block.kind == .basic } ?? false
        var changes: [CompletionChange] = []
        for view in spec.views {
            let (a, b) = (old.frame(tag: view.tag), new.frame(tag: view.tag))
            guard a != b else { continue }
            let center = Point(x: b.midX, y: b.midY)
            let size = Size(width: b.width, height: b.height)
            if animated {
                changes += set(.center, of: view.tag, to: center, at: time, step: step)
                changes += set(.bounds, of: view.tag, to: size, at: time, step: step)
            } else {
                tracks[view.tag]?.modify(.center) { $0.setModel(center, at: t, fromLayout: true) }
                tracks[view.tag]?.modify(.bounds) { $0.setModel(size, at: t, fromLayout: true) }
            }
        }
        // After the changes: a view the program had not touched animates from the old layout's
        // frame (its model value is the layout's until then).
        layouts.append((t, new))
        return changes
    }
}
