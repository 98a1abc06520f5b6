/// RGB → palette index through a lazily filled exact 24-bit table.
///
/// Each encoder owns its own table, and every entry is a pure function of its key, so the output
/// never depends on threads or on the order frames were seen.
struct PaletteLookup {
    let palette: GIFPalette
    /// Whether pixels under half alpha are clear (`GIFFrameForms.placeholder`) and the others keep
    /// their colour, rather than every pixel composited over black.
    let transparent: Bool
    /// Indexed by `0xRRGGBB`; holds palette index + 1, or 0 when not yet computed.
    private var table: [UInt8]

    init(palette: GIFPalette, transparent: Bool = false) {
        self.palette = palette
        self.transparent = transparent
        table = [UInt8](repeating: 0, count: 1 << 24)
    }

    /// Maps `width` x `height` pixels of `frame` (RGBA, `frameWidth` pixels a row) starting at
    /// (`left`, `top`) into `indices`, row by row.
    mutating func map(
        _ frame: UnsafeBufferPointer<UInt8>, frameWidth: Int,
        left: Int, top: Int, width: Int, height: Int,
        into indices: UnsafeMutableBufferPointer<UInt8>
    ) {
        let palette = self.palette
        if transparent {
            return mapKeepingClear(
                frame, frameWidth: frameWidth, left: left, top: top, width: width, height: height, into: indices)
        }
        table.withUnsafeMutableBufferPointer { table in
            var out = 0
            for y in top..<(top + height) {
                var i = (y * frameWidth + left) * 4
                for _ in 0..<width {
                    let rgb = GIFPalette.flattened(
                        red: frame[i], green: frame[i + 1], blue: frame[i + 2], alpha: frame[i + 3])
                    var entry = table[Int(rgb)]
                    if entry == 0 {
                        entry = UInt8(palette.nearestIndex(to: rgb) + 1)
                        table[Int(rgb)] = entry
                    }
                    indices[out] = entry &- 1
                    out += 1
                    i += 4
                }
            }
        }
    }

    /// `map` for a transparent GIF: pixels under half alpha become the clear placeholder.
    private mutating func mapKeepingClear(
        _ frame: UnsafeBufferPointer<UInt8>, frameWidth: Int,
        left: Int, top: Int, width: Int, height: Int,
        into indices: UnsafeMutableBufferPointer<UInt8>
    ) {
        let palette = self.palette
        table.withUnsafeMutableBufferPointer { table in
            var out = 0
            for y in top..<(top + height) {
                var i = (y * frameWidth + left) * 4
                for _ in 0..<width {
                    if frame[i + 3] < 128 {
                        indices[out] = GIFFrameForms.placeholder
                    } else {
                        let rgb = UInt32(frame[i]) << 16 | UInt32(frame[i + 1]) << 8 | UInt32(frame[i + 2])
                        var entry = table[Int(rgb)]
                        if entry == 0 {
                            entry = UInt8(palette.nearestIndex(to: rgb) + 1)
                            table[Int(rgb)] = entry
                        }
                        indices[out] = entry &- 1
                    }
                    out += 1
                    i += 4
                }
            }
        }
    }
}
