/// RGB → palette index through a lazily filled exact 24-bit table.
///
/// Each encoder owns its own table, and every entry is a pure function of its key, so the output
/// never depends on threads or on the order frames were seen.
struct PaletteLookup {
    let palette: GIFPalette
    /// Indexed by `0xRRGGBB`; holds palette index + 1, or 0 when not yet computed.
    private var table: [UInt8]

    init(palette: GIFPalette) {
        self.palette = palette
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
}
