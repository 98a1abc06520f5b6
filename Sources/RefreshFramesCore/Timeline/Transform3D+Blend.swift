import Foundation

/// Interpolation by decomposition, as Core Animation does it (research §7.3): the matrices are
/// decomposed, the parts moved, the result recomposed — never element by element. The code follows
/// WebKit's `TransformationMatrix` (`decompose2`/`blend2` for affine matrices, `decompose4`/`blend4`
/// with a quaternion slerp otherwise), whose algorithm Apple wrote for CSS; that Core Animation
/// uses the same is [reverse-engineered, medium].
extension Transform3D {
    /// The value `progress` of the way from `self` to `other`. A matrix that cannot be decomposed
    /// (singular) makes the value jump at the midpoint, as WebKit's does; Core Animation does not
    /// animate such a change at all, which the runtime handles before it gets here (research §8.1).
    package func blended(to other: Transform3D, _ progress: Double) -> Transform3D {
        if progress == 0 { return self }
        if progress == 1 { return other }
        if self == .identity && other == .identity { return .identity }
        if isAffine && other.isAffine {
            guard var from = Decomposed2(self), var to = Decomposed2(other) else {
                return progress < 0.5 ? self : other
            }
            // If the x axis of one is flipped and the y axis of the other, turn it into a rotation.
            if (from.scaleX < 0 && to.scaleY < 0) || (from.scaleY < 0 && to.scaleX < 0) {
                from.scaleX = -from.scaleX
                from.scaleY = -from.scaleY
                from.angle += from.angle < 0 ? 180 : -180
            }
            // Do not rotate the long way round.
            if from.angle == 0 { from.angle = 360 }
            if to.angle == 0 { to.angle = 360 }
            if abs(from.angle - to.angle) > 180 {
                if from.angle > to.angle { from.angle -= 360 } else { to.angle -= 360 }
            }
            return from.mixed(with: to, progress).matrix
        }
        guard let from = Decomposed4(self), let to = Decomposed4(other) else { return progress < 0.5 ? self : other }
        return from.mixed(with: to, progress).matrix
    }

    /// Whether the matrix can be inverted (and so decomposed): not a scale of 0.
    package var isInvertible: Bool { inverted() != nil }
}

/// WebKit's 2-D decomposition: `M = S · R(angle) · remainder`, then the translation.
struct Decomposed2: Equatable {
    var scaleX, scaleY: Double
    /// Degrees.
    var angle: Double
    var m11, m12, m21, m22: Double
    var translateX, translateY: Double

    init?(_ m: Transform3D) {
        if m == .identity {
            (scaleX, scaleY, angle, m11, m12, m21, m22, translateX, translateY) = (1, 1, 0, 1, 0, 0, 1, 0, 0)
            return
        }
        var (row0x, row0y, row1x, row1y) = (m.m11, m.m12, m.m21, m.m22)
        translateX = m.m41
        translateY = m.m42
        scaleX = hypot(row0x, row0y)
        scaleY = hypot(row1x, row1y)
        guard scaleX != 0, scaleY != 0 else { return nil }
        // A negative determinant: one axis was flipped; flip the one with the smaller diagonal.
        if row0x * row1y - row0y * row1x < 0 {
            if row0x < row1y { scaleX = -scaleX } else { scaleY = -scaleY }
        }
        row0x /= scaleX
        row0y /= scaleX
        row1x /= scaleY
        row1y /= scaleY
        let radians = atan2(row0y, row0x)
        if radians != 0 {
            let (sn, cs) = (-row0y, row0x)
            let (a, b, c, d) = (row0x, row0y, row1x, row1y)
            row0x = cs * a + sn * c
            row0y = cs * b + sn * d
            row1x = -sn * a + cs * c
            row1y = -sn * b + cs * d
        }
        (m11, m12, m21, m22) = (row0x, row0y, row1x, row1y)
        angle = radians * 180 / .pi
    }

