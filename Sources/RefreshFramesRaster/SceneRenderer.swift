import Foundation
import RefreshFramesCore

/// Draws the whole screen of a spec with a host: the table view's background, the refresh control
/// (drawn by `FrameRenderer` at its own size) at its revealed position clipped to the strip above
/// the content (below the bars, when the host has them), then section headers and cells
/// (background, labels with colour emoji, separator), then the host's bars over everything.
///
/// Cells follow UIKit's built-in styles on a 375 pt iPhone of the tutorials' era: labels inset
/// 15 pt from both sides, the default style's label vertically centred, the subtitle style's two
/// labels centred as a pair; separators 1 pixel at the cell's bottom, inset `separatorInset` on the
/// left; plain section headers light grey (#F7F7F7) with a 15 pt semibold title.
package struct SceneRenderer: FrameDrawing {
    package let host: HostSpec
    package let control: FrameRenderer
    package let fonts: FontBook
    package let emoji: ColorEmoji

    package init(host: HostSpec, control: FrameRenderer, fonts: FontBook, emoji: ColorEmoji = .shared) {
        self.host = host
        self.control = control
        self.fonts = fonts
        self.emoji = emoji
    }

    /// The screen, or only `region` of it, as `viewport × scale` pixels. Without a scene in
    /// `state`, the control alone.
    package func render(_ state: FrameState, scale: Double?, region: PixelRect?) throws -> Bitmap {
        try draw(state, scale: scale, region: region.map(PixelBox.init))
    }

    /// The viewport's size; without a scene in `state`, the control's.
    package func pixelSize(of state: FrameState, scale: Double?) throws -> (width: Int, height: Int) {
        let scale = scale ?? control.canvas.scale
        guard let scene = state.scene else { return try control.pixelSize(scale) }
        guard scale > 0, scale.isFinite else { throw RasterError.invalidScale(scale) }
        return (Int((scene.viewport.width * scale).rounded()), Int((scene.viewport.height * scale).rounded()))
    }

    func draw(_ state: FrameState, scale: Double?, region: PixelBox?) throws -> Bitmap {
        let scale = scale ?? control.canvas.scale
        guard let scene = state.scene else { return try control.draw(state, scale: scale, region: region) }
        let (width, height) = try pixelSize(of: state, scale: scale)
        let table = host.table
        var surface = Surface(width: width, height: height, background: table.backgroundColor, region: region)
        var canvas = SceneCanvas(surface: surface, scale: scale)
        surface = Surface(width: 0, height: 0, background: .clear)

        // The control, at whole pixels, clipped to the strip between the viewport's top and the content.
        if scene.controlVisibleHeight > 0 {
            let placed = controlPlacement(scene, scale: scale, height: height)
            if let region {
                // Only the control's pixels that land in the region.
                let (controlWidth, controlHeight) = try control.pixelSize(scale)
                let shifted = PixelBox(
                    x0: region.x0 - placed.left, y0: region.y0 - placed.top, x1: region.x1 - placed.left,
                    y1: region.y1 - placed.top)
                if let part = shifted.intersection(PixelBox(x0: 0, y0: 0, x1: controlWidth, y1: controlHeight)) {
                    let bitmap = try control.draw(state, scale: scale, region: part)
                    canvas.blend(bitmap, x: placed.left + part.x0, y: placed.top + part.y0, clipY: placed.clipY)
                }
            } else {
                let bitmap = try control.render(state, scale: scale)
                canvas.blend(bitmap, x: placed.left, y: placed.top, clipY: placed.clipY)
            }
        }
        for header in scene.headers {
            let box = canvas.pixelRect(header.frame)
            canvas.fill(box, PlainTableStyle.headerBackground, alpha: 1)
            try drawLine(
                header.title, font: PlainTableStyle.headerTitleFont, color: PlainTableStyle.headerTitleColor,
                alignment: .left,
                in: labelRect(header.frame, top: header.frame.y, height: header.frame.height), rowTop: header.frame.y,
                pixelTop: box.y0, alpha: 1, canvas: &canvas)
        }
        for row in scene.rowsInDrawingOrder {
            try drawRow(row, canvas: &canvas)
        }
        if let bars = host.bars {
            try drawBars(bars, top: scene.bars?.top ?? bars.top, width: scene.viewport.width, canvas: &canvas)
        }
        return canvas.surface.bitmap()
    }

    /// The bars over everything: the status and navigation bars from the top, the tab bar and home
    /// indicator at the bottom, in the bars' light grey with a hairline on their inner edge, the
    /// navigation bar's title centred in its 44 pt row (17 pt semibold) or, with large titles, at the
    /// left margin of the 52 pt below (34 pt bold). The colours and the titles' placement are
    /// approximations (iOS blurs translucent bars over the content; that is not drawn). `top` is the
    /// bars' bottom edge at this instant: a large-title bar stretched by the pull, its title at the
    /// bottom.
    private func drawBars(_ bars: HostBars, top bottomEdge: Double, width: Double, canvas: inout SceneCanvas) throws {
        let top = canvas.pixelRect(Rect(x: 0, y: 0, width: width, height: bottomEdge))
        canvas.fill(top, BarStyle.background, alpha: 1)
        canvas.fill(PixelBox(x0: top.x0, y0: top.y1 - 1, x1: top.x1, y1: top.y1), BarStyle.hairline, alpha: 1)
        if let bar = bars.navigationBar, !bar.title.isEmpty {
            let row = Rect(x: 0, y: bars.statusBar, width: width, height: NavigationBarSpec.height)
            try drawLine(
                bar.largeTitle ? "" : bar.title, font: BarStyle.titleFont, color: .black, alignment: .center, in: row,
                rowTop: row.y, pixelTop: Int((row.y * canvas.scale).rounded()), alpha: 1, canvas: &canvas)
            if bar.largeTitle {
                let margin = width >= 414 ? 20.0 : 16
                let large = Rect(
                    x: margin, y: bottomEdge - NavigationBarSpec.largeTitleExtra, width: width - 2 * margin,
                    height: NavigationBarSpec.largeTitleExtra)
                try drawLine(
                    bar.title, font: BarStyle.largeTitleFont, color: .black, alignment: .left, in: large,
                    rowTop: large.y, pixelTop: Int((large.y * canvas.scale).rounded()), alpha: 1, canvas: &canvas)
            }
        }
        guard bars.bottom > 0, bars.tabBar || bars.homeIndicator > 0 else { return }
        let bottom = canvas.pixelRect(
            Rect(x: 0, y: host.viewport.height - bars.bottom, width: width, height: bars.bottom))
        canvas.fill(bottom, BarStyle.background, alpha: 1)
        canvas.fill(
            PixelBox(x0: bottom.x0, y0: bottom.y0, x1: bottom.x1, y1: bottom.y0 + 1), BarStyle.hairline, alpha: 1)
    }

    /// Where the control's bitmap lands on a screen `height` pixels tall, and the rows it may show.
    func controlPlacement(_ scene: SceneState, scale: Double, height: Int) -> (left: Int, top: Int, clipY: Range<Int>) {
        let top = Int((scene.controlFrame.y * scale).rounded())
        let left = Int((scene.controlFrame.x * scale).rounded())
        let stripTop = Int((scene.stripTop * scale).rounded())
        let stripBottom = Int((scene.contentTop * scale).rounded())
        return (left, top, stripTop..<max(stripTop, min(stripBottom, height)))
    }

    private func labelRect(_ frame: Rect, top: Double, height: Double) -> Rect {
        let band = PlainTableStyle.labelBand(in: frame)
        return Rect(x: band.minX, y: top, width: band.maxX - band.minX, height: height)
    }

    private func drawRow(_ row: RowState, canvas: inout SceneCanvas) throws {
        let alpha = clamp01(row.alpha)
        guard alpha > 0 else { return }
        let cell = host.table.cell
        let box = canvas.pixelRect(row.frame)
        canvas.fill(box, cell.backgroundColor, alpha: alpha)
        switch cell.style {
        case .default:
            try drawLine(
                row.text, font: cell.font, color: cell.textColor, alignment: cell.textAlignment,
                in: labelRect(row.frame, top: row.frame.y, height: row.frame.height), rowTop: row.frame.y,
                pixelTop: box.y0, alpha: alpha, canvas: &canvas)
        case .subtitle:
            let titleHeight = try fonts.layout(" ", font: cell.font, usage: control.usage).lineHeight * cell.font.size
            var detailHeight = 0.0
            if row.detail != nil {
                detailHeight =
                    try fonts.layout(" ", font: cell.detailFont, usage: control.usage).lineHeight * cell.detailFont.size
            }
            let top = row.frame.midY - (titleHeight + detailHeight) / 2
            try drawLine(
                row.text, font: cell.font, color: cell.textColor, alignment: cell.textAlignment,
                in: labelRect(row.frame, top: top, height: titleHeight), rowTop: row.frame.y, pixelTop: box.y0,
                alpha: alpha, canvas: &canvas)
            if let detail = row.detail {
                try drawLine(
                    detail, font: cell.detailFont, color: cell.detailTextColor, alignment: cell.textAlignment,
                    in: labelRect(row.frame, top: top + titleHeight, height: detailHeight), rowTop: row.frame.y,
                    pixelTop: box.y0, alpha: alpha, canvas: &canvas)
            }
        }
        let table = host.table
        if table.separatorColor.alpha > 0 {
            let x0 = Int(((row.frame.x + table.separatorInset) * canvas.scale).rounded())
            let separator = PixelBox(x0: x0, y0: box.y1 - 1, x1: box.x1, y1: box.y1)
            canvas.fill(separator, table.separatorColor, alpha: alpha)
        }
    }

    /// One line of text in `rect` (points): runs of ordinary text through the label pipeline
    /// (`TextMask`), emoji as colour bitmaps on the same baseline. The line moves with its row in
    /// whole pixels (`pixelTop` is where the row's top landed), so text stays crisp while scrolling.
    private func drawLine(
        _ text: String, font: FontSpec, color: RGBA, alignment: TextAlignment, in rect: Rect, rowTop: Double,
        pixelTop: Int, alpha: Double, canvas: inout SceneCanvas
    ) throws {
        guard !text.isEmpty else { return }
        let scale = canvas.scale
        let pixelSize = font.size * scale
        // Segments: (text, isEmoji, width in points).
        var segments: [(text: String, emoji: Bool, width: Double)] = []
        var pending = ""
        func flush() throws {
            guard !pending.isEmpty else { return }
            segments.append(
                (pending, false, try fonts.layout(pending, font: font, usage: control.usage).width * font.size))
            pending = ""
        }
        for character in text {
            if emoji.isAvailable, ColorEmoji.isEmoji(character),
                let advance = emoji.advance(character, pixelSize: pixelSize)
            {
                try flush()
                segments.append((String(character), true, advance / scale))
            } else {
                pending.append(character)
            }
        }
        try flush()
        let width = segments.reduce(0) { $0 + $1.width }
        var x: Double
        switch alignment {
        case .left: x = rect.x
        case .center: x = rect.midX - width / 2
        case .right: x = rect.maxX - width
        }
        let metrics = try fonts.layout(" ", font: font, usage: control.usage)
        // Offset of the rect from the row's top, in whole pixels relative to where the row landed.
        let dy = Double(pixelTop) / scale - rowTop
        let top = rect.y + dy
        let baseline = top + rect.height / 2 - metrics.lineHeight * font.size / 2 + metrics.ascender * font.size
        for segment in segments {
            defer { x += segment.width }
            if segment.emoji {
                guard let glyph = try emoji.glyph(Character(segment.text), pixelSize: pixelSize) else { continue }
                if let file = emoji.file { fonts.recordUse(of: file, usage: control.usage) }
                let px = Int((x * scale + glyph.left).rounded())
                let py = Int((baseline * scale - glyph.top).rounded())
                canvas.blend(glyph, x: px, y: py, alpha: Float(alpha))
                continue
            }
            let frame = Rect(x: x, y: top, width: segment.width, height: rect.height)
            guard let placement = Placement(frame: frame, transform: .identity, scale: scale) else { continue }
            guard
                let mask = try TextMaskCache.shared.mask(
                    segment.text, font: font, alignment: .left, placement: placement, fonts: fonts,
                    usage: control.usage, bounds: (canvas.surface.width, canvas.surface.height), rendering: control.text
                )
            else { continue }
            canvas.blend(mask, color: color, alpha: alpha)
        }
    }
}

