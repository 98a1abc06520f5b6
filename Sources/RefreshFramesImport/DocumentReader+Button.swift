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
