/// Encodes a sequence of cell grids as one ANSI byte stream that plays back with `cat` in a
/// terminal of the grid's size.
///
/// The first frame (and any frame after a size change or `restart()`) is complete: it resets
/// attributes, homes the cursor, clears the screen (`ESC[0m ESC[H ESC[2J`) and then writes every
/// row from its first column, each row placed with an absolute `ESC[row;1H`. Every later frame
/// writes only the cells that differ from the previous frame as the terminal shows it (after
/// colour quantisation), placed with `ESC[row;colH` or, on the same row, `ESC[nC`, and with only
/// the SGR attributes that change from cell to cell. Every non-empty frame ends with `ESC[0m`;
/// a frame identical to the previous one encodes to no bytes.
package struct ANSIEncoder: Sendable {
    package var colorMode: ColorMode
    /// Total bytes returned by `encode(frame:)` so far.
    package private(set) var bytesWritten = 0
    package private(set) var framesWritten = 0
    /// The previous frame as the terminal shows it (quantised), nil before the first frame.
    private var previous: CellGrid?

    package init(colorMode: ColorMode) {
        self.colorMode = colorMode
    }

    /// The bytes that turn the screen showing the previous frame into `frame`.
    ///
    /// `changed` says where `frame` may differ from the previous frame (every other cell must be
    /// equal to it, as a damage-tracked renderer knows): only those cells are compared, and the
    /// bytes are the same as without it. Nil: any cell may have changed.
    package mutating func encode(frame: CellGrid, changed: [CellRect]? = nil) -> [UInt8] {
        var out = ANSIByteWriter(mode: colorMode)
        if var shown = previous.take(), shown.width == frame.width, shown.height == frame.height {
            if let changed {
                let spans = Self.spans(changed, of: frame)
                if colorMode == .truecolor {
                    // The terminal shows the frame's colours: compare, then update the copy held.
                    out.writeDifferences(from: shown, to: frame, columns: spans)
                    shown.copy(changed, from: frame) { $0 }
                } else {
                    let old = shown
                    shown.copy(changed, from: frame) { colorMode.quantized($0) }
                    out.writeDifferences(from: old, to: shown, columns: spans)
                }
            } else {
                let new = colorMode.quantized(frame)
                out.writeDifferences(from: shown, to: new)
                shown = new
            }
            previous = shown
        } else {
            let new = colorMode.quantized(frame)
            out.writeComplete(new)
            previous = new
        }
        if !out.bytes.isEmpty { out.append("\u{1B}[0m") }
        bytesWritten += out.bytes.count
        framesWritten += 1
        return out.bytes
    }

    /// For each row of `grid`, the columns to compare: the hull of the `changed` columns on the
    /// row and the column before each (where a wide character whose second half changed starts).
    static func spans(_ changed: [CellRect], of grid: CellGrid) -> [Range<Int>] {
        var spans = [Range<Int>](repeating: 0..<0, count: grid.height)
        for area in changed {
            let columns = max(0, area.columns.lowerBound - 1)..<min(grid.width, area.columns.upperBound)
            guard !columns.isEmpty else { continue }
            for row in area.rows.clamped(to: 0..<grid.height) {
                let span = spans[row]
                spans[row] =
                    span.isEmpty
                    ? columns
                    : min(span.lowerBound, columns.lowerBound)..<max(span.upperBound, columns.upperBound)
            }
        }
        return spans
    }

    /// Forgets the previous frame, so the next one is encoded complete.
    package mutating func restart() {
        previous = nil
    }

    /// Bytes to end a stream with: the cursor moved to the first column below the last frame
    /// (the last row, in a terminal exactly that tall), so a shell prompt does not overwrite it.
    package func trailer() -> [UInt8] {
        guard let previous else { return [] }
        var out = ANSIByteWriter(mode: colorMode)
        out.moveTo(row: previous.height, column: 0)
        out.append("\r\n")
        return out.bytes
    }
}

extension CellGrid {
    /// Sets the cells of `areas` to `shown` of the same cells of `other`, a grid of the same size.
    fileprivate mutating func copy(_ areas: [CellRect], from other: CellGrid, _ shown: (Cell) -> Cell) {
        let width = self.width
        let rows = 0..<height
        let columns = 0..<width
        cells.withUnsafeMutableBufferPointer { cells in
            other.cells.withUnsafeBufferPointer { from in
                for area in areas {
                    for row in area.rows.clamped(to: rows) {
                        for column in area.columns.clamped(to: columns) {
                            cells[row * width + column] = shown(from[row * width + column])
                        }
                    }
                }
            }
        }
    }
}

/// The byte-level writer behind `ANSIEncoder`: cursor and SGR state while writing one frame.
struct ANSIByteWriter {
    let mode: ColorMode
    var bytes: [UInt8] = []
    /// The grid's width in columns.
    private var width = Int.max
    /// Where the next printed character lands; nil when unknown (or in the pending-wrap state).
    private var cursor: (row: Int, column: Int)?
    /// The current SGR state; nil colours are the terminal's defaults (after `ESC[0m`).
    private var foreground: TerminalRGB?
    private var background: TerminalRGB?
    private var bold = false
    private var underline = false

