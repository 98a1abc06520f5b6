import Foundation
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
    /// The `<device id=… orientation=…>` the document is laid out for, if it says.
    var device: String?
    var orientation: String?
    /// A storyboard scene's view controller, for its top and bottom layout guides and margins.
    var controller: XMLNode?
    /// The storyboard scene to import: a 1-based number or a name; nil for the first.
    var scene: String?
    /// A one-line label's baseline below its centre, from the font's metrics; nil when unknown.
    var baselineOffset: (FontSpec) -> Double? = { _ in nil }
    /// A text's size in a font, for a button's title; nil when it cannot be measured.
    var measure: (String, FontSpec) -> IntrinsicSize? = { _, _ in nil }

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
        orientation = document.child("device")?["orientation"]
        let root = try rootView(document, storyboard: type == XIBImporter.storyboardType)
        inactive = inactiveIDs(root, document: document)
        let deviceNode = document.child("device")
        let classes = SizeClasses(device: deviceNode?["id"], orientation: deviceNode?["orientation"])
        return try readRoot(Self.applyingVariations(root, classes: classes))
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
        guard var view = candidates.first(where: { Self.rootViewElements.contains($0.name) }) else {
            throw .noRootView(
                line: objects.line,
                detail:
                    "no top-level <view> (or collection reusable view, table or collection view cell) in <objects> to import"
            )
        }
        let top = view
        if view.name == "tableViewCell" || view.name == "collectionViewCell" {
            // A cell's subviews are its content view's, laid out in the content view's bounds.
            guard let content = view.keyed("contentView") else {
                throw .noRootView(line: view.line, detail: "the \(view.reference) has no content view")
            }
            warn(view, "the cell is imported as its content view \(content.reference)")
            if content.keyed("frame") == nil, let frame = view.keyed("frame"), let inset = content.keyed("frameInset") {
                // Xcode 8.0 writes the content view's frame as an inset of the cell's.
                var rect = frame
                rect.attributes = ["key": "frame", "x": "0", "y": "0"]
                rect.attributes["width"] = inset["width"] ?? frame["width"]
                rect.attributes["height"] = inset["height"] ?? frame["height"]
                var withFrame = content
                withFrame.children.insert(rect, at: 0)
                view = withFrame
            } else {
                view = content
            }
            for other in candidates where other.line != top.line || other.name != top.name {
                warn(other, "only the first top-level view is imported; this object is skipped")
            }
            return view
        }
        for other in candidates where other.line != view.line || other.name != view.name {
            warn(other, "only the first top-level <view> is imported; this object is skipped")
        }
        return view
    }

    /// The top-level objects of a .xib that can be the imported root view.
    static let rootViewElements: Set<String> = [
        "view", "collectionReusableView", "tableViewCell", "collectionViewCell",
    ]

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
                "edgeInsets", "directionalEdgeInsets", "variation",
                "freeformSimulatedSizeMetrics", "simulatedStatusBarMetrics", "simulatedScreenMetrics",
                "simulatedOrientationMetrics", "connections", "animations", "accessibility":
                continue
            case "frame" where child["key"] == "frameInset":
                continue  // a cell's content view: its size is the cell's
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
            var view = readView(node, tag: tag)
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
            } else if let button = view.button,
                let size = buttonSize(node, title: button, frame: view.frame, scale: canvas.scale)
            {
                constraints += intrinsicConstraints(view, node: node, size: size)
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
        // A scene in a navigation controller has its 44 pt bar below the status bar (Use Your Loaf,
        // "Supporting iPhone X": "a status bar (20 points) and navigation bar (44 points)").
        let navigationBar: Double = isRoot && controller?.keyed("navigationItem") != nil ? 44 : 0
        if isRoot, controller != nil {
            let usesBars =
                node.children("viewLayoutGuide").contains { $0["key"] == "safeArea" }
                || controller?.child("layoutGuides") != nil
            if usesBars, !Self.knownDevices.contains(device ?? "") || orientation == "landscape" {
                let name = "\(device ?? "none") (\(orientation ?? "portrait"))"
                warn(
                    node,
                    "the safe area of device \(name) is not in the import's table; a status bar of 20 pt and no home indicator assumed"
                )
            }
            var bars = Self.deviceInsets(device)
            bars.top += navigationBar
            safeArea = EdgeInsets(top: bars.top, left: 0, bottom: bars.bottom, right: 0)
            margins = Self.rootMargins(
                custom: Self.customMargins(node), width: size?.width ?? 0, safeArea: safeArea,
                respectsMinimums: controller?["viewRespectsSystemMinimumLayoutMargins"] != "NO",
                insetFromSafeArea: node["insetsLayoutMarginsFromSafeArea"] != "NO")
        } else if let custom = Self.customMargins(node) {
            margins = EdgeInsets(
                top: custom.top ?? margins.top, left: custom.left ?? margins.left,
                bottom: custom.bottom ?? margins.bottom, right: custom.right ?? margins.right)
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
        let statusBar = Self.deviceInsets(device).top + navigationBar
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

    /// The device ids `deviceInsets` knows, in portrait: the iPhones from the 4s to the 8 Plus, and
    /// the iPhone X, XS, XR and XS Max.
    static let knownDevices: Set<String> = [
        "retina3_5", "retina4_0", "retina4_7", "retina5_5", "retina5_9", "retina6_1", "retina6_5",
    ]

    /// The status bar (or sensor housing) above and the home indicator below a full-screen view
    /// controller, portrait, by IB's device id: 20 and 0 before the iPhone X, 44 and 34 on the
    /// iPhone X, XS, XR and XS Max. Sources (docs/import-sources.md): Use Your Loaf, "Supporting
    /// iPhone X" (a 20 pt status bar on the iPhone 8; 34 pt at the bottom of the iPhone X, 88 pt at
    /// its top with a 44 pt navigation bar), and usagimaru's table on Qiita (812 pt high, 734 pt safe;
    /// 896 pt high, 818 pt safe: 78 = 44 + 34). Later devices (47, 50 or 59 pt at the top) are not
    /// in the table: a warning says so.
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
        // An edge Xcode leaves out is at the superview's edge: minX="20" alone is 20 from the left
        // and 0 from the right; width="375" alone is at the left (a real storyboard's tableView).
        func axis(_ min: Double?, _ size: Double?, _ max: Double?, _ length: Double) -> (Double, Double)? {
            switch (min, size, max) {
            case (let a?, let s?, _): (a, s)
            case (nil, let s?, let b?): (length - b - s, s)
            case (nil, let s?, nil): (0, s)
            case (let a, nil, let b): (a ?? 0, length - (a ?? 0) - (b ?? 0))
            }
        }
        guard let (x, width) = axis(value("minX"), value("width"), value("maxX"), container.width),
            let (y, height) = axis(value("minY"), value("height"), value("maxY"), container.height)
        else { return nil }
        return Rect(x: x, y: y, width: width, height: height)
    }

    /// The constraints UIKit makes of a frame and an autoresizing mask
    /// (translatesAutoresizingMaskIntoConstraints): the frame as stored while the superview keeps
    /// its size in the document; when it does not (the root's canvas, or a container the constraints
    /// solve to another size), the change is shared among the flexible margins and size in
    /// proportion to their sizes (UIView.autoresizingMask). Inside a container, a constraint relates
    /// one edge, the centre or the size to the container's: the shares it can write are the whole
    /// change to one margin or the size, or an even split between two flexible margins; any other
    /// split keeps the position as stored, with a warning.
    private mutating func autoresizingConstraints(
        _ view: ImportedView, node: XMLNode, frame: Rect, in container: Rect
    ) -> [ImportedConstraint] {
        let mask = node.keyed("autoresizingMask")
        func flexible(_ name: String) -> Bool { mask?[name] == "YES" }
        let tag = view.spec.tag
        let superview = view.spec.superview.map { LayoutItem.view(tag: $0) } ?? .superview
        var specs: [ConstraintSpec] = []
        typealias Axis = (start: LayoutAttribute, end: LayoutAttribute, size: LayoutAttribute, center: LayoutAttribute)
        func add(_ axis: Axis, origin: Double, size: Double, length: Double, flags: (Bool, Bool, Bool)) {
            let parts = [origin, size, length - origin - size]
            let flexibleTotal = zip(parts, [flags.0, flags.1, flags.2]).reduce(0) { $0 + ($1.1 ? $1.0 : 0) }
            let share = { (index: Int, isFlexible: Bool) -> Double in
                guard isFlexible, flexibleTotal > 0 else { return 0 }
                return parts[index] / flexibleTotal
            }
            let startShare = share(0, flags.0)
            let sizeShare = share(1, flags.1)
            let endShare = share(2, flags.2)
            let item = LayoutItem.view(tag: tag)
            if superview == .superview || startShare == 0 {
                // start = origin + startShare × (L − length), with the root's start at 0 and its end at L.
                specs.append(
                    startShare == 0
                        ? ConstraintSpec(
                            item: item, attribute: axis.start, toItem: superview, toAttribute: axis.start,
                            constant: origin)
                        : ConstraintSpec(
                            item: item, attribute: axis.start, toItem: superview, toAttribute: axis.end,
                            multiplier: startShare, constant: origin - startShare * length))
            } else if endShare == 0 {
                // The end margin is fixed: the end follows the container's end.
                specs.append(
                    ConstraintSpec(
                        item: item, attribute: axis.end, toItem: superview, toAttribute: axis.end,
                        constant: origin + size - length))
            } else if abs(startShare - endShare) < 1e-9 {
                // Equal shares either side: the centre keeps its offset from the container's centre.
                specs.append(
                    ConstraintSpec(
                        item: item, attribute: axis.center, toItem: superview, toAttribute: axis.center,
                        constant: origin + size / 2 - length / 2))
            } else {
                warn(
                    node,
                    "its autoresizing mask shares a change of its container's \(axis.size.rawValue) between margins of \(SpecWriter.number(origin)) and \(SpecWriter.number(parts[2])) pt, which a constraint to the container cannot write; its \(axis.start.rawValue) stays as stored"
                )
                specs.append(
                    ConstraintSpec(
                        item: item, attribute: axis.start, toItem: superview, toAttribute: axis.start, constant: origin)
                )
            }
            specs.append(
                sizeShare == 0
                    ? ConstraintSpec(item: item, attribute: axis.size, constant: size)
                    : ConstraintSpec(
                        item: item, attribute: axis.size, toItem: superview, toAttribute: axis.size,
                        multiplier: sizeShare, constant: size - sizeShare * length))
        }
        add(
            (.leading, .trailing, .width, .centerX), origin: frame.x, size: frame.width, length: container.width,
            flags: (flexible("flexibleMinX"), flexible("widthSizable"), flexible("flexibleMaxX")))
        add(
            (.top, .bottom, .height, .centerY), origin: frame.y, size: frame.height, length: container.height,
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

    /// A view of the hierarchy.
    private mutating func readView(_ node: XMLNode, tag: Int) -> ImportedView {
        var kind = ViewKind.view
        var placeholder = false
        switch node.name {
        case "label": kind = .label
        case "view": kind = .view
        case "stackView": kind = .stack
        case "activityIndicatorView": kind = .spinner
        case "button" where Self.hasTitle(node):
            kind = .label
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
        readAttributes(node, into: &spec, text: &text)
        if kind == .stack {
            let (stack, stackWarnings) = StackViewReader.read(node)
            spec.stack = stack
            warnings += stackWarnings
        }
        for child in node.children {
            switch (child.name, child["key"]) {
            case ("rect", "frame"), ("autoresizingMask", _), ("constraints", _), ("point", _), ("connections", _),
                ("viewLayoutGuide", _), ("nil", "highlightedColor"), ("color", "highlightedColor"),
                ("edgeInsets", "layoutMargins"), ("directionalEdgeInsets", "directionalLayoutMargins"),
                ("frame", "frameInset"), ("variation", _), ("animations", _),
                ("accessibility", _):
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
        if node.name == "label" { readLines(node, into: &spec) }
        if node.name == "button", kind == .label {
            imported.button = readButton(node, into: &spec)
            text = imported.button?.text
        }
        if kind == .label, let text { spec.texts = [.idle: text, .refreshing: text] }
        if kind == .spinner, node.keyed("color") == nil, ["white", "whiteLarge"].contains(node["style"] ?? "") {
            spec.tintColor = .white
        }
        imported.spec = spec
        imported.text = text
        return imported
    }

    /// An attributed label's text, its fragments' content joined (a `content` attribute, or a
    /// `<string key="content">` or `<mutableString key="content">`, base64 when IB marks it
    /// `base64-UTF8="YES"`). A spec label has one font and one colour: the fragments' when they all
    /// share them, else the first fragment's, with a warning.
    mutating func attributedText(_ node: XMLNode, into spec: inout ViewSpec) -> String {
        var text = ""
        let fragments = node.children("fragment")
        for fragment in fragments {
            if let content = fragment["content"] {
                text += content
            } else if let content = fragment.children.first(where: {
                XMLNode.textElements.contains($0.name) && $0["key"] == "content"
            }) {
                if content["base64-UTF8"] == "YES" {
                    let compact = content.text.filter { !$0.isWhitespace }
                    if let data = Data(base64Encoded: compact), let decoded = String(data: data, encoding: .utf8) {
                        text += decoded
                    } else {
                        warn(content, "the fragment's base64 text does not decode as UTF-8; it is left out")
                    }
                } else {
                    text += content.text
                }
            } else {
                warn(fragment, "a fragment without content; nothing of it is imported")
            }
        }
        /// A fragment's style as written: its NSFont's and NSColor's attributes.
        func style(_ fragment: XMLNode) -> [[String: String]?] {
            let attributes = fragment.child("attributes")
            return [attributes?.keyed("NSFont")?.attributes, attributes?.keyed("NSColor")?.attributes]
        }
        guard let first = fragments.first(where: { $0.child("attributes") != nil }) else { return text }
        if let attributes = first.child("attributes") {
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
        let styles = fragments.map(style)
        if styles.contains(where: { $0 != styles[0] }) {
            warn(
                node,
                "an attributed text with \(fragments.count) fragments in different fonts or colours is drawn in its first fragment's font and colour"
            )
        }
        return text
    }

    /// Whether a `<button>` has a title to draw (its configuration's or its normal state's).
    static func hasTitle(_ node: XMLNode) -> Bool {
        let source =
            node.keyed("configuration").flatMap { $0.name == "buttonConfiguration" ? $0 : nil }
            ?? node.children("state").first { $0["key"] == "normal" }
        return source?["title"].map { !$0.isEmpty } ?? false || source?.keyed("attributedTitle") != nil
    }

    /// What a control the spec cannot draw is drawn as.
    static let placeholderColor = RGBA(red: 1, green: 0, blue: 1, alpha: 0.25)

    /// The intrinsic content size UIKit gives a standard control, where it has one without its
    /// content (nil for a dimension without: UIView.noIntrinsicMetric). Buttons and image views
    /// size to their image, which an import does not have, and a button without a title: IB's frame
    /// stands in. (A button with a title: `buttonSize`.)
    func intrinsicSize(_ node: XMLNode, frame: Rect?) -> (width: Double?, height: Double?)? {
        switch node.name {
        case "activityIndicatorView":
            let large = ["whiteLarge", "large"].contains(node["style"] ?? "")
            return large ? (37, 37) : (20, 20)
        // 51 × 31: a UISwitch's view hierarchy as UIKit lays it out (c4ios.com, "Hacking UISwitch");
        // 20 × 20 and 37 × 37: markmeretzky.com's UIActivityIndicatorView notes.
        case "switch": return (51, 31)
        case "progressView": return (nil, 2)
        case "toolbar": return (nil, 44)
        case "button", "imageView": return frame.map { ($0.width, $0.height) }
        default: return nil
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
