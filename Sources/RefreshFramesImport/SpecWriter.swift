import RefreshFramesCore

/// Writes an imported document as spec JSON: keys in a fixed order, one view and one constraint a line.
enum SpecWriter {
    static func write(_ document: ImportedDocument, fileName: String, animation: ImportAnimation) -> String {
        let labels = document.views.filter(\.isLabel).map(\.spec.tag).sorted()
        let program = animation.program(labels: labels)
        let canvas = document.canvas
        var lines = ["{"]
        lines.append("  \"description\": \(string("Imported from \(fileName) by refresh-frames import.")),")
        if document.appearance == .dark { lines.append("  \"appearance\": \"dark\",") }
        lines.append(
            "  \"canvas\": {\"width\": \(number(canvas.width)), \"height\": \(number(canvas.height)), "
                + "\"scale\": \(number(canvas.scale)), \"background\": \(string(document.backgroundName ?? canvas.background.hexString))},"
        )
        if !document.assets.isEmpty {
            lines.append("  \"assets\": [\(document.assets.map(string).joined(separator: ", "))],")
        }
        // A constraint outlet whose constraint the import dropped (a conflict) is left out with it.
        let ids = Set(document.constraints.compactMap(\.spec.id))
        let outlets = document.outlets.filter {
            guard case .constraint(let id) = $0.target else { return true }
            return ids.contains(id)
        }
        if !outlets.isEmpty {
            let entries = outlets.map { outlet in
                let target: String
                switch outlet.target {
                case .root: target = string("root")
                case .view(let tag): target = "\(tag)"
                case .views(let tags): target = "[" + tags.map(String.init).joined(separator: ", ") + "]"
                case .constraint(let id): target = "{\"constraint\": \(string(id))}"
                }
                return "\(string(outlet.name)): \(target)"
            }
            lines.append("  \"outlets\": {\(entries.joined(separator: ", "))},")
        }
        lines.append("  \"views\": [")
        lines += document.views.enumerated().map { index, view in
            "    " + self.view(view) + (index == document.views.count - 1 ? "" : ",")
        }
        lines.append("  ],")
        lines.append("  \"constraints\": [")
        lines += document.constraints.enumerated().map { index, constraint in
            "    " + self.constraint(constraint.spec) + (index == document.constraints.count - 1 ? "" : ",")
        }
        lines.append("  ],")
        if let program {
            lines.append(
                "  \"palette\": [\"magenta\", \"brown\", \"yellow\", \"red\", \"green\", \"blue\", \"orange\"],")
            lines.append("  \"program\": " + program + ",")
        }
        lines.append(
            "  \"scenario\": {\"refreshAt\": 0, \"workDuration\": 4, \"controlHeight\": \(number(canvas.height))}")
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// A label's line keys where they are not UILabel's defaults.
    private static func lines(_ lines: LabelLines) -> [String] {
        let defaults = LabelLines()
        var members: [String] = []
        if lines.numberOfLines != defaults.numberOfLines { members.append("\"numberOfLines\": \(lines.numberOfLines)") }
        if lines.lineBreakMode != defaults.lineBreakMode {
            members.append("\"lineBreakMode\": \(string(lines.lineBreakMode.rawValue))")
        }
        if lines.preferredMaxLayoutWidth != 0 {
            members.append("\"preferredMaxLayoutWidth\": \(number(lines.preferredMaxLayoutWidth))")
        }
        if lines.adjustsFontSizeToFitWidth { members.append("\"adjustsFontSizeToFitWidth\": true") }
        if lines.minimumScaleFactor != 0 {
            members.append("\"minimumScaleFactor\": \(number(lines.minimumScaleFactor))")
        }
        return members
    }

    private static func view(_ view: ImportedView) -> String {
        let spec = view.spec
        var members = ["\"tag\": \(spec.tag)"]
        // The @IBOutlet it is connected to: how a nib root of the code's class finds it.
        if let name = spec.name { members.append("\"name\": \(string(name))") }
        members.append("\"kind\": \(string(spec.kind.rawValue))")
        if let superview = spec.superview { members.append("\"superview\": \(superview)") }
        if spec.kind == .label {
            if let text = view.text { members.append("\"text\": \(string(text))") }
            members.append(
                "\"font\": {\"family\": \(string(spec.font.family)), \"size\": \(number(spec.font.size)), "
                    + "\"weight\": \(string(spec.font.weight))" + (spec.font.italic ? ", \"italic\": true}" : "}"))
            members.append("\"textColor\": \(string(view.colorNames["textColor"] ?? spec.textColor.hexString))")
            members.append("\"textAlignment\": \(string(spec.textAlignment.rawValue))")
            members += lines(spec.lines)
        }
        if let image = spec.imageView {
            if let name = image.image { members.append("\"image\": \(string(name))") }
            if let name = image.highlightedImage { members.append("\"highlightedImage\": \(string(name))") }
            if image.isHighlighted { members.append("\"highlighted\": true") }
            if image.contentMode != .scaleToFill {
                members.append("\"contentMode\": \(string(image.contentMode.rawValue))")
            }
        }
        if let button = spec.button { members += buttonMembers(button, font: spec.font) }
        if let stack = spec.stack {
            members.append("\"axis\": \(string(stack.axis.rawValue))")
            if stack.spacing != 0 { members.append("\"spacing\": \(number(stack.spacing))") }
            if stack.alignment != .fill { members.append("\"alignment\": \(string(stack.alignment.rawValue))") }
            if stack.distribution != .fill {
                members.append("\"distribution\": \(string(stack.distribution.rawValue))")
            }
            if stack.isLayoutMarginsRelativeArrangement {
                members.append("\"isLayoutMarginsRelativeArrangement\": true")
                if stack.layoutMargins != StackSpec().layoutMargins {
                    members.append("\"layoutMargins\": [\(stack.layoutMargins.map(number).joined(separator: ", "))]")
                }
            }
        }
        if spec.isHidden { members.append("\"hidden\": true") }
        if spec.backgroundColor != .clear {
            members.append(
                "\"backgroundColor\": \(string(view.colorNames["backgroundColor"] ?? spec.backgroundColor.hexString))")
        }
        if case .points(let radius) = spec.cornerRadius, radius != 0 {
            members.append("\"cornerRadius\": \(number(radius))")
        }
        if spec.clipsToBounds { members.append("\"clipsToBounds\": true") }
        if spec.alpha != 1 { members.append("\"alpha\": \(number(spec.alpha))") }
        if spec.kind == .spinner, !spec.revealsWithPull { members.append("\"revealsWithPull\": false") }
        if spec.tintColor != ViewSpec(tag: 1).tintColor {
            members.append("\"tintColor\": \(string(spec.tintColor.hexString))")
        }
        if spec.kind == .label || spec.kind == .button {
            if spec.huggingPriority != 251 { members.append("\"huggingPriority\": \(number(spec.huggingPriority))") }
            if spec.compressionPriority != 750 {
                members.append("\"compressionPriority\": \(number(spec.compressionPriority))")
            }
        }
        return "{" + members.joined(separator: ", ") + "}"
    }

    /// A button's keys: its states' content, its title font when a state has a title, and what
    /// differs from a custom button's defaults.
    private static func buttonMembers(_ button: ButtonSpec, font: FontSpec) -> [String] {
        var states: [String] = []
        for state in ControlState.allCases {
            guard let content = button.states[state], !content.isEmpty else { continue }
            var parts: [String] = []
            if let title = content.title { parts.append("\"title\": \(string(title))") }
            if let color = content.titleColor { parts.append("\"titleColor\": \(string(color.hexString))") }
            if let image = content.image { parts.append("\"image\": \(string(image))") }
            if let image = content.backgroundImage { parts.append("\"backgroundImage\": \(string(image))") }
            states.append("\"\(state.rawValue)\": {" + parts.joined(separator: ", ") + "}")
        }
        var members = ["\"states\": {" + states.joined(separator: ", ") + "}"]
        if button.states.values.contains(where: { $0.title != nil }) {
            members.append(
                "\"font\": {\"family\": \(string(font.family)), \"size\": \(number(font.size)), "
                    + "\"weight\": \(string(font.weight))" + (font.italic ? ", \"italic\": true}" : "}"))
        }
        if button.renderingMode != .automatic {
            members.append("\"renderingMode\": \(string(button.renderingMode.rawValue))")
        }
        if button.isHighlighted { members.append("\"highlighted\": true") }
        if button.isSelected { members.append("\"selected\": true") }
        if !button.isEnabled { members.append("\"enabled\": false") }
        if !button.adjustsImageWhenHighlighted { members.append("\"adjustsImageWhenHighlighted\": false") }
        if !button.adjustsImageWhenDisabled { members.append("\"adjustsImageWhenDisabled\": false") }
        if button.contentHorizontalAlignment != .center {
            members.append("\"contentHorizontalAlignment\": \(string(button.contentHorizontalAlignment.rawValue))")
        }
        if button.contentEdgeInsets != [0, 0, 0, 0] {
            members.append("\"contentEdgeInsets\": [\(button.contentEdgeInsets.map(number).joined(separator: ", "))]")
        }
        return members
    }

    /// The one-line shorthand where it can say it (a view first), else the object form.
    static func constraint(_ c: ConstraintSpec) -> String {
        let priority = c.priority == 1000 ? "" : " @\(number(c.priority))"
        guard case .view(let tag) = c.item, c.id == nil else {
            var members = ["\"item\": \(item(c.item))", "\"attribute\": \(string(c.attribute.rawValue))"]
            if c.relation != .equal { members.append("\"relation\": \(string(c.relation.rawValue))") }
            if let toItem = c.toItem, let toAttribute = c.toAttribute {
                members.append("\"toItem\": \(item(toItem))")
                members.append("\"toAttribute\": \(string(toAttribute.rawValue))")
            }
            if c.multiplier != 1 { members.append("\"multiplier\": \(number(c.multiplier))") }
            if c.constant != 0 { members.append("\"constant\": \(number(c.constant))") }
            if c.priority != 1000 { members.append("\"priority\": \(number(c.priority))") }
            if let id = c.id { members.append("\"id\": \(string(id))") }
            return "{" + members.joined(separator: ", ") + "}"
        }
        let left = "\(tag).\(c.attribute.rawValue) \(c.relation.rawValue)"
        guard let toItem = c.toItem, let toAttribute = c.toAttribute else {
            return string("\(left) \(number(c.constant))\(priority)")
        }
        let factor = c.multiplier == 1 ? "" : "\(number(c.multiplier)) * "
        let target =
            switch toItem {
            case .superview: "superview"
            case .view(let t): "\(t)"
            }
        let offset = c.constant == 0 ? "" : (c.constant < 0 ? " - " : " + ") + number(abs(c.constant))
        return string("\(left) \(factor)\(target).\(toAttribute.rawValue)\(offset)\(priority)")
    }

    private static func item(_ item: LayoutItem) -> String {
        switch item {
        case .superview: "\"superview\""
        case .view(let tag): "\(tag)"
        }
    }

    /// Integers without a fraction, others in Swift's shortest round-tripping form.
    static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return "\(value)"
    }

    static func string(_ text: String) -> String { jsonQuoted(text) }
}
