import Foundation
import RefreshFramesCore

/// One view of the hierarchy: its kind, its attributes and its children (text, font, colours,
/// runtime attributes), with a warning for whatever a spec cannot represent.
extension DocumentReader {
    /// A view of the hierarchy.
    mutating func readView(_ node: XMLNode, tag: Int) -> ImportedView {
        var kind = ViewKind.view
        var placeholder = false
        var image: ImportImages.Found?
        var buttonImages: [ControlState: ButtonSpec.Content] = [:]
        func notDrawn() {
            placeholder = true
            warn(
                node,
                "<\(node.name)> is not drawn; imported as a placeholder (a translucent magenta box) with tag \(tag)")
        }
        // A button none of whose images is found is a label with its title; an image view whose
        // image is not found is a placeholder. Any other element is the kind it names (`ViewKind.xibElements`).
        switch node.name {
        case "button":
            if Self.hasImage(node) { buttonImages = resolveButtonImages(node, tag: tag) }
            if buttonImages.values.contains(where: { $0.image != nil || $0.backgroundImage != nil }) {
                kind = .button
            } else if Self.hasTitle(node) {
                kind = .label
            } else if Self.hasImage(node) {
                placeholder = true
                warn(node, "an image button none of whose images is found; imported as a placeholder with tag \(tag)")
            } else {
                notDrawn()
            }
        case "imageView":
            image = resolveImage(node, tag: tag)
            if image != nil { kind = .image } else { placeholder = true }
        default:
            if let named = ViewKind.kind(xibElement: node.name) { kind = named } else { notDrawn() }
        }
        var spec = ViewSpec(tag: tag, kind: kind)
        if placeholder { spec.backgroundColor = Self.placeholderColor }
        var text: String?
        let frameNode = node.keyed("frame")
        var imported = ImportedView(
            spec: spec, element: node.reference, line: node.line, frame: frameNode.flatMap(rect),
            frameLine: frameNode?.line ?? node.line)

        imported.misplaced = node["misplaced"] == "YES"
        imported.fixedFrame = node["fixedFrame"] == "YES"
        imported.showsSymbol = node.name == "imageView" && node["catalog"] == "system"
        readAttributes(node, into: &spec, text: &text)
        if let image { spec.imageView = readImageView(node, image: image) }
        if kind == .button { readImageButton(node, images: buttonImages, into: &spec) }
        if kind == .stack {
            let (stack, stackWarnings) = StackViewReader.read(node)
            spec.stack = stack
            warnings += stackWarnings
        }
        for child in node.children {
            switch (child.name, child["key"]) {
            case ("rect", "frame"), ("autoresizingMask", _), ("constraints", _), ("point", _), ("connections", _),
                ("viewLayoutGuide", _), ("nil", "highlightedColor"), ("color", "highlightedColor"),
                ("edgeInsets", "layoutMargins"), ("directionalEdgeInsets", "directionalLayoutMargins"),
                ("frame", "frameInset"), ("variation", _), ("animations", _),
                ("accessibility", _):
                continue
            case ("fontDescription", "fontDescription") where kind == .label:
                if let font = font(child) { spec.font = font }
            case ("attributedString", "attributedText") where kind == .label:
                text = attributedText(child, into: &spec)
            case ("nil", "textColor") where kind == .label:
                spec.textColor = .black  // nil resets UILabel's textColor to its default
            case ("color", "textColor") where kind == .label:
                if let c = color(child) { spec.textColor = c }
                imported.colorNames["textColor"] = Self.semanticName(child)
            case ("color", "backgroundColor"):
                if let c = color(child) { spec.backgroundColor = c }
                imported.colorNames["backgroundColor"] = Self.semanticName(child)
            case ("nil", "backgroundColor"):
                spec.backgroundColor = .clear
            case ("color", "color") where kind == .spinner:
                if let c = color(child) { spec.tintColor = c }
            case ("color", "tintColor"):
                if let c = color(child) { spec.tintColor = c }
            case ("userDefinedRuntimeAttributes", _):
                readRuntimeAttributes(child, into: &spec)
            case ("subviews", _):
                continue  // read by readRoot, as views with this one as their superview
            default:
                if Self.supportedElements.contains(node.name) {
                    warn(child, "not represented in a spec; ignored")
                }
            }
        }
        if kind == .stack { readStackMargins(node, into: &spec) }
        if node.name == "label" { readLines(node, into: &spec) }
        if node.name == "button", kind == .label {
            imported.button = readButton(node, into: &spec)
            text = imported.button?.text
        }
        if kind == .label, let text { spec.texts = [.idle: text, .refreshing: text] }
        if kind == .spinner, node.keyed("color") == nil, ["white", "whiteLarge"].contains(node["style"] ?? "") {
            spec.tintColor = .white
        }
        if kind == .spinner { readIndicator(node, into: &spec) }
        imported.spec = spec
        imported.text = text
        return imported
    }

