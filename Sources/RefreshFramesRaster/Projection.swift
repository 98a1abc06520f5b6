import Foundation
import RefreshFramesCore

/// A plane-to-plane projective map, a 3 × 3 matrix applied to row vectors `(x, y, 1) · H` (Core
/// Animation's convention): what a flat layer's 4 × 4 transform does to the layer's plane once the
/// perspective divide is done and z is dropped. Affine maps are the ones whose last column is (0, 0, 1).
struct Homography: Hashable {
    var m11, m12, m13: Double
    var m21, m22, m23: Double
    var m31, m32, m33: Double

    /// The plane z = 0 of a `CATransform3D`: a point `(x, y, 0, 1)` times the matrix is
    /// `(x·m11 + y·m21 + m41, x·m12 + y·m22 + m42, …, x·m14 + y·m24 + m44)`; z is dropped.
    init(plane t: Transform3D) {
        (m11, m12, m13) = (t.m11, t.m12, t.m14)
        (m21, m22, m23) = (t.m21, t.m22, t.m24)
        (m31, m32, m33) = (t.m41, t.m42, t.m44)
    }

    init(
        _ m11: Double, _ m12: Double, _ m13: Double, _ m21: Double, _ m22: Double, _ m23: Double, _ m31: Double,
        _ m32: Double, _ m33: Double
    ) {
        (self.m11, self.m12, self.m13) = (m11, m12, m13)
        (self.m21, self.m22, self.m23) = (m21, m22, m23)
        (self.m31, self.m32, self.m33) = (m31, m32, m33)
    }

    static func translation(_ x: Double, _ y: Double) -> Homography { Homography(1, 0, 0, 0, 1, 0, x, y, 1) }

    /// The affine map `(x, y) ↦ (x·a + y·c + tx, x·b + y·d + ty)`.
    static func affine(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) -> Homography {
        Homography(a, b, 0, c, d, 0, tx, ty, 1)
    }

    /// `(x, y, 1) · H` before the divide.
    @inline(__always) func apply(_ x: Double, _ y: Double) -> (x: Double, y: Double, w: Double) {
        (x * m11 + y * m21 + m31, x * m12 + y * m22 + m32, x * m13 + y * m23 + m33)
    }

    /// This map, then `o` (`self · o`).
    func then(_ o: Homography) -> Homography {
        Homography(
            m11 * o.m11 + m12 * o.m21 + m13 * o.m31, m11 * o.m12 + m12 * o.m22 + m13 * o.m32,
            m11 * o.m13 + m12 * o.m23 + m13 * o.m33,
            m21 * o.m11 + m22 * o.m21 + m23 * o.m31, m21 * o.m12 + m22 * o.m22 + m23 * o.m32,
            m21 * o.m13 + m22 * o.m23 + m23 * o.m33,
            m31 * o.m11 + m32 * o.m21 + m33 * o.m31, m31 * o.m12 + m32 * o.m22 + m33 * o.m32,
            m31 * o.m13 + m32 * o.m23 + m33 * o.m33)
    }

    /// The inverse by the adjugate; nil when the plane is seen edge-on (or the map is degenerate).
    var inverse: Homography? {
        let c11 = m22 * m33 - m23 * m32
        let c12 = m23 * m31 - m21 * m33
        let c13 = m21 * m32 - m22 * m31
        let det = m11 * c11 + m12 * c12 + m13 * c13
        // Against the product of the rows' lengths (Hadamard's bound): scale-free, so a tiny view
        // still inverts and only a plane seen edge-on (to rounding) does not.
        func length(_ a: Double, _ b: Double, _ c: Double) -> Double { (a * a + b * b + c * c).squareRoot() }
        let bound = length(m11, m12, m13) * length(m21, m22, m23) * length(m31, m32, m33)
        guard det.isFinite, bound > 0, abs(det) > 1e-12 * bound else { return nil }
        return Homography(
            c11 / det, (m13 * m32 - m12 * m33) / det, (m12 * m23 - m13 * m22) / det,
            c12 / det, (m11 * m33 - m13 * m31) / det, (m13 * m21 - m11 * m23) / det,
            c13 / det, (m12 * m31 - m11 * m32) / det, (m11 * m22 - m12 * m21) / det)
    }
}

/// Where a view under a 3-D transform lands: the homography from its local points (from its
/// centre, y down) to pixels, and back. A pixel whose point of the plane is behind the eye
/// (w ≤ 0 after the transform) is on no point of the layer.
struct Projection: Equatable {
    var toPixel: Homography
    var toLocal: Homography

    init?(_ toPixel: Homography) {
        guard let inverse = toPixel.inverse else { return nil }
        self.toPixel = toPixel
        self.toLocal = inverse
    }

    /// A local point for pixels on no point of the layer: every shape's distance from it is huge.
    static let nowhere = (x: 1e30, y: 1e30)

