import RefreshFramesCore

/// Layout margins, the safe area and a scene's layout guides: what a constraint to a margin or a guide
/// is relative to.
extension DocumentReader {
    /// The view's id with its layout margins, and its layout guides: the safe area (from the
    /// device, for a storyboard scene's root view and for a xib's root the size of the device's
    /// screen; a smaller xib root has none; a subview's is the part of its superview's that it
    /// covers), the margins guide, and a scene's top and bottom layout guides (below the status
    /// bar, and at the bottom edge). `superview` is a subview's superview's anchor and bounds size.
    mutating func addAnchors(
        of node: XMLNode, as item: LayoutItem, isRoot: Bool, size: Rect?,
        superview: (anchor: Anchor, bounds: Rect?)? = nil, to ids: inout [String: Anchor]
    ) {
        var margins = EdgeInsets(top: 8, left: 8, bottom: 8, right: 8)
        var safeArea = EdgeInsets()
        // A scene in a navigation controller has its 44 pt bar below the status bar (Use Your Loaf,
        // "Supporting iPhone X": "a status bar (20 points) and navigation bar (44 points)"), 96 with
        // large titles; in a tab bar controller, a 49 pt tab bar above the bottom (ContainerBars).
        let navigationBar = isRoot ? containerBars.navigationBar : 0
        let tabBar = isRoot ? containerBars.tabBar : 0
        if isRoot, let controller {
            let usesBars =
                node.children("viewLayoutGuide").contains { $0["key"] == "safeArea" }
                || controller.child("layoutGuides") != nil
            let screen = Self.simulatedScreen(controller)
            if usesBars, !Self.knownDevices.contains(device ?? "") {
                let name = "\(device ?? "none") (\(orientation ?? "portrait"))"
                let assumed = screen == .noStatusBar ? "no status bar (IB shows none)" : "a status bar of 20 pt"
                warn(
                    node,
                    "the safe area of device \(name) is not in the import's table; \(assumed) and no home indicator assumed"
                )
            }
            if screen == .noStatusBar, barInsets(screen).top == 0 {
                warn(
                    controller,
                    "IB shows this scene with no status bar, so its frames have none over them; at run time UIKit puts one there unless the controller hides it (prefersStatusBarHidden)"
                )
            }
            var bars = barInsets(screen)
            bars.top += navigationBar
            bars.bottom += tabBar
            safeArea = bars
            // Before safe areas (a document without useSafeAreas last laid out by Xcode 8 or earlier),
            // IB lays the root out as iOS 10 did: its margins are the minimums alone, the top and
            // bottom layout guides carry the bars. iOS 11 insets them from the safe area, and so does
            // Xcode 9 and later's canvas in such a document: say so where it matters.
            if !usesSafeAreas, bars.top > 0 || bars.bottom > 0, Self.usesOwnVerticalMargins(node) {
                let above = formatNumber(bars.top)
                let below = formatNumber(bars.bottom)
                warn(
                    node,
                    laysOutAsIOS11
                        ? "laid out as Xcode 9 and later lay out a document without safe areas: the root's top and bottom margins are inset from the bars (\(above) pt above, \(below) below), as on iOS 11 and later; on iOS 10 and earlier they leave the bars out, so views on those margins move by that much"
                        : "laid out as IB does for a document without safe areas (Xcode 8 or earlier): the root's top and bottom margins leave out the bars (\(above) pt above, \(below) below); on iOS 11 and later UIKit insets them from the safe area, so views on those margins move by that much"
                )
            }
            margins = Self.rootMargins(
                custom: Self.customMargins(node), width: size?.width ?? 0, safeArea: safeArea,
                respectsMinimums: Self.flag(controller, "viewRespectsSystemMinimumLayoutMargins", default: true),
                insetFromSafeArea: laysOutAsIOS11 && Self.flag(node, "insetsLayoutMarginsFromSafeArea", default: true),
                anyWidth: device == nil)
        } else {
            if isRoot, usesSafeAreas, let size,
                let screen = Self.screenSize(device, landscape: orientation == "landscape"),
                size.width == screen.width, size.height == screen.height
            {
                // A xib's root the size of the device's screen: IB lays it out with the device's safe
                // area (a public Xcode 10 xib on retina4_7 stores a label 50 below the safe area's top
                // at y = 70); a smaller (freeform) root keeps none. docs/import-sources.md.
                safeArea = Self.deviceInsets(device, landscape: orientation == "landscape")
            }
            if let custom = Self.customMargins(node) {
                margins = EdgeInsets(
                    top: custom.top ?? margins.top, left: custom.left ?? margins.left,
                    bottom: custom.bottom ?? margins.bottom, right: custom.right ?? margins.right)
            }
            if let superview, let frame = size, let bounds = superview.bounds {
                (safeArea, margins) = Self.subviewInsets(
                    margins: margins, frame: frame, in: bounds, superview: superview.anchor,
                    insetFromSafeArea: laysOutAsIOS11
                        && Self.flag(node, "insetsLayoutMarginsFromSafeArea", default: true),
                    preservesSuperviewMargins: Self.flag(node, "preservesSuperviewLayoutMargins", default: false))
            } else if isRoot, safeArea != EdgeInsets(),
                Self.flag(node, "insetsLayoutMarginsFromSafeArea", default: true)
            {
                margins = EdgeInsets(
                    top: margins.top + safeArea.top, left: margins.left + safeArea.left,
                    bottom: margins.bottom + safeArea.bottom, right: margins.right + safeArea.right)
            }
        }
        if let id = node["id"] { ids[id] = Anchor(item: item, margins: margins, safeArea: safeArea) }
        for guide in node.children("viewLayoutGuide") {
            guard let id = guide["id"] else { continue }
            switch guide["key"] {
            case "safeArea": ids[id] = Anchor(item: item, insets: safeArea, margins: margins, isGuide: true)
            case "layoutMargins": ids[id] = Anchor(item: item, insets: margins, margins: margins, isGuide: true)
            // A scroll view's guides (iOS 11): the frame's, and the content area's (its size the content size).
            case "frameLayoutGuide": ids[id] = Anchor(item: item, isGuide: true)
            case "contentLayoutGuide": ids[id] = Anchor(item: item, isGuide: true, isContentGuide: true)
            default: continue
            }
        }
        guard isRoot, let controller, let height = size?.height else { return }
        let bars = barInsets(Self.simulatedScreen(controller))
        let statusBar = bars.top + navigationBar
        for guide in controller.child("layoutGuides")?.children("viewControllerLayoutGuide") ?? [] {
            guard let id = guide["id"] else { continue }
            switch guide["type"] {
            case "top":
                ids[id] = Anchor(item: item, insets: EdgeInsets(bottom: height - statusBar), isGuide: true)
            case "bottom":
                let bottomBar = bars.bottom + tabBar
                ids[id] = Anchor(
                    item: item, insets: EdgeInsets(top: height - bottomBar, bottom: bottomBar), isGuide: true)
            default: continue
            }
        }
    }