    func mixed(with o: Decomposed2, _ p: Double) -> Decomposed2 {
        func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * p }
        var r = self
        r.scaleX = mix(scaleX, o.scaleX)
        r.scaleY = mix(scaleY, o.scaleY)
        r.angle = mix(angle, o.angle)
        r.m11 = mix(m11, o.m11)
        r.m12 = mix(m12, o.m12)
        r.m21 = mix(m21, o.m21)
        r.m22 = mix(m22, o.m22)
        r.translateX = mix(translateX, o.translateX)
        r.translateY = mix(translateY, o.translateY)
        return r
    }

    /// `S · R(angle) · remainder`, translated.
    var matrix: Transform3D {
        let remainder = Transform3D(affine: m11, m12, m21, m22, 0, 0)
        let rotation = Transform3D.rotation(radians: angle * .pi / 180, x: 0, y: 0, z: 1)
        var m = Transform3D.scale(x: scaleX, y: scaleY).concatenating(rotation).concatenating(remainder)
        m.m41 = translateX
        m.m42 = translateY
        return m
    }
}

/// WebKit's (Graphics Gems II "unmatrix") 3-D decomposition: `M = S · skews · R(quaternion) · T · P`.
struct Decomposed4: Equatable {
    var scale: [Double] = [1, 1, 1]
    /// xy, xz, yz.
    var skew: [Double] = [0, 0, 0]
    var translate: [Double] = [0, 0, 0]
    var perspective: [Double] = [0, 0, 0, 1]
    var quaternion = Quaternion(x: 0, y: 0, z: 0, w: 1)

