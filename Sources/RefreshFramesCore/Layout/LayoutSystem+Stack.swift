/// The constraints a UIStackView adds for its arranged views (its subviews, in spec order), named as
/// UIKit names them in its logs (UISV-…), after Apple's documentation of `UIStackView.Distribution`
/// and `UIStackView.Alignment`:
///
/// - along the axis, the first visible view starts at the stack's leading edge (its layout margin
///   with `isLayoutMarginsRelativeArrangement`) and the last ends at its trailing edge;
///   `spacing` (or the previous view's `spacingAfter`) separates neighbours exactly for fill,
///   fillEqually and fillProportionally and at least for equalSpacing and equalCentering;
/// - fill stretches the view with the lowest content hugging and shrinks the one with the lowest
///   compression resistance; fillEqually makes the sizes equal; fillProportionally makes them
///   proportional to the intrinsic sizes (priority 999); equalSpacing makes the gaps equal;
///   equalCentering makes the centre-to-centre distances equal (priority 999);
/// - across the axis, fill pins both edges; leading/top, center and trailing/bottom pin one edge or
///   the centre and keep the other edges inside, the stack hugging its largest view (priority 1);
/// - a hidden arranged view is 0 long along the axis (UISV-hiding) and takes no spacing.
///
/// Ties between views of equal priority go to the later view (Apple documents only that "the
/// stack view resizes the arranged views based on their index"): it stretches or shrinks first.
/// A stack with equalSpacing or equalCentering that nothing else sizes takes its minimum spacing.
extension LayoutSystem {
    /// Below every priority a user writes but the probe's, so it only decides what nothing else does.
    static let fittingPriority = 1.0

    func stackConstraints(intrinsicSizes: [Int: IntrinsicSize]) -> [Entry] {
        var entries: [Entry] = []
        for (index, view) in views.enumerated() {
            guard let stack = view.stack else { continue }
            let arranged = views.indices.filter { views[$0].superview == view.tag }
            entries += arrangement(stack, stackIndex: index, arranged: arranged, intrinsicSizes: intrinsicSizes)
        }
        return entries
    }

    /// A view's start and size along one axis, with the names of its edges.
    private struct Span {
        var start: LinearExpression
        var size: LinearExpression
        var end: LinearExpression { start + size }
        var center: LinearExpression { start + 0.5 * size }
    }

    private func span(_ index: Int, horizontal: Bool) -> Span {
        let frame = FrameVariables(index: index)
        return horizontal
            ? Span(start: LinearExpression(frame.left), size: LinearExpression(frame.width))
            : Span(start: LinearExpression(frame.top), size: LinearExpression(frame.height))
    }