    /// Whether IB laid the document out as iOS 11 and later do, its views' margins inset from the
    /// safe area: a document with safe areas (`useSafeAreas`), or one without last saved by Xcode 9
    /// or later (`toolsVersion` 13000 and above), whose canvas is iOS 11's. allenwong/30DaysofSwift
    /// Project 28's scene (Xcode 10, saved in the Xcode 8 format) stores a table on the root's top
    /// margin at y = 64, the status and navigation bars; sam408130/Lolita-public's Xcode 6 scenes
    /// store the same at y = 0. docs/import-sources.md.
    var laysOutAsIOS11: Bool { usesSafeAreas || (toolsVersion ?? 0) >= 13000 }

    /// A subview's safe area and margins, from the frame IB stored for it (the layout's own frame
    /// would make the margins depend on the solution): the safe area is the part of the
    /// superview's that the view covers; its own margins are measured from that safe area (unless
    /// `insetsLayoutMarginsFromSafeArea` is off), then, with `preservesSuperviewLayoutMargins`, grown
    /// by the least that keeps its content inside the superview's margins too. Sources in
    /// docs/import-sources.md.
    static func subviewInsets(
        margins own: EdgeInsets, frame: Rect, in bounds: Rect, superview: Anchor, insetFromSafeArea: Bool,
        preservesSuperviewMargins: Bool
    ) -> (safeArea: EdgeInsets, margins: EdgeInsets) {
        // How far each edge of the view lies inside the superview's bounds.
        let top = frame.y
        let left = frame.x
        let bottom = bounds.height - frame.maxY
        let right = bounds.width - frame.maxX
        let parent = superview.safeArea
        let safeArea = EdgeInsets(
            top: max(0, parent.top - top), left: max(0, parent.left - left), bottom: max(0, parent.bottom - bottom),
            right: max(0, parent.right - right))
        var margins = own
        if insetFromSafeArea {
            margins = EdgeInsets(
                top: own.top + safeArea.top, left: own.left + safeArea.left, bottom: own.bottom + safeArea.bottom,
                right: own.right + safeArea.right)
        }
        if preservesSuperviewMargins {
            let outer = superview.margins
            margins = EdgeInsets(
                top: max(margins.top, outer.top - top), left: max(margins.left, outer.left - left),
                bottom: max(margins.bottom, outer.bottom - bottom), right: max(margins.right, outer.right - right))
        }
        return (safeArea, margins)
    }

