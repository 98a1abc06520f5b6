extension Spec {
    /// Parses and validates a spec document. Every problem is a located diagnostic; the first one is thrown.
    package static func decode(_ bytes: [UInt8]) throws(SpecDiagnostic) -> Spec {
        let root: JSONNode
        do {
            root = try JSONParser.parse(bytes)
        } catch {
            throw SpecDiagnostic(path: "", location: error.location, message: error.message)
        }
        return try SpecDecoder().decode(ValueReader(node: root, path: ""))
    }
}

struct SpecDecoder {
    /// `appearance` (`--appearance`) overrides the spec's own.
    func decode(_ reader: ValueReader, appearance asked: Appearance? = nil) throws(SpecDiagnostic) -> Spec {
        guard case .object = reader.node.value else {
            throw reader.fail(
                "expected a spec object with 'canvas', 'views' and 'scenario', got \(reader.node.kindDescription)")
        }
        let o = try reader.object()
        _ = try o.optional("$schema")?.string()  // for editors: the schema the file follows
        // Read first: every colour after it resolves for it.
        let ownAppearance = try o.optional("appearance")?.oneOf(Appearance.self)
        o.appearance = asked ?? ownAppearance ?? .light
        let description = try o.optional("description")?.string()
        let canvas = try decodeCanvas(o.required("canvas"))
        let defaultFont =
            try o.optional("font").map { r throws(SpecDiagnostic) in try decodeFont(r, base: FontSpec()) } ?? FontSpec()
        // A Swift program may build every view itself (`UIView()`, `addSubview`): then `views` may be
        // left out or empty.
        let codeBuildsViews =
            try o.optional("program").map { r throws(SpecDiagnostic) in
                guard case .object = r.node.value else { return false }
                return try r.object().has("swift")
            } ?? false
        let viewsReader = codeBuildsViews ? o.optional("views") : try o.required("views")
        let viewReaders = try viewsReader?.array() ?? []
        if let viewsReader, viewReaders.isEmpty, !codeBuildsViews {
            throw viewsReader.fail("expected at least one view")
        }
        if let viewsReader, viewReaders.count > Limits.views {
            throw viewsReader.fail("\(viewReaders.count) views is over the limit views = \(Limits.views)")
        }
        var views: [ViewSpec] = []
        var seen: [Int: String] = [:]
        for r in viewReaders {
            let view = try decodeView(r, defaultFont: defaultFont)
            if let first = seen[view.tag] {
                throw SpecDiagnostic(
                    path: r.path + ".tag", location: r.node.location,
                    message: "duplicate tag \(view.tag) (also used by \(first))")
            }
            seen[view.tag] = r.path
            views.append(view)
        }
        try checkSuperviews(views, readers: viewReaders)
        try checkArrangedViews(views, readers: viewReaders)
        try inheritTintColors(&views, readers: viewReaders)
        let tags = Set(views.map(\.tag))
        let names = try viewNames(views, readers: viewReaders)
        let superviews = views.reduce(into: [Int: Int]()) { $0[$1.tag] = $1.superview }
        var constraints: [ConstraintSpec] = []
        if let cr = o.optional("constraints") {
            let items = try cr.array()
            guard items.count <= Limits.constraints else {
                throw cr.fail("\(items.count) constraints is over the limit constraints = \(Limits.constraints)")
            }
            for r in items {
                if let format = try visualFormat(r) {
                    constraints += try decodeVisualFormat(format, names: names, superviews: superviews)
                } else {
                    constraints.append(try decodeConstraint(r, tags: tags))
                }
            }
            guard constraints.count <= Limits.constraints else {
                throw cr.fail(
                    "\(constraints.count) constraints (with the visual formats expanded) is over the limit constraints = \(Limits.constraints)"
                )
            }
            // Inequalities and optional constraints are what make the solver pivot; measured at this
            // limit with 256 views, solving stays within seconds (docs/security.md).
            let inequalities = constraints.filter { $0.relation != .equal || $0.priority < 1000 }.count
            guard inequalities <= Limits.inequalities else {
                throw cr.fail(
                    "\(inequalities) inequalities and optional constraints is over the limit inequalities = \(Limits.inequalities)"
                )
            }
        }
        var palette: [RGBA] = []
        if let pr = o.optional("palette") {
            for r in try pr.array() { palette.append(try r.color()) }
        }
        var programReader = o.optional("program")
        var swift: SwiftProgramReference?
        if let r = programReader, case .object = r.node.value, try r.object().has("swift") {
            swift = try decodeSwiftProgram(try r.object())
            programReader = nil
        }
        var ids: Set<String> = []
        for c in constraints {
            guard let id = c.id else { continue }
            guard ids.insert(id).inserted else {
                throw SpecDiagnostic(path: c.path + ".id", location: nil, message: "duplicate constraint id '\(id)'")
            }
        }
        let program = try programReader.map { r throws(SpecDiagnostic) in
            try decodeProgram(r, views: views, constraintIDs: ids)
        }
        if let program, let programReader, palette.isEmpty, program.usesPalette {
            throw SpecDiagnostic(
                path: "palette", location: programReader.node.location,
                message: "the program asks for 'palette.next' but the spec has no palette")
        }
        // A Swift program may end refreshing itself: then the scenario needs no workDuration.
        let scenarioReader = try o.required("scenario")
        var scenario = try decodeScenario(scenarioReader, workDurationOptional: swift != nil)
        if swift != nil, case .object = scenarioReader.node.value, try !scenarioReader.object().has("workDuration") {
            swift?.workDurationGiven = false
            scenario.workDuration = 0
        }
        let host = try o.optional("host").map { r throws(SpecDiagnostic) in try decodeHost(r) }
        let fonts = try o.optional("fonts").map { r throws(SpecDiagnostic) in try decodeFontFiles(r) } ?? []
        let golden = try o.optional("golden").map { r throws(SpecDiagnostic) in try decodeGolden(r) }
        let assets = try o.optional("assets").map { r throws(SpecDiagnostic) in try decodeAssetCatalogs(r) } ?? []
        let xib = try o.optional("xib").map { r throws(SpecDiagnostic) in try decodeXIB(r) }
        let outlets =
            try o.optional("outlets").map { r throws(SpecDiagnostic) in
                try decodeOutlets(r, views: views, constraintIDs: ids)
            } ?? []
        try o.finish()
        var spec = Spec(
            description: description, canvas: canvas, views: views, constraints: constraints, palette: palette,
            program: program, scenario: scenario)
        spec.swift = swift
        spec.xib = xib
        spec.host = host
        spec.fonts = fonts
        spec.golden = golden
        spec.appearance = o.appearance
        spec.assets = assets
        spec.outlets = outlets
        return spec
    }

