import Foundation
import RefreshFramesCore

/// A layer's shadow as Core Animation draws it with no `shadowPath`: from the composited alpha of
/// the layer and its sublayers (a view with a background casts its rounded rectangle, a label with
/// none its glyphs), offset by `shadowOffset` in the layer's own coordinates (positive y down on
/// iOS; it turns and scales with the view), blurred by a Gaussian of standard deviation
/// `shadowRadius × sigmaPerRadius`, in `shadowColor` at `shadowOpacity` × the colour's alpha, drawn
/// below the layer. A view that clips to its bounds clips its shadow too; so does every ancestor
/// that clips. Sources and how sure each is: docs/uikit-semantics-sources.md, "Layer borders and
/// shadows".
struct LayerShadow {
    /// The Gaussian's standard deviation per point of `shadowRadius`: 1, as WebKit's mapping of a
    /// CSS drop-shadow's deviation onto Core Animation, the design tools' exports and Microsoft's
    /// side-by-side comparison of iOS and CSS shadows have it (GNUstep's ½ has no witness, and the
    /// comparison shows react-native-web's ½ does not match iOS). No Apple statement exists; see
    /// the sources document.
    static let sigmaPerRadius = 1.0

    /// `shadowColor` with `shadowOpacity` applied to its alpha.
    var color: RGBA
    /// The offset in frame pixels: `shadowOffset` through the view's placement.
    var dx: Double
    var dy: Double
    /// The blur's standard deviation in frame pixels.
    var sigma: Double
    /// The view's own bounds when it clips to them.
    var ownClip: ClipShape?
    var ancestorClips: [ClipShape]
    /// The `shadowPath` that casts it, where the view landed; nil: its composited alpha does.
    var path: PlacedShadowPath?

    /// The view's shadow, or nil when it casts none (opacity 0, a clear colour, or values that
    /// are not finite).
    init?(_ view: ViewState, placement: Placement, shape: RoundedBox, clips: Bool, ancestorClips: [ClipShape]) {
        let alpha = clamp01(view.shadowOpacity) * clamp01(view.shadowColor.alpha)
        let offset = view.shadowOffset
        let radius = max(view.shadowRadius, 0)
        guard alpha > 0, offset.width.isFinite, offset.height.isFinite, radius.isFinite else { return nil }
        color = view.shadowColor
        color.alpha = alpha
        let sx = offset.width * placement.unitX
        let sy = offset.height * placement.unitY
        dx = sx * placement.cosine - sy * placement.sine
        dy = sx * placement.sine + sy * placement.cosine
        sigma = radius * Self.sigmaPerRadius * placement.pixelsPerPoint
        ownClip = clips ? ClipShape(placement: placement, shape: shape) : nil
        self.ancestorClips = ancestorClips
        path = PlacedShadowPath(view.shadowPath, placement: placement)
    }

    /// How far the blur reaches, whole pixels: three deviations (0.3% of the weight is beyond).
    var reach: Int { sigma < 0.01 ? 0 : Int((3 * sigma).rounded(.up)) }

    /// The pixels it may draw on a `width × height` frame when its source draws on `source`.
    func box(source: PixelBox, width: Int, height: Int) -> PixelBox? {
        guard dx.magnitude < 1e6, dy.magnitude < 1e6 else { return nil }
        let margin = Double(reach + 1)
        guard
            var box = PixelBox(x0: 0, y0: 0, x1: width, y1: height).intersection(
                PixelBox(
                    x0: Int((Double(source.x0) + dx - margin).rounded(.down)),
                    y0: Int((Double(source.y0) + dy - margin).rounded(.down)),
                    x1: Int((Double(source.x1) + dx + margin).rounded(.up)),
                    y1: Int((Double(source.y1) + dy + margin).rounded(.up))))
        else { return nil }
        for clip in (ownClip.map { [$0] } ?? []) + ancestorClips {
            guard let clipBox = clip.box(width: width, height: height), let clipped = box.intersection(clipBox) else {
                return nil
            }
            box = clipped
        }
        return box
    }

