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
        brokenConstraints(of: tag, in: constraints).first
    }

    /// Every required, plain constraint on the view that the stored frames break, in document order.
    func brokenConstraints(of tag: Int, in constraints: [ImportedConstraint]) -> [BrokenConstraint] {
        var found: [BrokenConstraint] = []
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
                // The view's own side: as the first item it moves by the offset; as the second, by
                // the offset back through the multiplier.
                let isFirst = spec.item == .view(tag: tag)
                let own = isFirst ? spec.attribute : (spec.toAttribute ?? spec.attribute)
                let ownOffset =
                    isFirst ? expected - stored : spec.multiplier == 0 ? 0 : (stored - expected) / spec.multiplier
                found.append(
                    BrokenConstraint(
                        line: constraint.line, attribute: spec.attribute.rawValue, stored: stored, expected: expected,
                        ownAttribute: own.rawValue, ownOffset: ownOffset))
            }
        }
        return found
    }

    /// Whether putting right the offsets by which IB's stored frame breaks its constraints (`broken`:
    /// each the view's own attribute moved by `ownOffset`) can leave the view within 0.5 pt of the
    /// solved frame in every edge and size: the stale part is then the whole difference. In each axis
    /// one of the broken constraints of that axis (or none) is put right: the whole frame moved by
    /// the offset, or, where the view's required constraints fix its size in that axis
    /// (`sizeFixed`, as the 441 of Xcode 6's template by its leading and centre), only the edge
    /// the constraint names (a size grown or shrunk at one end or about its centre, a centre moved
    /// by resizing at one end by twice the offset); a size its content sets (a label's text) is
    /// not IB's offset to put right. A view tied to its own aspect ratio (`aspect`: width =
    /// aspect x height) resizes in the other axis with it, at either end or about its centre.
    static func correctionLeavesWithin(
        stored: Rect, solved: Rect, broken: [BrokenConstraint], sizeFixed: (horizontal: Bool, vertical: Bool),
        aspect: Double? = nil
    ) -> Bool {
        typealias Change = (origin: Double, size: Double)
        var horizontal: [Change] = [(0, 0)]
        var vertical: [Change] = [(0, 0)]
        for constraint in broken {
            guard let attribute = LayoutAttribute(rawValue: constraint.ownAttribute) else { continue }
            let offset = constraint.ownOffset
            let isSize = attribute == .width || attribute == .height
            let resizes = isSize || (isHorizontal(attribute) ? sizeFixed.horizontal : sizeFixed.vertical)
            let candidates: [Change] =
                switch attribute {
                case .left, .leading, .top: [(offset, 0)] + (resizes ? [(offset, -offset)] : [])
                case .right, .trailing, .bottom: [(offset, 0)] + (resizes ? [(0, offset)] : [])
                case .width, .height: [(0, offset), (-offset, offset), (-offset / 2, offset)]
                case .centerX, .centerY: [(offset, 0)] + (resizes ? [(0, 2 * offset), (2 * offset, -2 * offset)] : [])
                }
            if isHorizontal(attribute) { horizontal += candidates } else { vertical += candidates }
        }
        func within(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 0.5 + 1e-9 }
        func fitsH(_ change: Change) -> Bool {
            let x = stored.x + change.origin
            let w = stored.width + change.size
            return within(x, solved.x) && within(w, solved.width) && within(x + w, solved.maxX)
        }
        func fitsV(_ change: Change) -> Bool {
            let y = stored.y + change.origin
            let h = stored.height + change.size
            return within(y, solved.y) && within(h, solved.height) && within(y + h, solved.maxY)
        }
        // A resize that the aspect ratio carries into the other axis.
        func carried(_ size: Double) -> [Change] {
            size == 0 ? [] : [(0, size), (-size, size), (-size / 2, size)]
        }
        for change in vertical where fitsV(change) {
            if (horizontal + carried((aspect ?? 0) * change.size)).contains(where: fitsH) { return true }
        }
        for change in horizontal where fitsH(change) {
            let back = aspect.map { $0 == 0 ? 0 : change.size / $0 } ?? 0
            if (vertical + carried(back)).contains(where: fitsV) { return true }
        }
        return false
    }

    /// Whether the view's required constraints fix its size in each axis: a constraint on its width
    /// (height), or two on different positions of that axis (leading and centre X, top and bottom).
    static func sizeFixed(of tag: Int, in constraints: [ImportedConstraint]) -> (horizontal: Bool, vertical: Bool) {
        var positions: [Bool: Set<LayoutAttribute>] = [true: [], false: []]
        var sizes: Set<Bool> = []
        for constraint in constraints where constraint.spec.priority == 1000 && constraint.pinnedTag == nil {
            let spec = constraint.spec
            var own: [LayoutAttribute] = []
            if spec.item == .view(tag: tag) { own.append(spec.attribute) }
            if spec.toItem == .view(tag: tag) { own.append(spec.toAttribute ?? spec.attribute) }
            guard spec.relation == .equal else { continue }
            for attribute in own {
                switch attribute {
                case .width: sizes.insert(true)
                case .height: sizes.insert(false)
                case .left, .leading: positions[true, default: []].insert(.leading)
                case .right, .trailing: positions[true, default: []].insert(.trailing)
                default: positions[isHorizontal(attribute), default: []].insert(attribute)
                }
            }
        }
        return (
            sizes.contains(true) || positions[true, default: []].count >= 2,
            sizes.contains(false) || positions[false, default: []].count >= 2
        )
    }

    /// The view's own aspect ratio, width = aspect x height, from a required constraint tying its
    /// width to its height; nil when it has none.
    static func aspect(of tag: Int, in constraints: [ImportedConstraint]) -> Double? {
        for constraint in constraints where constraint.spec.priority == 1000 {
            let spec = constraint.spec
            guard spec.item == .view(tag: tag), spec.toItem == .view(tag: tag), spec.relation == .equal else {
                continue
            }
            if spec.attribute == .width, spec.toAttribute == .height { return spec.multiplier }
            if spec.attribute == .height, spec.toAttribute == .width, spec.multiplier != 0 {
                return 1 / spec.multiplier
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