    func decodeGolden(_ r: ValueReader) throws(SpecDiagnostic) -> GoldenTolerance {
        let o = try r.object()
        let tolerance = GoldenTolerance(
            threshold: try o.optional("threshold")?.number(in: 0...1),
            maxDiff: try o.optional("maxDiff")?.number(in: 0...100))
        try o.finish()
        return tolerance
    }

    func decodeCanvas(_ r: ValueReader) throws(SpecDiagnostic) -> Canvas {
        let o = try r.object()
        let size = 1.0...Limits.canvasPoints
        let canvas = Canvas(
            width: try o.required("width").number(in: size, limit: "canvasPoints"),
            height: try o.required("height").number(in: size, limit: "canvasPoints"),
            scale: try o.optional("scale")?.number(in: 1...Limits.scale, limit: "scale") ?? 2,
            background: try o.optional("background")?.color() ?? r.appearance.unset("systemBackground", light: .white))
        try o.finish()
        return canvas
    }

    func decodeFont(_ r: ValueReader, base: FontSpec) throws(SpecDiagnostic) -> FontSpec {
        let o = try r.object()
        var font = base
        if let t = o.optional("textStyle") {
            let name = try t.string()
            guard let style = IOSFont.textStyles[name] else {
                let names = IOSFont.textStyles.keys.sorted()
                var message = "'\(name)' is not one of \(names.joined(separator: ", "))"
                if let m = closestMatch(to: name, in: names) { message += "; did you mean '\(m)'?" }
                throw t.fail(message)
            }
            font = FontSpec(family: "System", size: style.size, weight: style.weight)
        }
        if let f = o.optional("family") {
            font.family = try f.string()
            if font.family.isEmpty { throw f.fail("expected a font family or fontconfig pattern, got an empty string") }
        }
        if let s = o.optional("size") { font.size = try s.number(in: 1...Limits.fontSize, limit: "fontSize") }
        if let w = o.optional("weight") {
            let weights = FontSpec.weights
            let name = try w.string()
            guard weights.contains(name) else {
                var message = "'\(name)' is not one of \(weights.joined(separator: ", "))"
                if let m = closestMatch(to: name, in: weights) { message += "; did you mean '\(m)'?" }
                throw w.fail(message)
            }
            font.weight = name
        }
        if let i = o.optional("italic") { font.italic = try i.bool() }
        try o.finish()
        return font
    }

