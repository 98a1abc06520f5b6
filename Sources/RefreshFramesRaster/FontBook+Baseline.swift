import RefreshFramesCore

extension FontBook {
    /// Where a one-line label's baseline lies below its centre, in points: UILabel centres the
    /// line box (the font's line height) and the baseline is one ascender below its top; the
    /// renderer draws text there.
    package func baselineOffset(font: FontSpec) throws -> Double {
        let metrics = try layout(" ", font: font)
        return (metrics.ascender - metrics.lineHeight / 2) * font.size
    }
}

extension FontBook {
    /// The lines a label `width` by `height` points draws, and the font it draws them in; nil when it
    /// draws its text as one line in its own font, as a one-line label does whose text fits (or that
    /// neither truncates nor shrinks). Otherwise the text is wrapped at the label's width
    /// (`LabelLines.lines`), as many lines as `numberOfLines` allows and the label's height holds (at
    /// least one), the last one truncated by the line break mode; a one-line label with
    /// `adjustsFontSizeToFitWidth` is drawn at the size its text fits at, not below
    /// `minimumScaleFactor` (`LabelLines.shrinkFactor`), then truncated if it still does not fit.
    package func wrappedLines(
        _ text: String, font: FontSpec, lines settings: LabelLines, width: Double, height: Double,
        usage: FontUsage? = nil
    ) throws -> (lines: [TextLine], font: FontSpec)? {
        let layout = try self.layout(text, font: font, usage: usage)
        let size = font.size
        var drawn = font
        if !settings.isMultiline {
            let textWidth = layout.width * size
            let shrinks = settings.shrinkFactor(textWidth: textWidth, width: width) < 1
            guard textWidth > width + LabelLines.tolerance, settings.lineBreakMode.truncates || shrinks else {
                return nil
            }
            if shrinks { drawn.size = size * settings.shrinkFactor(textWidth: textWidth, width: width) }
        }
        let lineHeight = layout.lineHeight * size
        let fitting = max(1, Int(((height + LabelLines.tolerance) / lineHeight).rounded(.down)))
        let limit = settings.numberOfLines == 0 ? fitting : min(settings.numberOfLines, fitting)
        let lines = try settings.lines(text, width: width, maximumLines: limit) {
            try measure($0, font: drawn, usage: usage).width
        }
        return (lines, drawn)
    }
}
