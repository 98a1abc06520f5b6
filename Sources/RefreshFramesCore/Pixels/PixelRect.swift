/// A rectangle of whole pixels (a GIF frame's region, a difference's bounds); `x`, `y` is the top-left pixel, both ends inclusive in `maxX`, `maxY`.
public struct PixelRect: Sendable, Hashable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var maxX: Int { x + width - 1 }
    public var maxY: Int { y + height - 1 }

    /// `x 10…19, y 4…43`
    public var description: String { "x \(x)…\(maxX), y \(y)…\(maxY)" }
}
