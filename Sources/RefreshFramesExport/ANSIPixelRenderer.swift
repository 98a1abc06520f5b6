import RefreshFramesCore

/// Draws a bitmap with Unicode upper half blocks `▀`: each cell shows two pixels of the scaled
/// image, the upper as the foreground and the lower as the background.
///
/// The image is box-filtered to `columns` pixels wide and `2 × rows` pixels tall, where
/// `rows = max(1, round(columns × height / width / 2))`, so each scaled pixel is about square on a
/// terminal whose cells are twice as tall as wide. Transparent pixels are composited over `background`.
public struct ANSIPixelRenderer: Sendable {
    public var columns: Int
    /// What shows through transparent pixels.
    public var background: TerminalRGB

    public static let upperHalfBlock = "▀"

    public init(columns: Int = 80, background: TerminalRGB = .black) {
        precondition(columns > 0, "the pixel renderer needs at least one column, got \(columns)")
        self.columns = columns
        self.background = background
    }

    /// The grid size for an image of this size: `columns` wide, rows keeping the aspect.
    public func gridSize(imageWidth: Int, imageHeight: Int) -> (columns: Int, rows: Int) {
        guard imageWidth > 0, imageHeight > 0 else { return (columns, 1) }
        let rows = (Double(columns) * Double(imageHeight) / Double(imageWidth) / 2).rounded()
        return (columns, max(1, Int(rows)))
    }

    public func render(_ bitmap: Bitmap) -> CellGrid {
        let size = gridSize(imageWidth: bitmap.width, imageHeight: bitmap.height)
        let cellRows = size.rows
        let targetWidth = columns
        let targetHeight = 2 * cellRows
        guard bitmap.width > 0, bitmap.height > 0 else {
            return CellGrid(
                width: columns, height: cellRows,
                blank: Cell(character: Self.upperHalfBlock, foreground: background, background: background))
        }
        let sourceWidth = bitmap.width
        let sourceHeight = bitmap.height
        // Box edges: target pixel t covers source [start(t), end(t)), at least one pixel.
        func edges(_ target: Int, _ source: Int) -> (starts: [Int], ends: [Int]) {
            var starts = [Int](repeating: 0, count: target)
            var ends = [Int](repeating: 0, count: target)
            for t in 0..<target {
                let s = min(t * source / target, source - 1)
                starts[t] = s
                ends[t] = max(s + 1, min((t + 1) * source / target, source))
            }
            return (starts, ends)
        }
        let xs = edges(targetWidth, sourceWidth)
        let ys = edges(targetHeight, sourceHeight)
        let bgR = Int(background.red)
        let bgG = Int(background.green)
        let bgB = Int(background.blue)

        var colors = [TerminalRGB](repeating: background, count: targetWidth * targetHeight)
        var sums = [Int](repeating: 0, count: targetWidth * 4)
        bitmap.pixels.withUnsafeBufferPointer { pixels in
            xs.starts.withUnsafeBufferPointer { xStarts in
                xs.ends.withUnsafeBufferPointer { xEnds in
                    sums.withUnsafeMutableBufferPointer { sums in
                        colors.withUnsafeMutableBufferPointer { colors in
                            for ty in 0..<targetHeight {
                                for k in 0..<sums.count { sums[k] = 0 }
                                let y0 = ys.starts[ty]
                                let y1 = ys.ends[ty]
                                for sy in y0..<y1 {
                                    let rowBase = sy * sourceWidth * 4
                                    for tx in 0..<targetWidth {
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
                                for tx in 0..<targetWidth {
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

        var cells: [Cell] = []
        cells.reserveCapacity(targetWidth * cellRows)
        let block = Self.upperHalfBlock
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
}
