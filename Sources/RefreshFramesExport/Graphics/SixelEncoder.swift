import RefreshFramesCore

/// Sixel images, as DEC's VT340 drew them and xterm (`-ti vt340`), foot, mlterm and WezTerm draw
/// them: each pixel in the nearest colour of one palette of at most 255 (`GIFPalette`, the GIF
/// path's: pinned spec colours, frequent exact colours, a median cut of the rest), without
/// dithering, so a pixel that does not change keeps its colour from frame to frame and from one
/// image to the next; runs of a column pattern are run-length coded.
///
/// An image is drawn from the cursor's cell, one sixel pixel a screen pixel (aspect 1:1 in the
/// raster attributes), over a transparent background (P2 = 1): bits left at 0 keep what the screen
/// shows, so the rows below an image's last whole band are untouched and an image of any height
/// can be drawn over part of the screen. Each image defines only the colour registers it uses.
package struct SixelEncoder: Sendable {
    package let palette: GIFPalette
    private var lookup: PaletteLookup
    /// `#i;2;r;g;b` for each palette colour, in percent as sixel colour registers hold them.
    private let registers: [[UInt8]]

    package init(palette: GIFPalette) {
        self.palette = palette
        lookup = PaletteLookup(palette: palette)
        registers = palette.colors.enumerated().map { i, rgb in
            Array("#\(i);2;\(Self.percent(rgb >> 16));\(Self.percent(rgb >> 8));\(Self.percent(rgb))".utf8)
        }
    }

    /// A channel (the low byte of `value`) in sixel's 0…100, rounded.
    static func percent(_ value: UInt32) -> Int { (Int(value & 0xFF) * 100 + 127) / 255 }

    /// The colour a sixel terminal shows for palette entry `index`: its channels through percent.
    package func shownColor(_ index: Int) -> (red: UInt8, green: UInt8, blue: UInt8) {
        let rgb = palette.colors[index]
        func back(_ v: UInt32) -> UInt8 { UInt8((Self.percent(v) * 255 + 50) / 100) }
        return (back(rgb >> 16), back(rgb >> 8), back(rgb))
    }

    /// The image of `rect` of `bitmap` (a DCS … ST sequence).
    package mutating func encode(_ bitmap: Bitmap, rect: PixelRect) -> [UInt8] {
        let width = rect.width
        let height = rect.height
        guard width > 0, height > 0 else { return [] }
        var indices = [UInt8](repeating: 0, count: width * height)
        bitmap.pixels.withUnsafeBufferPointer { frame in
            indices.withUnsafeMutableBufferPointer { out in
                lookup.map(
                    frame, frameWidth: bitmap.width, left: rect.x, top: rect.y, width: width, height: height,
                    into: out)
            }
        }
        var out = SixelWriter()
        out.append("\u{1B}P0;1;0q\"1;1;")
        out.decimal(width)
        out.append(";")
        out.decimal(height)
        var used = [Bool](repeating: false, count: 256)
        for i in indices { used[Int(i)] = true }
        for (i, register) in registers.enumerated() where used[i] { out.bytes += register }
        indices.withUnsafeBufferPointer { pixels in
            var first = [Int](repeating: Int.max, count: 256)
            var last = [Int](repeating: -1, count: 256)
            var present: [Int] = []
            present.reserveCapacity(256)
            for top in stride(from: 0, to: height, by: 6) {
                let rows = min(6, height - top)
                present.removeAll(keepingCapacity: true)
                for row in top..<(top + rows) {
                    let base = row * width
                    for x in 0..<width {
                        let c = Int(pixels[base + x])
                        if last[c] < 0 {
                            present.append(c)
                            first[c] = x
                        } else if x < first[c] {
                            first[c] = x
                        }
                        if x > last[c] { last[c] = x }
                    }
                }
                present.sort()
                for (k, c) in present.enumerated() {
                    if k > 0 { out.append("$") }
                    out.append("#")
                    out.decimal(c)
                    // The columns before the colour's first are left as they are ("?", no bit set).
                    var run = first[c]
                    var pattern: UInt8 = 0x3F
                    for x in first[c]...last[c] {
                        var bits: UInt8 = 0
                        var p = top * width + x
                        for bit in 0..<rows {
                            if Int(pixels[p]) == c { bits |= 1 << UInt8(bit) }
                            p += width
                        }
                        let symbol = 0x3F + bits
                        if symbol == pattern {
                            run += 1
                        } else {
                            out.run(run, of: pattern)
                            pattern = symbol
                            run = 1
                        }
                    }
                    out.run(run, of: pattern)
                    first[c] = Int.max
                    last[c] = -1
                }
                if top + 6 < height { out.append("-") }
            }
        }
        out.append("\u{1B}\\")
        return out.bytes
    }
}

/// The bytes of one sixel image being written.
private struct SixelWriter {
    var bytes: [UInt8] = []

    init() { bytes.reserveCapacity(16384) }

    mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    mutating func decimal(_ value: Int) {
        if value < 10 {
            bytes.append(0x30 &+ UInt8(value))
        } else {
            bytes.append(contentsOf: String(value).utf8)
        }
    }

    /// `count` columns of `symbol`: `!count symbol` from 4 on, where it is shorter.
    mutating func run(_ count: Int, of symbol: UInt8) {
        guard count > 0 else { return }
        if count > 3 {
            bytes.append(0x21)
            decimal(count)
            bytes.append(symbol)
        } else {
            for _ in 0..<count { bytes.append(symbol) }
        }
    }
}
