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
    /// The bars over the table, when the host has them (nil: none, the strip starts at the
    /// viewport's top).
    package var bars: SceneBars?

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

    /// Where the strip the control shows in begins: the bottom of the navigation bar (or status
    /// bar), the viewport's top without bars.
    package var stripTop: Double { bars?.top ?? 0 }
    /// Where the content begins in the viewport: the strip's bottom.
    package var contentTop: Double { -contentOffsetY }
}

/// The bars over the table at one instant (points, viewport coordinates).
package struct SceneBars: Sendable, Equatable {
    /// The bottom edge of the status and navigation bars at this instant (a large-title bar's
    /// stretched by the pull, `HostBars.largeTitleStretch`).
    package var top: Double
    /// The height of the tab bar and home indicator at the bottom.
    package var bottom: Double
    /// `tableView.adjustedContentInset` (top, bottom): `contentInset` plus the safe-area insets the
    /// `contentInsetAdjustmentBehavior` adds.
    package var adjustedContentInset: (top: Double, bottom: Double)

    package init(top: Double, bottom: Double, adjustedContentInset: (top: Double, bottom: Double)) {
        self.top = top
        self.bottom = bottom
        self.adjustedContentInset = adjustedContentInset
    }

    package static func == (a: SceneBars, b: SceneBars) -> Bool {
        a.top == b.top && a.bottom == b.bottom && a.adjustedContentInset == b.adjustedContentInset
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

/// How the scene draws the host's bars, for the pixel and the text renderer: approximations of
/// iOS's default bars (light grey, a hairline on the inner edge), not measured.
package enum BarStyle {
    package static let background = RGBA(red: 248 / 255, green: 248 / 255, blue: 248 / 255)
    package static let hairline = RGBA(red: 0, green: 0, blue: 0, alpha: 0.3)
    package static let titleFont = FontSpec(size: 17, weight: "semibold")
    package static let largeTitleFont = FontSpec(size: 34, weight: "bold")
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
