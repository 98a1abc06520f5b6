import RefreshFramesCore

/// Pixel-mode cell grids put back together from frame patches at the terminal's scale: the
/// terminal-sized frame is updated in place (a `PatchedFrame`), then the box filter runs again
/// only for the target pixels whose boxes hold a pixel a patch drew, and only their cells are set.
/// Each grid is exactly `renderer.render` of the whole frame.
package struct PatchedCells: Sendable {
    package let renderer: ANSIPixelRenderer
    /// The grid after the last patch applied; nil before the first.
    package private(set) var grid: CellGrid?
    private var frame = PatchedFrame()
    private var filter: BoxFilter?
    /// Every target pixel of the box filter, row-major: two per cell.
    private var colors: [TerminalRGB] = []

    package init(renderer: ANSIPixelRenderer) {
        self.renderer = renderer
    }

    /// Applies `patch` and returns the cells that may have changed (every other cell is as it
    /// was): nil when the whole grid is new (the first patch, or a frame of another size).
    @discardableResult
    package mutating func apply(_ patch: FramePatch) -> [CellRect]? {
        guard let damage = frame.apply(patch), let filter, var grid else {
            let bitmap = frame.bitmap
            guard bitmap.width > 0, bitmap.height > 0 else {
                filter = nil
                grid = renderer.blankGrid(imageWidth: bitmap.width)
                return nil
            }
            let whole = BoxFilter(renderer, sourceWidth: bitmap.width, sourceHeight: bitmap.height)
            colors = [TerminalRGB](repeating: renderer.background, count: whole.targetWidth * whole.targetHeight)
            whole.resample(bitmap, columns: 0..<whole.targetWidth, rows: 0..<whole.targetHeight, into: &colors)
            filter = whole
            grid = whole.grid(colors)
            return nil
        }
        self.grid = nil  // the grid is updated in place, not copied
        var changed: [CellRect] = []
        for rect in damage {
            let targets = filter.targets(overlapping: rect)
            guard !targets.columns.isEmpty, !targets.rows.isEmpty else { continue }
            filter.resample(frame.bitmap, columns: targets.columns, rows: targets.rows, into: &colors)
            // Two target rows a cell row.
            let cells = CellRect(
                columns: targets.columns, rows: (targets.rows.lowerBound / 2)..<((targets.rows.upperBound + 1) / 2))
            filter.update(&grid, cells, from: colors)
            changed.append(cells)
        }
        self.grid = grid
        return changed
    }
}

/// Pixel-mode grids of frames shown as time goes by (the preview): a frame later than the one
/// shown before is drawn as a patch over it; an earlier one (a seek back, a replay) is drawn whole.
package struct PixelPlayback: Sendable {
    /// Where the frames come from: the terminal's pixels (`FrameSource.terminalPixels`).
    package let source: FrameSource
    private var cells: PatchedCells
    /// The state of the frame shown last.
    private var shown: FrameState?

    package init(_ source: FrameSource, columns: Int) {
        self.source = source.terminalPixels(columns: columns)
        cells = PatchedCells(renderer: source.pixelRenderer(columns: columns))
    }

    /// The grid of `state` and the cells that may differ from the grid shown before (nil: any).
    package mutating func grid(_ state: FrameState) throws -> (grid: CellGrid, changed: [CellRect]?) {
        let previous = shown.flatMap { $0.time <= state.time ? $0 : nil }
        let patch = try source.patch(state, after: previous)
        let changed = cells.apply(patch)
        shown = state
        return (cells.grid!, previous == nil ? nil : changed)
    }
}