    /// An attributed label's text, its fragments' content joined (a `content` attribute, or a
    /// `<string key="content">` or `<mutableString key="content">`, base64 when IB marks it
    /// `base64-UTF8="YES"`). A spec label has one font and one colour: the fragments' when they all
    /// share them, else the first fragment's, with a warning.
    mutating func attributedText(_ node: XMLNode, into spec: inout ViewSpec) -> String {
        var text = ""
        let fragments = node.children("fragment")
        for fragment in fragments {
            if let content = fragment["content"] {
                text += content
            } else if let content = fragment.children.first(where: {
                XMLNode.textElements.contains($0.name) && $0["key"] == "content"
            }) {
                if content["base64-UTF8"] == "YES" {
                    let compact = content.text.filter { !$0.isWhitespace }
                    if let data = Data(base64Encoded: compact), let decoded = String(data: data, encoding: .utf8) {
                        text += decoded
                    } else {
                        warn(content, "the fragment's base64 text does not decode as UTF-8; it is left out")
                    }
                } else {
                    text += content.text
                }
            } else {
                warn(fragment, "a fragment without content; nothing of it is imported")
            }
        }
        /// A fragment's style as written: its NSFont's and NSColor's attributes.
        func style(_ fragment: XMLNode) -> [[String: String]?] {
            let attributes = fragment.child("attributes")
            return [attributes?.keyed("NSFont")?.attributes, attributes?.keyed("NSColor")?.attributes]
        }
        guard let first = fragments.first(where: { $0.child("attributes") != nil }) else { return text }
        if let attributes = first.child("attributes") {
            if let color = attributes.keyed("NSColor"), let rgba = self.color(color) { spec.textColor = rgba }
            if let nsFont = attributes.keyed("NSFont"), let size = nsFont["size"] {
                // As the <fontDescription> IB writes for a plain label.
                var description = XMLNode(
                    name: "fontDescription", attributes: ["key": "fontDescription", "pointSize": size], children: [],
                    line: nsFont.line)
                switch nsFont["metaFont"] {
                case "system", "message": description.attributes["type"] = "system"
                case "systemBold": description.attributes["type"] = "boldSystem"
                default: description.attributes["name"] = nsFont["name"]
                }
                if let font = font(description) { spec.font = font }
            }
        }
        let styles = fragments.map(style)
        if styles.contains(where: { $0 != styles[0] }) {
            warn(
                node,
                "an attributed text with \(fragments.count) fragments in different fonts or colours is drawn in its first fragment's font and colour"
            )
        }
        return text
    }

    /// Whether a `<button>` has a title to draw (its configuration's or its normal state's).
    static func hasTitle(_ node: XMLNode) -> Bool {
        let source =
            node.keyed("configuration").flatMap { $0.name == "buttonConfiguration" ? $0 : nil }
            ?? node.children("state").first { $0["key"] == "normal" }
        return source?["title"].map { !$0.isEmpty } ?? false || source?.keyed("attributedTitle") != nil
    }

    /// What a control the spec cannot draw is drawn as.
    static let placeholderColor = RGBA(red: 1, green: 0, blue: 1, alpha: 0.25)

