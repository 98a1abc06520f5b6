import CGD
import Foundation
import RefreshFramesCore

/// Resolves font specs to font files through fontconfig, measures text with FreeType and splits text
/// into runs with per-character fallback (libgd has none). Thread-safe; results are cached.
public final class FontBook: @unchecked Sendable {
    /// One book for the whole process: fontconfig and FreeType state is loaded once.
    public static let shared = FontBook()

    private let lock = NSLock()
    private var library: FT_Library?
    private var faces: [String: Face] = [:]
    private var chains: [String: FallbackChain] = [:]
    private var layouts: [LayoutKey: TextLayout] = [:]
    private var used: Set<String> = []
    private let emojiSource: @Sendable () -> ColorEmoji?
    private let emojiLock = NSLock()
    private var resolvedEmoji: ColorEmoji??

    /// - Parameter emoji: where labels' colour emoji come from, opened the first time a text has
    ///   one (nil: emoji are drawn from outline fonts like any text).
    public init(emoji: @escaping @autoclosure @Sendable () -> ColorEmoji? = .shared) {
        GDRuntime.prepare()
        emojiSource = emoji
        var library: FT_Library?
        if FT_Init_FreeType(&library) == 0 { self.library = library }
    }

    deinit {
        for face in faces.values { FT_Done_Face(face.face) }
        for chain in chains.values { chain.destroy() }
        if let library { FT_Done_FreeType(library) }
    }

    /// The text's natural size in points: the sum of advances (kerning included) by the font's line
    /// height (ascender + descender + line gap), as UILabel's intrinsicContentSize before rounding.
    public func measure(_ text: String, font: FontSpec) throws -> IntrinsicSize {
        let layout = try layout(text, font: font)
        return IntrinsicSize(width: layout.width * font.size, height: layout.lineHeight * font.size)
    }

    /// The colour-emoji font, when it is there to draw with.
    var emoji: ColorEmoji? {
        emojiLock.lock()
        defer { emojiLock.unlock() }
        if let resolved = resolvedEmoji { return resolved }
        let font = emojiSource()
        let usable = font?.isAvailable == true ? font : nil
        resolvedEmoji = .some(usable)
        return usable
    }

    /// Sorted paths of every font file a measured or rendered text has used so far.
    public var filesUsed: [String] {
        lock.lock()
        defer { lock.unlock() }
        return used.sorted()
    }

    /// `filesUsed` with each file's SHA-256 (`unreadable` when it cannot be read), for manifests.
    public var fingerprints: [(file: String, sha256: String)] {
        filesUsed.map { path in
            (path, FileManager.default.contents(atPath: path).map { SHA256.hex([UInt8]($0)) } ?? "unreadable")
        }
    }

    /// The runs of `text` in `font`, each with the first font that covers its characters.
    func layout(_ text: String, font: FontSpec) throws -> TextLayout {
        let key = LayoutKey(text: text, pattern: font.pattern)
        lock.lock()
        defer { lock.unlock() }
        if let cached = layouts[key] { return cached }
        let layout = try makeLayout(text, pattern: font.pattern, family: font.family)
        layouts[key] = layout
        for run in layout.runs { used.insert(run.file) }
        if !layout.emoji.isEmpty, let file = emoji?.file { used.insert(file) }
        return layout
    }

    /// Counts a font file drawn with outside the book (the scene's colour emoji) among `filesUsed`.
    func recordUse(of file: String) {
        lock.lock()
        defer { lock.unlock() }
        used.insert(file)
    }

