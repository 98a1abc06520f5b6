import RefreshFramesCore

extension FontBook {
    /// Where a one-line label's baseline lies below its centre, in points: UILabel centres the
    /// line box (the font's line height) and the baseline is one ascender below its top; the
    /// renderer draws text there.
    public func baselineOffset(font: FontSpec) throws -> Double {
        let metrics = try layout(" ", font: font)
        return (metrics.ascender - metrics.lineHeight / 2) * font.size
    }
}
