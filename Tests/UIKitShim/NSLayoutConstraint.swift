import RefreshFramesCore

@MainActor
open class NSLayoutConstraint {
    public enum Attribute: Int, Sendable {
        case left = 1
        case right = 2
        case top = 3
        case bottom = 4
        case leading = 5
        case trailing = 6
        case width = 7
        case height = 8
        case centerX = 9
        case centerY = 10
        case notAnAttribute = 0
    }

    public enum Relation: Int, Sendable {
        case lessThanOrEqual = -1
        case equal = 0
        case greaterThanOrEqual = 1
    }

    public enum Axis: Int, Sendable {
        case horizontal = 0
        case vertical = 1
    }

    public let firstItem: AnyObject?
    public let firstAttribute: Attribute
    public let relation: Relation
    public let secondItem: AnyObject?
    public let secondAttribute: Attribute
    public let multiplier: CGFloat
    public var constant: CGFloat
    public var priority: UILayoutPriority = .required
    public var isActive = false {
        didSet { if isActive && !oldValue { install() } }
    }

    public convenience init(
        item view1: Any, attribute attr1: NSLayoutConstraint.Attribute, relatedBy relation: NSLayoutConstraint.Relation,
        toItem view2: Any?, attribute attr2: NSLayoutConstraint.Attribute, multiplier: CGFloat, constant c: CGFloat
    ) {
        self.init(
            first: view1 as AnyObject, attr1, relation, second: view2.map { $0 as AnyObject }, attr2, multiplier, c)
    }

    init(
        first: AnyObject, _ a1: Attribute, _ relation: Relation, second: AnyObject?, _ a2: Attribute,
        _ multiplier: CGFloat, _ constant: CGFloat
    ) {
        let horizontal: Set<Attribute> = [.left, .right, .centerX]
        let directional: Set<Attribute> = [.leading, .trailing, .centerX]
        if a2 != .notAnAttribute, a1 != .centerX, a2 != .centerX {
            // UIKit raises: "A constraint cannot be made between a leading/trailing attribute and a right/left attribute".
            precondition(
                !(horizontal.contains(a1) && directional.contains(a2)
                    || directional.contains(a1) && horizontal.contains(a2)),
                "A constraint cannot be made between a leading/trailing attribute and a right/left attribute")
        }
        firstItem = first
        firstAttribute = a1
        self.relation = relation
        secondItem = second
        secondAttribute = a2
        self.multiplier = multiplier
        self.constant = constant
    }

    open class func activate(_ constraints: [NSLayoutConstraint]) {
        for c in constraints { c.isActive = true }
    }

    /// Adds the constraint to the closest common ancestor of its items, as UIKit does.
    private func install() {
        guard let first = firstItem as? UIView else { return }
        var ancestor: UIView? = first
        if let second = secondItem as? UIView {
            var chain: [ObjectIdentifier] = []
            var v: UIView? = first
            while let view = v {
                chain.append(ObjectIdentifier(view))
                v = view.superview
            }
            ancestor = second
            while let a = ancestor, !chain.contains(ObjectIdentifier(a)) { ancestor = a.superview }
        }
        precondition(ancestor != nil, "the constraint's items have no common ancestor")
        ancestor!.addConstraint(self)
    }
}

@MainActor
open class NSLayoutAnchor<AnchorType: AnyObject> {
    let view: UIView
    let attribute: NSLayoutConstraint.Attribute

    init(_ view: UIView, _ attribute: NSLayoutConstraint.Attribute) {
        self.view = view
        self.attribute = attribute
    }

    func make(_ relation: NSLayoutConstraint.Relation, _ other: NSLayoutAnchor<AnchorType>, _ c: CGFloat)
        -> NSLayoutConstraint
    {
        NSLayoutConstraint(first: view, attribute, relation, second: other.view, other.attribute, 1, c)
    }

    open func constraint(equalTo anchor: NSLayoutAnchor<AnchorType>) -> NSLayoutConstraint { make(.equal, anchor, 0) }
    open func constraint(greaterThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>) -> NSLayoutConstraint {
        make(.greaterThanOrEqual, anchor, 0)
    }
    open func constraint(lessThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>) -> NSLayoutConstraint {
        make(.lessThanOrEqual, anchor, 0)
    }
    open func constraint(equalTo anchor: NSLayoutAnchor<AnchorType>, constant c: CGFloat) -> NSLayoutConstraint {
        make(.equal, anchor, c)
    }
    open func constraint(greaterThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>, constant c: CGFloat)
        -> NSLayoutConstraint
    {
        make(.greaterThanOrEqual, anchor, c)
    }
    open func constraint(lessThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>, constant c: CGFloat)
        -> NSLayoutConstraint
    {
        make(.lessThanOrEqual, anchor, c)
    }
}

@MainActor
open class NSLayoutXAxisAnchor: NSLayoutAnchor<NSLayoutXAxisAnchor> {}

@MainActor
open class NSLayoutYAxisAnchor: NSLayoutAnchor<NSLayoutYAxisAnchor> {}

@MainActor
open class NSLayoutDimension: NSLayoutAnchor<NSLayoutDimension> {
    private func make(_ relation: NSLayoutConstraint.Relation, _ other: NSLayoutDimension?, _ m: CGFloat, _ c: CGFloat)
        -> NSLayoutConstraint
    {
        NSLayoutConstraint(
            first: view, attribute, relation, second: other?.view, other?.attribute ?? .notAnAttribute, m, c)
    }

