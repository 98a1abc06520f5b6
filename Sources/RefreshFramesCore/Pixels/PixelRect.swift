/// A rectangle of whole pixels (a GIF frame's region, a difference's bounds); `x`, `y` is the top-left pixel, both ends inclusive in `maxX`, `maxY`.
package struct PixelRect: Sendable, Hashable, CustomStringConvertible {
    package var x: Int
    package var y: Int
    package var width: Int
    package var height: Int

    package init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    package var maxX: Int { x + width - 1 }
    package var maxY: Int { y + height - 1 }

    /// `x 10…19, y 4…43`
    package var description: String { "x \(x)…\(maxX), y \(y)…\(maxY)" }
}
