import RefreshFramesCore

/// The one global colour table of an animation: at most 255 colours, the index after the last
/// one being transparency (used for "unchanged since the previous frame").
///
/// Built from exact colours the caller pins (the spec's backgrounds, text and palette colours),
/// the most frequent exact colours of a few sample frames, and a median cut over the rest of the
/// sample colours weighted by frequency; then ordered so that the colours small regions need
/// have low indices. Deterministic: every step sorts before it chooses.
package struct GIFPalette: Sendable, Equatable {
    /// The colours, each packed `0xRRGGBB`.
    package let colors: [UInt32]
    /// Which colour wins when two are equally near a pixel: the lower rank. The colours' order
    /// as chosen, before they were reordered for compression, so reordering changes no pixel.
    private var tieRanks: [Int]

    package static let maximumColorCount = 255

    /// The index written for pixels that show the previous frame through.
    package var transparentIndex: Int { colors.count }

    /// A palette of exactly these colours (`0xRRGGBB`), in this order.
    package init(colors: [UInt32]) throws {
        guard !colors.isEmpty else { throw GIFError.emptyPalette }
        guard colors.count <= Self.maximumColorCount else {
            throw GIFError.tooManyPinnedColors(count: colors.count)
        }
        self.colors = colors.map { $0 & 0xFF_FFFF }
        tieRanks = Array(colors.indices)
    }

    /// A palette for frames like `samples`, always containing the `pinned` colours exactly
    /// (those the samples never show come last).
    ///
    /// Colours with alpha below 1 are pinned as they appear composited over black (how the
    /// encoder flattens pixels); fully clear colours are not pinned.
    /// - Parameter frequentSampleColors: how many of the most frequent exact sample colours are
    ///   kept exactly, before the median cut shares out what room is left.
    package init(pinned: [RGBA], samples: [Bitmap], frequentSampleColors: Int = 64) throws {
        var chosen: [UInt32] = []
        var seen = Set<UInt32>()
        for color in pinned {
            let b = color.bytes
            guard b.alpha > 0 else { continue }
            let rgb = Self.flattened(red: b.red, green: b.green, blue: b.blue, alpha: b.alpha)
            if seen.insert(rgb).inserted { chosen.append(rgb) }
        }
        guard chosen.count <= Self.maximumColorCount else {
            throw GIFError.tooManyPinnedColors(count: chosen.count)
        }

        let sampleColors = ColorHistogram(samples).entries
        let histogram = sampleColors.filter { !seen.contains($0.rgb) }
        let room = Self.maximumColorCount - chosen.count
        if histogram.count <= room {
            chosen += histogram.map(\.rgb)
        } else {
            // Frequent means at least 1/1024 of the sample pixels: the flat areas of a UI.
            let pixelCount = samples.reduce(0) { $0 + $1.width * $1.height }
            let frequent =
                histogram
                .filter { $0.count * 1024 >= pixelCount }
                .sorted { ($0.count, $1.rgb) > ($1.count, $0.rgb) }
                .prefix(min(max(frequentSampleColors, 0), room))
                .map(\.rgb)
            chosen += frequent
            seen.formUnion(frequent)
            let rest = histogram.filter { !seen.contains($0.rgb) }
            for rgb in MedianCut.representatives(of: rest, count: room - frequent.count)
            where seen.insert(rgb).inserted {
                chosen.append(rgb)
            }
        }
        if chosen.isEmpty { chosen = [0] }
        let order = try GIFPalette(colors: chosen).mostNeededFirst(samples: samples, sampleColors: sampleColors)
        try self.init(colors: order.map { chosen[$0] })
        tieRanks = order
    }

    /// `colors` ordered so that the colours small regions of the samples need come first.
    ///
    /// A frame's LZW codes start one bit wider than its highest index needs, and later frames
    /// hold only what changed, a small region. Two kinds of region stand for those frames: the
    /// pixels that differ between consecutive samples (what gifsicle -O3 counts, frame by frame,
    /// when it orders its global table), and, weighing less, 32x32 tiles of the samples, each
    /// needing the colours it shows. The order is chosen as gifsicle chooses it: repeatedly give
    /// the highest free index to the colour the fewest regions still need (fewest sample pixels
    /// on a tie), and drop the regions that need it.
    /// - Returns: the new order, as indices into `colors`.
    private func mostNeededFirst(samples: [Bitmap], sampleColors: [ColorHistogram.Entry]) -> [Int] {
        let palette = self
        guard colors.count > 1 else { return Array(colors.indices) }
        var indexOf: [UInt32: UInt8] = [:]
        var uses = [Int](repeating: 0, count: colors.count)
        for entry in sampleColors {
            let index = palette.nearestIndex(to: entry.rgb)
            indexOf[entry.rgb] = UInt8(index)
            uses[index] += entry.count
        }
        let tile = 32
        let colorIndex = indexOf
        let tiles = Parallel.map(samples.count) { k in
            let frame = samples[k]
            var tiles: [ColorSet] = []
            let columns = (frame.width + tile - 1) / tile
            var band = [ColorSet](repeating: ColorSet(), count: columns)
            frame.pixels.withUnsafeBufferPointer { p in
                var lastRGB = UInt32.max
                var lastIndex: UInt8 = 0
                for y in 0..<frame.height {
                    var i = y * frame.width * 4
                    for x in 0..<frame.width {
                        let rgb = Self.flattened(red: p[i], green: p[i + 1], blue: p[i + 2], alpha: p[i + 3])
                        if rgb != lastRGB {
                            lastRGB = rgb
                            lastIndex = colorIndex[rgb] ?? UInt8(palette.nearestIndex(to: rgb))
                        }
                        band[x / tile].insert(lastIndex)
                        i += 4
                    }
                    if y % tile == tile - 1 || y == frame.height - 1 {
                        tiles += band
                        band = [ColorSet](repeating: ColorSet(), count: columns)
                    }
                }
            }
            return tiles
        }.flatMap { $0 }
        var changes = RegionNeeds(
            Self.changedColors(samples) { rgb in colorIndex[rgb] ?? UInt8(palette.nearestIndex(to: rgb)) },
            colorCount: colors.count)
        var tileNeeds = RegionNeeds(tiles, colorCount: colors.count)
        // A change between samples counts as much as all the tiles of one sample.
        let changeWeight = max(1, tiles.count / max(1, samples.count))
        func need(_ c: Int) -> Int { changes.need[c] * changeWeight + tileNeeds.need[c] }
        var placed = [Bool](repeating: false, count: colors.count)
        var order = [Int](repeating: 0, count: colors.count)
        for position in stride(from: colors.count - 1, through: 0, by: -1) {
            var pick = -1
            for c in colors.indices where !placed[c] {
                if pick < 0 || (need(c), uses[c], pick) < (need(pick), uses[pick], c) { pick = c }
            }
            placed[pick] = true
            order[position] = pick
            changes.drop(regionsNeeding: UInt8(pick))
            tileNeeds.drop(regionsNeeding: UInt8(pick))
        }
        return order
    }

    /// For each sample after the first, the palette indices of its pixels that differ from the
    /// sample before it: what a frame holding only the changes needs.
    private static func changedColors(_ samples: [Bitmap], index: @Sendable (UInt32) -> UInt8) -> [ColorSet] {
        let pairs = zip(samples, samples.dropFirst()).filter { $0.width == $1.width && $0.height == $1.height }
        let pairList = pairs.map { Pair(before: $0, after: $1) }
        return Parallel.map(pairList.count) { k in
            let pair = pairList[k]
            let (before, after) = (pair.before, pair.after)
            var changed = ColorSet()
            before.pixels.withUnsafeBufferPointer { old in
                after.pixels.withUnsafeBufferPointer { new in
                    var lastRGB = UInt32.max
                    var lastIndex: UInt8 = 0
                    var i = 0
                    while i < new.count {
                        let differs =
                            old[i] != new[i] || old[i + 1] != new[i + 1] || old[i + 2] != new[i + 2]
                            || old[i + 3] != new[i + 3]
                        if differs {
                            let rgb = flattened(red: new[i], green: new[i + 1], blue: new[i + 2], alpha: new[i + 3])
                            if rgb != lastRGB {
                                lastRGB = rgb
                                lastIndex = index(rgb)
                            }
                            changed.insert(lastIndex)
                        }
                        i += 4
                    }
                }
            }
            return changed
        }.filter { !$0.isEmpty }
    }

    private struct Pair: Sendable {
        var before: Bitmap
        var after: Bitmap
    }

    /// The index of the palette colour nearest to `rgb` (`0xRRGGBB`) in RGB distance; the
    /// colour chosen first (before reordering) wins a tie.
    package func nearestIndex(to rgb: UInt32) -> Int {
        let r = Int((rgb >> 16) & 0xFF)
        let g = Int((rgb >> 8) & 0xFF)
        let b = Int(rgb & 0xFF)
        var best = 0
        var bestDistance = Int.max
        for (i, c) in colors.enumerated() {
            let dr = Int((c >> 16) & 0xFF) - r
            let dg = Int((c >> 8) & 0xFF) - g
            let db = Int(c & 0xFF) - b
            let d = dr * dr + dg * dg + db * db
            if d < bestDistance || (d == bestDistance && tieRanks[i] < tieRanks[best]) {
                bestDistance = d
                best = i
                if d == 0 { break }
            }
        }
        return best
    }

    /// A pixel as the GIF shows it: partial alpha composited over black, packed `0xRRGGBB`.
    @inline(__always)
    static func flattened(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) -> UInt32 {
        if alpha == 255 { return UInt32(red) << 16 | UInt32(green) << 8 | UInt32(blue) }
        func scale(_ v: UInt8) -> UInt32 { (UInt32(v) * UInt32(alpha) + 127) / 255 }
        return scale(red) << 16 | scale(green) << 8 | scale(blue)
    }
}

