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
    /// The `@IBOutlet` each view is connected to (`<outlet property=… destination=…>`), by view id.
    var outletNames: [String: String] = [:]
    /// The constraints an outlet of the code's names (by `id`): read as the document writes them.
    var constraintOutletIDs: Set<String> = []
    /// Views and constraints that the size-class variations leave out for the device.
    var inactive: Set<String> = []
    /// The `<device id=… orientation=…>` the document is laid out for, if it says.
    var device: String?
    var orientation: String?
    /// `useSafeAreas="YES"` (Xcode 9 and later, unless turned off): the scenes have safe areas.
    var usesSafeAreas = true
    /// The document's `toolsVersion` (the Xcode that last laid it out: 13000 and above is Xcode 9
    /// or later); nil when it does not say.
    var toolsVersion: Double?
    /// The size to lay the root out at instead of the stored one (a spec's own canvas).
    var rootSize: Size?
    /// The device's `appearance="dark"`, else light: what system colours resolve for.
    var appearance: Appearance = .light
    /// A storyboard scene's view controller, for its top and bottom layout guides and margins.
    var controller: XMLNode?
    /// The bars the scene's containers put over it (`DocumentReader+Bars`).
    var containerBars = ContainerBars()
    /// The storyboard scene to import: a 1-based number or a name; nil for the first.
    var scene: String?
    /// A one-line label's baseline below its centre, from the font's metrics; nil when unknown.
    var baselineOffset: (FontSpec) -> Double? = { _ in nil }
    /// A text's size in a font, for a button's title; nil when it cannot be measured.
    var measure: (String, FontSpec) -> IntrinsicSize? = { _, _ in nil }
    /// The app's images, and what the document's image views found of them (`DocumentReader+ImageView`).
    var images = ImportImages.none
    var resourceImages: [String: IntrinsicSize] = [:]
    var resolvedImages: [String: ImportImages.Found] = [:]
    var usesAssetCatalogs = false
    /// Each view's superview (by tag; a subview of the root has `.superview`), and the scroll views
    /// (`<scrollView>`, `<tableView>`, `<collectionView>`, `<textView>`): what a constraint's edge
    /// to a scroll view means depends on whether the other view is inside it (`DocumentReader+Constraints`).
    var superviews: [Int: LayoutItem] = [:]
    var scrollViews: Set<LayoutItem> = []

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
        resourceImages = Self.resourceImageSizes(document)
        device = document.child("device")?["id"]
        appearance = document.child("device")?["appearance"] == "dark" ? .dark : .light
        orientation = document.child("device")?["orientation"]
        usesSafeAreas = document["useSafeAreas"] == "YES"
        toolsVersion = document["toolsVersion"].flatMap(Double.init)
        let root = try rootView(document, storyboard: type == XIBImporter.storyboardType)
        inactive = inactiveIDs(root, document: document)
        outletNames = Self.outletNames(document, root: root)
        let deviceNode = document.child("device")
        let classes = SizeClasses(device: deviceNode?["id"], orientation: deviceNode?["orientation"])
        let owners = [root] + (controller.map { [$0] } ?? document.child("objects")?.children("placeholder") ?? [])
        constraintOutletIDs = Set(
            owners.flatMap { $0.child("connections")?.children("outlet") ?? [] }.compactMap { $0["destination"] })
        var imported = try readRoot(Self.applyingVariations(root, classes: classes))
        imported.outlets = outlets(
            of: owners, rootID: root["id"], views: imported.views, constraints: &imported.constraints)
        if usesAssetCatalogs { imported.assets = images.catalogs }
        return imported
    }

    /// Each outlet's property name by its destination's id: the root view's own outlets first (what
    /// a nib root of the code's class connects), then the other objects' (File's Owner), each in
    /// document order, the first one of a view kept; a name the spec cannot take (not an ASCII
    /// identifier) or already taken is left out.
    static func outletNames(_ document: XMLNode, root: XMLNode) -> [String: String] {
        var names: [String: String] = [:]
        var taken: Set<String> = []
        var pending = [document, root]
        while let node = pending.popLast() {
            if node.name == "outlet", let property = node["property"], let destination = node["destination"],
                names[destination] == nil, !taken.contains(property), property.isASCIIIdentifier
            {
                names[destination] = property
                taken.insert(property)
            }
            pending.append(contentsOf: node.children.reversed())
        }
        return names
    }

    /// The outlets a view's `"name"` cannot give, from the connections of the objects whose class
    /// is the code's (the root view, a xib's File's Owner, a storyboard scene's controller), in
    /// document order: an outlet to the root view, a second outlet to a view named for another,
    /// each `<outletCollection>` with its views in order (a view's own `gestureRecognizers`
    /// and a controller's `view` are UIKit's, not the code's), and an outlet to a constraint, which
    /// then takes the outlet's name as its `"id"`. A name a view has, or one already given, is left
    /// out, as are destinations that are not imported.
    mutating func outlets(
        of owners: [XMLNode], rootID: String?, views: [ImportedView], constraints: inout [ImportedConstraint]
    ) -> [Outlet] {
        var tags: [String: Int] = [:]
        for view in views { if let id = view.id { tags[id] = view.spec.tag } }
        var taken = Set(views.compactMap(\.spec.name))
        var outlets: [Outlet] = []
        for owner in owners {
            for connection in owner.child("connections")?.children ?? [] {
                guard let property = connection["property"], let destination = connection["destination"],
                    property.isASCIIIdentifier
                else { continue }
                switch connection.name {
                case "outlet":
                    guard !taken.contains(property), !(property == "view" && Self.isController(owner))
                    else { continue }
                    if destination == rootID {
                        outlets.append(Outlet(name: property, target: .root))
                    } else if let tag = tags[destination] {
                        outlets.append(Outlet(name: property, target: .view(tag)))
                    } else if let i = constraints.firstIndex(where: { $0.elementID == destination }) {
                        // A margin's or a layout guide's offset is in the spec's constant: the
                        // code's constant would not mean the same there.
                        guard abs(constraints[i].spec.constant - constraints[i].documentConstant) < 1e-9 else {
                            warn(
                                connection,
                                "the outlet '\(property)' to \(constraints[i].element) is not connected: its constant is \(SpecWriter.number(constraints[i].documentConstant)) in the document and \(SpecWriter.number(constraints[i].spec.constant)) from the view's edge here (a margin or a layout guide), so a constant the code sets would not mean the same"
                            )
                            continue
                        }
                        if constraints[i].spec.id == nil { constraints[i].spec.id = property }
                        outlets.append(Outlet(name: property, target: .constraint(constraints[i].spec.id ?? property)))
                    } else {
                        continue
                    }
                    taken.insert(property)
                case "outletCollection" where property != "gestureRecognizers":
                    guard let tag = tags[destination] else { continue }
                    if let i = outlets.firstIndex(where: { $0.name == property }) {
                        guard case .views(let list) = outlets[i].target, !list.contains(tag) else { continue }
                        outlets[i].target = .views(list + [tag])
                    } else if !taken.contains(property) {
                        outlets.append(Outlet(name: property, target: .views([tag])))
                        taken.insert(property)
                    }
                default:
                    continue
                }
            }
        }
        return outlets
    }

    /// A storyboard's controller, or a xib's File's Owner of a controller class: its `view` outlet
    /// is `UIViewController.view`.
    private static func isController(_ owner: XMLNode) -> Bool {
        owner.name.hasSuffix("Controller") || (owner["customClass"] ?? "").hasSuffix("Controller")
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
            containerBars = Self.containerBars(of: controller, in: all)
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
            var merged = content
            if content.keyed("frame") == nil, let frame = view.keyed("frame"), let inset = content.keyed("frameInset") {
                // Xcode 8.0 writes the content view's frame as an inset of the cell's.
                var rect = frame
                rect.attributes = ["key": "frame", "x": "0", "y": "0"]
                rect.attributes["width"] = inset["width"] ?? frame["width"]
                rect.attributes["height"] = inset["height"] ?? frame["height"]
                merged.children.insert(rect, at: 0)
            }
            view = Self.withCellsConstraints(merged, of: top)
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

    /// The runtime attributes of the root view that the layout honours.
    static let rootRuntimeFlags: Set<String> = ["insetsLayoutMarginsFromSafeArea", "preservesSuperviewLayoutMargins"]

    /// The top-level objects of a .xib that can be the imported root view.
    static let rootViewElements: Set<String> = [
        "view", "collectionReusableView", "tableViewCell", "collectionViewCell",
    ]

    // MARK: - The hierarchy

    private mutating func readRoot(_ root: XMLNode) throws(ImportError) -> ImportedDocument {
        guard var frame = root.keyed("frame").flatMap(rect) else {
            throw .noRootView(line: root.line, detail: "the root \(root.reference) has no <rect key=\"frame\">")
        }
        if let rootSize {
            frame.width = rootSize.width
            frame.height = rootSize.height
        }
        var background = RGBA.white
        var backgroundName: String?
        if let color = root.keyed("backgroundColor") {
            background = self.color(color) ?? background
            backgroundName = Self.semanticName(color)
        }
        // The root's alpha fades the whole control, its subviews too: a spec has no such key.
        if let text = root["alpha"], let alpha = Double(text), alpha < 1 {
            warn(
                root,
                "alpha \(SpecWriter.number(alpha)) of the root view is not represented in a spec: the canvas and its views are drawn at alpha 1"
            )
        }
        // Laid out at the device's scale, so frames snap to its pixel grid (1/3 pt on the 3x iPhones),
        // as UIKit's do on that device; 2 for a document without a device the table knows.
        let scale = device.flatMap(Device.interfaceBuilder)?.scale ?? 2
        let canvas = Canvas(width: frame.width, height: frame.height, scale: scale, background: background)
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
            case "userDefinedRuntimeAttributes":
                // The margin flags are honoured in the layout (`flag`); anything else is not.
                for attribute in child.children("userDefinedRuntimeAttribute")
                where
                    !(Self.rootRuntimeFlags.contains(attribute["keyPath"] ?? "")
                    && Self.runtimeBoolean(attribute) != nil)
                {
                    warn(
                        attribute,
                        "runtime attribute '\(attribute["keyPath"] ?? "")' of the root view is not represented in a spec; ignored"
                    )
                }
            default:
                warn(child, "not represented in a spec; ignored")
            }
        }

        let tags = assignTags(nodes.map(\.node))
        var views: [ImportedView] = []
        var ids: [String: Anchor] = [:]
        addAnchors(of: root, as: .superview, isRoot: true, size: frame, to: &ids)
        if Self.scrollViewElements.contains(root.name) { scrollViews.insert(.superview) }
        var constraints: [ImportedConstraint] = []
        for ((node, superview), tag) in zip(nodes, tags) {
            // UIStackView turns translatesAutoresizingMaskIntoConstraints off for its arranged views.
            let arranged = superview.map { nodes[$0].node.name == "stackView" } ?? false
            var view = readView(node, tag: tag)
            view.spec.name = node["id"].flatMap { outletNames[$0] }
            view.id = node["id"]
            view.spec.superview = superview.map { tags[$0] }
            superviews[tag] = superview.map { .view(tag: tags[$0]) } ?? .superview
            if Self.scrollViewElements.contains(node.name) { scrollViews.insert(.view(tag: tag)) }
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
            let superviewAnchor = (superview.map { nodes[$0].node } ?? root)["id"].flatMap { ids[$0] }
            addAnchors(
                of: node, as: .view(tag: tag), isRoot: false, size: view.frame,
                superview: superviewAnchor.map { ($0, container) }, to: &ids)
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
            canvas: canvas, rootElement: root.reference, rootLine: root.line, views: views, constraints: constraints,
            backgroundName: backgroundName, appearance: appearance, hasNoDevice: device == nil)
    }

    /// A cell's content view with what the cell itself holds of its layout: the cell's own
    /// `<constraints>` (the content view's subviews tied to the cell, or to its safe area) and its
    /// layout guides, which are the content view's bounds (the content view fills the cell), and the
    /// cell's `id` where the content view has none.
    static func withCellsConstraints(_ content: XMLNode, of cell: XMLNode) -> XMLNode {
        var merged = content
        if merged["id"] == nil, let id = cell["id"] { merged.attributes["id"] = id }
        // The cell's guides: one the content view lacks is added; for one it has, the cell's id is
        // made to name the content view's.
        for guide in cell.children("viewLayoutGuide") {
            guard let own = content.children("viewLayoutGuide").first(where: { $0["key"] == guide["key"] }) else {
                merged.children.append(guide)
                continue
            }
            guard let id = guide["id"], own["id"] != id else { continue }
            var alias = own
            alias.attributes["id"] = id
            merged.children.append(alias)
        }
        guard let cellConstraints = cell.child("constraints"), !cellConstraints.children.isEmpty else { return merged }
        if let index = merged.children.firstIndex(where: { $0.name == "constraints" }) {
            merged.children[index].children += cellConstraints.children
        } else {
            merged.children.append(cellConstraints)
        }
        return merged
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

    // MARK: - Values

    func rect(_ node: XMLNode) -> Rect? {
        guard let x = node["x"].flatMap(Double.init), let y = node["y"].flatMap(Double.init),
            let w = node["width"].flatMap(Double.init), let h = node["height"].flatMap(Double.init)
        else { return nil }
        return Rect(x: x, y: y, width: w, height: h)
    }
}
