import RefreshFramesCore
import RefreshFramesRaster

/// A terminal's way of drawing real pixels in its cells.
package enum GraphicsProtocol: String, Sendable, CaseIterable {
    /// kitty's graphics protocol (kitty, and WezTerm when enabled): PNG images by id, edited in
    /// place where a frame changed.
    case kitty
    /// iTerm2's inline images (OSC 1337; WezTerm too): PNG files sized in cells.
    case iterm
    /// DEC sixel (xterm `-ti vt340`, foot, mlterm, WezTerm): palette images drawn at a cell.
    case sixel
}

/// A terminal cell's size in pixels.
package struct CellSize: Sendable, Equatable, CustomStringConvertible {
    package var width: Int
    package var height: Int

    package init(width: Int, height: Int) {
        precondition(width > 0 && height > 0, "a cell is at least one pixel, got \(width)x\(height)")
        self.width = width
        self.height = height
    }

    /// What a file assumes when no terminal says: 10×20, a common size of a 13–15 pt monospace font.
    package static let standard = CellSize(width: 10, height: 20)

    /// `10x20`
    package var description: String { "\(width)x\(height)" }
}

/// Terminal frames drawn as images of a graphics protocol, each frame as what changed since the one
/// before: the first frame (and any frame of another size, or after `restart()`) whole at the top
/// left cell, then, for kitty, the changed rectangles edited into the image in place (`a=f,r=1`,
/// pixels exact); for sixel and iTerm2, the changed rectangles widened to whole cells and drawn
/// as images at their cells. The image is the frame padded with transparent pixels to whole cells.
package struct GraphicsEncoder: Sendable {
    package let graphics: GraphicsProtocol
    package let cell: CellSize
    /// The kitty image's id.
    package static let kittyImageID = 1_380_339_505
    private var frame = PatchedFrame()
    private var sixel: SixelEncoder?
    private var shown = false
    /// The cells the image covers.
    package private(set) var columns = 0
    package private(set) var rows = 0

    /// Inside tmux with passthrough on: every image command wrapped for it (kitty and iTerm2).
    package let passthrough: TmuxPassthrough?

    /// `palette`: the colours of sixel images (required for sixel, unused otherwise).
    package init(
        _ graphics: GraphicsProtocol, cell: CellSize, palette: GIFPalette? = nil, passthrough: TmuxPassthrough? = nil
    ) {
        precondition(graphics != .sixel || palette != nil, "sixel images need a palette")
        self.graphics = graphics
        self.cell = cell
        self.passthrough = graphics == .sixel ? nil : passthrough
        sixel = palette.map(SixelEncoder.init(palette:))
    }

    /// The cells `width` × `height` pixels take.
    package func cells(width: Int, height: Int) -> (columns: Int, rows: Int) {
        ((width + cell.width - 1) / cell.width, (height + cell.height - 1) / cell.height)
    }

    /// Forgets the frame shown, so the next one is drawn whole.
    package mutating func restart() {
        shown = false
        frame = PatchedFrame()
    }

    /// The bytes that turn the screen showing the previous frame into the frame `patch` makes.
    package mutating func encode(_ patch: FramePatch) throws -> [UInt8] {
        let bytes = try encodeForTerminal(patch)
        return passthrough?.wrap(bytes) ?? bytes
    }

    private mutating func encodeForTerminal(_ patch: FramePatch) throws -> [UInt8] {
        let damage = frame.apply(patch)
        let bitmap = frame.bitmap
        guard bitmap.width > 0, bitmap.height > 0 else { return [] }
        var out: [UInt8] = []
        guard shown, let damage else {
            shown = true
            (columns, rows) = cells(width: bitmap.width, height: bitmap.height)
            out += Array("\u{1B}[0m\u{1B}[H\u{1B}[2J".utf8)
            let whole = PixelRect(x: 0, y: 0, width: columns * cell.width, height: rows * cell.height)
            switch graphics {
            case .kitty:
                out += KittyGraphics.delete(id: Self.kittyImageID)
                out += KittyGraphics.display(
                    png: try PNGCodec.encode(bitmap.cropped(to: whole)), id: Self.kittyImageID, columns: columns,
                    rows: rows)
            case .iterm:
                out += ITermGraphics.image(
                    png: try PNGCodec.encode(bitmap.cropped(to: whole)), columns: columns, rows: rows)
            case .sixel:
                out += sixel!.encode(bitmap, rect: PixelRect(x: 0, y: 0, width: bitmap.width, height: bitmap.height))
            }
            return out
        }
        switch graphics {
        case .kitty:
            for rect in damage.compactMap({ $0.clipped(width: bitmap.width, height: bitmap.height) }) {
                out += try KittyGraphics.edits(of: rect, in: bitmap, id: Self.kittyImageID)
            }
        case .iterm, .sixel:
            for area in cellAreas(damage) {
                out += Array("\u{1B}[\(area.rows.lowerBound + 1);\(area.columns.lowerBound + 1)H".utf8)
                let rect = PixelRect(
                    x: area.columns.lowerBound * cell.width, y: area.rows.lowerBound * cell.height,
                    width: area.columns.count * cell.width, height: area.rows.count * cell.height)
                if graphics == .iterm {
                    out += ITermGraphics.image(
                        png: try PNGCodec.encode(bitmap.cropped(to: rect)), columns: area.columns.count,
                        rows: area.rows.count)
                } else if let clipped = rect.clipped(width: bitmap.width, height: bitmap.height) {
                    out += sixel!.encode(bitmap, rect: clipped)
                }
            }
        }
        return out
    }

    /// The cells of the damaged pixels, overlapping areas merged, in order from the top left.
    func cellAreas(_ damage: [PixelRect]) -> [CellRect] {
        var areas: [CellRect] = []
        for rect in damage where rect.width > 0 && rect.height > 0 {
            var area = CellRect(
                columns: max(
                    0, rect.x / cell.width)..<min(columns, (rect.x + rect.width + cell.width - 1) / cell.width),
                rows: max(0, rect.y / cell.height)..<min(rows, (rect.y + rect.height + cell.height - 1) / cell.height))
            guard !area.columns.isEmpty, !area.rows.isEmpty else { continue }
            // Merge with every area it overlaps, until none does.
            while let i = areas.firstIndex(where: { $0.overlaps(area) }) {
                area = area.union(areas.remove(at: i))
            }
            areas.append(area)
        }
        return areas.sorted {
            ($0.rows.lowerBound, $0.columns.lowerBound) < ($1.rows.lowerBound, $1.columns.lowerBound)
        }
    }

    /// Bytes to end a stream with: the cursor on the first column below the image, as
    /// `ANSIEncoder.trailer()` leaves it below a frame of cells.
    package func trailer() -> [UInt8] {
        guard shown else { return [] }
        return Array("\u{1B}[\(rows + 1);1H\r\n".utf8)
    }

    /// Bytes that take the image off the screen (kitty keeps images apart from the cells, so
    /// clearing the screen is not enough there; sixel and iTerm2 images are the cells' content).
    package func clear() -> [UInt8] {
        guard graphics == .kitty else { return [] }
        let delete = KittyGraphics.delete(id: Self.kittyImageID)
        return passthrough?.wrap(delete) ?? delete
    }
}

