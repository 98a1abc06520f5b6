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
    /// `<resources><namedColor name=…>`: an asset catalog's colours as the document caches them.
    var namedColors: [String: RGBA] = [:]
    /// Views and constraints that the size-class variations leave out for the device.
    var inactive: Set<String> = []
    /// The `<device id=…>` the document is laid out for, if it says.
    var device: String?
    /// A storyboard scene's view controller, for its top and bottom layout guides and margins.
    var controller: XMLNode?
    /// The storyboard scene to import: a 1-based number or a name; nil for the first.
    var scene: String?
    /// A one-line label's baseline below its centre, from the font's metrics; nil when unknown.
    var baselineOffset: (FontSpec) -> Double? = { _ in nil }

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
        for color in document.child("resources")?.children("namedColor") ?? [] {
            if let name = color["name"], let value = color.child("color"), let rgba = plainColor(value) {
                namedColors[name] = rgba
            }
        }
        device = document.child("device")?["id"]
        let root = try rootView(document, storyboard: type == XIBImporter.storyboardType)
        inactive = inactiveIDs(root, document: document)
        return try readRoot(root)
    }

    // MARK: - Finding the root view

    private mutating func rootView(_ document: XMLNode, storyboard: Bool) throws(ImportError) -> XMLNode {
        if storyboard {
            let all = document.child("scenes")?.children("scene") ?? []
            guard !all.isEmpty else {
                throw .noRootView(line: document.line, detail: "the storyboard has no <scenes><scene>")
            }
            func controller(of scene: XMLNode) -> XMLNode? {
                scene.child("objects")?.children.first { $0.child("view") != nil || $0.keyed("view") != nil }
            }
            /// What `--scene NAME` matches: the storyboard identifier, custom class, label or title.
            func names(of scene: XMLNode) -> [String] {
                let c = controller(of: scene)
                return [c?["storyboardIdentifier"], c?["customClass"], c?["userLabel"], c?["title"], scene["sceneID"]]
                    .compactMap { $0 }
            }
            let index: Int
            if let wanted = self.scene {
                if let n = Int(wanted) {
                    guard n >= 1, n <= all.count else {
                        throw .noRootView(
                            line: document.line, detail: "--scene \(n): the storyboard has \(all.count) scene(s)")
                    }
                    index = n - 1
                } else {
                    guard let found = all.firstIndex(where: { names(of: $0).contains(wanted) }) else {
                        let known = all.enumerated().map { "\($0 + 1): \(names(of: $1).first ?? "unnamed")" }
                        throw .noRootView(
                            line: document.line,
                            detail: "no scene named '\(wanted)'; the scenes are \(known.joined(separator: ", "))")
                    }
                    index = found
                }
            } else {
                index = 0
                for extra in all.dropFirst() {
                    let name = names(of: extra).first.map { " '\($0)'" } ?? ""
                    warn(extra, "scene\(name) is skipped; import it with --scene")
                }
            }
            let scene = all[index]
            guard let controller = controller(of: scene),
                let view = controller.keyed("view") ?? controller.child("view")
            else {
                throw .noRootView(
                    line: scene.line,
                    detail: "scene \(index + 1) has no view controller with a <view key=\"view\">")
            }
            self.controller = controller
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
        // Every view of the hierarchy, in document order, each with its superview's node index.
        // Depth first with an explicit stack (a recursion would follow the document's nesting).
        var nodes: [(node: XMLNode, superview: Int?)] = []
        var pending: [(node: XMLNode, superview: Int?)] = subviewNodes.reversed().map { ($0, nil) }
        while let next = pending.popLast(), nodes.count <= Limits.views {
            let (node, superview) = next
            guard !inactive.contains(node["id"] ?? "") else { continue }
            nodes.append((node, superview))
            let index = nodes.count - 1
            pending.append(contentsOf: (node.child("subviews")?.children ?? []).reversed().map { ($0, index) })
        }
        guard nodes.count <= Limits.views else {
            throw .tooManyViews(line: root.line, count: Self.countViews(subviewNodes))
        }
        for child in root.children {
            switch child.name {
            case "rect", "autoresizingMask", "subviews", "constraints", "color", "nil", "point", "viewLayoutGuide",
                "edgeInsets", "variation",
                "freeformSimulatedSizeMetrics", "simulatedStatusBarMetrics", "simulatedScreenMetrics",
                "simulatedOrientationMetrics", "connections":
                continue
            default:
                warn(child, "not represented in a spec; ignored")
            }
        }

        let tags = assignTags(nodes.map(\.node))
        var views: [ImportedView] = []
        var ids: [String: Anchor] = [:]
        addAnchors(of: root, as: .superview, isRoot: true, size: frame, to: &ids)
        var constraints: [ImportedConstraint] = []
        for ((node, superview), tag) in zip(nodes, tags) {
            // UIStackView turns translatesAutoresizingMaskIntoConstraints off for its arranged views.
            let arranged = superview.map { nodes[$0].node.name == "stackView" } ?? false
            var view = readView(node, tag: tag, arranged: arranged)
            view.spec.superview = superview.map { tags[$0] }
            let container = superview.map { views[$0].frame } ?? frame
            if view.frame == nil, let inset = node.keyed("frameInset"), let container {
                view.frame = frameInset(inset, in: container)
                view.frameLine = inset.line
            }
            if node["translatesAutoresizingMaskIntoConstraints"] != "NO" && !arranged {
                if let stored = view.frame, let container {
                    constraints += autoresizingConstraints(view, node: node, frame: stored, in: container)
                } else {
                    warn(node, "placed by its frame (no Auto Layout), but it has no stored frame")
                }
            } else if let size = intrinsicSize(node, frame: view.frame) {
                constraints += intrinsicConstraints(view, node: node, size: size)
            }
            views.append(view)
            addAnchors(of: node, as: .view(tag: tag), isRoot: false, size: view.frame, to: &ids)
            if view.spec.kind == .label, let id = node["id"] {
                ids[id]?.hasText = true
                ids[id]?.baseline = baselineOffset(view.spec.font)
            }
        }
        if let list = root.child("constraints") {
            readConstraints(list, owner: .superview, ids: ids, into: &constraints)
        }
        for ((node, _), tag) in zip(nodes, tags) {
            if let list = node.child("constraints") {
                readConstraints(list, owner: .view(tag: tag), ids: ids, into: &constraints)
            }
        }
        return ImportedDocument(
            canvas: canvas, rootElement: root.reference, rootLine: root.line, views: views, constraints: constraints)
    }

    /// The view's id with its layout margins, and its layout guides: the safe area (from the
    /// device, for a storyboard scene's root view; a xib's views have no bars over them), the
    /// margins guide, and a scene's top and bottom layout guides (below the status bar, and at the
    /// bottom edge).
    private mutating func addAnchors(
        of node: XMLNode, as item: LayoutItem, isRoot: Bool, size: Rect?, to ids: inout [String: Anchor]
    ) {
        var margins = EdgeInsets(top: 8, left: 8, bottom: 8, right: 8)
        var safeArea = EdgeInsets()
        if isRoot, controller != nil {
            let bars = Self.deviceInsets(device)
            safeArea = EdgeInsets(top: bars.top, left: 0, bottom: bars.bottom, right: 0)
            // A view controller's root view: the system minimum margins (16, or 20 from 414 pt wide)
            // beside, the safe area above and below (insetsLayoutMarginsFromSafeArea).
            let side: Double = (size?.width ?? 0) >= 414 ? 20 : 16
            margins = EdgeInsets(top: bars.top, left: side, bottom: bars.bottom, right: side)
        }
        if let insets = node.keyed("layoutMargins"), insets.name == "edgeInsets" {
            func value(_ name: String, _ fallback: Double) -> Double {
                insets[name].flatMap(Double.init).flatMap { $0.isFinite ? $0 : nil } ?? fallback
            }
            margins = EdgeInsets(
                top: value("top", margins.top), left: value("left", margins.left),
                bottom: value("bottom", margins.bottom), right: value("right", margins.right))
        }
        if let id = node["id"] { ids[id] = Anchor(item: item, margins: margins) }
        for guide in node.children("viewLayoutGuide") {
            guard let id = guide["id"] else { continue }
            switch guide["key"] {
            case "safeArea": ids[id] = Anchor(item: item, insets: safeArea, margins: margins, isGuide: true)
            case "layoutMargins": ids[id] = Anchor(item: item, insets: margins, margins: margins, isGuide: true)
            default: continue
            }
        }
        guard isRoot, let controller, let height = size?.height else { return }
        let statusBar = Self.deviceInsets(device).top
        for guide in controller.child("layoutGuides")?.children("viewControllerLayoutGuide") ?? [] {
            guard let id = guide["id"] else { continue }
            switch guide["type"] {
            case "top":
                ids[id] = Anchor(item: item, insets: EdgeInsets(bottom: height - statusBar), isGuide: true)
            case "bottom":
                let bottomBar = Self.deviceInsets(device).bottom
                ids[id] = Anchor(
                    item: item, insets: EdgeInsets(top: height - bottomBar, bottom: bottomBar), isGuide: true)
            default: continue
            }
        }
    }

    /// The status bar (or sensor housing) above and the home indicator below a full-screen view
    /// controller, portrait, by IB's device id: 20 and 0 before the iPhone X, 44 and 34 after.
    static func deviceInsets(_ device: String?) -> (top: Double, bottom: Double) {
        switch device {
        case "retina5_9", "retina6_1", "retina6_5": (44, 34)
        default: (20, 0)
        }
    }

    /// A control's intrinsic size as Auto Layout uses it: `size <= intrinsic` at the content hugging
    /// priority and `size >= intrinsic` at the compression resistance (UIKit's defaults 250 and 750).
    private func intrinsicConstraints(
        _ view: ImportedView, node: XMLNode, size: (width: Double?, height: Double?)
    ) -> [ImportedConstraint] {
        var specs: [ConstraintSpec] = []
        for (attribute, value, axis) in [
            (LayoutAttribute.width, size.width, "horizontal"), (.height, size.height, "vertical"),
        ] {
            guard let value else { continue }
            func priority(_ name: String, _ fallback: Double) -> Double {
                let p = node[axis + name].flatMap(Double.init) ?? fallback
                return p.isFinite ? min(max(p, 1), 1000) : fallback
            }
            for (relation, p) in [
                (LayoutRelation.lessThanOrEqual, priority("HuggingPriority", 250)),
                (.greaterThanOrEqual, priority("CompressionResistancePriority", 750)),
            ] {
                specs.append(
                    ConstraintSpec(
                        item: .view(tag: view.spec.tag), attribute: attribute, relation: relation, constant: value,
                        priority: p))
            }
        }
        return specs.map { ImportedConstraint(spec: $0, element: view.element, line: view.line) }
    }

    /// Xcode 8.0's `<frame key="frameInset" minX minY width height>`, where `maxX`/`maxY` are the
    /// distances from the superview's right and bottom edges.
    private func frameInset(_ node: XMLNode, in container: Rect) -> Rect? {
        func value(_ name: String) -> Double? { node[name].flatMap(Double.init).flatMap { $0.isFinite ? $0 : nil } }
        func axis(_ min: Double?, _ size: Double?, _ max: Double?, _ length: Double) -> (Double, Double)? {
            switch (min, size, max) {
            case (let a?, let s?, _): (a, s)
            case (let a?, nil, let b?): (a, length - a - b)
            case (nil, let s?, let b?): (length - b - s, s)
            default: nil
            }
        }
        guard let (x, width) = axis(value("minX"), value("width"), value("maxX"), container.width),
            let (y, height) = axis(value("minY"), value("height"), value("maxY"), container.height)
        else { return nil }
        return Rect(x: x, y: y, width: width, height: height)
    }

    /// The constraints UIKit makes of a frame and an autoresizing mask
    /// (translatesAutoresizingMaskIntoConstraints): the frame as stored while the superview keeps
    /// its size in the document; when it does not, the change is shared among the flexible margins
    /// and size in proportion to their sizes (UIView.autoresizingMask). Proportional sharing is
    /// written for subviews of the root view; inside a container the frame is kept as stored.
    private mutating func autoresizingConstraints(
        _ view: ImportedView, node: XMLNode, frame: Rect, in container: Rect
    ) -> [ImportedConstraint] {
        let mask = node.keyed("autoresizingMask")
        func flexible(_ name: String) -> Bool { mask?[name] == "YES" }
        let tag = view.spec.tag
        let superview = view.spec.superview.map { LayoutItem.view(tag: $0) } ?? .superview
        var specs: [ConstraintSpec] = []
        typealias Axis = (start: LayoutAttribute, end: LayoutAttribute, size: LayoutAttribute)
        func add(_ axis: Axis, origin: Double, size: Double, length: Double, flags: (Bool, Bool, Bool)) {
            let parts = [origin, size, length - origin - size]
            let flexibleTotal = zip(parts, [flags.0, flags.1, flags.2]).reduce(0) { $0 + ($1.1 ? $1.0 : 0) }
            let share = { (index: Int, isFlexible: Bool) -> Double in
                guard isFlexible, superview == .superview, flexibleTotal > 0 else { return 0 }
                return parts[index] / flexibleTotal
            }
            let startShare = share(0, flags.0)
            let sizeShare = share(1, flags.1)
            // start = origin + startShare × (L − length), with the root's start at 0 and its end at L.
            specs.append(
                startShare == 0
                    ? ConstraintSpec(
                        item: .view(tag: tag), attribute: axis.start, toItem: superview, toAttribute: axis.start,
                        constant: origin)
                    : ConstraintSpec(
                        item: .view(tag: tag), attribute: axis.start, toItem: superview, toAttribute: axis.end,
                        multiplier: startShare, constant: origin - startShare * length))
            specs.append(
                sizeShare == 0
                    ? ConstraintSpec(item: .view(tag: tag), attribute: axis.size, constant: size)
                    : ConstraintSpec(
                        item: .view(tag: tag), attribute: axis.size, toItem: superview, toAttribute: axis.size,
                        multiplier: sizeShare, constant: size - sizeShare * length))
        }
        add(
            (.leading, .trailing, .width), origin: frame.x, size: frame.width, length: container.width,
            flags: (flexible("flexibleMinX"), flexible("widthSizable"), flexible("flexibleMaxX")))
        add(
            (.top, .bottom, .height), origin: frame.y, size: frame.height, length: container.height,
            flags: (flexible("flexibleMinY"), flexible("heightSizable"), flexible("flexibleMaxY")))
        return specs.map { ImportedConstraint(spec: $0, element: view.element, line: view.line) }
    }

    /// The views of a hierarchy, at every level.
    private static func countViews(_ list: [XMLNode]) -> Int {
        var count = 0
        var pending = list
        while let node = pending.popLast() {
            count += 1
            pending.append(contentsOf: node.child("subviews")?.children ?? [])
        }
        return count
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

    /// A view of the hierarchy; `arranged` when its superview is a stack view.
    private mutating func readView(_ node: XMLNode, tag: Int, arranged: Bool) -> ImportedView {
        var kind = ViewKind.view
        var placeholder = false
        switch node.name {
        case "label": kind = .label
        case "view": kind = .view
        case "stackView": kind = .stack
        case "activityIndicatorView": kind = .spinner
        default:
            placeholder = true
            warn(
                node,
                "<\(node.name)> is not drawn; imported as a placeholder (a translucent magenta box) with tag \(tag)")
        }
        var spec = ViewSpec(tag: tag, kind: kind)
        if placeholder { spec.backgroundColor = Self.placeholderColor }
        var text: String?
        let frameNode = node.keyed("frame")
        var imported = ImportedView(
            spec: spec, element: node.reference, line: node.line, frame: frameNode.flatMap(rect),
            frameLine: frameNode?.line ?? node.line)

        imported.misplaced = node["misplaced"] == "YES"
        readAttributes(node, into: &spec, text: &text, arranged: arranged)
        if kind == .stack {
            let (stack, stackWarnings) = StackViewReader.read(node)
            spec.stack = stack
            warnings += stackWarnings
        }
        for child in node.children {
            switch (child.name, child["key"]) {
            case ("rect", "frame"), ("autoresizingMask", _), ("constraints", _), ("point", _), ("connections", _),
                ("viewLayoutGuide", _), ("nil", "highlightedColor"), ("color", "highlightedColor"),
                ("edgeInsets", "layoutMargins"), ("frame", "frameInset"), ("variation", _):
                continue
            case ("fontDescription", "fontDescription") where kind == .label:
                if let font = font(child) { spec.font = font }
            case ("attributedString", "attributedText") where kind == .label:
                text = attributedText(child, into: &spec)
            case ("nil", "textColor") where kind == .label:
                spec.textColor = .black  // nil resets UILabel's textColor to its default
            case ("color", "textColor") where kind == .label:
                if let c = color(child) { spec.textColor = c }
            case ("color", "backgroundColor"):
                if let c = color(child) { spec.backgroundColor = c }
            case ("nil", "backgroundColor"):
                spec.backgroundColor = .clear
            case ("color", "color") where kind == .spinner:
                if let c = color(child) { spec.tintColor = c }
            case ("color", "tintColor"):
                if let c = color(child) { spec.tintColor = c }
            case ("userDefinedRuntimeAttributes", _):
                readRuntimeAttributes(child, into: &spec)
            case ("subviews", _):
                continue  // read by readRoot, as views with this one as their superview
            default:
                if Self.supportedElements.contains(node.name) {
                    warn(child, "not represented in a spec; ignored")
                }
            }
        }
        if kind == .stack, let insets = node.keyed("layoutMargins"), insets.name == "edgeInsets" {
            for (index, name) in ["top", "left", "bottom", "right"].enumerated() {
                if let value = insets[name].flatMap(Double.init), value.isFinite {
                    spec.stack?.layoutMargins[index] = value
                }
            }
        }
        if kind == .label, let text { spec.texts = [.idle: text, .refreshing: text] }
        if kind == .spinner, node.keyed("color") == nil, ["white", "whiteLarge"].contains(node["style"] ?? "") {
            spec.tintColor = .white
        }
        imported.spec = spec
        imported.text = text
        return imported
    }

    /// An attributed label's text, its fragments' `content` joined; the first fragment's font and
    /// colour become the label's (a spec label has one of each).
    private mutating func attributedText(_ node: XMLNode, into spec: inout ViewSpec) -> String {
        var text = ""
        var styled = false
        for fragment in node.children("fragment") {
            if let content = fragment["content"] {
                text += content
            } else {
                warn(fragment, "a fragment whose text is a <string> element is not read; its text is left out")
            }
            guard !styled, let attributes = fragment.child("attributes") else { continue }
            styled = true
            if let color = attributes.keyed("NSColor"), let rgba = self.color(color) { spec.textColor = rgba }
            if let nsFont = attributes.keyed("NSFont"), let size = nsFont["size"] {
                // As the <fontDescription> IB writes for a plain label.
                var description = XMLNode(
                    name: "fontDescription", attributes: ["key": "fontDescription", "pointSize": size], children: [],
                    line: nsFont.line)
                switch nsFont["metaFont"] {
                case "system", "message": description.attributes["type"] = "system"
                case "systemBold": description.attributes["type"] = "boldSystem"
                default: description.attributes["name"] = nsFont["name"]
                }
                if let font = font(description) { spec.font = font }
            }
        }
        if node.children("fragment").count > 1 {
            warn(
                node,
                "an attributed text with \(node.children("fragment").count) fragments is drawn in its first fragment's font and colour"
            )
        }
        return text
    }

    /// What a control the spec cannot draw is drawn as.
    static let placeholderColor = RGBA(red: 1, green: 0, blue: 1, alpha: 0.25)

    /// The intrinsic content size UIKit gives a standard control, where it has one without its
    /// content (nil for a dimension without: UIView.noIntrinsicMetric). Buttons and image views
    /// size to their title or image, which an import does not have: IB's frame stands in.
    func intrinsicSize(_ node: XMLNode, frame: Rect?) -> (width: Double?, height: Double?)? {
        switch node.name {
        case "activityIndicatorView":
            let large = ["whiteLarge", "large"].contains(node["style"] ?? "")
            return large ? (37, 37) : (20, 20)
        case "switch": return (51, 31)
        case "progressView": return (nil, 2)
        case "toolbar": return (nil, 44)
        case "button", "imageView": return frame.map { ($0.width, $0.height) }
        default: return nil
        }
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

    /// The elements whose every attribute and child is read or reported.
    private static let supportedElements: Set<String> = ["label", "view", "stackView"]

    /// A stack view's attributes, which `StackViewReader` reads.
    private static let stackAttributes: Set<String> = [
        "axis", "distribution", "alignment", "spacing", "layoutMarginsRelativeArrangement",
        "baselineRelativeArrangement",
    ]

    private mutating func readAttributes(
        _ node: XMLNode, into spec: inout ViewSpec, text: inout String?, arranged: Bool
    ) {
        let supported = Self.supportedElements.contains(node.name)
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
        if node["hidden"] == "YES" && arranged {
            spec.isHidden = true  // the stack gives it no space (UISV-hiding)
        } else if node["hidden"] == "YES" {
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
        where !Self.inertAttributes.contains(name) && name != "customClass"
            && !(spec.kind == .stack && Self.stackAttributes.contains(name))
        {
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
