import Testing

@testable import RefreshFramesCore

/// `CAKeyframeAnimation`'s `cubic` mode at its first and last values, where a value has one
/// neighbour. Apple says only "a Catmull-Rom spline … the standard Kochanek-Bartels form"; neither
/// it nor Kochanek and Bartels (1984) says what an end value's tangent is. The engine and the
/// UIKit shim take the cubic Hermite spline's convention, a one-sided difference at the ends of
/// the data (Wikipedia, "Cubic Hermite spline", Finite difference: "one-sided difference at the
/// endpoints of the data set"); docs/uikit-semantics-sources.md, "Keyframes", says how sure that is.
@Suite struct CubicKeyframeEndTests {
    /// The Hermite segment from `p0` to `p1` with tangents `m0`, `m1` (per segment) at `s`.
    static func hermite(_ p0: Double, _ p1: Double, _ m0: Double, _ m1: Double, _ s: Double) -> Double {
        let (s2, s3) = (s * s, s * s * s)
        return (2 * s3 - 3 * s2 + 1) * p0 + (s3 - 2 * s2 + s) * m0 + (-2 * s3 + 3 * s2) * p1 + (s3 - s2) * m1
    }

    @Test func endValuesTakeTheWholeChordToTheirNeighbour() {
        // Values 0, 10, 30 at key times 0, 0.25, 1: steps h0 = 0.25, h1 = 0.75. Tangents per unit
        // time: at 0 the one-sided (10 − 0) / 0.25 = 40; at 0.25 Catmull-Rom's (30 − 0) / 1 = 30;
        // at 1 the one-sided (30 − 10) / 0.75. Per segment they are scaled by its step.
        let k = Keyframes<Double>(values: [0, 10, 30], keyTimes: [0, 0.25, 1], timings: [], mode: .cubic)
        let first = Self.hermite(0, 10, 40 * 0.25, 30 * 0.25, 0.5)
        let second = Self.hermite(10, 30, 30 * 0.75, (30 - 10) / 0.75 * 0.75, 0.5)
        #expect(abs(first - 5.3125) < 1e-12)
        #expect(abs(second - 20.3125) < 1e-12)
        #expect(abs(k.value(at: 0.125) - first) < 1e-9)
        #expect(abs(k.value(at: 0.625) - second) < 1e-9)
        // Repeating the end value instead (p₋₁ = p₀) would halve the end tangent: 4.6875 at 0.125.
        #expect(abs(k.value(at: 0.125) - Self.hermite(0, 10, 40 * 0.25 / 2, 30 * 0.25, 0.5)) > 0.5)
    }
}
