import RefreshFramesCore

/// Views that Auto Layout does not place from the document's constraints alone: a frame and an
/// autoresizing mask, or a control's intrinsic size, as the constraints UIKit makes of them.
extension DocumentReader {
    /// A control's intrinsic size as Auto Layout uses it: `size <= intrinsic` at the content hugging
    /// priority and `size >= intrinsic` at the compression resistance (UIKit's defaults 250 and 750).
    func intrinsicConstraints(
        _ view: ImportedView, node: XMLNode, size: (width: Double?, height: Double?)
    ) -> [ImportedConstraint] {
        var specs: [ConstraintSpec] = []
        for (attribute, value, axis) in [
            (LayoutAttribute.width, size.width, "horizontal"), (.height, size.height, "vertical"),
        ] {
            guard let value else { continue }
            func priority(_ name: String, _ fallback: Double) -> Double {
                let p = node[axis + name].flatMap(Double.init) ?? fallback
                return p.isFinite ? min(max(p, 1), 1000) : fallback
            }
            for (relation, p) in [
                (LayoutRelation.lessThanOrEqual, priority("HuggingPriority", 250)),
                (.greaterThanOrEqual, priority("CompressionResistancePriority", 750)),
            ] {
                specs.append(
                    ConstraintSpec(
                        item: .view(tag: view.spec.tag), attribute: attribute, relation: relation, constant: value,
                        priority: p))
            }
        }
        return specs.map { ImportedConstraint(spec: $0, element: view.element, line: view.line) }
    }

    /// Xcode 8.0's `<frame key="frameInset" minX minY width height>`, where `maxX`/`maxY` are the
    /// distances from the superview's right and bottom edges.
    func frameInset(_ node: XMLNode, in container: Rect) -> Rect? {
        func value(_ name: String) -> Double? { node[name].flatMap(Double.init).flatMap { $0.isFinite ? $0 : nil } }
        // An edge Xcode leaves out is at the superview's edge: minX="20" alone is 20 from the left
        // and 0 from the right; width="375" alone is at the left (a real storyboard's tableView).
        func axis(_ min: Double?, _ size: Double?, _ max: Double?, _ length: Double) -> (Double, Double)? {
            switch (min, size, max) {
            case (let a?, let s?, _): (a, s)
            case (nil, let s?, let b?): (length - b - s, s)
            case (nil, let s?, nil): (0, s)
            case (let a, nil, let b): (a ?? 0, length - (a ?? 0) - (b ?? 0))
            }
        }
        guard let (x, width) = axis(value("minX"), value("width"), value("maxX"), container.width),
            let (y, height) = axis(value("minY"), value("height"), value("maxY"), container.height)
        else { return nil }
        return Rect(x: x, y: y, width: width, height: height)
    }

