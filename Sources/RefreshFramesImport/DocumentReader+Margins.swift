import RefreshFramesCore

/// Layout margins: a view's own, and a view controller's root view's as UIKit computes them.
extension DocumentReader {
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
