/// Solves a spec's Auto Layout constraints into pixel-snapped frames.
///
/// Each view has four variables (left, top, width, height, in the root view's coordinates) with
/// required `width >= 0` and `height >= 0`; `superview` in a constraint is the control's root view,
/// the canvas (left = top = 0, its width and height), whatever level the other item is at; a
/// container is named by its tag. Frames come out in each view's superview's coordinates. A view with an
/// intrinsic size gets `size <= intrinsic` at its hugging priority and `size >= intrinsic` at its
/// compression priority, the intrinsic size first rounded up to the pixel grid. Priority 1000 is
/// required; lower priorities are optional, a higher one always outweighing any number of lower
/// ones (see `Simplex`). Then every edge is rounded to the nearest pixel, half away from zero
/// (a tie within a millionth of a pixel counts as a tie, so float noise cannot flip it).
///
/// Errors come in input order: invalid input first, then the first required constraint that
/// cannot be added (implicit view constraints are added before `constraints`), then the first
/// undetermined view in tag order.
package enum LayoutSolver {
    package static func solve(
        canvas: Canvas, views: [ViewSpec], constraints: [ConstraintSpec], intrinsicSizes: [Int: IntrinsicSize]
    ) throws(LayoutError) -> Layout {
        let system = try LayoutSystem(canvas: canvas, views: views)
        var solver = Simplex()
        var entries: [LayoutSystem.Entry] = []
        for (index, view) in views.enumerated() {
            entries += try system.implicitConstraints(index: index, intrinsicSize: intrinsicSizes[view.tag])
        }
        entries += system.stackConstraints(intrinsicSizes: intrinsicSizes)
        for spec in constraints {
            entries.append(try system.constraint(for: spec))
        }
        for (id, entry) in entries.enumerated() {
            do {
                try solver.add(entry.constraint, id: id)
            } catch {
                switch error {
                case .unsatisfiable(_, let others):
                    throw LayoutError.conflict(entry, with: others.map { entries[$0] })
                case .unsatisfiableAmongMany(_, let count):
                    throw LayoutError(
                        path: entry.path,
                        message:
                            "cannot hold together with the \(count) required constraints before it (\(entry.text)); too many to narrow down to the ones it conflicts with"
                    )
                }
            }
        }
        try system.checkDetermined(solver)
        let layout = system.snappedLayout(solver)
        try system.checkExtent(layout)
        return layout
    }
}

package struct LayoutError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The JSON path of the offending constraint (`constraints[3]`) or view (`views[2]`).
    package var path: String
    /// One sentence for a user.
    package var message: String

    package init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    package var description: String { "\(path): \(message)" }

    fileprivate static func conflict(
        _ entry: LayoutSystem.Entry, with others: [LayoutSystem.Entry]
    ) -> LayoutError {
        guard !others.isEmpty else {
            return LayoutError(path: entry.path, message: "can never hold (\(entry.text))")
        }
        // At most three named, so a conflict among hundreds of constraints still fits on a line.
        let more = others.count > 3 ? " and \(others.count - 3) more" : ""
        let paths = others.prefix(3).map(\.path).joined(separator: ", ") + more
        let texts = others.prefix(3).map(\.text).joined(separator: ", ") + (more.isEmpty ? "" : ", …")
        return LayoutError(path: entry.path, message: "conflicts with \(paths) (\(entry.text) vs \(texts))")
    }
}

/// The variables of one layout problem and the translation of specs into linear constraints.
struct LayoutSystem {
    /// A constraint with where it came from, for error messages.
    struct Entry {
        var constraint: LinearConstraint
        var path: String
        /// How a user would write it: `view 3 width == 30`.
        var text: String

        init(
            _ lhs: LinearExpression, _ relation: LinearConstraint.Relation, _ rhs: LinearExpression,
            strength: Strength = .required, path: String, text: String
        ) {
            constraint = LinearConstraint(expression: lhs - rhs, relation: relation, strength: strength)
            self.path = path
            self.text = text
        }
    }

