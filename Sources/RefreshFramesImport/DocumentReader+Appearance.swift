import RefreshFramesCore

extension DocumentReader {
    // MARK: - Colours

    /// UIKit's named colours as IB writes them (`cocoaTouchSystemColor`, `systemColor`), in sRGB.
    static let namedColors: [String: RGBA] = [
        "darkTextColor": .black,
        "lightTextColor": RGBA(white: 1, alpha: 0.6),
        "groupTableViewBackgroundColor": RGBA(red: 0.937, green: 0.937, blue: 0.957),
        "tableCellGroupedBackgroundColor": .white,
        "clearColor": .clear,
        "systemBackgroundColor": .white,
        "secondarySystemBackgroundColor": RGBA(red: 0.949, green: 0.949, blue: 0.969),
        "systemGroupedBackgroundColor": RGBA(red: 0.949, green: 0.949, blue: 0.969),
        "labelColor": .black,
        "secondaryLabelColor": RGBA(red: 0.235, green: 0.235, blue: 0.263, alpha: 0.6),
        "tertiaryLabelColor": RGBA(red: 0.235, green: 0.235, blue: 0.263, alpha: 0.3),
        "systemRedColor": RGBA(red: 1, green: 0.231, blue: 0.188),
        "systemGreenColor": RGBA(red: 0.204, green: 0.78, blue: 0.349),
        "systemBlueColor": RGBA(red: 0, green: 0.478, blue: 1),
        "systemOrangeColor": RGBA(red: 1, green: 0.584, blue: 0),
        "systemYellowColor": RGBA(red: 1, green: 0.8, blue: 0),
        "systemGrayColor": RGBA(red: 0.557, green: 0.557, blue: 0.576),
        "whiteColor": .white,
        "blackColor": .black,
    ]

    /// The semantic colour a `<color systemColor="labelColor">` is (`label`); nil for other colours
    /// and for system colours that are not semantic ones (`whiteColor`; `groupTableViewBackgroundColor`,
    /// iOS 12's #EFEFF4, which iOS 13 deprecated for `systemGroupedBackground`, #F2F2F7).
    static func semanticName(_ node: XMLNode) -> String? {
        guard let name = node["systemColor"] ?? node["cocoaTouchSystemColor"] else { return nil }
        guard name.hasSuffix("Color") else { return nil }
        let semantic = String(name.dropLast(5))
        return SemanticColor.resolve(semantic, .light) == nil ? nil : semantic
    }

    /// A `<color>` element; unknown forms are reported and give nil.
    ///
    /// `calibratedRGB` (generic RGB, Xcode 7) and `deviceRGB` components are taken as sRGB, which
    /// shifts colours slightly; `displayP3` is converted to sRGB (`RGBA.fromDisplayP3`);
    /// `calibratedWhite`, `deviceWhite` and the gamma-2.2 grey space as sRGB grey.
    mutating func color(_ node: XMLNode) -> RGBA? {
        if let rgba = plainColor(node) { return rgba }
        if let name = node["systemColor"] ?? node["cocoaTouchSystemColor"] {
            // A dark device's system colours are their dark values (IB's resources hold the light ones).
            if appearance == .dark, let semantic = Self.semanticName(node) {
                return SemanticColor.resolve(semantic, .dark)
            }
            if let rgba = systemColors[name] ?? Self.namedColors[name] { return rgba }
            warn(node, "unknown system colour '\(name)'; ignored")
            return nil
        }
        if let name = node["name"] {
            if let rgba = namedColors[name] { return rgba }
            warn(node, "named colour '\(name)' from an asset catalog cannot be resolved; ignored")
            return nil
        }
        let space = node["customColorSpace"] ?? node["colorSpace"] ?? "none"
        warn(node, "colour in space '\(space)' is not representable; ignored")
        return nil
    }

    /// Component colours in an RGB or grey space, without reporting.
    func plainColor(_ node: XMLNode) -> RGBA? {
        // Components are clamped to 0…1 and non-finite ones (nan, inf) ignored, as UIColor would show them.
        func number(_ name: String) -> Double? {
            node[name].flatMap(Double.init).flatMap { $0.isFinite ? min(max($0, 0), 1) : nil }
        }
        let alpha = number("alpha") ?? 1
        let space = node["colorSpace"] == "custom" ? node["customColorSpace"] : node["colorSpace"]
        if let r = number("red"), let g = number("green"), let b = number("blue"),
            space.map(["sRGB", "calibratedRGB", "deviceRGB"].contains) ?? true
        {
            return RGBA(red: r, green: g, blue: b, alpha: alpha)
        }
        // Display P3 (Xcode's default for colours picked on a P3 Mac): converted to sRGB, clipped.
        if let r = number("red"), let g = number("green"), let b = number("blue"), space == "displayP3" {
            return RGBA.fromDisplayP3(red: r, green: g, blue: b, alpha: alpha)
        }
        if let w = number("white"),
            space.map(["calibratedWhite", "deviceWhite", "genericGamma22GrayColorSpace"].contains) ?? true
        {
            return RGBA(white: w, alpha: alpha)
        }
        return nil
    }

