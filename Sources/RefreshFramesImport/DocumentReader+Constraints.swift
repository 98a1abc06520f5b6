import RefreshFramesCore

extension DocumentReader {
    /// Reads a `<constraints>` list with Xcode's defaults: a missing `firstItem` is the owner of the
    /// list, relation `equal`, multiplier 1 (or `a:b`), constant 0, priority 1000, and a constraint
    /// without `secondItem` is a constant size. Constraints with the superview first and multiplier 1
    /// are turned around so the view comes first. Exact duplicates are dropped with a warning.
    mutating func readConstraints(
        _ list: XMLNode, owner: LayoutItem, ids: [String: LayoutItem], into constraints: inout [ImportedConstraint]
    ) {
        for node in list.children {
            guard node.name == "constraint" else {
                warn(node, "not a constraint; ignored")
                continue
            }
            guard var spec = constraint(node, owner: owner, ids: ids) else { continue }
            spec = normalised(spec)
            if let earlier = constraints.first(where: { $0.spec.isSame(as: spec) }) {
                warn(node, "duplicates \(earlier.element) on line \(earlier.line); dropped")
                continue
            }
            constraints.append(ImportedConstraint(spec: spec, element: node.reference, line: node.line))
        }
    }

    private mutating func constraint(_ node: XMLNode, owner: LayoutItem, ids: [String: LayoutItem]) -> ConstraintSpec? {
        if node["placeholder"] == "YES" {
            warn(node, "a placeholder constraint (removed at build time); dropped")
            return nil
        }
        func item(_ key: String) -> LayoutItem?? {
            guard let id = node[key] else { return .some(nil) }
            guard let item = ids[id] else {
                warn(
                    node,
                    "\(key) '\(id)' is not the root view or one of its subviews (a spec has no layout guides or nested views); dropped"
                )
                return nil
            }
            return .some(item)
        }
        func attribute(_ key: String) -> LayoutAttribute?? {
            guard let name = node[key] else { return .some(nil) }
            guard let attribute = LayoutAttribute(rawValue: name) else {
                let kind =
                    name.hasSuffix("Margin") || name.hasSuffix("WithinMargins")
                    ? "a margin attribute"
                    : name.lowercased().hasSuffix("baseline") ? "a baseline attribute" : "an unknown attribute"
                warn(node, "\(key) '\(name)' is \(kind), not representable in a spec; dropped")
                return nil
            }
            return .some(attribute)
        }
        guard let first = item("firstItem"), let second = item("secondItem") else { return nil }
        guard let firstAttributeOption = attribute("firstAttribute"), let secondAttribute = attribute("secondAttribute")
        else {
            return nil
        }
        guard let firstAttribute = firstAttributeOption else {
            warn(node, "no firstAttribute; dropped")
            return nil
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

    /// `a:b` → a/b, or a plain number.
    static func multiplier(_ text: String) -> Double? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        // Finite and within the layout's extent, so the spec decodes and the layout stays bounded.
        func bounded(_ m: Double) -> Double? { m.isFinite && abs(m) <= Limits.layoutExtent ? m : nil }
        if parts.count == 2, let a = Double(parts[0]), let b = Double(parts[1]), b != 0 { return bounded(a / b) }
        if parts.count == 1, let m = Double(text) { return bounded(m) }
        return nil
    }

    /// `superview.A rel view.B + c` (multiplier 1) becomes `view.B rel' superview.A − c`.
    private func normalised(_ spec: ConstraintSpec) -> ConstraintSpec {
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

extension ConstraintSpec {
    /// The same equation, relation and priority.
    func isSame(as other: ConstraintSpec) -> Bool {
        item == other.item && attribute == other.attribute && relation == other.relation && toItem == other.toItem
            && toAttribute == other.toAttribute && multiplier == other.multiplier && constant == other.constant
            && priority == other.priority
    }
}
