/// A single line of text split into runs, each drawn with one font file. Lengths are in ems (multiply
/// by the point size), x grows along the baseline from the line's start.
struct TextLayout: Sendable {
    struct Run: Sendable {
        /// The font file gd draws the run with.
        var file: String
        /// The run's characters, with default-ignorable ones (variation selectors, joiners) removed.
        var text: String
        /// Where the run starts along the baseline.
        var offset: Double
        var advance: Double
        /// Where each glyph's pen position falls along the baseline (kerning included), with its outline.
        var glyphs: [Glyph]
    }

    struct Glyph: Sendable {
        /// Ems from the line's start.
        var x: Double
        var outline: GlyphOutline
    }

    var runs: [Run]
    /// Sum of advances, kerning included.
    var width: Double
    /// The requested font's ascender (above the baseline, positive) and descender (below, positive).
    var ascender: Double
    var descender: Double
    /// Ascender + descender + line gap, as UIFont.lineHeight.
    var lineHeight: Double
}
