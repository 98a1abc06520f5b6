import RefreshFramesCore

/// What the shim's Core Animation does with the animations added to layers, from Apple's
/// documentation (the rules and their pages are listed in docs/swift.md, "Proof without an iPhone"):
///
/// - CAMediaTiming: an animation's local time runs from its `beginTime` (0: when it was added);
///   its active duration is `duration` (0: 0.25 s) × `repeatCount` (0: one pass; fractions allowed)
///   × 2 with `autoreverses`, each pass forward then, autoreversing, backward, its
///   `timingFunction` (nil: linear) applied within each pass.
/// - `fillMode`: before the begin time it shows only with `backwards` or `both` (its first
///   value); after the active duration it is removed from the layer when `isRemovedOnCompletion`
///   (the default), and shows its final state only with `forwards` or `both` when it is not.
/// - The layer's model value never changes: where no animation is in effect (removed, or outside
///   its active time and not filling) the layer shows the model.
/// - CABasicAnimation's "Setting Interpolation Values": from/to, from/from+by, to−by/to; a missing
///   end is the current presentation value (what the animations below it show).
/// - `isAdditive`: the animation's value is added to the current render-tree value.
/// - CAKeyframeAnimation: `values` at `keyTimes` (even when absent), `timingFunctions` per
///   segment; `discrete` holds each value until the next key time; `paced` ignores keyTimes and
///   timingFunctions and spaces the key times by distance, for a constant velocity; `cubic` is a
///   Catmull-Rom spline through the values (Kochanek–Bartels with tension, continuity and bias 0).
/// - Animations apply in the order they were added, each to what the ones before it show.
extension Shim {
    package enum LayerContent {
        case basic(from: (any TrackValue)?, to: (any TrackValue)?, by: (any TrackValue)?)
        case keyframes(values: [any TrackValue], keyTimes: [Double]?, timings: [Curve]?, mode: String)
    }

    /// One animation on a view's layer, as it was when `add(_:forKey:)` copied it.
    package struct LayerAnimationRecord {
        package var view: ObjectIdentifier
        /// The property's name in the engine's table, and the component the key path names.
        package var property: String
        var component: String?
        var content: LayerContent
        var key: String?
        /// On the shim's clock, seconds.
        var begin: Double
        var duration: Double
        var repeatCount: Double
        var autoreverses: Bool
        var additive: Bool
        var fillBackwards: Bool
        var fillForwards: Bool
        var removedOnCompletion: Bool
        var curve: Curve?
        var removedAt: Double?
        /// When `add(_:forKey:)` put it on the layer: it shows nothing before (a backwards fill
        /// shows its first value from then to its begin time).
        var added: Double
        /// Its delegate's `animationDidStop(_:finished:)`, until called; the run loop's event for
        /// its active end (none when it repeats for ever).
        var stopped: (@MainActor (Bool) -> Void)?
        var stopEvent: Int?
        /// Its place among the animations added to layers (`Shim.addOrder`).
        var order = 0

        /// When its active duration ends on the shim's clock (`.infinity`: never).
        var activeEnd: Double {
            let d = duration > 0 ? duration : 0.25
            return begin + d * (repeatCount == 0 ? 1 : repeatCount) * (autoreverses ? 2 : 1)
        }

        /// The local time at `t` and the pass's progress (after the timing function); nil when
        /// the animation is not in effect then.
        func progress(at t: Double) -> Double? {
            if let removedAt, t >= removedAt { return nil }
            guard t >= added else { return nil }
            let d = duration > 0 ? duration : 0.25
            let passes = repeatCount == 0 ? 1 : repeatCount
            let active = d * passes * (autoreverses ? 2 : 1)
            // In whole microseconds, as the shim's clock counts.
            var local = ((t - begin) * 1_000_000).rounded() / 1_000_000
            if local < 0 {
                guard fillBackwards else { return nil }
                local = 0
            }
            var ended = false
            if local >= active {
                guard !removedOnCompletion, fillForwards else { return nil }
                local = active
                ended = true
            }
            let cycle = autoreverses ? 2 * d : d
            var phase = local - (local / cycle).rounded(.down) * cycle
            // The end of a whole number of passes is the end of the last one, not the start of the next.
            if ended && phase == 0 && local > 0 { phase = cycle }
            let x = phase <= d ? phase / d : 1 - (phase - d) / d
            return curve?.progress(at: x, duration: d) ?? x
        }
    }