    /// `"fonts": ["Fonts/Brand-Regular.otf", …]`: the app's own font files, relative to the spec.
    func decodeFontFiles(_ r: ValueReader) throws(SpecDiagnostic) -> [String] {
        var files: [String] = []
        for item in try r.array() {
            let path = try item.string()
            guard !path.isEmpty else { throw item.fail("expected a font file path, got an empty string") }
            files.append(path)
        }
        return files
    }

    func decodeView(_ r: ValueReader, defaultFont: FontSpec) throws(SpecDiagnostic) -> ViewSpec {
        let o = try r.object()
        var view = ViewSpec(tag: try o.required("tag").integer(in: 1...1_000_000), font: defaultFont)
        if let n = o.optional("name") {
            let name = try n.string()
            guard name.isASCIIIdentifier else {
                throw n.fail(
                    "'\(name)' is not a name for visual formats; expected a letter or '_', then letters, digits or '_'")
            }
            view.name = name
        }
        if let k = o.optional("kind") { view.kind = try k.oneOf(ViewKind.self) }
        if let t = o.optional("text"), view.kind != .button {
            if t.isString {
                let s = try t.string()
                guard s.count <= Limits.textLength else {
                    throw t.fail("text is over the limit textLength = \(Limits.textLength)")
                }
                view.texts = [.idle: s, .refreshing: s]
            } else {
                let to = try t.object()
                for phase in RefreshPhase.allCases {
                    if let pr = to.optional(phase.rawValue) {
                        let s = try pr.string()
                        guard s.count <= Limits.textLength else {
                            throw pr.fail("text is over the limit textLength = \(Limits.textLength)")
                        }
                        view.texts[phase] = s
                    }
                }
                try to.finish()
                if view.texts[.refreshing] == nil { view.texts[.refreshing] = view.texts[.idle] }
            }
        }
        if let f = o.optional("font") { view.font = try decodeFont(f, base: defaultFont) }
        view.textColor = try o.optional("textColor")?.color() ?? o.appearance.unset("label", light: view.textColor)
        if let a = o.optional("textAlignment") { view.textAlignment = try a.oneOf(TextAlignment.self) }
        if let c = o.optional("backgroundColor") { view.backgroundColor = try c.color() }
        if let c = o.optional("cornerRadius") {
            if c.isString {
                guard try c.string() == "quarterOfWidthPlusHeight" else {
                    throw c.fail("expected a number of points or \"quarterOfWidthPlusHeight\", got '\(try c.string())'")
                }
                view.cornerRadius = .quarterOfWidthPlusHeight
            } else {
                view.cornerRadius = .points(try c.number(in: 0...Limits.canvasPoints))
            }
        }
        if let c = o.optional("clipsToBounds") { view.clipsToBounds = try c.bool() }
        if let a = o.optional("alpha") { view.alpha = try a.number(in: 0...1) }
        if let c = o.optional("tintColor") { view.tintColor = try c.color() }
        if let p = o.optional("huggingPriority") { view.huggingPriority = try p.number(in: 1...1000) }
        if let p = o.optional("compressionPriority") { view.compressionPriority = try p.number(in: 1...1000) }
        if let s = o.optional("superview") { view.superview = try s.integer(in: 1...1_000_000) }
        if let h = o.optional("hidden") { view.isHidden = try h.bool() }
        if let a = o.optional("spacingAfter") { view.spacingAfter = try a.number(in: -1e4...1e4) }
        try refuseOtherKindsKeys(o, kind: view.kind)
        try view.kind.decode(self, o, &view)
        try o.finish()
        return view
    }

    /// A key only views of another kind take is refused, naming that kind.
    func refuseOtherKindsKeys(_ o: ObjectReader, kind: ViewKind) throws(SpecDiagnostic) {
        let own = kind.keys
        for other in ViewKind.all where other != kind {
            if let key = other.keys.first(where: { o.has($0) && !own.contains($0) }) {
                throw o.optional(key)!.fail("'\(key)' is \(other.noun)'s; this view's kind is '\(kind.rawValue)'")
            }
        }
    }

