import RefreshFramesCore

extension ANSITextRenderer {
    /// The colour of an image's box when it is not a template (which takes its tint).
    package static let imageBoxColor = RGBA(red: 0.56, green: 0.56, blue: 0.58, alpha: 1)

    /// An image view in text mode: a box over its scaled bounds, drawn with `┌─┐│└┘` when it is at
    /// least three cells each way and as `[name]` on its middle row otherwise, holding the name of
    /// the image shown (its file's or asset's name, without folders, suffix or `@2x`), cut to fit.
    /// Bold and underline say scaled and rotated, as for labels. Nothing when it shows no image.
    func drawImage(
        _ spec: ViewSpec, _ view: ViewState, columns: Range<Int>, rows: Range<Int>, visibleRows: Range<Int>,
        opacity: Double, emphasis: (bold: Bool, underline: Bool), into grid: inout CellGrid
    ) {
        guard let name = view.image.name else { return }
        let color = spec.imageView?.renderingMode == .alwaysTemplate ? spec.tintColor : Self.imageBoxColor
        guard color.alpha * opacity >= Self.visibleAlpha, !rows.isEmpty, !columns.isEmpty else { return }
        let label = Array(Self.imageLabel(name))
        func put(_ character: Character, _ column: Int, _ row: Int, bold: Bool = false, underline: Bool = false) {
            guard visibleRows.contains(row), grid.contains(column: column, row: row) else { return }
            let under = grid[column, row].background
            grid.put(
                character, column: column, row: row, foreground: color.composited(over: under, opacity: opacity),
                background: under, bold: bold, underline: underline)
        }
        let (first, last) = (columns.lowerBound, columns.upperBound - 1)
        let middle = (rows.lowerBound + rows.upperBound - 1) / 2
        var text: [Character]
        var start: Int
        if rows.count >= 3 && columns.count >= 3 {
            for column in columns {
                let edge = column == first || column == last
                put(column == first ? "┌" : column == last ? "┐" : "─", column, rows.lowerBound)
                put(column == first ? "└" : column == last ? "┘" : "─", column, rows.upperBound - 1)
                if edge { for row in rows.dropFirst().dropLast() { put("│", column, row) } }
            }
            text = Array(label.prefix(columns.count - 2))
            start = first + 1 + (columns.count - 2 - text.count) / 2
        } else {
            text = Array(("[" + String(label.prefix(max(0, columns.count - 2))) + "]").prefix(max(2, columns.count)))
            start = first + max(0, (columns.count - text.count) / 2)
        }
        var column = start
        for character in text {
            put(character, column, middle, bold: emphasis.bold, underline: emphasis.underline)
            column += max(1, displayWidth(of: character))
        }
    }

    /// `Images/arrow@2x.png` → `arrow`; an asset's name keeps its last component (`meituan/icon_1` → `icon_1`).
    package static func imageLabel(_ name: String) -> String {
        var base = Substring(name.split(separator: "/").last ?? Substring(name))
        for suffix in [".png", ".PNG", ".jpg", ".JPG", ".jpeg", ".JPEG"] where base.hasSuffix(suffix) {
            base = base.dropLast(suffix.count)
        }
        for scale in ["@1x", "@2x", "@3x"] where base.hasSuffix(scale) { base = base.dropLast(3) }
        return String(base)
    }
}
