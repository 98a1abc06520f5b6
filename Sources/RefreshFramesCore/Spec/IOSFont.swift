/// A font family iOS ships, as a spec names it (`System`, `Helvetica Neue`, `Avenir-Book`…): the
/// vertical metrics UIFont reports for it, where they come from, and the Debian families that stand
/// in for its glyphs here, most alike first. Pure data: the raster module picks the first installed
/// stand-in, and layout uses the metrics so that frames match a device.
package struct IOSFont: Sendable, Hashable {
    /// The family as iOS names it, e.g. `Helvetica Neue`.
    package var family: String
    /// Spellings that name the family, compared without case, spaces, hyphens and dots
    /// (`HelveticaNeue`, `.SFUIText`); a PostScript name is one of them followed by a style suffix.
    package var keys: [String]
    /// UIFont's ascender, descender and leading per em; nil when no public source gives them (the
    /// stand-in's own metrics are used then).
    package var metrics: IOSFontMetrics?
    /// The metrics of the bold and medium faces, when they differ from the regular ones.
    package var boldMetrics: IOSFontMetrics?
    /// Debian font families, most alike first.
    package var standIns: [String]

    package init(
        family: String, keys: [String], metrics: IOSFontMetrics?, boldMetrics: IOSFontMetrics? = nil,
        standIns: [String]
    ) {
        self.family = family
        self.keys = keys
        self.metrics = metrics
        self.boldMetrics = boldMetrics
        self.standIns = standIns
    }

    /// The metrics of the face of `weight`.
    package func metrics(weight: String) -> IOSFontMetrics? {
        ["medium", "semibold", "bold", "heavy", "black"].contains(weight) ? (boldMetrics ?? metrics) : metrics
    }
}

/// Vertical metrics in ems, as UIFont reports them: `lineHeight = ascender + descender + leading`,
/// and a UILabel's intrinsic height is `lineHeight × size` rounded up to the pixel grid.
package struct IOSFontMetrics: Sendable, Hashable {
    /// Above the baseline, positive.
    package var ascender: Double
    /// Below the baseline, positive.
    package var descender: Double
    package var leading: Double
    /// The height of the capitals (the font's `capHeight`); the stand-in's glyphs are drawn at the
    /// size that gives its capitals this height. Nil: drawn at the spec's size.
    package var capHeight: Double?
    /// Where the numbers come from (docs/fonts.md has the full citations).
    package var source: String

    package init(ascender: Double, descender: Double, leading: Double, capHeight: Double? = nil, source: String) {
        self.ascender = ascender
        self.descender = descender
        self.leading = leading
        self.capHeight = capHeight
        self.source = source
    }

    /// Metrics given in font units.
    package init(
        units: Double, ascender: Double, descender: Double, leading: Double, capHeight: Double? = nil,
        source: String
    ) {
        self.init(
            ascender: ascender / units, descender: descender / units, leading: leading / units,
            capHeight: capHeight.map { $0 / units }, source: source)
    }

    package var lineHeight: Double { ascender + descender + leading }
}

/// A spec's font family resolved to an iOS family, with the weight and slant a PostScript name implies.
package struct IOSFontMatch: Sendable, Hashable {
    package var font: IOSFont
    /// The weight a PostScript suffix names (`Avenir-Heavy` → heavy); nil for a plain family name.
    package var weight: String?
    package var italic: Bool
}