    init(mode: ColorMode) {
        self.mode = mode
        bytes.reserveCapacity(4096)
    }

    mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    mutating func appendDecimal(_ value: Int) {
        if value < 10 {
            bytes.append(0x30 &+ UInt8(value))
        } else if value < 100 {
            bytes.append(0x30 &+ UInt8(value / 10))
            bytes.append(0x30 &+ UInt8(value % 10))
        } else if value < 1000 {
            bytes.append(0x30 &+ UInt8(value / 100))
            bytes.append(0x30 &+ UInt8(value / 10 % 10))
            bytes.append(0x30 &+ UInt8(value % 10))
        } else {
            bytes.append(contentsOf: String(value).utf8)
        }
    }

    mutating func writeComplete(_ grid: CellGrid) {
        width = grid.width
        append("\u{1B}[0m\u{1B}[H\u{1B}[2J")
        cursor = (0, 0)
        for row in 0..<grid.height {
            var column = 0
            while column < grid.width {
                let cell = grid[column, row]
                if cell.isContinuation {
                    column += 1  // an orphan continuation cannot be written; the grid never holds one
                    continue
                }
                let wide = column + 1 < grid.width && grid[column + 1, row].isContinuation
                column += write(cell, row: row, column: column, wide: wide)
            }
        }
    }

    /// Writes the cells of `new` that differ from `old`; with `spans`, only those columns of
    /// each row are compared (every other cell must be equal).
    mutating func writeDifferences(from old: CellGrid, to new: CellGrid, columns spans: [Range<Int>]? = nil) {
        width = new.width
        new.cells.withUnsafeBufferPointer { newCells in
            old.cells.withUnsafeBufferPointer { oldCells in
                for row in 0..<new.height {
                    let base = row * width
                    let span = spans?[row] ?? 0..<width
                    var column = span.lowerBound
                    while column < span.upperBound {
                        let i = base + column
                        let cell = newCells[i]
                        if cell.isContinuation {
                            column += 1
                            continue
                        }
                        let wide = column + 1 < width && newCells[i + 1].isContinuation
                        let changed = cell != oldCells[i] || (wide && newCells[i + 1] != oldCells[i + 1])
                        if changed {
                            column += write(cell, row: row, column: column, wide: wide)
                        } else {
                            column += 1
                        }
                    }
                }
            }
        }
    }

    /// Writes one cell (both halves, if `wide`) at a position and returns its width in columns.
    private mutating func write(_ cell: Cell, row: Int, column: Int, wide: Bool) -> Int {
        moveTo(row: row, column: column)
        setAttributes(of: cell)
        bytes.append(contentsOf: cell.character.utf8)
        let next = column + (wide ? 2 : 1)
        // After the last column the terminal waits to wrap; position explicitly from there.
        cursor = next < width ? (row, next) : nil
        return wide ? 2 : 1
    }

    mutating func moveTo(row: Int, column: Int) {
        if let cursor, cursor.row == row, cursor.column == column { return }
        if let cursor, cursor.row == row, cursor.column < column {
            append("\u{1B}[")
            let gap = column - cursor.column
            if gap > 1 { appendDecimal(gap) }
            append("C")
        } else {
            append("\u{1B}[")
            appendDecimal(row + 1)
            append(";")
            appendDecimal(column + 1)
            append("H")
        }
        cursor = (row, column)
    }

    private mutating func setAttributes(of cell: Cell) {
        var first = true
        func separator(_ w: inout ANSIByteWriter) {
            if first {
                w.append("\u{1B}[")
                first = false
            } else {
                w.append(";")
            }
        }
        if cell.bold != bold {
            separator(&self)
            append(cell.bold ? "1" : "22")
            bold = cell.bold
        }
        if cell.underline != underline {
            separator(&self)
            append(cell.underline ? "4" : "24")
            underline = cell.underline
        }
        if mode != .none {
            if cell.foreground != foreground {
                separator(&self)
                appendColor(cell.foreground, background: false)
                foreground = cell.foreground
            }
            if cell.background != background {
                separator(&self)
                appendColor(cell.background, background: true)
                background = cell.background
            }
        }
        if !first { append("m") }
    }

    private mutating func appendColor(_ c: TerminalRGB, background: Bool) {
        switch mode {
        case .truecolor:
            append(background ? "48;2;" : "38;2;")
            appendDecimal(Int(c.red))
            append(";")
            appendDecimal(Int(c.green))
            append(";")
            appendDecimal(Int(c.blue))
        case .palette256:
            append(background ? "48;5;" : "38;5;")
            appendDecimal(Int(nearest256(c)))
        case .palette16:
            let i = Int(nearest16(c))
            let base = i < 8 ? (background ? 40 : 30) : (background ? 100 : 90)
            appendDecimal(base + i % 8)
        case .none:
            break
        }
    }
}
