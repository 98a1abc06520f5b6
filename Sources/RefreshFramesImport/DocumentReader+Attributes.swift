import RefreshFramesCore

/// Reading a view's attributes: what each means in a spec, and what is reported as not represented.
extension DocumentReader {
    /// Attributes with no effect on a still frame or on the layout, skipped without a warning.
    static let inertAttributes: Set<String> = [
        "id", "tag", "contentMode", "opaque", "userInteractionEnabled", "translatesAutoresizingMaskIntoConstraints",
        "lineBreakMode", "baselineAdjustment", "adjustsFontSizeToFit", "minimumFontSize", "minimumScaleFactor",
        "misplaced", "ambiguous", "userLabel", "fixedFrame", "multipleTouchEnabled", "clearsContextBeforeDrawing",
        "autoresizesSubviews", "preservesSuperviewLayoutMargins", "insetsLayoutMarginsFromSafeArea",
        "adjustsLetterSpacingToFitWidth", "customModule", "customModuleProvider", "restorationIdentifier",
        "horizontalHuggingPriority", "verticalHuggingPriority", "horizontalCompressionResistancePriority",
        "verticalCompressionResistancePriority", "text", "textAlignment", "alpha", "hidden", "clipsSubviews",
        "numberOfLines",
    ]

    /// The elements whose every attribute and child is read or reported.
    static let supportedElements: Set<String> = ["label", "view", "stackView"]

    /// A stack view's attributes, which `StackViewReader` reads.
    static let stackAttributes: Set<String> = [
        "axis", "distribution", "alignment", "spacing", "layoutMarginsRelativeArrangement",
        "baselineRelativeArrangement",
    ]

    mutating func readAttributes(
        _ node: XMLNode, into spec: inout ViewSpec, text: inout String?, arranged: Bool
    ) {
        let supported = Self.supportedElements.contains(node.name)
        if spec.kind == .label { text = node["text"] }
        if spec.kind == .label, let alignment = node["textAlignment"] {
            switch alignment {
            case "left", "natural": spec.textAlignment = .left
            case "center": spec.textAlignment = .center
            case "right": spec.textAlignment = .right
            default:
                spec.textAlignment = .left
                warn(node, "textAlignment '\(alignment)' is not representable; using left")
            }
        } else if spec.kind == .label {
            spec.textAlignment = .left  // UILabel's default, natural, is left in a left-to-right language
        }
        if let lines = node["numberOfLines"], lines != "1", spec.kind == .label {
            warn(node, "numberOfLines='\(lines)' is not representable; the text is laid out on one line")
        }
        if let a = node["alpha"].flatMap(Double.init) { spec.alpha = min(max(a, 0), 1) }
        if node["hidden"] == "YES" && arranged {
            spec.isHidden = true  // the stack gives it no space (UISV-hiding)
        } else if node["hidden"] == "YES" {
            spec.alpha = 0
            warn(node, "hidden='YES' is not representable; imported as alpha 0")
        }
        if node["clipsSubviews"] == "YES" { spec.clipsToBounds = true }
        if spec.kind == .label {
            spec.huggingPriority = priority(node, "HuggingPriority", default: 250)
            spec.compressionPriority = priority(node, "CompressionResistancePriority", default: 750)
        }
        if let custom = node["customClass"] {
            warn(node, "customClass '\(custom)' is not imported; the view is drawn as a plain \(spec.kind.rawValue)")
        }
        guard supported else { return }
        for (name, value) in node.attributes.sorted(by: { $0.key < $1.key })
        where !Self.inertAttributes.contains(name) && name != "customClass"
            && !(spec.kind == .stack && Self.stackAttributes.contains(name))
        {
            warn(node, "attribute \(name)='\(value)' is not represented in a spec; ignored")
        }
    }

    /// The horizontal priority; a different vertical one is reported.
    mutating func priority(_ node: XMLNode, _ suffix: String, default value: Double) -> Double {
        let horizontal = node["horizontal" + suffix].flatMap(Double.init) ?? value
        let vertical = node["vertical" + suffix].flatMap(Double.init) ?? value
        if horizontal != vertical {
            warn(
                node,
                "horizontal\(suffix) \(formatNumber(horizontal)) and vertical\(suffix) \(formatNumber(vertical)) differ; a spec has one value, using \(formatNumber(horizontal))"
            )
        }
        return min(max(horizontal, 1), 1000)
    }

    mutating func readRuntimeAttributes(_ list: XMLNode, into spec: inout ViewSpec) {
        for attribute in list.children("userDefinedRuntimeAttribute") {
            let keyPath = attribute["keyPath"] ?? ""
            let value = attribute.keyed("value")?["value"].flatMap(Double.init)
            switch keyPath {
            case "layer.cornerRadius" where value != nil:
                spec.cornerRadius = .points(max(value!, 0))
            case "layer.masksToBounds", "clipsToBounds":
                spec.clipsToBounds = (attribute["value"] ?? attribute.keyed("value")?["value"]) == "YES"
            default:
                warn(attribute, "runtime attribute '\(keyPath)' is not represented in a spec; ignored")
            }
        }
    }
}
