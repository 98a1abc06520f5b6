import RefreshFramesCore

/// The frames Interface Builder stored, in the root view's coordinates, to check them against the
/// document's own constraints: a required constraint they break shows that IB's frame is stale
/// (not where UIKit would put the view), whatever the import solves.
struct StoredFrames {
    /// By tag; a view without a stored frame (or under one without) is absent.
    var frames: [Int: Rect] = [:]
    var root: Rect

    init(_ imported: ImportedDocument) {
        root = Rect(x: 0, y: 0, width: imported.canvas.width, height: imported.canvas.height)
        let byTag = Dictionary(imported.views.map { ($0.spec.tag, $0) }, uniquingKeysWith: { first, _ in first })
        // Views come in document order, a superview before its subviews.
        for view in imported.views {
            guard let frame = view.frame else { continue }
            var origin = (x: frame.x, y: frame.y)
            if let superview = view.spec.superview {
                guard byTag[superview] != nil, let outer = frames[superview] else { continue }
                origin = (outer.x + frame.x, outer.y + frame.y)
            }
            frames[view.spec.tag] = Rect(x: origin.x, y: origin.y, width: frame.width, height: frame.height)
        }
    }

    /// Within half a pixel at 2x: IB rounds each frame to the pixel grid, so a centred view can sit
    /// a quarter point off its constraint.
    static let tolerance = 0.26

    /// The first required, plain constraint on the view (`ImportedConstraint.isPlain`) that the
    /// stored frames break by more than `tolerance`; nil when they satisfy every one they can be
    /// checked against.
    func brokenConstraint(of tag: Int, in constraints: [ImportedConstraint]) -> BrokenConstraint? {
        for constraint in constraints where constraint.isPlain && constraint.pinnedTag == nil {
            let spec = constraint.spec
            guard spec.priority == 1000, spec.item == .view(tag: tag) || spec.toItem == .view(tag: tag),
                let stored = value(of: spec.attribute, of: spec.item)
            else { continue }
            var expected = spec.constant
            if let toItem = spec.toItem {
                guard let other = value(of: spec.toAttribute ?? spec.attribute, of: toItem) else { continue }
                expected += spec.multiplier * other
            }
            let broken =
                switch spec.relation {
                case .equal: abs(stored - expected) > Self.tolerance
                case .lessThanOrEqual: stored - expected > Self.tolerance
                case .greaterThanOrEqual: expected - stored > Self.tolerance
                }
            if broken {
                return BrokenConstraint(
                    line: constraint.line, attribute: spec.attribute.rawValue, stored: stored, expected: expected)
            }
        }
        return nil
    }

    /// An attribute of a stored frame (leading and trailing as left and right: a left-to-right language).
    func value(of attribute: LayoutAttribute, of item: LayoutItem) -> Double? {
        let frame: Rect
        switch item {
        case .superview: frame = root
        case .view(let tag):
            guard let stored = frames[tag] else { return nil }
            frame = stored
        }
        return switch attribute {
        case .left, .leading: frame.x
        case .right, .trailing: frame.maxX
        case .top: frame.y
        case .bottom: frame.maxY
        case .width: frame.width
        case .height: frame.height
        case .centerX: frame.x + frame.width / 2
        case .centerY: frame.y + frame.height / 2
        }
    }
}
