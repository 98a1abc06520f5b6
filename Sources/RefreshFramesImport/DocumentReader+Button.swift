import RefreshFramesCore

/// A button's title as UIKit lays it out and draws it, and the intrinsic size that follows from it.
///
/// Where each number comes from (the sources are named in docs/import-sources.md):
/// - The intrinsic size is the title's size plus `contentEdgeInsets` (Apple, UIButton.contentEdgeInsets:
///   "The button uses this property to determine intrinsicContentSize"; the default is zero).
///   `titleEdgeInsets` and `imageEdgeInsets` only position the title and image (Apple,
///   UIButton.titleEdgeInsets: not used "to determine intrinsicContentSize and sizeThatFits").
/// - With zero `contentEdgeInsets`, UIKit adds 6 pt above and below the title label (an 18 pt system
///   title, 21 pt high, makes a 33 pt button: Stack Overflow answer 70778238). Whether it still does
///   with other insets is not established, so then IB's height stands in.
/// - A configuration's (Xcode 13+, iOS 15) default content insets are 7 pt above and below and 12 pt
///   beside (Apple Developer Forums thread 733541, a UIKit engineer's accepted answer: the medium
///   size at the default text size).
/// - A system (or rounded-rect) button draws its title in its tint colour, iOS's default blue
///   (0, 122, 255); a custom button in white (Chameleon's UIButton `_defaultTitleColor`), with no
///   background of its own.
struct ButtonTitle: Equatable {
    var text: String
    var font: FontSpec?
    /// What is added to the title's size: top, left, bottom, right; nil for an axis whose padding is
    /// not established (IB's frame stands in for it).
    var horizontalPadding: Double?
    var verticalPadding: Double?
    /// Why a dimension keeps IB's frame, for the warning.
    var unknown: String?
}

extension DocumentReader {
    /// iOS's default tint colour, systemBlue in light mode.
    static let systemBlue = RGBA(red: 0, green: 122.0 / 255, blue: 1, alpha: 1)

