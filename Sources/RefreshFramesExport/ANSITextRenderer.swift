import RefreshFramesCore

/// The readable, font-independent terminal view of a frame: each label's text written as real
/// terminal characters at its position.
///
/// Geometry: the canvas width maps to `columns` cells, so a cell is `canvas.width / columns` points
/// wide and twice that tall; the grid has `max(3, ⌈canvas.height / cell height⌉)` rows. A label's
/// text is centred on its frame's centre after the transform's translation, one terminal character
/// per character (CJK two cells); text is never scaled or rotated. Instead:
/// - **bold** means the transform scales the view by at least `boldScaleThreshold` (1.25×) on
///   either axis;
/// - **underline** means the view is rotated by at least `underlineRotationThreshold` (10°) either
///   way (rotation taken modulo 360°).
///
/// Colours: every view is drawn with opacity `view.alpha × contentAlpha`. A label's background
/// (when not fully transparent) fills the cells of its scaled bounds; its text takes
/// `textColor` (times the opacity) over the cell background beneath it, which is the view's
/// background over the canvas background. Text whose opacity rounds to nothing is not drawn.
/// A view without text whose background shows fills its scaled bounds with `█` in that colour
/// (at least the one cell under its centre). A spinner is one cell at its centre in the view's
/// `tintColor`: while all 12 spokes show, `spinnerGlyphs[leadingSpoke % 10]`; while the pull
/// reveals them, `progressGlyphs` filling up with the visible spokes; nothing with no spokes.
public struct ANSITextRenderer: Sendable {
    public var columns: Int

    /// A transform scale (on either axis) at or above this is shown as bold.
    public static let boldScaleThreshold = 1.25
    /// A rotation, in degrees either way, at or above this is shown as underline.
    public static let underlineRotationThreshold = 10.0
    /// The one-line legend for help and the README.
    public static let legend = "bold = scaled ≥ 1.25×, underline = rotated ≥ 10°"
    /// A turning spinner: one glyph per step of `leadingSpoke`, cycling.
    public static let spinnerGlyphs: [Character] = Array("⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏")
    /// A spinner being revealed by the pull, from 1 visible spoke (first) to 11 (last).
    public static let progressGlyphs: [Character] = Array("⠁⠃⠇⡇⣇⣧⣷⣿")

    public init(columns: Int = 80) {
        precondition(columns > 0, "the text renderer needs at least one column, got \(columns)")
        self.columns = columns
    }

    /// The grid for a canvas: `columns` wide, enough 2:1 rows for its height, at least 3.
    public func gridSize(for canvas: Canvas) -> (columns: Int, rows: Int) {
        let cellHeight = 2 * canvas.width / Double(columns)
        guard cellHeight > 0, canvas.height > 0 else { return (columns, 3) }
        let rows = (canvas.height / cellHeight - 1e-9).rounded(.up)
        return (columns, max(3, Int(rows)))
    }

    /// Whether the transform is shown bold (scaled) and underlined (rotated).
    public static func emphasis(of transform: Transform) -> (bold: Bool, underline: Bool) {
        let scale = max(abs(transform.scaleX), abs(transform.scaleY))
        var rotation = transform.rotation.truncatingRemainder(dividingBy: 360)
        if rotation > 180 { rotation -= 360 }
        if rotation <= -180 { rotation += 360 }
        return (scale >= boldScaleThreshold, abs(rotation) >= underlineRotationThreshold)
    }

