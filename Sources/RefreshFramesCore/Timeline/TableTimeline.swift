/// The host table over time: its rows' frames and alphas at any instant, from the initial rows and
/// the spec's updates, with the content following the scenario's pull. Pure, like `Timeline`.
///
/// Geometry (UIKit's, in points): the table view fills the viewport; rows are laid out from content
/// y = 0 (section header, then rows, per section); `contentOffset.y = −(top + pull)`, so a row at
/// content y shows at viewport y + top + pull, where `top` is the safe area the host's bars add to
/// the content inset (0 without bars, or with `contentInsetAdjustmentBehavior` `never`); the
/// refresh control, `controlHeight` tall, sits just above the content (content y = −controlHeight)
/// and is clipped to the strip between the bars' bottom (the viewport's top without bars) and the
/// first row. A large-title navigation bar stretches down with the pull beyond the control's inset
/// (`HostBars.largeTitleStretch`), so it covers the control until refreshing holds it open.
///
/// Row animations (all durations and curves are undocumented by UIKit; the default 0.3 s ease-in-out
/// is the usual folk value): rows already there move from where they were to their new place; an
/// inserted row
/// - `fade`: stays in its final frame while its alpha goes 0 → 1;
/// - `top`: slides down from the inserted block's height above its final frame, behind its neighbours;
/// - `bottom`: slides up from the block's height below, behind its neighbours;
/// - `middle`: stays centred in the space that opens for it ("keeps the old and new cells centered in
///   the space they did or will occupy"): it starts half the block's height above its final frame;
/// - `automatic`: `bottom` at the start of a section, `top` at its end (WWDC 2011), `fade` between
///   (our choice: UIKit does not say);
/// - `none`: appears at once, and so do the moves.
/// `reload` replaces every row at once, as `reloadData()`. An update that starts while another is
/// still moving takes the rows from where they are at that instant.
package struct TableTimeline: Sendable {
    package let host: HostSpec
    package let controlHeight: Double
    package let controlWidth: Double
    let refreshBeganAt: Double
    let refreshEndedAt: Double
    /// The initial table, then one epoch per update in time order.
    let epochs: [Epoch]

    struct Row: Sendable {
        var id: Int
        var indexPath: IndexPath
        var text: String
        var detail: String?
        /// Content coordinates.
        var frame: Rect
    }

    struct Header: Sendable {
        var section: Int
        var title: String
        var frame: Rect
    }

    struct Epoch: Sendable {
        var start: Double
        var duration: Double
        var rows: [Row]
        var headers: [Header]
        /// Where each row that was already there started this epoch's move (content coordinates, alpha).
        var from: [Int: (frame: Rect, alpha: Double, behind: Bool)]
        /// Inserted rows: their starting frame and alpha, and whether they are drawn behind.
        var inserted: [Int: (frame: Rect, alpha: Double, behind: Bool)]
        var fromHeaders: [Int: Rect]

        /// The curve's progress at `time`; 1 from the end on (to a nanosecond, so sampling at the
        /// end instant shows the rows at rest).
        func progress(at time: Double) -> Double {
            guard duration > 0, time < start + duration - 1e-9 else { return 1 }
            return rowCurve.progress(at: min(max((time - start) / duration, 0), 1))
        }
    }

    /// The curve of row moves and insertions (UIView's default; undocumented for rows).
    package static let rowCurve = Curve.easeInOut

    /// - Parameter rowHeight: the height of a row for `.automatic` tables (the cell's labels plus
    ///   margins); called once per distinct row.
    package init(
        host: HostSpec, controlHeight: Double, controlWidth: Double, refreshBeganAt: Double, refreshEndedAt: Double,
        now: Int64, rowHeight: (RowSpec) throws -> Double
    ) rethrows {
        self.host = host
        self.controlHeight = controlHeight
        self.controlWidth = controlWidth
        self.refreshBeganAt = refreshBeganAt
        self.refreshEndedAt = refreshEndedAt
        let table = host.table
        let width = host.viewport.width
        var nextID = 0

        func materialise(_ content: TableContent, at time: Double) -> [(header: String?, rows: [(Int, RowSpec)])] {
            let clock = now + Int64(max(time, 0).rounded(.down))
            func row(_ spec: RowSpec) -> (Int, RowSpec) {
                defer { nextID += 1 }
                return (
                    nextID,
                    RowSpec(
                        text: expandClockTemplates(spec.text, now: clock),
                        detail: spec.detail.map { expandClockTemplates($0, now: clock) })
                )
            }
            switch content {
            case .sections(let sections):
                return sections.map { ($0.header, $0.rows.map(row)) }
            case .generated(let g):
                var random = SplitMix64(seed: g.seed)
                let rows = (0..<g.count).map { _ in
                    let title = expandRandomTemplates(g.title, &random)
                    let detail = g.detail.map { expandRandomTemplates($0, &random) }
                    return row(RowSpec(text: title, detail: detail))
                }
                return [(nil, rows)]
            }
        }

        var heights: [RowSpec: Double] = [:]
        func height(_ spec: RowSpec) throws -> Double {
            switch table.rowHeight {
            case .fixed(let h): return h
            case .automatic:
                if let h = heights[spec] { return h }
                let h = try rowHeight(spec)
                heights[spec] = h
                return h
            }
        }

        func layout(_ model: [(header: String?, rows: [(Int, RowSpec)])]) throws -> ([Row], [Header]) {
            var y = 0.0
            var rows: [Row] = []
            var headers: [Header] = []
            for (s, section) in model.enumerated() {
                if let title = section.header {
                    headers.append(
                        Header(
                            section: s, title: title,
                            frame: Rect(x: 0, y: y, width: width, height: table.sectionHeaderHeight)))
                    y += table.sectionHeaderHeight
                }
                for (r, (id, spec)) in section.rows.enumerated() {
                    let h = try height(spec)
                    rows.append(
                        Row(
                            id: id, indexPath: IndexPath(section: s, row: r), text: spec.text, detail: spec.detail,
                            frame: Rect(x: 0, y: y, width: width, height: h)))
                    y += h
                }
            }
            return (rows, headers)
        }

        var model = materialise(table.content, at: 0)
        let (rows0, headers0) = try layout(model)
        var epochs = [
            Epoch(
                start: -.infinity, duration: 0, rows: rows0, headers: headers0, from: [:], inserted: [:],
                fromHeaders: [:])
        ]

        func time(_ moment: UpdateMoment) -> Double {
            switch moment {
            case .refreshBegan: refreshBeganAt
            case .endRefreshing: refreshEndedAt
            case .seconds(let s): s
            }
        }
        let ordered = host.updates.enumerated().sorted {
            (time($0.element.at), $0.offset) < (time($1.element.at), $1.offset)
        }
        for (_, update) in ordered {
            let t = time(update.at)
            let previous = epochs[epochs.count - 1]
            var current: [Int: (frame: Rect, alpha: Double, behind: Bool)] = [:]
            for row in TableTimeline.rows(of: previous, at: t) { current[row.id] = (row.frame, row.alpha, row.behind) }
            var duration = 0.0
            var insertedIDs: [Int] = []
            var animation = RowAnimation.none
            var blockStart = (section: 0, row: 0, countBefore: 0)
            switch update.change {
            case .insert(let section, let row, let rows, let a, let d):
                guard section < model.count, row <= model[section].rows.count else { continue }
                let new = materialise(.sections([SectionSpec(rows: rows)]), at: t)[0].rows
                blockStart = (section, row, model[section].rows.count)
                model[section].rows.insert(contentsOf: new, at: row)
                insertedIDs = new.map(\.0)
                animation = a
                duration = d
            case .append(let section, let rows, let a, let d):
                guard section < model.count else { continue }
                let new = materialise(.sections([SectionSpec(rows: rows)]), at: t)[0].rows
                blockStart = (section, model[section].rows.count, model[section].rows.count)
                model[section].rows += new
                insertedIDs = new.map(\.0)
                animation = a
                duration = d
            case .reload(let content):
                model = materialise(content, at: t)
                current = [:]
            }
            if animation == .automatic {
                animation = blockStart.row == 0 ? .bottom : blockStart.row == blockStart.countBefore ? .top : .fade
            }
            if animation == .none { duration = 0 }
            let (rows, headers) = try layout(model)
            var inserted: [Int: (frame: Rect, alpha: Double, behind: Bool)] = [:]
            let block = rows.filter { insertedIDs.contains($0.id) }
            let blockHeight = block.reduce(0) { $0 + $1.frame.height }
            for row in block {
                var start = row.frame
                var alpha = 1.0
                var behind = true
                switch animation {
                case .fade, .automatic:
                    alpha = 0
                    behind = false
                case .top: start.y -= blockHeight
                case .bottom: start.y += blockHeight
                case .middle: start.y -= blockHeight / 2
                case .none: behind = false
                }
                inserted[row.id] = (start, alpha, behind)
            }
            var fromHeaders: [Int: Rect] = [:]
            for h in TableTimeline.headers(of: previous, at: t) { fromHeaders[h.section] = h.frame }
            if case .reload = update.change { fromHeaders = [:] }
            epochs.append(
                Epoch(
                    start: t, duration: duration, rows: rows, headers: headers, from: current, inserted: inserted,
                    fromHeaders: fromHeaders))
        }
        self.epochs = epochs
    }

    /// Rows of an epoch at `time` (content coordinates), with alpha and draw order.
    static func rows(of epoch: Epoch, at time: Double) -> [(
        id: Int, row: Row, frame: Rect, alpha: Double, behind: Bool
    )] {
        let p = epoch.progress(at: time)
        return epoch.rows.map { row in
            let start = epoch.inserted[row.id] ?? epoch.from[row.id]
            guard let start, p < 1 else { return (row.id, row, row.frame, 1, false) }
            let frame = Rect(
                x: start.frame.x + (row.frame.x - start.frame.x) * p,
                y: start.frame.y + (row.frame.y - start.frame.y) * p,
                width: row.frame.width, height: row.frame.height)
            return (row.id, row, frame, start.alpha + (1 - start.alpha) * p, start.behind)
        }
    }

    static func headers(of epoch: Epoch, at time: Double) -> [Header] {
        let p = epoch.progress(at: time)
        return epoch.headers.map { header in
            guard let start = epoch.fromHeaders[header.section], p < 1 else { return header }
            var h = header
            h.frame.y = start.y + (header.frame.y - start.y) * p
            return h
        }
    }

    /// The epoch in force at `time`: the last update that has happened.
    func epoch(at time: Double) -> Epoch {
        epochs.last { $0.start <= time } ?? epochs[0]
    }

    /// The table at `time` with the content pulled down by `pull` points.
    package func sample(at time: Double, pull: Double) -> SceneState {
        let epoch = epoch(at: time)
        let viewport = host.viewport
        // The bars' safe area added to the content inset: the content starts below it.
        let adjustment = host.bars?.contentAdjustment ?? (top: 0.0, bottom: 0.0)
        let contentTop = adjustment.top + pull
        func visible(_ r: Rect) -> Bool { r.maxY > 0 && r.y < viewport.height && r.maxX > 0 && r.x < viewport.width }
        let rows = TableTimeline.rows(of: epoch, at: time).compactMap { item -> RowState? in
            var frame = item.frame
            frame.y += contentTop
            guard visible(frame) else { return nil }
            return RowState(
                indexPath: item.row.indexPath, text: item.row.text, detail: item.row.detail, frame: frame,
                alpha: item.alpha, behind: item.behind)
        }
        let headers = TableTimeline.headers(of: epoch, at: time).compactMap { h -> HeaderState? in
            var frame = h.frame
            frame.y += contentTop
            return visible(frame) ? HeaderState(section: h.section, title: h.title, frame: frame) : nil
        }
        let control = Rect(
            x: (viewport.width - controlWidth) / 2, y: contentTop - controlHeight, width: controlWidth,
            height: controlHeight)
        let refreshing = time >= refreshBeganAt && time < refreshEndedAt
        let inset = refreshing ? controlHeight : 0
        // The control shows between the bars' bottom and the content; under the bars it is covered.
        // A large-title bar stretches down with the content as far as it is pulled past its inset.
        let stripTop = (host.bars?.top ?? 0) + (host.bars?.largeTitleStretch(pull: pull, inset: inset) ?? 0)
        let visibleHeight = max(0, min(contentTop, viewport.height) - max(control.y, stripTop))
        var scene = SceneState(
            viewport: viewport, contentOffsetY: contentTop == 0 ? 0 : -contentTop, contentInsetTop: inset,
            controlFrame: control, controlVisibleHeight: visibleHeight, headers: headers, rows: rows)
        if let bars = host.bars {
            scene.bars = SceneBars(
                top: stripTop, bottom: bars.bottom, adjustedContentInset: (inset + adjustment.top, adjustment.bottom))
        }
        return scene
    }
}

/// Replaces each `{random:N}` with the generator's next number modulo N, as `arc4random() % N`.
func expandRandomTemplates(_ text: String, _ random: inout SplitMix64) -> String {
    guard text.contains("{random:") else { return text }
    var out = ""
    var rest = Substring(text)
    while let open = rest.range(of: "{random:") {
        out += rest[..<open.lowerBound]
        let after = rest[open.upperBound...]
        guard let close = after.firstIndex(of: "}"), let n = UInt64(after[..<close]), n > 0 else {
            out += rest[open.lowerBound...]
            return out
        }
        out += String(random.next() % n)
        rest = after[after.index(after: close)...]
    }
    return out + rest
}
