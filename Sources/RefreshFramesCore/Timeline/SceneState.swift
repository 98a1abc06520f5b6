/// The host table at one instant, in the viewport's coordinates (points, origin at the table
/// view's top-left): what `Timeline.sample(at:)` adds to a `FrameState` when the spec has a host.
public struct SceneState: Sendable, Equatable {
    public var viewport: ViewportSize
    /// `tableView.contentOffset.y`: minus the content's pull.
    public var contentOffsetY: Double
    /// `tableView.contentInset.top`: the control's height while refreshing, else 0.
    public var contentInsetTop: Double
    /// The refresh control's frame: its height, its bottom at the top of the content.
    public var controlFrame: Rect
    /// How much of the control shows: its frame within the strip between the viewport's top and the
    /// first row (the control is clipped to that strip).
    public var controlVisibleHeight: Double
    /// Section headers that intersect the viewport.
    public var headers: [HeaderState]
    /// Rows that intersect the viewport, by index path.
    public var rows: [RowState]

    public init(
        viewport: ViewportSize, contentOffsetY: Double, contentInsetTop: Double, controlFrame: Rect,
        controlVisibleHeight: Double, headers: [HeaderState], rows: [RowState]
    ) {
        self.viewport = viewport
        self.contentOffsetY = contentOffsetY
        self.contentInsetTop = contentInsetTop
        self.controlFrame = controlFrame
        self.controlVisibleHeight = controlVisibleHeight
        self.headers = headers
        self.rows = rows
    }
}

public struct IndexPath: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var section: Int
    public var row: Int

    public init(section: Int, row: Int) {
        self.section = section
        self.row = row
    }

    public static func < (a: IndexPath, b: IndexPath) -> Bool { (a.section, a.row) < (b.section, b.row) }
    public var description: String { "[\(section), \(row)]" }
}

public struct RowState: Sendable, Equatable {
    public var indexPath: IndexPath
    public var text: String
    public var detail: String?
    /// The cell's frame in the viewport (`cell.convert(cell.bounds, to: tableView.superview)`).
    public var frame: Rect
    public var alpha: Double
    /// Rows sliding in (top, bottom, middle) are drawn behind their neighbours, as UIKit does.
    public var behind: Bool

    public init(indexPath: IndexPath, text: String, detail: String?, frame: Rect, alpha: Double, behind: Bool = false) {
        self.indexPath = indexPath
        self.text = text
        self.detail = detail
        self.frame = frame
        self.alpha = alpha
        self.behind = behind
    }
}

public struct HeaderState: Sendable, Equatable {
    public var section: Int
    public var title: String
    public var frame: Rect

    public init(section: Int, title: String, frame: Rect) {
        self.section = section
        self.title = title
        self.frame = frame
    }
}

extension SceneState {
    /// The rows in the order they are drawn: rows sliding in first, so their neighbours cover them
    /// as UIKit's do; otherwise by index path.
    package var rowsInDrawingOrder: [RowState] {
        rows.enumerated().sorted { ($0.element.behind ? 0 : 1, $0.offset) < ($1.element.behind ? 0 : 1, $1.offset) }
            .map(\.element)
    }
}

/// What a plain UITableView draws besides the cells' own colours, the same for the pixel and the
/// text renderer: section headers light grey (#F7F7F7) with a 15 pt semibold black title, and the
/// cells' and headers' labels inset 15 pt from both sides (iPhone of the tutorials' era).
package enum PlainTableStyle {
    package static let headerBackground = RGBA(red: 247 / 255, green: 247 / 255, blue: 247 / 255)
    package static let headerTitleFont = FontSpec(size: 15, weight: "semibold")
    package static let headerTitleColor = RGBA.black
    package static let labelInset = 15.0

    /// The horizontal band a cell's or header's label is laid out in: `frame` less the inset on both sides.
    package static func labelBand(in frame: Rect) -> (minX: Double, maxX: Double) {
        (frame.x + labelInset, max(frame.maxX - labelInset, frame.x + labelInset))
    }
}