    /// The variables of one view, numbered from its index in `views`.
    struct FrameVariables {
        var index: Int
        var left: Variable { Variable(index * 4) }
        var top: Variable { Variable(index * 4 + 1) }
        var width: Variable { Variable(index * 4 + 2) }
        var height: Variable { Variable(index * 4 + 3) }
    }

    let canvas: Canvas
    let views: [ViewSpec]
    /// Tag → index in `views`.
    let indices: [Int: Int]

    init(canvas: Canvas, views: [ViewSpec]) throws(LayoutError) {
        for (name, value) in [("width", canvas.width), ("height", canvas.height), ("scale", canvas.scale)] {
            guard value.isFinite, value > 0 else {
                let message = "\(name) must be a finite number greater than 0, got \(formatNumber(value))"
                throw LayoutError(path: "canvas", message: message)
            }
        }
        var indices: [Int: Int] = [:]
        for (index, view) in views.enumerated() {
            if let earlier = indices[view.tag] {
                let message = "tag \(view.tag) is already used by views[\(earlier)]"
                throw LayoutError(path: "views[\(index)]", message: message)
            }
            indices[view.tag] = index
            for (name, priority) in [("hugging", view.huggingPriority), ("compression", view.compressionPriority)] {
                guard let message = LayoutSystem.priorityProblem(priority) else { continue }
                throw LayoutError(path: "views[\(index)]", message: "\(name) \(message)")
            }
        }
        self.canvas = canvas
        self.views = views
        self.indices = indices
    }

    private static func priorityProblem(_ priority: Double) -> String? {
        guard priority.isFinite, priority > 0, priority <= 1000 else {
            return "priority must be greater than 0 and at most 1000, got \(formatNumber(priority))"
        }
        return nil
    }

    static func strength(_ priority: Double) -> Strength {
        priority >= 1000 ? .required : .optional(priority: priority)
    }

    /// Rounds up to the pixel grid, ignoring float noise below a millionth of a pixel.
    func ceilToPixel(_ value: Double) -> Double {
        ((value * canvas.scale * 1e6).rounded() / 1e6).rounded(.up) / canvas.scale
    }

    /// Rounds to the nearest pixel, a half pixel (within a millionth) away from zero.
    func snapToPixel(_ value: Double) -> Double {
        let pixels = ((value * canvas.scale * 1e6).rounded() / 1e6).rounded(.toNearestOrAwayFromZero)
        return pixels / canvas.scale + 0  // + 0 turns -0 into 0
    }

    // MARK: Constraints

    /// Non-negative size, then hugging and compression resistance of the intrinsic size.
    func implicitConstraints(index: Int, intrinsicSize: IntrinsicSize?) throws(LayoutError) -> [Entry] {
        let view = views[index]
        let frame = FrameVariables(index: index)
        let path = "views[\(index)]"
        let dimensions = [
            ("width", frame.width, intrinsicSize?.width), ("height", frame.height, intrinsicSize?.height),
        ]
        var entries: [Entry] = []
        for (name, variable, _) in dimensions {
            let size = LinearExpression(variable)
            let text = "view \(view.tag) \(name) >= 0"
            entries.append(Entry(size, .greaterThanOrEqual, LinearExpression(0), path: path, text: text))
        }
        guard view.hasIntrinsicSize else { return entries }
        for case (let name, let variable, let intrinsic?) in dimensions {
            guard intrinsic.isFinite else {
                let message =
                    "intrinsic \(name) of view \(view.tag) must be a finite number, got \(formatNumber(intrinsic))"
                throw LayoutError(path: path, message: message)
            }
            guard intrinsic >= 0 else { continue }  // UIView.noIntrinsicMetric
            let size = LinearExpression(variable)
            let rounded = ceilToPixel(intrinsic)
            let text = "view \(view.tag) \(name)"
            entries.append(
                Entry(
                    size, .lessThanOrEqual, LinearExpression(rounded), strength: Self.strength(view.huggingPriority),
                    path: path, text: "\(text) <= \(formatNumber(rounded)) (content hugging)"))
            entries.append(
                Entry(
                    size, .greaterThanOrEqual, LinearExpression(rounded),
                    strength: Self.strength(view.compressionPriority),
                    path: path, text: "\(text) >= \(formatNumber(rounded)) (compression resistance)"))
        }
        return entries
    }

