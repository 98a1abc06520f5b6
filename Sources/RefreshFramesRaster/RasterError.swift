import RefreshFramesCore

/// Why rendering, measuring or PNG coding failed. Each message is written for the person running the tool.
package enum RasterError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No installed outline font has a glyph for this character.
    case noFontCovers(Unicode.Scalar)
    /// fontconfig could not parse the family or pattern.
    case invalidFontPattern(String)
    /// No installed font has this family; fontconfig would silently draw `substitute` instead.
    case fontNotInstalled(family: String, substitute: String)
    /// fontconfig found no usable font at all for the pattern.
    case noFontMatches(String)
    /// FreeType could not open a font file fontconfig reported.
    case fontLoadFailed(path: String, code: Int32)
    /// libgd refused to draw a run of text.
    case textDrawFailed(text: String, font: String, reason: String)
    /// FreeType could not fill a line of glyph outlines (or start a library to do it).
    case outlineFillFailed(code: Int32)
    /// libgd could not allocate an image of this size.
    case imageAllocationFailed(width: Int, height: Int, reason: String)
    case invalidScale(Double)
    case pngEncodeFailed(reason: String)
    case pngDecodeFailed(reason: String)

    package var description: String {
        switch self {
        case .noFontCovers(let scalar):
            "no installed font covers '\(Character(scalar))' (\(RasterError.codePoint(scalar)))"
        case .invalidFontPattern(let pattern):
            "'\(pattern)' is not a valid font family or fontconfig pattern"
        case .fontNotInstalled(let family, let substitute):
            "font family '\(family)' is not installed (fontconfig would substitute '\(substitute)'); install it, pick an installed family (fc-list : family), or give a pattern such as '\(family):lang=en' to accept the closest match"
        case .noFontMatches(let pattern):
            "no installed font matches '\(pattern)'"
        case .fontLoadFailed(let path, let code):
            "cannot load font file '\(path)' (FreeType error \(code))"
        case .textDrawFailed(let text, let font, let reason):
            "cannot draw '\(text)' with '\(font)': \(reason)"
        case .outlineFillFailed(let code):
            "cannot fill text outlines (FreeType error \(code))"
        case .imageAllocationFailed(let width, let height, let reason):
            "cannot create a \(width)x\(height) image" + (reason.isEmpty ? "" : ": \(reason)")
        case .invalidScale(let scale):
            "scale \(scale) must be a positive number"
        case .pngEncodeFailed(let reason):
            "cannot encode PNG" + (reason.isEmpty ? "" : ": \(reason)")
        case .pngDecodeFailed(let reason):
            "cannot decode PNG: " + (reason.isEmpty ? "the data is not a readable PNG image" : reason)
        }
    }

    /// `U+1D11E`: at least four upper-case hex digits.
    static func codePoint(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}

extension RasterError: ViewKeyError {
    /// A family that is not installed is the view's font's fault, not its text's.
    package var viewKey: String {
        if case .fontNotInstalled = self { return "font.family" }
        return "text"
    }
}