    /// A stack view's keys.
    func decodeStack(_ o: ObjectReader) throws(SpecDiagnostic) -> StackSpec {
        var stack = StackSpec()
        if let a = o.optional("axis") { stack.axis = try a.oneOf(StackSpec.Axis.self) }
        if let sp = o.optional("spacing") { stack.spacing = try sp.number(in: -1e4...1e4) }
        if let a = o.optional("alignment") {
            stack.alignment = try a.oneOf(StackSpec.Alignment.self)
            if stack.alignment == .firstBaseline || stack.alignment == .lastBaseline {
                throw a.fail(
                    "'\(stack.alignment.rawValue)': baselines are not in the layout model; use top, center or bottom")
            }
        }
        if let d = o.optional("distribution") { stack.distribution = try d.oneOf(StackSpec.Distribution.self) }
        if let m = o.optional("isLayoutMarginsRelativeArrangement") {
            stack.isLayoutMarginsRelativeArrangement = try m.bool()
        }
        if let m = o.optional("layoutMargins") {
            if m.isNumber {
                stack.layoutMargins = Array(repeating: try m.number(in: -1e4...1e4), count: 4)
            } else {
                let items = try m.array()
                guard items.count == 4 else { throw m.fail("expected a number or [top, left, bottom, right]") }
                stack.layoutMargins = []
                for item in items { stack.layoutMargins.append(try item.number(in: -1e4...1e4)) }
            }
        }
        return stack
    }

    /// A label's line keys (`numberOfLines`, `lineBreakMode`, `preferredMaxLayoutWidth`,
    /// `adjustsFontSizeToFitWidth`, `minimumScaleFactor`).
    func decodeLines(_ o: ObjectReader) throws(SpecDiagnostic) -> LabelLines {
        var lines = LabelLines()
        if let n = o.optional("numberOfLines") { lines.numberOfLines = try n.integer(in: 0...Limits.textLength) }
        if let m = o.optional("lineBreakMode") { lines.lineBreakMode = try m.oneOf(LineBreakMode.self) }
        if let w = o.optional("preferredMaxLayoutWidth") {
            lines.preferredMaxLayoutWidth = try w.number(in: 0...Limits.canvasPoints)
        }
        if let a = o.optional("adjustsFontSizeToFitWidth") { lines.adjustsFontSizeToFitWidth = try a.bool() }
        if let f = o.optional("minimumScaleFactor") { lines.minimumScaleFactor = try f.number(in: 0...1) }
        return lines
    }

    /// `spacingAfter` belongs to a stack view's arranged views.
    func checkArrangedViews(_ views: [ViewSpec], readers: [ValueReader]) throws(SpecDiagnostic) {
        let stacks = Set(views.filter { $0.kind == .stack }.map(\.tag))
        for (view, r) in zip(views, readers) where view.spacingAfter != nil {
            guard let parent = view.superview, stacks.contains(parent) else {
                let o = try r.object()
                throw o.optional("spacingAfter")!.fail(
                    "'spacingAfter' is the spacing after an arranged view; this view's superview is not a stack view")
            }
        }
    }

    /// Every `superview` names another view, and following them always reaches the root view.
    func checkSuperviews(_ views: [ViewSpec], readers: [ValueReader]) throws(SpecDiagnostic) {
        let tags = Set(views.map(\.tag))
        var superviews: [Int: Int] = [:]
        for view in views { superviews[view.tag] = view.superview }
        for (view, r) in zip(views, readers) {
            guard let parent = view.superview else { continue }
            func fail(_ message: String) throws(SpecDiagnostic) -> Never {
                let o = try r.object()
                throw (o.optional("superview") ?? r).fail(message)
            }
            if parent == view.tag { try fail("a view cannot be its own superview") }
            guard tags.contains(parent) else { try fail("no view with tag \(parent)") }
            var chain = [view.tag]
            var current: Int? = parent
            while let tag = current {
                if chain.contains(tag) {
                    let cycle = (chain + [tag]).map(String.init).joined(separator: " → ")
                    try fail("superviews form a cycle (\(cycle))")
                }
                chain.append(tag)
                current = superviews[tag]
            }
        }
    }

    // MARK: - Constraints

