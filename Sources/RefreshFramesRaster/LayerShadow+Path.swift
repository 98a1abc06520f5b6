import Foundation
import RefreshFramesCore

/// A `layer.shadowPath` where its view landed: the shape in the view's points (the bounds'
/// top-left at (0, 0)), and the view's placement, which turns and scales it with the view.
struct PlacedShadowPath {
    var placement: Placement
    var path: ShadowPath
    /// The shape's rectangle in the placement's local points (origin at the view's centre).
    var minX: Double
    var minY: Double
    var maxX: Double
    var maxY: Double

    /// Nil for `.none` or a shape whose numbers are not finite.
    init?(_ path: ShadowPath, placement: Placement) {
        guard let r = path.rect, [r.x, r.y, r.width, r.height].allSatisfy(\.isFinite) else { return nil }
        self.placement = placement
        self.path = path
        minX = r.x - placement.halfWidth
        minY = r.y - placement.halfHeight
        maxX = minX + r.width
        maxY = minY + r.height
    }

    /// The frame's pixels the shape may cover (antialiased edges included), clipped to `width × height`.
    func box(width: Int, height: Int) -> PixelBox? {
        placement.pixelBounds(minX: minX, minY: minY, maxX: maxX, maxY: maxY, margin: 1, clip: (width, height))
    }

    /// How much of the pixel whose centre is at frame position (px, py) the shape covers, with the
    /// one-pixel ramp the backgrounds are antialiased with.
    func coverage(_ px: Double, _ py: Double) -> Double {
        let p = placement.toLocal(px, py)
        let halfWidth = (maxX - minX) / 2
        let halfHeight = (maxY - minY) / 2
        let x = p.x - (minX + halfWidth)
        let y = p.y - (minY + halfHeight)
        let distance: Double
        switch path {
        case .none: return 0
        case .rect: distance = RoundedBox(halfWidth: halfWidth, halfHeight: halfHeight, radius: 0).distance(x, y)
        case .roundedRect(_, let radius):
            distance = RoundedBox(halfWidth: halfWidth, halfHeight: halfHeight, radius: radius).distance(x, y)
        case .ellipse:
            guard halfWidth > 0, halfHeight > 0 else { return 0 }
            // g / |∇g| for g = √((x/a)² + (y/b)²) − 1: the distance to the ellipse, to first order
            // (exact along the axes).
            let u = x / halfWidth
            let v = y / halfHeight
            let length = (u * u + v * v).squareRoot()
            guard length > 0 else {
                distance = -min(halfWidth, halfHeight)
                break
            }
            let gx = u / halfWidth / length
            let gy = v / halfHeight / length
            distance = (length - 1) / (gx * gx + gy * gy).squareRoot()
        }
        return RefreshFramesRaster.coverage(
            distance: distance, pixelsPerPoint: placement.pixelsPerPoint(px, py, local: p))
    }
}
