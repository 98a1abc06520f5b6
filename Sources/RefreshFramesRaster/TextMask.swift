import CGD
import Foundation
import RefreshFramesCore

/// A label's text re-rasterised by FreeType at its on-screen size and angle, as coverage in 0…1
/// over a pixel box of the surface, with its colour emoji placed on the same line (the box covers
/// them too). Under a 3-D transform the text is rasterised flat in the view's plane and sampled
/// through the projection (`projected`); the emoji are sampled there by the layer's local points.
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
        if let projection = placement.projection {
            coverage = try TextMask.projected(
                placed, size: size, slack: slack, placement: placement, projection: projection, box: box, fonts: fonts,
                rendering: rendering)
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

    /// A projected view's text (under a 3-D transform, its own or an ancestor's), as Core Animation
    /// draws a layer's contents: rasterised flat in the view's own plane, into a buffer over its
    /// lines' boxes at `flatScale` pixels per point (the most the projection magnifies them, so
    /// nothing is upsampled), then each pixel of `box` mapped back through the projection to the
    /// view's points and the buffer sampled there, bilinear (a pixel whose footprint spans more than
    /// a texel of the buffer averages n × n samples across it). So the back face shows the text
    /// mirrored, the perspective foreshortens it, and pixels behind the eye get none.
    private static func projected(
        _ lines: [PlacedLine], size: Double, slack: Double, placement: Placement, projection: Projection,
        box: PixelBox, fonts: FontBook, rendering: TextRendering
    ) throws -> [Float] {
        var (minX, minY) = (Double.infinity, Double.infinity)
        var (maxX, maxY) = (-Double.infinity, -Double.infinity)
        for line in lines {
            minX = min(minX, line.startX - slack)
            maxX = max(maxX, line.startX + line.layout.width * size + slack)
            minY = min(minY, line.top - slack)
            maxY = max(maxY, line.bottom + slack)
        }
        var coverage = [Float](repeating: 0, count: box.width * box.height)
        guard minX < maxX, minY < maxY, minX.isFinite, maxX.isFinite, minY.isFinite, maxY.isFinite else {
            return coverage
        }
        let scale = flatScale(projection, minX: minX, minY: minY, maxX: maxX, maxY: maxY)
        // The buffer's centre keeps the screen centre's fraction of a pixel (to 1/64), so text that
        // the projection only moves (or mirrors about a pixel edge) lands on the pixels flat text would.
        func fraction(_ v: Double) -> Double {
            let snapped = v.isFinite ? (v * 64).rounded() / 64 : 0
            return snapped - snapped.rounded(.down)
        }
        let centerX = (-minX * scale).rounded(.up) + 2 + fraction(placement.centerX)
        let centerY = (-minY * scale).rounded(.up) + 2 + fraction(placement.centerY)
        let flatBox = PixelBox(
            x0: 0, y0: 0, x1: Int((centerX + maxX * scale).rounded(.up)) + 2,
            y1: Int((centerY + maxY * scale).rounded(.up)) + 2)
        let flat = Placement(
            flatCenterX: centerX, centerY: centerY, scale: scale, halfWidth: placement.halfWidth,
            halfHeight: placement.halfHeight)
        let texels: [Float]
        switch rendering {
        case .hinted: texels = try hinted(lines, size: size, placement: flat, box: flatBox, fonts: fonts)
        case .unhinted: texels = try unhinted(lines, size: size, placement: flat, box: flatBox)
        }
        let (tw, th) = (flatBox.width, flatBox.height)
        @inline(__always) func texel(_ x: Int, _ y: Int) -> Float {
            x >= 0 && y >= 0 && x < tw && y < th ? texels[y * tw + x] : 0
        }
        // Bilinear between texel centres; nothing off the buffer or on no point of the plane.
        @inline(__always) func sample(_ px: Double, _ py: Double) -> Float {
            let local = projection.local(px, py)
            guard local != Projection.nowhere else { return 0 }
            let u = centerX + local.x * scale - 0.5
            let v = centerY + local.y * scale - 0.5
            guard u > -1, v > -1, u < Double(tw), v < Double(th) else { return 0 }
            let (u0, v0) = (Int(u.rounded(.down)), Int(v.rounded(.down)))
            let (fu, fv) = (Float(u - Double(u0)), Float(v - Double(v0)))
            return (texel(u0, v0) * (1 - fu) + texel(u0 + 1, v0) * fu) * (1 - fv)
                + (texel(u0, v0 + 1) * (1 - fu) + texel(u0 + 1, v0 + 1) * fu) * fv
        }
        for y in box.y0..<box.y1 {
            for x in box.x0..<box.x1 {
                let (px, py) = (Double(x) + 0.5, Double(y) + 0.5)
                let local = projection.local(px, py)
                guard local != Projection.nowhere else {
                    // Straddling the horizon (a corner of the pixel on the plane): 4 × 4 samples,
                    // those on the plane counted; wholly off it: nothing.
                    let corners = [(0.0, 0.0), (1.0, 0.0), (0.0, 1.0), (1.0, 1.0)]
                    guard
                        corners.contains(where: {
                            projection.local(Double(x) + $0.0, Double(y) + $0.1) != Projection.nowhere
                        })
                    else { continue }
                    var sum: Float = 0
                    for j in 0..<4 {
                        for i in 0..<4 {
                            sum += sample(Double(x) + (Double(i) + 0.5) / 4, Double(y) + (Double(j) + 0.5) / 4)
                        }
                    }
                    coverage[(y - box.y0) * box.width + (x - box.x0)] = sum / 16
                    continue
                }
                // The pixel's footprint in texels: its sides mapped back (∂local/∂pixel) times the scale.
                let j = projection.jacobian(px, py, local: local)
                let footprint =
                    scale * max((j.xx * j.xx + j.yx * j.yx).squareRoot(), (j.xy * j.xy + j.yy * j.yy).squareRoot())
                let n = footprint.isFinite ? min(4, max(1, Int((footprint - 1e-6).rounded(.up)))) : 4
                var value: Float
                if n == 1 {
                    value = sample(px, py)
                } else {
                    value = 0
                    for b in 0..<n {
                        for a in 0..<n {
                            value += sample(
                                Double(x) + (Double(a) + 0.5) / Double(n), Double(y) + (Double(b) + 0.5) / Double(n))
                        }
                    }
                    value /= Float(n * n)
                }
                coverage[(y - box.y0) * box.width + (x - box.x0)] = min(1, value)
            }
        }
        return coverage
    }

    /// Pixels per point for a projected view's flat text: the most the projection stretches the
    /// rectangle (any direction's, at its corners in front of the eye: a homography's scale is
    /// extreme at a corner), to 1/8, within 1/8…16 and 4096 pixels a side.
    static func flatScale(_ projection: Projection, minX: Double, minY: Double, maxX: Double, maxY: Double) -> Double {
        var most = 0.0
        for (x, y) in [(minX, minY), (maxX, minY), (minX, maxY), (maxX, maxY), (0, 0)] {
            guard let stretch = projection.stretch(x, y) else { continue }
            most = max(most, stretch)
        }
        if most == 0 || !most.isFinite { most = 1 }
        let side = max(maxX - minX, maxY - minY)
        let capped = min(most, 16, 4096 / max(side, 1e-9))
        return max(1.0 / 8, (capped * 8 - 1e-6).rounded(.up) / 8)
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

extension Placement {
    /// Flat, unturned: local points (from the centre) to the pixels of a buffer, `scale` per point,
    /// the centre at (`x`, `y`); for a projected view's text drawn in its own plane.
    init(flatCenterX x: Double, centerY y: Double, scale: Double, halfWidth: Double, halfHeight: Double) {
        (centerX, centerY, cosine, sine, rotationRadians) = (x, y, 1, 0, 0)
        (unitX, unitY, pixelsPerPoint) = (scale, scale, scale)
        (self.halfWidth, self.halfHeight) = (halfWidth, halfHeight)
        projection = nil
    }
}