extension IOSFont {
    /// Every iOS family a spec may name. docs/fonts.md lists them with their sources.
    package static let all: [IOSFont] = [
        IOSFont(
            family: "System",
            keys: [
                "system", "systemfont", "sfprotext", "sfprodisplay", "sfpro", "sfuitext", "sfuidisplay", "sanfrancisco",
                "applesystem",
            ],
            metrics: IOSFontMetrics(
                units: 2048, ascender: 1950, descender: 494, leading: 0, capHeight: 1443,
                source:
                    "measured on iOS: lineHeight 17.900391 at 15 pt; 38.0859375/−9.6484375/47.734375 at 40 pt; "
                    + "cap height SF's 1443/2048 (capsize)"),
            standIns: ["Inter", "DejaVu Sans"]),
        IOSFont(
            family: "Helvetica Neue", keys: ["helveticaneue"],
            metrics: IOSFontMetrics(
                units: 1000, ascender: 952, descender: 213, leading: 28, capHeight: 714,
                source: "capsize system-font metrics; UIFont at 16 pt: 15.232/−3.408/0.448"),
            boldMetrics: IOSFontMetrics(
                units: 1000, ascender: 975, descender: 217, leading: 29, capHeight: 714,
                source: "Medium/Bold figures from the reference notes, not re-checked"
            ),
            standIns: ["Nimbus Sans", "Liberation Sans", "DejaVu Sans"]),
        IOSFont(
            family: "Helvetica", keys: ["helvetica"],
            metrics: IOSFontMetrics(
                ascender: 15.64 / 17, descender: 3.91 / 17, leading: 0, capHeight: 1469 / 2048,
                source: "UIFont on iOS at 17 pt: ascender 15.64, descender −3.91; cap height 1469/2048 (capsize)"),
            standIns: ["Nimbus Sans", "Liberation Sans", "DejaVu Sans"]),
        IOSFont(
            family: "Avenir Next", keys: ["avenirnext"], metrics: nil, standIns: ["Inter", "DejaVu Sans"]),
        IOSFont(
            family: "Avenir", keys: ["avenir"],
            metrics: IOSFontMetrics(
                ascender: 1, descender: 0.366, leading: 0,
                source: "line height from IB-stored label heights (20 pt → 27.5, 17 pt → 23.5); split assumed"),
            standIns: ["Inter", "DejaVu Sans"]),
        IOSFont(
            family: "PingFang SC", keys: ["pingfangsc"], metrics: nil,
            standIns: ["Noto Sans CJK SC", "WenQuanYi Micro Hei"]),
        IOSFont(
            family: "PingFang TC", keys: ["pingfangtc"], metrics: nil,
            standIns: ["Noto Sans CJK TC", "WenQuanYi Micro Hei"]),
        IOSFont(
            family: "PingFang HK", keys: ["pingfanghk"], metrics: nil,
            standIns: ["Noto Sans CJK HK", "WenQuanYi Micro Hei"]),
        IOSFont(family: "Menlo", keys: ["menlo"], metrics: nil, standIns: ["DejaVu Sans Mono"]),
        IOSFont(
            family: "Courier New", keys: ["couriernew"], metrics: nil,
            standIns: ["Liberation Mono", "Nimbus Mono PS", "DejaVu Sans Mono"]),
        IOSFont(
            family: "Courier", keys: ["courier"], metrics: nil,
            standIns: ["Nimbus Mono PS", "Liberation Mono", "DejaVu Sans Mono"]),
        IOSFont(family: "Georgia", keys: ["georgia"], metrics: nil, standIns: ["Gelasio", "DejaVu Serif"]),
        IOSFont(
            family: "Times New Roman", keys: ["timesnewroman", "timesnewromanps"],
            metrics: IOSFontMetrics(
                units: 2048, ascender: 1825, descender: 443, leading: 87,
                source: "capsize metrics of the Times New Roman font file"),
            standIns: ["Liberation Serif", "Nimbus Roman", "DejaVu Serif"]),
        IOSFont(
            family: "Arial", keys: ["arial", "arialmt"],
            metrics: IOSFontMetrics(
                units: 2048, ascender: 1854, descender: 434, leading: 67,
                source: "capsize metrics of the Arial font file"),
            standIns: ["Liberation Sans", "Nimbus Sans", "DejaVu Sans"]),
        IOSFont(family: "Futura", keys: ["futura"], metrics: nil, standIns: ["URW Gothic", "DejaVu Sans"]),
        IOSFont(family: "Palatino", keys: ["palatino"], metrics: nil, standIns: ["P052", "DejaVu Serif"]),
        IOSFont(family: "Hoefler Text", keys: ["hoeflertext"], metrics: nil, standIns: ["P052", "DejaVu Serif"]),
        IOSFont(
            family: "Verdana", keys: ["verdana"],
            metrics: IOSFontMetrics(
                units: 2048, ascender: 2059, descender: 430, leading: 0,
                source: "hhea of the Verdana font file (an OpenType parser's test of Verdana.ttf; font-fallback tables)"
            ),
            standIns: ["DejaVu Sans"]),
        IOSFont(family: "Chalkduster", keys: ["chalkduster"], metrics: nil, standIns: ["DejaVu Sans"]),
        // iOS's other families, drawn with the installed face nearest in kind (no metrics known):
        // serifs with serifs, scripts with a script, CJK with Noto's CJK faces; none is a look-alike.
        IOSFont(family: "Baskerville", keys: ["baskerville"], metrics: nil, standIns: ["C059", "DejaVu Serif"]),
        IOSFont(family: "Charter", keys: ["charter"], metrics: nil, standIns: ["C059", "DejaVu Serif"]),
        IOSFont(family: "Cochin", keys: ["cochin"], metrics: nil, standIns: ["P052", "DejaVu Serif"]),
        IOSFont(family: "Didot", keys: ["didot"], metrics: nil, standIns: ["Nimbus Roman", "DejaVu Serif"]),
        IOSFont(
            family: "Bodoni 72", keys: ["bodoni72", "bodonisvtwentyfouritc"], metrics: nil,
            standIns: ["Nimbus Roman", "DejaVu Serif"]),
        IOSFont(
            family: "American Typewriter", keys: ["americantypewriter"], metrics: nil,
            standIns: ["C059", "DejaVu Serif"]
        ),
        IOSFont(family: "Gill Sans", keys: ["gillsans"], metrics: nil, standIns: ["DejaVu Sans"]),
        IOSFont(family: "Optima", keys: ["optima"], metrics: nil, standIns: ["DejaVu Sans"]),
        IOSFont(family: "Trebuchet MS", keys: ["trebuchetms"], metrics: nil, standIns: ["DejaVu Sans"]),
        IOSFont(family: "Arial Rounded MT Bold", keys: ["arialroundedmtbold"], metrics: nil, standIns: ["DejaVu Sans"]),
        IOSFont(family: "Copperplate", keys: ["copperplate"], metrics: nil, standIns: ["Nimbus Sans", "DejaVu Sans"]),
        IOSFont(family: "Marker Felt", keys: ["markerfelt"], metrics: nil, standIns: ["DejaVu Sans"]),
        IOSFont(family: "Noteworthy", keys: ["noteworthy"], metrics: nil, standIns: ["DejaVu Sans"]),
        IOSFont(family: "Chalkboard SE", keys: ["chalkboardse"], metrics: nil, standIns: ["DejaVu Sans"]),
        IOSFont(
            family: "Snell Roundhand", keys: ["snellroundhand"], metrics: nil, standIns: ["Z003", "DejaVu Serif"]),
        IOSFont(family: "Zapfino", keys: ["zapfino"], metrics: nil, standIns: ["Z003", "DejaVu Serif"]),
        IOSFont(
            family: "Hiragino Sans", keys: ["hiraginosans", "hiraginokakugothicpron"], metrics: nil,
            standIns: ["Noto Sans CJK JP", "WenQuanYi Micro Hei"]),
        IOSFont(
            family: "Hiragino Mincho ProN", keys: ["hiraginominchopron"], metrics: nil,
            standIns: ["Noto Serif CJK JP", "Noto Sans CJK JP", "WenQuanYi Micro Hei"]),
        IOSFont(
            family: "Apple SD Gothic Neo", keys: ["applesdgothicneo"], metrics: nil,
            standIns: ["Noto Sans CJK KR", "WenQuanYi Micro Hei"]),
        IOSFont(
            family: "Heiti SC", keys: ["heitisc", "stheitisc"], metrics: nil,
            standIns: ["Noto Sans CJK SC", "WenQuanYi Micro Hei"]),
        IOSFont(
            family: "Heiti TC", keys: ["heititc", "stheititc"], metrics: nil,
            standIns: ["Noto Sans CJK TC", "WenQuanYi Micro Hei"]),
        IOSFont(
            family: "Songti SC", keys: ["songtisc", "stsongtisc"], metrics: nil,
            standIns: ["Noto Serif CJK SC", "Noto Sans CJK SC", "WenQuanYi Micro Hei"]),
    ]