    @inline(__always) func local(_ px: Double, _ py: Double) -> (x: Double, y: Double) {
        let p = toLocal.apply(px, py)
        guard p.w != 0 else { return Self.nowhere }
        let local = (x: p.x / p.w, y: p.y / p.w)
        // The point must be in front of the eye where it is mapped forward.
        guard local.x.isFinite, local.y.isFinite, toPixel.apply(local.x, local.y).w > 0 else { return Self.nowhere }
        return local
    }

    /// The pixel a local point lands on, and its w (≤ 0: behind the eye, not on screen).
    @inline(__always) func pixel(_ x: Double, _ y: Double) -> (x: Double, y: Double, w: Double) {
        let p = toPixel.apply(x, y)
        return (p.x / p.w, p.y / p.w, p.w)
    }

    /// ∂local/∂pixel at pixel (px, py) whose local point is `local`.
    @inline(__always) func jacobian(_ px: Double, _ py: Double, local: (x: Double, y: Double)) -> (
        xx: Double, xy: Double, yx: Double, yy: Double
    ) {
        let w = toLocal.apply(px, py).w
        return (
            (toLocal.m11 - local.x * toLocal.m13) / w, (toLocal.m21 - local.x * toLocal.m23) / w,
            (toLocal.m12 - local.y * toLocal.m13) / w, (toLocal.m22 - local.y * toLocal.m23) / w
        )
    }

    /// Pixels per point at a pixel across the edges of the distance field `field` (points): one
    /// over the field's change per pixel, so the one-pixel antialiasing ramp stays one pixel wide
    /// however the perspective squeezes the layer there.
    func pixelsPerPoint(
        _ px: Double, _ py: Double, local: (x: Double, y: Double), field: (Double, Double) -> Double
    ) -> Double {
        guard local != Self.nowhere else { return 1 }
        let j = jacobian(px, py, local: local)
        let h = 1e-3
        let gx = (field(local.x + h, local.y) - field(local.x - h, local.y)) / (2 * h)
        let gy = (field(local.x, local.y + h) - field(local.x, local.y - h)) / (2 * h)
        // The field's gradient in pixels: Jᵀ∇d.
        let dx = gx * j.xx + gy * j.yx
        let dy = gx * j.xy + gy * j.yy
        let perPixel = (dx * dx + dy * dy).squareRoot()
        return perPixel > 0 && perPixel.isFinite ? 1 / perPixel : isotropicPixelsPerPoint(px, py, local: local)
    }

    /// How much of the pixel centred at (px, py), whose local point is `local`, is inside the
    /// distance field `field` (negative inside): the one-pixel ramp across the edge at the local
    /// pixels per point, unless the pixel straddles the horizon (a corner of it is on no point of
    /// the plane), where the map is not smooth: there 4 × 4 samples are counted.
    func coverage(_ px: Double, _ py: Double, local: (x: Double, y: Double), field: (Double, Double) -> Double)
        -> Double
    {
        let corners = [(-0.5, -0.5), (0.5, -0.5), (-0.5, 0.5), (0.5, 0.5)]
        guard corners.contains(where: { self.local(px + $0.0, py + $0.1) == Self.nowhere }) else {
            let d = field(local.x, local.y)
            return RefreshFramesRaster.coverage(
                distance: d, pixelsPerPoint: pixelsPerPoint(px, py, local: local, field: field))
        }
        var inside = 0
        for j in 0..<4 {
            for i in 0..<4 {
                let p = self.local(px - 0.5 + (Double(i) + 0.5) / 4, py - 0.5 + (Double(j) + 0.5) / 4)
                if p != Self.nowhere && field(p.x, p.y) < 0 { inside += 1 }
            }
        }
        return Double(inside) / 16
    }

    /// The most pixels per point along either of the plane's axes at local point (x, y): the lengths
    /// of ∂pixel/∂local's columns; nil where the point is behind the eye.
    func stretch(_ x: Double, _ y: Double) -> Double? {
        let p = toPixel.apply(x, y)
        guard p.w > 0 else { return nil }
        let (X, Y) = (p.x / p.w, p.y / p.w)
        let (ax, ay) = ((toPixel.m11 - X * toPixel.m13) / p.w, (toPixel.m12 - Y * toPixel.m13) / p.w)
        let (bx, by) = ((toPixel.m21 - X * toPixel.m23) / p.w, (toPixel.m22 - Y * toPixel.m23) / p.w)
        let most = max((ax * ax + ay * ay).squareRoot(), (bx * bx + by * by).squareRoot())
        return most.isFinite ? most : nil
    }

    /// Pixels per point at a pixel, the same in every direction (the square root of the area ratio).
    func isotropicPixelsPerPoint(_ px: Double, _ py: Double, local: (x: Double, y: Double)) -> Double {
        guard local != Self.nowhere else { return 1 }
        let j = jacobian(px, py, local: local)
        let area = abs(j.xx * j.yy - j.xy * j.yx)
        return area > 0 && area.isFinite ? 1 / area.squareRoot() : 1
    }
}
