/// A `CAKeyframeAnimation`'s values over one pass (research §5.5): `values` at `keyTimes`, each
/// segment with its own timing function, joined as `mode` says.
///
/// - linear: straight between neighbours; discrete: each value held until the next key time;
/// - paced: key times and timing functions ignored, constant speed by distance;
/// - cubic: a Kochanek–Bartels spline with tension, continuity and bias 0 (Catmull-Rom) through the
///   values, for values with components (numbers, points, sizes, colours; others move linearly);
/// - cubicPaced: the cubic spline with paced key times.
struct Keyframes<Value: TrackValue> {
    var values: [Value]
    var keyTimes: [Double]
    var timings: [Curve?]
    var mode: CalculationMode

    /// `values.count` key times spread evenly (CAKeyframeAnimation's default without `keyTimes`).
    static func evenKeyTimes(_ count: Int) -> [Double] {
        count < 2 ? [0] : (0..<count).map { Double($0) / Double(count - 1) }
    }

    func value(at p: Double) -> Value {
        guard let first = values.first else { fatalError("a keyframe animation has values") }
        guard values.count > 1 else { return first }
        var times = keyTimes.count >= values.count ? keyTimes : Self.evenKeyTimes(values.count)
        let paced = mode == .paced || mode == .cubicPaced
        if paced { times = pacedKeyTimes() }
        if mode == .discrete {
            // Each value from its key time on; with one key time more than values, the last holds to 1.
            var index = 0
            for (i, time) in times.enumerated() where i < values.count && time <= p { index = i }
            return values[index]
        }
        if p <= times[0] { return values[0] }
        let last = values.count - 1
        if p >= times[last] { return values[last] }
        var i = 0
        while i < last - 1 && p >= times[i + 1] { i += 1 }
        let span = times[i + 1] - times[i]
        guard span > 0 else { return values[i + 1] }
        var local = (p - times[i]) / span
        if !paced, i < timings.count, let curve = timings[i] { local = curve.progress(at: local, duration: span) }
        if mode == .cubic || mode == .cubicPaced, let v = hermite(i, local, times) { return v }
        return values[i].interpolated(to: values[i + 1], local)
    }

    /// Key times proportional to the distance travelled.
    func pacedKeyTimes() -> [Double] {
        var lengths = [0.0]
        for (a, b) in zip(values, values.dropFirst()) { lengths.append(lengths.last! + a.distance(to: b)) }
        let total = lengths.last!
        guard total > 0 else { return Self.evenKeyTimes(values.count) }
        return lengths.map { $0 / total }
    }

    /// The Catmull-Rom segment `i` at `local` (0…1), tangents from the neighbours over their key times.
    func hermite(_ i: Int, _ s: Double, _ times: [Double]) -> Value? {
        guard let p1 = values[i].vector, let p2 = values[i + 1].vector else { return nil }
        let p0 = i > 0 ? values[i - 1].vector ?? p1 : p1
        let p3 = i + 2 < values.count ? values[i + 2].vector ?? p2 : p2
        let t0 = i > 0 ? times[i - 1] : times[i]
        let t3 = i + 2 < values.count ? times[i + 2] : times[i + 1]
        let (t1, t2) = (times[i], times[i + 1])
        let h = t2 - t1
        func tangent(_ a: [Double], _ b: [Double], _ ta: Double, _ tb: Double) -> [Double] {
            tb > ta ? zip(a, b).map { ($1 - $0) / (tb - ta) * h } : a.map { _ in 0 }
        }
        let m1 = tangent(p0, p2, t0, t2)
        let m2 = tangent(p1, p3, t1, t3)
        let (s2, s3) = (s * s, s * s * s)
        let h00 = 2 * s3 - 3 * s2 + 1
        let h10 = s3 - 2 * s2 + s
        let h01 = -2 * s3 + 3 * s2
        let h11 = s3 - s2
        let v = (0..<p1.count).map { k in h00 * p1[k] + h10 * m1[k] + h01 * p2[k] + h11 * m2[k] }
        return Value(vector: v)
    }
}
