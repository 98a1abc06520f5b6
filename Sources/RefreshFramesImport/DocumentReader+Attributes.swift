import RefreshFramesCore

/// A view's attributes: the ones read into the spec, the ones with no effect on a still frame or
/// the layout, and a label's lines.
extension DocumentReader {
    /// Attributes with no effect on a still frame or on the layout, skipped without a warning.
    static let inertAttributes: Set<String> = [
        "id", "tag", "contentMode", "opaque", "userInteractionEnabled", "translatesAutoresizingMaskIntoConstraints",
        "baselineAdjustment",
        "misplaced", "ambiguous", "userLabel", "fixedFrame", "multipleTouchEnabled", "clearsContextBeforeDrawing",
        "autoresizesSubviews", "preservesSuperviewLayoutMargins", "insetsLayoutMarginsFromSafeArea",
        "adjustsLetterSpacingToFitWidth", "customModule", "customModuleProvider", "restorationIdentifier",
        "horizontalHuggingPriority", "verticalHuggingPriority", "horizontalCompressionResistancePriority",
        "verticalCompressionResistancePriority", "text", "textAlignment", "alpha", "hidden", "clipsSubviews",
    ]

    /// A label's line attributes, which `readLines` reads (a button's title has its own).
    static let lineAttributes: Set<String> = [
        "numberOfLines", "lineBreakMode", "preferredMaxLayoutWidth", "adjustsFontSizeToFit", "minimumScaleFactor",
        "minimumFontSize",
    ]

    /// The elements whose every attribute and child is read or reported.
    static let supportedElements: Set<String> = ["label", "view", "stackView"]

    /// A stack view's attributes, which `StackViewReader` reads.
    static let stackAttributes: Set<String> = [
        "axis", "distribution", "alignment", "spacing", "layoutMarginsRelativeArrangement",
        "baselineRelativeArrangement",
    ]

    mutating func readAttributes(
        _ node: XMLNode, into spec: inout ViewSpec, text: inout String?
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
        if let a = node["alpha"].flatMap(Double.init) { spec.alpha = min(max(a, 0), 1) }
        // Not drawn, nor its subviews; an arranged one takes no space in its stack (UISV-hiding).
        if node["hidden"] == "YES" { spec.isHidden = true }
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
            && !(node.name == "label" && Self.lineAttributes.contains(name))
        {
            warn(node, "attribute \(name)='\(value)' is not represented in a spec; ignored")
        }
    }

    /// The horizontal priority; a different vertical one is reported.
    private mutating func priority(_ node: XMLNode, _ suffix: String, default value: Double) -> Double {
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

    /// A label's lines as UILabel's properties of the same names say (IB's `numberOfLines`,
    /// `lineBreakMode` as `wordWrap`, `characterWrap`, `clip`, `headTruncation`, `tailTruncation`,
    /// `middleTruncation`, an explicit `preferredMaxLayoutWidth`, `adjustsFontSizeToFit` and
    /// `minimumScaleFactor`, or the iOS 6 `minimumFontSize` as a factor of the font's size).
    mutating func readLines(_ node: XMLNode, into spec: inout ViewSpec) {
        if let value = node["numberOfLines"] {
            if let lines = Int(value), lines >= 0 {
                spec.lines.numberOfLines = min(lines, 200)
                if lines > 200 { warn(node, "numberOfLines='\(value)' is more than a spec's 200; using 200") }
            } else {
                warn(node, "numberOfLines='\(value)' is not a count of lines; using 1")
            }
        }
        if let value = node["lineBreakMode"] {
            let modes: [String: LineBreakMode] = [
                "wordWrap": .byWordWrapping, "characterWrap": .byCharWrapping, "clip": .byClipping,
                "headTruncation": .byTruncatingHead, "tailTruncation": .byTruncatingTail,
                "middleTruncation": .byTruncatingMiddle,
            ]
            if let mode = modes[value] {
                spec.lines.lineBreakMode = mode
            } else {
                warn(node, "lineBreakMode '\(value)' is not one of UILabel's; using tailTruncation")
            }
        }
        if let width = node["preferredMaxLayoutWidth"].flatMap(Double.init), width.isFinite, width > 0 {
            spec.lines.preferredMaxLayoutWidth = width
        }
        guard node["adjustsFontSizeToFit"] == "YES" else { return }
        spec.lines.adjustsFontSizeToFitWidth = true
        if let factor = node["minimumScaleFactor"].flatMap(Double.init), factor.isFinite {
            spec.lines.minimumScaleFactor = min(max(factor, 0), 1)
        } else if let size = node["minimumFontSize"].flatMap(Double.init), size.isFinite, spec.font.size > 0 {
            spec.lines.minimumScaleFactor = min(max(size / spec.font.size, 0), 1)
        }
    }
}
