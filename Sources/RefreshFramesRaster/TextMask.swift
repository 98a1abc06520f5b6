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

    /// One line of the label where it is drawn, in the view's local points from its centre.
    struct PlacedLine {
        var layout: TextLayout
        var startX: Double
        var baseline: Double
        /// The line box's top and bottom.
        var top: Double
        var bottom: Double
    }

    /// Nil when the text lies entirely outside the surface. `rasterized: false` leaves `coverage`
    /// empty: the box alone, which the layout decides, is what damage needs.
    init?(
        _ text: String, font: FontSpec, alignment: TextAlignment, lines: LabelLines = .whole,
        placement: Placement, fonts: FontBook, usage: FontUsage? = nil, bounds: (Int, Int), rendering: TextRendering,
        rasterized: Bool = true
    ) throws {
        guard
            let (placed, drawn) = try TextMask.place(
                text, font: font, alignment: alignment, settings: lines, placement: placement, fonts: fonts,
                usage: usage),
            font.size > 0
        else { return nil }
        let size = drawn.size
        let slack = font.size * 0.35
        var textBox: PixelBox?
        emoji = []
        for line in placed {
            let lineBox = placement.pixelBounds(
                minX: line.startX - slack, minY: line.top - slack, maxX: line.startX + line.layout.width * size + slack,
                maxY: line.bottom + slack, margin: 2, clip: bounds)
            textBox = lineBox.map { $0.union(textBox) } ?? textBox
            if !line.layout.emoji.isEmpty, let color = fonts.emoji {
                emoji += try PlacedEmoji.placed(
                    in: line.layout, font: drawn, origin: (line.startX, line.baseline), placement: placement,
                    emoji: color)
            }
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
            coverage = try TextMask.hinted(placed, size: size, placement: placement, box: box, fonts: fonts)
        case .unhinted:
            coverage = try TextMask.unhinted(placed, size: size, placement: placement, box: box)
        }
    }

    /// The lines a label draws (`FontBook.wrappedLines`) where it draws them: the block of lines
    /// centred vertically as UILabel centres it, each line aligned on its own, baselines one ascender
    /// of the label's font below each line box's top (a shrunk font keeps them: UILabel's default
    /// `baselineAdjustment`, alignBaselines). Nil when there is nothing to draw.
    static func place(
        _ text: String, font: FontSpec, alignment: TextAlignment, settings: LabelLines, placement: Placement,
        fonts: FontBook, usage: FontUsage? = nil
    ) throws -> ([PlacedLine], FontSpec)? {
        let layout = try fonts.layout(text, font: font, usage: usage)
        guard !layout.runs.isEmpty || !layout.emoji.isEmpty else { return nil }
        let size = font.size
        let lineHeight = layout.lineHeight * size
        guard
            let (lines, drawn) = try fonts.wrappedLines(
                text, font: font, lines: settings, width: placement.halfWidth * 2, height: placement.halfHeight * 2,
                usage: usage)
        else {
            let (startX, baseline) = layout.origin(size: size, alignment: alignment, halfWidth: placement.halfWidth)
            return (
                [
                    PlacedLine(
                        layout: layout, startX: startX, baseline: baseline, top: -lineHeight / 2, bottom: lineHeight / 2
                    )
                ], font
            )
        }
        var placed: [PlacedLine] = []
        for (i, line) in lines.enumerated() {
            let lineLayout = try fonts.layout(line.text, font: drawn, usage: usage)
            let top = -Double(lines.count) * lineHeight / 2 + Double(i) * lineHeight
            let startX = lineLayout.origin(size: drawn.size, alignment: alignment, halfWidth: placement.halfWidth).x
            placed.append(
                PlacedLine(
                    layout: lineLayout, startX: startX, baseline: top + layout.ascender * size, top: top,
                    bottom: top + lineHeight))
        }
        return placed.isEmpty ? nil : (placed, drawn)
    }

    /// Through gd: TrueType hinting, each glyph on a whole pixel.
    private static func hinted(
        _ lines: [PlacedLine], size: Double, placement: Placement, box: PixelBox, fonts: FontBook
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
        for line in lines {
            for run in line.layout.runs where !run.text.isEmpty {
                let origin = placement.toPixel(line.startX + run.offset * size, line.baseline)
                let x = origin.x - Double(box.x0)
                let y = origin.y - Double(box.y0)
                if !run.synthetic.isNone || run.index != 0
                    || run.text.unicodeScalars.contains(where: { $0.value > 0xFFFF })
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
        _ lines: [PlacedLine], size: Double, placement: Placement, box: PixelBox
    ) throws -> [Float] {
        // Local point (lx, ly) = (startX + x·size, baseline − y·size) for a glyph point (x, y) in ems;
        // then the view's transform to pixels, then the box's origin.
        let ax = placement.unitX * placement.cosine
        let bx = -placement.unitY * placement.sine
        let ay = placement.unitX * placement.sine
        let by = placement.unitY * placement.cosine
        let pixelSize = size * (abs(placement.unitX * placement.unitY)).squareRoot()
        let snapped = size * max(1, pixelSize.rounded()) / pixelSize
        var glyphs: [OutlineRasterizer.PlacedGlyph] = []
        for line in lines {
            let ox = placement.centerX + ax * line.startX + bx * line.baseline - Double(box.x0)
            let oy = placement.centerY + ay * line.startX + by * line.baseline - Double(box.y0)
            for run in line.layout.runs {
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
