/// NSLineBreakMode: how a label wraps its lines and what it does with text that does not fit.
package enum LineBreakMode: String, Sendable, CaseIterable {
    /// Wraps at line break opportunities (UAX #14); a word longer than the line breaks between characters.
    case byWordWrapping
    /// Wraps between any two characters (grapheme clusters).
    case byCharWrapping
    /// Wraps by word; the last line is cut at the label's edge.
    case byClipping
    /// Wraps by word; the last line keeps its end and starts with "…".
    case byTruncatingHead
    /// Wraps by word; the last line ends with "…" (UILabel's default).
    case byTruncatingTail
    /// Wraps by word; the last line keeps its start and end with "…" between.
    case byTruncatingMiddle

    package var truncates: Bool {
        self == .byTruncatingHead || self == .byTruncatingTail || self == .byTruncatingMiddle
    }
}

/// A UILabel's line settings: how many lines, how they break, the width the label wraps at, and
/// whether its font shrinks to fit.
package struct LabelLines: Sendable, Hashable {
    /// 0: as many lines as the text needs; 1 (UILabel's default): one line.
    package var numberOfLines = 1
    package var lineBreakMode: LineBreakMode = .byTruncatingTail
    /// The width a multi-line label wraps at for its intrinsic size; 0 (automatic): its frame's
    /// width after the first layout pass (see `Timeline.make`).
    package var preferredMaxLayoutWidth = 0.0
    /// Shrinks a one-line label's font to fit its width, down to `minimumScaleFactor` × its size.
    package var adjustsFontSizeToFitWidth = false
    /// 0 (the default): the font does not shrink.
    package var minimumScaleFactor = 0.0

    package init() {}

    /// One line, never truncated nor shrunk: text drawn whole whatever its box (a table cell's runs).
    package static let whole: LabelLines = {
        var lines = LabelLines()
        lines.lineBreakMode = .byClipping
        return lines
    }()

    package var isMultiline: Bool { numberOfLines != 1 }

    /// What `adjustsFontSizeToFitWidth` scales the font by for a text `textWidth` points wide in a
    /// label `width` wide: the factor it fits at, not below `minimumScaleFactor`; 1 when it fits. Text
    /// widths scale with the point size, so the factor is the ratio of the widths (UIKit documents the
    /// rule, "reduces the font size until the text fits or it has scaled the font down to the minimum
    /// font size", and reports the scale it used as `NSStringDrawingContext.actualScaleFactor`, a
    /// continuous value, not the steps it takes).
    package func shrinkFactor(textWidth: Double, width: Double) -> Double {
        guard adjustsFontSizeToFitWidth, minimumScaleFactor > 0, textWidth > width, textWidth > 0 else { return 1 }
        return max(minimumScaleFactor, width / textWidth)
    }
}

/// One line of a label, as drawn: its text (without the spaces and line break that end it) and its
/// width in points.
package struct TextLine: Sendable, Equatable {
    package var text: String
    package var width: Double

    package init(text: String, width: Double) {
        self.text = text
        self.width = width
    }
}

extension LabelLines {
    /// The ellipsis truncation draws.
    package static let ellipsis = "\u{2026}"

    /// Within this of the width a line still fits (float noise in measured widths).
    package static let tolerance = 1e-6

    /// The lines of `text` in a label `width` points wide (nil: as wide as the text needs, breaking
    /// only at line breaks), at most `maximumLines` (nil: `numberOfLines`; 0 is no limit). Lines wrap
    /// greedily: each takes the most text up to a break opportunity that fits, its trailing spaces
    /// hanging past the edge, as CoreText's typesetter does. When text is left over, or a line is
    /// wider than `width`, the last line is truncated by `lineBreakMode`. `measure` gives a string's
    /// width in points in the label's font.
    package func lines(
        _ text: String, width: Double?, maximumLines: Int? = nil, measure: (String) throws -> Double
    ) rethrows -> [TextLine] {
        let limit = maximumLines ?? numberOfLines
        let characters = Array(text)
        guard !characters.isEmpty else { return [] }
        let breaks = Self.opportunities(characters)
        var lines: [TextLine] = []
        var start = 0
        while start < characters.count {
            let hardEnd = (start + 1...characters.count).first { $0 == characters.count || breaks[$0] == .mandatory }!
            var end = hardEnd
            if let width {
                end = try fit(characters, from: start, to: hardEnd, width: width, breaks: breaks, measure: measure)
            }
            if limit > 0, lines.count == limit - 1, end < characters.count {
                // The last line the label shows.
                lines.append(
                    try last(characters, from: start, end: end, hardEnd: hardEnd, width: width, measure: measure))
                return lines
            }
            let line = String(Self.trimmed(characters[start..<end]))
            lines.append(TextLine(text: line, width: try measure(line)))
            start = end
        }
        return lines
    }