    public func render(_ state: FrameState, views: [ViewSpec], canvas: Canvas) -> CellGrid {
        let size = gridSize(for: canvas)
        let canvasColor = canvas.background.composited(over: .black)
        var grid = CellGrid(
            width: size.columns, height: size.rows,
            blank: Cell(character: " ", foreground: canvasColor, background: canvasColor))
        let cellWidth = canvas.width > 0 ? canvas.width / Double(columns) : 1
        let cellHeight = 2 * cellWidth
        var specs: [Int: ViewSpec] = [:]
        for spec in views where specs[spec.tag] == nil { specs[spec.tag] = spec }

        for view in state.views {
            let opacity = min(max(view.alpha * state.contentAlpha, 0), 1)
            let spec = specs[view.tag]
            let (bold, underline) = Self.emphasis(of: view.transform)
            let centreX = view.frame.midX + view.transform.translationX
            let centreY = view.frame.midY + view.transform.translationY
            let u = centreX / cellWidth
            let v = centreY / cellHeight
            let centreColumn = Int(u.rounded(.down))
            let centreRow = Int(v.rounded(.down))
            // The cells whose centres lie inside the scaled, translated bounds (rotation ignored).
            let halfWidth = view.frame.width * abs(view.transform.scaleX) / 2
            let halfHeight = view.frame.height * abs(view.transform.scaleY) / 2
            var columnRange = cellSpan((centreX - halfWidth) / cellWidth, (centreX + halfWidth) / cellWidth)
            var rowRange = cellSpan((centreY - halfHeight) / cellHeight, (centreY + halfHeight) / cellHeight)
            if columnRange.isEmpty || rowRange.isEmpty {
                columnRange = centreColumn..<(centreColumn + 1)
                rowRange = centreRow..<(centreRow + 1)
            }
            let backgroundOpacity = view.backgroundColor.alpha * opacity

            if view.spinner != nil || spec?.kind == .spinner {
                let spinner = view.spinner ?? SpinnerState(visibleSpokes: 0, leadingSpoke: 0)
                guard let glyph = Self.glyph(for: spinner), grid.contains(column: centreColumn, row: centreRow) else {
                    continue
                }
                let under = grid[centreColumn, centreRow].background
                let tint = spec?.tintColor ?? RGBA(white: 0.5)
                guard tint.alpha * opacity >= Self.visibleAlpha else { continue }
                grid.put(
                    glyph, column: centreColumn, row: centreRow,
                    foreground: tint.composited(over: under, opacity: opacity),
                    background: under, bold: bold, underline: underline)
                continue
            }

            guard let text = view.text else {
                guard backgroundOpacity >= Self.visibleAlpha else { continue }
                for row in rowRange {
                    for column in columnRange where grid.contains(column: column, row: row) {
                        let under = grid[column, row].background
                        grid.put(
                            "█", column: column, row: row,
                            foreground: view.backgroundColor.composited(over: under, opacity: opacity),
                            background: under)
                    }
                }
                continue
            }

            if backgroundOpacity >= Self.visibleAlpha {
                for row in rowRange {
                    for column in columnRange where grid.contains(column: column, row: row) {
                        let under = grid[column, row].background
                        let fill = view.backgroundColor.composited(over: under, opacity: opacity)
                        grid.put(" ", column: column, row: row, foreground: fill, background: fill)
                    }
                }
            }
            let textOpacity = view.textColor.alpha * opacity
            guard textOpacity >= Self.visibleAlpha else { continue }
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            for (k, line) in lines.enumerated() {
                let row = Int((v - Double(lines.count) / 2 + Double(k) + 0.5).rounded(.down))
                guard row >= 0, row < grid.height else { continue }
                let lineWidth = line.reduce(0) { $0 + displayWidth(of: $1) }
                var column = Int((u - Double(lineWidth) / 2 + 0.5).rounded(.down))
                for character in line {
                    let w = displayWidth(of: character)
                    if w > 0, column >= 0, column + w <= grid.width {
                        let under = grid[column, row].background
                        grid.put(
                            character, column: column, row: row,
                            foreground: view.textColor.composited(over: under, opacity: opacity), background: under,
                            bold: bold, underline: underline)
                    }
                    column += w
                }
            }
        }
        return grid
    }

    /// Opacity below half an 8-bit step draws nothing.
    static let visibleAlpha = 0.5 / 255

    /// The spinner's glyph, or nil when no spoke shows.
    public static func glyph(for spinner: SpinnerState) -> Character? {
        if spinner.visibleSpokes >= 12 {
            let i = ((spinner.leadingSpoke % spinnerGlyphs.count) + spinnerGlyphs.count) % spinnerGlyphs.count
            return spinnerGlyphs[i]
        }
        guard spinner.visibleSpokes > 0 else { return nil }
        return progressGlyphs[min((spinner.visibleSpokes * progressGlyphs.count - 1) / 12, progressGlyphs.count - 1)]
    }
}

/// The cells `c` whose centre `c + 0.5` lies in `[start, end)`, in cell units.
private func cellSpan(_ start: Double, _ end: Double) -> Range<Int> {
    let first = Int((start - 0.5).rounded(.up))
    let last = Int((end - 0.5).rounded(.up))
    return first..<max(first, last)
}

extension CellGrid {
    public func contains(column: Int, row: Int) -> Bool {
        column >= 0 && column < width && row >= 0 && row < height
    }
}
