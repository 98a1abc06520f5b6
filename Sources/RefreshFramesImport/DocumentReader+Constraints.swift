import RefreshFramesCore

extension DocumentReader {
    /// Reads a `<constraints>` list with Xcode's defaults: a missing `firstItem` is the owner of the
    /// list, relation `equal`, multiplier 1 (or `a:b`), constant 0, priority 1000, and a constraint
    /// without `secondItem` is a constant size. Constraints with the superview first and multiplier 1
    /// are turned around so the view comes first, unless an outlet names them (`constraintOutletIDs`:
    /// the code's `constant` then means what it means in the document). Exact duplicates are dropped
    /// with a warning.
    mutating func readConstraints(
        _ list: XMLNode, owner: LayoutItem, ids: [String: Anchor], into constraints: inout [ImportedConstraint]
    ) {
        for node in list.children {
            guard node.name == "constraint" else {
                warn(node, "not a constraint; ignored")
                continue
            }
            if let id = node["id"], inactive.contains(id) { continue }  // not in the device's size class
            guard var spec = constraint(node, owner: owner, ids: ids) else { continue }
            let isOutlet = node["id"].map(constraintOutletIDs.contains) ?? false
            if !isOutlet { spec = normalized(spec) }
            if let earlier = constraints.first(where: { $0.spec.isSame(as: spec) }) {
                warn(node, "duplicates \(earlier.element) on line \(earlier.line); dropped")
                continue
            }
            constraints.append(
                ImportedConstraint(
                    spec: spec, elementID: node["id"], documentConstant: node["constant"].flatMap(Double.init) ?? 0,
                    element: node.reference, line: node.line, isPlain: Self.isPlain(node, ids: ids)))
        }
    }

    private mutating func constraint(_ node: XMLNode, owner: LayoutItem, ids: [String: Anchor]) -> ConstraintSpec? {
        if node["placeholder"] == "YES" {
            warn(node, "a placeholder constraint (removed at build time); dropped")
            return nil
        }
        func anchor(_ key: String) -> Anchor?? {
            guard let id = node[key] else { return .some(nil) }
            guard let anchor = ids[id] else {
                warn(node, "\(key) '\(id)' is not a view or layout guide of the imported view; dropped")
                return nil
            }
            return .some(anchor)
        }
        /// The attribute on the view's bounds, and the offset a margin or guide adds to it.
        func attribute(_ key: String, of anchor: Anchor?) -> (LayoutAttribute, Double)?? {
            guard let name = node[key] else { return .some(nil) }
            if let attribute = LayoutAttribute(rawValue: name) {
                return .some((attribute, anchor?.insets.offset(of: attribute) ?? 0))
            }
            if let attribute = Self.marginAttributes[name] {
                guard let anchor, !anchor.isGuide else {
                    warn(node, "\(key) '\(name)' on a layout guide is not representable; dropped")
                    return nil
                }
                return .some((attribute, anchor.margins.offset(of: attribute)))
            }
            if ["firstBaseline", "lastBaseline", "baseline"].contains(name), let anchor, !anchor.isGuide {
                if let baseline = anchor.baseline { return .some((.centerY, baseline)) }
                if !anchor.hasText {
                    // A view without text: its first baseline is its top, its last its bottom (UIKit's
                    // forFirstBaselineLayout / forLastBaselineLayout).
                    return .some(name == "firstBaseline" ? (.top, 0) : (.bottom, 0))
                }
                warn(node, "\(key) '\(name)': the label's font metrics are not at hand; dropped")
                return nil
            }
            warn(node, "\(key) '\(name)' is an unknown attribute, not representable in a spec; dropped")
            return nil
        }
        guard let firstAnchor = anchor("firstItem"), let secondAnchor = anchor("secondItem") else { return nil }
        let first = firstAnchor?.item
        let second = secondAnchor?.item
        let firstOwner = firstAnchor ?? ids.values.first { $0.item == owner && !$0.isGuide }
        guard let firstAttributeOption = attribute("firstAttribute", of: firstOwner),
            let secondAttributeOption = attribute("secondAttribute", of: secondAnchor)
        else {
            return nil
        }
        guard let (firstAttribute, firstOffset) = firstAttributeOption else {
            warn(node, "no firstAttribute; dropped")
            return nil
        }
        let secondAttribute = secondAttributeOption?.0
        if let setsContentSize = contentSizeSide(
            first: (firstOwner, node["firstAttribute"] ?? "", first ?? owner),
            second: secondAnchor.map { ($0, node["secondAttribute"] ?? node["firstAttribute"] ?? "") })
        {
            warn(node, "\(setsContentSize); a spec has no content size, so the layout leaves it out; dropped")
            return nil
        }
        var secondOffset = 0.0
        if let secondAnchor {
            // Without a secondAttribute, the second item's attribute is the first's.
            secondOffset = secondAttributeOption?.1 ?? secondAnchor.insets.offset(of: firstAttribute)
        }
        var spec = ConstraintSpec(item: first ?? owner, attribute: firstAttribute)
        switch node["relation"] {
        case nil: break
        case "lessThanOrEqual": spec.relation = .lessThanOrEqual
        case "greaterThanOrEqual": spec.relation = .greaterThanOrEqual
        case let other?:
            warn(node, "relation '\(other)' is unknown; dropped")
            return nil
        }
        if let text = node["multiplier"] {
            guard let m = Self.multiplier(text) else {
                warn(node, "multiplier '\(text)' is not a number or a:b ratio; dropped")
                return nil
            }
            spec.multiplier = m
        }
        if let text = node["constant"] {
            guard let c = Double(text), c.isFinite else {
                warn(node, "constant '\(text)' is not a number; dropped")
                return nil
            }
            guard abs(c) <= Limits.layoutExtent else {
                warn(node, "constant '\(text)' is over the limit layoutExtent = 100000 points; dropped")
                return nil
            }
            spec.constant = c
        }
        // first + o1 = m × (second + o2) + c  ⇔  first = m × second + (m × o2 + c − o1)
        let folded = (second == nil ? 0 : spec.multiplier * secondOffset) - firstOffset
        if folded != 0 { spec.constant += folded }
        if let text = node["priority"] {
            guard let p = Double(text), (1...1000).contains(p) else {
                warn(node, "priority '\(text)' is not from 1 to 1000; dropped")
                return nil
            }
            spec.priority = p
        }
        if let second {
            spec.toItem = second
            spec.toAttribute = secondAttribute ?? firstAttribute
        } else if firstAttribute != .width && firstAttribute != .height || spec.item == .superview {
            warn(node, "a constraint without secondItem must size a subview (width or height); dropped")
            return nil
        }
        if spec.item == .superview && spec.toItem == .superview {
            warn(node, "relates the root view to itself; dropped")
            return nil
        }
        return spec
    }