    /// PostScript style suffixes, compacted, with the weight and slant they name; longest first.
    static let styleSuffixes: [(suffix: String, weight: String, italic: Bool)] = {
        let weights: [(String, String)] = [
            ("ultralight", "thin"), ("thin", "thin"), ("light", "light"), ("book", "regular"), ("roman", "regular"),
            ("regular", "regular"), ("medium", "medium"), ("demibold", "semibold"), ("semibold", "semibold"),
            ("bold", "bold"), ("heavy", "heavy"), ("black", "black"), ("", "regular"),
        ]
        var all: [(String, String, Bool)] = []
        for (name, weight) in weights {
            for (slant, italic) in [("", false), ("italic", true), ("oblique", true)] where !(name + slant).isEmpty {
                all.append((name + slant, weight, italic))
            }
        }
        all.append(("mt", "regular", false))
        // Hiragino's weights: W3 is its regular, W6 its bold (`HiraginoSans-W3`).
        all.append(("w3", "regular", false))
        all.append(("w6", "bold", false))
        all.append(("psmt", "regular", false))
        all.append(("boldmt", "bold", false))
        all.append(("psboldmt", "bold", false))
        return all.sorted { $0.0.count > $1.0.count }
    }()

    /// The iOS family `name` names (`System`, `Helvetica Neue`, `HelveticaNeue-Bold`, `Avenir-Book`), if any.
    package static func match(_ name: String) -> IOSFontMatch? {
        let compact = String(name.lowercased().filter { !" -._".contains($0) })
        guard !compact.isEmpty else { return nil }
        let candidates = all.flatMap { font in font.keys.map { (font, $0) } }.sorted { $0.1.count > $1.1.count }
        for (font, key) in candidates where compact.hasPrefix(key) {
            let rest = compact.dropFirst(key.count)
            if rest.isEmpty { return IOSFontMatch(font: font, weight: nil, italic: false) }
            if let style = styleSuffixes.first(where: { $0.suffix == rest }) {
                return IOSFontMatch(font: font, weight: style.weight, italic: style.italic)
            }
        }
        return nil
    }

    /// For a font named `name` (a family, PostScript name or `UICTFontTextStyle…`): where its layout
    /// metrics come from, as a clause for a note (`; line height from iOS's metrics, …`); empty for a
    /// font that is not iOS's.
    package static func metricsNote(_ name: String) -> String {
        guard let iOS = name.hasPrefix("UICTFontTextStyle") ? match("System") : match(name) else { return "" }
        return iOS.font.metrics == nil
            ? "; iOS's metrics for \(iOS.font.family) are not known here: line height and widths are the stand-in's"
            : "; line height from iOS's metrics, advance widths the stand-in's"
    }

    /// The text styles' point sizes and weights at the default (Large) content size, as UIFont's
    /// `preferredFont(forTextStyle:)` gives them, by the names a spec uses.
    package static let textStyles: [String: (size: Double, weight: String)] = [
        "largeTitle": (34, "regular"), "title1": (28, "regular"), "title2": (22, "regular"),
        "title3": (20, "regular"), "headline": (17, "semibold"), "body": (17, "regular"), "callout": (16, "regular"),
        "subheadline": (15, "regular"), "footnote": (13, "regular"), "caption1": (12, "regular"),
        "caption2": (11, "regular"),
    ]
}
