import Foundation

/// Core Animation's `CATransform3D`: a 4×4 matrix applied to row vectors, `p′ = p · M`, about the
/// layer's anchor point (CATransform3D.h). `m41`, `m42`, `m43` translate; `m34 = −1/d` gives a
/// perspective with the eye `d` points in front of the layer; `m44` is 1 for every matrix a view
/// gets from UIKit. A `CGAffineTransform [a b c d tx ty]` is `m11 = a, m12 = b, m21 = c, m22 = d,
/// m41 = tx, m42 = ty`, the rest the identity's.
///
/// How a renderer reads it: a point of the layer relative to its anchor, `(x − ax·w, y − ay·h, 0, 1)`,
/// times the matrix gives `(X, Y, Z, W)`; the point lands at `(X / W, Y / W)` from the layer's
/// `position` in its superlayer (research §7.2: each plain layer flattens its sublayers into its plane).
public struct Transform3D: Sendable, Hashable {
    public var m11, m12, m13, m14: Double
    public var m21, m22, m23, m24: Double
    public var m31, m32, m33, m34: Double
    public var m41, m42, m43, m44: Double

    public init(
        m11: Double = 1, m12: Double = 0, m13: Double = 0, m14: Double = 0,
        m21: Double = 0, m22: Double = 1, m23: Double = 0, m24: Double = 0,
        m31: Double = 0, m32: Double = 0, m33: Double = 1, m34: Double = 0,
        m41: Double = 0, m42: Double = 0, m43: Double = 0, m44: Double = 1
    ) {
        (self.m11, self.m12, self.m13, self.m14) = (m11, m12, m13, m14)
        (self.m21, self.m22, self.m23, self.m24) = (m21, m22, m23, m24)
        (self.m31, self.m32, self.m33, self.m34) = (m31, m32, m33, m34)
        (self.m41, self.m42, self.m43, self.m44) = (m41, m42, m43, m44)
    }

    public static let identity = Transform3D()

    /// `CATransform3DMakeAffineTransform`: `[a b c d tx ty]` in CGAffineTransform order.
    public init(affine a: Double, _ b: Double, _ c: Double, _ d: Double, _ tx: Double, _ ty: Double) {
        self.init(m11: a, m12: b, m21: c, m22: d, m41: tx, m42: ty)
    }

    /// The sixteen elements row by row, `m11` first.
    public var elements: [Double] {
        [m11, m12, m13, m14, m21, m22, m23, m24, m31, m32, m33, m34, m41, m42, m43, m44]
    }

    public init(elements e: [Double]) {
        precondition(e.count == 16, "a 4×4 matrix has 16 elements")
        self.init(
            m11: e[0], m12: e[1], m13: e[2], m14: e[3], m21: e[4], m22: e[5], m23: e[6], m24: e[7],
            m31: e[8], m32: e[9], m33: e[10], m34: e[11], m41: e[12], m42: e[13], m43: e[14], m44: e[15])
    }

    /// Whether it is a `CGAffineTransform` (`CATransform3DIsAffine`): nothing in z, no perspective.
    public var isAffine: Bool {
        m13 == 0 && m14 == 0 && m23 == 0 && m24 == 0 && m31 == 0 && m32 == 0 && m33 == 1 && m34 == 0
            && m43 == 0 && m44 == 1
    }

    /// `[a b c d tx ty]` of the affine part.
    public var affine: (a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        (m11, m12, m21, m22, m41, m42)
    }

    /// `CATransform3DConcat(self, other)`: this transform, then `other` (`self · other`).
    public func concatenating(_ o: Transform3D) -> Transform3D {
        let a = elements
        let b = o.elements
        var r = [Double](repeating: 0, count: 16)
        for i in 0..<4 {
            for j in 0..<4 {
                var sum = 0.0
                for k in 0..<4 { sum += a[i * 4 + k] * b[k * 4 + j] }
                r[i * 4 + j] = sum
            }
        }
        return Transform3D(elements: r)
    }

    /// `CATransform3DMakeRotation(angle, x, y, z)`, angle in radians; about z it is
    /// `CGAffineTransform(rotationAngle:)`: positive turns clockwise on screen (y points down).
    public static func rotation(radians angle: Double, x: Double, y: Double, z: Double) -> Transform3D {
        let length = (x * x + y * y + z * z).squareRoot()
        guard length > 0 else { return .identity }
        let (x, y, z) = (x / length, y / length, z / length)
        let c = cos(angle)
        let s = sin(angle)
        let t = 1 - c
        return Transform3D(
            m11: t * x * x + c, m12: t * x * y + z * s, m13: t * x * z - y * s,
            m21: t * x * y - z * s, m22: t * y * y + c, m23: t * y * z + x * s,
            m31: t * x * z + y * s, m32: t * y * z - x * s, m33: t * z * z + c)
    }

    public static func scale(x: Double, y: Double, z: Double = 1) -> Transform3D {
        Transform3D(m11: x, m22: y, m33: z)
    }

    public static func translation(x: Double, y: Double, z: Double = 0) -> Transform3D {
        Transform3D(m41: x, m42: y, m43: z)
    }

    /// The perspective of an eye `distance` points in front of the layer: `m34 = −1/distance`.
    public static func perspective(distance: Double) -> Transform3D {
        Transform3D(m34: distance == 0 ? 0 : -1 / distance)
    }

    public var determinant: Double {
        let e = elements
        return Self.determinant4(e)
    }