/// Exact colours of some frames with their pixel counts, sorted by colour.
struct ColorHistogram {
    struct Entry {
        var rgb: UInt32
        var count: Int
    }

    private(set) var entries: [Entry] = []

    init(_ frames: [Bitmap]) {
        // Runs of equal pixels first (flat UI is mostly runs), frame by frame on every core, then
        // sort and merge the runs.
        var runs = Parallel.map(frames.count) { k in
            let frame = frames[k]
            var runs: [Entry] = []
            frame.pixels.withUnsafeBufferPointer { p in
                var i = 0
                while i < p.count {
                    let rgb = GIFPalette.flattened(red: p[i], green: p[i + 1], blue: p[i + 2], alpha: p[i + 3])
                    if let last = runs.last, last.rgb == rgb {
                        runs[runs.count - 1].count += 1
                    } else {
                        runs.append(Entry(rgb: rgb, count: 1))
                    }
                    i += 4
                }
            }
            return runs
        }.flatMap { $0 }
        runs.sort { $0.rgb < $1.rgb }
        for run in runs {
            if let last = entries.last, last.rgb == run.rgb {
                entries[entries.count - 1].count += run.count
            } else {
                entries.append(run)
            }
        }
    }
}

/// Median cut weighted by pixel count: repeatedly splits the box with the largest squared error
/// at the weighted median of its widest channel; each box is represented by its weighted mean.
enum MedianCut {
    private struct Box {
        var range: Range<Int>
        var error: Double
        var widestChannel: Int
        var mean: UInt32
    }