    /// What IB's simulated metrics put over a scene: the device's screen (a status bar, and the home
    /// indicator of the devices that have one), or the screen with the simulated status bar set to
    /// None (`<nil key="simulatedStatusBarMetrics"/>`).
    enum SimulatedScreen { case device, noStatusBar }

    static func simulatedScreen(_ controller: XMLNode) -> SimulatedScreen {
        controller.keyed("simulatedStatusBarMetrics")?.name == "nil" ? .noStatusBar : .device
    }

    /// The bars over a scene's root view, as IB lays it out: the device's (`deviceInsets`), without
    /// the status bar where IB shows none (on the devices whose safe area is the status bar alone;
    /// the iPhone X's sensor housing stays).
    func barInsets(_ screen: SimulatedScreen) -> EdgeInsets {
        var insets = Self.deviceInsets(device, landscape: orientation == "landscape")
        if screen == .noStatusBar, insets.top == 20 { insets.top = 0 }
        return insets
    }

    /// Whether a constraint of the root's own list is to its top or bottom margin (an item left out
    /// is the owner).
    static func usesOwnVerticalMargins(_ root: XMLNode) -> Bool {
        let id = root["id"]
        return (root.child("constraints")?.children("constraint") ?? []).contains { constraint in
            [("firstItem", "firstAttribute"), ("secondItem", "secondAttribute")].contains { item, attribute in
                ["topMargin", "bottomMargin"].contains(constraint[attribute] ?? "")
                    && (constraint[item] == nil || constraint[item] == id)
            }
        }
    }

    /// A Boolean of the view (or view controller) as UIKit has it after loading the nib: a
    /// user-defined runtime attribute of that key path (`type="boolean"`, or a number, 0 being NO)
    /// wins over the inspector's attribute of the same name, since UIKit sets runtime attributes
    /// with `setValue(_:forKeyPath:)` on the object it has already decoded; else the attribute,
    /// else `value`. The last runtime attribute of the key path counts.
    static func flag(_ node: XMLNode, _ name: String, default value: Bool) -> Bool {
        let attributes = node.child("userDefinedRuntimeAttributes")?.children("userDefinedRuntimeAttribute") ?? []
        if let runtime = attributes.last(where: { $0["keyPath"] == name }), let set = runtimeBoolean(runtime) {
            return set
        }
        switch node[name] {
        case "YES": return true
        case "NO": return false
        default: return value
        }
    }

    /// A runtime attribute's value as a Boolean: `type="boolean" value="YES"`, or a number
    /// (`<integer key="value" value="1"/>`, `<real …>`), non-zero being YES; nil for another type.
    static func runtimeBoolean(_ attribute: XMLNode) -> Bool? {
        switch attribute["type"] {
        case "boolean":
            let value = attribute["value"] ?? attribute.keyed("value")?["value"]
            return value == "YES"
        case "number":
            return attribute.keyed("value")?["value"].flatMap(Double.init).map { $0 != 0 }
        default:
            return nil
        }
    }

