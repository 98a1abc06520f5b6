import Foundation

/// A timing curve: maps the fraction of elapsed time to the fraction of progress.
public enum Curve: Sendable, Equatable, CustomStringConvertible {
    case linear
    case easeIn
    case easeOut
    /// `UIView.animate`'s default (`kCAMediaTimingFunctionEaseInEaseOut`, 0.42, 0, 0.58, 1).
    case easeInOut
    case cubicBezier(Double, Double, Double, Double)
    /// `usingSpringWithDamping:initialSpringVelocity:` over the block's duration.
    case spring(damping: Double, velocity: Double)

    public var description: String {
        switch self {
        case .linear: "linear"
        case .easeIn: "easeIn"
        case .easeOut: "easeOut"
        case .easeInOut: "easeInOut"
        case .cubicBezier(let a, let b, let c, let d): "cubicBezier(\(fmt(a)),\(fmt(b)),\(fmt(c)),\(fmt(d)))"
        case .spring(let damping, let velocity): "spring(damping: \(fmt(damping)), velocity: \(fmt(velocity)))"
        }
    }

    /// Progress at `fraction` of the duration (0…1). `duration` matters only for springs.
    public func progress(at fraction: Double, duration: Double = 1) -> Double {
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

/// A damped spring from 0 to 1 whose envelope falls to 0.001 at `duration` (Framer's mapping, the best
/// public approximation of UIKit's; Apple does not document it).
struct Spring {
    let zeta: Double
    let omega0: Double
    let v0: Double

    init(damping: Double, velocity: Double, duration: Double) {
        zeta = min(max(damping, 0.001), 1)
        v0 = velocity
        let epsilon = 0.001
        let t = max(duration, 0.001)
        var w = 5 / t
        if zeta < 1 {
            for _ in 0..<12 {
                let wd = w * (1 - zeta * zeta).squareRoot()
                let a = exp(-zeta * w * t)
                let f = a * abs((zeta * w - velocity) / wd) - epsilon
                let h = 1e-6 * w
                let wd2 = (w + h) * (1 - zeta * zeta).squareRoot()
                let f2 = exp(-zeta * (w + h) * t) * abs((zeta * (w + h) - velocity) / wd2) - epsilon
                let d = (f2 - f) / h
                if d == 0 { break }
                w -= f / d
                if w <= 0 { w = 1 / t }
            }
        } else {
            for _ in 0..<12 {
                let f = exp(-w * t) * (1 + (w - velocity) * t) - epsilon
                let h = 1e-6 * w
                let f2 = exp(-(w + h) * t) * (1 + ((w + h) - velocity) * t) - epsilon
                let d = (f2 - f) / h
                if d == 0 { break }
                w -= f / d
                if w <= 0 { w = 1 / t }
            }
        }
        omega0 = w
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
        return 1 - exp(-omega0 * t) * (1 + (omega0 - v0) * t)
    }
}
