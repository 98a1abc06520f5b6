import CGD
import Foundation
import RefreshFramesCore

/// Resolves font specs to font files through fontconfig, measures text with FreeType and splits text
/// into runs with per-character fallback (libgd has none). Thread-safe; results are cached.
package final class FontBook: @unchecked Sendable {
    /// One book for the whole process: fontconfig and FreeType state is loaded once.
    package static let shared = FontBook()

    private let lock = NSLock()
    private var library: FT_Library?
    private var faces: [String: Face] = [:]
    private var chains: [String: FallbackChain] = [:]
    private var layouts: [LayoutKey: TextLayout] = [:]
    private var used: Set<String> = []
    /// The spec's own font files by every name they answer to (family, full and PostScript names, compacted).
    private var appFaces: [String: [AppFace]] = [:]
    /// iOS's own font files (`registerIOSFonts(in:)`) by the iOS family they draw (`IOSFont.family`).
    private var iOSFaces: [String: [AppFace]] = [:]
    private let emojiSource: @Sendable () -> ColorEmoji?
    private let emojiLock = NSLock()
    private var resolvedEmoji: ColorEmoji??

    /// - Parameter emoji: where labels' colour emoji come from, opened the first time a text has
    ///   one (nil: emoji are drawn from outline fonts like any text).
    package init(emoji: @escaping @autoclosure @Sendable () -> ColorEmoji? = .shared) {
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
    package func measure(_ text: String, font: FontSpec, usage: FontUsage? = nil) throws -> IntrinsicSize {
        let layout = try layout(text, font: font, usage: usage)
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
    package var filesUsed: [String] {
        lock.lock()
        defer { lock.unlock() }
        return used.sorted()
    }

    /// `filesUsed` with each file's SHA-256 (`unreadable` when it cannot be read), for manifests.
    package var fingerprints: [(file: String, sha256: String)] { FontUsage.fingerprints(filesUsed) }

    /// The runs of `text` in `font`, each with the first font that covers its characters; `usage`
    /// (one animation's) resolves the font's family among its own font files first and is told the
    /// files the runs are drawn with, cached or not.
    func layout(_ text: String, font: FontSpec, usage: FontUsage? = nil) throws -> TextLayout {
        lock.lock()
        defer { lock.unlock() }
        let request = resolve(font, usage: usage)
        let key = LayoutKey(text: text, font: font, appFile: request.appFile)
        let layout: TextLayout
        if let cached = layouts[key] {
            layout = cached
        } else {
            layout = try makeLayout(text, request: request)
            layouts[key] = layout
        }
        var files = layout.runs.map(\.file)
        if !layout.emoji.isEmpty, let file = emoji?.file { files.append(file) }
        used.formUnion(files)
        usage?.insert(files)
        return layout
    }

    /// Counts a font file drawn with outside the book (the scene's colour emoji) among `filesUsed`
    /// and `usage`'s.
    func recordUse(of file: String, usage: FontUsage? = nil) {
        lock.lock()
        defer { lock.unlock() }
        used.insert(file)
        usage?.insert([file])
    }

    /// Adds a font file of the spec's own (`"fonts"`, an app's `UIAppFonts`): its face answers to its
    /// family name, its full name and its PostScript name, in `usage` (the animation's: its families
    /// resolve there, whatever other animations registered under the same names) and in the process
    /// (for text laid out without a usage). Returns the family name.
    @discardableResult
    package func register(fontFile path: String, into usage: FontUsage? = nil) throws -> String {
        lock.lock()
        defer { lock.unlock() }
        let face = try self.face(path)
        let ft = face.face
        let family = ft.pointee.family_name.map { String(cString: $0) } ?? path
        let style = ft.pointee.style_name.map { String(cString: $0) } ?? ""
        var names = [family, family + " " + style]
        if let postScript = FT_Get_Postscript_Name(ft) { names.append(String(cString: postScript)) }
        let entry = AppFace(file: path, family: family, style: style, isBold: face.isBold, isItalic: face.isItalic)
        usage?.register(entry, keys: Set(names.map(AppFace.key)))
        for name in Set(names.map(AppFace.key)) where !(appFaces[name] ?? []).contains(where: { $0.file == path }) {
            appFaces[name, default: []].append(entry)
        }
        return family
    }

    /// Takes iOS's own font files in `directories` (and their subdirectories): each face whose family
    /// is one of `IOSFont.all` (`Helvetica Neue`, `PingFang SC`; for `System`, `SF Pro …` or `SF UI …`
    /// only, never macOS's `System Font`, whose metrics are not iOS's) draws that family from then on
    /// instead of its stand-in, with its own metrics and advance widths. A spec's own files still come
    /// first. Returns the faces taken, as `Family Style (file)`, in file order; looks at no more than
    /// `maxIOSFontFiles` files.
    package func registerIOSFonts(in directories: [String]) -> [String] {
        lock.lock()
        defer { lock.unlock() }
        var taken: [String] = []
        var looked = 0
        for directory in directories {
            guard let walker = FileManager.default.enumerator(atPath: directory) else { continue }
            var files: [String] = []
            while let entry = walker.nextObject() as? String, looked < FontBook.maxIOSFontFiles {
                guard ["ttf", "otf", "ttc"].contains((entry as NSString).pathExtension.lowercased()) else { continue }
                looked += 1
                files.append((directory as NSString).appendingPathComponent(entry))
            }
            for file in files.sorted() {
                guard let first = try? face(file) else { continue }
                for index in 0..<max(1, Int(first.face.pointee.num_faces)) {
                    guard let face = try? self.face(file, index: index) else { continue }
                    let ft = face.face
                    let family = ft.pointee.family_name.map { String(cString: $0) } ?? ""
                    guard let iOS = FontBook.iOSFamily(drawnBy: family) else { continue }
                    let style = ft.pointee.style_name.map { String(cString: $0) } ?? ""
                    iOSFaces[iOS, default: []].append(
                        AppFace(
                            file: file, index: index, family: family, style: style, isBold: face.isBold,
                            isItalic: face.isItalic))
                    taken.append("\(family) \(style) (\(file)\(index == 0 ? "" : "#\(index)"))")
                }
            }
        }
        // What was laid out or chained before these files draws differently now.
        layouts = [:]
        for chain in chains.values { chain.destroy() }
        chains = [:]
        TextMaskCache.shared.removeAll()
        return taken
    }

    /// Forgets everything read from these font files (faces, fallback chains, laid-out text, drawn
    /// text masks, libgd's open fonts), so the next measurement and drawing read them again: the
    /// preview's `--watch` after a font file is saved. Call it while nothing draws.
    package func reload(fontFiles paths: [String]) {
        lock.lock()
        defer { lock.unlock() }
        for (key, face) in faces where paths.contains(where: { key == $0 || key.hasPrefix($0 + "#") }) {
            FT_Done_Face(face.face)
            faces[key] = nil
        }
        for (key, chain) in chains where paths.contains(where: { key.hasPrefix($0 + "\n") }) {
            chain.destroy()
            chains[key] = nil
        }
        appFaces = appFaces.compactMapValues { faces in
            let kept = faces.filter { !paths.contains($0.file) }
            return kept.isEmpty ? nil : kept
        }
        layouts = [:]
        TextMaskCache.shared.removeAll()
        GDRuntime.reopenFonts()
    }

    /// The spec's own font file that draws `font` (`usage`'s, else the process's), if one does.
    func appFile(for font: FontSpec, usage: FontUsage?) -> String? {
        lock.lock()
        defer { lock.unlock() }
        return resolve(font, usage: usage).appFile
    }

    /// What draws `font` here: the iOS family's stand-in or a spec's own file (one `usage`
    /// registered when it has a scope, else one the process registered), its weight and slant, and
    /// the metrics layout uses.
    func resolve(_ font: FontSpec, usage: FontUsage? = nil) -> FaceRequest {
        let bold = ["semibold", "bold", "heavy", "black"].contains(font.weight)
        let key = AppFace.key(font.family)
        if let faces = usage?.isScoped == true ? usage?.faces(key) : appFaces[key] {
            // A PostScript or full name names one face; a family name picks by weight and slant.
            let exact = AppFace.key(font.family) != AppFace.key(faces[0].family)
            let face =
                exact
                ? faces[0]
                : faces.min { a, b in
                    a.distance(bold: bold, italic: font.italic) < b.distance(bold: bold, italic: font.italic)
                }!
            return FaceRequest(
                family: font.family, pattern: "sans-serif", appFile: face.file, bold: bold && !exact,
                italic: font.italic && !exact, metrics: nil)
        }
        if let iOS = font.iOS, let faces = iOSFaces[iOS.font.family] {
            let face = AppFace.closest(in: faces, weight: iOS.weight, italic: iOS.italic, size: font.size)
            return FaceRequest(
                family: font.family, pattern: "sans-serif", appFile: face.file, appIndex: face.index,
                bold: ["semibold", "bold", "heavy", "black"].contains(iOS.weight), italic: iOS.italic, metrics: nil)
        }
        if let iOS = font.iOS {
            let standIn = iOS.font.standIns.first(where: FontBook.isInstalled(family:)) ?? "sans-serif"
            let styled = FontSpec(family: standIn, size: font.size, weight: iOS.weight, italic: iOS.italic)
            return FaceRequest(
                family: font.family, pattern: styled.pattern, appFile: nil,
                bold: ["semibold", "bold", "heavy", "black"].contains(iOS.weight), italic: iOS.italic,
                metrics: iOS.font.metrics(weight: iOS.weight))
        }
        return FaceRequest(
            family: font.family, pattern: font.pattern, appFile: nil, bold: bold, italic: font.italic, metrics: nil,
            mustBeInstalled: FontBook.mustBeInstalled(font.family))
    }

    /// Where `font`'s line height and advance widths come from, as a clause for a note: the iOS font
    /// file that draws it (`registerIOSFonts(in:)`), else `IOSFont.metricsNote` (iOS's metrics table
    /// and the stand-in's widths). Empty for a font that is not iOS's.
    package func metricsNote(for font: FontSpec) -> String {
        lock.lock()
        let request = resolve(font)
        let isIOSFile = iOSFaces.values.contains { $0.contains { $0.file == request.appFile } }
        lock.unlock()
        guard font.iOS != nil, isIOSFile, let file = request.appFile else { return IOSFont.metricsNote(font.family) }
        let face = request.appIndex == 0 ? "" : " (face \(request.appIndex))"
        return "; from iOS's own font file \(file)\(face): its line height and advance widths"
    }

    /// The face that draws `font`'s text here, as a person reads it: `Inter Semi Bold`,
    /// `WenQuanYi Micro Hei Regular with synthetic bold`, `Brand Regular (Fonts/Brand-Regular.otf)`.
    /// `usage` (an animation's) resolves the family without counting the file as drawn with.
    package func standIn(for font: FontSpec, usage: FontUsage? = nil) throws -> String {
        let layout = try self.layout("A", font: font, usage: .recorder(resolvingAs: usage))
        lock.lock()
        defer { lock.unlock() }
        let request = resolve(font, usage: usage)
        let file = request.appFile ?? layout.runs.first?.file ?? ""
        let face = try self.face(file, index: request.appFile == nil ? layout.runs.first?.index ?? 0 : request.appIndex)
        let family = face.face.pointee.family_name.map { String(cString: $0) } ?? file
        let style = face.face.pointee.style_name.map { String(cString: $0) } ?? ""
        var name = style.isEmpty ? family : "\(family) \(style)"
        let synthetic = SyntheticStyle(bold: request.bold && !face.isBold, oblique: request.italic && !face.isItalic)
        if synthetic.bold && synthetic.oblique {
            name += " with synthetic bold and oblique"
        } else if synthetic.bold {
            name += " with synthetic bold"
        } else if synthetic.oblique {
            name += " with synthetic oblique"
        }
        return name
    }

    /// Runs `body` with the FreeType face `index` of `file`, holding the book's lock.
    func withFace<T>(_ file: String, index: Int = 0, _ body: (FT_Face) throws -> T) throws -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(try face(file, index: index).face)
    }

    // MARK: - Under the lock

    private func makeLayout(_ text: String, request: FaceRequest) throws -> TextLayout {
        let chain = try fallbackChain(request.pattern, appFile: request.appFile, index: request.appIndex)
        if let substitute = chain.substituteForMissingFamily, request.mustBeInstalled {
            throw RasterError.fontNotInstalled(family: request.family, substitute: substitute)
        }
        let primary = try face(chain.primary, index: chain.primaryIndex)
        // The stand-in's glyphs are drawn at the size that gives its capitals iOS's cap height.
        let scale =
            request.appFile == nil
            ? request.metrics?.capHeight.map { capHeight in primary.capHeight > 0 ? capHeight / primary.capHeight : 1 }
                ?? 1 : 1
        var runs: [TextLayout.Run] = []
        var pen = 0.0
        var current:
            (
                candidate: Int, scalars: String.UnicodeScalarView, start: Double, glyphs: [TextLayout.Glyph],
                synthetic: SyntheticStyle
            )?
        var previousGlyph: (candidate: Int, index: FT_UInt)?

        func flush() {
            if let run = current {
                runs.append(
                    TextLayout.Run(
                        file: chain.candidates[run.candidate].file, index: chain.candidates[run.candidate].index,
                        text: String(run.scalars), offset: run.start, advance: pen - run.start, glyphs: run.glyphs,
                        synthetic: run.synthetic, scale: run.candidate == 0 ? scale : 1))
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
                let face = try self.face(chain.candidates[candidate].file, index: chain.candidates[candidate].index)
                let glyphScale = candidate == 0 ? scale : 1
                let glyph = FT_Get_Char_Index(face.face, FT_ULong(scalar.value))
                let synthetic = SyntheticStyle(
                    bold: request.bold && !face.isBold, oblique: request.italic && !face.isItalic)
                if current?.candidate != candidate {
                    flush()
                    current = (candidate, String.UnicodeScalarView(), pen, [], synthetic)
                    previousGlyph = nil
                }
                if let previous = previousGlyph, previous.candidate == candidate, face.hasKerning {
                    var kern = FT_Vector()
                    if FT_Get_Kerning(face.face, previous.index, glyph, FT_UInt(FT_KERNING_UNSCALED.rawValue), &kern)
                        == 0
                    {
                        pen += Double(kern.x) / face.unitsPerEM * glyphScale
                    }
                }
                let outline = face.outline(glyph, synthetic: synthetic)
                current?.glyphs.append(
                    TextLayout.Glyph(x: pen, outline: glyphScale == 1 ? outline : outline.scaled(by: glyphScale)))
                pen += face.advance(glyph) * glyphScale
                current?.scalars.append(scalar)
                previousGlyph = (candidate, glyph)
            }
        }
        flush()
        if let metrics = request.metrics {
            return TextLayout(
                runs: runs, emoji: emojiItems, width: pen, ascender: metrics.ascender, descender: metrics.descender,
                lineHeight: metrics.lineHeight)
        }
        return TextLayout(
            runs: runs, emoji: emojiItems, width: pen, ascender: primary.ascender, descender: primary.descender,
            lineHeight: primary.lineHeight)
    }

    /// The face `index` of `file` (a collection such as Noto Sans CJK's holds several).
    private func face(_ file: String, index: Int = 0) throws -> Face {
        let key = index == 0 ? file : "\(file)#\(index)"
        if let face = faces[key] { return face }
        var ftFace: FT_Face?
        let code = FT_New_Face(library, file, FT_Long(index), &ftFace)
        guard code == 0, let ftFace else { throw RasterError.fontLoadFailed(path: file, code: code) }
        let face = Face(ftFace)
        faces[key] = face
        return face
    }

    private func fallbackChain(_ pattern: String, appFile: String?, index: Int) throws -> FallbackChain {
        let key = appFile.map { "\($0)\(index == 0 ? "" : "#\(index)")\n\(pattern)" } ?? pattern
        if let chain = chains[key] { return chain }
        var chain = try FallbackChain(pattern: pattern)
        if let appFile {
            let fontconfigs = chain
            defer { fontconfigs.destroy() }
            chain = fontconfigs.led(by: appFile, index: index, face: try face(appFile, index: index).face)
        }
        chains[key] = chain
        return chain
    }

    /// Generic names fontconfig maps to a configured default; any match is what was asked for.
    static let genericFamilies: Set<String> = [
        "sans-serif", "sans", "serif", "monospace", "mono", "system-ui", "cursive", "fantasy", "emoji", "math",
    ]

    /// iOS families outside `IOSFont.all` that fontconfig knows by alias: like generic names, they take
    /// fontconfig's closest match (Apple Color Emoji → Noto Color Emoji; Heiti → the default sans-serif,
    /// with CJK characters falling back per character to an installed CJK font).
    static let appleFamilies: Set<String> = [
        "apple color emoji", "heiti sc", "heiti tc", "stheiti", "hiragino sans gb",
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
    var font: FontSpec
    /// The spec's own file the family resolved to: two animations may register one family from two files.
    var appFile: String?
}

/// A FreeType face with its vertical metrics in ems and a cache of advances.
private final class Face {
    let face: FT_Face
    let unitsPerEM: Double
    let ascender: Double
    let descender: Double
    let lineHeight: Double
    /// The top of the capital H, in ems (0 without one).
    private(set) var capHeight = 0.0
    let hasKerning: Bool
    /// A bold face: OS/2 weight class 600 or more (or FreeType's bold flag when there is no OS/2 table).
    let isBold: Bool
    let isItalic: Bool
    private var advances: [FT_UInt: Double] = [:]
    private var outlines: [OutlineKey: GlyphOutline] = [:]

    private struct OutlineKey: Hashable {
        var glyph: FT_UInt
        var synthetic: SyntheticStyle
    }

    init(_ face: FT_Face) {
        self.face = face
        let upem = Double(max(face.pointee.units_per_EM, 1))
        unitsPerEM = upem
        ascender = Double(face.pointee.ascender) / upem
        descender = -Double(face.pointee.descender) / upem
        lineHeight = max(Double(face.pointee.height) / upem, ascender + descender)
        hasKerning = cgd_ft_has_kerning(face) != 0
        let flags = face.pointee.style_flags
        if let table = FT_Get_Sfnt_Table(face, FT_SFNT_OS2) {
            isBold = table.assumingMemoryBound(to: TT_OS2.self).pointee.usWeightClass >= 600
        } else {
            isBold = flags & FT_Long(FT_STYLE_FLAG_BOLD) != 0
        }
        isItalic = flags & FT_Long(FT_STYLE_FLAG_ITALIC) != 0
        let h = FT_Get_Char_Index(face, 0x48)
        capHeight = h == 0 ? 0 : outline(h).points.map(\.y).max() ?? 0
    }

    func advance(_ glyph: FT_UInt) -> Double {
        if let cached = advances[glyph] { return cached }
        var units: FT_Fixed = 0
        let value =
            FT_Get_Advance(face, glyph, FT_Int32(FT_LOAD_NO_SCALE), &units) == 0 ? Double(units) / unitsPerEM : 0
        advances[glyph] = value
        return value
    }

    /// The glyph's outline in ems, unscaled and unhinted, emboldened or slanted as `synthetic` asks;
    /// empty for a glyph without one (a space).
    func outline(_ glyph: FT_UInt, synthetic: SyntheticStyle = .none) -> GlyphOutline {
        let key = OutlineKey(glyph: glyph, synthetic: synthetic)
        if let cached = outlines[key] { return cached }
        var value = GlyphOutline.empty
        if FT_Load_Glyph(face, glyph, FT_Int32(FT_LOAD_NO_SCALE)) == 0, let slot = face.pointee.glyph,
            slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE
        {
            synthetic.apply(to: &slot.pointee.outline, em: unitsPerEM)
            value = GlyphOutline(slot.pointee.outline, unitsPerEM: unitsPerEM)
        }
        outlines[key] = value
        return value
    }
}

/// fontconfig's sorted list for a pattern, reduced to fonts gd can draw: outline, not colour-bitmap,
/// face index 0 (gd always opens face 0 of a file). The first entry is the requested font.
private final class FallbackChain {
    struct Candidate {
        var file: String
        /// The face in a collection file: 0 but for the family a pattern names (gd opens face 0 only).
        var index: Int = 0
        var charset: OpaquePointer
    }

    private(set) var primary: String
    private(set) var primaryIndex = 0
    private(set) var candidates: [Candidate]
    /// When no installed font has any family the pattern names (compared case-insensitively):
    /// the family fontconfig substitutes. fontconfig always matches *something*.
    private(set) var substituteForMissingFamily: String?
    private var choice: [UInt32: Int?] = [:]

    private init(primary: String, candidates: [Candidate], substitute: String?) {
        self.primary = primary
        self.candidates = candidates
        substituteForMissingFamily = substitute
        primaryIndex = candidates.first?.index ?? 0
    }

    /// This chain with a font file of the spec's own in front: it draws every character it has.
    func led(by file: String, index faceIndex: Int, face: FT_Face) -> FallbackChain {
        let charset = FcCharSetCreate()!
        var index: FT_UInt = 0
        var code = FT_Get_First_Char(face, &index)
        while index != 0 {
            _ = FcCharSetAddChar(charset, FcChar32(code))
            code = FT_Get_Next_Char(face, code, &index)
        }
        let rest = candidates.filter { $0.file != file }.map {
            Candidate(file: $0.file, index: $0.index, charset: FcCharSetCopy($0.charset))
        }
        return FallbackChain(
            primary: file, candidates: [Candidate(file: file, index: faceIndex, charset: charset)] + rest,
            substitute: nil)
    }

    init(pattern: String) throws {
        guard let parsed = FcNameParse(pattern) else { throw RasterError.invalidFontPattern(pattern) }
        defer { FcPatternDestroy(parsed) }
        let requested = Set(FallbackChain.strings(parsed, FC_FAMILY).map(FallbackChain.normalized))
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
            if !familyInstalled, families.contains(where: { requested.contains(FallbackChain.normalized($0)) }) {
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
            // A face the pattern names by family is drawn whatever its index in its file (FreeType draws
            // it: gd opens face 0 only); others only as face 0, as before Noto Sans CJK was installed.
            let named = families.contains { requested.contains(FallbackChain.normalized($0)) }
            guard index == 0 || named, color == FcFalse, outline != FcFalse, !seen.contains(path) else { continue }
            // Noto Sans CJK draws only where a pattern names it (PingFang's stand-in): installing it
            // leaves every other family's fallback as it was (CJK to WenQuanYi Micro Hei).
            guard named || !families.contains(where: FallbackChain.isNotoCJK) else { continue }
            seen.insert(path)
            candidates.append(Candidate(file: path, index: Int(index), charset: FcCharSetCopy(charset)))
        }
        guard let first = candidates.first else { throw RasterError.noFontMatches(pattern) }
        primary = first.file
        primaryIndex = first.index
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

    /// The families of the Noto CJK collections (`Noto Sans CJK SC`, `Noto Serif CJK JP`, `Noto Sans Mono CJK TC`…).
    static func isNotoCJK(_ family: String) -> Bool {
        let name = normalized(family)
        return ["noto sans cjk", "noto serif cjk", "noto sans mono cjk"].contains { name.hasPrefix($0) }
    }

    private static func normalized(_ family: String) -> String {
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