    /// `CATransform3DInvert`: nil when the matrix is singular (a scale of 0), which is why Core
    /// Animation cannot animate to or from one (research §8.1).
    public func inverted() -> Transform3D? {
        let m = elements
        var inv = [Double](repeating: 0, count: 16)
        // Cofactors (the adjugate), as in MESA's gluInvertMatrix, for row-major storage.
        inv[0] =
            m[5] * m[10] * m[15] - m[5] * m[11] * m[14] - m[9] * m[6] * m[15] + m[9] * m[7] * m[14] + m[13] * m[6]
            * m[11] - m[13] * m[7] * m[10]
        inv[4] =
            -m[4] * m[10] * m[15] + m[4] * m[11] * m[14] + m[8] * m[6] * m[15] - m[8] * m[7] * m[14] - m[12] * m[6]
            * m[11] + m[12] * m[7] * m[10]
        inv[8] =
            m[4] * m[9] * m[15] - m[4] * m[11] * m[13] - m[8] * m[5] * m[15] + m[8] * m[7] * m[13] + m[12] * m[5]
            * m[11] - m[12] * m[7] * m[9]
        inv[12] =
            -m[4] * m[9] * m[14] + m[4] * m[10] * m[13] + m[8] * m[5] * m[14] - m[8] * m[6] * m[13] - m[12] * m[5]
            * m[10] + m[12] * m[6] * m[9]
        inv[1] =
            -m[1] * m[10] * m[15] + m[1] * m[11] * m[14] + m[9] * m[2] * m[15] - m[9] * m[3] * m[14] - m[13] * m[2]
            * m[11] + m[13] * m[3] * m[10]
        inv[5] =
            m[0] * m[10] * m[15] - m[0] * m[11] * m[14] - m[8] * m[2] * m[15] + m[8] * m[3] * m[14] + m[12] * m[2]
            * m[11] - m[12] * m[3] * m[10]
        inv[9] =
            -m[0] * m[9] * m[15] + m[0] * m[11] * m[13] + m[8] * m[1] * m[15] - m[8] * m[3] * m[13] - m[12] * m[1]
            * m[11] + m[12] * m[3] * m[9]
        inv[13] =
            m[0] * m[9] * m[14] - m[0] * m[10] * m[13] - m[8] * m[1] * m[14] + m[8] * m[2] * m[13] + m[12] * m[1]
            * m[10] - m[12] * m[2] * m[9]
        inv[2] =
            m[1] * m[6] * m[15] - m[1] * m[7] * m[14] - m[5] * m[2] * m[15] + m[5] * m[3] * m[14] + m[13] * m[2]
            * m[7] - m[13] * m[3] * m[6]
        inv[6] =
            -m[0] * m[6] * m[15] + m[0] * m[7] * m[14] + m[4] * m[2] * m[15] - m[4] * m[3] * m[14] - m[12] * m[2]
            * m[7] + m[12] * m[3] * m[6]
        inv[10] =
            m[0] * m[5] * m[15] - m[0] * m[7] * m[13] - m[4] * m[1] * m[15] + m[4] * m[3] * m[13] + m[12] * m[1]
            * m[7] - m[12] * m[3] * m[5]
        inv[14] =
            -m[0] * m[5] * m[14] + m[0] * m[6] * m[13] + m[4] * m[1] * m[14] - m[4] * m[2] * m[13] - m[12] * m[1]
            * m[6] + m[12] * m[2] * m[5]
        inv[3] =
            -m[1] * m[6] * m[11] + m[1] * m[7] * m[10] + m[5] * m[2] * m[11] - m[5] * m[3] * m[10] - m[9] * m[2]
            * m[7] + m[9] * m[3] * m[6]
        inv[7] =
            m[0] * m[6] * m[11] - m[0] * m[7] * m[10] - m[4] * m[2] * m[11] + m[4] * m[3] * m[10] + m[8] * m[2]
            * m[7] - m[8] * m[3] * m[6]
        inv[11] =
            -m[0] * m[5] * m[11] + m[0] * m[7] * m[9] + m[4] * m[1] * m[11] - m[4] * m[3] * m[9] - m[8] * m[1]
            * m[7] + m[8] * m[3] * m[5]
        inv[15] =
            m[0] * m[5] * m[10] - m[0] * m[6] * m[9] - m[4] * m[1] * m[10] + m[4] * m[2] * m[9] + m[8] * m[1]
            * m[6] - m[8] * m[2] * m[5]
        let det = m[0] * inv[0] + m[1] * inv[4] + m[2] * inv[8] + m[3] * inv[12]
        guard det != 0, det.isFinite, abs(det) > 1e-12 else { return nil }
        return Transform3D(elements: inv.map { $0 / det })
    }

    static func determinant4(_ m: [Double]) -> Double {
        func det3(
            _ a: Double, _ b: Double, _ c: Double, _ d: Double, _ e: Double, _ f: Double, _ g: Double,
            _ h: Double, _ i: Double
        ) -> Double {
            a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g)
        }
        return m[0] * det3(m[5], m[6], m[7], m[9], m[10], m[11], m[13], m[14], m[15])
            - m[1] * det3(m[4], m[6], m[7], m[8], m[10], m[11], m[12], m[14], m[15])
            + m[2] * det3(m[4], m[5], m[7], m[8], m[9], m[11], m[12], m[13], m[15])
            - m[3] * det3(m[4], m[5], m[6], m[8], m[9], m[10], m[12], m[13], m[14])
    }

    /// Where the point `(x, y, z)` (relative to the anchor) lands: `(X/W, Y/W)`, and `W` (≤ 0 is behind the eye).
    public func project(x: Double, y: Double, z: Double = 0) -> (x: Double, y: Double, w: Double) {
        let px = x * m11 + y * m21 + z * m31 + m41
        let py = x * m12 + y * m22 + z * m32 + m42
        let w = x * m14 + y * m24 + z * m34 + m44
        return (px / w, py / w, w)
    }
}
