import Foundation

/// A timing curve: maps the fraction of elapsed time to the fraction of progress.
package enum Curve: Sendable, Equatable, CustomStringConvertible {
    case linear
    case easeIn
    case easeOut
    /// `UIView.animate`'s default (`kCAMediaTimingFunctionEaseInEaseOut`, 0.42, 0, 0.58, 1).
    case easeInOut
    case cubicBezier(Double, Double, Double, Double)
    /// `usingSpringWithDamping:initialSpringVelocity:` over the block's duration.
    case spring(damping: Double, velocity: Double)
    /// A `CASpringAnimation`'s physics (mass, stiffness, damping, initialVelocity), cut at the
    /// animation's duration whether or not it has settled.
    case physicalSpring(SpringParameters)

    package var description: String {
        switch self {
        case .linear: "linear"
        case .easeIn: "easeIn"
        case .easeOut: "easeOut"
        case .easeInOut: "easeInOut"
        case .cubicBezier(let a, let b, let c, let d): "cubicBezier(\(fmt(a)),\(fmt(b)),\(fmt(c)),\(fmt(d)))"
        case .spring(let damping, let velocity): "spring(damping: \(fmt(damping)), velocity: \(fmt(velocity)))"
        case .physicalSpring(let p):
            "spring(mass: \(fmt(p.mass)), stiffness: \(fmt(p.stiffness)), damping: \(fmt(p.damping)), velocity: \(fmt(p.initialVelocity)))"
        }
    }

    /// Progress at `fraction` of the duration (0…1). `duration` matters only for springs.
    package func progress(at fraction: Double, duration: Double = 1) -> Double {
        let x = min(max(fraction, 0), 1)
        switch self {
        case .linear: return x
        case .easeIn: return UnitBezier(0.42, 0, 1, 1).solve(x)
        case .easeOut: return UnitBezier(0, 0, 0.58, 1).solve(x)
        case .easeInOut: return UnitBezier(0.42, 0, 0.58, 1).solve(x)
        case .cubicBezier(let a, let b, let c, let d): return UnitBezier(a, b, c, d).solve(x)
        case .spring(let damping, let velocity):
            if x >= 1 { return 1 }
            return Spring(damping: damping, velocity: velocity, duration: duration).value(at: x * duration)
        case .physicalSpring(let p):
            return Spring(mass: p.mass, stiffness: p.stiffness, damping: p.damping, velocity: p.initialVelocity)
                .value(at: x * duration)
        }
    }
}

private func fmt(_ v: Double) -> String {
    v == v.rounded() ? String(Int(v)) : String(v)
}

/// WebKit's UnitBezier solver (what Core Animation is believed to use): Newton iterations, then bisection.
struct UnitBezier {
    let cx, bx, ax, cy, by, ay: Double

    init(_ p1x: Double, _ p1y: Double, _ p2x: Double, _ p2y: Double) {
        cx = 3 * p1x
        bx = 3 * (p2x - p1x) - cx
        ax = 1 - cx - bx
        cy = 3 * p1y
        by = 3 * (p2y - p1y) - cy
        ay = 1 - cy - by
    }

    func sampleX(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }
    func sampleY(_ t: Double) -> Double { ((ay * t + by) * t + cy) * t }
    func sampleDerivativeX(_ t: Double) -> Double { (3 * ax * t + 2 * bx) * t + cx }

    func solveX(_ x: Double, epsilon: Double = 1e-7) -> Double {
        var t = x
        for _ in 0..<8 {
            let error = sampleX(t) - x
            if abs(error) < epsilon { return t }
            let d = sampleDerivativeX(t)
            if abs(d) < 1e-6 { break }
            t -= error / d
        }
        var lo = 0.0
        var hi = 1.0
        t = x
        while lo < hi {
            let v = sampleX(t)
            if abs(v - x) < epsilon { return t }
            if x > v { lo = t } else { hi = t }
            t = (hi - lo) / 2 + lo
            if hi - lo < 1e-12 { break }
        }
        return t
    }

    func solve(_ x: Double) -> Double { sampleY(solveX(x)) }
}

/// A damped spring from 0 to 1 as `usingSpringWithDamping:initialSpringVelocity:` makes it:
/// UIKit's `parametersOfSpringAnimation` (research §10.2: OpenUXKit's reconstruction of UXKit and
/// an Apple app's inlined copy in the iOS 26.1 dump agree) finds the natural frequency ω0 by
/// exactly 12 Newton steps from ω = 5/T, with the analytic derivative, on
///
/// - underdamped (ζ < 1): f(ω) = ε − |(ζω − v) / (√(1 − ζ²)·ω)|·e^(−ζTω),
/// - critically damped (ζ = 1): f(ω) = ∓ε + ((ω − v)T + 1)·e^(−Tω) (+ε while ω < v),
///
/// with ε = 0.001, ζ clamped to [1.19e−7, 1] and T to [0.01, 10] s. It takes whatever root Newton
/// reaches, so (ζ 0.7, v 3, 1 s) lands on ω0 ≈ 4.2043, a spring that has not settled at the end of
/// the block and snaps 5 pt to the model value then (issue 27's item 3, answered by that evidence).
struct Spring {
    let zeta: Double
    let omega0: Double
    let v0: Double