    /// Reads a `<button>` into a label that draws its title as iOS draws a plain button; nil when the
    /// button has no title (an image button stays a placeholder).
    mutating func readButton(_ node: XMLNode, into spec: inout ViewSpec) -> ButtonTitle? {
        let configuration = node.keyed("configuration").flatMap { $0.name == "buttonConfiguration" ? $0 : nil }
        let normal = node.children("state").first { $0["key"] == "normal" }
        // The configuration's title replaces the states' when there is one.
        let source = configuration ?? normal
        var attributed = ViewSpec(tag: spec.tag, kind: .label)
        var text = source?["title"]
        var attributedFont = false
        if let node = source?.keyed("attributedTitle") {
            text = attributedText(node, into: &attributed)
            attributedFont = node.children("fragment").contains { $0.child("attributes")?.keyed("NSFont") != nil }
        }
        guard let text, !text.isEmpty else { return nil }
        spec.kind = .label
        spec.texts = [.idle: text, .refreshing: text]
        spec.textAlignment =
            switch node["contentHorizontalAlignment"] {
            case "left", "leading": .left
            case "right", "trailing": .right
            default: .center
            }
        // The button's own hugging and compression resistance make its intrinsic-size constraints;
        // its title label's must not compete with them.
        spec.huggingPriority = 1
        spec.compressionPriority = 1
        let tint = node.keyed("tintColor").flatMap { color($0) }
        var title = ButtonTitle(text: text)
        var fontNode = node.keyed("fontDescription")
        if let configuration {
            fontNode = configuration.keyed("titleFontDescription")
            let foreground = configuration.keyed("baseForegroundColor").flatMap { color($0) }
            spec.textColor = foreground ?? (attributedFont ? attributed.textColor : tint ?? Self.systemBlue)
            if configuration["style"] != "plain" {
                if let background = configuration.keyed("baseBackgroundColor").flatMap({ color($0) }) {
                    spec.backgroundColor = background
                }
                warn(
                    configuration,
                    "the configuration's style '\(configuration["style"] ?? "")' is drawn as a plain button: its title, on its baseBackgroundColor if it has one"
                )
            }
            if let size = configuration["buttonSize"], size != "medium" {
                title.unknown = "the content insets of a configuration of size '\(size)' are not established here"
            } else if configuration.keyed("contentInsets") != nil {
                title.unknown = "a configuration's own contentInsets add to a default inset not established here"
            } else {
                (title.horizontalPadding, title.verticalPadding) = (24, 14)
            }
        } else {
            let titleColor = normal?.keyed("titleColor").flatMap { color($0) }
            let custom = node["buttonType"] == nil || node["buttonType"] == "custom"
            spec.textColor =
                normal?.keyed("attributedTitle") != nil
                ? attributed.textColor : titleColor ?? (custom ? .white : tint ?? Self.systemBlue)
            var insets = [0.0, 0, 0, 0]
            if let inset = node.keyed("contentEdgeInsets"), inset.name == "inset" {
                insets = ["minY", "minX", "maxY", "maxX"].map {
                    inset[$0].flatMap(Double.init).flatMap { $0.isFinite ? $0 : nil } ?? 0
                }
            }
            title.horizontalPadding = insets[1] + insets[3]
            if insets == [0, 0, 0, 0] {
                title.verticalPadding = 12
            } else {
                title.unknown =
                    "whether UIKit's 6 pt above and below the title still apply with contentEdgeInsets is not established"
            }
            for key in ["titleEdgeInsets", "imageEdgeInsets"] {
                if let inset = node.keyed(key) {
                    warn(
                        inset, "\(key) moves the title or image within the button without changing its size; not drawn")
                }
            }
        }
        if let fontNode, let font = font(fontNode) {
            spec.font = font
            title.font = font
        } else if attributedFont {
            spec.font = attributed.font
            title.font = attributed.font
        } else {
            // Drawn in IB's default for a new button; the size stays IB's.
            let standard = XMLNode(
                name: "fontDescription", attributes: ["key": "fontDescription", "type": "system", "pointSize": "15"],
                children: [], line: node.line)
            if let font = font(standard) { spec.font = font }
            title.unknown =
                configuration == nil
                ? "the button has no <fontDescription> and UIButton's default title font is not established here"
                : "the configuration has no titleFontDescription and its default title font is not established here"
        }
        return title
    }

    /// The button's intrinsic size from its measured title; IB's frame for a dimension whose rule is
    /// not established, with a warning.
    mutating func buttonSize(
        _ node: XMLNode, title: ButtonTitle, frame: Rect?, scale: Double
    ) -> (width: Double?, height: Double?)? {
        var measured: IntrinsicSize?
        if let font = title.font {
            measured = measure(title.text, font)
            if measured == nil {
                warn(
                    node,
                    "cannot measure the title '\(title.text)' in \(font.pattern); IB's frame stands in for its size")
            }
        }
        /// Rounded up to the pixel grid, as a label's intrinsic size is.
        func pixels(_ value: Double) -> Double { (value * scale - 1e-6).rounded(.up) / scale }
        var width = frame?.width
        var height = frame?.height
        if let measured, let padding = title.horizontalPadding { width = pixels(measured.width) + padding }
        if let measured, let padding = title.verticalPadding { height = pixels(measured.height) + padding }
        if let reason = title.unknown, title.font == nil || measured != nil {
            let kept =
                title.font == nil || title.horizontalPadding == nil
                ? "its size" : "its height"
            warn(node, "\(reason); IB's frame stands in for \(kept)")
        }
        if width == nil && height == nil { return nil }
        return (width, height)
    }
}

extension DocumentReader {
    /// Whether a `<button>` has an image or a background image in one of its states: it is then
    /// imported as a button (`"kind": "button"`), not as a label drawing its title.
    static func hasImage(_ node: XMLNode) -> Bool {
        node.children("state").contains { state in
            ["image", "backgroundImage"].contains { state[$0].map { !$0.isEmpty } ?? false }
        }
    }