    static func representatives(of colors: [ColorHistogram.Entry], count: Int) -> [UInt32] {
        guard count > 0, !colors.isEmpty else { return [] }
        var items = colors
        var boxes = [box(items, 0..<items.count)]
        while boxes.count < count {
            var target = 0
            for (i, b) in boxes.enumerated() where b.error > boxes[target].error { target = i }
            let split = boxes[target]
            guard split.error > 0 else { break }
            let shift = UInt32(16 - 8 * split.widestChannel)
            items[split.range].sort {
                let a = ($0.rgb >> shift) & 0xFF
                let b = ($1.rgb >> shift) & 0xFF
                return a != b ? a < b : $0.rgb < $1.rgb
            }
            let total = items[split.range].reduce(0) { $0 + $1.count }
            var cumulative = 0
            var cut = split.range.lowerBound + 1
            for i in split.range {
                cumulative += items[i].count
                if 2 * cumulative >= total {
                    cut = i + 1
                    break
                }
            }
            cut = min(max(cut, split.range.lowerBound + 1), split.range.upperBound - 1)
            boxes[target] = box(items, split.range.lowerBound..<cut)
            boxes.append(box(items, cut..<split.range.upperBound))
        }
        return boxes.map(\.mean)
    }

    private static func box(_ items: [ColorHistogram.Entry], _ range: Range<Int>) -> Box {
        var weight = 0.0
        var sum = [0.0, 0.0, 0.0]
        var squares = [0.0, 0.0, 0.0]
        for item in items[range] {
            let w = Double(item.count)
            weight += w
            for c in 0..<3 {
                let v = Double((item.rgb >> UInt32(16 - 8 * c)) & 0xFF)
                sum[c] += w * v
                squares[c] += w * v * v
            }
        }
        let errors = (0..<3).map { squares[$0] - sum[$0] * sum[$0] / weight }
        var widest = 0
        for c in 1..<3 where errors[c] > errors[widest] { widest = c }
        let mean = (0..<3).reduce(UInt32(0)) { packed, c in
            packed << 8 | UInt32((sum[c] / weight).rounded())
        }
        return Box(
            range: range, error: range.count > 1 ? errors.reduce(0, +) : 0, widestChannel: widest, mean: mean)
    }
}

/// Regions of the samples, each with the palette indices it needs, and how many regions still in
/// play need each index.
struct RegionNeeds {
    private let regions: [ColorSet]
    private let members: [[UInt8]]
    private var active: [Bool]
    private(set) var need: [Int]

    init(_ regions: [ColorSet], colorCount: Int) {
        self.regions = regions
        members = regions.map(\.members)
        active = [Bool](repeating: true, count: regions.count)
        need = [Int](repeating: 0, count: colorCount)
        for colors in members { for c in colors { need[Int(c)] += 1 } }
    }

    /// Takes out of play the regions that need `index` (it got an index too high to help them).
    mutating func drop(regionsNeeding index: UInt8) {
        for r in regions.indices where active[r] && regions[r].contains(index) {
            active[r] = false
            for c in members[r] { need[Int(c)] -= 1 }
        }
    }
}