    /// Why a constraint relates a scroll view's content size rather than frames, or nil: an edge or
    /// margin of a scroll view to a view inside it is its content area's (the Auto Layout Guide,
    /// "Working with Scroll Views": "Constraints between the edges or margins of the scroll view and
    /// its content attach to the scroll view's content area. Constraints between the height, width, or
    /// centers attach to the scroll view's frame."; TN2154, "UIScrollView And Autolayout", says the
    /// same of the edges), and so is any attribute of its `contentLayoutGuide`. At
    /// rest (content offset zero) the content area's leading and top edges are the scroll view's
    /// bounds' own, so those constraints place the views as they read; its trailing and bottom edges,
    /// width, height and centre follow the content size, which sizes nothing in a spec.
    func contentSizeSide(
        first: (anchor: Anchor?, name: String, item: LayoutItem),
        second: (anchor: Anchor, name: String)?
    ) -> String? {
        let origin: Set<String> = ["leading", "left", "top", "leadingMargin", "leftMargin", "topMargin"]
        let edges: Set<String> = origin.union([
            "trailing", "right", "bottom", "trailingMargin", "rightMargin", "bottomMargin",
        ])
        func isInside(_ item: LayoutItem, _ container: LayoutItem) -> Bool {
            var current = item
            var steps = 0
            while case .view(let tag) = current, let parent = superviews[tag], steps <= superviews.count {
                if parent == container { return true }
                current = parent
                steps += 1
            }
            return false
        }
        func reason(_ anchor: Anchor, _ name: String, other: LayoutItem?) -> String? {
            guard !origin.contains(name) else { return nil }
            if anchor.isContentGuide {
                return "\(anchor.item)'s contentLayoutGuide \(name) follows the scroll view's content size, not a frame"
            }
            guard !anchor.isGuide, scrollViews.contains(anchor.item), edges.contains(name), let other,
                isInside(other, anchor.item)
            else { return nil }
            return
                "a scroll view's \(name) edge to a view inside it is its content area's, not its frame's: it sets \(anchor.item)'s content size"
        }
        if let second {
            if let why = reason(second.anchor, second.name, other: first.item) { return why }
            if let anchor = first.anchor { return reason(anchor, first.name, other: second.anchor.item) }
            return nil
        }
        if let anchor = first.anchor, anchor.isContentGuide, ["width", "height"].contains(first.name) {
            return "it sizes \(anchor.item)'s contentLayoutGuide, the scroll view's content size, not a frame"
        }
        return nil
    }

