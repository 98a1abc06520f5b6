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
    let ligatureSubtable = w.here
    w.fill(subtableHoles[0].hole, from: subtableHoles[0].base)
    w.fill(subtableHoles[2].hole, from: subtableHoles[2].base)
    w.u16(1)
    let coverageHole = w.hole()
    w.u16(1)
    let setHole = w.hole()
    w.fill(coverageHole, from: ligatureSubtable)
    w.u16(2)
    w.u16(1)
    w.u16(5)
    w.u16(5)
    w.u16(0)
    let set = w.here
    w.fill(setHole, from: ligatureSubtable)
    w.u16(2)
    let first = w.hole()
    let second = w.hole()
    w.fill(first, from: set)
    w.u16(40)
    w.u16(3)
    w.u16(6)
    w.u16(7)
    w.fill(second, from: set)
    w.u16(41)
    w.u16(2)
    w.u16(6)

    // Lookup 1's extension subtable, pointing 8 bytes on at its ligatures.
    let extensionSubtable = w.here
    w.fill(subtableHoles[1].hole, from: subtableHoles[1].base)
    w.u16(1)
    w.u16(4)
    w.u32(8)
    let wrapped = w.here
    #expect(wrapped - extensionSubtable == 8)
    w.u16(1)
    let wrappedCoverage = w.hole()
    w.u16(1)
    let wrappedSet = w.hole()
    w.fill(wrappedCoverage, from: wrapped)
    w.u16(1)
    w.u16(1)
    w.u16(40)
    let set2 = w.here
    w.fill(wrappedSet, from: wrapped)
    w.u16(1)
    let only = w.hole()
    w.fill(only, from: set2)
    w.u16(50)
    w.u16(2)
    w.u16(9)
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
