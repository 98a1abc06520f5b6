/// Solves a spec's Auto Layout constraints into pixel-snapped frames.
///
/// Each view has four variables (left, top, width, height) with required `width >= 0` and
/// `height >= 0`; the superview is the canvas (left = top = 0, its width and height). A view with an
/// intrinsic size gets `size <= intrinsic` at its hugging priority and `size >= intrinsic` at its
/// compression priority, the intrinsic size first rounded up to the pixel grid. Priority 1000 is
/// required; lower priorities are optional, a higher one always outweighing any number of lower
/// ones (see `Simplex`). Then every edge is rounded to the nearest pixel, half away from zero.
public enum LayoutSolver {
    public static func solve(
        canvas: Canvas, views: [ViewSpec], constraints: [ConstraintSpec], intrinsicSizes: [Int: IntrinsicSize]
    ) throws(LayoutError) -> Layout {
        let system = try LayoutSystem(canvas: canvas, views: views)
        var solver = Simplex()
        var entries: [LayoutSystem.Entry] = []
        for (index, view) in views.enumerated() {
            entries += try system.implicitConstraints(for: view, index: index, intrinsicSize: intrinsicSizes[view.tag])
        }
        for spec in constraints {
            entries.append(try system.constraint(for: spec))
        }
        for (id, entry) in entries.enumerated() {
            do {
                try solver.add(entry.constraint, id: id)
            } catch {
                switch error {
                case .unsatisfiable(_, let others): throw LayoutError.conflict(entry, with: others.map { entries[$0] })
                }
            }
        }
        try system.checkDetermined(solver)
        return system.snappedLayout(solver)
    }
}

public struct LayoutError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The JSON path of the offending constraint (`constraints[3]`) or view (`views[2]`).
    public var path: String
    /// One sentence for a user.
    public var message: String

    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    public var description: String { "\(path): \(message)" }

    fileprivate static func conflict(_ entry: LayoutSystem.Entry, with others: [LayoutSystem.Entry]) -> LayoutError {
        guard !others.isEmpty else {
            return LayoutError(path: entry.path, message: "can never hold (\(entry.text))")
        }
        let paths = others.map(\.path).joined(separator: ", ")
        let texts = others.map(\.text).joined(separator: ", ")
        return LayoutError(path: entry.path, message: "conflicts with \(paths) (\(entry.text) vs \(texts))")
    }
}

/// The variables of one layout problem and the translation of specs into linear constraints.
private struct LayoutSystem {
    /// A constraint with where it came from, for error messages.
    struct Entry {
        var constraint: LinearConstraint
        var path: String
        /// How a user would write it: `view 3 width == 30`.
        var text: String
    }