    /// The source's alpha blurred: a grid over the source's pixels grown by `reach` on every side.
    func mask(of source: Surface) -> ShadowMask {
        let r = reach
        let s = source.region
        let box = PixelBox(x0: s.x0 - r, y0: s.y0 - r, x1: s.x1 + r, y1: s.y1 + r)
        var values = [Float](repeating: 0, count: box.width * box.height)
        if let path {
            // The path's coverage, not the pixels: `source` only gives the region (the path's box).
            for y in 0..<s.height {
                for x in 0..<s.width {
                    values[(y + r) * box.width + x + r] = Float(
                        path.coverage(Double(s.x0 + x) + 0.5, Double(s.y0 + y) + 0.5))
                }
            }
        } else {
            source.withPixelsRead { p in
                for y in 0..<s.height {
                    for x in 0..<s.width { values[(y + r) * box.width + x + r] = p[(y * s.width + x) * 4 + 3] }
                }
            }
        }
        guard r > 0 else { return ShadowMask(box: box, values: values) }
        let weights = Self.weights(sigma: sigma, reach: r)
        var across = [Float](repeating: 0, count: values.count)
        for y in 0..<box.height {
            let row = y * box.width
            for x in 0..<box.width {
                var sum: Float = 0
                for k in max(-r, -x)...min(r, box.width - 1 - x) { sum += values[row + x + k] * weights[k + r] }
                across[row + x] = sum
            }
        }
        for y in 0..<box.height {
            for x in 0..<box.width {
                var sum: Float = 0
                for k in max(-r, -y)...min(r, box.height - 1 - y) {
                    sum += across[(y + k) * box.width + x] * weights[k + r]
                }
                values[y * box.width + x] = sum
            }
        }
        return ShadowMask(box: box, values: values)
    }

    /// A Gaussian of deviation `sigma` sampled at whole pixels from −reach to reach, summing to 1.
    static func weights(sigma: Double, reach: Int) -> [Float] {
        let raw = (-reach...reach).map { exp(-Double($0 * $0) / (2 * sigma * sigma)) }
        let total = raw.reduce(0, +)
        return raw.map { Float($0 / total) }
    }
}

/// A blurred alpha over a pixel grid (`box`, frame pixels; it may reach past the frame).
struct ShadowMask {
    var box: PixelBox
    var values: [Float]

    /// The value at frame position (px, py), bilinear between pixel centres; 0 off the grid.
    func sample(_ px: Double, _ py: Double) -> Float {
        let u = px - 0.5 - Double(box.x0)
        let v = py - 0.5 - Double(box.y0)
        let i = Int(u.rounded(.down))
        let j = Int(v.rounded(.down))
        let fx = Float(u - Double(i))
        let fy = Float(v - Double(j))
        func at(_ x: Int, _ y: Int) -> Float {
            x >= 0 && y >= 0 && x < box.width && y < box.height ? values[y * box.width + x] : 0
        }
        let top = at(i, j) * (1 - fx) + (fx > 0 ? at(i + 1, j) * fx : 0)
        guard fy > 0 else { return top }
        let bottom = at(i, j + 1) * (1 - fx) + (fx > 0 ? at(i + 1, j + 1) * fx : 0)
        return top * (1 - fy) + bottom * fy
    }
}

extension Surface {
    /// Blends `shadow`, cast by what `source` holds (the view and its subviews at full opacity),
    /// over these pixels at `alpha` (the view's, times what its group passed on).
    mutating func composite(_ shadow: LayerShadow, from source: Surface, alpha: Double) {
        guard let whole = shadow.box(source: source.region, width: width, height: height), let box = clipped(whole)
        else { return }
        let mask = shadow.mask(of: source)
        let ink = premultiplied(shadow.color)
        let layerAlpha = Float(alpha)
        let clips = (shadow.ownClip.map { [$0] } ?? []) + shadow.ancestorClips
        let held = region
        withPixels { out in
            for y in box.y0..<box.y1 {
                for x in box.x0..<box.x1 {
                    let px = Double(x) + 0.5
                    let py = Double(y) + 0.5
                    var c = Double(mask.sample(px - shadow.dx, py - shadow.dy))
                    for clip in clips where c > 0 { c *= clip.coverage(px, py) }
                    guard c > 0 else { continue }
                    let i = ((y - held.y0) * held.width + (x - held.x0)) * 4
                    blend(out, at: i, ink, coverage: Float(c) * layerAlpha)
                }
            }
        }
    }
}
