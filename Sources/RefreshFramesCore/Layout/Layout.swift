import Foundation

/// A rectangle in points, origin at the top left, y down.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var midX: Double { x + width / 2 }
    public var midY: Double { y + height / 2 }
    public var maxX: Double { x + width }
    public var maxY: Double { y + height }

    public var description: String { "(\(x), \(y), \(width), \(height))" }
}

/// A point in points, y down: a layer's `position`, a unit `anchorPoint`.
public struct Point: Hashable, Sendable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public static let zero = Point(x: 0, y: 0)
}

/// A size in points: a layer's `bounds.size`, a `shadowOffset` (width right, height down).
public struct Size: Hashable, Sendable {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    public static let zero = Size(width: 0, height: 0)
}

/// The natural size of a view's content (a label's measured text), in points, before pixel rounding.
package struct IntrinsicSize: Hashable, Sendable {
    package var width: Double
    package var height: Double

    package init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}

/// The solved layout: each tagged view's frame in the canvas, in points, edges snapped to the pixel grid.
package struct Layout: Sendable, Equatable {
    package var frames: [Int: Rect]

    package init(frames: [Int: Rect]) {
        self.frames = frames
    }

    package func frame(tag: Int) -> Rect { frames[tag] ?? Rect(x: 0, y: 0, width: 0, height: 0) }

    /// One line per view, ordered by tag: `tag 3: x=160.5 y=16.5 w=27 h=27.5`.
    package var dump: String {
        frames.keys.sorted().map { tag in
            let f = frames[tag]!
            return
                "tag \(tag): x=\(formatNumber(f.x)) y=\(formatNumber(f.y)) w=\(formatNumber(f.width)) h=\(formatNumber(f.height))"
        }.joined(separator: "\n")
    }
}