    /// The end of the line that starts at `start`: the furthest opportunity before `hardEnd` whose
    /// text fits, else the most characters that fit (at least one).
    private func fit(
        _ characters: [Character], from start: Int, to hardEnd: Int, width: Double, breaks: [LineBreaker.Opportunity],
        measure: (String) throws -> Double
    ) rethrows -> Int {
        func fits(_ end: Int) throws -> Bool {
            try measure(String(Self.trimmed(characters[start..<end]))) <= width + Self.tolerance
        }
        if try fits(hardEnd) { return hardEnd }
        if lineBreakMode != .byCharWrapping {
            var best: Int?
            for end in start + 1..<hardEnd where breaks[end] == .allowed {
                guard try fits(end) else { break }
                best = end
            }
            if let best { return best }
        }
        // By characters: the longest run that fits (widths grow with the run).
        var low = start + 1
        var high = hardEnd - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if try fits(middle) { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// The last line shown: as wrapped when all the text fits, else truncated by the mode.
    private func last(
        _ characters: [Character], from start: Int, end: Int, hardEnd: Int, width: Double?,
        measure: (String) throws -> Double
    ) rethrows -> TextLine {
        let whole = String(Self.trimmed(characters[start..<hardEnd]))
        let wholeWidth = try measure(whole)
        let fitsWhole = width.map { wholeWidth <= $0 + Self.tolerance } ?? true
        if hardEnd == characters.count && fitsWhole { return TextLine(text: whole, width: wholeWidth) }
        guard lineBreakMode.truncates else {
            let line = String(Self.trimmed(characters[start..<end]))
            return TextLine(text: line, width: try measure(line))
        }
        let run = Array(characters[start..<hardEnd])
        let more = hardEnd < characters.count
        func candidate(_ kept: Int) -> String {
            switch lineBreakMode {
            case .byTruncatingHead:
                return Self.ellipsis + String(run[(run.count - kept)...])
            case .byTruncatingMiddle:
                let head = (kept + 1) / 2
                return String(Self.trimmed(run[..<head])) + Self.ellipsis + String(run[(run.count - (kept - head))...])
            default:
                return String(Self.trimmed(run[..<kept])) + Self.ellipsis
            }
        }
        // Everything but the ellipsis when nothing is cut but the text after a line break.
        var low = 0
        var high = more && fitsWhole ? run.count : run.count - 1
        if let width {
            while low < high {
                let middle = (low + high + 1) / 2
                if try measure(candidate(middle)) <= width + Self.tolerance { low = middle } else { high = middle - 1 }
            }
        } else {
            low = high
        }
        let line = candidate(low)
        return TextLine(text: line, width: try measure(line))
    }

    /// The opportunity before each character (index 0 unused): UAX #14's, where a grapheme cluster starts.
    static func opportunities(_ characters: [Character]) -> [LineBreaker.Opportunity] {
        var scalars: [Unicode.Scalar] = []
        var starts: [Int] = []
        for character in characters {
            starts.append(scalars.count)
            scalars += character.unicodeScalars
        }
        let between = LineBreaker.opportunities(scalars)
        return starts.map { $0 == 0 ? .prohibited : between[$0 - 1] }
    }

    /// The characters without the spaces and line breaks that end them.
    static func trimmed(_ characters: ArraySlice<Character>) -> ArraySlice<Character> {
        var end = characters.endIndex
        while end > characters.startIndex, isTrailingSpace(characters[end - 1]) { end -= 1 }
        return characters[characters.startIndex..<end]
    }

    private static func isTrailingSpace(_ character: Character) -> Bool {
        character.unicodeScalars.allSatisfy {
            [.sp, .bk, .cr, .lf, .nl].contains(LineBreaker.lineClass($0))
        }
    }
}
