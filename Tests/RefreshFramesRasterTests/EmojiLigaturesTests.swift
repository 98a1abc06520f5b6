import Testing

@testable import RefreshFramesRaster

/// Big-endian bytes with offsets filled in once their targets are written.
private struct TableWriter {
    var bytes: [UInt8] = []
    var here: Int { bytes.count }

    mutating func u16(_ v: Int) { bytes += [UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
    mutating func u32(_ v: Int) {
        u16(v >> 16)
        u16(v & 0xFFFF)
    }
    mutating func tag(_ t: String) { bytes += Array(t.utf8) }
    /// A 16-bit placeholder; returns where it is.
    mutating func hole() -> Int {
        defer { u16(0) }
        return here
    }
    /// A ligature substitution subtable (format 1) for one first glyph: its coverage (format 2, one
    /// range, or format 1), one ligature set with `ligatures` in order.
    mutating func ligatureSubtable(first: Int, rangeCoverage: Bool, ligatures: [(glyph: Int, rest: [Int])]) {
        let subtable = here
        u16(1)
        let coverage = hole()
        u16(1)
        let setOffset = hole()
        fill(coverage, from: subtable)
        if rangeCoverage {
            for v in [2, 1, first, first, 0] { u16(v) }
        } else {
            for v in [1, 1, first] { u16(v) }
        }
        let set = here
        fill(setOffset, from: subtable)
        u16(ligatures.count)
        let holes = ligatures.map { _ in hole() }
        for (ligature, offset) in zip(ligatures, holes) {
            fill(offset, from: set)
            u16(ligature.glyph)
            u16(1 + ligature.rest.count)
            for glyph in ligature.rest { u16(glyph) }
        }
    }

    /// Fills the placeholder at `at` with the current position minus `base`.
    mutating func fill(_ at: Int, from base: Int) {
        let v = here - base
        bytes[at] = UInt8(v >> 8 & 0xFF)
        bytes[at + 1] = UInt8(v & 0xFF)
    }
}

/// A GSUB table assembled by hand: `ccmp` lists lookup 1 (an extension lookup, type 7, wrapping
/// ligatures 40 9 → 50) then lookup 0 (ligatures 5 6 7 → 40 and 5 6 → 41, coverage format 2);
/// a `liga` feature lists lookup 2, which must not apply.
private func gsub() -> [UInt8] {
    var w = TableWriter()
    w.u16(1)
    w.u16(0)
    w.u16(0)  // no script list
    let featureListHole = w.hole()
    let lookupListHole = w.hole()

    let featureList = w.here
    w.fill(featureListHole, from: 0)
    w.u16(2)
    w.tag("ccmp")
    let ccmpHole = w.hole()
    w.tag("liga")
    let ligaHole = w.hole()
    w.fill(ccmpHole, from: featureList)
    w.u16(0)
    w.u16(2)
    w.u16(1)
    w.u16(0)
    w.fill(ligaHole, from: featureList)
    w.u16(0)
    w.u16(1)
    w.u16(2)

    let lookupList = w.here
    w.fill(lookupListHole, from: 0)
    w.u16(3)
    let lookupHoles = [w.hole(), w.hole(), w.hole()]
    var subtableHoles: [(hole: Int, base: Int)] = []
    for (k, type) in [4, 7, 4].enumerated() {
        w.fill(lookupHoles[k], from: lookupList)
        let lookup = w.here
        w.u16(type)
        w.u16(0)
        w.u16(1)
        subtableHoles.append((w.hole(), lookup))
    }

    // The ligature subtable of lookups 0 and 2.
    w.fill(subtableHoles[0].hole, from: subtableHoles[0].base)
    w.fill(subtableHoles[2].hole, from: subtableHoles[2].base)
    w.ligatureSubtable(first: 5, rangeCoverage: true, ligatures: [(40, [6, 7]), (41, [6])])

    // Lookup 1's extension subtable, pointing 8 bytes on at its ligatures.
    w.fill(subtableHoles[1].hole, from: subtableHoles[1].base)
    w.u16(1)
    w.u16(4)
    w.u32(8)
    w.ligatureSubtable(first: 40, rangeCoverage: false, ligatures: [(50, [9])])
    return w.bytes
}

@Test func ligaturesApplyInTheFeaturesLookupOrder() {
    let ligatures = EmojiLigatures(gsub: gsub())
    #expect(ligatures.lookups.count == 2)
    // Lookup 1 first (40 9 → 50: nothing yet), then lookup 0 (5 6 7 → 40).
    #expect(ligatures.apply([5, 6, 7, 9]) == [40, 9])
    #expect(ligatures.apply([5, 6, 7]) == [40])
    #expect(ligatures.apply([5, 6]) == [41])
    #expect(ligatures.apply([3, 5, 6, 7, 5, 6]) == [3, 40, 41])
    #expect(ligatures.apply([6, 7]) == [6, 7])
}

@Test(arguments: [[], [0, 1], [0, 2, 0, 0, 0, 10, 0, 36], Array(gsub().prefix(100))] as [[UInt8]])
func aMalformedTableHasNoLigatures(bytes: [UInt8]) {
    let ligatures = EmojiLigatures(gsub: bytes)
    #expect(ligatures.lookups.isEmpty)
    #expect(ligatures.apply([5, 6, 7]) == [5, 6, 7])
}
