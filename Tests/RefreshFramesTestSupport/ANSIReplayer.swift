import RefreshFramesExport

/// A minimal terminal: applies the ANSI subset `ANSIEncoder` writes onto a `CellGrid`, to prove
/// that a stream reproduces its frames and to turn streams into golden text.
///
/// Understood: printable UTF-8 (wide characters take two cells, with xterm's pending wrap at the
/// right edge and scrolling at the bottom), CR, LF, BS; CSI `H`/`f` (position), `A` `B` `C` `D`
/// (relative moves), `G` (column), `J` (0/1/2/3), `K` (0/1/2), and `m` with 0, 1, 22, 4, 24,
/// 30–37, 39, 40–47, 49, 90–97, 100–107, `38;5;n`, `48;5;n`, `38;2;r;g;b`, `48;2;r;g;b`.
/// Anything else throws `ANSIError.unsupportedSequence`.
package struct ANSIReplayer: Sendable {
    /// The colours after `ESC[0m` (xterm's default white on black).
    package static let defaultForeground = TerminalRGB.defaultForeground
    package static let defaultBackground = TerminalRGB.defaultBackground

    package private(set) var grid: CellGrid
    package private(set) var row = 0
    package private(set) var column = 0
    private var pendingWrap = false
    private var foreground = ANSIReplayer.defaultForeground
    private var background = ANSIReplayer.defaultBackground
    private var bold = false
    private var underline = false
    /// Bytes consumed so far, for error offsets.
    private var offset = 0

    /// A terminal of this size showing blank cells in the default colours.
    package init(width: Int, height: Int) {
        grid = CellGrid(
            width: width, height: height,
            blank: Cell(foreground: ANSIReplayer.defaultForeground, background: ANSIReplayer.defaultBackground))
    }

    /// Applies a chunk of the stream. A chunk must end on a sequence and character boundary
    /// (each `ANSIEncoder` frame does).
    package mutating func apply(_ bytes: [UInt8]) throws(ANSIError) {
        var i = 0
        while i < bytes.count {
            if bytes[i] == 0x1B {
                i = try applyEscape(bytes, at: i)
            } else {
                var end = i
                while end < bytes.count && bytes[end] != 0x1B { end += 1 }
                try printText(bytes[i..<end], at: offset + i)
                i = end
            }
        }
        offset += bytes.count
    }

    private mutating func printText(_ run: ArraySlice<UInt8>, at position: Int) throws(ANSIError) {
        guard let text = String(validating: run, as: UTF8.self) else {
            throw .invalidUTF8(offset: position)
        }
        for character in text {
            switch character {
            case "\r":
                column = 0
                pendingWrap = false
            case "\n", "\r\n":
                if character == "\r\n" { column = 0 }
                lineFeed()
            case "\u{8}":
                column = max(column - 1, 0)
                pendingWrap = false
            default:
                let w = displayWidth(of: character)
                guard w > 0 else { continue }
                if pendingWrap || column + w > grid.width {
                    column = 0
                    lineFeed()
                }
                grid.put(
                    character, column: column, row: row, foreground: foreground, background: background,
                    bold: bold, underline: underline)
                if column + w >= grid.width {
                    column = grid.width - 1
                    pendingWrap = true
                } else {
                    column += w
                }
            }
        }
    }

    private mutating func lineFeed() {
        pendingWrap = false
        if row + 1 < grid.height {
            row += 1
            return
        }
        let w = grid.width
        grid.cells.removeFirst(w)
        grid.cells.append(contentsOf: repeatElement(blank, count: w))
    }

    private var blank: Cell { Cell(foreground: foreground, background: background) }

    /// Applies the escape sequence starting at `start` and returns the index after it.
    private mutating func applyEscape(_ bytes: [UInt8], at start: Int) throws(ANSIError) -> Int {
        guard start + 1 < bytes.count, bytes[start + 1] == UInt8(ascii: "[") else {
            throw .unsupportedSequence(describe(bytes[start..<min(start + 2, bytes.count)]), offset: offset + start)
        }
        // CSI: parameter bytes 0x30–0x3F, intermediate bytes 0x20–0x2F, one final byte 0x40–0x7E.
        var i = start + 2
        while i < bytes.count, (0x20...0x3F).contains(bytes[i]) { i += 1 }
        guard i < bytes.count, (0x40...0x7E).contains(bytes[i]) else {
            throw .unsupportedSequence(describe(bytes[start..<min(i + 1, bytes.count)]), offset: offset + start)
        }
        var parameters: [Int?] = []
        var current: Int?
        for byte in bytes[(start + 2)..<i] {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                current = (current ?? 0) * 10 + Int(byte - UInt8(ascii: "0"))
            case UInt8(ascii: ";"):
                parameters.append(current)
                current = nil
            default:
                // Private markers (`?`, `<`…), sub-parameters (`:`) and intermediates are outside the subset.
                throw .unsupportedSequence(describe(bytes[start...i]), offset: offset + start)
            }
        }
        parameters.append(current)
        let final = bytes[i]
        let sequence = bytes[start...i]
        func p(_ k: Int, _ fallback: Int) -> Int { k < parameters.count ? parameters[k] ?? fallback : fallback }
        switch final {
        case UInt8(ascii: "H"), UInt8(ascii: "f"):
            row = min(max(p(0, 1), 1), grid.height) - 1
            column = min(max(p(1, 1), 1), grid.width) - 1
            pendingWrap = false
        case UInt8(ascii: "A"):
            row = max(row - max(p(0, 1), 1), 0)
            pendingWrap = false
        case UInt8(ascii: "B"):
            row = min(row + max(p(0, 1), 1), grid.height - 1)
            pendingWrap = false
        case UInt8(ascii: "C"):
            column = min(column + max(p(0, 1), 1), grid.width - 1)
            pendingWrap = false
        case UInt8(ascii: "D"):
            column = max(column - max(p(0, 1), 1), 0)
            pendingWrap = false
        case UInt8(ascii: "G"):
            column = min(max(p(0, 1), 1), grid.width) - 1
            pendingWrap = false
        case UInt8(ascii: "J"):
            let here = row * grid.width + column
            switch p(0, 0) {
            case 0: erase(here..<grid.cells.count)
            case 1: erase(0..<(here + 1))
            case 2, 3: erase(0..<grid.cells.count)
            default: throw .unsupportedSequence(describe(sequence), offset: offset + start)
            }
        case UInt8(ascii: "K"):
            let lineStart = row * grid.width
            let here = lineStart + column
            switch p(0, 0) {
            case 0: erase(here..<(lineStart + grid.width))
            case 1: erase(lineStart..<(here + 1))
            case 2: erase(lineStart..<(lineStart + grid.width))
            default: throw .unsupportedSequence(describe(sequence), offset: offset + start)
            }
        case UInt8(ascii: "m"):
            try applySGR(parameters, sequence: sequence, at: offset + start)
        default:
            throw .unsupportedSequence(describe(sequence), offset: offset + start)
        }
        return i + 1
    }

    /// Erases cells to blanks in the current background (xterm's background colour erase);
    /// a wide character cut by the range loses its other half too.
    private mutating func erase(_ range: Range<Int>) {
        guard !range.isEmpty else { return }
        let b = blank
        if grid.cells[range.lowerBound].isContinuation, range.lowerBound % grid.width > 0 {
            grid.cells[range.lowerBound - 1].character = " "
        }
        if range.upperBound < grid.cells.count, grid.cells[range.upperBound].isContinuation,
            range.upperBound % grid.width > 0
        {
            grid.cells[range.upperBound].character = " "
        }
        for k in range { grid.cells[k] = b }
    }

    private mutating func applySGR(_ parameters: [Int?], sequence: ArraySlice<UInt8>, at position: Int)
        throws(ANSIError)
    {
        var k = 0
        func unsupported() -> ANSIError { .unsupportedSequence(describe(sequence), offset: position) }
        while k < parameters.count {
            let code = parameters[k] ?? 0
            switch code {
            case 0:
                foreground = ANSIReplayer.defaultForeground
                background = ANSIReplayer.defaultBackground
                bold = false
                underline = false
            case 1: bold = true
            case 22: bold = false
            case 4: underline = true
            case 24: underline = false
            case 30...37: foreground = xtermPalette[code - 30]
            case 90...97: foreground = xtermPalette[code - 90 + 8]
            case 39: foreground = ANSIReplayer.defaultForeground
            case 40...47: background = xtermPalette[code - 40]
            case 100...107: background = xtermPalette[code - 100 + 8]
            case 49: background = ANSIReplayer.defaultBackground
            case 38, 48:
                guard k + 1 < parameters.count, let kind = parameters[k + 1] else { throw unsupported() }
                let color: TerminalRGB
                if kind == 5, k + 2 < parameters.count, let n = parameters[k + 2], n < 256 {
                    color = xtermPalette[n]
                    k += 2
                } else if kind == 2, k + 4 < parameters.count, let r = parameters[k + 2], let g = parameters[k + 3],
                    let b = parameters[k + 4], r < 256, g < 256, b < 256
                {
                    color = TerminalRGB(red: UInt8(r), green: UInt8(g), blue: UInt8(b))
                    k += 4
                } else {
                    throw unsupported()
                }
                if code == 38 { foreground = color } else { background = color }
            default:
                throw unsupported()
            }
            k += 1
        }
    }
}

/// An escape sequence made printable for messages: `ESC[?25l`.
private func describe(_ bytes: ArraySlice<UInt8>) -> String {
    String(decoding: bytes, as: UTF8.self).map { $0 == "\u{1B}" ? "ESC" : String($0) }.joined()
}
