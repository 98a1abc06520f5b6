import RefreshFramesCore

/// The frames Interface Builder stored, in the root view's coordinates, to check them against the
/// document's own constraints: a required constraint they break shows that IB's frame is stale
/// (not where UIKit would put the view), whatever the import solves.
struct StoredFrames {
    /// By tag; a view without a stored frame (or under one without) is absent.
    var frames: [Int: Rect] = [:]
    var root: Rect

    /// IB's stored frames, or with `replacing` (the solved frames, by tag, in each superview's
    /// coordinates) those instead.
    init(_ imported: ImportedDocument, replacing solved: [Int: Rect]? = nil) {
        root = Rect(x: 0, y: 0, width: imported.canvas.width, height: imported.canvas.height)
        let byTag = Dictionary(imported.views.map { ($0.spec.tag, $0) }, uniquingKeysWith: { first, _ in first })
        // Views come in document order, a superview before its subviews.
        for view in imported.views {
            guard let frame = solved.map({ $0[view.spec.tag] }) ?? view.frame else { continue }
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

    /// Whether an attribute is horizontal (x, width) or vertical (y, height).
    static func isHorizontal(_ attribute: LayoutAttribute) -> Bool {
        switch attribute {
        case .left, .right, .leading, .trailing, .width, .centerX: true
        case .top, .bottom, .height, .centerY: false
        }
    }

    /// Of the required, plain equalities between the view and one of `others` (views whose stored
    /// frames are off their constraints, each with the axes it is off in: `true` for horizontal)
    /// that the stored frames satisfy within `tolerance`, in an axis the other is off in, where the
    /// other's attribute moves from its stored to its solved frame and this view's moves with it
    /// (by the multiplier times as much), the one that moves this view most: that view's tag, the
    /// constraint's line, the axis and the move; nil when there is none. `solved` holds the solved
    /// frames.
    func satisfiedTie(
        of tag: Int, toAny others: [Int: Set<Bool>], in constraints: [ImportedConstraint], solved: StoredFrames
    ) -> (tag: Int, line: Int, horizontal: Bool, move: Double)? {
        var best: (tag: Int, line: Int, horizontal: Bool, move: Double)?
        for constraint in constraints where constraint.isPlain && constraint.pinnedTag == nil {
            let spec = constraint.spec
            guard spec.priority == 1000, spec.relation == .equal, let toItem = spec.toItem else { continue }
            let other: Int
            switch (spec.item, toItem) {
            case (.view(tag), .view(let second)) where others[second] != nil: other = second
            case (.view(let first), .view(tag)) where others[first] != nil: other = first
            default: continue
            }
            let secondAttribute = spec.toAttribute ?? spec.attribute
            let otherAttribute = spec.item == .view(tag: other) ? spec.attribute : secondAttribute
            guard others[other]?.contains(Self.isHorizontal(otherAttribute)) == true,
                let first = value(of: spec.attribute, of: spec.item),
                let second = value(of: secondAttribute, of: toItem),
                let firstSolved = solved.value(of: spec.attribute, of: spec.item),
                let secondSolved = solved.value(of: secondAttribute, of: toItem)
            else { continue }
            // Which side is the other view's: its move, and this view's.
            let (moved, follower) =
                spec.item == .view(tag: other)
                ? (firstSolved - first, secondSolved - second) : (secondSolved - second, firstSolved - first)
            let expectedMove = spec.item == .view(tag: other) ? moved / spec.multiplier : spec.multiplier * moved
            if abs(first - (spec.multiplier * second + spec.constant)) <= Self.tolerance,
                abs(moved) > Self.tolerance, abs(follower - expectedMove) <= Self.tolerance
            {
                let axis = Self.isHorizontal(spec.item == .view(tag: other) ? secondAttribute : spec.attribute)
                if abs(follower) > (best?.move ?? 0) { best = (other, constraint.line, axis, abs(follower)) }
            }
        }
        return best
    }

    /// The axes a stale view is off in: its broken constraint's (both for a view marked misplaced),
    /// and both when a required constraint ties its own width to its height (an aspect ratio).
    static func staleAxes(of difference: FrameDifference, in constraints: [ImportedConstraint]) -> Set<Bool> {
        guard let broken = difference.brokenConstraint, let attribute = LayoutAttribute(rawValue: broken.attribute)
        else { return [true, false] }
        let ownAspect = constraints.contains { constraint in
            let spec = constraint.spec
            return spec.priority == 1000 && spec.item == .view(tag: difference.tag)
                && spec.toItem == .view(tag: difference.tag)
                && Set([spec.attribute, spec.toAttribute]) == Set([.width, .height])
        }
        return ownAspect ? [true, false] : [Self.isHorizontal(attribute)]
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