    private func arrangement(
        _ stack: StackSpec, stackIndex: Int, arranged: [Int], intrinsicSizes: [Int: IntrinsicSize]
    ) -> [Entry] {
        let horizontal = stack.axis == .horizontal
        let path = "views[\(stackIndex)]"
        let stackTag = views[stackIndex].tag
        let m = stack.isLayoutMarginsRelativeArrangement ? stack.layoutMargins : [0, 0, 0, 0]
        let (alongStart, alongEnd) = horizontal ? (m[1], m[3]) : (m[0], m[2])
        let (acrossStart, acrossEnd) = horizontal ? (m[0], m[2]) : (m[1], m[3])
        let (startName, endName, sizeName) = horizontal ? ("leading", "trailing", "width") : ("top", "bottom", "height")
        let (crossStart, crossEnd) = horizontal ? ("top", "bottom") : ("leading", "trailing")
        let s = span(stackIndex, horizontal: horizontal)
        let sc = span(stackIndex, horizontal: !horizontal)
        var entries: [Entry] = []
        func add(
            _ lhs: LinearExpression, _ relation: LinearConstraint.Relation, _ rhs: LinearExpression,
            priority: Double = 1000, _ text: String
        ) {
            entries.append(
                Entry(
                    lhs, relation, rhs, strength: Self.strength(priority), path: path,
                    text: text + (priority < 1000 ? " @\(formatNumber(priority))" : "")))
        }
        func tag(_ i: Int) -> String { "view \(views[i].tag)" }
        let stackName = "view \(stackTag)"
        func intrinsic(_ i: Int) -> Double? {
            guard views[i].hasIntrinsicSize, let size = intrinsicSizes[views[i].tag] else { return nil }
            let value = horizontal ? size.width : size.height
            return value >= 0 && value.isFinite ? ceilToPixel(value) : nil
        }

        // Along the axis.
        let visible = arranged.filter { !views[$0].isHidden }
        var previousEnd = (s.start + alongStart, "\(stackName) \(startName)")
        for i in arranged where views[i].isHidden {
            add(
                span(i, horizontal: horizontal).size, .equal, LinearExpression(0),
                "\(tag(i)) \(sizeName) == 0 (UISV-hiding)")
        }
        for i in arranged {
            let item = span(i, horizontal: horizontal)
            if views[i].isHidden {
                add(item.start, .equal, previousEnd.0, "\(tag(i)) \(startName) == \(previousEnd.1) (UISV-hiding)")
            } else {
                previousEnd = (item.end, "\(tag(i)) \(endName)")
            }
        }
        if let first = visible.first, let last = visible.last {
            let f = span(first, horizontal: horizontal)
            let l = span(last, horizontal: horizontal)
            add(
                f.start, .equal, s.start + alongStart,
                "\(tag(first)) \(startName) == \(stackName) \(startName)\(plus(alongStart)) (UISV-canvas-connection)")
            add(
                s.end, .equal, l.end + alongEnd,
                "\(stackName) \(endName) == \(tag(last)) \(endName)\(plus(alongEnd)) (UISV-canvas-connection)")
        }
        var gaps: [LinearExpression] = []
        for (a, b) in zip(visible, visible.dropFirst()) {
            let gap = span(b, horizontal: horizontal).start - span(a, horizontal: horizontal).end
            gaps.append(gap)
            let space = views[a].spacingAfter ?? stack.spacing
            let exact = [.fill, .fillEqually, .fillProportionally].contains(stack.distribution)
            add(
                span(b, horizontal: horizontal).start, exact ? .equal : .greaterThanOrEqual,
                span(a, horizontal: horizontal).end + space,
                "\(tag(b)) \(startName) \(exact ? "==" : ">=") \(tag(a)) \(endName)\(plus(space)) (UISV-spacing)")
        }
        switch stack.distribution {
        case .fill:
            entries += tieBreaks(visible, intrinsic: intrinsic, horizontal: horizontal, path: path, hugging: true)
            entries += tieBreaks(visible, intrinsic: intrinsic, horizontal: horizontal, path: path, hugging: false)
        case .fillEqually:
            for i in visible.dropFirst() {
                add(
                    span(i, horizontal: horizontal).size, .equal, span(visible[0], horizontal: horizontal).size,
                    "\(tag(i)) \(sizeName) == \(tag(visible[0])) \(sizeName) (UISV-fill-equally)")
            }
        case .fillProportionally:
            let sizes = visible.map { intrinsic($0) ?? 0 }
            let total = sizes.reduce(0, +)
            let spaces = zip(visible, visible.dropFirst()).reduce(0.0) {
                $0 + (views[$1.0].spacingAfter ?? stack.spacing)
            }
            if total > 0 {
                for (i, size) in zip(visible, sizes) {
                    let share = size / total
                    add(
                        span(i, horizontal: horizontal).size, .equal,
                        share * (s.size + -(alongStart + alongEnd + spaces)), priority: 999,
                        "\(tag(i)) \(sizeName) == \(formatNumber(share)) * (\(stackName) \(sizeName) - \(formatNumber(alongStart + alongEnd + spaces))) (UISV-fill-proportionally)"
                    )
                }
            }
        case .equalSpacing, .equalCentering:
            entries += tieBreaks(visible, intrinsic: intrinsic, horizontal: horizontal, path: path, hugging: false)
            if stack.distribution == .equalSpacing {
                for (k, gap) in gaps.enumerated().dropFirst() {
                    add(gap, .equal, gaps[0], "gap \(k + 1) == gap 1 (UISV-distributing)")
                }
            } else {
                let centers = visible.map { span($0, horizontal: horizontal).center }
                let distances = zip(centers, centers.dropFirst()).map { $1 - $0 }
                for (k, distance) in distances.enumerated().dropFirst() {
                    add(
                        distance, .equal, distances[0], priority: 999,
                        "centre distance \(k + 1) == centre distance 1 (UISV-distributing)")
                }
            }
            if let first = gaps.first {
                let space = views[visible[0]].spacingAfter ?? stack.spacing
                add(
                    first, .equal, LinearExpression(space), priority: Self.fittingPriority,
                    "gap 1 == \(formatNumber(space)) (fitting)")
            }
        }

        // Across the axis.
        for i in arranged {
            let item = span(i, horizontal: !horizontal)
            let top = item.start - (sc.start + acrossStart)
            let bottom = (sc.end + -acrossEnd) - item.end
            let topText = "\(tag(i)) \(crossStart) == \(stackName) \(crossStart)\(plus(acrossStart))"
            let bottomText = "\(stackName) \(crossEnd) == \(tag(i)) \(crossEnd)\(plus(acrossEnd))"
            switch stack.alignment {
            case .fill:
                add(top, .equal, LinearExpression(0), topText + " (UISV-alignment)")
                add(bottom, .equal, LinearExpression(0), bottomText + " (UISV-alignment)")
            case .leading, .top, .firstBaseline:
                add(top, .equal, LinearExpression(0), topText + " (UISV-alignment)")
                add(
                    bottom, .greaterThanOrEqual, LinearExpression(0),
                    bottomText.replacingEquals(">=") + " (UISV-spanning-boundary)")
                add(bottom, .equal, LinearExpression(0), priority: Self.fittingPriority, bottomText + " (fitting)")
            case .trailing, .bottom, .lastBaseline:
                add(bottom, .equal, LinearExpression(0), bottomText + " (UISV-alignment)")
                add(
                    top, .greaterThanOrEqual, LinearExpression(0),
                    topText.replacingEquals(">=") + " (UISV-spanning-boundary)")
                add(top, .equal, LinearExpression(0), priority: Self.fittingPriority, topText + " (fitting)")
            case .center:
                let middle = sc.start + acrossStart + 0.5 * (sc.size + -(acrossStart + acrossEnd))
                let center = horizontal ? "centerY" : "centerX"
                add(item.center, .equal, middle, "\(tag(i)) \(center) == \(stackName) \(center) (UISV-alignment)")
                add(
                    top, .greaterThanOrEqual, LinearExpression(0),
                    topText.replacingEquals(">=") + " (UISV-spanning-boundary)")
                add(top, .equal, LinearExpression(0), priority: Self.fittingPriority, topText + " (fitting)")
            }
        }
        return entries
    }