    /// Whether a constraint relates the items' own attributes (no margin attribute, baseline or
    /// layout guide) with the constant the document gives.
    static func isPlain(_ node: XMLNode, ids: [String: Anchor]) -> Bool {
        let attributes = [node["firstAttribute"], node["secondAttribute"]].compactMap { $0 }
        let guides = [node["firstItem"], node["secondItem"]].compactMap { $0 }.contains { ids[$0]?.isGuide ?? true }
        return !guides && attributes.allSatisfy { LayoutAttribute(rawValue: $0) != nil }
    }

    /// The elements of UIScrollView and its subclasses.
    static let scrollViewElements: Set<String> = ["scrollView", "tableView", "collectionView", "textView"]

    /// `leadingMargin` … `centerYWithinMargins`: the attribute of the view's margins.
    static let marginAttributes: [String: LayoutAttribute] = [
        "leadingMargin": .leading, "trailingMargin": .trailing, "leftMargin": .left, "rightMargin": .right,
        "topMargin": .top, "bottomMargin": .bottom, "centerXWithinMargins": .centerX,
        "centerYWithinMargins": .centerY,
    ]

    /// `a:b` and `a/b` (Xcode 6) → a ÷ b, or a plain number.
    static func multiplier(_ text: String) -> Double? {
        let separator: Character = text.contains("/") ? "/" : ":"
        let parts = text.split(separator: separator, omittingEmptySubsequences: false)
        // Finite and within the layout's extent, so the spec decodes and the layout stays bounded.
        func bounded(_ m: Double) -> Double? { m.isFinite && abs(m) <= Limits.layoutExtent ? m : nil }
        if parts.count == 2, let a = Double(parts[0]), let b = Double(parts[1]), b != 0 { return bounded(a / b) }
        if parts.count == 1, let m = Double(text) { return bounded(m) }
        return nil
    }

    /// `superview.A rel view.B + c` (multiplier 1) becomes `view.B rel' superview.A − c`.
    private func normalized(_ spec: ConstraintSpec) -> ConstraintSpec {
        guard spec.item == .superview, let toItem = spec.toItem, case .view = toItem, spec.multiplier == 1,
            let toAttribute = spec.toAttribute
        else { return spec }
        var turned = spec
        turned.item = toItem
        turned.attribute = toAttribute
        turned.toItem = .superview
        turned.toAttribute = spec.attribute
        turned.constant = spec.constant == 0 ? 0 : -spec.constant
        turned.relation =
            switch spec.relation {
            case .equal: .equal
            case .lessThanOrEqual: .greaterThanOrEqual
            case .greaterThanOrEqual: .lessThanOrEqual
            }
        return turned
    }
}

/// What a constraint's item id stands for: a view (with its layout margins) or a layout guide (a
/// view's bounds inset, as the safe area or a top or bottom layout guide).
struct Anchor {
    var item: LayoutItem
    /// The guide's insets from the view's bounds; zero for the view itself.
    var insets = EdgeInsets()
    /// The view's layoutMargins, for `leadingMargin` and the like.
    var margins = EdgeInsets(top: 8, left: 8, bottom: 8, right: 8)
    /// The view's safe-area insets (for its subviews' safe areas); zero for a guide.
    var safeArea = EdgeInsets()
    var isGuide = false
    /// A scroll view's `contentLayoutGuide`: its origin is the scroll view's content origin, its size
    /// the content size.
    var isContentGuide = false
    /// For a label: its baseline's offset below its centre (from the font's metrics).
    var baseline: Double? = nil
    /// Whether the view draws text (a label), so has a baseline of its own.
    var hasText = false
}

/// Top, left, bottom and right insets, in points.
struct EdgeInsets: Equatable {
    var top = 0.0
    var left = 0.0
    var bottom = 0.0
    var right = 0.0

    /// How far the inset rectangle's attribute lies from the bounds' one.
    func offset(of attribute: LayoutAttribute) -> Double {
        switch attribute {
        case .left, .leading: left
        case .right, .trailing: -right
        case .top: top
        case .bottom: -bottom
        case .width: -(left + right)
        case .height: -(top + bottom)
        case .centerX: (left - right) / 2
        case .centerY: (top - bottom) / 2
        }
    }
}

extension ConstraintSpec {
    /// The same equation, relation and priority.
    func isSame(as other: ConstraintSpec) -> Bool {
        item == other.item && attribute == other.attribute && relation == other.relation && toItem == other.toItem
            && toAttribute == other.toAttribute && multiplier == other.multiplier && constant == other.constant
            && priority == other.priority
    }
}
