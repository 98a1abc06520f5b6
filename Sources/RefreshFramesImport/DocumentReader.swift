import RefreshFramesCore

/// Walks a parsed IB document into an `ImportedDocument`, collecting warnings and the font mapping.
struct DocumentReader {
    let fileName: String
    let isFontInstalled: (String) -> Bool
    /// The face that draws a font here, for the font mapping's note (nil: the spec's family is named).
    var standIn: (FontSpec) -> String? = { _ in nil }
    var warnings: [ImportWarning] = []
    var fontMapping: [(from: String, to: String)] = []
    /// `<resources><systemColor name=…>` of Xcode 11+ documents.
    var systemColors: [String: RGBA] = [:]

    init(fileName: String, isFontInstalled: @escaping (String) -> Bool) {
        self.fileName = fileName
        self.isFontInstalled = isFontInstalled
    }

    mutating func warn(_ node: XMLNode, _ message: String) {
        warnings.append(ImportWarning(line: node.line, element: node.reference, message: message))
    }

    mutating func read(_ document: XMLNode) throws(ImportError) -> ImportedDocument {
        let type = document["type"]
        guard document.name == "document", type == XIBImporter.xibType || type == XIBImporter.storyboardType else {
            let found = document.name == "document" ? "<document type=\"\(type ?? "")\">" : "<\(document.name)>"
            throw .notInterfaceBuilder(line: document.line, found: found)
        }
        for color in document.child("resources")?.children("systemColor") ?? [] {
            if let name = color["name"], let value = color.child("color"), let rgba = plainColor(value) {
                systemColors[name] = rgba
            }
        }
        let root = try rootView(document, storyboard: type == XIBImporter.storyboardType)
        return try readRoot(root)
    }

    // MARK: - Finding the root view

    private mutating func rootView(_ document: XMLNode, storyboard: Bool) throws(ImportError) -> XMLNode {
        if storyboard {
            guard let scenes = document.child("scenes"), let scene = scenes.children("scene").first else {
                throw .noRootView(line: document.line, detail: "the storyboard has no <scenes><scene>")
            }
            for extra in scenes.children("scene").dropFirst() {
                warn(extra, "only the first scene is imported; this scene is skipped")
            }
            let controllers =
                scene.child("objects")?.children.filter { $0.child("view") != nil || $0.keyed("view") != nil } ?? []
            guard let controller = controllers.first, let view = controller.keyed("view") ?? controller.child("view")
            else {
                throw .noRootView(
                    line: scene.line, detail: "the first scene has no view controller with a <view key=\"view\">")
            }
            return view
        }
        guard let objects = document.child("objects") else {
            throw .noRootView(line: document.line, detail: "the document has no <objects>")
        }
        let candidates = objects.children.filter { $0.name != "placeholder" }
        guard let view = candidates.first(where: { $0.name == "view" }) else {
            throw .noRootView(line: objects.line, detail: "no top-level <view> in <objects> to import")
        }
        for other in candidates where other.line != view.line || other.name != view.name {
            warn(other, "only the first top-level <view> is imported; this object is skipped")
        }
        return view
    }

    // MARK: - Root and subviews

    private mutating func readRoot(_ root: XMLNode) throws(ImportError) -> ImportedDocument {
        guard let frame = root.keyed("frame").flatMap(rect) else {
            throw .noRootView(line: root.line, detail: "the root \(root.reference) has no <rect key=\"frame\">")
        }
        var background = RGBA.white
        if let color = root.keyed("backgroundColor") {
            background = self.color(color) ?? background
        }
        let canvas = Canvas(width: frame.width, height: frame.height, scale: 2, background: background)
        let subviewNodes = root.child("subviews")?.children ?? []
        guard !subviewNodes.isEmpty else { throw .noSubviews(line: root.line) }
        guard subviewNodes.count <= Limits.views else {
            throw .tooManyViews(line: root.line, count: subviewNodes.count)
        }
        for child in root.children {
            switch child.name {
            case "rect", "autoresizingMask", "subviews", "constraints", "color", "nil", "point", "viewLayoutGuide",
                "freeformSimulatedSizeMetrics", "simulatedStatusBarMetrics", "simulatedScreenMetrics",
                "simulatedOrientationMetrics", "connections":
                continue
            default:
                warn(child, "not represented in a spec; ignored")
            }
        }

        let tags = assignTags(subviewNodes)
        var views: [ImportedView] = []
        var ids: [String: LayoutItem] = [:]
        if let id = root["id"] { ids[id] = .superview }
        for (node, tag) in zip(subviewNodes, tags) {
            views.append(readView(node, tag: tag))
            if let id = node["id"] { ids[id] = .view(tag: tag) }
        }
        var constraints: [ImportedConstraint] = []
        if let list = root.child("constraints") {
            readConstraints(list, owner: .superview, ids: ids, into: &constraints)
        }
        for (node, tag) in zip(subviewNodes, tags) {
            if let list = node.child("constraints") {
                readConstraints(list, owner: .view(tag: tag), ids: ids, into: &constraints)
            }
        }
        return ImportedDocument(
            canvas: canvas, rootElement: root.reference, rootLine: root.line, views: views, constraints: constraints)
    }