    open func constraint(equalToConstant c: CGFloat) -> NSLayoutConstraint { make(.equal, nil, 1, c) }
    open func constraint(greaterThanOrEqualToConstant c: CGFloat) -> NSLayoutConstraint {
        make(.greaterThanOrEqual, nil, 1, c)
    }
    open func constraint(lessThanOrEqualToConstant c: CGFloat) -> NSLayoutConstraint {
        make(.lessThanOrEqual, nil, 1, c)
    }
    open func constraint(equalTo anchor: NSLayoutDimension, multiplier m: CGFloat) -> NSLayoutConstraint {
        make(.equal, anchor, m, 0)
    }
    open func constraint(equalTo anchor: NSLayoutDimension, multiplier m: CGFloat, constant c: CGFloat)
        -> NSLayoutConstraint
    {
        make(.equal, anchor, m, c)
    }
    open func constraint(greaterThanOrEqualTo anchor: NSLayoutDimension, multiplier m: CGFloat, constant c: CGFloat)
        -> NSLayoutConstraint
    {
        make(.greaterThanOrEqual, anchor, m, c)
    }
    open func constraint(lessThanOrEqualTo anchor: NSLayoutDimension, multiplier m: CGFloat, constant c: CGFloat)
        -> NSLayoutConstraint
    {
        make(.lessThanOrEqual, anchor, m, c)
    }
}

/// Layout through the engine's Cassowary solver: the active constraints of the whole hierarchy
/// become the engine's, with the view itself as the superview and each descendant by its tag (its
/// superview's tag when it is nested), labels measured and wrapped as the engine does, stack views
/// arranged as the engine arranges them.
@MainActor
enum ShimLayout {
    /// The view's descendants, each after its superview, subviews in order (depth first).
    static func descendants(of root: UIView) -> [UIView] {
        root.subviews.flatMap { [$0] + descendants(of: $0) }
    }

    static func solve(_ root: UIView) throws {
        // A view that translates its autoresizing mask into constraints (a code-made view's default)
        // keeps the frame the code gives it, and so do its subviews: the solver places the others.
        func constrained(_ view: UIView) -> [UIView] {
            view.subviews.filter { !$0.translatesAutoresizingMaskIntoConstraints }.flatMap { [$0] + constrained($0) }
        }
        let all = constrained(root)
        let views = all.map { view -> ViewSpec in
            var spec = ViewSpec(tag: view.tag)
            switch view {
            case let label as UILabel:
                spec.kind = .label
                spec.font = label.font.spec
                spec.lines = label.lines
                if let text = label.text { spec.texts[.idle] = text }
            case is UIActivityIndicatorView: spec.kind = .spinner
            case is UIImageView: spec.kind = .image
            case let stack as UIStackView:
                spec.kind = .stack
                spec.stack = stack.stackSpec
            default: spec.kind = .view
            }
            if let parent = view.superview, parent !== root {
                spec.superview = parent.tag
                if let stack = parent as? UIStackView, stack.customSpacing[ObjectIdentifier(view)] != nil {
                    spec.spacingAfter = stack.customSpacing(after: view)
                }
            }
            spec.isHidden = view.isHidden
            spec.huggingPriority = Double(view.contentHuggingPriority(for: .horizontal).rawValue)
            spec.compressionPriority = Double(view.contentCompressionResistancePriority(for: .horizontal).rawValue)
            return spec
        }
        func item(_ object: AnyObject?) -> LayoutItem? {
            guard let view = object as? UIView else { return nil }
            return view === root ? .superview : .view(tag: view.tag)
        }
        func attribute(_ a: NSLayoutConstraint.Attribute) -> LayoutAttribute? {
            switch a {
            case .left: .left
            case .right: .right
            case .top: .top
            case .bottom: .bottom
            case .leading: .leading
            case .trailing: .trailing
            case .width: .width
            case .height: .height
            case .centerX: .centerX
            case .centerY: .centerY
            case .notAnAttribute: nil
            }
        }
        // UIKit installs a constant size on the view itself, others on the closest common ancestor.
        let installed = root.constraints + all.flatMap(\.constraints)
        let constraints = installed.enumerated().map { index, c in
            ConstraintSpec(
                item: item(c.firstItem)!, attribute: attribute(c.firstAttribute)!,
                relation: c.relation == .equal
                    ? .equal : c.relation == .lessThanOrEqual ? .lessThanOrEqual : .greaterThanOrEqual,
                toItem: item(c.secondItem), toAttribute: attribute(c.secondAttribute), multiplier: c.multiplier,
                constant: c.constant, priority: Double(c.priority.rawValue), path: "constraints[\(index)]")
        }
        var texts: [Int: String] = [:]
        for view in all { if let text = (view as? UILabel)?.text { texts[view.tag] = text } }
        // Without a measurer labels have no intrinsic size (UIView.noIntrinsicMetric).
        let measurer = Shim.measurer ?? TextMeasurer { _, _ in IntrinsicSize(width: -1, height: -1) }
        let canvas = Canvas(width: root.bounds.width, height: root.bounds.height, scale: Shim.displayScale)
        let layout = try LayoutSolver.solve(
            canvas: canvas, views: views, constraints: constraints, texts: texts, measurer: measurer)
        for view in all {
            let f = layout.frame(tag: view.tag)
            let frame = CGRect(x: f.x, y: f.y, width: f.width, height: f.height)
            // Inside an animation block the pass sets each moved view's center and bounds, which
            // animate as any other change of them (the Auto Layout Guide's `layoutIfNeeded()` idiom).
            if Shim.animation != nil, view.frame != frame {
                view.center = CGPoint(x: frame.midX, y: frame.midY)
                view.bounds = CGRect(origin: .zero, size: frame.size)
            } else {
                view.frame = frame
            }
        }
    }
}