    /// The variables of one view, numbered from its index in `views`.
    struct Frame {
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
            guard value.isFinite, value >= 0, name != "scale" || value > 0 else {
                throw LayoutError(path: "canvas", message: "\(name) must be a finite positive number, got \(formatNumber(value))")
            }
        }
        var indices: [Int: Int] = [:]
        for (index, view) in views.enumerated() {
            guard indices[view.tag] == nil else {
                throw LayoutError(path: "views[\(index)]", message: "tag \(view.tag) is already used by views[\(indices[view.tag]!)]")
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

    private static func strength(_ priority: Double) -> Strength {
        priority >= 1000 ? .required : .optional(priority: priority)
    }

    /// Rounds up to the pixel grid, ignoring float noise below a millionth of a pixel.
    private func ceilToPixel(_ value: Double) -> Double {
        ((value * canvas.scale * 1e6).rounded() / 1e6).rounded(.up) / canvas.scale
    }

    /// Rounds to the nearest pixel, a half pixel (within a millionth) away from zero.
    func snapToPixel(_ value: Double) -> Double {
        let pixels = ((value * canvas.scale * 1e6).rounded() / 1e6).rounded(.toNearestOrAwayFromZero)
        return pixels / canvas.scale + 0  // + 0 turns -0 into 0
    }

    // MARK: Constraints

    /// Non-negative size, then hugging and compression resistance of the intrinsic size.
    func implicitConstraints(for view: ViewSpec, index: Int, intrinsicSize: IntrinsicSize?) throws(LayoutError) -> [Entry] {
        let frame = Frame(index: index)
        let path = "views[\(index)]"
        var entries = [
            Entry(constraint: LinearConstraint(expression: LinearExpression(frame.width), relation: .greaterThanOrEqual, strength: .required),
                  path: path, text: "view \(view.tag) width >= 0"),
            Entry(constraint: LinearConstraint(expression: LinearExpression(frame.height), relation: .greaterThanOrEqual, strength: .required),
                  path: path, text: "view \(view.tag) height >= 0"),
        ]
        guard view.hasIntrinsicSize, let intrinsicSize else { return entries }
        for (name, size, variable) in [("width", intrinsicSize.width, frame.width), ("height", intrinsicSize.height, frame.height)] {
            guard size.isFinite else {
                throw LayoutError(path: path, message: "intrinsic \(name) of view \(view.tag) must be a finite number, got \(formatNumber(size))")
            }
            guard size >= 0 else { continue }  // UIView.noIntrinsicMetric
            let rounded = ceilToPixel(size)
            let expression = LinearExpression(variable) - LinearExpression(rounded)
            entries.append(Entry(
                constraint: LinearConstraint(expression: expression, relation: .lessThanOrEqual, strength: Self.strength(view.huggingPriority)),
                path: path, text: "view \(view.tag) \(name) <= \(formatNumber(rounded)) (content hugging)"))
            entries.append(Entry(
                constraint: LinearConstraint(expression: expression, relation: .greaterThanOrEqual, strength: Self.strength(view.compressionPriority)),
                path: path, text: "view \(view.tag) \(name) >= \(formatNumber(rounded)) (compression resistance)"))
        }
        return entries
    }

    func constraint(for spec: ConstraintSpec) throws(LayoutError) -> Entry {
        func failure(_ message: String) -> LayoutError { LayoutError(path: spec.path, message: message) }
        for (name, value) in [("multiplier", spec.multiplier), ("constant", spec.constant), ("priority", spec.priority)] {
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
            let offset = spec.constant == 0 ? "" : spec.constant < 0 ? " - \(formatNumber(-spec.constant))" : " + \(formatNumber(spec.constant))"
            rightText = "\(factor)\(toItem) \(toAttribute)\(offset)"
        } else {
            guard spec.attribute == .width || spec.attribute == .height else {
                throw failure("a constant constraint needs width or height, got \(spec.attribute)")
            }
            if case .superview = spec.item { throw failure("a constant constraint on the superview constrains no view") }
            right = LinearExpression(spec.constant)
            rightText = formatNumber(spec.constant)
        }
        let relation: LinearConstraint.Relation = switch spec.relation {
        case .equal: .equal
        case .lessThanOrEqual: .lessThanOrEqual
        case .greaterThanOrEqual: .greaterThanOrEqual
        }
        return Entry(
            constraint: LinearConstraint(expression: left - right, relation: relation, strength: Self.strength(spec.priority)),
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
    private func expression(_ item: LayoutItem, _ attribute: LayoutAttribute, path: String) throws(LayoutError) -> LinearExpression {
        let (left, top, width, height): (LinearExpression, LinearExpression, LinearExpression, LinearExpression)
        switch item {
        case .superview:
            (left, top, width, height) = (LinearExpression(0), LinearExpression(0), LinearExpression(canvas.width), LinearExpression(canvas.height))
        case .view(let tag):
            guard let index = indices[tag] else { throw LayoutError(path: path, message: "no view with tag \(tag)") }
            let frame = Frame(index: index)
            (left, top, width, height) = (LinearExpression(frame.left), LinearExpression(frame.top), LinearExpression(frame.width), LinearExpression(frame.height))
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
    /// and the optional objective leave free: a probe below every priority can move it.
    func checkDetermined(_ solver: Simplex) throws(LayoutError) {
        for (tag, index) in indices.sorted(by: { $0.key < $1.key }) {
            let frame = Frame(index: index)
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
            try? probe.add(LinearConstraint(expression: pull, relation: .equal, strength: .optional(priority: 0)), id: -1)
            return abs(probe.value(of: variable) - value) > 1e-6
        }
    }

    /// Frames with every edge rounded to the pixel grid.
    func snappedLayout(_ solver: Simplex) -> Layout {
        var frames: [Int: Rect] = [:]
        for (tag, index) in indices {
            let frame = Frame(index: index)
            let left = solver.value(of: frame.left)
            let top = solver.value(of: frame.top)
            let x = snapToPixel(left)
            let y = snapToPixel(top)
            let right = snapToPixel(left + solver.value(of: frame.width))
            let bottom = snapToPixel(top + solver.value(of: frame.height))
            frames[tag] = Rect(x: x, y: y, width: right - x, height: bottom - y)
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
