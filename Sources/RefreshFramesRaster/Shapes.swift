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

/// A modern iOS spinner's 8 capsule spokes: spoke 0 points to 12 o'clock, the rest follow clockwise.
/// The geometry is UIActivityIndicatorView `.medium`'s (iOS 13+), in proportion to the view's
/// smaller side `D` (20 pt for `.medium`): each spoke runs from the ring's edge (D/2) inward over
/// 6.5/20 of D to 3.5/20 of D off the centre, 2.5/20 of D thick with round ends (docs/uikit-semantics-sources.md,
/// "What a modern iOS spinner looks like").
struct Spokes {
    static let count = SpinnerState.spokeCount
    /// The spoke's half thickness over D: 1.25 pt of 20 (`_spokeWidthForGearWidth:`).
    static let halfThicknessRatio = 1.25 / 20
    /// How far the spoke's inner end is from the centre, over D: (10 − 6.5) pt of 20.
    static let innerRatio = 3.5 / 20
    /// An activity indicator's spoke `behind` steps after the brightest: `max(0.32, 1 − 0.17 × behind)`
    /// (0.085 per image, two images a spoke), drawn at 0.85 (`_alphaValueForStep:`, the fill's alpha).
    static func indicatorOpacity(behind: Int) -> Double {
        0.85 * max(0.32, 1 - 0.17 * Double(behind))
    }
    /// UIRefreshControl's own spinner: its replicator's alpha offset ramps over all 8 spokes, no floor.
    static func refreshControlOpacity(behind: Int) -> Double {
        Double(count - behind) / Double(count)
    }

    var opacities: [Double]
    /// Where each spoke's straight part starts and ends, and its half thickness (the round ends
    /// reach `halfThickness` further): points from the centre.
    var inner: Double
    var outer: Double
    var halfThickness: Double

    /// `refreshControl`: UIRefreshControl's own spinner (the spec's `revealsWithPull`), else a
    /// `UIActivityIndicatorView`; they differ only in the fade while all spokes show.
    init(state: SpinnerState, width: Double, height: Double, refreshControl: Bool = true) {
        let diameter = max(min(width, height), 0)
        halfThickness = diameter * Spokes.halfThicknessRatio
        inner = diameter * Spokes.innerRatio + halfThickness
        outer = diameter * 0.5 - halfThickness
        let visible = min(max(state.visibleSpokes, 0), Spokes.count)
        opacities = (0..<Spokes.count).map { index in
            guard index < visible else { return 0 }
            guard visible == Spokes.count else { return 1 }
            let behind = ((state.leadingSpoke - index) % Spokes.count + Spokes.count) % Spokes.count
            return refreshControl
                ? Spokes.refreshControlOpacity(behind: behind) : Spokes.indicatorOpacity(behind: behind)
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
