/// The screen a refresh control lives on: a viewport with a `UITableView` whose
/// `refreshControl` is the spec's control. Optional; without it the control is rendered alone.
///
/// JSON (`"host"` at the top level of a spec; every key but `table` is optional, unknown keys are errors):
///
///     "host": {
///       "viewport": {"width": 375, "height": 667},
///       "table": {
///         "backgroundColor": "white", "separatorColor": "#C8C7CC", "separatorInset": 15,
///         "rowHeight": 60 | "automatic", "sectionHeaderHeight": 28,
///         "cell": {"style": "default" | "subtitle", "font": {"size": 17}, "detailFont": {"size": 12},
///                  "textAlignment": "left", "textColor": "black", "detailTextColor": "black",
///                  "backgroundColor": "white"},
///         "rows": ["🤗🤗🤗🤗🤗", {"text": "…", "detail": "…"}]          (one section), or
///         "sections": [{"header": "…", "rows": [...]}], or
///         "generated": {"count": 5, "title": "新闻标题{random:1000}", "detail": "{now:yyyy-MM-dd HH:mm:ss}", "seed": 7}
///       },
///       "updates": [
///         {"at": "endRefreshing", "insert": {"section": 0, "row": 3, "rows": ["其实我也喜欢你"], "animation": "middle", "duration": 0.3}},
///         {"at": "endRefreshing", "append": {"section": 0, "rows": [...], "animation": "none"}},
///         {"at": "endRefreshing", "reload": {"generated": {...}}}
///       ]
///     }
///
/// `at` is `"endRefreshing"`, `"refreshBegan"` or seconds. Row animations follow
/// `UITableView.RowAnimation`: fade, top, bottom, middle, automatic, none (durations are undocumented
/// by UIKit; 0.3 s ease-in-out by default).
package struct HostSpec: Sendable, Equatable {
    /// The table view's frame in points (a phone screen: 375 × 667).
    package var viewport: ViewportSize
    package var table: TableSpec
    /// Row updates, in the order the spec gives them.
    package var updates: [TableUpdate]
    /// The bars over the table (`navigationBar`, `tabBar`, `statusBar`, `contentInsetAdjustmentBehavior`);
    /// nil: none, the viewport is the table's frame with nothing over it (as before the bars existed).
    package var bars: HostBars?

    package init(
        viewport: ViewportSize = ViewportSize(width: 375, height: 667), table: TableSpec, updates: [TableUpdate] = [],
        bars: HostBars? = nil
    ) {
        self.viewport = viewport
        self.table = table
        self.updates = updates
        self.bars = bars
    }
}

/// What iOS 11 and later put over a full-screen table view controller, portrait iPhone, and how its
/// content inset follows them (`UIScrollView.contentInsetAdjustmentBehavior`). Sources in
/// docs/scene.md: the status bar (20 pt, or the device's safe area above), a navigation bar of
/// 44 pt (96 with large titles: 44 + 52), a tab bar of 49 pt above the home indicator.
package struct HostBars: Sendable, Equatable {
    /// The status bar, or the iPhone X's sensor housing: the safe area above without bars.
    package var statusBar: Double
    /// The home indicator: the safe area below without a tab bar.
    package var homeIndicator: Double
    package var navigationBar: NavigationBarSpec?
    package var tabBar: Bool
    package var adjustment: ContentInsetAdjustment

    package init(
        statusBar: Double = 20, homeIndicator: Double = 0, navigationBar: NavigationBarSpec? = nil,
        tabBar: Bool = false, adjustment: ContentInsetAdjustment = .automatic
    ) {
        self.statusBar = statusBar
        self.homeIndicator = homeIndicator
        self.navigationBar = navigationBar
        self.tabBar = tabBar
        self.adjustment = adjustment
    }

    /// `UITabBar`'s height on a portrait iPhone.
    package static let tabBarHeight = 49.0

    /// The bottom edge of the status and navigation bars: the table's safe area above.
    package var top: Double { statusBar + (navigationBar?.height ?? 0) }
    /// The tab bar and the home indicator: the table's safe area below.
    package var bottom: Double { (tabBar ? Self.tabBarHeight : 0) + homeIndicator }
    /// How far a large-title navigation bar is stretched below its resting height when the content
    /// is pulled `pull` points down while the control holds `inset` points of content inset: the
    /// bar follows the content past the adjusted inset (`−(contentOffset.y + adjustedContentInset.top)`),
    /// its large title riding at its bottom edge; 0 for a standard bar or none. Sources and how sure,
    /// in docs/scene.md ("The large title on pull").
    package func largeTitleStretch(pull: Double, inset: Double) -> Double {
        navigationBar?.largeTitle == true ? max(0, pull - inset) : 0
    }

    /// The safe-area insets added to the table's content inset (`adjustedContentInset` less
    /// `contentInset`): all of them, except with `never`. `scrollableAxes` adjusts a table that
    /// scrolls vertically or always bounces (a table that can be pulled to refresh does).
    package var contentAdjustment: (top: Double, bottom: Double) {
        adjustment == .never ? (0, 0) : (top, bottom)
    }
}

/// A `UINavigationBar` with its top item's title.
package struct NavigationBarSpec: Sendable, Equatable {
    package var title: String
    /// `prefersLargeTitles` (and the item's `largeTitleDisplayMode` not `never`): the bar at rest is
    /// 52 pt taller, the title in 34 pt bold below the bar's 44 pt row.
    package var largeTitle: Bool

    package init(title: String = "", largeTitle: Bool = false) {
        self.title = title
        self.largeTitle = largeTitle
    }

    /// The standard bar's height, and the large-title bar's at rest.
    package static let height = 44.0
    package static let largeTitleExtra = 52.0
    package var height: Double { largeTitle ? Self.height + Self.largeTitleExtra : Self.height }
}