    /// Among the views sharing the lowest hugging (or compression resistance) along the axis, every
    /// view but the last holds its intrinsic size a hair more firmly, so the last one gives.
    private func tieBreaks(
        _ visible: [Int], intrinsic: (Int) -> Double?, horizontal: Bool, path: String, hugging: Bool
    ) -> [Entry] {
        let candidates = visible.filter { intrinsic($0) != nil }
        let priority = { (i: Int) in hugging ? views[i].huggingPriority : views[i].compressionPriority }
        guard let lowest = candidates.map(priority).min(), lowest < 1000 else { return [] }
        let tied = candidates.filter { priority($0) == lowest }
        let sizeName = horizontal ? "width" : "height"
        return tied.dropLast().map { i in
            let size = intrinsic(i)!
            return Entry(
                span(i, horizontal: horizontal).size, hugging ? .lessThanOrEqual : .greaterThanOrEqual,
                LinearExpression(size), strength: .optional(priority: lowest - 0.001), path: path,
                text:
                    "view \(views[i].tag) \(sizeName) \(hugging ? "<=" : ">=") \(formatNumber(size)) @\(formatNumber(lowest - 0.001)) (ties go to the later view)"
            )
        }
    }
}

private func plus(_ value: Double) -> String {
    value == 0 ? "" : (value < 0 ? " - \(formatNumber(-value))" : " + \(formatNumber(value))")
}

extension String {
    fileprivate func replacingEquals(_ relation: String) -> String {
        guard let range = range(of: " == ") else { return self }
        return replacingCharacters(in: range, with: " \(relation) ")
    }
}
