import RefreshFramesCore

/// Reads a `<stackView>` element's arrangement into a `StackSpec`: `axis`, `distribution`,
/// `alignment`, `spacing` and `layoutMarginsRelativeArrangement`, as Interface Builder writes them
/// (absent attributes are UIKit's defaults: horizontal, fill, fill, 0). Its `<subviews>` are the
/// arranged views; wiring them in needs nested subviews, which `DocumentReader` does not import yet.
enum StackViewReader {
    /// The arrangement, and a warning per attribute that could not be represented.
    static func read(_ node: XMLNode) -> (stack: StackSpec, warnings: [ImportWarning]) {
        var stack = StackSpec()
        var warnings: [ImportWarning] = []
        func warn(_ message: String) {
            warnings.append(ImportWarning(line: node.line, element: node.reference, message: message))
        }
        if let axis = node["axis"] {
            if let value = StackSpec.Axis(rawValue: axis) {
                stack.axis = value
            } else {
                warn("axis '\(axis)' is unknown; horizontal used")
            }
        }
        if let distribution = node["distribution"] {
            if let value = StackSpec.Distribution(rawValue: distribution) {
                stack.distribution = value
            } else {
                warn("distribution '\(distribution)' is unknown; fill used")
            }
        }
        if let alignment = node["alignment"] {
            switch StackSpec.Alignment(rawValue: alignment) {
            case .firstBaseline?, .lastBaseline?:
                warn("alignment '\(alignment)' is not supported (no baselines in a spec); fill used")
            case let value?: stack.alignment = value
            case nil: warn("alignment '\(alignment)' is unknown; fill used")
            }
        }
        if let spacing = node["spacing"] {
            if let value = Double(spacing), value.isFinite {
                stack.spacing = value
            } else {
                warn("spacing '\(spacing)' is not a number; 0 used")
            }
        }
        if node["layoutMarginsRelativeArrangement"] == "YES" { stack.isLayoutMarginsRelativeArrangement = true }
        if node["baselineRelativeArrangement"] == "YES" {
            warn("baselineRelativeArrangement is not supported (no baselines in a spec); ignored")
        }
        return (stack, warnings)
    }
}
