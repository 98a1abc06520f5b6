import RefreshFramesCore

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
        /// Bold or oblique the run's face lacks, drawn by FreeType (the outlines are already so).
        var synthetic: SyntheticStyle = .none
    }

    /// A grapheme cluster drawn as one colour-emoji glyph, its pen position in ems from the line's start.
    struct Emoji: Sendable {
        var character: Character
        var x: Double
    }

    struct Glyph: Sendable {
        /// Ems from the line's start.
        var x: Double
        var outline: GlyphOutline
    }

    var runs: [Run]
    /// Colour emoji, drawn from their bitmaps rather than in a run.
    var emoji: [Emoji] = []
    /// Sum of advances, kerning included.
    var width: Double
    /// The requested font's ascender (above the baseline, positive) and descender (below, positive).
    var ascender: Double
    var descender: Double
    /// Ascender + descender + line gap, as UIFont.lineHeight.
    var lineHeight: Double
}

extension TextLayout {
    /// Where the line starts and where its baseline lies, in a view's local points from its centre:
    /// aligned within the view's half width, the line box centred vertically as UILabel centres it,
    /// the baseline one ascender below the box's top.
    func origin(size: Double, alignment: TextAlignment, halfWidth: Double) -> (x: Double, baseline: Double) {
        let x: Double
        switch alignment {
        case .left: x = -halfWidth
        case .center: x = -width * size / 2
        case .right: x = halfWidth - width * size
        }
        return (x, -lineHeight * size / 2 + ascender * size)
    }
}
