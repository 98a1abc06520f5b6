import RefreshFramesCore

/// `UIBezierPath` as far as a layer's `shadowPath` takes one: the three shapes real controls give
/// it (`init(rect:)`, `init(roundedRect:cornerRadius:)`, `init(ovalIn:)`) and `cgPath`, carrying
/// the shape to the layer in the engine's form. The radius is kept as given: the engine's
/// rasteriser clamps it to half the shorter side, as UIBezierPath's documentation says ("Values
/// larger than half the rectangle's width or height are clamped appropriately"), and `state`
/// prints it as the spec gave it. A rectangle is standardised (a negative width or height spans the
/// same points, CGRect's `standardized`), as CoreGraphics adds a rectangle to a path.
open class UIBezierPath {
    let shape: ShadowPath

    public init(rect: CGRect) { shape = .rect(Rect(rect)) }

    public init(roundedRect rect: CGRect, cornerRadius: CGFloat) {
        shape = .roundedRect(Rect(rect), cornerRadius: cornerRadius)
    }

    public init(ovalIn rect: CGRect) { shape = .ellipse(Rect(rect)) }

    /// The path as `CALayer.shadowPath` takes it.
    public var cgPath: CGPath { CGPath(shape) }
}

/// `CGPath`, as `UIBezierPath.cgPath` gives it (immutable, as CGPath is).
public final class CGPath {
    let shape: ShadowPath
    init(_ shape: ShadowPath) { self.shape = shape }
}

extension Rect {
    init(_ r: CGRect) {
        let s = r.standardized
        self.init(x: s.origin.x, y: s.origin.y, width: s.width, height: s.height)
    }
}