/// A surface with the scene's drawing operations, in pixels.
struct SceneCanvas {
    var surface: Surface
    let scale: Double

    /// A frame in points to whole pixels (edges rounded), clipped to the surface.
    func pixelRect(_ r: Rect) -> PixelBox {
        let y0 = Int((r.y * scale).rounded())
        let y1 = y0 + Int((r.height * scale).rounded())
        let x0 = Int((r.x * scale).rounded())
        let x1 = x0 + Int((r.width * scale).rounded())
        return PixelBox(x0: x0, y0: y0, x1: x1, y1: y1)
    }

    mutating func fill(_ box: PixelBox, _ color: RGBA, alpha: Double) {
        let a = Float(clamp01(color.alpha) * alpha)
        guard a > 0 else { return }
        let r = Float(clamp01(color.red)) * a
        let g = Float(clamp01(color.green)) * a
        let b = Float(clamp01(color.blue)) * a
        let held = surface.region
        let x0 = max(box.x0, held.x0)
        let x1 = min(box.x1, held.x1)
        let y0 = max(box.y0, held.y0)
        let y1 = min(box.y1, held.y1)
        guard x1 > x0, y1 > y0 else { return }
        surface.withPixels { p in
            let keep = 1 - a
            for y in y0..<y1 {
                for x in x0..<x1 {
                    let i = ((y - held.y0) * held.width + (x - held.x0)) * 4
                    p[i] = r + p[i] * keep
                    p[i + 1] = g + p[i + 1] * keep
                    p[i + 2] = b + p[i + 2] * keep
                    p[i + 3] = a + p[i + 3] * keep
                }
            }
        }
    }