    func decodeItem(_ r: ValueReader, tags: Set<Int>) throws(SpecDiagnostic) -> LayoutItem {
        if r.isString {
            let s = try r.string()
            guard s == "superview" else { throw r.fail("expected a view tag or \"superview\", got '\(s)'") }
            return .superview
        }
        let tag = try r.integer()
        guard tags.contains(tag) else { throw r.fail("no view with tag \(tag)") }
        return .view(tag: tag)
    }

    func decodeConstraint(_ r: ValueReader, tags: Set<Int>) throws(SpecDiagnostic) -> ConstraintSpec {
        if r.isString {
            return try ConstraintShorthand.parse(try r.string(), path: r.path, location: r.node.location, tags: tags)
        }
        let o = try r.object()
        var c = ConstraintSpec(
            item: try decodeItem(o.required("item"), tags: tags),
            attribute: try o.required("attribute").oneOf(LayoutAttribute.self), path: r.path)
        if let rel = o.optional("relation") { c.relation = try rel.oneOf(LayoutRelation.self) }
        if let t = o.optional("toItem") { c.toItem = try decodeItem(t, tags: tags) }
        if let a = o.optional("toAttribute") {
            c.toAttribute = try a.oneOf(LayoutAttribute.self)
            if c.toItem == nil { throw a.fail("'toAttribute' needs a 'toItem'") }
        } else if c.toItem != nil {
            c.toAttribute = c.attribute
        }
        if let m = o.optional("multiplier") { c.multiplier = try m.number(in: -1e4...1e4) }
        if let k = o.optional("constant") { c.constant = try k.number(in: -1e5...1e5) }
        if let p = o.optional("priority") { c.priority = try p.number(in: 1...1000) }
        if let i = o.optional("id") {
            c.id = try i.string()
            if c.id!.isEmpty { throw i.fail("expected a constraint id, got an empty string") }
        }
        try o.finish()
        return c
    }

    // MARK: - Scenario

    func decodeScenario(_ r: ValueReader, workDurationOptional: Bool = false) throws(SpecDiagnostic) -> Scenario {
        let o = try r.object()
        let seconds = 0...Limits.scenarioDuration
        let work = workDurationOptional ? o.optional("workDuration") : try o.required("workDuration")
        var scenario = Scenario(
            workDuration: try work?.number(in: seconds, limit: "scenarioDuration") ?? 0)
        if let p = o.optional("pull") {
            let frames = try p.array()
            guard frames.count <= Limits.pullKeyframes else {
                throw p.fail("\(frames.count) keyframes is over the limit pullKeyframes = \(Limits.pullKeyframes)")
            }
            var last = -1.0
            for f in frames {
                let pair = try f.array()
                guard pair.count == 2 else { throw f.fail("expected [seconds, points]") }
                let time = try pair[0].number(in: seconds)
                guard time > last else {
                    throw pair[0].fail(
                        "keyframe times must increase; \(formatNumber(time)) follows \(formatNumber(last))")
                }
                last = time
                scenario.pull.append(PullKeyframe(time: time, distance: try pair[1].number(in: 0...2000)))
            }
        }
        let at = o.optional("refreshAt")
        let threshold = o.optional("refreshAtPull")
        switch (at, threshold) {
        case (let a?, nil): scenario.refreshStart = .at(try a.number(in: seconds))
        case (nil, let t?):
            let distance = try t.number(in: 1...2000)
            scenario.refreshStart = .pullThreshold(distance)
            guard scenario.pull.contains(where: { $0.distance >= distance }) else {
                throw t.fail("the pull never reaches \(formatNumber(distance)) points, so refreshing would never begin")
            }
        case (nil, nil): throw r.fail("missing 'refreshAt' (seconds) or 'refreshAtPull' (points)")
        case (_?, let t?): throw t.fail("give either 'refreshAt' or 'refreshAtPull', not both")
        }
        if let h = o.optional("controlHeight") { scenario.controlHeight = try h.number(in: 1...Limits.canvasPoints) }
        if let a = o.optional("contentAlphaFollowsPull") {
            scenario.contentAlphaFollowsPull = try a.number(in: 1...2000)
        }
        if let c = o.optional("collapseDuration") { scenario.collapseDuration = try c.number(in: 0...10) }
        if let d = o.optional("duration") {
            scenario.duration = try d.number(in: 0.01...Limits.scenarioDuration, limit: "scenarioDuration")
        }
        try o.finish()
        return scenario
    }
}