extension CellRect {
    func overlaps(_ other: CellRect) -> Bool {
        columns.overlaps(other.columns) && rows.overlaps(other.rows)
    }

    func union(_ other: CellRect) -> CellRect {
        CellRect(
            columns: min(
                columns.lowerBound, other.columns.lowerBound)..<max(columns.upperBound, other.columns.upperBound),
            rows: min(rows.lowerBound, other.rows.lowerBound)..<max(rows.upperBound, other.rows.upperBound))
    }
}

extension PixelRect {
    /// The part of the rectangle inside a `width` × `height` image; nil when none is.
    func clipped(width: Int, height: Int) -> PixelRect? {
        let left = max(0, x)
        let top = max(0, y)
        let right = min(width, x + self.width)
        let bottom = min(height, y + self.height)
        guard right > left, bottom > top else { return nil }
        return PixelRect(x: left, y: top, width: right - left, height: bottom - top)
    }
}

extension Bitmap {
    /// The pixels of `rect`; those outside the bitmap are transparent.
    func cropped(to rect: PixelRect) -> Bitmap {
        if rect.x == 0, rect.y == 0, rect.width == width, rect.height == height { return self }
        var out = [UInt8](repeating: 0, count: rect.width * rect.height * 4)
        guard let inside = rect.clipped(width: width, height: height) else {
            return Bitmap(width: rect.width, height: rect.height, pixels: out)
        }
        pixels.withUnsafeBufferPointer { source in
            out.withUnsafeMutableBufferPointer { target in
                for y in inside.y..<(inside.y + inside.height) {
                    let from = source.baseAddress! + (y * width + inside.x) * 4
                    let to = target.baseAddress! + ((y - rect.y) * rect.width + inside.x - rect.x) * 4
                    to.update(from: from, count: inside.width * 4)
                }
            }
        }
        return Bitmap(width: rect.width, height: rect.height, pixels: out)
    }
}

/// Frames of a graphics protocol shown as time goes by (the preview): a frame later than the one
/// shown before is drawn as a patch over it; an earlier one (a seek back, a replay) is drawn whole.
package struct GraphicsPlayback: Sendable {
    /// Where the frames come from, at the image's pixels (`FrameSource.graphicsPixels`).
    package let source: FrameSource
    private var encoder: GraphicsEncoder
    private var shown: FrameState?

    package init(_ source: FrameSource, encoder: GraphicsEncoder) {
        self.source = source
        self.encoder = encoder
    }

    /// The cells the image covers.
    package var columns: Int { encoder.columns }
    package var rows: Int { encoder.rows }

    /// The bytes that show `state`'s frame where the frame shown before was.
    package mutating func bytes(_ state: FrameState) throws -> [UInt8] {
        let previous = shown.flatMap { $0.time <= state.time ? $0 : nil }
        if previous == nil { encoder.restart() }
        let patch = try source.patch(state, after: previous)
        shown = state
        return try encoder.encode(patch)
    }

    /// Bytes that take the image off the screen.
    package func clear() -> [UInt8] { encoder.clear() }
}
