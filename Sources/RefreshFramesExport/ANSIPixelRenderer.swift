import RefreshFramesCore

/// Draws a bitmap with Unicode upper half blocks `▀`: each cell shows two pixels of the scaled
/// image, the upper as the foreground and the lower as the background.
///
/// The image is box-filtered to `columns` pixels wide and `2 × rows` pixels tall, where
/// `rows = max(1, round(columns × height / width / 2))`, so each scaled pixel is about square on a
/// terminal whose cells are twice as tall as wide. Transparent pixels are composited over `background`.
package struct ANSIPixelRenderer: Sendable {
    package var columns: Int
    /// What shows through transparent pixels.
    package var background: TerminalRGB

    package static let upperHalfBlock = "▀"

    package init(columns: Int = 80, background: TerminalRGB = .black) {
        precondition(columns > 0, "the pixel renderer needs at least one column, got \(columns)")
        self.columns = columns
        self.background = background
    }

    /// The grid size for an image of this size: `columns` wide, rows keeping the aspect.
    package func gridSize(imageWidth: Int, imageHeight: Int) -> (columns: Int, rows: Int) {
        guard imageWidth > 0, imageHeight > 0 else { return (columns, 1) }
        let rows = (Double(columns) * Double(imageHeight) / Double(imageWidth) / 2).rounded()
        return (columns, max(1, Int(rows)))
    }

    package func render(_ bitmap: Bitmap) -> CellGrid {
        guard bitmap.width > 0, bitmap.height > 0 else { return blankGrid(imageWidth: bitmap.width) }
        let filter = BoxFilter(self, sourceWidth: bitmap.width, sourceHeight: bitmap.height)
        var colors = [TerminalRGB](repeating: background, count: filter.targetWidth * filter.targetHeight)
        filter.resample(bitmap, columns: 0..<filter.targetWidth, rows: 0..<filter.targetHeight, into: &colors)
        return filter.grid(colors)
    }

    /// The grid of an empty image: the background.
    func blankGrid(imageWidth: Int) -> CellGrid {
        CellGrid(
            width: columns, height: 1,
            blank: Cell(character: Self.upperHalfBlock, foreground: background, background: background))
    }
}

/// The box filter from a bitmap of one size to a renderer's grid: target pixel `t` averages the
/// source pixels `[starts[t], ends[t])` in each direction (at least one). A target pixel depends
/// on the source pixels of its box alone, so a part of the targets can be resampled on its own.
struct BoxFilter {
    let sourceWidth: Int
    let sourceHeight: Int
    let targetWidth: Int
    /// Twice the grid's rows: two target pixels a cell.
    let targetHeight: Int
    let background: TerminalRGB
    private let xStarts: [Int]
    private let xEnds: [Int]
    private let yStarts: [Int]
    private let yEnds: [Int]

    init(_ renderer: ANSIPixelRenderer, sourceWidth: Int, sourceHeight: Int) {
        self.sourceWidth = sourceWidth
        self.sourceHeight = sourceHeight
        targetWidth = renderer.columns
        targetHeight = 2 * renderer.gridSize(imageWidth: sourceWidth, imageHeight: sourceHeight).rows
        background = renderer.background
        (xStarts, xEnds) = Self.edges(targetWidth, sourceWidth)
        (yStarts, yEnds) = Self.edges(targetHeight, sourceHeight)
    }

    /// Box edges: target pixel t covers source [start(t), end(t)), at least one pixel.
    private static func edges(_ target: Int, _ source: Int) -> (starts: [Int], ends: [Int]) {
        var starts = [Int](repeating: 0, count: target)
        var ends = [Int](repeating: 0, count: target)
        for t in 0..<target {
            let s = min(t * source / target, source - 1)
            starts[t] = s
            ends[t] = max(s + 1, min((t + 1) * source / target, source))
        }
        return (starts, ends)
    }

    /// The target pixels whose boxes hold a pixel of `rect` (source pixels): the only ones that
    /// can change when `rect` does.
    func targets(overlapping rect: PixelRect) -> (columns: Range<Int>, rows: Range<Int>) {
        (
            Self.overlap(rect.x, rect.x + rect.width, xStarts, xEnds),
            Self.overlap(rect.y, rect.y + rect.height, yStarts, yEnds)
        )
    }

