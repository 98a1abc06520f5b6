/// The order `gifsicle -O3` gives a palette once every frame's changes are known: repeatedly the
/// highest free index goes to the colour the fewest changed regions still need (then the least
/// used, then the lowest), so the colours small changes need get the lowest indices and small
/// frames small LZW code sizes.
enum GIFPaletteOrder {
    /// The old index of each new index, for a palette of `colorCount` colours, from each frame's
    /// changed colours and every index the frames hold.
    static func order(changedColors: [ColorSet], indices: [[UInt8]], colorCount count: Int) -> [Int] {
        var needs = RegionNeeds(changedColors, colorCount: count)
        var uses = [Int](repeating: 0, count: 256)
        for frame in indices { for index in frame { uses[Int(index)] += 1 } }
        var placed = [Bool](repeating: false, count: count)
        var order = [Int](repeating: 0, count: count)
        for position in stride(from: count - 1, through: 0, by: -1) {
            var pick = -1
            for c in 0..<count where !placed[c] {
                if pick < 0 || (needs.need[c], uses[c], c) < (needs.need[pick], uses[pick], pick) { pick = c }
            }
            placed[pick] = true
            order[position] = pick
            needs.drop(regionsNeeding: UInt8(pick))
        }
        return order
    }

    /// Old index → new for `order` (indices past the palette map to `unused`).
    static func permutation(_ order: [Int], unused: UInt8) -> [UInt8] {
        var permutation = [UInt8](repeating: unused, count: 256)
        for (new, old) in order.enumerated() { permutation[old] = UInt8(new) }
        return permutation
    }
}
