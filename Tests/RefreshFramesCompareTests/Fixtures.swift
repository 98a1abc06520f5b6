import RefreshFramesCore

/// Hand-built frames: a flat background with one filled rectangle whose left and right edges may
/// cover a column only partly (coverage mixed into the column by averaging, as a rasteriser would).
enum Fixture {
    static let magenta = RGBA(red: 1, green: 0, blue: 1)
    static let brown = RGBA(red: 0.6, green: 0.4, blue: 0.2)

    /// `width`×`height` of `background`, with `fill` over columns `left..<right` (fractional ends
    /// give antialiased edge columns) and rows `top..<bottom`.
    static func frame(
        width: Int = 40, height: Int = 20, background: RGBA = .white, fill: RGBA = magenta,
        left: Double = 10, right: Double = 18, top: Int = 4, bottom: Int = 16
    ) -> Bitmap {
        var bitmap = Bitmap(width: width, height: height, fill: background)
        for y in top..<bottom {
            for x in 0..<width {
                let coverage = max(0, min(Double(x + 1), right) - max(Double(x), left))
                guard coverage > 0 else { continue }
                let color = background.mixed(with: fill, coverage).bytes
                let i = (y * width + x) * 4
                bitmap.pixels[i] = color.red
                bitmap.pixels[i + 1] = color.green
                bitmap.pixels[i + 2] = color.blue
                bitmap.pixels[i + 3] = color.alpha
            }
        }
        return bitmap
    }
}