    /// The device's screen in points, in the document's orientation; nil for a device outside the table.
    static func screenSize(_ device: String?, landscape: Bool) -> (width: Double, height: Double)? {
        guard let known = device.flatMap(Device.interfaceBuilder) else { return nil }
        return landscape ? (known.height, known.width) : (known.width, known.height)
    }

    /// The device ids `deviceInsets` knows (`Device.all`: the iPhones from the 4s to the 8 Plus, the
    /// iPhone X, XS, XR and XS Max, the iPhone 12 and the iPhone 14 Pro).
    static var knownDevices: Set<String> { Set(Device.all.compactMap(\.interfaceBuilderID)) }

    /// The safe area of a full-screen view controller by IB's device id, from `Device` (sources
    /// there and in docs/import-sources.md): in portrait the status bar (or sensor housing, or
    /// Dynamic Island) above and the home indicator below; in landscape the housing's inset on both
    /// sides and the home indicator below. 20 above for a device the table does not have (a warning
    /// says so).
    static func deviceInsets(_ device: String?, landscape: Bool = false) -> EdgeInsets {
        guard let known = device.flatMap(Device.interfaceBuilder) else { return EdgeInsets(top: 20) }
        let insets = known.safeArea(landscape: landscape)
        return EdgeInsets(top: insets.top, left: insets.left, bottom: insets.bottom, right: insets.right)
    }

    /// A view's own margins as IB writes them: `<edgeInsets key="layoutMargins">` (left, right) or
    /// `<directionalEdgeInsets key="directionalLayoutMargins">` (leading, trailing: left and right in
    /// a left-to-right language); an edge IB leaves out is nil.
    static func customMargins(_ node: XMLNode) -> (top: Double?, left: Double?, bottom: Double?, right: Double?)? {
        let insets: XMLNode
        let (left, right): (String, String)
        if let fixed = node.keyed("layoutMargins"), fixed.name == "edgeInsets" {
            (insets, left, right) = (fixed, "left", "right")
        } else if let directional = node.keyed("directionalLayoutMargins"), directional.name == "directionalEdgeInsets"
        {
            (insets, left, right) = (directional, "leading", "trailing")
        } else {
            return nil
        }
        func value(_ name: String) -> Double? { insets[name].flatMap(Double.init).flatMap { $0.isFinite ? $0 : nil } }
        return (value("top"), value(left), value("bottom"), value(right))
    }

    /// A view controller's root view's margins as UIKit computes them: its own margins (by default
    /// the system minimums: 0 above and below, 16 beside, 20 from 414 pt wide; 16 on the 600 pt
    /// canvas of a document without `<device>`, Xcode 6 and 7's Any width, `anyWidth`), no smaller than
    /// the system minimums unless `viewRespectsSystemMinimumLayoutMargins` is off, then inset from
    /// the safe area unless `insetsLayoutMarginsFromSafeArea` is off. Sources in docs/import-sources.md.
    static func rootMargins(
        custom: (top: Double?, left: Double?, bottom: Double?, right: Double?)?, width: Double, safeArea: EdgeInsets,
        respectsMinimums: Bool, insetFromSafeArea: Bool, anyWidth: Bool = false
    ) -> EdgeInsets {
        let side: Double = width >= 414 && !anyWidth ? 20 : 16
        let minimum = EdgeInsets(top: 0, left: side, bottom: 0, right: side)
        var own = EdgeInsets(
            top: custom?.top ?? minimum.top, left: custom?.left ?? minimum.left,
            bottom: custom?.bottom ?? minimum.bottom, right: custom?.right ?? minimum.right)
        if respectsMinimums {
            own = EdgeInsets(
                top: max(own.top, minimum.top), left: max(own.left, minimum.left),
                bottom: max(own.bottom, minimum.bottom), right: max(own.right, minimum.right))
        }
        guard insetFromSafeArea else { return own }
        return EdgeInsets(
            top: own.top + safeArea.top, left: own.left + safeArea.left, bottom: own.bottom + safeArea.bottom,
            right: own.right + safeArea.right)
    }
}
