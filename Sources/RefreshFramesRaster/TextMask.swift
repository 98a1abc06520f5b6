import CGD
import Foundation
import RefreshFramesCore

/// A label's text re-rasterised by FreeType at its on-screen size and angle, as coverage in 0…1
/// over a pixel box of the surface, with its colour emoji placed on the same line (the box covers
/// them too).
struct TextMask {
    var box: PixelBox
    var coverage: [Float]
    var emoji: [PlacedEmoji]

    /// Nil when the text lies entirely outside the surface. `rasterized: false` leaves `coverage`
    /// empty: the box alone, which the layout decides, is what damage needs.
    init?(
        _ text: String, font: FontSpec, alignment: TextAlignment, placement: Placement, fonts: FontBook,
        bounds: (Int, Int), rendering: TextRendering, rasterized: Bool = true
    ) throws {
        let layout = try fonts.layout(text, font: font)
        guard !layout.runs.isEmpty || !layout.emoji.isEmpty, font.size > 0 else { return nil }
        let size = font.size
        let width = layout.width * size
        let lineHeight = layout.lineHeight * size
        let (startX, baseline) = layout.origin(size: size, alignment: alignment, halfWidth: placement.halfWidth)
        let slack = size * 0.35
        var textBox = placement.pixelBounds(
            minX: startX - slack, minY: -lineHeight / 2 - slack, maxX: startX + width + slack,
            maxY: lineHeight / 2 + slack, margin: 2, clip: bounds)
        emoji = []
        if !layout.emoji.isEmpty, let color = fonts.emoji {
            emoji = try PlacedEmoji.placed(
                in: layout, font: font, alignment: alignment, placement: placement, emoji: color)
        }
        for item in emoji {
            if let itemBox = placement.pixelBounds(
                minX: item.x, minY: item.y, maxX: item.maxX, maxY: item.maxY, margin: 1, clip: bounds)
            {
                textBox = itemBox.union(textBox)
            }
        }
        guard let box = textBox else { return nil }
        self.box = box
        guard rasterized else {
            coverage = []
            return
        }
        switch rendering {
        case .hinted:
            coverage = try TextMask.hinted(
                layout, size: size, startX: startX, baseline: baseline, placement: placement, box: box, fonts: fonts)
        case .unhinted:
            coverage = try TextMask.unhinted(
                layout, size: size, startX: startX, baseline: baseline, placement: placement, box: box)
        }
    }

    /// Through gd: TrueType hinting, each glyph on a whole pixel.
    private static func hinted(
        _ layout: TextLayout, size: Double, startX: Double, baseline: Double, placement: Placement, box: PixelBox,
        fonts: FontBook
    ) throws -> [Float] {
        let image = try GDImage(width: box.width, height: box.height)
        let pixelSize = size * (abs(placement.unitX * placement.unitY)).squareRoot()
        let white = cgd_truecolor_alpha(255, 255, 255, 0)
        var extra = gdFTStringExtra()
        extra.flags = gdFTEX_RESOLUTION | gdFTEX_FONTPATHNAME
        extra.hdpi = 72
        extra.vdpi = 72
        var rect = [Int32](repeating: 0, count: 8)
        var beyondBMP: [(run: TextLayout.Run, x: Double, y: Double)] = []
        for run in layout.runs where !run.text.isEmpty {
            let origin = placement.toPixel(startX + run.offset * size, baseline)
            let x = origin.x - Double(box.x0)
            let y = origin.y - Double(box.y0)
            if !run.synthetic.isNone || run.index != 0 || run.text.unicodeScalars.contains(where: { $0.value > 0xFFFF })
            {
                beyondBMP.append((run, x, y))
                continue
            }
            cgd_clear_last_message()
            // gd turns counter-clockwise for positive angles; a view's rotation is clockwise on screen.
            if let failure = gdImageStringFTEx(
                image.pointer, &rect, white, run.file, pixelSize * run.scale, -placement.rotationRadians,
                Int32(x.rounded()),
                Int32(y.rounded()), TextMask.gdEscaped(run.text), &extra)
            {
                throw RasterError.textDrawFailed(text: run.text, font: run.file, reason: String(cString: failure))
            }
        }

        var coverage = [Float](repeating: 0, count: box.width * box.height)
        for row in 0..<box.height {
            guard let pixels = image.row(row) else { continue }
            for column in 0..<box.width {
                let alpha = Int((UInt32(bitPattern: pixels[column]) >> 24) & 0x7F)
                coverage[row * box.width + column] = Float(127 - alpha) / 127
            }
        }
        for (run, x, y) in beyondBMP {
            try fonts.rasterize(
                run.text, file: run.file, index: run.index, pixelSize: pixelSize * run.scale,
                angle: -placement.rotationRadians, originX: x, originY: y, synthetic: run.synthetic, into: &coverage,
                width: box.width, height: box.height)
        }
        return coverage
    }

    /// The layout's own outlines, transformed as the view is, at the geometry the hinted path lands
    /// on: the size rounded to whole pixels per em (the TrueType scaler does that for fonts that ask,
    /// as the installed CJK and Latin fonts do) and each glyph's origin on a whole pixel (gd's).
    /// So a frame changes when the GIF's frame would, and a stream of it stays as small.
    private static func unhinted(
        _ layout: TextLayout, size: Double, startX: Double, baseline: Double, placement: Placement, box: PixelBox
    ) throws -> [Float] {
        // Local point (lx, ly) = (startX + x·size, baseline − y·size) for a glyph point (x, y) in ems;
        // then the view's transform to pixels, then the box's origin.
        let ax = placement.unitX * placement.cosine
        let bx = -placement.unitY * placement.sine
        let ay = placement.unitX * placement.sine
        let by = placement.unitY * placement.cosine
        let ox = placement.centerX + ax * startX + bx * baseline - Double(box.x0)
        let oy = placement.centerY + ay * startX + by * baseline - Double(box.y0)
        let pixelSize = size * (abs(placement.unitX * placement.unitY)).squareRoot()
        let snapped = size * max(1, pixelSize.rounded()) / pixelSize
        var glyphs: [OutlineRasterizer.PlacedGlyph] = []
        for run in layout.runs {
            for glyph in run.glyphs {
                let pen = glyph.x * size
                glyphs.append(
                    (
                        glyph.outline,
                        OutlineRasterizer.Affine(
                            a: ax * snapped, b: -bx * snapped, c: ay * snapped, d: -by * snapped,
                            tx: (ox + ax * pen).rounded(), ty: (oy + ay * pen).rounded())
                    ))
            }
        }
        let bytes = try OutlineRasterizer.fill(glyphs, width: box.width, height: box.height)
        return bytes.map { Float($0) / 255 }
    }

    /// gd expands "&#…;" and "&name;" entities; escape "&" so the text is drawn as written.
    static func gdEscaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&#38;")
    }

    @inline(__always) func value(_ x: Int, _ y: Int) -> Float {
        guard x >= box.x0, x < box.x1, y >= box.y0, y < box.y1 else { return 0 }
        return coverage[(y - box.y0) * box.width + (x - box.x0)]
    }
}
