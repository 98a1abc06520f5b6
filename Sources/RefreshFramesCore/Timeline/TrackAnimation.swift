/// `CAMediaTiming` for one animation: when it begins, how long one pass lasts, how often it
/// repeats and whether it shows outside its active time (research §9.3).
package struct AnimationTiming: Sendable, Equatable {
    /// Seconds on the scenario's clock.
    package var begin: Double
    /// One pass, in seconds (> 0).
    package var duration: Double
    /// 0 is one pass; fractions allowed; `.infinity` forever, and so is FLT_MAX (`MAXFLOAT`,
    /// `Float.greatestFiniteMagnitude`): Apple's CAMediaTiming says that value repeats forever.
    package var repeatCount: Double = 0 {
        didSet { repeatCount = Self.forever(repeatCount) }
    }
    package var autoreverses = false
    package var speed = 1.0
    package var timeOffset = 0.0
    /// The timing function applied within each pass; nil is linear.
    package var curve: Curve? = nil
    package var fillBackwards = false
    package var fillForwards = false
    package var removedOnCompletion = true

    package init(
        begin: Double, duration: Double, repeatCount: Double = 0, autoreverses: Bool = false, curve: Curve? = nil,
        fillBackwards: Bool = false, fillForwards: Bool = false, removedOnCompletion: Bool = true
    ) {
        self.begin = begin
        self.duration = duration
        self.repeatCount = Self.forever(repeatCount)
        self.autoreverses = autoreverses
        self.curve = curve
        self.fillBackwards = fillBackwards
        self.fillForwards = fillForwards
        self.removedOnCompletion = removedOnCompletion
    }

    static func forever(_ count: Double) -> Double {
        count >= Double(Float.greatestFiniteMagnitude) ? .infinity : count
    }

    /// UIKit's for a block: fillMode both, beginTime = the block's start (research §1.1).
    static func block(begin: Double, duration: Double, curve: Curve, repeatCount: Double, autoreverses: Bool)
        -> AnimationTiming
    {
        AnimationTiming(
            begin: begin, duration: duration, repeatCount: repeatCount, autoreverses: autoreverses, curve: curve,
            fillBackwards: true, fillForwards: true)
    }

    /// duration × repeats × (2 with autoreverse): how long it runs (research §2.3).
    package var activeDuration: Double {
        let count = repeatCount == 0 ? 1 : repeatCount
        return duration * count * (autoreverses ? 2 : 1)
    }

    /// When it stops on the scenario's clock (its delegate's `animationDidStop` with `finished = true`).
    package var end: Double {
        guard speed > 0 else { return .infinity }
        return begin + activeDuration / speed
    }

    /// Seconds as whole microseconds, the runtime's clock tick (`AnimationRuntime.seconds`): the
    /// times it adds animations at, begins and durations are made of them, so a begin or an end is
    /// decided exactly there, where doubles are not (0.6 − 0.2 = 0.39999999999999997 < 0.4 would
    /// show a removed animation's last value at its end instead of the model).
    static func ticks(_ seconds: Double) -> Double { (seconds * 1_000_000).rounded() }

    /// The fraction into its pass and the number of passes done at `t`; nil when it shows nothing.
    /// At `begin + activeDuration` exactly it is over: with fillMode removed (or removed on
    /// completion) the model shows from that instant (CAMediaTiming: the active duration is
    /// `[beginTime, beginTime + duration × repeatCount)`; docs/uikit-semantics-sources.md).
    func progress(at t: Double) -> (fraction: Double, iteration: Int)? {
        if Self.ticks(t) < Self.ticks(begin) { return fillBackwards ? (0, 0) : nil }
        var active = (t - begin) * speed + timeOffset
        if Self.ticks(active) < 0 { return fillBackwards ? (0, 0) : nil }
        let total = activeDuration
        if Self.ticks(active) >= Self.ticks(total) {
            guard fillForwards && !removedOnCompletion else { return nil }
            active = total
        }
        let cycle = duration * (autoreverses ? 2 : 1)
        var iteration = (active / cycle).rounded(.down)
        var phase = active - iteration * cycle
        if phase == 0 && iteration > 0 && active == total {
            iteration -= 1
            phase = cycle
        }
        let forward = !autoreverses || phase <= duration
        let fraction = forward ? phase / duration : (cycle - phase) / duration
        return (min(max(fraction, 0), 1), iteration.isFinite ? Int(min(iteration, 1e9)) : 0)
    }
}

/// What an animation interpolates.
package enum AnimationValues<Value: TrackValue>: Sendable, Equatable {
    /// `fromValue`/`toValue`/`byValue`; a missing end is the model value, read at each instant.
    case basic(from: Value?, to: Value?, by: Value?)
    /// `values` at `keyTimes` (0…1, as many as the values), each segment with its timing function.
    case keyframes(values: [Value], keyTimes: [Double], timings: [Curve?], mode: CalculationMode)
}

