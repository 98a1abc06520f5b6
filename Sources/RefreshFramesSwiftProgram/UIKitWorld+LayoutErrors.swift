import RefreshFramesCore
import RefreshFramesSwiftCode

/// A layout the code's constraints and stack views leave ambiguous, or cannot satisfy, is an error at
/// the code's `File.swift:LINE:COLUMN`, never a silent wrong frame: the line of the constraint that
/// cannot hold (naming the ones it conflicts with), or the line that made the view whose size or
/// position nothing fixes. UIKit would not stop: Apple's Auto Layout Guide,
/// [Ambiguous Layouts](https://developer.apple.com/library/archive/documentation/UserExperience/Conceptual/AutolayoutPG/AmbiguousLayouts.html):
/// "When an ambiguous layout occurs at runtime, Auto Layout chooses one of the possible solutions to
/// use … there are no warnings written to the console"; [Unsatisfiable Layouts](https://developer.apple.com/library/archive/documentation/UserExperience/Conceptual/AutolayoutPG/ConflictingLayouts.html):
/// "It breaks one of the conflicting constraints and checks the layout … Auto Layout logs
/// information about the conflict and the broken constraints to the console". Which solution, or
/// which constraint, is not documented, so neither is guessed here.
extension UIKitWorld {
    /// The solver's refusal (`AnimationRuntime.RuntimeError.layout`) as the code's error: at the
    /// place its path names (a constraint's line, or the line that made a view), the views named as
    /// the code made them; `what` says which pass ran it.
    func codeLayoutError(_ error: any Error, _ what: String, at fallback: CodeLocation) -> CodeDiagnostic {
        var text = "\(error)"
        for prefix in ["the layout cannot be solved: "] where text.hasPrefix(prefix) { text.removeFirst(prefix.count) }
        var location = fallback
        if let separator = text.range(of: ": ") {
            let path = String(text[..<separator.lowerBound])
            if let found = codeLocation(ofPath: path) {
                location = found
                text = String(text[separator.upperBound...])
            }
        }
        text = namingCodeViews(text)
        return .error(at: location, "\(what): \(text)")
    }

    /// Where a layout path points in the code: a constraint's or a view's `File.swift:L:C`, or
    /// `views[i]` of the solved views (the spec's, then the code's in the order last given).
    private func codeLocation(ofPath path: String) -> CodeLocation? {
        if let constraint = codeConstraints.first(where: { "\($0.location)" == path }) { return constraint.location }
        if let view = codeViews.first(where: { $0.madeAt.map { "\($0)" } == path }) { return view.madeAt }
        guard path.hasPrefix("views["), path.hasSuffix("]"), let index = Int(path.dropFirst(6).dropLast()) else {
            return nil
        }
        let tag =
            index < spec.views.count
            ? spec.views[index].tag
            : codeLayoutTags.indices.contains(index - spec.views.count) ? codeLayoutTags[index - spec.views.count] : nil
        return tag.flatMap(codeView(tag:))?.madeAt
    }

    private func codeView(tag: Int) -> ViewObject? { codeViews.first { $0.specTag == tag && $0.madeAt != nil } }

    /// "view 7" as the code made it: "UIView() (Stacks.swift:12:9)".
    private func namingCodeViews(_ text: String) -> String {
        var result = ""
        var rest = Substring(text)
        while let range = rest.range(of: "view ") {
            result += rest[..<range.lowerBound]
            let digits = rest[range.upperBound...].prefix { $0.isNumber }
            if let tag = Int(digits), let view = codeView(tag: tag), let location = view.madeAt,
                !rest[..<range.lowerBound].hasSuffix("sub")
            {
                result += "\(view.label) (\(location))"
                rest = rest[range.upperBound...].dropFirst(digits.count)
            } else {
                result += rest[range]
                rest = rest[range.upperBound...]
            }
        }
        return result + rest
    }
}

extension UIKitWorld {
    /// A view placed by its frame (`translatesAutoresizingMaskIntoConstraints` true) among the code's
    /// constraints, with flexible parts in its `autoresizingMask`, under a superview whose size the
    /// constraints decide: UIKit turns the mask into constraints that follow the superview's size
    /// (Apple, translatesAutoresizingMaskIntoConstraints: "the view's autoresizing mask is
    /// translated into a set of constraints that specify the view's position"); the engine holds
    /// its frame fixed, which is UIKit's only while the superview keeps the size it had. Said once,
    /// at the line that made it.
    func nameFlexibleMaskAmongConstraints(_ object: ViewObject, _ frame: Rect) {
        guard let mask = object.local["autoresizingMask"] as? UInt, mask & 0b11_1111 != 0,
            object.local["namedFlexibleMask"] == nil, let superview = object.superview,
            let location = object.madeAt
        else { return }
        let superviewSolved: Bool
        if case .bool(false)? = superview.local["translatesAutoresizingMaskIntoConstraints"] as? Value {
            superviewSolved = true
        } else {
            superviewSolved = superview.isSpecView
        }
        guard superviewSolved else { return }
        object.local["namedFlexibleMask"] = true
        interpreter?.warn(
            "\(object.label)'s autoresizingMask has flexible parts, but here it is held at its frame (\(formatNumber(frame.x)), \(formatNumber(frame.y)), \(formatNumber(frame.width)), \(formatNumber(frame.height))) among constraints: UIKit turns the mask into constraints that follow \(superview.label)'s size, which the constraints decide; set translatesAutoresizingMaskIntoConstraints = false and constrain it to play as UIKit does",
            at: location)
    }
}