    init(damping: Double, velocity: Double, duration: Double) {
        zeta = min(max(damping, 1.1920929e-7), 1)
        v0 = velocity
        omega0 = Self.naturalFrequency(zeta: zeta, velocity: velocity, duration: duration)
    }

    /// A `CASpringAnimation`'s spring: ω0 = √(k/m), ζ = c / (2√(km)) (ζ above 1 allowed).
    init(mass: Double, stiffness: Double, damping: Double, velocity: Double) {
        let m = max(mass, 1e-9)
        let k = max(stiffness, 1e-9)
        omega0 = (k / m).squareRoot()
        zeta = max(damping, 0) / (2 * (k * m).squareRoot())
        v0 = velocity
    }

    /// UIKit's Newton iteration (the doc comment above).
    static func naturalFrequency(zeta: Double, velocity v: Double, duration: Double) -> Double {
        let epsilon = 0.001
        let t = min(max(duration, 0.01), 10)
        var w = 5 / t
        for _ in 0..<12 {
            let f: Double
            let derivative: Double
            if zeta < 1 {
                let s = (1 - zeta * zeta).squareRoot()
                let a = (zeta * w - v) / (s * w)
                let e = exp(-zeta * t * w)
                f = epsilon - abs(a) * e
                derivative = -e * ((a >= 0 ? 1 : -1) * v / (s * w * w) - zeta * t * abs(a))
            } else {
                let e = exp(-t * w)
                f = (w - v < 0 ? epsilon : -epsilon) + ((w - v) * t + 1) * e
                derivative = -t * t * (w - v) * e
            }
            let next = w - f / derivative
            // UIKit does not guard the division; a step that is not a number keeps the last value.
            guard next.isFinite else { break }
            w = next
        }
        return w
    }

    /// Displacement from the start (0) towards the target (1) at `t` seconds.
    func value(at t: Double) -> Double {
        // x(t) = 1 - s(t), s(0) = 1, s'(0) = -v0.
        if zeta < 1 {
            let wd = omega0 * (1 - zeta * zeta).squareRoot()
            let a = 1.0
            let b = (zeta * omega0 - v0) / wd
            return 1 - exp(-zeta * omega0 * t) * (a * cos(wd * t) + b * sin(wd * t))
        }
        if zeta == 1 {
            return 1 - exp(-omega0 * t) * (1 + (omega0 - v0) * t)
        }
        // Overdamped (a CASpringAnimation's): s = A e^(r1 t) + B e^(r2 t), s(0) = 1, s'(0) = −v0.
        let root = omega0 * (zeta * zeta - 1).squareRoot()
        let r1 = -zeta * omega0 + root
        let r2 = -zeta * omega0 - root
        let b = (-v0 - r1) / (r2 - r1)
        let a = 1 - b
        return 1 - (a * exp(r1 * t) + b * exp(r2 * t))
    }
}

extension SpringParameters {
    /// The `CASpringAnimation` that `usingSpringWithDamping:initialSpringVelocity:` makes for a
    /// duration (research §10.2, OpenUXKit's `UXViewAnimationContext`): mass 1, stiffness ω0²,
    /// damping 2ζω0, with ω0 from UIKit's Newton steps (`Spring.naturalFrequency`) and ζ clamped
    /// as UIKit clamps it; the velocity as given. Cut at the duration, not at `settlingDuration`.
    package init(dampingRatio: Double, velocity: Double, duration: Double) {
        let spring = Spring(damping: dampingRatio, velocity: velocity, duration: duration)
        self.init(
            mass: 1, stiffness: spring.omega0 * spring.omega0, damping: 2 * spring.zeta * spring.omega0,
            initialVelocity: velocity)
    }
}

extension SpringParameters {
    /// What a program reads as `settlingDuration`: Apple documents it only as "the estimated duration
    /// required for the spring system to be considered at rest" (its epsilon and method are not
    /// published), so the engine takes the time the oscillation's envelope falls under 0.001 of the
    /// distance: ln(A / 0.001) / (ζω0) with A = √(1 + b²), b = (ζω0 − v0) / ωd, underdamped;
    /// for ζ ≥ 1 the slower exponential's, ln(max(|A|, 1) / 0.001) / (ζω0 − ω0√(ζ² − 1)).
    package var estimatedSettlingDuration: Double {
        let spring = Spring(mass: mass, stiffness: stiffness, damping: damping, velocity: initialVelocity)
        let (zeta, omega0, v0) = (spring.zeta, spring.omega0, spring.v0)
        let epsilon = 0.001
        if zeta < 1 {
            let wd = omega0 * (1 - zeta * zeta).squareRoot()
            let b = (zeta * omega0 - v0) / wd
            return log((1 + b * b).squareRoot() / epsilon) / (zeta * omega0)
        }
        let slow = zeta == 1 ? omega0 : zeta * omega0 - omega0 * (zeta * zeta - 1).squareRoot()
        let amplitude = zeta == 1 ? 1 + abs(omega0 - v0) / omega0 : 1
        return log(max(amplitude, 1) / epsilon) / slow
    }
}