    /// Attributes with no effect on a still frame or on the layout, skipped without a warning.
    private static let inertAttributes: Set<String> = [
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
    private static let supportedElements: Set<String> = ["label", "view", "stackView"]

    /// A stack view's attributes, which `StackViewReader` reads.
    private static let stackAttributes: Set<String> = [
        "axis", "distribution", "alignment", "spacing", "layoutMarginsRelativeArrangement",
        "baselineRelativeArrangement",
    ]

    private mutating func readAttributes(_ node: XMLNode, into spec: inout ViewSpec, text: inout String?) {
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

    private mutating func readRuntimeAttributes(_ list: XMLNode, into spec: inout ViewSpec) {
        for attribute in list.children("userDefinedRuntimeAttribute") {
            let keyPath = attribute["keyPath"] ?? ""
            let value = attribute.keyed("value")?["value"].flatMap(Double.init)
            switch keyPath {
            case "layer.cornerRadius" where value != nil:
                spec.cornerRadius = .points(max(value!, 0))
            case "layer.masksToBounds", "clipsToBounds":
                spec.clipsToBounds = (attribute["value"] ?? attribute.keyed("value")?["value"]) == "YES"
            case "preservesSuperviewLayoutMargins",
                "insetsLayoutMarginsFromSafeArea"
            where Self.runtimeBoolean(attribute) != nil:
                continue  // honoured in the layout (`flag`), as UIKit sets it after decoding the view
            case let path where Self.marginKeyPaths.contains(path.split(separator: ".").first.map(String.init) ?? ""):
                warn(
                    attribute,
                    "runtime attribute '\(keyPath)' (\(attribute["type"] ?? "no type")) is not honoured: IB's runtime attribute types have no edge insets, and what UIKit makes of this value for a UIEdgeInsets property is not established; the margins IB's inspector gives are used"
                )
            default:
                warn(attribute, "runtime attribute '\(keyPath)' is not represented in a spec; ignored")
            }
        }
    }

    /// The key paths of a view's own margins, which a runtime attribute cannot set as UIKit's types
    /// need (`layoutMargins`, `layoutMargins.left`, `directionalLayoutMargins`…).
    static let marginKeyPaths: Set<String> = ["layoutMargins", "directionalLayoutMargins"]

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

    /// A xib's `activityIndicatorView` is a `UIActivityIndicatorView` of the app's own, not
    /// UIRefreshControl's stock spinner: it shows all its spokes and never reveals them with the pull
    /// (`"revealsWithPull": false`: turning from when refreshing begins, as the app's code would
    /// start it). What the spec does not model, IB's `animating` and `hidesWhenStopped`, is said.
    mutating func readIndicator(_ node: XMLNode, into spec: inout ViewSpec) {
        spec.revealsWithPull = false
        if node["animating"] == "YES" {
            warn(
                node,
                "animating: UIKit turns it from when the view loads; the spec's indicator turns from when refreshing begins"
            )
        } else if node["hidesWhenStopped"] == "YES" {
            warn(
                node,
                "hidesWhenStopped: UIKit hides it until the app's code starts it; the spec's indicator shows its spokes, stopped, until refreshing begins"
            )
        }
    }
}

extension DocumentReader {
    /// A stack view's layout margins (`<edgeInsets key="layoutMargins">`, or
    /// `<directionalEdgeInsets key="directionalLayoutMargins">` with leading and trailing as left and
    /// right, as in a left-to-right language). A stack view whose document gives it margins arranges
    /// its views inside them: Interface Builder writes no attribute for
    /// `isLayoutMarginsRelativeArrangement` (none of the public documents looked at has one; a
    /// `layoutMarginsRelativeArrangement` attribute is honoured where present), and the frames it stores
    /// for such stacks' arranged views are inset by the margins (docs/import-sources.md, layouts10).
    func readStackMargins(_ node: XMLNode, into spec: inout ViewSpec) {
        let sides: [String]
        let insets: XMLNode
        if let plain = node.keyed("layoutMargins"), plain.name == "edgeInsets" {
            (insets, sides) = (plain, ["top", "left", "bottom", "right"])
        } else if let directional = node.keyed("directionalLayoutMargins"), directional.name == "directionalEdgeInsets"
        {
            (insets, sides) = (directional, ["top", "leading", "bottom", "trailing"])
        } else {
            return
        }
        for (index, name) in sides.enumerated() {
            if let value = insets[name].flatMap(Double.init), value.isFinite {
                spec.stack?.layoutMargins[index] = value
            }
        }
        if node["layoutMarginsRelativeArrangement"] != "NO" { spec.stack?.isLayoutMarginsRelativeArrangement = true }
    }
}
