import RefreshFramesCore

/// An opaque 8-bit sRGB colour as a terminal shows it.
package struct TerminalRGB: Hashable, Sendable, CustomStringConvertible {
    package var red: UInt8
    package var green: UInt8
    package var blue: UInt8

    package init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    package init(white: UInt8) {
        self.init(red: white, green: white, blue: white)
    }

    /// The colour's 8-bit channels; alpha is ignored (blend first, see `RGBA.composited(over:)`).
    package init(_ color: RGBA) {
        let b = color.bytes
        self.init(red: b.red, green: b.green, blue: b.blue)
    }

    package static let black = TerminalRGB(white: 0)
    /// The colours a terminal shows where no colour is set (xterm's defaults).
    package static let defaultForeground = TerminalRGB(white: 229)
    package static let defaultBackground = TerminalRGB.black
    package static let white = TerminalRGB(white: 255)

    /// `#RRGGBB`.
    package var description: String {
        func h(_ v: UInt8) -> String {
            let s = String(v, radix: 16, uppercase: true)
            return s.count == 1 ? "0" + s : s
        }
        return "#" + h(red) + h(green) + h(blue)
    }
}

extension RGBA {
    /// This colour drawn with `opacity` (multiplied into its own alpha) over an opaque `background`.
    package func composited(over background: TerminalRGB, opacity: Double = 1) -> TerminalRGB {
        let a = min(max(alpha * opacity, 0), 1)
        func mix(_ c: Double, _ under: UInt8) -> UInt8 {
            let v = min(max(c, 0), 1) * 255 * a + Double(under) * (1 - a)
            return UInt8(min(max(v.rounded(), 0), 255))
        }
        return TerminalRGB(
            red: mix(red, background.red), green: mix(green, background.green), blue: mix(blue, background.blue))
    }
}

/// One character cell of a terminal screen.
///
/// An East Asian wide character occupies its cell and the next; the next cell is a continuation:
/// its `character` is empty and it carries the same colours and flags.
package struct Cell: Hashable, Sendable {
    /// One grapheme cluster; `""` for the second half of a wide character.
    package var character: String
    package var foreground: TerminalRGB
    package var background: TerminalRGB
    package var bold: Bool
    package var underline: Bool

    package init(
        character: String = " ", foreground: TerminalRGB = .white, background: TerminalRGB = .black,
        bold: Bool = false, underline: Bool = false
    ) {
        self.character = character
        self.foreground = foreground
        self.background = background
        self.bold = bold
        self.underline = underline
    }

    package var isContinuation: Bool { character.isEmpty }
}