    func constraint(for spec: ConstraintSpec) throws(LayoutError) -> Entry {
        func failure(_ message: String) -> LayoutError { LayoutError(path: spec.path, message: message) }
        let numbers = [("multiplier", spec.multiplier), ("constant", spec.constant), ("priority", spec.priority)]
        for (name, value) in numbers {
            guard value.isFinite else { throw failure("\(name) must be a finite number, got \(formatNumber(value))") }
        }
        if let problem = Self.priorityProblem(spec.priority) { throw failure(problem) }

        let left = try expression(spec.item, spec.attribute, path: spec.path)
        let right: LinearExpression
        let rightText: String
        if let toItem = spec.toItem {
            let toAttribute = spec.toAttribute ?? spec.attribute
            if let problem = Self.incompatibility(spec.attribute, toAttribute) { throw failure(problem) }
            if case .superview = spec.item, case .superview = toItem {
                throw failure("a constraint between the superview and itself constrains no view")
            }
            right = spec.multiplier * (try expression(toItem, toAttribute, path: spec.path)) + spec.constant
            let factor = spec.multiplier == 1 ? "" : "\(formatNumber(spec.multiplier)) * "
            let offset =
                spec.constant == 0 ? "" : "\(spec.constant < 0 ? " - " : " + ")\(formatNumber(abs(spec.constant)))"
            rightText = "\(factor)\(toItem) \(toAttribute)\(offset)"
        } else {
            guard spec.attribute == .width || spec.attribute == .height else {
                throw failure("a constant constraint needs width or height, got \(spec.attribute)")
            }
            if case .superview = spec.item {
                throw failure("a constant constraint on the superview constrains no view")
            }
            right = LinearExpression(spec.constant)
            rightText = formatNumber(spec.constant)
        }
        let relation: LinearConstraint.Relation =
            switch spec.relation {
            case .equal: .equal
            case .lessThanOrEqual: .lessThanOrEqual
            case .greaterThanOrEqual: .greaterThanOrEqual
            }
        return Entry(
            left, relation, right, strength: Self.strength(spec.priority),
            path: spec.path, text: "\(spec.item) \(spec.attribute) \(spec.relation.rawValue) \(rightText)")
    }

    private static func incompatibility(_ a: LayoutAttribute, _ b: LayoutAttribute) -> String? {
        if a.isSize != b.isSize {
            let (position, size) = a.isSize ? (b, a) : (a, b)
            return "cannot relate a position (\(position)) to a size (\(size))"
        }
        if !a.isSize, a.isHorizontal != b.isHorizontal {
            let (horizontal, vertical) = a.isHorizontal ? (a, b) : (b, a)
            return "cannot relate a horizontal attribute (\(horizontal)) to a vertical one (\(vertical))"
        }
        return nil
    }

    /// An attribute as a linear expression in the view's variables, or a constant for the superview.
    private func expression(
        _ item: LayoutItem, _ attribute: LayoutAttribute, path: String
    ) throws(LayoutError) -> LinearExpression {
        let left: LinearExpression
        let top: LinearExpression
        let width: LinearExpression
        let height: LinearExpression
        switch item {
        case .superview:
            (left, top) = (LinearExpression(0), LinearExpression(0))
            (width, height) = (LinearExpression(canvas.width), LinearExpression(canvas.height))
        case .view(let tag):
            guard let index = indices[tag] else { throw LayoutError(path: path, message: "no view with tag \(tag)") }
            let frame = FrameVariables(index: index)
            (left, top) = (LinearExpression(frame.left), LinearExpression(frame.top))
            (width, height) = (LinearExpression(frame.width), LinearExpression(frame.height))
        }
        return switch attribute {
        case .left, .leading: left
        case .right, .trailing: left + width
        case .centerX: left + 0.5 * width
        case .width: width
        case .top: top
        case .bottom: top + height
        case .centerY: top + 0.5 * height
        case .height: height
        }
    }