    /// A non-premultiplied 8-bit bitmap over the surface at (x, y), only rows in `clipY`.
    mutating func blend(_ bitmap: Bitmap, x: Int, y: Int, clipY: Range<Int>) {
        let pixels = bitmap.pixels
        blend(width: bitmap.width, height: bitmap.height, x: x, y: y, clipY: clipY) { s in
            let a = Float(pixels[s + 3]) / 255
            return (Float(pixels[s]) / 255 * a, Float(pixels[s + 1]) / 255 * a, Float(pixels[s + 2]) / 255 * a, a)
        }
    }

    /// A premultiplied colour emoji with its top-left at (x, y).
    mutating func blend(_ glyph: ColorEmoji.Glyph, x: Int, y: Int, alpha: Float) {
        let pixels = glyph.pixels
        blend(width: glyph.width, height: glyph.height, x: x, y: y, clipY: 0..<surface.height) { s in
            (pixels[s] * alpha, pixels[s + 1] * alpha, pixels[s + 2] * alpha, pixels[s + 3] * alpha)
        }
    }

    /// A `width × height` source with its top-left at (x, y) over the surface, only rows in `clipY`;
    /// `premultiplied(s)` is the source's colour at its channel offset `s` (row-major RGBA).
    private mutating func blend(
        width: Int, height: Int, x: Int, y: Int, clipY: Range<Int>, premultiplied: (Int) -> Premultiplied
    ) {
        let held = surface.region
        let y0 = max(y, clipY.lowerBound, held.y0)
        let y1 = min(y + height, clipY.upperBound, held.y1)
        let x0 = max(x, held.x0)
        let x1 = min(x + width, held.x1)
        guard y1 > y0, x1 > x0 else { return }
        surface.withPixels { p in
            for py in y0..<y1 {
                for px in x0..<x1 {
                    let (r, g, b, a) = premultiplied(((py - y) * width + (px - x)) * 4)
                    guard a > 0 else { continue }
                    let i = ((py - held.y0) * held.width + (px - held.x0)) * 4
                    let keep = 1 - a
                    p[i] = r + p[i] * keep
                    p[i + 1] = g + p[i + 1] * keep
                    p[i + 2] = b + p[i + 2] * keep
                    p[i + 3] = a + p[i + 3] * keep
                }
            }
        }
    }

    /// Text coverage in `color`.
    mutating func blend(_ mask: TextMask, color: RGBA, alpha: Double) {
        let a = Float(clamp01(color.alpha) * alpha)
        guard a > 0 else { return }
        let r = Float(clamp01(color.red))
        let g = Float(clamp01(color.green))
        let b = Float(clamp01(color.blue))
        guard let box = surface.clipped(mask.box) else { return }
        let held = surface.region
        surface.withPixels { p in
            for y in box.y0..<box.y1 {
                for x in box.x0..<box.x1 {
                    let c = mask.value(x, y) * a
                    guard c > 0 else { continue }
                    let i = ((y - held.y0) * held.width + (x - held.x0)) * 4
                    let keep = 1 - c
                    p[i] = r * c + p[i] * keep
                    p[i + 1] = g * c + p[i + 1] * keep
                    p[i + 2] = b * c + p[i + 2] * keep
                    p[i + 3] = c + p[i + 3] * keep
                }
            }
        }
    }
}