/// A terminal screen model: `width × height` cells, row-major, top row first.
package struct CellGrid: Hashable, Sendable {
    package let width: Int
    package let height: Int
    package var cells: [Cell]
    /// Characters of labels, table rows and headers that did not fit the grid's width and are not
    /// shown, in reading order (the text renderer's; empty when everything fits).
    package var cut = ""

    /// A grid of `blank` cells.
    package init(width: Int, height: Int, blank: Cell = Cell()) {
        precondition(width > 0 && height > 0, "a cell grid needs at least one cell, got \(width)x\(height)")
        self.width = width
        self.height = height
        self.cells = Array(repeating: blank, count: width * height)
    }

    package init(width: Int, height: Int, cells: [Cell]) {
        precondition(width > 0 && height > 0 && cells.count == width * height, "cells do not match \(width)x\(height)")
        self.width = width
        self.height = height
        self.cells = cells
    }

    package subscript(column: Int, row: Int) -> Cell {
        get { cells[row * width + column] }
        set { cells[row * width + column] = newValue }
    }

    /// Writes one character at a cell, the way a terminal does, and returns how many columns it took
    /// (0 for a zero-width character, which is dropped, or for a position off the grid).
    ///
    /// A wide character takes this cell and the next; one that would not fit before the right edge
    /// is written as a space. Overwriting either half of a wide character blanks its other half.
    @discardableResult
    package mutating func put(
        _ character: Character, column: Int, row: Int, foreground: TerminalRGB, background: TerminalRGB,
        bold: Bool = false, underline: Bool = false
    ) -> Int {
        guard row >= 0, row < height, column >= 0, column < width else { return 0 }
        var w = displayWidth(of: character)
        guard w > 0 else { return 0 }
        var text = String(character)
        if w == 2 && column + 1 >= width {
            w = 1
            text = " "
        }
        let cell = Cell(
            character: text, foreground: foreground, background: background, bold: bold, underline: underline)
        detachWideHalves(column: column, row: row)
        self[column, row] = cell
        if w == 2 {
            detachWideHalves(column: column + 1, row: row)
            var continuation = cell
            continuation.character = ""
            self[column + 1, row] = continuation
        }
        return w
    }

    /// Writes `text` from a cell onwards on one row; characters off the grid are clipped.
    /// Returns the number of columns the text spans (its display width).
    @discardableResult
    package mutating func write(
        _ text: String, column: Int, row: Int, foreground: TerminalRGB, background: TerminalRGB,
        bold: Bool = false, underline: Bool = false
    ) -> Int {
        var x = column
        for character in text {
            let w = displayWidth(of: character)
            if w > 0 && x >= 0 && x + w <= width {
                put(
                    character, column: x, row: row, foreground: foreground, background: background, bold: bold,
                    underline: underline)
            }
            x += w
        }
        return x - column
    }

    /// Before a cell is overwritten: a wide character that it halves loses its other half too.
    private mutating func detachWideHalves(column: Int, row: Int) {
        let here = self[column, row]
        if here.isContinuation, column > 0 {
            self[column - 1, row].character = " "
        }
        if !here.isContinuation, column + 1 < width, self[column + 1, row].isContinuation {
            self[column + 1, row].character = " "
        }
    }

    /// The characters only: rows joined by `\n`, trailing spaces trimmed, each wide character once.
    package var plainText: String {
        var lines: [String] = []
        lines.reserveCapacity(height)
        for row in 0..<height {
            var line = ""
            for column in 0..<width {
                line += self[column, row].character
            }
            while line.last == " " { line.removeLast() }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }
}

/// A rectangle of cells: `columns` of each of `rows`.
package struct CellRect: Hashable, Sendable {
    package var columns: Range<Int>
    package var rows: Range<Int>

    package init(columns: Range<Int>, rows: Range<Int>) {
        self.columns = columns
        self.rows = rows
    }
}

/// How many terminal columns a character takes: 2 for East Asian wide and fullwidth characters
/// (CJK ideographs, kana, Hangul, fullwidth forms, CJK punctuation) and emoji shown as emoji,
/// 0 for combining marks, zero-width characters and controls, 1 otherwise.
package func displayWidth(of character: Character) -> Int {
    let scalars = character.unicodeScalars
    guard let first = scalars.first else { return 0 }
    let properties = first.properties
    switch properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .control, .format:
        // A lone mark or control; a base plus marks is one Character starting with the base.
        return 0
    default:
        break
    }
    if properties.isEmojiPresentation || scalars.contains("\u{FE0F}") && properties.isEmoji {
        return 2
    }
    if (0x1F1E6...0x1F1FF).contains(first.value) { return 2 }  // regional indicators (flags)
    return isWide(first.value) ? 2 : 1
}

/// East Asian Width W or F, in the blocks this tool meets.
private func isWide(_ v: UInt32) -> Bool {
    switch v {
    case 0x1100...0x115F,  // Hangul Jamo initial consonants
        0x2E80...0x303E,  // CJK radicals, Kangxi, ideographic description, CJK symbols and punctuation
        0x3041...0x33FF,  // Hiragana, Katakana, Bopomofo, Hangul compatibility Jamo, Kanbun, enclosed CJK
        0x3400...0x4DBF,  // CJK extension A
        0x4E00...0x9FFF,  // CJK Unified Ideographs
        0xA000...0xA4CF,  // Yi
        0xA960...0xA97F,  // Hangul Jamo extended A
        0xAC00...0xD7A3,  // Hangul syllables
        0xF900...0xFAFF,  // CJK compatibility ideographs
        0xFE10...0xFE19,  // vertical forms
        0xFE30...0xFE6F,  // CJK compatibility forms, small form variants
        0xFF00...0xFF60,  // fullwidth forms
        0xFFE0...0xFFE6,  // fullwidth signs
        0x1F300...0x1F64F,  // pictographs, emoticons (the emoji among them; presentation checked above)
        0x1F900...0x1F9FF,  // supplemental symbols and pictographs
        0x20000...0x2FFFD, 0x30000...0x3FFFD:  // CJK extensions B and later
        return true
    default:
        return false
    }
}
