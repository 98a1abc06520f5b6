import Testing

@testable import RefreshFramesCore

struct CurveTests {
    // WebKit UnitBezier values from uikit-semantics.md §2.1.
    @Test(arguments: [
        (Curve.linear, [0.1, 0.25, 0.5, 0.75, 0.9]),
        (.easeIn, [0.0170, 0.0935, 0.3154, 0.6219, 0.8394]),
        (.easeOut, [0.1606, 0.3781, 0.6846, 0.9065, 0.9830]),
        (.easeInOut, [0.0197, 0.1292, 0.5000, 0.8708, 0.9803]),
        (.cubicBezier(0.25, 0.1, 0.25, 1), [0.0948, 0.4085, 0.8024, 0.9605, 0.9943]),
    ])
    func matchesCoreAnimationsTimingFunctions(curve: Curve, expected: [Double]) {
        for (x, y) in zip([0.1, 0.25, 0.5, 0.75, 0.9], expected) {
            #expect(abs(curve.progress(at: x) - y) < 0.00006, "\(curve) at \(x)")
        }
    }

    @Test func endpointsAreExact() {
        for curve in [Curve.linear, .easeIn, .easeOut, .easeInOut, .spring(damping: 0.5, velocity: 0)] {
            #expect(curve.progress(at: 0) == 0)
            #expect(curve.progress(at: 1) == 1)
        }
    }

    @Test func anUnderdampedSpringOvershootsAndSettles() {
        let spring = Curve.spring(damping: 0.3, velocity: 0)
        let samples = stride(from: 0.0, through: 1.0, by: 0.01).map { spring.progress(at: $0, duration: 1) }
        #expect(samples.max()! > 1.2)
        #expect(abs(samples[99] - 1) < 0.01)
        let critical = Curve.spring(damping: 1, velocity: 0)
        #expect(stride(from: 0.0, through: 1.0, by: 0.01).allSatisfy { critical.progress(at: $0) <= 1.0001 })
    }
}

struct InterpolationTests {
    @Test func rotationIsInterpolatedDecomposedNotElementWise() {
        let mid = Transform.identity.interpolated(to: Transform(rotation: 45), 0.5)
        #expect(mid.rotation == 22.5)
        #expect(mid.scaleX == 1 && mid.scaleY == 1)
        // Element-wise lerp of the matrices would have shrunk it to 0.924.
        let m = mid.matrix
        #expect(abs((m[0] * m[0] + m[1] * m[1]).squareRoot() - 1) < 1e-12)
    }

    @Test func rotationsTakeTheShortWay() {
        #expect(Transform.identity.interpolated(to: Transform(rotation: 360), 0.5).rotation == 0)
        #expect(Transform.identity.interpolated(to: Transform(rotation: 270), 0.5).rotation == -45)
    }

    @Test func scaleAndTranslationMoveLinearly() {
        let t = Transform(scaleX: 1.5, scaleY: 1.5, translationX: 10).interpolated(to: .identity, 0.5)
        #expect(t == Transform(scaleX: 1.25, scaleY: 1.25, translationX: 5))
    }

    @Test func colorsMixNonPremultiplied() {
        let mid = RGBA.clear.interpolated(to: RGBA(red: 1, green: 0, blue: 1), 0.5)
        #expect(mid == RGBA(red: 0.5, green: 0, blue: 0.5, alpha: 0.5))
        #expect(RGBA(red: 0.6, green: 0.4, blue: 0.2).hexString == "#996633FF")
    }

    @Test func clockFormatsInUTC() {
        #expect(formatClock(1_455_451_200, pattern: "yyyy-MM-dd HH:mm:ss") == "2016-02-14 12:00:00")
        #expect(expandClockTemplates("最后一次更新时间： {now:yyyy-MM-dd HH:mm:ss}", now: 0) == "最后一次更新时间： 1970-01-01 00:00:00")
    }
}