    /// Runs `body` with the FreeType face of `file`, holding the book's lock.
    func withFace<T>(_ file: String, _ body: (FT_Face) throws -> T) throws -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(try face(file).face)
    }

    // MARK: - Under the lock

    private func makeLayout(_ text: String, pattern: String, family: String) throws -> TextLayout {
        let chain = try fallbackChain(pattern)
        if let substitute = chain.substituteForMissingFamily, FontBook.mustBeInstalled(family) {
            throw RasterError.fontNotInstalled(family: family, substitute: substitute)
        }
        let primary = try face(chain.primary)
        var runs: [TextLayout.Run] = []
        var pen = 0.0
        var current: (candidate: Int, scalars: String.UnicodeScalarView, start: Double, glyphs: [TextLayout.Glyph])?
        var previousGlyph: (candidate: Int, index: FT_UInt)?

        func flush() {
            if let run = current {
                runs.append(
                    TextLayout.Run(
                        file: chain.candidates[run.candidate].file, text: String(run.scalars), offset: run.start,
                        advance: pen - run.start, glyphs: run.glyphs))
            }
            current = nil
        }

        var emojiItems: [TextLayout.Emoji] = []
        for character in text {
            if ColorEmoji.isEmoji(character), let emoji, let advance = emoji.emAdvance(character) {
                flush()
                previousGlyph = nil
                emojiItems.append(TextLayout.Emoji(character: character, x: pen))
                pen += advance
                continue
            }
            for scalar in character.unicodeScalars where !FontBook.isIgnorable(scalar) {
                guard let candidate = chain.candidate(for: scalar) else { throw RasterError.noFontCovers(scalar) }
                let face = try self.face(chain.candidates[candidate].file)
                let glyph = FT_Get_Char_Index(face.face, FT_ULong(scalar.value))
                if current?.candidate != candidate {
                    flush()
                    current = (candidate, String.UnicodeScalarView(), pen, [])
                    previousGlyph = nil
                }
                if let previous = previousGlyph, previous.candidate == candidate, face.hasKerning {
                    var kern = FT_Vector()
                    if FT_Get_Kerning(face.face, previous.index, glyph, FT_UInt(FT_KERNING_UNSCALED.rawValue), &kern)
                        == 0
                    {
                        pen += Double(kern.x) / face.unitsPerEM
                    }
                }
                current?.glyphs.append(TextLayout.Glyph(x: pen, outline: face.outline(glyph)))
                pen += face.advance(glyph)
                current?.scalars.append(scalar)
                previousGlyph = (candidate, glyph)
            }
        }
        flush()
        return TextLayout(
            runs: runs, emoji: emojiItems, width: pen, ascender: primary.ascender, descender: primary.descender,
            lineHeight: primary.lineHeight)
    }

    private func face(_ file: String) throws -> Face {
        if let face = faces[file] { return face }
        var ftFace: FT_Face?
        let code = FT_New_Face(library, file, 0, &ftFace)
        guard code == 0, let ftFace else { throw RasterError.fontLoadFailed(path: file, code: code) }
        let face = Face(ftFace)
        faces[file] = face
        return face
    }

    private func fallbackChain(_ pattern: String) throws -> FallbackChain {
        if let chain = chains[pattern] { return chain }
        let chain = try FallbackChain(pattern: pattern)
        chains[pattern] = chain
        return chain
    }

    /// Generic names fontconfig maps to a configured default; any match is what was asked for.
    static let genericFamilies: Set<String> = [
        "sans-serif", "sans", "serif", "monospace", "mono", "system-ui", "cursive", "fantasy", "emoji", "math",
    ]

    /// iOS's own families, which specs written from an app name but Linux never has: like generic
    /// names, they take fontconfig's closest match (Apple Color Emoji → Noto Color Emoji; PingFang →
    /// the default sans-serif, with CJK characters falling back per character to an installed CJK font).
    static let appleFamilies: Set<String> = [
        "apple color emoji", "pingfang sc", "pingfang tc", "pingfang hk", "heiti sc", "heiti tc", "stheiti",
        "hiragino sans gb", "helvetica", "helvetica neue", "sf pro text", "sf pro display", "san francisco",
        ".sf ui text", ".sf ui display", "system font",
    ]

    /// Whether `family` names a specific family that must be installed: not a generic name, not one of
    /// iOS's own families and not a fontconfig pattern (anything with ':', e.g. `Inter:lang=en`, accepts
    /// whatever fontconfig matches).
    static func mustBeInstalled(_ family: String) -> Bool {
        let name = family.lowercased().trimmingCharacters(in: .whitespaces)
        return !family.contains(":") && !genericFamilies.contains(name) && !appleFamilies.contains(name)
    }

    /// Characters that select or join glyphs rather than draw one (variation selectors, joiners,
    /// controls); they need no font and are not handed to gd.
    static func isIgnorable(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x20, 0x7F..<0xA0, 0xAD, 0x200B...0x200F, 0x2028...0x202E, 0x2060...0x206F, 0xFE00...0xFE0F,
            0xFEFF, 0xE0000...0xE0FFF:
            true
        default:
            false
        }
    }
}

private struct LayoutKey: Hashable {
    var text: String
    var pattern: String
}

/// A FreeType face with its vertical metrics in ems and a cache of advances.
private final class Face {
    let face: FT_Face
    let unitsPerEM: Double
    let ascender: Double
    let descender: Double
    let lineHeight: Double
    let hasKerning: Bool
    private var advances: [FT_UInt: Double] = [:]
    private var outlines: [FT_UInt: GlyphOutline] = [:]

    init(_ face: FT_Face) {
        self.face = face
        let upem = Double(max(face.pointee.units_per_EM, 1))
        unitsPerEM = upem
        ascender = Double(face.pointee.ascender) / upem
        descender = -Double(face.pointee.descender) / upem
        lineHeight = max(Double(face.pointee.height) / upem, ascender + descender)
        hasKerning = cgd_ft_has_kerning(face) != 0
    }

