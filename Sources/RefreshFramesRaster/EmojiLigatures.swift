/// The ligature substitutions of a font's `ccmp` feature, read from its OpenType GSUB table: how a
/// colour-emoji font turns a ZWJ sequence (👨‍👩‍👧), a flag's two regional indicators, a skin-tone
/// modifier or a keycap into one glyph. Only ligature lookups (type 4, also behind extension
/// lookups, type 7) are applied, in the feature's order; contextual and other lookups are skipped,
/// which is enough for Noto Color Emoji's sequences. A malformed table gives no ligatures.
struct EmojiLigatures: Sendable {
    struct Ligature: Sendable, Equatable {
        /// The glyphs after the first one.
        var components: [UInt16]
        var glyph: UInt16
    }

    /// Per lookup, in the order `ccmp` lists them: ligatures by their first glyph, in the font's order.
    private(set) var lookups: [[UInt16: [Ligature]]] = []

    init(gsub bytes: [UInt8]) {
        lookups = (try? EmojiLigatures.read(bytes)) ?? []
    }

    /// `glyphs` after each lookup has replaced, left to right, the first ligature that matches.
    func apply(_ glyphs: [UInt16]) -> [UInt16] {
        var sequence = glyphs
        for lookup in lookups {
            var out: [UInt16] = []
            var i = 0
            while i < sequence.count {
                let rest = sequence[(i + 1)...]
                if let match = lookup[sequence[i]]?.first(where: { rest.starts(with: $0.components) }) {
                    out.append(match.glyph)
                    i += 1 + match.components.count
                } else {
                    out.append(sequence[i])
                    i += 1
                }
            }
            sequence = out
        }
        return sequence
    }

    private struct Malformed: Error {}

    /// Big-endian reads that throw instead of trapping past the end.
    private struct Reader {
        let bytes: [UInt8]

        func u16(_ at: Int) throws -> Int {
            guard at >= 0, at + 2 <= bytes.count else { throw Malformed() }
            return Int(bytes[at]) << 8 | Int(bytes[at + 1])
        }

        func u32(_ at: Int) throws -> Int {
            try u16(at) << 16 | u16(at + 2)
        }

        func tag(_ at: Int) throws -> String {
            guard at >= 0, at + 4 <= bytes.count else { throw Malformed() }
            return String(decoding: bytes[at..<(at + 4)], as: UTF8.self)
        }
    }

    private static func read(_ bytes: [UInt8]) throws -> [[UInt16: [Ligature]]] {
        let r = Reader(bytes: bytes)
        guard try r.u16(0) == 1 else { throw Malformed() }
        let featureList = try r.u16(6)
        let lookupList = try r.u16(8)
        var indices: [Int] = []
        for k in 0..<(try r.u16(featureList)) {
            let record = featureList + 2 + 6 * k
            guard try r.tag(record) == "ccmp" else { continue }
            let feature = featureList + (try r.u16(record + 4))
            for j in 0..<(try r.u16(feature + 2)) { indices.append(try r.u16(feature + 4 + 2 * j)) }
        }
        let lookupCount = try r.u16(lookupList)
        return try indices.filter { $0 < lookupCount }.map { index in
            let lookup = lookupList + (try r.u16(lookupList + 2 + 2 * index))
            var ligatures: [UInt16: [Ligature]] = [:]
            for s in 0..<(try r.u16(lookup + 4)) {
                var subtable = lookup + (try r.u16(lookup + 6 + 2 * s))
                var type = try r.u16(lookup)
                if type == 7 {
                    type = try r.u16(subtable + 2)
                    subtable += try r.u32(subtable + 4)
                }
                guard type == 4, try r.u16(subtable) == 1 else { continue }
                let covered = try coverage(r, at: subtable + (try r.u16(subtable + 2)))
                for (n, first) in covered.enumerated() where n < (try r.u16(subtable + 4)) {
                    let set = subtable + (try r.u16(subtable + 6 + 2 * n))
                    for m in 0..<(try r.u16(set)) {
                        let ligature = set + (try r.u16(set + 2 + 2 * m))
                        let count = try r.u16(ligature + 2)
                        guard count >= 1 else { continue }
                        let components = try (1..<count).map { UInt16(try r.u16(ligature + 2 + 2 * $0)) }
                        ligatures[first, default: []].append(
                            Ligature(components: components, glyph: UInt16(try r.u16(ligature))))
                    }
                }
            }
            return ligatures
        }
    }

    /// The glyphs a coverage table lists, in coverage-index order.
    private static func coverage(_ r: Reader, at offset: Int) throws -> [UInt16] {
        switch try r.u16(offset) {
        case 1:
            return try (0..<(try r.u16(offset + 2))).map { UInt16(try r.u16(offset + 4 + 2 * $0)) }
        case 2:
            var glyphs: [UInt16] = []
            for k in 0..<(try r.u16(offset + 2)) {
                let record = offset + 4 + 6 * k
                let start = try r.u16(record)
                let end = try r.u16(record + 2)
                guard end >= start else { throw Malformed() }
                glyphs += (start...end).map { UInt16($0) }
            }
            return glyphs
        default:
            throw Malformed()
        }
    }
}
