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
}