    init?(_ matrix: Transform3D) {
        if matrix == .identity { return }
        var m = Self.rows(matrix)
        guard m[3][3] != 0 else { return nil }
        let w = m[3][3]
        for i in 0..<4 { for j in 0..<4 { m[i][j] /= w } }
        var p = m
        for i in 0..<3 { p[i][3] = 0 }
        p[3][3] = 1
        guard let pInverse = Transform3D(elements: p.flatMap { $0 }).inverted(),
            Transform3D.determinant4(p.flatMap { $0 }) != 0
        else { return nil }
        if m[0][3] != 0 || m[1][3] != 0 || m[2][3] != 0 {
            let rhs = [m[0][3], m[1][3], m[2][3], m[3][3]]
            // rhs × (p⁻¹)ᵀ
            let inv = Self.rows(pInverse)
            perspective = (0..<4).map { i in (0..<4).reduce(0) { $0 + rhs[$1] * inv[i][$1] } }
            m[0][3] = 0
            m[1][3] = 0
            m[2][3] = 0
            m[3][3] = 1
        }
        translate = [m[3][0], m[3][1], m[3][2]]
        var row = (0..<3).map { [m[$0][0], m[$0][1], m[$0][2]] }
        func length(_ v: [Double]) -> Double { (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]).squareRoot() }
        func normalized(_ v: [Double]) -> [Double] {
            let l = length(v)
            return l == 0 ? v : v.map { $0 / l }
        }
        func dot(_ a: [Double], _ b: [Double]) -> Double { a[0] * b[0] + a[1] * b[1] + a[2] * b[2] }
        func combine(_ a: [Double], _ b: [Double], _ bs: Double) -> [Double] { (0..<3).map { a[$0] + b[$0] * bs } }
        scale[0] = length(row[0])
        row[0] = normalized(row[0])
        skew[0] = dot(row[0], row[1])
        row[1] = combine(row[1], row[0], -skew[0])
        scale[1] = length(row[1])
        row[1] = normalized(row[1])
        skew[0] /= scale[1]
        skew[1] = dot(row[0], row[2])
        row[2] = combine(row[2], row[0], -skew[1])
        skew[2] = dot(row[1], row[2])
        row[2] = combine(row[2], row[1], -skew[2])
        scale[2] = length(row[2])
        row[2] = normalized(row[2])
        skew[1] /= scale[2]
        skew[2] /= scale[2]
        let cross = [
            row[1][1] * row[2][2] - row[1][2] * row[2][1], row[1][2] * row[2][0] - row[1][0] * row[2][2],
            row[1][0] * row[2][1] - row[1][1] * row[2][0],
        ]
        if dot(row[0], cross) < 0 {
            scale = scale.map { -$0 }
            row = row.map { $0.map { -$0 } }
        }
        let c = row
        let t = c[0][0] + c[1][1] + c[2][2]
        if 1 + t > 0.001 {
            let r = (1 + t).squareRoot()
            let s = 0.5 / r
            quaternion = Quaternion(
                x: (c[1][2] - c[2][1]) * s, y: (c[2][0] - c[0][2]) * s, z: (c[0][1] - c[1][0]) * s, w: 0.5 * r)
        } else if c[0][0] > c[1][1] && c[0][0] > c[2][2] {
            let r = (1 + c[0][0] - c[1][1] - c[2][2]).squareRoot()
            let s = 0.5 / r
            quaternion = Quaternion(
                x: 0.5 * r, y: (c[1][0] - c[0][1]) * s, z: (c[2][0] + c[0][2]) * s, w: (c[1][2] - c[2][1]) * s)
        } else if c[1][1] > c[2][2] {
            let r = (1 - c[0][0] + c[1][1] - c[2][2]).squareRoot()
            let s = 0.5 / r
            quaternion = Quaternion(
                x: (c[1][0] + c[0][1]) * s, y: 0.5 * r, z: (c[2][1] + c[1][2]) * s, w: (c[2][0] - c[0][2]) * s)
        } else {
            let r = (1 - c[0][0] - c[1][1] + c[2][2]).squareRoot()
            let s = 0.5 / r
            quaternion = Quaternion(
                x: (c[2][0] + c[0][2]) * s, y: (c[2][1] + c[1][2]) * s, z: 0.5 * r, w: (c[0][1] - c[1][0]) * s)
        }
    }

    static func rows(_ m: Transform3D) -> [[Double]] {
        let e = m.elements
        return (0..<4).map { Array(e[$0 * 4..<$0 * 4 + 4]) }
    }

    func mixed(with o: Decomposed4, _ p: Double) -> Decomposed4 {
        func mix(_ a: [Double], _ b: [Double]) -> [Double] { zip(a, b).map { $0 + ($1 - $0) * p } }
        var r = self
        r.scale = mix(scale, o.scale)
        r.skew = mix(skew, o.skew)
        r.translate = mix(translate, o.translate)
        r.perspective = mix(perspective, o.perspective)
        r.quaternion = quaternion.slerp(to: o.quaternion, p)
        return r
    }

    /// `S · Kxy · Kxz · Kyz · R · T · P`.
    var matrix: Transform3D {
        let q = quaternion
        let (xx, yy, zz) = (q.x * q.x, q.y * q.y, q.z * q.z)
        let (xz, xy, yz) = (q.x * q.z, q.x * q.y, q.y * q.z)
        let (xw, yw, zw) = (q.w * q.x, q.w * q.y, q.w * q.z)
        let rotation = Transform3D(
            m11: 1 - 2 * (yy + zz), m12: 2 * (xy + zw), m13: 2 * (xz - yw),
            m21: 2 * (xy - zw), m22: 1 - 2 * (xx + zz), m23: 2 * (yz + xw),
            m31: 2 * (xz + yw), m32: 2 * (yz - xw), m33: 1 - 2 * (xx + yy))
        let p = Transform3D(m14: perspective[0], m24: perspective[1], m34: perspective[2], m44: perspective[3])
        var m = rotation.concatenating(.translation(x: translate[0], y: translate[1], z: translate[2]))
            .concatenating(p)
        if skew[2] != 0 { m = Transform3D(m32: skew[2]).concatenating(m) }
        if skew[1] != 0 { m = Transform3D(m31: skew[1]).concatenating(m) }
        if skew[0] != 0 { m = Transform3D(m21: skew[0]).concatenating(m) }
        return Transform3D.scale(x: scale[0], y: scale[1], z: scale[2]).concatenating(m)
    }
}

/// A unit quaternion for 3-D rotations.
struct Quaternion: Equatable {
    var x, y, z, w: Double

    /// Spherical interpolation the short way round (WebKit's `Quaternion::slerp`).
    func slerp(to other: Quaternion, _ t: Double) -> Quaternion {
        var a = self
        var cosHalf = x * other.x + y * other.y + z * other.z + w * other.w
        if cosHalf < 0 {
            a = Quaternion(x: -x, y: -y, z: -z, w: -w)
            cosHalf = -cosHalf
        }
        cosHalf = min(cosHalf, 1)
        let sinHalf = (1 - cosHalf * cosHalf).squareRoot()
        if sinHalf < 1e-5 { return self }
        let half = acos(cosHalf)
        let sa = sin((1 - t) * half) / sinHalf
        let sb = sin(t * half) / sinHalf
        return Quaternion(
            x: a.x * sa + other.x * sb, y: a.y * sa + other.y * sb, z: a.z * sa + other.z * sb,
            w: a.w * sa + other.w * sb)
    }
}
