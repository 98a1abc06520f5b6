/// The interface style a spec is drawn in: iOS's light or dark appearance
/// (`UITraitCollection.userInterfaceStyle`), which the semantic colours resolve for.
public enum Appearance: String, Sendable, CaseIterable {
    case light, dark

    /// A default that UIKit gives as the semantic colour `name`: `light` as it always was in the
    /// light appearance, the colour's dark value in the dark one.
    func unset(_ name: String, light: RGBA) -> RGBA {
        self == .light ? light : SemanticColor.resolve(name, .dark)!
    }
}

/// iOS's semantic colours (`UIColor.label`, `.systemBackground`, `.systemBlue`, …) by their UIKit
/// names, each with its light and dark value (the default contrast, not elevated), as 8-bit sRGB
/// and alpha. Where each value comes from is in docs/spec.md ("Semantic colours").
package enum SemanticColor {
    /// One colour: its light and dark values and how sure the table is of them.
    package struct Entry: Sendable {
        package var name: String
        package var light: RGBA
        package var dark: RGBA
        package var source: Source

        package func resolved(for appearance: Appearance) -> RGBA { appearance == .dark ? dark : light }
    }

    /// Where a value comes from.
    package enum Source: String, Sendable {
        /// The Human Interface Guidelines' colour page lists it (the system colours, iOS 13–17).
        case hig
        /// UIKit's own value printed from `resolvedColor(with:)` on iOS 13 and published (the
        /// element colours: labels, fills, backgrounds, separators); Apple's documentation names
        /// the colours but gives no numbers.
        case uikit
    }

    private static func rgb(_ r: Int, _ g: Int, _ b: Int, _ a: Double = 1) -> RGBA {
        RGBA(red: Double(r) / 255, green: Double(g) / 255, blue: Double(b) / 255, alpha: a)
    }

    private static func entry(_ name: String, _ light: RGBA, _ dark: RGBA, _ source: Source) -> Entry {
        Entry(name: name, light: light, dark: dark, source: source)
    }

    /// Every semantic colour, in the order docs/spec.md lists them.
    package static let all: [Entry] = [
        // Labels and text.
        entry("label", rgb(0, 0, 0), rgb(255, 255, 255), .uikit),
        entry("secondaryLabel", rgb(60, 60, 67, 0.6), rgb(235, 235, 245, 0.6), .uikit),
        entry("tertiaryLabel", rgb(60, 60, 67, 0.3), rgb(235, 235, 245, 0.3), .uikit),
        entry("quaternaryLabel", rgb(60, 60, 67, 0.18), rgb(235, 235, 245, 0.16), .uikit),
        entry("placeholderText", rgb(60, 60, 67, 0.3), rgb(235, 235, 245, 0.3), .uikit),
        entry("link", rgb(0, 122, 255), rgb(9, 132, 255), .uikit),
        // Separators.
        entry("separator", rgb(60, 60, 67, 0.29), rgb(84, 84, 88, 0.6), .uikit),
        entry("opaqueSeparator", rgb(198, 198, 200), rgb(56, 56, 58), .uikit),
        // Backgrounds.
        entry("systemBackground", rgb(255, 255, 255), rgb(0, 0, 0), .uikit),
        entry("secondarySystemBackground", rgb(242, 242, 247), rgb(28, 28, 30), .uikit),
        entry("tertiarySystemBackground", rgb(255, 255, 255), rgb(44, 44, 46), .uikit),
        entry("systemGroupedBackground", rgb(242, 242, 247), rgb(0, 0, 0), .uikit),
        entry("secondarySystemGroupedBackground", rgb(255, 255, 255), rgb(28, 28, 30), .uikit),
        entry("tertiarySystemGroupedBackground", rgb(242, 242, 247), rgb(44, 44, 46), .uikit),
        // Fills.
        entry("systemFill", rgb(120, 120, 128, 0.2), rgb(120, 120, 128, 0.36), .uikit),
        entry("secondarySystemFill", rgb(120, 120, 128, 0.16), rgb(120, 120, 128, 0.32), .uikit),
        entry("tertiarySystemFill", rgb(118, 118, 128, 0.12), rgb(118, 118, 128, 0.24), .uikit),
        entry("quaternarySystemFill", rgb(116, 116, 128, 0.08), rgb(118, 118, 128, 0.18), .uikit),
        // System colours.
        entry("systemRed", rgb(255, 59, 48), rgb(255, 69, 58), .hig),
        entry("systemOrange", rgb(255, 149, 0), rgb(255, 159, 10), .hig),
        entry("systemYellow", rgb(255, 204, 0), rgb(255, 214, 10), .hig),
        entry("systemGreen", rgb(52, 199, 89), rgb(48, 209, 88), .hig),
        entry("systemMint", rgb(0, 199, 190), rgb(99, 230, 226), .hig),
        entry("systemTeal", rgb(48, 176, 199), rgb(64, 200, 224), .hig),
        entry("systemCyan", rgb(50, 173, 230), rgb(100, 210, 255), .hig),
        entry("systemBlue", rgb(0, 122, 255), rgb(10, 132, 255), .hig),
        entry("systemIndigo", rgb(88, 86, 214), rgb(94, 92, 230), .hig),
        entry("systemPurple", rgb(175, 82, 222), rgb(191, 90, 242), .hig),
        entry("systemPink", rgb(255, 45, 85), rgb(255, 55, 95), .hig),
        entry("systemBrown", rgb(162, 132, 94), rgb(172, 142, 104), .hig),
        entry("systemGray", rgb(142, 142, 147), rgb(142, 142, 147), .hig),
        entry("systemGray2", rgb(174, 174, 178), rgb(99, 99, 102), .hig),
        entry("systemGray3", rgb(199, 199, 204), rgb(72, 72, 74), .hig),
        entry("systemGray4", rgb(209, 209, 214), rgb(58, 58, 60), .hig),
        entry("systemGray5", rgb(229, 229, 234), rgb(44, 44, 46), .hig),
        entry("systemGray6", rgb(242, 242, 247), rgb(28, 28, 30), .hig),
        // The same in both appearances.
        entry("lightText", rgb(255, 255, 255, 0.6), rgb(255, 255, 255, 0.6), .uikit),
        entry("darkText", rgb(0, 0, 0), rgb(0, 0, 0), .uikit),
    ]

    private static let byName: [String: Entry] = Dictionary(uniqueKeysWithValues: all.map { ($0.name, $0) })

    /// The colour `name` stands for in `appearance`; nil for a name that is not semantic.
    package static func resolve(_ name: String, _ appearance: Appearance) -> RGBA? {
        byName[name]?.resolved(for: appearance)
    }

    /// The names, for "did you mean".
    package static var names: [String] { all.map(\.name) }
}
