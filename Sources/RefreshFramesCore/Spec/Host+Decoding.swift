extension SpecDecoder {
    /// Decodes `host` (see `HostSpec` for the format); index paths of updates are checked against the
    /// row counts the table will have when each update runs.
    func decodeHost(_ r: ValueReader) throws(SpecDiagnostic) -> HostSpec {
        let o = try r.object()
        var host = HostSpec(table: TableSpec())
        var device: Device?
        if let v = o.optional("viewport"), let name = try? v.string() {
            device = Device.named(name)
            guard let device else {
                let names = Device.all.map(\.name).joined(separator: ", ")
                throw v.fail(
                    "unknown device '\(name)'; expected one of \(names) (the table stops at the iPhone 15 Pro Max, see docs/scene.md), or {\"width\", \"height\"}"
                )
            }
            host.viewport = ViewportSize(width: device.width, height: device.height)
        } else if let v = o.optional("viewport") {
            let vo = try v.object()
            let size = 1.0...Limits.canvasPoints
            host.viewport = ViewportSize(
                width: try vo.required("width").number(in: size, limit: "canvasPoints"),
                height: try vo.required("height").number(in: size, limit: "canvasPoints"))
            try vo.finish()
        }
        host.bars = try decodeBars(o, device: device)
        host.table = try decodeTable(o.required("table"))
        if let u = o.optional("updates") {
            let items = try u.array()
            guard items.count <= Limits.tableUpdates else {
                throw u.fail("\(items.count) updates is over the limit tableUpdates = \(Limits.tableUpdates)")
            }
            for item in items { host.updates.append(try decodeUpdate(item)) }
        }
        try o.finish()
        try checkUpdates(host, readers: o.optional("updates").map { r throws(SpecDiagnostic) in try r.array() } ?? [])
        return host
    }

    /// `navigationBar`, `tabBar`, `statusBar` and `contentInsetAdjustmentBehavior`; nil when none is
    /// given. The status bar and home indicator default to the named device's safe area (20 and 0
    /// for a viewport given by its size).
    private func decodeBars(_ o: ObjectReader, device: Device?) throws(SpecDiagnostic) -> HostBars? {
        let keys = ["navigationBar", "tabBar", "statusBar", "contentInsetAdjustmentBehavior"]
        guard keys.contains(where: { o.has($0) }) else { return nil }
        var bars = HostBars(statusBar: device?.safeAreaTop ?? 20, homeIndicator: device?.safeAreaBottom ?? 0)
        if let n = o.optional("navigationBar") {
            if n.isString {
                bars.navigationBar = NavigationBarSpec(title: try text(n))
            } else {
                let no = try n.object()
                var bar = NavigationBarSpec()
                if let t = no.optional("title") { bar.title = try text(t) }
                if let l = no.optional("prefersLargeTitles") { bar.largeTitle = try l.bool() }
                try no.finish()
                bars.navigationBar = bar
            }
        }
        if let t = o.optional("tabBar") { bars.tabBar = try t.bool() }
        if let s = o.optional("statusBar") { bars.statusBar = try s.number(in: 0...100) }
        if let a = o.optional("contentInsetAdjustmentBehavior") {
            bars.adjustment = try a.oneOf(ContentInsetAdjustment.self)
        }
        return bars
    }

    private func decodeTable(_ r: ValueReader) throws(SpecDiagnostic) -> TableSpec {
        let o = try r.object()
        var table = TableSpec()
        // A plain table's defaults: systemBackground, separator, and cells in label on systemBackground.
        let a = o.appearance
        table.backgroundColor = a.unset("systemBackground", light: table.backgroundColor)
        table.separatorColor = a.unset("separator", light: table.separatorColor)
        table.cell.textColor = a.unset("label", light: table.cell.textColor)
        table.cell.detailTextColor = a.unset("label", light: table.cell.detailTextColor)
        table.cell.backgroundColor = a.unset("systemBackground", light: table.cell.backgroundColor)
        if let c = o.optional("backgroundColor") { table.backgroundColor = try c.color() }
        if let c = o.optional("separatorColor") { table.separatorColor = try c.color() }
        if let i = o.optional("separatorInset") { table.separatorInset = try i.number(in: 0...Limits.canvasPoints) }
        if let h = o.optional("rowHeight") {
            if h.isString {
                guard try h.string() == "automatic" else {
                    throw h.fail("expected a number of points or \"automatic\", got '\(try h.string())'")
                }
                table.rowHeight = .automatic
            } else {
                table.rowHeight = .fixed(try h.number(in: 1...Limits.canvasPoints, limit: "canvasPoints"))
            }
        }
        if let h = o.optional("sectionHeaderHeight") {
            table.sectionHeaderHeight = try h.number(in: 0...Limits.canvasPoints)
        }
        if let c = o.optional("cell") { table.cell = try decodeCell(c, defaults: table.cell) }
        guard let content = try decodeContent(o, owner: r) else {
            throw r.fail("missing the table's rows: give 'rows', 'sections' or 'generated'")
        }
        table.content = content
        try o.finish()
        return table
    }

    private func decodeCell(_ r: ValueReader, defaults: CellStyle) throws(SpecDiagnostic) -> CellStyle {
        let o = try r.object()
        var cell = defaults
        if let s = o.optional("style") { cell.style = try s.oneOf(CellStyle.Kind.self) }
        if let f = o.optional("font") { cell.font = try decodeFont(f, base: cell.font) }
        if let f = o.optional("detailFont") { cell.detailFont = try decodeFont(f, base: cell.detailFont) }
        if let a = o.optional("textAlignment") { cell.textAlignment = try a.oneOf(TextAlignment.self) }
        if let c = o.optional("textColor") { cell.textColor = try c.color() }
        if let c = o.optional("detailTextColor") { cell.detailTextColor = try c.color() }
        if let c = o.optional("backgroundColor") { cell.backgroundColor = try c.color() }
        try o.finish()
        return cell
    }

    /// Reads exactly one of `rows`, `sections`, `generated` from `o`; nil when none is there.
    private func decodeContent(_ o: ObjectReader, owner: ValueReader) throws(SpecDiagnostic) -> TableContent? {
        let present = ["rows", "sections", "generated"].filter { o.has($0) }
        if present.count > 1 {
            let second = o.optional(present[1])!
            throw second.fail(
                "give one of 'rows', 'sections' or 'generated', not both '\(present[0])' and '\(present[1])'")
        }
        if let rows = o.optional("rows") {
            return .sections([SectionSpec(rows: try decodeRows(rows))])
        }
        if let s = o.optional("sections") {
            let items = try s.array()
            guard items.count <= Limits.tableSections else {
                throw s.fail("\(items.count) sections is over the limit tableSections = \(Limits.tableSections)")
            }
            var sections: [SectionSpec] = []
            var total = 0
            for item in items {
                let so = try item.object()
                var section = SectionSpec(rows: try decodeRows(so.required("rows")))
                if let h = so.optional("header") { section.header = try text(h) }
                try so.finish()
                total += section.rows.count
                guard total <= Limits.tableRows else {
                    throw item.fail("\(total) rows is over the limit tableRows = \(Limits.tableRows)")
                }
                sections.append(section)
            }
            return .sections(sections)
        }
        if let g = o.optional("generated") {
            let go = try g.object()
            var generator = RowGenerator(
                count: try go.required("count").integer(in: 0...Limits.tableRows), title: try text(go.required("title"))
            )
            if let d = go.optional("detail") { generator.detail = try text(d) }
            if let s = go.optional("seed") { generator.seed = UInt64(try s.integer(in: 0...999_999_999)) }
            try go.finish()
            try checkTemplate(generator.title, reader: try go.required("title"))
            return .generated(generator)
        }
        return nil
    }

    private func text(_ r: ValueReader) throws(SpecDiagnostic) -> String {
        let s = try r.string()
        guard s.count <= Limits.textLength else {
            throw r.fail("text is over the limit textLength = \(Limits.textLength)")
        }
        return s
    }

    private func checkTemplate(_ template: String, reader: ValueReader) throws(SpecDiagnostic) {
        var rest = Substring(template)
        while let open = rest.range(of: "{random:") {
            let after = rest[open.upperBound...]
            guard let close = after.firstIndex(of: "}"), let n = Int(after[..<close]), n >= 1, n <= 1_000_000_000 else {
                throw reader.fail("'{random:N}' needs a whole number N from 1 to 1000000000")
            }
            rest = after[after.index(after: close)...]
        }
    }

    private func decodeRows(_ r: ValueReader) throws(SpecDiagnostic) -> [RowSpec] {
        let items = try r.array()
        guard items.count <= Limits.tableRows else {
            throw r.fail("\(items.count) rows is over the limit tableRows = \(Limits.tableRows)")
        }
        var rows: [RowSpec] = []
        for item in items {
            if item.isString {
                rows.append(RowSpec(text: try text(item)))
                continue
            }
            guard case .object = item.node.value else {
                throw item.expected("a row: a string or {\"text\", \"detail\"}")
            }
            let ro = try item.object()
            var row = RowSpec(text: try text(ro.required("text")))
            if let d = ro.optional("detail") { row.detail = try text(d) }
            try ro.finish()
            rows.append(row)
        }
        return rows
    }

    private func decodeUpdate(_ r: ValueReader) throws(SpecDiagnostic) -> TableUpdate {
        let o = try r.object()
        let atReader = try o.required("at")
        let at: UpdateMoment
        if atReader.isString {
            switch try atReader.string() {
            case "endRefreshing": at = .endRefreshing
            case "refreshBegan": at = .refreshBegan
            case let s:
                var message = "expected seconds, \"endRefreshing\" or \"refreshBegan\", got '\(s)'"
                if let m = closestMatch(to: s, in: ["endRefreshing", "refreshBegan"]) {
                    message += "; did you mean '\(m)'?"
                }
                throw atReader.fail(message)
            }
        } else {
            at = .seconds(try atReader.number(in: 0...Limits.scenarioDuration, limit: "scenarioDuration"))
        }
        let kinds = ["insert", "append", "reload"].filter { o.has($0) }
        guard kinds.count == 1 else {
            if kinds.count > 1 {
                throw o.optional(kinds[1])!.fail("an update does one thing: give one of 'insert', 'append' or 'reload'")
            }
            _ = (o.optional("insert"), o.optional("append"), o.optional("reload"))
            try o.finish()
            throw r.fail("missing the change: give 'insert', 'append' or 'reload'")
        }
        let change: TableChange
        if let i = o.optional("insert") {
            let io = try i.object()
            let section = try io.optional("section")?.integer(in: 0...(Limits.tableSections - 1)) ?? 0
            let row = try io.required("row").integer(in: 0...Limits.tableRows)
            let rows = try nonEmptyRows(io.required("rows"))
            let (animation, duration) = try animation(io, default: .automatic)
            try io.finish()
            change = .insert(section: section, row: row, rows: rows, animation: animation, duration: duration)
        } else if let a = o.optional("append") {
            let ao = try a.object()
            let section = try ao.optional("section")?.integer(in: 0...(Limits.tableSections - 1)) ?? 0
            let rows = try nonEmptyRows(ao.required("rows"))
            let (animation, duration) = try animation(ao, default: .none)
            try ao.finish()
            change = .append(section: section, rows: rows, animation: animation, duration: duration)
        } else {
            let rr = o.optional("reload")!
            let ro = try rr.object()
            guard let content = try decodeContent(ro, owner: rr) else {
                throw rr.fail("missing the new rows: give 'rows', 'sections' or 'generated'")
            }
            try ro.finish()
            change = .reload(content)
        }
        try o.finish()
        return TableUpdate(at: at, change: change, path: r.path)
    }

    private func nonEmptyRows(_ r: ValueReader) throws(SpecDiagnostic) -> [RowSpec] {
        let rows = try decodeRows(r)
        guard !rows.isEmpty else { throw r.fail("expected at least one row") }
        return rows
    }

    private func animation(_ o: ObjectReader, default fallback: RowAnimation) throws(SpecDiagnostic) -> (
        RowAnimation, Double
    ) {
        let animation = try o.optional("animation")?.oneOf(RowAnimation.self) ?? fallback
        let duration =
            try o.optional("duration")?.number(in: 0...Limits.rowAnimationDuration, limit: "rowAnimationDuration")
            ?? 0.3
        return (animation, duration)
    }

    /// Replays the updates in time order on the row counts, so an index path that does not exist
    /// when its update runs is reported at the update.
    private func checkUpdates(_ host: HostSpec, readers: [ValueReader]) throws(SpecDiagnostic) {
        var counts = host.table.content.rowCounts
        // Same order as the table timeline: refreshBegan, then seconds and endRefreshing by spec order
        // (their relative times are only known with the scenario, so only counts are checked here).
        for (index, update) in host.updates.enumerated() {
            let reader = readers[index]
            switch update.change {
            case .insert(let section, let row, let rows, _, _):
                guard section < counts.count else {
                    throw reader.fail("insert: no section \(section); the table has \(counts.count)")
                }
                guard row <= counts[section] else {
                    throw reader.fail(
                        "insert: row \(row) is past the end of section \(section), which has \(counts[section]) rows")
                }
                counts[section] += rows.count
            case .append(let section, let rows, _, _):
                guard section < counts.count else {
                    throw reader.fail("append: no section \(section); the table has \(counts.count)")
                }
                counts[section] += rows.count
            case .reload(let content):
                counts = content.rowCounts
            }
            guard counts.reduce(0, +) <= Limits.tableRows else {
                throw reader.fail(
                    "the table grows to \(counts.reduce(0, +)) rows, over the limit tableRows = \(Limits.tableRows)")
            }
        }
    }
}

extension TableContent {
    /// Rows per section.
    package var rowCounts: [Int] {
        switch self {
        case .sections(let sections): sections.map(\.rows.count)
        case .generated(let g): [g.count]
        }
    }
}