    /// Seconds `CACurrentMediaTime()` is ahead of the shim's clock.
    package static let mediaTimeOrigin = 1000.0
    package internal(set) static var layerAnimations: [LayerAnimationRecord] = []

    /// `layer.add(_:forKey:)`: the animation's key path as the engine's property and a component
    /// (Core Animation's key-value coding extensions: `position.x`, `transform.rotation.z`, …).
    static func addLayerAnimation(_ a: CAPropertyAnimation, keyPath: String, to view: UIView, forKey key: String?) {
        let components: [String: (String, String)] = [
            "position.x": ("position", "x"), "position.y": ("position", "y"),
            "bounds.size.width": ("bounds.size", "width"), "bounds.size.height": ("bounds.size", "height"),
            "transform.rotation.z": ("transform", "rotation"), "transform.rotation": ("transform", "rotation"),
            "transform.rotation.x": ("transform", "rotationX"), "transform.rotation.y": ("transform", "rotationY"),
            "transform.scale": ("transform", "scale"), "transform.scale.x": ("transform", "scaleX"),
            "transform.scale.y": ("transform", "scaleY"), "transform.translation.x": ("transform", "translationX"),
            "transform.translation.y": ("transform", "translationY"),
        ]
        let (path, component) = components[keyPath].map { ($0.0, Optional($0.1)) } ?? (keyPath, nil)
        guard let property = AnimatableProperties.property(layerKeyPath: path) else { return }
        let t = currentTime
        if let key {
            for i in layerAnimations.indices
            where layerAnimations[i].view == ObjectIdentifier(view) && layerAnimations[i].key == key
                && layerAnimations[i].removedAt == nil
            {
                removeLayerAnimation(i, at: t)
            }
        }
        var content: LayerContent
        var curve = a.timingFunction?.curve
        if let k = a as? CAKeyframeAnimation {
            content = .keyframes(
                values: (k.values ?? []).compactMap(trackValue), keyTimes: k.keyTimes?.map(\.doubleValue),
                timings: k.timingFunctions?.map(\.curve), mode: k.calculationMode.rawValue)
        } else if let b = a as? CABasicAnimation {
            content = .basic(
                from: b.fromValue.flatMap(trackValue), to: b.toValue.flatMap(trackValue),
                by: b.byValue.flatMap(trackValue))
            if let s = b as? CASpringAnimation {
                curve = .physicalSpring(
                    SpringParameters(
                        mass: s.mass, stiffness: s.stiffness, damping: s.damping, initialVelocity: s.initialVelocity))
            }
        } else {
            return
        }
        addOrder += 1
        layerAnimations.append(
            LayerAnimationRecord(
                view: ObjectIdentifier(view), property: property.name, component: component, content: content, key: key,
                // On the shim's clock, whole microseconds as it keeps time.
                begin: a.beginTime == 0 ? t : Double(micros(a.beginTime - mediaTimeOrigin)) / 1_000_000,
                duration: a.duration,
                repeatCount: Double(a.repeatCount), autoreverses: a.autoreverses, additive: a.isAdditive,
                fillBackwards: a.fillMode == .backwards || a.fillMode == .both,
                fillForwards: a.fillMode == .forwards || a.fillMode == .both,
                removedOnCompletion: a.isRemovedOnCompletion, curve: curve, added: t, order: addOrder))
        if let delegate = a.delegate { scheduleStop(of: layerAnimations.count - 1, delegate: delegate, animation: a) }
    }

