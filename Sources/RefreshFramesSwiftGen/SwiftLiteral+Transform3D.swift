import RefreshFramesCore

/// 3-D transforms (`rotationX`, `rotationY`, `perspective`) as `CATransform3D`, built with Core
/// Animation's functions in the order the spec's `matrix3D` multiplies them (row vectors,
/// S · Rx · Ry · Rz · P · T): `CATransform3DRotate(t, …)` and `CATransform3DScale(t, …)` put their
/// matrix before `t` (CATransform3D.h: `t' = rotation(angle, x, y, z) * t`), so the calls go from
/// the translation outwards.
extension SwiftLiteral {
    /// The lines of `{ … }()` that make `t`: the first is `{`, the last `}()`, the others indented.
    static func transform3DLines(_ t: Transform) -> [String] {
        let n = number
        func angle(_ degrees: Double) -> String {
            switch degrees {
            case 180: ".pi"
            case -180: "-.pi"
            default: "\(n(degrees)) * .pi / 180"
            }
        }
        let translates = t.translationX != 0 || t.translationY != 0
        let translation = "CATransform3DMakeTranslation(\(n(t.translationX)), \(n(t.translationY)), 0)"
        var body: [String] = []
        switch (t.perspective != 0, translates) {
        case (false, false): body.append("var transform = CATransform3DIdentity")
        case (false, true): body.append("var transform = \(translation)")
        case (true, false):
            body.append("var transform = CATransform3DIdentity")
            body.append("transform.m34 = -1 / \(n(t.perspective))  // the eye \(n(t.perspective)) pt away")
        case (true, true):
            body.append("var perspective = CATransform3DIdentity")
            body.append("perspective.m34 = -1 / \(n(t.perspective))  // the eye \(n(t.perspective)) pt away")
            body.append("var transform = CATransform3DConcat(perspective, \(translation))")
        }
        if t.rotation != 0 { body.append("transform = CATransform3DRotate(transform, \(angle(t.rotation)), 0, 0, 1)") }
        if t.rotationY != 0 {
            body.append("transform = CATransform3DRotate(transform, \(angle(t.rotationY)), 0, 1, 0)")
        }
        if t.rotationX != 0 {
            body.append("transform = CATransform3DRotate(transform, \(angle(t.rotationX)), 1, 0, 0)")
        }
        if t.scaleX != 1 || t.scaleY != 1 {
            body.append("transform = CATransform3DScale(transform, \(n(t.scaleX)), \(n(t.scaleY)), 1)")
        }
        body.append("return transform")
        return ["{"] + body.map { "    " + $0 } + ["}()"]
    }
}