/// `UIScrollView.ContentInsetAdjustmentBehavior`.
package enum ContentInsetAdjustment: String, Sendable, CaseIterable {
    case automatic, scrollableAxes, never, always
}

public struct ViewportSize: Sendable, Equatable {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}

/// A plain-style `UITableView`: its colours, row height, one cell style for every row, and its rows.
package struct TableSpec: Sendable, Equatable {
    package var backgroundColor: RGBA
    /// `UITableView.separatorColor`; clear hides separators (`separatorStyle = .none`).
    package var separatorColor: RGBA
    /// The separator's left inset in points (15 on the iOS 8–10 devices of the tutorials).
    package var separatorInset: Double
    package var rowHeight: RowHeight
    /// The height of a section header that has a title (sections without one have none).
    package var sectionHeaderHeight: Double
    package var cell: CellStyle
    package var content: TableContent

    package init(
        backgroundColor: RGBA = .white, separatorColor: RGBA = TableSpec.defaultSeparatorColor,
        separatorInset: Double = 15, rowHeight: RowHeight = .fixed(44), sectionHeaderHeight: Double = 28,
        cell: CellStyle = CellStyle(), content: TableContent = .sections([])
    ) {
        self.backgroundColor = backgroundColor
        self.separatorColor = separatorColor
        self.separatorInset = separatorInset
        self.rowHeight = rowHeight
        self.sectionHeaderHeight = sectionHeaderHeight
        self.cell = cell
        self.content = content
    }

    /// UIKit's default separator grey (0.78, 0.78, 0.8).
    package static let defaultSeparatorColor = RGBA(red: 200 / 255, green: 199 / 255, blue: 204 / 255)
}

package enum RowHeight: Sendable, Equatable {
    case fixed(Double)
    /// `UITableViewAutomaticDimension`: the label's line height plus the cell's margins, at least 44.
    case automatic
}

/// `UITableViewCell.CellStyle` and the label properties the tutorials set.
package struct CellStyle: Sendable, Equatable {
    package enum Kind: String, Sendable, CaseIterable {
        /// One text label, vertically centred.
        case `default`
        /// A title above a smaller detail label.
        case subtitle
    }

    package var style: Kind
    package var font: FontSpec
    package var detailFont: FontSpec
    package var textAlignment: TextAlignment
    package var textColor: RGBA
    package var detailTextColor: RGBA
    package var backgroundColor: RGBA

    package init(
        style: Kind = .default, font: FontSpec = FontSpec(size: 17), detailFont: FontSpec = FontSpec(size: 12),
        textAlignment: TextAlignment = .left, textColor: RGBA = .black, detailTextColor: RGBA = .black,
        backgroundColor: RGBA = .white
    ) {
        self.style = style
        self.font = font
        self.detailFont = detailFont
        self.textAlignment = textAlignment
        self.textColor = textColor
        self.detailTextColor = detailTextColor
        self.backgroundColor = backgroundColor
    }
}

/// Where a table's rows come from: written out, or generated as the news tutorial does.
package enum TableContent: Sendable, Equatable {
    case sections([SectionSpec])
    case generated(RowGenerator)
}

package struct SectionSpec: Sendable, Equatable {
    /// `titleForHeaderInSection`; nil: no header.
    package var header: String?
    package var rows: [RowSpec]

    package init(header: String? = nil, rows: [RowSpec]) {
        self.header = header
        self.rows = rows
    }
}

package struct RowSpec: Sendable, Hashable {
    package var text: String
    /// The subtitle style's detail text.
    package var detail: String?

    package init(text: String, detail: String? = nil) {
        self.text = text
        self.detail = detail
    }
}

/// `count` rows in one section whose texts expand `{random:N}` (the next seeded number modulo N, as
/// `arc4random() % N`) and `{now:PATTERN}` (the spec's clock at the moment the rows are made).
package struct RowGenerator: Sendable, Equatable {
    package var count: Int
    package var title: String
    package var detail: String?
    package var seed: UInt64

    package init(count: Int, title: String, detail: String? = nil, seed: UInt64 = 0) {
        self.count = count
        self.title = title
        self.detail = detail
        self.seed = seed
    }
}

/// When an update happens.
package enum UpdateMoment: Sendable, Equatable {
    case refreshBegan
    case endRefreshing
    case seconds(Double)
}

/// `UITableView.RowAnimation` for inserted rows.
package enum RowAnimation: String, Sendable, CaseIterable {
    case fade, top, bottom, middle, automatic, none
}

package enum TableChange: Sendable, Equatable {
    /// `insertRows(at:with:)` at `row` of `section`.
    case insert(section: Int, row: Int, rows: [RowSpec], animation: RowAnimation, duration: Double)
    /// Rows added at the end of `section` (`data += …` then `reloadData()` when the animation is none).
    case append(section: Int, rows: [RowSpec], animation: RowAnimation, duration: Double)
    /// `reloadData()` with new content: instant.
    case reload(TableContent)
}

package struct TableUpdate: Sendable, Equatable {
    package var at: UpdateMoment
    package var change: TableChange
    /// `host.updates[1]`, for diagnostics.
    package var path: String

    package init(at: UpdateMoment, change: TableChange, path: String = "") {
        self.at = at
        self.change = change
        self.path = path
    }
}

extension Limits {
    package static let tableRows = 1000
    package static let tableSections = 100
    package static let tableUpdates = 100
    package static let rowAnimationDuration = 10.0
}