    /// The constraints UIKit makes of a frame and an autoresizing mask
    /// (translatesAutoresizingMaskIntoConstraints): the frame as stored while the superview keeps
    /// its size in the document; when it does not (the root's canvas, or a container the constraints
    /// solve to another size), the change is shared among the flexible margins and size in
    /// proportion to their sizes (UIView.autoresizingMask). Inside a container, a constraint relates
    /// one edge, the centre or the size to the container's: the shares it can write are the whole
    /// change to one margin or the size, or an even split between two flexible margins; any other
    /// split keeps the position as stored, with a warning.
    mutating func autoresizingConstraints(
        _ view: ImportedView, node: XMLNode, frame: Rect, in container: Rect
    ) -> [ImportedConstraint] {
        let mask = node.keyed("autoresizingMask")
        func flexible(_ name: String) -> Bool { mask?[name] == "YES" }
        let tag = view.spec.tag
        let superview = view.spec.superview.map { LayoutItem.view(tag: $0) } ?? .superview
        var specs: [ConstraintSpec] = []
        typealias Axis = (start: LayoutAttribute, end: LayoutAttribute, size: LayoutAttribute, center: LayoutAttribute)
        func add(_ axis: Axis, origin: Double, size: Double, length: Double, flags: (Bool, Bool, Bool)) {
            let parts = [origin, size, length - origin - size]
            let flexibleTotal = zip(parts, [flags.0, flags.1, flags.2]).reduce(0) { $0 + ($1.1 ? $1.0 : 0) }
            let share = { (index: Int, isFlexible: Bool) -> Double in
                guard isFlexible, flexibleTotal > 0 else { return 0 }
                return parts[index] / flexibleTotal
            }
            let startShare = share(0, flags.0)
            let sizeShare = share(1, flags.1)
            let endShare = share(2, flags.2)
            let item = LayoutItem.view(tag: tag)
            if superview == .superview || startShare == 0 {
                // start = origin + startShare × (L − length), with the root's start at 0 and its end at L.
                specs.append(
                    startShare == 0
                        ? ConstraintSpec(
                            item: item, attribute: axis.start, toItem: superview, toAttribute: axis.start,
                            constant: origin)
                        : ConstraintSpec(
                            item: item, attribute: axis.start, toItem: superview, toAttribute: axis.end,
                            multiplier: startShare, constant: origin - startShare * length))
            } else if endShare == 0 {
                // The end margin is fixed: the end follows the container's end.
                specs.append(
                    ConstraintSpec(
                        item: item, attribute: axis.end, toItem: superview, toAttribute: axis.end,
                        constant: origin + size - length))
            } else if abs(startShare - endShare) < 1e-9 {
                // Equal shares either side: the centre keeps its offset from the container's centre.
                specs.append(
                    ConstraintSpec(
                        item: item, attribute: axis.center, toItem: superview, toAttribute: axis.center,
                        constant: origin + size / 2 - length / 2))
            } else {
                warn(
                    node,
                    "its autoresizing mask shares a change of its container's \(axis.size.rawValue) between margins of \(SpecWriter.number(origin)) and \(SpecWriter.number(parts[2])) pt, which a constraint to the container cannot write; its \(axis.start.rawValue) stays as stored"
                )
                specs.append(
                    ConstraintSpec(
                        item: item, attribute: axis.start, toItem: superview, toAttribute: axis.start, constant: origin)
                )
            }
            specs.append(
                sizeShare == 0
                    ? ConstraintSpec(item: item, attribute: axis.size, constant: size)
                    : ConstraintSpec(
                        item: item, attribute: axis.size, toItem: superview, toAttribute: axis.size,
                        multiplier: sizeShare, constant: size - sizeShare * length))
        }
        add(
            (.leading, .trailing, .width, .centerX), origin: frame.x, size: frame.width, length: container.width,
            flags: (flexible("flexibleMinX"), flexible("widthSizable"), flexible("flexibleMaxX")))
        add(
            (.top, .bottom, .height, .centerY), origin: frame.y, size: frame.height, length: container.height,
            flags: (flexible("flexibleMinY"), flexible("heightSizable"), flexible("flexibleMaxY")))
        return specs.map { ImportedConstraint(spec: $0, element: view.element, line: view.line) }
    }

    /// The intrinsic content size UIKit gives a standard control, where it has one without its
    /// content (nil for a dimension without: UIView.noIntrinsicMetric). Buttons and image views
    /// size to their image, which an import does not have, and a button without a title: IB's frame
    /// stands in. (A button with a title: `buttonSize`.)
    func intrinsicSize(_ node: XMLNode, frame: Rect?) -> (width: Double?, height: Double?)? {
        switch node.name {
        case "activityIndicatorView":
            let large = ["whiteLarge", "large"].contains(node["style"] ?? "")
            return large ? (37, 37) : (20, 20)
        // 51 × 31: a UISwitch's view hierarchy as UIKit lays it out (c4ios.com, "Hacking UISwitch");
        // 20 × 20 and 37 × 37: markmeretzky.com's UIActivityIndicatorView notes.
        case "switch": return (51, 31)
        case "progressView": return (nil, 2)
        case "toolbar": return (nil, 44)
        case "button": return frame.map { ($0.width, $0.height) }
        case "imageView": return imageViewSize(node, frame: frame)
        default: return nil
        }
    }
}