    /// A value of an animation (`NSNumber`-like numbers, `CGPoint`, `CGSize`, `CGColor`,
    /// `CATransform3D`, `Bool`) in the engine's form.
    static func trackValue(_ value: Any) -> (any TrackValue)? {
        // By exact type: Foundation bridges numbers, so `1 as CGFloat` would also cast to `Bool`.
        if type(of: value) == Bool.self, let b = value as? Bool { return b }
        return switch value {
        case let x as CGFloat: Double(x)
        case let x as Double: x
        case let x as Int: Double(x)
        case let x as Float: Double(x)
        case let p as CGPoint: Point(p)
        case let s as CGSize: Size(s)
        case let c as CGColor: c.rgba
        case let m as CATransform3D: Transform(m)
        default: nil
        }
    }

    /// What view `view`'s property shows at `time` over its `model` value: its layer's animations
    /// in effect then, applied in the order they were added, the blocks' among them. `blocks` is
    /// what the blocks in flight make of the value below them (their own value for a property that
    /// does not add; their offsets added to it for one that does), applied where the first of them
    /// was added (`blocksAdded`, a `Change.order`; nil: none in flight, applied first). So a layer
    /// animation added before a block shows beneath it, one added after over it (Core Animation
    /// renders a layer's animations in the order they were added: docs/uikit-semantics-sources.md).
    package static func layerPresentation<V: TrackValue>(
        _ model: V, view: ObjectIdentifier, property: String, at time: Double, blocksAdded: Int? = nil,
        blocks: (V) -> V = { $0 }
    ) -> V {
        var shown = model
        var blocksApplied = false
        for r in layerAnimations where r.view == view && r.property == property {
            guard let p = r.progress(at: time) else { continue }
            if !blocksApplied && r.order > (blocksAdded ?? 0) {
                shown = blocks(shown)
                blocksApplied = true
            }
            if let component = r.component {
                guard let base = Self.component(component, of: shown),
                    let value = animated(r.content, base: base, at: p, duration: r.duration > 0 ? r.duration : 0.25)
                        as? Double,
                    let next = Self.setting(component, of: shown, to: r.additive ? base + value : value)
                else { continue }
                shown = next
            } else {
                guard
                    let value = animated(r.content, base: shown, at: p, duration: r.duration > 0 ? r.duration : 0.25)
                        as? V
                else { continue }
                shown = r.additive ? (added(shown, value) ?? value) : value
            }
        }
        return blocksApplied ? shown : blocks(shown)
    }

    /// The animation's value at progress `p`, its missing ends the `base` (the presentation below it).
    private static func animated<V: TrackValue>(_ content: LayerContent, base: V, at p: Double, duration: Double)
        -> (any TrackValue)?
    {
        switch content {
        case .basic(let from, let to, let by):
            let (f, t, b) = (from as? V, to as? V, by as? V)
            let start: V
            let end: V
            switch (f, t, b) {
            case (let f?, let t?, _): (start, end) = (f, t)
            case (let f?, nil, let b?): (start, end) = (f, added(f, b) ?? f)
            case (nil, let t?, let b?): (start, end) = (subtracted(t, b) ?? t, t)
            case (let f?, nil, nil): (start, end) = (f, base)
            case (nil, let t?, nil): (start, end) = (base, t)
            case (nil, nil, let b?): (start, end) = (base, added(base, b) ?? base)
            case (nil, nil, nil): (start, end) = (base, base)
            }
            return start.interpolated(to: end, p)
        case .keyframes(let values, let keyTimes, let timings, let mode):
            let typed = values.compactMap { $0 as? V }
            guard typed.count == values.count, !typed.isEmpty else { return nil }
            return keyframeValue(typed, keyTimes: keyTimes, timings: timings, mode: mode, at: p, duration: duration)
        }
    }

