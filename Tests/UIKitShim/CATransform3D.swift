import RefreshFramesCore

// CATransform3D's functions as CATransform3D.h states them (row vectors, `t' = m * t` for the
// functions that take a transform): identity, translation, scale, rotation about a vector (the
// right-handed rotation whose z case is `CGAffineTransform(rotationAngle:)`'s matrix, a = cos,
// b = sin), concatenation (`a * b`), and `m34` for perspective. Written from the header's
// formulas, not from the engine's `Transform3D`.

// swift-format-ignore: AlwaysUseLowerCamelCase
public let CATransform3DIdentity = CATransform3D(
    m11: 1, m12: 0, m13: 0, m14: 0, m21: 0, m22: 1, m23: 0, m24: 0, m31: 0, m32: 0, m33: 1, m34: 0, m41: 0, m42: 0,
    m43: 0, m44: 1)

extension CATransform3D {
    var rows: [[CGFloat]] {
        [[m11, m12, m13, m14], [m21, m22, m23, m24], [m31, m32, m33, m34], [m41, m42, m43, m44]]
    }

    init(rows r: [[CGFloat]]) {
        self.init(
            m11: r[0][0], m12: r[0][1], m13: r[0][2], m14: r[0][3], m21: r[1][0], m22: r[1][1], m23: r[1][2],
            m24: r[1][3], m31: r[2][0], m32: r[2][1], m33: r[2][2], m34: r[2][3], m41: r[3][0], m42: r[3][1],
            m43: r[3][2], m44: r[3][3])
    }

    /// Whether it is a `CGAffineTransform`'s matrix (CATransform3DIsAffine).
    var isAffine: Bool {
        m13 == 0 && m14 == 0 && m23 == 0 && m24 == 0 && m31 == 0 && m32 == 0 && m33 == 1 && m34 == 0 && m43 == 0
            && m44 == 1
    }
}

/// `a * b`: a then b.
// swift-format-ignore: AlwaysUseLowerCamelCase
public func CATransform3DConcat(_ a: CATransform3D, _ b: CATransform3D) -> CATransform3D {
    let (x, y) = (a.rows, b.rows)
    return CATransform3D(
        rows: (0..<4).map { i in (0..<4).map { j in (0..<4).map { k in x[i][k] * y[k][j] }.reduce(0, +) } })
}

// swift-format-ignore: AlwaysUseLowerCamelCase
public func CATransform3DMakeTranslation(_ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat) -> CATransform3D {
    var t = CATransform3DIdentity
    (t.m41, t.m42, t.m43) = (tx, ty, tz)
    return t
}

// swift-format-ignore: AlwaysUseLowerCamelCase
public func CATransform3DMakeScale(_ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> CATransform3D {
    var t = CATransform3DIdentity
    (t.m11, t.m22, t.m33) = (sx, sy, sz)
    return t
}

/// The rotation by `angle` radians about the vector (x, y, z), normalised (Rodrigues' formula,
/// transposed for row vectors).
// swift-format-ignore: AlwaysUseLowerCamelCase
public func CATransform3DMakeRotation(_ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat) -> CATransform3D {
    let length = (x * x + y * y + z * z).squareRoot()
    guard length > 0 else { return CATransform3DIdentity }
    let (u, v, w) = (x / length, y / length, z / length)
    let (c, s) = (cos(angle), sin(angle))
    let t = 1 - c
    var r = CATransform3DIdentity
    (r.m11, r.m12, r.m13) = (t * u * u + c, t * u * v + s * w, t * u * w - s * v)
    (r.m21, r.m22, r.m23) = (t * u * v - s * w, t * v * v + c, t * v * w + s * u)
    (r.m31, r.m32, r.m33) = (t * u * w + s * v, t * v * w - s * u, t * w * w + c)
    return r
}

/// `t' = translate(tx, ty, tz) * t`.
// swift-format-ignore: AlwaysUseLowerCamelCase
public func CATransform3DTranslate(_ t: CATransform3D, _ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat) -> CATransform3D {
    CATransform3DConcat(CATransform3DMakeTranslation(tx, ty, tz), t)
}

/// `t' = scale(sx, sy, sz) * t`.
// swift-format-ignore: AlwaysUseLowerCamelCase
public func CATransform3DScale(_ t: CATransform3D, _ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> CATransform3D {
    CATransform3DConcat(CATransform3DMakeScale(sx, sy, sz), t)
}

/// `t' = rotation(angle, x, y, z) * t`.
// swift-format-ignore: AlwaysUseLowerCamelCase
public func CATransform3DRotate(
    _ t: CATransform3D, _ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat
) -> CATransform3D {
    CATransform3DConcat(CATransform3DMakeRotation(angle, x, y, z), t)
}

extension Transform {
    /// The engine's value of a `CATransform3D`: an affine matrix as the view's `transform`
    /// decomposes it (CGAffineTransform's `decomposed`), any other as the matrix itself.
    init(_ m: CATransform3D) {
        if m.isAffine {
            self = CGAffineTransform(a: m.m11, b: m.m12, c: m.m21, d: m.m22, tx: m.m41, ty: m.m42).decomposed
        } else {
            self.init(matrix: Transform3D(elements: m.rows.flatMap { $0 }.map { Double($0) }))
        }
    }
}

extension UIView {
    /// `transform3D` (iOS 13+): the layer's transform; it animates in a block as `transform`
    /// does ("Changes to this property can be animated"), and the view's `transform` reads its
    /// affine part.
    public var transform3D: CATransform3D {
        get {
            let m = (model["transform"] as? Transform)?.matrix3D
            guard let e = m?.elements else { return CATransform3DMakeAffineTransform(transform) }
            return CATransform3D(rows: stride(from: 0, to: 16, by: 4).map { i in e[i..<i + 4].map { CGFloat($0) } })
        }
        set {
            let old = (model["transform"] as? Transform) ?? transform.decomposed
            Shim.record(self, .transform, from: old, to: Transform(newValue))
        }
    }
}
