import Foundation

/// A value an animation can move between two endpoints.
package protocol Interpolatable: Sendable, Equatable {
    func interpolated(to other: Self, _ progress: Double) -> Self
}

extension Double: Interpolatable {
    package func interpolated(to other: Double, _ progress: Double) -> Double {
        self + (other - self) * progress
    }
}

/// `isHidden` is never interpolated: it changes when its animation ends (it is never animated in a block).
extension Bool: Interpolatable {
    package func interpolated(to other: Bool, _ progress: Double) -> Bool { progress >= 1 ? other : self }
}

extension Point: Interpolatable {
    package func interpolated(to other: Point, _ progress: Double) -> Point {
        Point(x: x.interpolated(to: other.x, progress), y: y.interpolated(to: other.y, progress))
    }
}

extension Size: Interpolatable {
    package func interpolated(to other: Size, _ progress: Double) -> Size {
        Size(
            width: width.interpolated(to: other.width, progress),
            height: height.interpolated(to: other.height, progress))
    }
}

extension RGBA: Interpolatable {
    package func interpolated(to other: RGBA, _ progress: Double) -> RGBA { mixed(with: other, progress) }
}

extension Transform: Interpolatable {
    /// Interpolated by decomposition, as Core Animation does (`Transform3D.blended`): never the
    /// matrix elements. For two planar transforms with positive scales whose angles are not half a
    /// turn apart, decomposition comes down to moving the angle (the short way round), the scales
    /// and the translation linearly, which is computed on the fields directly; otherwise through
    /// the matrices, which is what turns scale(−1, −1), the matrix of a half turn, into a rotation
    /// at full size (research §8.2).
    package func interpolated(to other: Transform, _ progress: Double) -> Transform {
        if isPlanar && other.isPlanar && scaleX > 0 && scaleY > 0 && other.scaleX > 0 && other.scaleY > 0 {
            let a = normalized
            var b = other.normalized
            if b.rotation - a.rotation > 180 { b.rotation -= 360 }
            if a.rotation - b.rotation > 180 { b.rotation += 360 }
            if abs(b.rotation - a.rotation) != 180 {
                return Transform(
                    rotation: a.rotation.interpolated(to: b.rotation, progress),
                    scaleX: a.scaleX.interpolated(to: b.scaleX, progress),
                    scaleY: a.scaleY.interpolated(to: b.scaleY, progress),
                    translationX: a.translationX.interpolated(to: b.translationX, progress),
                    translationY: a.translationY.interpolated(to: b.translationY, progress))
            }
        }
        if progress == 0 { return self }
        if progress == 1 { return other }
        return Transform(matrix: matrix3D.blended(to: other.matrix3D, progress))
    }

    /// The same transform with its angle in (−180°, 180°], as a decomposed matrix would give it.
    package var normalized: Transform {
        var t = self
        var r = rotation.truncatingRemainder(dividingBy: 360)
        if r > 180 { r -= 360 }
        if r <= -180 { r += 360 }
        t.rotation = r
        return t
    }

    /// The affine matrix [a, b, c, d, tx, ty] (CGAffineTransform order) of translate · rotate · scale.
    package var matrix: [Double] {
        let radians = rotation * .pi / 180
        let c = cos(radians)
        let s = sin(radians)
        return [c * scaleX, s * scaleX, -s * scaleY, c * scaleY, translationX, translationY]
    }
}