    /// A keyframe animation's value at progress `p` of its pass (CAKeyframeAnimation's documentation;
    /// `paced` and `cubic` for numbers, points, sizes and colours, whose components the shim adds).
    nonisolated package static func keyframeValue<V: TrackValue>(
        _ values: [V], keyTimes: [Double]?, timings: [Curve]?, mode: String, at p: Double, duration: Double = 1
    ) -> V {
        let n = values.count
        guard n > 1 else { return values[0] }
        let vectors = values.map(Self.vector)
        let numeric = vectors.allSatisfy { $0 != nil }
        var times = keyTimes ?? (0..<n).map { Double($0) / Double(mode == "discrete" ? n : n - 1) }
        var perSegment = timings
        if mode == "paced" || mode == "cubicPaced", numeric {
            // Constant velocity: key times by the distance covered; keyTimes and timingFunctions ignored.
            var covered = [0.0]
            for i in 1..<n { covered.append(covered[i - 1] + distance(vectors[i - 1]!, vectors[i]!)) }
            let total = covered[n - 1]
            times = total > 0 ? covered.map { $0 / total } : (0..<n).map { Double($0) / Double(n - 1) }
            perSegment = nil
        }
        guard let i = times.lastIndex(where: { $0 <= p }) else { return values[0] }
        if mode == "discrete" || i + 1 >= n { return values[min(i, n - 1)] }
        let span = times[i + 1] - times[i]
        var local = span > 0 ? (p - times[i]) / span : 1
        if let perSegment, i < perSegment.count {
            local = perSegment[i].progress(at: local, duration: span)
        }
        guard mode == "cubic" || mode == "cubicPaced", numeric, let type = V.self as? any ShimVector.Type else {
            return values[i].interpolated(to: values[i + 1], local)
        }
        // Kochanek–Bartels with tension, continuity and bias 0: the tangent at a value is half the
        // difference of its neighbours, adjusted for unequal key time steps as the 1984 paper does
        // (× 2hᵢ/(hᵢ₋₁ + hᵢ) leaving a value, × 2hᵢ₋₁/(hᵢ₋₁ + hᵢ) arriving). Neither Apple nor the
        // paper says what an end value's tangent is: here the cubic Hermite spline's convention, a
        // one-sided difference at the ends of the data (docs/uikit-semantics-sources.md, "Keyframes").
        func step(_ k: Int) -> Double { times[min(max(k, 0), n - 2) + 1] - times[min(max(k, 0), n - 2)] }
        func tangent(_ k: Int, leaving: Bool) -> [Double] {
            // An end value: the one-sided difference, the whole chord to its neighbour.
            if k == 0 { return zip(vectors[1]!, vectors[0]!).map { $0 - $1 } }
            if k == n - 1 { return zip(vectors[n - 1]!, vectors[n - 2]!).map { $0 - $1 } }
            let before = vectors[max(k - 1, 0)]!
            let after = vectors[min(k + 1, n - 1)]!
            let (h0, h1) = (k == 0 ? step(0) : step(k - 1), k == n - 1 ? step(n - 2) : step(k))
            let scale = h0 + h1 > 0 ? 2 * (leaving ? h1 : h0) / (h0 + h1) : 0
            return zip(after, before).map { ($0 - $1) / 2 * scale }
        }
        let (p0, p1) = (vectors[i]!, vectors[i + 1]!)
        let (m0, m1) = (tangent(i, leaving: true), tangent(i + 1, leaving: false))
        let s = local
        let (h00, h10) = (2 * s * s * s - 3 * s * s + 1, s * s * s - 2 * s * s + s)
        let (h01, h11) = (-2 * s * s * s + 3 * s * s, s * s * s - s * s)
        let point = (0..<p0.count).map { h00 * p0[$0] + h10 * m0[$0] + h01 * p1[$0] + h11 * m1[$0] }
        return type.init(shimComponents: point) as? V ?? values[i].interpolated(to: values[i + 1], local)
    }