/// One Core Animation animation on one property of one layer: its timing, its values, and
/// whether it adds to what is below it or replaces it.
package struct TrackAnimation<Value: TrackValue>: Sendable, Equatable {
    /// The key it was added under (`layer.add(_:forKey:)`; UIKit's blocks use the key path).
    package var key: String?
    /// When it was added: it shows nothing before (even with backwards fill).
    package var addedAt: Double
    package var timing: AnimationTiming
    package var additive: Bool
    package var cumulative = false
    /// The whole value, or one component (`transform.rotation.z`) with numbers.
    package var values: AnimationValues<Value>?
    package var component: (ValueComponent, AnimationValues<Double>)? {
        get { componentValues.map { ($0.component, $0.values) } }
        set { componentValues = newValue.map { ComponentValues(component: $0.0, values: $0.1) } }
    }
    var componentValues: ComponentValues?
    /// When it was removed (`removeAnimation`, or replaced by a later animation of the key).
    package var removedAt: Double?
    /// The runtime's number for it (its `AnimationID`).
    package var serial = 0
    /// A UIKit block's change from `old` to `new` whose additive form shows exactly what moving
    /// from `old` to `new` directly shows: sampled that way while it is alone, so the values are
    /// the ones an animation that replaces gives, bit for bit.
    var direct: (old: Value, new: Value)? {
        get { directValues.map { ($0.old, $0.new) } }
        set { directValues = newValue.map { DirectValues(old: $0.0, new: $0.1) } }
    }
    var directValues: DirectValues?

    struct ComponentValues: Sendable, Equatable {
        var component: ValueComponent
        var values: AnimationValues<Double>
    }

    struct DirectValues: Sendable, Equatable {
        var old: Value
        var new: Value
    }

    package init(
        key: String?, addedAt: Double, timing: AnimationTiming, additive: Bool, values: AnimationValues<Value>
    ) {
        self.key = key
        self.addedAt = addedAt
        self.timing = timing
        self.additive = additive
        self.values = values
    }

    package init(
        key: String?, addedAt: Double, timing: AnimationTiming, additive: Bool, component: ValueComponent,
        values: AnimationValues<Double>
    ) {
        self.key = key
        self.addedAt = addedAt
        self.timing = timing
        self.additive = additive
        self.componentValues = ComponentValues(component: component, values: values)
    }

    /// When it stops showing for good (removed, or its active time over without forward fill).
    var presenceEnd: Double {
        let end = timing.removedOnCompletion || !timing.fillForwards ? timing.end : .infinity
        return min(end, removedAt ?? .infinity)
    }

    /// When its delegate hears `animationDidStop` and with which flag.
    package var stop: (time: Double, finished: Bool)? {
        if let removedAt, removedAt < timing.end { return (removedAt, false) }
        return timing.end.isFinite ? (timing.end, true) : nil
    }

    /// Whether it is attached and has not stopped at `t`.
    func isRunning(at t: Double) -> Bool {
        (removedAt.map { t < $0 } ?? true)
            && (AnimationTiming.ticks(t) < AnimationTiming.ticks(timing.end)
                || (timing.fillForwards && !timing.removedOnCompletion))
    }

    func isPresent(at t: Double) -> Bool {
        t >= addedAt && (removedAt.map { t < $0 } ?? true) && timing.progress(at: t) != nil
    }

    /// The value shown at `t` when nothing else shows, for a `direct` animation whose target is
    /// the model value; nil otherwise.
    func directValue(at t: Double, model: Value) -> Value? {
        guard let direct, direct.new == model, let (fraction, _) = timing.progress(at: t) else { return nil }
        if AnimationTiming.ticks(t) < AnimationTiming.ticks(timing.begin) { return direct.old }
        let p = timing.curve?.progress(at: fraction, duration: timing.duration) ?? fraction
        return direct.old.interpolated(to: direct.new, p)
    }

    /// `below` (the value of the model and the animations added before) with this one applied at `t`.
    func apply(to below: Value, model: Value, at t: Double) -> Value {
        guard let (fraction, iteration) = timing.progress(at: t) else { return below }
        let p = timing.curve?.progress(at: fraction, duration: timing.duration) ?? fraction
        if let values {
            let v = Self.evaluate(values, base: model, p: p, iteration: cumulative ? iteration : 0)
            return additive ? below.adding(v) : v
        }
        if let componentValues, let base = model.component(componentValues.component) {
            let v = Self.evaluate(componentValues.values, base: base, p: p, iteration: cumulative ? iteration : 0)
            return below.with(componentValues.component, v, adding: additive) ?? below
        }
        return below
    }

    /// The animated value at progress `p` of a pass, `iteration` passes accumulated.
    static func evaluate<V: TrackValue>(_ values: AnimationValues<V>, base: V, p: Double, iteration: Int) -> V {
        switch values {
        case .basic(let from, let to, let by):
            let (a, b) = ends(from: from, to: to, by: by, base: base)
            var v = a.interpolated(to: b, p)
            if iteration > 0, let delta = a.offset(from: b) {
                for _ in 0..<min(iteration, 10_000) { v = v.adding(delta) }
            }
            return v
        case .keyframes(let values, let keyTimes, let timings, let mode):
            return Keyframes(values: values, keyTimes: keyTimes, timings: timings, mode: mode).value(at: p)
        }
    }

    /// CABasicAnimation's table (research §9.2): which values a pass runs between.
    static func ends<V: TrackValue>(from: V?, to: V?, by: V?, base: V) -> (V, V) {
        switch (from, to, by) {
        case (let f?, let t?, _): (f, t)
        case (let f?, nil, let b?): (f, f.adding(b))
        case (nil, let t?, let b?): (b.offset(from: t) ?? t, t)
        case (let f?, nil, nil): (f, base)
        case (nil, let t?, nil): (base, t)
        case (nil, nil, let b?): (base, base.adding(b))
        case (nil, nil, nil): (base, base)
        }
    }
}
