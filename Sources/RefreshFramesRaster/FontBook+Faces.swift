import CGD
import RefreshFramesCore

/// What a `FontSpec` asks the font book for, once iOS names and a spec's own files are resolved.
struct FaceRequest: Hashable {
    /// The family the spec names, for messages.
    var family: String
    /// The fontconfig pattern of the fallback chain.
    var pattern: String
    /// A spec's own font file (or iOS's own), drawn first, and its face in a collection file.
    var appFile: String?
    var appIndex = 0
    /// Semibold or heavier, and italic: drawn synthetically by a face that lacks them.
    var bold: Bool
    var italic: Bool
    /// iOS's vertical metrics, which replace the stand-in's.
    var metrics: IOSFontMetrics?
    /// Whether a family fontconfig would substitute is an error (not for stand-ins and a spec's own files).
    var mustBeInstalled = false
}

/// A face of a spec's own font file.
struct AppFace: Hashable {
    var file: String
    /// The face in a collection file (`.ttc`).
    var index = 0
    var family: String
    var style: String
    var isBold: Bool
    var isItalic: Bool

    /// How names are compared: without case, spaces, hyphens, dots and underscores.
    static func key(_ name: String) -> String {
        String(name.lowercased().filter { !" -._".contains($0) })
    }

    /// How far the face is from the weight and slant asked for (0: exactly).
    func distance(bold: Bool, italic: Bool) -> Int {
        (isBold == bold ? 0 : 2) + (isItalic == italic ? 0 : 1)
    }

    /// The face of an iOS family's own files that UIFont would pick for `weight`, `italic` and
    /// `size`: the style named as the weight (`Semibold` for semibold, `Regular` or `Roman`), else the
    /// nearest by boldness; San Francisco's `Display` cut from 20 pt up and `Text` below (Apple's
    /// rule for SF UI on iOS 9–13; iOS 14's SF Pro is one variable file, which takes no such choice).
    static func closest(in faces: [AppFace], weight: String, italic: Bool, size: Double) -> AppFace {
        let cut = size >= 20 ? "display" : "text"
        let bold = ["semibold", "bold", "heavy", "black"].contains(weight)
        func score(_ face: AppFace) -> Int {
            let style = key(face.style).replacingOccurrences(of: "italic", with: "")
                .replacingOccurrences(of: "oblique", with: "")
            let named = style == weight || (weight == "regular" && ["", "regular", "roman", "book"].contains(style))
            let family = key(face.family)
            let wrongCut = family.hasSuffix("display") || family.hasSuffix("text") ? !family.hasSuffix(cut) : false
            return (wrongCut ? 8 : 0) + (named ? 0 : 4) + face.distance(bold: bold, italic: italic)
        }
        return faces.min { score($0) < score($1) }!
    }
}

/// Bold or oblique that a family lacks, drawn as CoreText does: the outline emboldened by 1/24 em
/// (FreeType's `FT_GlyphSlot_Embolden` strength) and slanted by 12° (FreeType's `FT_GlyphSlot_Oblique`).
/// Advances are left as they are.
struct SyntheticStyle: Hashable, Sendable {
    var bold: Bool
    var oblique: Bool

    static let none = SyntheticStyle(bold: false, oblique: false)

    var isNone: Bool { !bold && !oblique }

    /// The slant's shear, x += shear × y (tan 12°, FreeType's 0x0366A / 0x10000).
    static let shear = 0x0366A / 65536.0

    /// Emboldens and slants an outline in place; `em` is the em in the outline's units.
    func apply(to outline: inout FT_Outline, em: Double) {
        if oblique {
            var matrix = FT_Matrix(xx: 0x10000, xy: FT_Fixed(0x0366A), yx: 0, yy: 0x10000)
            FT_Outline_Transform(&outline, &matrix)
        }
        if bold {
            let strength = FT_Pos((em / 24).rounded())
            _ = FT_Outline_Embolden(&outline, strength)
        }
    }
}