    func advance(_ glyph: FT_UInt) -> Double {
        if let cached = advances[glyph] { return cached }
        var units: FT_Fixed = 0
        let value =
            FT_Get_Advance(face, glyph, FT_Int32(FT_LOAD_NO_SCALE), &units) == 0 ? Double(units) / unitsPerEM : 0
        advances[glyph] = value
        return value
    }

    /// The glyph's outline in ems, unscaled and unhinted; empty for a glyph without one (a space).
    func outline(_ glyph: FT_UInt) -> GlyphOutline {
        if let cached = outlines[glyph] { return cached }
        var value = GlyphOutline.empty
        if FT_Load_Glyph(face, glyph, FT_Int32(FT_LOAD_NO_SCALE)) == 0, let slot = face.pointee.glyph,
            slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE
        {
            value = GlyphOutline(slot.pointee.outline, unitsPerEM: unitsPerEM)
        }
        outlines[glyph] = value
        return value
    }
}

/// fontconfig's sorted list for a pattern, reduced to fonts gd can draw: outline, not colour-bitmap,
/// face index 0 (gd always opens face 0 of a file). The first entry is the requested font.
private final class FallbackChain {
    struct Candidate {
        var file: String
        var charset: OpaquePointer
    }

    let primary: String
    let candidates: [Candidate]
    /// When no installed font has any family the pattern names (compared case-insensitively):
    /// the family fontconfig substitutes. fontconfig always matches *something*.
    let substituteForMissingFamily: String?
    private var choice: [UInt32: Int?] = [:]

    init(pattern: String) throws {
        guard let parsed = FcNameParse(pattern) else { throw RasterError.invalidFontPattern(pattern) }
        defer { FcPatternDestroy(parsed) }
        let requested = Set(FallbackChain.strings(parsed, FC_FAMILY).map(FallbackChain.normalised))
        FcConfigSubstitute(nil, parsed, FcMatchPattern)
        FcDefaultSubstitute(parsed)
        var result = FcResultMatch
        guard let set = FcFontSort(nil, parsed, FcFalse, nil, &result) else {
            throw RasterError.noFontMatches(pattern)
        }
        defer { FcFontSetDestroy(set) }
        var candidates: [Candidate] = []
        var seen: Set<String> = []
        var familyInstalled = requested.isEmpty
        var substitute: String?
        for i in 0..<Int(set.pointee.nfont) {
            guard let font = set.pointee.fonts[i] else { continue }
            let families = FallbackChain.strings(font, FC_FAMILY)
            if substitute == nil { substitute = families.first }
            if !familyInstalled, families.contains(where: { requested.contains(FallbackChain.normalised($0)) }) {
                familyInstalled = true
            }
            var file: UnsafeMutablePointer<FcChar8>?
            guard FcPatternGetString(font, FC_FILE, 0, &file) == FcResultMatch, let file else { continue }
            let path = String(cString: file)
            var index: Int32 = 0
            _ = FcPatternGetInteger(font, FC_INDEX, 0, &index)
            var color: FcBool = FcFalse
            _ = FcPatternGetBool(font, FC_COLOR, 0, &color)
            var outline: FcBool = FcTrue
            _ = FcPatternGetBool(font, FC_OUTLINE, 0, &outline)
            var charset: OpaquePointer?
            guard FcPatternGetCharSet(font, FC_CHARSET, 0, &charset) == FcResultMatch, let charset else { continue }
            guard index == 0, color == FcFalse, outline != FcFalse, !seen.contains(path) else { continue }
            seen.insert(path)
            candidates.append(Candidate(file: path, charset: FcCharSetCopy(charset)))
        }
        guard let first = candidates.first else { throw RasterError.noFontMatches(pattern) }
        primary = first.file
        self.candidates = candidates
        substituteForMissingFamily = familyInstalled ? nil : (substitute ?? "?")
    }

    /// Every value of a string property (a font has several family names: localised, aliases).
    private static func strings(_ pattern: OpaquePointer, _ property: String) -> [String] {
        var values: [String] = []
        var value: UnsafeMutablePointer<FcChar8>?
        var index: Int32 = 0
        while FcPatternGetString(pattern, property, index, &value) == FcResultMatch, let value {
            values.append(String(cString: value))
            index += 1
        }
        return values
    }

    private static func normalised(_ family: String) -> String {
        family.lowercased().trimmingCharacters(in: .whitespaces)
    }

    /// The index of the first candidate that has a glyph for `scalar`.
    func candidate(for scalar: Unicode.Scalar) -> Int? {
        if let known = choice[scalar.value] { return known }
        let found = candidates.firstIndex { FcCharSetHasChar($0.charset, scalar.value) != FcFalse }
        choice[scalar.value] = found
        return found
    }

    func destroy() {
        for candidate in candidates { FcCharSetDestroy(candidate.charset) }
    }
}