    /// The targets whose boxes meet `[from, to)`; starts and ends never decrease.
    private static func overlap(_ from: Int, _ to: Int, _ starts: [Int], _ ends: [Int]) -> Range<Int> {
        guard from < to else { return 0..<0 }
        var first = 0
        while first < ends.count && ends[first] <= from { first += 1 }
        var last = first
        while last < starts.count && starts[last] < to { last += 1 }
        return first..<last
    }

    /// Box-filters the target pixels of `columns × rows` from `bitmap` (of the filter's source
    /// size) into `colors`, row-major, `targetWidth` a row; every other target is left as it is.
    func resample(_ bitmap: Bitmap, columns: Range<Int>, rows: Range<Int>, into colors: inout [TerminalRGB]) {
        guard !columns.isEmpty, !rows.isEmpty else { return }
        let sourceWidth = self.sourceWidth
        let targetWidth = self.targetWidth
        let bgR = Int(background.red)
        let bgG = Int(background.green)
        let bgB = Int(background.blue)
        var sums = [Int](repeating: 0, count: targetWidth * 4)
        bitmap.pixels.withUnsafeBufferPointer { pixels in
            xStarts.withUnsafeBufferPointer { xStarts in
                xEnds.withUnsafeBufferPointer { xEnds in
                    sums.withUnsafeMutableBufferPointer { sums in
                        colors.withUnsafeMutableBufferPointer { colors in
                            for ty in rows {
                                for k in (columns.lowerBound * 4)..<(columns.upperBound * 4) { sums[k] = 0 }
                                let y0 = yStarts[ty]
                                let y1 = yEnds[ty]
                                for sy in y0..<y1 {
                                    let rowBase = sy * sourceWidth * 4
                                    for tx in columns {
                                        var r = 0
                                        var g = 0
                                        var b = 0
                                        var a = 0
                                        var p = rowBase + xStarts[tx] * 4
                                        let end = rowBase + xEnds[tx] * 4
                                        while p < end {
                                            let alpha = Int(pixels[p + 3])
                                            r &+= Int(pixels[p]) &* alpha
                                            g &+= Int(pixels[p + 1]) &* alpha
                                            b &+= Int(pixels[p + 2]) &* alpha
                                            a &+= alpha
                                            p &+= 4
                                        }
                                        sums[tx * 4] &+= r
                                        sums[tx * 4 + 1] &+= g
                                        sums[tx * 4 + 2] &+= b
                                        sums[tx * 4 + 3] &+= a
                                    }
                                }
                                // Premultiplied average composited over the background:
                                // (Σ c·a + bg·(255·n − Σ a)) / (255·n), rounded.
                                for tx in columns {
                                    let n = (xEnds[tx] - xStarts[tx]) * (y1 - y0)
                                    let denominator = 255 * n
                                    let uncovered = denominator - sums[tx * 4 + 3]
                                    func channel(_ sum: Int, _ bg: Int) -> UInt8 {
                                        UInt8(
                                            truncatingIfNeeded: (sum + bg * uncovered + denominator / 2) / denominator)
                                    }
                                    colors[ty * targetWidth + tx] = TerminalRGB(
                                        red: channel(sums[tx * 4], bgR), green: channel(sums[tx * 4 + 1], bgG),
                                        blue: channel(sums[tx * 4 + 2], bgB))
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// The cells of `colors` (all the target pixels): the upper pixel of each cell as its
    /// foreground, the lower as its background.
    func grid(_ colors: [TerminalRGB]) -> CellGrid {
        let cellRows = targetHeight / 2
        var cells: [Cell] = []
        cells.reserveCapacity(targetWidth * cellRows)
        let block = ANSIPixelRenderer.upperHalfBlock
        for row in 0..<cellRows {
            let upper = 2 * row * targetWidth
            let lower = upper + targetWidth
            for column in 0..<targetWidth {
                cells.append(
                    Cell(character: block, foreground: colors[upper + column], background: colors[lower + column]))
            }
        }
        return CellGrid(width: targetWidth, height: cellRows, cells: cells)
    }

    /// Sets the cells of `area` in `grid` from `colors`, as `grid(_:)` would.
    func update(_ grid: inout CellGrid, _ area: CellRect, from colors: [TerminalRGB]) {
        let width = targetWidth
        grid.cells.withUnsafeMutableBufferPointer { cells in
            colors.withUnsafeBufferPointer { colors in
                for row in area.rows {
                    let upper = 2 * row * width
                    let lower = upper + width
                    for column in area.columns {
                        cells[row * width + column].foreground = colors[upper + column]
                        cells[row * width + column].background = colors[lower + column]
                    }
                }
            }
        }
    }
}