    // MARK: Solution

    /// Throws for the first view, in tag order, with a size or position that the required constraints
    /// and the optional objective leave free: a probe below every priority can move it. Within a view
    /// the width is checked before the horizontal position (a free width also frees the left edge of a
    /// centred view, and the width is what to fix), then the same for height and vertical position.
    func checkDetermined(_ solver: Simplex) throws(LayoutError) {
        for (tag, index) in indices.sorted(by: { $0.key < $1.key }) {
            let frame = FrameVariables(index: index)
            let checks: [(Variable, String)] = [
                (frame.width, "width; constrain its width, or its left and right"),
                (frame.left, "horizontal position; constrain its left, centerX or right"),
                (frame.height, "height; constrain its height, or its top and bottom"),
                (frame.top, "vertical position; constrain its top, centerY or bottom"),
            ]
            for (variable, what) in checks where Self.canMove(variable, in: solver) {
                throw LayoutError(path: "views[\(index)]", message: "view \(tag) has an ambiguous \(what)")
            }
        }
    }

    private static func canMove(_ variable: Variable, in solver: Simplex) -> Bool {
        let value = solver.value(of: variable)
        return [1.0, -1.0].contains { offset in
            var probe = solver
            let pull = LinearExpression(variable) - LinearExpression(value + offset)
            // Optional, so it can never be unsatisfiable; priority 0 is below any real constraint.
            let probeStrength = Strength.optional(priority: 0)
            try? probe.add(LinearConstraint(expression: pull, relation: .equal, strength: probeStrength), id: -1)
            return abs(probe.value(of: variable) - value) > 1e-6
        }
    }

    /// Throws for the first view, in tag order, with an edge or a size beyond `Limits.layoutExtent`,
    /// so that every later stage (pixels, cells, JSON) works with numbers it can convert.
    func checkExtent(_ layout: Layout) throws(LayoutError) {
        for (tag, index) in indices.sorted(by: { $0.key < $1.key }) {
            let f = layout.frame(tag: tag)
            for (name, value) in [("x", f.x), ("y", f.y), ("width", f.width), ("height", f.height)]
            where !(abs(value) <= Limits.layoutExtent) {
                throw LayoutError(
                    path: "views[\(index)]",
                    message:
                        "view \(tag)'s solved \(name) \(formatNumber(value)) is over the limit layoutExtent = \(formatNumber(Limits.layoutExtent)) points"
                )
            }
        }
    }

    /// Frames with every edge rounded to the pixel grid, in the superview's coordinates: the views'
    /// variables are in the root view's coordinates (one system for the whole hierarchy, as the
    /// window's engine is), snapped there, then the superview's snapped origin is subtracted.
    func snappedLayout(_ solver: Simplex) -> Layout {
        var absolute: [Int: Rect] = [:]
        for (tag, index) in indices {
            let frame = FrameVariables(index: index)
            let left = solver.value(of: frame.left)
            let top = solver.value(of: frame.top)
            let x = snapToPixel(left)
            let y = snapToPixel(top)
            let right = snapToPixel(left + solver.value(of: frame.width))
            let bottom = snapToPixel(top + solver.value(of: frame.height))
            absolute[tag] = Rect(x: x, y: y, width: right - x, height: bottom - y)
        }
        var frames = absolute
        for view in views {
            guard let parent = view.superview.flatMap({ absolute[$0] }), var frame = frames[view.tag] else { continue }
            frame.x = snapToPixel(frame.x - parent.x)  // both on the grid: snapping only drops float noise
            frame.y = snapToPixel(frame.y - parent.y)
            frames[view.tag] = frame
        }
        return Layout(frames: frames)
    }
}

extension LayoutAttribute {
    fileprivate var isSize: Bool { self == .width || self == .height }
    fileprivate var isHorizontal: Bool {
        switch self {
        case .left, .right, .leading, .trailing, .centerX, .width: true
        case .top, .bottom, .centerY, .height: false
        }
    }
}