    nonisolated private static func vector<V>(_ v: V) -> [Double]? { (v as? any ShimVector)?.shimComponents }

    nonisolated private static func distance(_ a: [Double], _ b: [Double]) -> Double {
        zip(a, b).map { ($0 - $1) * ($0 - $1) }.reduce(0, +).squareRoot()
    }

    /// `a + b` component by component (numbers, points, sizes); nil for other values.
    private static func added<V>(_ a: V, _ b: V) -> V? {
        guard let x = vector(a), let y = vector(b), let type = V.self as? any ShimVector.Type else { return nil }
        return type.init(shimComponents: zip(x, y).map { $0 + $1 }) as? V
    }

    private static func subtracted<V>(_ a: V, _ b: V) -> V? {
        guard let x = vector(a), let y = vector(b), let type = V.self as? any ShimVector.Type else { return nil }
        return type.init(shimComponents: zip(x, y).map { $0 - $1 }) as? V
    }

    /// A component of a point (`x`, `y`), size (`width`, `height`) or transform (rotation in
    /// radians, scale, translation), as Core Animation's key-value coding extensions name them.
    private static func component<V>(_ name: String, of value: V) -> Double? {
        switch (value, name) {
        case (let p as Point, "x"): p.x
        case (let p as Point, "y"): p.y
        case (let s as Size, "width"): s.width
        case (let s as Size, "height"): s.height
        case (let t as Transform, "rotation"): t.rotation * .pi / 180
        case (let t as Transform, "rotationX"): t.fields.rotationX * .pi / 180
        case (let t as Transform, "rotationY"): t.fields.rotationY * .pi / 180
        case (let t as Transform, "scale"), (let t as Transform, "scaleX"): t.scaleX
        case (let t as Transform, "scaleY"): t.scaleY
        case (let t as Transform, "translationX"): t.translationX
        case (let t as Transform, "translationY"): t.translationY
        default: nil
        }
    }

    private static func setting<V>(_ name: String, of value: V, to v: Double) -> V? {
        switch value {
        case var p as Point:
            if name == "x" { p.x = v } else { p.y = v }
            return p as? V
        case var s as Size:
            if name == "width" { s.width = v } else { s.height = v }
            return s as? V
        case let t as Transform:
            // The number replaces one field of the transform's decomposition; the others, the
            // rotations about x and y and the perspective (m34) among them, stay.
            var f = t.fields
            switch name {
            case "rotation": f.rotation = v * 180 / .pi
            case "rotationX": f.rotationX = v * 180 / .pi
            case "rotationY": f.rotationY = v * 180 / .pi
            case "scale": (f.scaleX, f.scaleY) = (v, v)
            case "scaleX": f.scaleX = v
            case "scaleY": f.scaleY = v
            case "translationX": f.translationX = v
            default: f.translationY = v
            }
            return f as? V
        default: return nil
        }
    }
}

/// A value the shim adds, subtracts and splines component by component.
protocol ShimVector {
    var shimComponents: [Double] { get }
    init?(shimComponents: [Double])
}

extension Double: ShimVector {
    var shimComponents: [Double] { [self] }
    init?(shimComponents c: [Double]) { self = c[0] }
}

extension Point: ShimVector {
    var shimComponents: [Double] { [x, y] }
    init?(shimComponents c: [Double]) { self.init(x: c[0], y: c[1]) }
}

extension Size: ShimVector {
    var shimComponents: [Double] { [width, height] }
    init?(shimComponents c: [Double]) { self.init(width: c[0], height: c[1]) }
}

extension RGBA: ShimVector {
    var shimComponents: [Double] { [red, green, blue, alpha] }
    init?(shimComponents c: [Double]) { self.init(red: c[0], green: c[1], blue: c[2], alpha: c[3]) }
}