    // MARK: - Fonts

    /// Point sizes and weights of the text styles at the default (Large) content size.
    static let textStyles: [String: (size: Double, weight: String)] = [
        "UICTFontTextStyleLargeTitle": (34, "regular"), "UICTFontTextStyleTitle1": (28, "regular"),
        "UICTFontTextStyleTitle2": (22, "regular"), "UICTFontTextStyleTitle3": (20, "regular"),
        "UICTFontTextStyleHeadline": (17, "semibold"), "UICTFontTextStyleBody": (17, "regular"),
        "UICTFontTextStyleCallout": (16, "regular"), "UICTFontTextStyleSubhead": (15, "regular"),
        "UICTFontTextStyleFootnote": (13, "regular"), "UICTFontTextStyleCaption1": (12, "regular"),
        "UICTFontTextStyleCaption2": (11, "regular"),
    ]

    /// PostScript name suffixes and the weight they stand for.
    static let weightSuffixes: [(suffix: String, weight: String)] = [
        ("UltraLight", "thin"), ("Thin", "thin"), ("Light", "light"), ("Book", "regular"), ("Roman", "regular"),
        ("Regular", "regular"), ("Medium", "medium"), ("DemiBold", "semibold"), ("Semibold", "semibold"),
        ("SemiBold", "semibold"), ("Bold", "bold"), ("Heavy", "heavy"), ("Black", "black"),
    ]

    /// A `<fontDescription>`: system fonts and text styles become `System` at the same size and weight,
    /// iOS's named families keep their name (`Avenir-Book`); other named fonts keep their family if it
    /// is installed, else WenQuanYi Micro Hei stands in. Each mapping is recorded once.
    mutating func font(_ node: XMLNode) -> FontSpec? {
        let fallback = FontSpec.defaultFamily
        var from: String
        var font: FontSpec
        if let style = node["style"] {
            guard let metrics = Self.textStyles[style] else {
                warn(node, "text style '\(style)' is unknown; the default font is used")
                return nil
            }
            from = style
            font = FontSpec(family: "System", size: metrics.size, weight: metrics.weight)
        } else if let type = node["type"] {
            guard let size = node["pointSize"].flatMap(Double.init), size >= 1 else {
                warn(node, "no pointSize; the default font is used")
                return nil
            }
            var weight = node["weight"] ?? "regular"
            var italic = false
            switch type {
            case "system": from = "System"
            case "boldSystem":
                from = "System Bold"
                weight = "bold"
            case "italicSystem":
                from = "System Italic"
                italic = true
            default:
                warn(node, "font type '\(type)' is unknown; the system font is used")
                from = type
            }
            if weight == "ultraLight" { weight = "thin" }
            if !FontSpec.weights.contains(weight) {
                warn(node, "font weight '\(weight)' is unknown; regular is used")
                weight = "regular"
            }
            if weight != "regular" && type == "system" {
                from += " " + weight.prefix(1).uppercased() + weight.dropFirst()
            }
            font = FontSpec(family: "System", size: size, weight: weight, italic: italic)
        } else if let name = node["name"] {
            guard let size = node["pointSize"].flatMap(Double.init), size >= 1 else {
                warn(node, "no pointSize; the default font is used")
                return nil
            }
            let family = node["family"] ?? String(name.split(separator: "-").first ?? Substring(name))
            let style = name.split(separator: "-").dropFirst().joined(separator: "-")
            let weight = Self.weightSuffixes.first { style.hasSuffix($0.suffix) }?.weight ?? "regular"
            from = name
            if let iOS = IOSFont.match(name) {
                font = FontSpec(family: name, size: size, weight: weight, italic: iOS.italic)
            } else {
                font = FontSpec(family: isFontInstalled(family) ? family : fallback, size: size, weight: weight)
            }
        } else {
            warn(node, "neither a system font nor a named one; the default font is used")
            return nil
        }
        let to = standIn(font) ?? (font.weight == "regular" ? font.family : "\(font.family) \(font.weight)")
        if !fontMapping.contains(where: { $0.from == from && $0.to == to }) {
            fontMapping.append((from: from, to: to))
        }
        return font
    }
}
