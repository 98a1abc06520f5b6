import RefreshFramesCore

/// Layout margins, the safe area and a scene's layout guides: what a constraint to a margin or a guide
/// is relative to.
extension DocumentReader {
    /// The view's id with its layout margins, and its layout guides: the safe area (from the
    /// device, for a storyboard scene's root view; a xib's views have no bars over them), the
    /// margins guide, and a scene's top and bottom layout guides (below the status bar, and at the
    /// bottom edge).
    mutating func addAnchors(
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
    /// the system minimums: 0 above and below, 16 beside, 20 from 414 pt wide), no smaller than
    /// the system minimums unless `viewRespectsSystemMinimumLayoutMargins` is off, then inset from
    /// the safe area unless `insetsLayoutMarginsFromSafeArea` is off. Sources in docs/import-sources.md.
    static func rootMargins(
        custom: (top: Double?, left: Double?, bottom: Double?, right: Double?)?, width: Double, safeArea: EdgeInsets,
        respectsMinimums: Bool, insetFromSafeArea: Bool
    ) -> EdgeInsets {
        let side: Double = width >= 414 ? 20 : 16
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