    /// A button's states' images as the app has them, by state: a missing one is a warning naming
    /// it and is left out (as an image view's is).
    mutating func resolveButtonImages(_ node: XMLNode, tag: Int) -> [ControlState: ButtonSpec.Content] {
        var found: [ControlState: ButtonSpec.Content] = [:]
        for state in node.children("state") {
            guard let key = state["key"] else { continue }
            guard let controlState = ControlState(rawValue: key) else {
                warn(
                    state,
                    "the button's '\(key)' state is not one a spec names (normal, highlighted, selected, disabled); left out"
                )
                continue
            }
            var content = ButtonSpec.Content()
            for (attribute, what) in [("image", "image"), ("backgroundImage", "background image")] {
                guard let name = state[attribute], !name.isEmpty else { continue }
                if state["catalog"] == "system" {
                    warn(state, "\(what) '\(name)' of the \(key) state is an SF Symbol, which is not drawn; left out")
                    continue
                }
                guard let image = images.find(name) else {
                    warn(
                        state,
                        "\(what) '\(name)' of the \(key) state not found (looked in \(images.searched)); left out of button \(tag)"
                    )
                    continue
                }
                if image.isAsset { usesAssetCatalogs = true }
                warnElsewhere(state, name, image)
                if attribute == "image" { content.image = image.name } else { content.backgroundImage = image.name }
            }
            found[controlState] = content
        }
        return found
    }

    /// A `<button>` with images as a custom UIButton: its states' titles, title colours and the
    /// images `resolveButtonImages` found, its flags and content alignment. A system button draws
    /// its image in its tint colour (as a template) and its title in its tint colour.
    mutating func readImageButton(
        _ node: XMLNode, images: [ControlState: ButtonSpec.Content], into spec: inout ViewSpec
    ) {
        var button = ButtonSpec()
        let system = !(node["buttonType"] == nil || node["buttonType"] == "custom")
        for state in node.children("state") {
            guard let key = state["key"], let controlState = ControlState(rawValue: key) else { continue }
            var content = images[controlState] ?? ButtonSpec.Content()
            if let title = state["title"], !title.isEmpty { content.title = title }
            if state.keyed("attributedTitle") != nil {
                warn(state, "an attributed title of an image button is not drawn")
            }
            if let c = state.keyed("titleColor").flatMap({ color($0) }) { content.titleColor = c }
            button.states[controlState] = content
        }
        let tint = node.keyed("tintColor").flatMap { color($0) } ?? Self.systemBlue
        if system {
            if button.states[.normal]?.titleColor == nil { button.states[.normal, default: .init()].titleColor = tint }
            button.renderingMode = .alwaysTemplate
        }
        if let font = node.keyed("fontDescription").flatMap({ font($0) }) { spec.font = font }
        button.adjustsImageWhenHighlighted = node["adjustsImageWhenHighlighted"] != "NO"
        button.adjustsImageWhenDisabled = node["adjustsImageWhenDisabled"] != "NO"
        button.isHighlighted = node["highlighted"] == "YES"
        button.isSelected = node["selected"] == "YES"
        button.isEnabled = node["enabled"] != "NO"
        switch node["contentHorizontalAlignment"] {
        case "left", "leading": button.contentHorizontalAlignment = .left
        case "right", "trailing": button.contentHorizontalAlignment = .right
        case "fill":
            warn(node, "contentHorizontalAlignment 'fill' is drawn centred")
        default: break
        }
        if let inset = node.keyed("contentEdgeInsets"), inset.name == "inset" {
            button.contentEdgeInsets = ["minY", "minX", "maxY", "maxX"].map {
                inset[$0].flatMap(Double.init).flatMap { $0.isFinite ? $0 : nil } ?? 0
            }
        }
        for key in ["titleEdgeInsets", "imageEdgeInsets"] {
            if let inset = node.keyed(key) {
                warn(inset, "\(key) moves the title or image within the button; not drawn")
            }
        }
        if node.keyed("configuration") != nil {
            warn(node, "the button's configuration (iOS 15) is not read for an image button; its states are drawn")
        }
        // IB's frame makes the button's size constraints; its own intrinsic size must not compete with them.
        spec.huggingPriority = 1
        spec.compressionPriority = 1
        spec.button = button
    }
}
