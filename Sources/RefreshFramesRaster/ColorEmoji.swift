import CGD
import Foundation
import RefreshFramesCore

/// Colour emoji from Noto Color Emoji's CBDT bitmaps (one strike, 109 px per em), loaded with
/// FreeType as premultiplied BGRA and resampled to the requested size with a tent filter (bilinear
/// when enlarging, area-weighted when shrinking). Deterministic: no hinting, no randomness, the
/// same pixels on every run. Thread-safe; glyphs are cached per cluster and pixel size.
///
/// A cluster's scalars become one glyph through the font's `ccmp` ligatures (`EmojiLigatures`): ZWJ
/// sequences, flags, skin tones, keycaps. A sequence the font has no ligature for is drawn with the
/// glyph of its first scalar, as the fallback of a shaper would show its parts' first.
package final class ColorEmoji: @unchecked Sendable {
    package static let shared = ColorEmoji()

    /// One emoji at a pixel size: premultiplied RGBA floats, its offset from the pen on the
    /// baseline (y down) and its advance, in pixels.
    struct Glyph {
        var width: Int
        var height: Int
        var left: Double
        var top: Double
        var advance: Double
        var pixels: [Float]
    }

    private struct Key: Hashable {
        var glyph: UInt32
        var pixelSize: Double
    }

    private let lock = NSLock()
    private var library: FT_Library?
    private var face: FT_Face?
    /// The strike's pixels per em.
    private var strikePPEM = 0.0
    package let file: String?
    private var glyphs: [Key: Glyph] = [:]
    private var ligatures = EmojiLigatures(gsub: [])
    private var emAdvances: [FT_UInt: Double] = [:]

    package init(family: String = "Noto Color Emoji") {
        GDRuntime.prepare()
        file = ColorEmoji.locate(family)
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else { return }
        self.library = library
        var face: FT_Face?
        guard let file, FT_New_Face(library, file, 0, &face) == 0, let face else { return }
        guard cgd_ft_has_fixed_sizes(face) != 0, face.pointee.num_fixed_sizes > 0, FT_Select_Size(face, 0) == 0 else {
            FT_Done_Face(face)
            return
        }
        self.face = face
        strikePPEM = Double(face.pointee.size.pointee.metrics.y_ppem)
        var length: FT_ULong = 0
        if FT_Load_Sfnt_Table(face, cgd_tag_gsub(), 0, nil, &length) == 0, length > 0 {
            var table = [UInt8](repeating: 0, count: Int(length))
            if FT_Load_Sfnt_Table(face, cgd_tag_gsub(), 0, &table, &length) == 0 {
                ligatures = EmojiLigatures(gsub: table)
            }
        }
    }

    deinit {
        if let face { FT_Done_Face(face) }
        if let library { FT_Done_FreeType(library) }
    }

    /// Whether the colour font is there to draw with.
    package var isAvailable: Bool { face != nil }

    /// Whether a grapheme cluster is an emoji drawn in colour: an emoji-presentation character, or an
    /// emoji followed by VS16 (U+FE0F).
    package static func isEmoji(_ character: Character) -> Bool {
        let scalars = character.unicodeScalars
        if scalars.contains(where: { $0.properties.isEmojiPresentation }) { return true }
        return scalars.count > 1 && scalars.contains { $0.value == 0xFE0F } && scalars.first!.properties.isEmoji
    }

    /// The advance of `character` at `pixelSize` pixels per em, or nil when the font lacks it.
    func advance(_ character: Character, pixelSize: Double) -> Double? {
        (try? glyph(character, pixelSize: pixelSize))??.advance
    }

    /// The advance of `character` in ems, or nil when the font lacks it; for laying out labels.
    func emAdvance(_ character: Character) -> Double? {
        lock.lock()
        defer { lock.unlock() }
        guard let face, strikePPEM > 0 else { return nil }
        let index = glyphIndex(character, face: face)
        guard index != 0 else { return nil }
        if let cached = emAdvances[index] { return cached }
        guard FT_Load_Glyph(face, index, FT_Int32(cgd_ft_load_color())) == 0, let slot = face.pointee.glyph else {
            return nil
        }
        let advance = Double(slot.pointee.advance.x) / 64 / strikePPEM
        emAdvances[index] = advance
        return advance
    }

    /// The resampled glyph of `character` at `pixelSize`, or nil when the font lacks it.
    func glyph(_ character: Character, pixelSize: Double) throws -> Glyph? {
        lock.lock()
        defer { lock.unlock() }
        guard let face, pixelSize > 0, strikePPEM > 0 else { return nil }
        let index = glyphIndex(character, face: face)
        guard index != 0 else { return nil }
        let key = Key(glyph: index, pixelSize: pixelSize)
        if let cached = glyphs[key] { return cached }
        guard FT_Load_Glyph(face, index, FT_Int32(cgd_ft_load_color())) == 0, let slot = face.pointee.glyph else {
            return nil
        }
        let bitmap = slot.pointee.bitmap
        guard bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_BGRA.rawValue), let buffer = bitmap.buffer else { return nil }
        let sw = Int(bitmap.width)
        let sh = Int(bitmap.rows)
        let pitch = Int(bitmap.pitch)
        var source = [Float](repeating: 0, count: sw * sh * 4)
        for y in 0..<sh {
            for x in 0..<sw {
                let p = y * pitch + x * 4
                let i = (y * sw + x) * 4
                source[i] = Float(buffer[p + 2]) / 255
                source[i + 1] = Float(buffer[p + 1]) / 255
                source[i + 2] = Float(buffer[p]) / 255
                source[i + 3] = Float(buffer[p + 3]) / 255
            }
        }
        let s = pixelSize / strikePPEM
        let tw = max(1, Int((Double(sw) * s).rounded()))
        let th = max(1, Int((Double(sh) * s).rounded()))
        let pixels = ColorEmoji.resample(source, width: sw, height: sh, toWidth: tw, toHeight: th)
        let glyph = Glyph(
            width: tw, height: th, left: Double(slot.pointee.bitmap_left) * s, top: Double(slot.pointee.bitmap_top) * s,
            advance: Double(slot.pointee.advance.x) / 64 * s, pixels: pixels)
        if glyphs.count > 2048 { glyphs.removeAll(keepingCapacity: true) }
        glyphs[key] = glyph
        return glyph
    }

    /// The cluster's one glyph: its scalars the font maps (variation selectors it lacks drop out)
    /// through the ligatures; else the first scalar's glyph that is not a selector or joiner.
    private func glyphIndex(_ character: Character, face: FT_Face) -> FT_UInt {
        let scalars = character.unicodeScalars
        if scalars.count > 1 {
            let mapped = scalars.map { UInt16(truncatingIfNeeded: FT_Get_Char_Index(face, FT_ULong($0.value))) }
            let joined = ligatures.apply(mapped.filter { $0 != 0 })
            if joined.count == 1 { return FT_UInt(joined[0]) }
        }
        let scalar = scalars.first { !FontBook.isIgnorable($0) } ?? scalars.first!
        return FT_Get_Char_Index(face, FT_ULong(scalar.value))
    }

    /// Separable tent-filter resampling of premultiplied RGBA.
    static func resample(_ source: [Float], width: Int, height: Int, toWidth: Int, toHeight: Int) -> [Float] {
        func weights(from n: Int, to m: Int) -> [[(Int, Float)]] {
            let scale = Double(m) / Double(n)
            let radius = max(1, 1 / scale)
            return (0..<m).map { i in
                let center = (Double(i) + 0.5) / scale - 0.5
                var taps: [(Int, Float)] = []
                var total = 0.0
                for j in Int((center - radius).rounded(.up))...Int((center + radius).rounded(.down)) {
                    let w = max(0, 1 - abs(Double(j) - center) / radius)
                    guard w > 0 else { continue }
                    taps.append((min(max(j, 0), n - 1), Float(w)))
                    total += w
                }
                return taps.map { ($0.0, $0.1 / Float(total)) }
            }
        }
        // Rows, then columns; positions count texels of four floats.
        let rows = pass(
            source, taps: weights(from: width, to: toWidth), lines: height, count: toWidth * height,
            input: { line, j in line * width + j }, output: { line, x in line * toWidth + x })
        let out = pass(
            rows, taps: weights(from: height, to: toHeight), lines: toWidth, count: toWidth * toHeight,
            input: { line, j in j * toWidth + line }, output: { line, y in y * toWidth + line })
        return out.map { min($0, 1) }
    }

    /// One filter pass along an axis: for each of `lines` lines, each output texel is the weighted
    /// sum of its taps' input texels.
    private static func pass(
        _ input: [Float], taps: [[(Int, Float)]], lines: Int, count: Int, input position: (Int, Int) -> Int,
        output target: (Int, Int) -> Int
    ) -> [Float] {
        var result = [Float](repeating: 0, count: count * 4)
        for line in 0..<lines {
            for (k, weights) in taps.enumerated() {
                var acc: (Float, Float, Float, Float) = (0, 0, 0, 0)
                for (j, w) in weights {
                    let i = position(line, j) * 4
                    acc.0 += input[i] * w
                    acc.1 += input[i + 1] * w
                    acc.2 += input[i + 2] * w
                    acc.3 += input[i + 3] * w
                }
                let o = target(line, k) * 4
                result[o] = acc.0
                result[o + 1] = acc.1
                result[o + 2] = acc.2
                result[o + 3] = acc.3
            }
        }
        return result
    }

    /// The file fontconfig gives for `family`, if it is a colour font.
    private static func locate(_ family: String) -> String? {
        guard let pattern = FcNameParse(family + ":color=true") else { return nil }
        defer { FcPatternDestroy(pattern) }
        FcConfigSubstitute(nil, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultMatch
        guard let match = FcFontMatch(nil, pattern, &result) else { return nil }
        defer { FcPatternDestroy(match) }
        var color: FcBool = FcFalse
        _ = FcPatternGetBool(match, FC_COLOR, 0, &color)
        var file: UnsafeMutablePointer<FcChar8>?
        guard color != FcFalse, FcPatternGetString(match, FC_FILE, 0, &file) == FcResultMatch, let file else {
            return nil
        }
        return String(cString: file)
    }
}