    /// Keeps each positive, unique tag; gives the others tags after the highest, in document order.
    private mutating func assignTags(_ nodes: [XMLNode]) -> [Int] {
        var seen: Set<Int> = []
        var tags: [Int?] = []
        for node in nodes {
            if let tag = node["tag"].flatMap({ Int($0) }), tag >= 1, tag <= 1_000_000, !seen.contains(tag) {
                seen.insert(tag)
                tags.append(tag)
            } else {
                tags.append(nil)
            }
        }
        var next = (seen.max() ?? 0) + 1
        return zip(nodes, tags).map { node, tag in
            if let tag { return tag }
            let reason: String
            if let written = node["tag"], let value = Int(written), value >= 1 {
                reason =
                    seen.contains(value) && value <= 1_000_000
                    ? "tag \(value) is already used" : "tag \(value) is out of range"
            } else {
                reason = "no tag"
            }
            warn(node, "\(reason); assigned tag \(next)")
            defer { next += 1 }
            return next
        }
    }

    private mutating func readView(_ node: XMLNode, tag: Int) -> ImportedView {
        var kind = ViewKind.view
        switch node.name {
        case "label": kind = .label
        case "view": kind = .view
        default:
            warn(node, "<\(node.name)> is not supported; imported as a placeholder plain view with tag \(tag)")
        }
        var spec = ViewSpec(tag: tag, kind: kind)
        var text: String?
        let frameNode = node.keyed("frame")
        var imported = ImportedView(
            spec: spec, element: node.reference, line: node.line, frame: frameNode.flatMap(rect),
            frameLine: frameNode?.line ?? node.line)

        readAttributes(node, into: &spec, text: &text)
        for child in node.children {
            switch (child.name, child["key"]) {
            case ("rect", "frame"), ("autoresizingMask", _), ("constraints", _), ("point", _), ("connections", _),
                ("viewLayoutGuide", _), ("nil", "highlightedColor"), ("color", "highlightedColor"):
                continue
            case ("fontDescription", "fontDescription") where kind == .label:
                if let font = font(child) { spec.font = font }
            case ("color", "textColor") where kind == .label:
                if let c = color(child) { spec.textColor = c }
            case ("color", "backgroundColor"):
                if let c = color(child) { spec.backgroundColor = c }
            case ("nil", "backgroundColor"):
                spec.backgroundColor = .clear
            case ("color", "tintColor"):
                if let c = color(child) { spec.tintColor = c }
            case ("userDefinedRuntimeAttributes", _):
                readRuntimeAttributes(child, into: &spec)
            case ("subviews", _):
                warn(child, "nested subviews are not imported (a spec has one level of views)")
            default:
                if node.name == "label" || node.name == "view" {
                    warn(child, "not represented in a spec; ignored")
                }
            }
        }
        if kind == .label, let text { spec.texts = [.idle: text, .refreshing: text] }
        imported.spec = spec
        imported.text = text
        return imported
    }

