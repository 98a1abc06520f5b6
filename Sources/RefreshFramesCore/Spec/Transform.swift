import Foundation

/// A view's transform in decomposed form, applied about its anchor point (the centre unless
/// `anchorPoint` moves it): scale, then rotation about z (`rotation`, degrees, positive = clockwise
/// on screen), then translation — `CGAffineTransform`'s translate · rotate · scale. The 3-D keys
/// add, between the scale and the rotation about z, rotations about x then y (`rotationX`,
/// `rotationY`, degrees, Core Animation's handedness), and before the translation a perspective
/// (`perspective`: the eye's distance in points, `m34 = −1/perspective`; 0 is none):
/// `matrix3D = S · Rx · Ry · Rz · P · T` in row vectors, so a card flip `rotationY: 45,
/// perspective: 500` is `CATransform3DRotate(P, 45°, 0, 1, 0)` then the translation.
///
/// A value that no set of these fields makes (what two animations concatenated, or a 3-D blend,
/// give) carries the matrix itself in `general`; its fields then hold the matrix's 2-D
/// decomposition, for readers that only draw 2-D. Renderers read `matrix3D`, or the fields when
/// `isPlanar` (exactly what they did before 3-D transforms existed).
public struct Transform: Sendable, Equatable {
    public var rotation: Double
    public var scaleX: Double
    public var scaleY: Double
    public var translationX: Double
    public var translationY: Double
    /// Degrees about the x axis (the top edge moves away from the viewer for positive angles).
    public var rotationX: Double = 0
    /// Degrees about the y axis (the right edge moves away for positive angles; research §7.1).
    public var rotationY: Double = 0
    /// The eye's distance in points (`m34 = −1/perspective`); 0: no perspective.
    public var perspective: Double = 0
    /// The matrix itself when the fields do not make it; nil otherwise.
    public var general: Transform3D? = nil

    public init(
        rotation: Double = 0, scaleX: Double = 1, scaleY: Double = 1, translationX: Double = 0, translationY: Double = 0
    ) {
        self.rotation = rotation
        self.scaleX = scaleX
        self.scaleY = scaleY
        self.translationX = translationX
        self.translationY = translationY
    }

    public static let identity = Transform()

    /// A transform that is `matrix`: its fields the 2-D decomposition of the matrix's affine part
    /// (WebKit's `decompose2`: a negative determinant flips the axis with the smaller diagonal
    /// element, so scale(−1, −1) reads as a half turn), and `general` the matrix itself unless
    /// the fields make it (to 1e−9).
    public init(matrix: Transform3D) {
        let affine = Transform3D(
            affine: matrix.m11, matrix.m12, matrix.m21, matrix.m22, matrix.m41, matrix.m42)
        if let d = Decomposed2(affine) {
            let angle = abs(d.angle) < 1e-12 ? 0 : d.angle
            self.init(
                rotation: angle, scaleX: d.scaleX, scaleY: d.scaleY, translationX: d.translateX,
                translationY: d.translateY)
        } else {
            let (a, b, c, dd) = (matrix.m11, matrix.m12, matrix.m21, matrix.m22)
            let sx = (a * a + b * b).squareRoot()
            let sy = sx == 0 ? (c * c + dd * dd).squareRoot() : (a * dd - b * c) / sx
            self.init(
                rotation: sx == 0 ? 0 : atan2(b, a) * 180 / .pi, scaleX: sx, scaleY: sy, translationX: matrix.m41,
                translationY: matrix.m42)
        }
        let fields = matrix3D
        let tolerance = 1e-9 * max(1, matrix.elements.map(abs).max() ?? 1)
        if zip(fields.elements, matrix.elements).contains(where: { abs($0 - $1) > tolerance }) {
            general = matrix
        }
    }

    /// Whether it has nothing but the 2-D fields: drawn as before 3-D transforms existed.
    public var isPlanar: Bool { general == nil && rotationX == 0 && rotationY == 0 && perspective == 0 }

    /// How far the transform moves the centre of a `width` × `height` frame whose anchor point is
    /// `anchor` (unit coordinates), in the superview's points. Core Animation applies the transform
    /// about the layer's position, where the anchor point sits (`frame = position − anchor × size`
    /// before it): the centre, `(½ − anchor) × size` from the position, goes through the transform
    /// (divided by w under a perspective). With the default anchor point (the centre) it is the
    /// translation exactly, as it was before anchor points existed.
    package func centerShift(width: Double, height: Double, anchor: Point) -> (x: Double, y: Double) {
        guard anchor.x != 0.5 || anchor.y != 0.5 else { return (translationX, translationY) }
        let d = (x: (0.5 - anchor.x) * width, y: (0.5 - anchor.y) * height)
        let p = matrix3D.project(x: d.x, y: d.y)
        return (p.x - d.x, p.y - d.y)
    }

    /// The `CATransform3D` of the value, about the anchor point.
    public var matrix3D: Transform3D {
        if let general { return general }
        guard rotationX != 0 || rotationY != 0 || perspective != 0 else {
            let m = matrix
            return Transform3D(affine: m[0], m[1], m[2], m[3], m[4], m[5])
        }
        let s = Transform3D.scale(x: scaleX, y: scaleY)
        let rx = Transform3D.rotation(radians: rotationX * .pi / 180, x: 1, y: 0, z: 0)
        let ry = Transform3D.rotation(radians: rotationY * .pi / 180, x: 0, y: 1, z: 0)
        let rz = Transform3D.rotation(radians: rotation * .pi / 180, x: 0, y: 0, z: 1)
        return s.concatenating(rx).concatenating(ry).concatenating(rz)
            .concatenating(.perspective(distance: perspective))
            .concatenating(.translation(x: translationX, y: translationY))
    }
}
