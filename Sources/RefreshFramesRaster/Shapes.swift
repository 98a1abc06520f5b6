import Foundation
import RefreshFramesCore

/// A rounded rectangle centred on the origin, as a signed distance field in points.
struct RoundedBox {
    var halfWidth: Double
    var halfHeight: Double
    var radius: Double

    init(halfWidth: Double, halfHeight: Double, radius: Double) {
        self.halfWidth = max(halfWidth, 0)
        self.halfHeight = max(halfHeight, 0)
        self.radius = min(max(radius, 0), min(self.halfWidth, self.halfHeight))
    }

    /// Negative inside, positive outside.
    func distance(_ x: Double, _ y: Double) -> Double {
        let qx = abs(x) - (halfWidth - radius)
        let qy = abs(y) - (halfHeight - radius)
        let ox = max(qx, 0)
        let oy = max(qy, 0)
        return (ox * ox + oy * oy).squareRoot() + min(max(qx, qy), 0) - radius
    }
}

/// Area coverage of a pixel whose centre is `distance` points from an edge (a one-pixel ramp).
@inline(__always) func coverage(distance: Double, pixelsPerPoint: Double) -> Double {
    min(max(0.5 - distance * pixelsPerPoint, 0), 1)
}

/// UIActivityIndicatorView's 12 rounded spokes: spoke 0 points to 12 o'clock, the rest follow clockwise.
struct Spokes {
    static let count = 12
    /// The opacity of the spoke furthest behind the leading one while all 12 show.
    static let trailFloor = 0.3

    var opacities: [Double]
    var inner: Double
    var outer: Double
    var halfThickness: Double

    init(state: SpinnerState, width: Double, height: Double) {
        let diameter = max(min(width, height), 0)
        halfThickness = diameter * 0.055
        inner = diameter * 0.27
        outer = diameter * 0.5 - halfThickness
        let visible = min(max(state.visibleSpokes, 0), Spokes.count)
        opacities = (0..<Spokes.count).map { index in
            guard index < visible else { return 0 }
            guard visible == Spokes.count else { return 1 }
            let behind = ((state.leadingSpoke - index) % Spokes.count + Spokes.count) % Spokes.count
            return 1 - (1 - Spokes.trailFloor) * Double(behind) / Double(Spokes.count - 1)
        }
    }

    /// Opacity-weighted coverage of the spokes at a local point (points from the centre).
    func coverage(_ x: Double, _ y: Double, pixelsPerPoint: Double) -> Double {
        let step = 2 * Double.pi / Double(Spokes.count)
        var angle = atan2(x, -y)
        if angle < 0 { angle += 2 * .pi }
        let nearest = Int((angle / step).rounded())
        var total = 0.0
        for index in (nearest - 1)...(nearest + 1) {
            let spoke = (index % Spokes.count + Spokes.count) % Spokes.count
            let opacity = opacities[spoke]
            guard opacity > 0 else { continue }
            let phi = Double(spoke) * step
            let ux = sin(phi)
            let uy = -cos(phi)
            let along = x * ux + y * uy
            let across = x * uy - y * ux
            let clamped = min(max(along, inner), outer)
            let gap = along - clamped
            let d = (gap * gap + across * across).squareRoot() - halfThickness
            total += RefreshFramesRaster.coverage(distance: d, pixelsPerPoint: pixelsPerPoint) * opacity
        }
        return min(total, 1)
    }
}
