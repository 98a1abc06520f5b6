import RefreshFramesCore

/// A label's colour emoji: its bitmap (resampled to the label's on-screen size) with its top-left
/// corner and the size of one of its pixels in the view's local points, so the view's transform
/// turns and scales it with the text.
struct PlacedEmoji {
    var glyph: ColorEmoji.Glyph
    var x: Double
    var y: Double
    var pointsPerPixel: Double

    /// Every colour emoji of a label, on the line its text is laid out on.
    static func placed(
        in layout: TextLayout, font: FontSpec, origin: (x: Double, baseline: Double), placement: Placement,
        emoji: ColorEmoji
    ) throws -> [PlacedEmoji] {
        guard !layout.emoji.isEmpty, font.size > 0 else { return [] }
        let size = font.size
        let pixelSize = size * abs(placement.unitX * placement.unitY).squareRoot()
        return try layout.emoji.compactMap { item in
            guard let glyph = try emoji.glyph(item.character, pixelSize: pixelSize) else { return nil }
            let pointsPerPixel = size / pixelSize
            return PlacedEmoji(
                glyph: glyph, x: origin.x + item.x * size + glyph.left * pointsPerPixel,
                y: origin.baseline - glyph.top * pointsPerPixel, pointsPerPixel: pointsPerPixel)
        }
    }

    var maxX: Double { x + Double(glyph.width) * pointsPerPixel }
    var maxY: Double { y + Double(glyph.height) * pointsPerPixel }

    /// The premultiplied colour at a local point, bilinear between the bitmap's pixel centres
    /// (transparent beyond its edges).
    @inline(__always) func sample(_ lx: Double, _ ly: Double) -> Premultiplied {
        let u = (lx - x) / pointsPerPixel - 0.5
        let v = (ly - y) / pointsPerPixel - 0.5
        guard u > -1, v > -1, u < Double(glyph.width), v < Double(glyph.height) else { return (0, 0, 0, 0) }
        let u0 = Int(u.rounded(.down))
        let v0 = Int(v.rounded(.down))
        let fu = Float(u - Double(u0))
        let fv = Float(v - Double(v0))
        var out: Premultiplied = (0, 0, 0, 0)
        for (dx, dy, w) in [(0, 0, (1 - fu) * (1 - fv)), (1, 0, fu * (1 - fv)), (0, 1, (1 - fu) * fv), (1, 1, fu * fv)]
        {
            let px = u0 + dx
            let py = v0 + dy
            guard w > 0, px >= 0, py >= 0, px < glyph.width, py < glyph.height else { continue }
            let i = (py * glyph.width + px) * 4
            out.0 += glyph.pixels[i] * w
            out.1 += glyph.pixels[i + 1] * w
            out.2 += glyph.pixels[i + 2] * w
            out.3 += glyph.pixels[i + 3] * w
        }
        return out
    }
}