    /// Attributes with no effect on a still frame or on the layout, skipped without a warning.
    private static let inertAttributes: Set<String> = [
        "id", "tag", "contentMode", "opaque", "userInteractionEnabled", "translatesAutoresizingMaskIntoConstraints",
        "lineBreakMode", "baselineAdjustment", "adjustsFontSizeToFit", "minimumFontSize", "minimumScaleFactor",
        "misplaced", "ambiguous", "userLabel", "fixedFrame", "multipleTouchEnabled", "clearsContextBeforeDrawing",
        "autoresizesSubviews", "preservesSuperviewLayoutMargins", "insetsLayoutMarginsFromSafeArea",
        "adjustsLetterSpacingToFitWidth", "customModule", "customModuleProvider", "restorationIdentifier",
        "horizontalHuggingPriority", "verticalHuggingPriority", "horizontalCompressionResistancePriority",
        "verticalCompressionResistancePriority", "text", "textAlignment", "alpha", "hidden", "clipsSubviews",
        "numberOfLines",
    ]

    private mutating func readAttributes(_ node: XMLNode, into spec: inout ViewSpec, text: inout String?) {
        let supported = node.name == "label" || node.name == "view"
        if spec.kind == .label { text = node["text"] }
        if spec.kind == .label, let alignment = node["textAlignment"] {
            switch alignment {
            case "left", "natural": spec.textAlignment = .left
            case "center": spec.textAlignment = .center
            case "right": spec.textAlignment = .right
            default:
                spec.textAlignment = .left
                warn(node, "textAlignment '\(alignment)' is not representable; using left")
            }
        } else if spec.kind == .label {
            spec.textAlignment = .left  // UILabel's default, natural, is left in a left-to-right language
        }
        if let lines = node["numberOfLines"], lines != "1", spec.kind == .label {
            warn(node, "numberOfLines='\(lines)' is not representable; the text is laid out on one line")
        }
        if let a = node["alpha"].flatMap(Double.init) { spec.alpha = min(max(a, 0), 1) }
        if node["hidden"] == "YES" {
            spec.alpha = 0
            warn(node, "hidden='YES' is not representable; imported as alpha 0")
        }
        if node["clipsSubviews"] == "YES" { spec.clipsToBounds = true }
        if spec.kind == .label {
            spec.huggingPriority = priority(node, "HuggingPriority", default: 250)
            spec.compressionPriority = priority(node, "CompressionResistancePriority", default: 750)
        }
        if let custom = node["customClass"] {
            warn(node, "customClass '\(custom)' is not imported; the view is drawn as a plain \(spec.kind.rawValue)")
        }
        guard supported else { return }
        for (name, value) in node.attributes.sorted(by: { $0.key < $1.key })
        where !Self.inertAttributes.contains(name) && name != "customClass" {
            warn(node, "attribute \(name)='\(value)' is not represented in a spec; ignored")
        }
    }

    /// The horizontal priority; a different vertical one is reported.
    private mutating func priority(_ node: XMLNode, _ suffix: String, default value: Double) -> Double {
        let horizontal = node["horizontal" + suffix].flatMap(Double.init) ?? value
        let vertical = node["vertical" + suffix].flatMap(Double.init) ?? value
        if horizontal != vertical {
            warn(
                node,
                "horizontal\(suffix) \(formatNumber(horizontal)) and vertical\(suffix) \(formatNumber(vertical)) differ; a spec has one value, using \(formatNumber(horizontal))"
            )
        }
        return min(max(horizontal, 1), 1000)
    }

    private mutating func readRuntimeAttributes(_ list: XMLNode, into spec: inout ViewSpec) {
        for attribute in list.children("userDefinedRuntimeAttribute") {
            let keyPath = attribute["keyPath"] ?? ""
            let value = attribute.keyed("value")?["value"].flatMap(Double.init)
            switch keyPath {
            case "layer.cornerRadius" where value != nil:
                spec.cornerRadius = .points(max(value!, 0))
            case "layer.masksToBounds", "clipsToBounds":
                spec.clipsToBounds = (attribute["value"] ?? attribute.keyed("value")?["value"]) == "YES"
            default:
                warn(attribute, "runtime attribute '\(keyPath)' is not represented in a spec; ignored")
            }
        }
    }

    // MARK: - Values

    func rect(_ node: XMLNode) -> Rect? {
        guard let x = node["x"].flatMap(Double.init), let y = node["y"].flatMap(Double.init),
            let w = node["width"].flatMap(Double.init), let h = node["height"].flatMap(Double.init)
        else { return nil }
        return Rect(x: x, y: y, width: w, height: h)
    }
}
