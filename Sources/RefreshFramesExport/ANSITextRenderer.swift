import RefreshFramesCore

/// The readable, font-independent terminal view of a frame: each label's text written as real
/// terminal characters at its position.
///
/// Geometry: the canvas width maps to `columns` cells, so a cell is `canvas.width / columns` points
/// wide and twice that tall; the grid has `max(3, ⌈canvas.height / cell height⌉)` rows. A label's
/// text is centred on its frame's centre after the transform (about the anchor point), one terminal character
/// per character (CJK two cells); text is never scaled or rotated. Instead:
/// - **bold** means the transform scales the view by at least `boldScaleThreshold` (1.25×) on
///   either axis;
/// - **underline** means the view is rotated by at least `underlineRotationThreshold` (10°) either
///   way (rotation taken modulo 360°).
///
/// Colours: every view is drawn with opacity `view.alpha × contentAlpha` (times its superviews'
/// alphas); a faded view whose subviews share a cell with it or each other, and the control below
/// contentAlpha 1 when two of its views share one, is a group: drawn at full opacity, then blended
/// at its alpha (`TextGroups`), as the pixels composite groups. A label's background
/// (when not fully transparent) fills the cells of its scaled bounds; its text takes
/// `textColor` (times the opacity) over the cell background beneath it, which is the view's
/// background over the canvas background. Text whose opacity rounds to nothing is not drawn.
/// A view without text whose background shows fills its scaled bounds with `█` in that colour
/// (at least the one cell under its centre). A spinner is one cell at its centre in the view's
/// `tintColor`: while all 8 spokes show, `spinnerGlyphs[leadingSpoke]`; while the pull
/// reveals them, `progressGlyphs` filling up with the visible spokes; nothing with no spokes.
package struct ANSITextRenderer: Sendable {
    package var columns: Int
    /// The lines a label shows (`ANSITextRenderer.hardLines` unless told): a frame source wraps
    /// multi-line labels as the pixels do.
    package var lines: @Sendable (ViewSpec, ViewState) -> [Substring]

    /// A label's text split at its line feeds, as one-line labels are shown.
    package static let hardLines: @Sendable (ViewSpec, ViewState) -> [Substring] = { _, view in
        (view.text ?? "").split(separator: "\n", omittingEmptySubsequences: false)
    }

    /// A transform scale (on either axis) at or above this is shown as bold.
    package static let boldScaleThreshold = 1.25
    /// A rotation, in degrees either way, at or above this is shown as underline.
    package static let underlineRotationThreshold = 10.0
    /// The one-line legend for help and the README.
    package static let legend = "bold = scaled ≥ 1.25×, underline = rotated ≥ 10°"
    /// A turning spinner: one glyph per `leadingSpoke` (8), the gap going round clockwise.
    package static let spinnerGlyphs: [Character] = Array("⣾⣷⣯⣟⡿⢿⣻⣽")
    /// A spinner being revealed by the pull, from 1 visible spoke (first) to 7 (the seventh).
    package static let progressGlyphs: [Character] = Array("⠁⠃⠇⡇⣇⣧⣷⣿")

    package init(
        columns: Int = 80, lines: @escaping @Sendable (ViewSpec, ViewState) -> [Substring] = ANSITextRenderer.hardLines
    ) {
        precondition(columns > 0, "the text renderer needs at least one column, got \(columns)")
        self.columns = columns
        self.lines = lines
    }

    /// The grid for a canvas: `columns` wide, enough 2:1 rows for its height, at least 3.
    package func gridSize(for canvas: Canvas) -> (columns: Int, rows: Int) {
        let cellHeight = 2 * canvas.width / Double(columns)
        guard cellHeight > 0, canvas.height > 0 else { return (columns, 3) }
        let rows = (canvas.height / cellHeight - 1e-9).rounded(.up)
        return (columns, max(3, Int(rows)))
    }

    /// Whether the transform is shown bold (scaled) and underlined (rotated).
    package static func emphasis(of transform: Transform) -> (bold: Bool, underline: Bool) {
        let scale = max(abs(transform.scaleX), abs(transform.scaleY))
        var rotation = transform.rotation.truncatingRemainder(dividingBy: 360)
        if rotation > 180 { rotation -= 360 }
        if rotation <= -180 { rotation += 360 }
        return (scale >= boldScaleThreshold, abs(rotation) >= underlineRotationThreshold)
    }

    package func render(_ state: FrameState, views: [ViewSpec], canvas: Canvas) -> CellGrid {
        var grid = blankGrid(for: canvas)
        let cellWidth = canvas.width > 0 ? canvas.width / Double(columns) : 1
        drawViews(state, views: views, into: &grid, cellWidth: cellWidth, origin: (0, 0), rows: 0..<grid.height)
        return grid
    }

    /// The whole screen of a frame with a scene, on a grid for the viewport: the control's labels in
    /// the strip above the content (clipped to it, as UIKit clips the control), section headers
    /// (#F7F7F7, title bold) and each row's text at the cell's 15 pt inset, its detail on the line
    /// below, a `─` separator along its last line. Rows fade with their alpha; rows sliding in are
    /// drawn first, so their neighbours cover them. Without a scene in `state`, the control alone.
    package func render(_ state: FrameState, views: [ViewSpec], canvas: Canvas, host: HostSpec) -> CellGrid {
        guard let scene = state.scene else { return render(state, views: views, canvas: canvas) }
        let table = host.table
        let screen = Canvas(
            width: scene.viewport.width, height: scene.viewport.height, scale: 1, background: table.backgroundColor)
        var grid = blankGrid(for: screen)
        let cellWidth = screen.width > 0 ? screen.width / Double(columns) : 1
        let cellHeight = 2 * cellWidth
        func cells(_ frame: Rect) -> (columns: Range<Int>, rows: Range<Int>) {
            (
                cellSpan(frame.x / cellWidth, frame.maxX / cellWidth),
                cellSpan(frame.y / cellHeight, frame.maxY / cellHeight)
            )
        }

        if scene.controlVisibleHeight > 0 {
            let strip = cellSpan(scene.stripTop / cellHeight, scene.contentTop / cellHeight).clamped(
                to: 0..<grid.height)
            let area = cells(scene.controlFrame)
            fill(area.columns, area.rows.clamped(to: strip), with: canvas.background, opacity: 1, in: &grid)
            drawViews(
                state, views: views, into: &grid, cellWidth: cellWidth,
                origin: (scene.controlFrame.x, scene.controlFrame.y), rows: strip)
        }
        for header in scene.headers {
            let area = cells(header.frame)
            fill(area.columns, area.rows, with: PlainTableStyle.headerBackground, opacity: 1, in: &grid)
            write(
                [header.title], in: header.frame, rows: area.rows, alignment: .left,
                colors: [PlainTableStyle.headerTitleColor], opacity: 1,
                bold: true, cellWidth: cellWidth, into: &grid)
        }
        for row in scene.rowsInDrawingOrder {
            let opacity = min(max(row.alpha, 0), 1)
            guard opacity >= Self.visibleAlpha else { continue }
            let area = cells(row.frame)
            fill(area.columns, area.rows, with: table.cell.backgroundColor, opacity: opacity, in: &grid)
            let cell = table.cell
            let lines = cell.style == .subtitle && row.detail != nil ? [row.text, row.detail!] : [row.text]
            let textRows = write(
                lines, in: row.frame, rows: area.rows, alignment: cell.textAlignment,
                colors: [cell.textColor, cell.detailTextColor], opacity: opacity, bold: false, cellWidth: cellWidth,
                into: &grid)
            // Along the row's last line, when its text leaves that line free.
            if let last = area.rows.last, !textRows.contains(last), last >= 0, last < grid.height,
                table.separatorColor.alpha * opacity >= Self.visibleAlpha
            {
                let start = max(0, Int(((row.frame.x + table.separatorInset) / cellWidth).rounded()))
                for column in start..<max(start, min(area.columns.upperBound, grid.width)) {
                    let under = grid[column, last].background
                    grid.put(
                        "─", column: column, row: last,
                        foreground: table.separatorColor.composited(over: under, opacity: opacity), background: under)
                }
            }
        }
        if let bars = host.bars {
            drawBars(
                bars, top: scene.bars?.top ?? bars.top, viewport: scene.viewport, cellWidth: cellWidth, into: &grid)
        }
        return grid
    }

    /// The host's bars over the rows: the top bars' cells in the bars' grey with the navigation
    /// bar's title (centred in its 44 pt row, or at the left margin below it with large titles, in
    /// bold, at the bottom of a bar stretched by the pull to `top`), and the tab bar's.
    private func drawBars(
        _ bars: HostBars, top: Double, viewport: ViewportSize, cellWidth: Double, into grid: inout CellGrid
    ) {
        let cellHeight = 2 * cellWidth
        let columns = cellSpan(0, viewport.width / cellWidth)
        fill(columns, cellSpan(0, top / cellHeight), with: BarStyle.background, opacity: 1, in: &grid)
        if let bar = bars.navigationBar, !bar.title.isEmpty {
            let margin = viewport.width >= 414 ? 20.0 : 16
            let frame =
                bar.largeTitle
                ? Rect(
                    x: margin - PlainTableStyle.labelInset, y: top - NavigationBarSpec.largeTitleExtra,
                    width: viewport.width - 2 * (margin - PlainTableStyle.labelInset),
                    height: NavigationBarSpec.largeTitleExtra)
                : Rect(x: 0, y: bars.statusBar, width: viewport.width, height: NavigationBarSpec.height)
            _ = write(
                [bar.title], in: frame, rows: cellSpan(frame.y / cellHeight, frame.maxY / cellHeight),
                alignment: bar.largeTitle ? .left : .center, colors: [.black], opacity: 1, bold: true,
                cellWidth: cellWidth, into: &grid)
        }
        if bars.bottom > 0 {
            let rows = cellSpan((viewport.height - bars.bottom) / cellHeight, viewport.height / cellHeight)
            fill(columns, rows.clamped(to: 0..<grid.height), with: BarStyle.background, opacity: 1, in: &grid)
        }
    }

    private func blankGrid(for canvas: Canvas) -> CellGrid {
        let size = gridSize(for: canvas)
        let color = canvas.background.composited(over: .black)
        return CellGrid(
            width: size.columns, height: size.rows, blank: Cell(character: " ", foreground: color, background: color))
    }

    private func fill(
        _ columns: Range<Int>, _ rows: Range<Int>, with color: RGBA, opacity: Double, in grid: inout CellGrid
    ) {
        guard color.alpha * opacity >= Self.visibleAlpha else { return }
        // Clamped first, so a view far wider than the grid costs no more than the grid.
        for row in rows.clamped(to: 0..<max(0, grid.height)) {
            for column in columns.clamped(to: 0..<max(0, grid.width)) {
                let fill = color.composited(over: grid[column, row].background, opacity: opacity)
                grid.put(" ", column: column, row: row, foreground: fill, background: fill)
            }
        }
    }

    /// Lines of a table cell, centred as a block on the frame's middle but kept within the cell's
    /// own grid rows (lines that do not fit are left out), aligned within its insets. Returns the
    /// rows written to.
    @discardableResult
    private func write(
        _ lines: [String], in frame: Rect, rows: Range<Int>, alignment: TextAlignment, colors: [RGBA],
        opacity: Double, bold: Bool, cellWidth: Double, into grid: inout CellGrid
    ) -> Range<Int> {
        let v = frame.midY / (2 * cellWidth)
        let centered = Int((v - Double(lines.count) / 2 + 0.5).rounded(.down))
        let first = max(rows.lowerBound, min(centered, rows.upperBound - lines.count))
        let used = first..<min(first + lines.count, rows.upperBound)
        let band = PlainTableStyle.labelBand(in: frame)
        let left = band.minX / cellWidth
        let right = band.maxX / cellWidth
        for (k, line) in lines.enumerated() where used.contains(first + k) {
            let color = colors[min(k, colors.count - 1)]
            guard color.alpha * opacity >= Self.visibleAlpha else { continue }
            let row = first + k
            let width = Double(line.reduce(0) { $0 + displayWidth(of: $1) })
            let start: Double
            switch alignment {
            case .left: start = left
            case .center: start = (left + right - width) / 2
            case .right: start = right - width
            }
            put(
                Substring(line), column: Int(start.rounded()), row: row, color: color, opacity: opacity, bold: bold,
                underline: false, into: &grid)
            // What the grid's width leaves out of a row or header on screen is said, as a label's is.
            if row >= 0, row < grid.height {
                var column = Int(start.rounded())
                for character in line {
                    let w = displayWidth(of: character)
                    if w > 0, column < 0 || column + w > grid.width { grid.cut.append(character) }
                    column += w
                }
            }
        }
        return used
    }

    /// Writes a line's characters from `column` on, each over the cell background beneath it.
    private func put(
        _ line: Substring, column start: Int, row: Int, color: RGBA, opacity: Double, bold: Bool, underline: Bool,
        into grid: inout CellGrid
    ) {
        guard row >= 0, row < grid.height else { return }
        var column = start
        for character in line {
            let w = displayWidth(of: character)
            if w > 0, column >= 0, column + w <= grid.width {
                let under = grid[column, row].background
                grid.put(
                    character, column: column, row: row, foreground: color.composited(over: under, opacity: opacity),
                    background: under, bold: bold, underline: underline)
            }
            column += w
        }
    }

    /// The views of `state` in cells `cellWidth` points wide, the control's origin at `origin`
    /// (points), writing only into `rows`.
    private func drawViews(
        _ state: FrameState, views: [ViewSpec], into grid: inout CellGrid, cellWidth: Double,
        origin: (x: Double, y: Double), rows visibleRows: Range<Int>
    ) {
        let drawn = Self.drawnViews(state, views: views)
        let placed = placedLines(
            state, drawn: drawn, cellWidth: cellWidth, origin: origin, rows: visibleRows, gridWidth: grid.width)
        grid.cut += placed.cut
        TextGroups(drawn, contentAlpha: state.contentAlpha).paint(into: &grid) { position, opacity, grid in
            let (spec, view, offset) = drawn[position]
            drawView(
                spec, view, offset: offset, opacity: opacity, placed: placed.columns, cellWidth: cellWidth,
                origin: origin, rows: visibleRows, into: &grid)
        }
    }

    /// One view of `drawViews` at `opacity` (its alphas', or its group's: `TextGroups`).
    private func drawView(
        _ spec: ViewSpec, _ view: ViewState, offset: (x: Double, y: Double, alpha: Double), opacity: Double,
        placed: [LineKey: Int], cellWidth: Double, origin: (x: Double, y: Double), rows visibleRows: Range<Int>,
        into grid: inout CellGrid
    ) {
        let cellHeight = 2 * cellWidth
        let (bold, underline) = Self.emphasis(of: view.transform)
        let shift = Self.centerShift(view)
        var centerPointX = origin.x + offset.x + view.frame.midX + shift.x
        var centerPointY = origin.y + offset.y + view.frame.midY + shift.y
        // The cells whose centres lie inside the scaled, translated bounds (rotation ignored), or
        // under a 3-D transform the projected bounds' box (`projectedBox`).
        var halfWidth = view.frame.width * abs(view.transform.scaleX) / 2
        var halfHeight = view.frame.height * abs(view.transform.scaleY) / 2
        if !view.transform.isPlanar {
            guard let box = Self.projectedBox(view) else { return }
            centerPointX = origin.x + offset.x + view.frame.midX + box.dx
            centerPointY = origin.y + offset.y + view.frame.midY + box.dy
            (halfWidth, halfHeight) = (box.halfWidth, box.halfHeight)
        }
        let u = centerPointX / cellWidth
        let v = centerPointY / cellHeight
        let centerColumn = Int(u.rounded(.down))
        let centerRow = Int(v.rounded(.down))
        var columnRange = cellSpan((centerPointX - halfWidth) / cellWidth, (centerPointX + halfWidth) / cellWidth)
        var rowRange = cellSpan((centerPointY - halfHeight) / cellHeight, (centerPointY + halfHeight) / cellHeight)
        if columnRange.isEmpty || rowRange.isEmpty {
            columnRange = centerColumn..<(centerColumn + 1)
            rowRange = centerRow..<(centerRow + 1)
        }
        rowRange = rowRange.clamped(to: visibleRows)
        let backgroundOpacity = view.backgroundColor.alpha * opacity

        if view.spinner != nil || spec.kind == .spinner {
            let spinner = view.spinner ?? SpinnerState(visibleSpokes: 0, leadingSpoke: 0)
            guard let glyph = Self.glyph(for: spinner), grid.contains(column: centerColumn, row: centerRow),
                visibleRows.contains(centerRow)
            else {
                return
            }
            let under = grid[centerColumn, centerRow].background
            let tint = spec.tintColor
            guard tint.alpha * opacity >= Self.visibleAlpha else { return }
            grid.put(
                glyph, column: centerColumn, row: centerRow,
                foreground: tint.composited(over: under, opacity: opacity),
                background: under, bold: bold, underline: underline)
            return
        }

        if spec.kind == .image {
            fill(columnRange, rowRange, with: view.backgroundColor, opacity: opacity, in: &grid)
            drawImage(
                spec, view, columns: columnRange, rows: rowRange, visibleRows: visibleRows, opacity: opacity,
                emphasis: (bold, underline), into: &grid)
            return
        }

        guard view.text != nil else {
            guard backgroundOpacity >= Self.visibleAlpha else { return }
            for row in rowRange {
                for column in columnRange.clamped(to: 0..<max(0, grid.width))
                where grid.contains(column: column, row: row) {
                    let under = grid[column, row].background
                    grid.put(
                        "█", column: column, row: row,
                        foreground: view.backgroundColor.composited(over: under, opacity: opacity),
                        background: under)
                }
            }
            return
        }

        fill(columnRange, rowRange, with: view.backgroundColor, opacity: opacity, in: &grid)
        let textOpacity = view.textColor.alpha * opacity
        guard textOpacity >= Self.visibleAlpha else { return }
        let lines = self.lines(spec, view)
        for (k, line) in lines.enumerated() {
            let row = Int((v - Double(lines.count) / 2 + Double(k) + 0.5).rounded(.down))
            guard visibleRows.contains(row) else { continue }
            let lineWidth = line.reduce(0) { $0 + displayWidth(of: $1) }
            let column =
                placed[LineKey(tag: view.tag, line: k)]
                ?? Int((u - Double(lineWidth) / 2 + 0.5).rounded(.down))
            put(
                line, column: column, row: row, color: view.textColor, opacity: opacity, bold: bold,
                underline: underline, into: &grid)
        }
    }

    /// A view the grid shows: its spec, its state, and its superviews' origins (translations
    /// included) and alphas.
    typealias DrawnView = (spec: ViewSpec, view: ViewState, offset: (x: Double, y: Double, alpha: Double))

    /// The views of `state` in the order they are drawn, the walk the pixel renderer takes
    /// (`FrameState.walk`: subview order, hidden subtrees left out). Rotations and scales of
    /// superviews are ignored in cells: a subview is placed by its superviews' origins alone.
    static func drawnViews(_ state: FrameState, views: [ViewSpec]) -> [DrawnView] {
        var drawn: [DrawnView] = []
        // Each view passes on its own state after its ancestors' (root first).
        state.walk(views, root: [ViewState]()) { _, spec, view, ancestors in
            var offset = (x: 0.0, y: 0.0, alpha: 1.0)
            for s in ancestors.reversed() {  // nearest first, as the sums always ran
                let shift = centerShift(s)
                offset.x += s.frame.x + shift.x
                offset.y += s.frame.y + shift.y
                offset.alpha *= s.alpha
            }
            drawn.append((spec, view, offset))
            return ancestors + [view]
        }
        return drawn
    }

    /// How far a planar transform moves the view's centre: the translation, and under a rotation or
    /// scale about an anchor point other than the centre, where that moves the centre too
    /// (`Transform.centerShift`). A 3-D transform's box comes from `projectedBox` instead.
    static func centerShift(_ view: ViewState) -> (x: Double, y: Double) {
        view.transform.centerShift(width: view.frame.width, height: view.frame.height, anchor: view.anchorPoint)
    }

    /// One line of a label's text on the grid, where centring puts it.
    struct LineKey: Hashable {
        var tag: Int
        var line: Int
    }

    /// Where labels' lines go when centring would drop characters: lines that overlap on a row are
    /// set side by side without the space between them (shrinking the spacing), as close to their
    /// centres as they can be; a line or group centred on the grid is kept within it; what is still
    /// too wide for the grid loses its last characters, which are returned in `cut`. Lines that
    /// need none of this keep their columns (absent from `columns`).
    private func placedLines(
        _ state: FrameState, drawn: [DrawnView], cellWidth: Double, origin: (x: Double, y: Double),
        rows visibleRows: Range<Int>, gridWidth: Int
    ) -> (columns: [LineKey: Int], cut: String) {
        struct Run {
            var key: LineKey
            var text: Substring
            var start: Int
            var width: Int
        }
        var rows: [Int: [Run]] = [:]
        var seen: Set<Int> = []
        for (spec, view, offset) in drawn where seen.insert(view.tag).inserted {
            guard view.text != nil, view.spinner == nil, spec.kind != .spinner else { continue }
            let opacity = min(max(view.alpha * offset.alpha * state.contentAlpha, 0), 1)
            guard view.textColor.alpha * opacity >= Self.visibleAlpha else { continue }
            // Where `drawView` centres the text: under a 3-D transform the projected box's centre
            // (none: the view shows in no cell).
            var shift = Self.centerShift(view)
            if !view.transform.isPlanar {
                guard let box = Self.projectedBox(view) else { continue }
                shift = (box.dx, box.dy)
            }
            let u = (origin.x + offset.x + view.frame.midX + shift.x) / cellWidth
            let v = (origin.y + offset.y + view.frame.midY + shift.y) / (2 * cellWidth)
            let lines = self.lines(spec, view)
            for (k, line) in lines.enumerated() {
                let row = Int((v - Double(lines.count) / 2 + Double(k) + 0.5).rounded(.down))
                let width = line.reduce(0) { $0 + displayWidth(of: $1) }
                guard visibleRows.contains(row), width > 0 else { continue }
                let start = Int((u - Double(width) / 2 + 0.5).rounded(.down))
                rows[row, default: []].append(
                    Run(key: LineKey(tag: view.tag, line: k), text: line, start: start, width: width))
            }
        }
        var columns: [LineKey: Int] = [:]
        var cut = ""
        for row in rows.keys.sorted() {
            let runs = rows[row]!.enumerated().sorted { ($0.element.start, $0.offset) < ($1.element.start, $1.offset) }
                .map(\.element)
            // Clusters of runs set edge to edge, each at the mean of its members' wishes.
            var clusters: [(runs: [Run], start: Int, width: Int)] = []
            for run in runs {
                clusters.append(([run], run.start, run.width))
                while clusters.count > 1,
                    clusters[clusters.count - 2].start + clusters[clusters.count - 2].width > clusters.last!.start
                {
                    let last = clusters.removeLast()
                    let merged = clusters.removeLast().runs + last.runs
                    var wished = 0.0
                    var offset = 0
                    for member in merged {
                        wished += Double(member.start - offset)
                        offset += member.width
                    }
                    clusters.append((merged, Int((wished / Double(merged.count)).rounded()), offset))
                }
            }
            for cluster in clusters {
                // A label sliding off the canvas is clipped, as in pixels; one centred on it is not.
                let center = 2 * cluster.start + cluster.width
                let overhangs = cluster.start < 0 || cluster.start + cluster.width > gridWidth
                guard center >= 0, center < 2 * gridWidth, cluster.runs.count > 1 || overhangs else { continue }
                let start = cluster.width <= gridWidth ? min(max(0, cluster.start), gridWidth - cluster.width) : 0
                var column = start
                for run in cluster.runs {
                    columns[run.key] = column
                    for character in run.text {
                        let w = displayWidth(of: character)
                        if w > 0 && column + w > gridWidth { cut.append(character) }
                        column += w
                    }
                }
            }
        }
        return (columns, cut)
    }

    /// Opacity below half an 8-bit step draws nothing.
    static let visibleAlpha = 0.5 / 255

    /// The spinner's glyph, or nil when no spoke shows.
    package static func glyph(for spinner: SpinnerState) -> Character? {
        let count = SpinnerState.spokeCount
        if spinner.visibleSpokes >= count {
            let i = ((spinner.leadingSpoke % spinnerGlyphs.count) + spinnerGlyphs.count) % spinnerGlyphs.count
            return spinnerGlyphs[i]
        }
        guard spinner.visibleSpokes > 0 else { return nil }
        return progressGlyphs[min((spinner.visibleSpokes * progressGlyphs.count - 1) / count, progressGlyphs.count - 1)]
    }
}

/// The cells `c` whose centre `c + 0.5` lies in `[start, end)`, in cell units.
private func cellSpan(_ start: Double, _ end: Double) -> Range<Int> {
    let first = Int((start - 0.5).rounded(.up))
    let last = Int((end - 0.5).rounded(.up))
    return first..<max(first, last)
}

extension CellGrid {
    package func contains(column: Int, row: Int) -> Bool {
        column >= 0 && column < width && row >= 0 && row < height
    }
}
