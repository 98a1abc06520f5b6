import Foundation
import RefreshFrames
import RefreshFramesCore
import RefreshFramesRaster
import RefreshFramesTestSupport
import Testing

@testable import RefreshFramesExport

/// Damage-tracked terminal frames: pixel-mode cells re-sampled only where a frame patch drew, and
/// encoded comparing only those cells, give byte for byte the stream of whole frames.
struct ANSIDamageTests {
    static func source(_ name: String, part: FrameSource.Part = .screen) throws -> FrameSource {
        try RefreshAnimation(contentsOf: samplePath(name), now: 1_455_451_200).frames(part: part)
    }

    static func job(_ source: FrameSource, columns: Int, colors: ColorMode = .truecolor, threads: Int) -> ExportJob {
        ExportJob(
            source: source, times: source.timeline.frameTimes(fps: 50), from: 0, to: source.timeline.duration,
            fps: 50, threads: threads, terminal: TerminalOptions(mode: .pixels, columns: columns, colors: colors),
            provenance: Provenance(tool: "test", specName: "spec.json", specBytes: [], now: 1_455_451_200))
    }

    static func export(_ exporter: Exporter, _ job: ExportJob) throws -> [UInt8] {
        final class Sink: @unchecked Sendable { var bytes: [UInt8] = [] }
        let sink = Sink()
        var destination = ExportDestination(append: { sink.bytes += $0 })
        _ = try exporter.export(job, &destination)
        return sink.bytes
    }

    /// The job's `.ans` and `.cast` bytes as whole frames make them: every frame drawn whole,
    /// box-filtered whole and compared cell by cell with the one before. Half blocks without
    /// colours are drawn as text, as the exporters do (`TerminalOptions.drawable`, issue 34).
    static func wholeFrames(_ job: ExportJob) throws -> (ans: [UInt8], cast: [UInt8]) {
        let terminal = job.terminal.drawable().options
        let cells = job.source.cells(terminal.mode.cells ?? .pixels, columns: terminal.columns)
        var encoder = ANSIEncoder(colorMode: job.terminal.colors)
        var ans: [UInt8] = []
        var cast: CastWriter?
        var lines: [String] = []
        var last = 0.0
        for t in job.times {
            let grid = try cells(job.source.state(at: t))
            let bytes = encoder.encode(frame: grid)
            ans += bytes
            if cast == nil {
                cast = CastWriter(width: grid.width, height: grid.height + 1, timestamp: Int(job.provenance.now))
                lines.append(cast!.header)
            }
            last = t - job.from
            lines.append(try cast!.event(time: last, bytes: bytes))
        }
        let trailer = encoder.trailer()
        lines.append(try cast!.event(time: max(job.to - job.from, last + 0.001), bytes: trailer))
        return (ans + trailer, Array((lines.joined(separator: "\n") + "\n").utf8))
    }

    /// Where two streams part: the first byte that differs (or the shorter one's length); nil when equal.
    static func firstDifference(_ a: [UInt8], _ b: [UInt8]) -> Int? {
        a.indices.first { $0 >= b.count || a[$0] != b[$0] } ?? (a.count == b.count ? nil : a.count)
    }

    /// Every frame of every sample's whole screen, 20 columns wide (the renderer's least scale)
    /// and 80, on one thread and four.
    @Test(arguments: DamageTests.samples, [20, 80])
    func streamsAreTheWholeFramesStreams(_ name: String, columns: Int) throws {
        let source = try Self.source(name)
        let whole = try Self.wholeFrames(Self.job(source, columns: columns, threads: 1))
        for threads in [1, 4] {
            let ans = try Self.export(.ansi, Self.job(source, columns: columns, threads: threads))
            #expect(Self.firstDifference(ans, whole.ans) == nil, "\(threads) threads: .ans")
        }
        let cast = try Self.export(.cast, Self.job(source, columns: columns, threads: 4))
        #expect(Self.firstDifference(cast, whole.cast) == nil, ".cast")
    }

    /// `.ans` and `.cast` stream: each frame reaches the destination as it is encoded (the stream
    /// is never held whole), and the pieces are the stream of whole frames.
    @Test func streamsReachTheDestinationFrameByFrame() throws {
        let job = Self.job(try Self.source("marquee", part: .control), columns: 40, threads: 2)
        let whole = try Self.wholeFrames(job)
        for (exporter, expected, pieces) in [
            (Exporter.ansi, whole.ans, job.times.count + 1), (.cast, whole.cast, 1 + job.times.count + 1),
        ] {
            final class Sink: @unchecked Sendable { var appends: [[UInt8]] = [] }
            let sink = Sink()
            var destination = ExportDestination(append: { sink.appends.append($0) })
            _ = try exporter.export(job, &destination)
            // One piece per frame, plus the trailer (and the cast's header line).
            #expect(sink.appends.count == pieces, "\(exporter.format.name)")
            #expect(Array(sink.appends.joined()) == expected, "\(exporter.format.name)")
            #expect(destination.bytesWritten == expected.count)
        }
    }

    /// The control alone 200 columns wide (above one pixel a point), in every colour mode: the
    /// encoder copies the unchanged cells of the frame before as the terminal showed them (without
    /// colours, the text the exporters draw instead of half blocks).
    @Test(arguments: [
        ("rotate-scale", ColorMode.palette256), ("marquee", .palette16), ("color-dots", .none),
        ("classic-spinner", .truecolor),
    ])
    func theControl200ColumnsWideInEveryColorMode(_ name: String, colors: ColorMode) throws {
        let source = try Self.source(name, part: .control)
        let whole = try Self.wholeFrames(Self.job(source, columns: 200, colors: colors, threads: 1))
        let ans = try Self.export(.ansi, Self.job(source, columns: 200, colors: colors, threads: 4))
        #expect(Self.firstDifference(ans, whole.ans) == nil, ".ans")
        let cast = try Self.export(.cast, Self.job(source, columns: 200, colors: colors, threads: 1))
        #expect(Self.firstDifference(cast, whole.cast) == nil, ".cast")
    }

    /// Patches (each made by `patch` from a frame's state and the one before's) applied in order:
    /// the frames whose encoded bytes differ from the whole frame's.
    static func differingFrames(
        _ source: FrameSource, columns: Int,
        patch: (FrameSource, FrameState, FrameState?) throws -> FramePatch = { try $0.patch($1, after: $2) }
    ) throws -> [Int] {
        let pixels = source.terminalPixels(columns: columns)
        let cells = source.cells(.pixels, columns: columns)
        var patched = PatchedCells(renderer: source.pixelRenderer(columns: columns))
        var incremental = ANSIEncoder(colorMode: .truecolor)
        var reference = ANSIEncoder(colorMode: .truecolor)
        var previous: FrameState?
        var differing: [Int] = []
        for (i, t) in source.timeline.frameTimes(fps: 50).enumerated() {
            let state = source.state(at: t)
            let changed = patched.apply(try patch(pixels, state, previous))
            let bytes = incremental.encode(frame: patched.grid!, changed: changed)
            if bytes != reference.encode(frame: try cells(state)) { differing.append(i) }
            previous = state
        }
        return differing
    }

    /// The test of the tests above: damage rectangles cut to their upper half leave stale cells,
    /// and the comparison with whole frames finds them.
    @Test func halvedDamageIsCaught() throws {
        let source = try Self.source("rotate-scale", part: .control)
        #expect(try Self.differingFrames(source, columns: 80) == [])
        let halved = try Self.differingFrames(source, columns: 80) { pixels, state, previous in
            guard let previous else { return FramePatch(whole: try pixels.bitmap(state)) }
            let rects = try pixels.damage(from: previous, to: state).map {
                PixelRect(x: $0.x, y: $0.y, width: $0.width, height: ($0.height + 1) / 2)
            }
            return FramePatch(
                width: pixels.pixelSize.width, height: pixels.pixelSize.height,
                regions: try rects.map { ($0, try pixels.bitmap(state, region: $0)) })
        }
        #expect(halved.count > 10, "halved damage changed the bytes of only frames \(halved)")
    }

    /// Bitmaps smaller and larger than the grid (box filters that shrink and that repeat source
    /// pixels), changed in random rectangles: each patched grid is the whole bitmap's.
    @Test(arguments: [(37, 9, 20), (300, 45, 40), (16, 16, 50)])
    func patchedCellsAreTheWholeBitmapsCells(width: Int, height: Int, columns: Int) {
        var seed: UInt64 = 0x5EED
        func next(_ n: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(n))
        }
        let renderer = ANSIPixelRenderer(columns: columns, background: TerminalRGB(red: 9, green: 99, blue: 199))
        var bitmap = Bitmap(
            width: width, height: height, pixels: (0..<(width * height * 4)).map { _ in UInt8(next(256)) })
        var patched = PatchedCells(renderer: renderer)
        #expect(patched.apply(FramePatch(whole: bitmap)) == nil)
        #expect(patched.grid == renderer.render(bitmap))
        for step in 0..<40 {
            let x = next(width)
            let y = next(height)
            let rect = PixelRect(x: x, y: y, width: 1 + next(width - x), height: 1 + next(height - y))
            var pixels: [UInt8] = []
            for _ in 0..<(rect.width * rect.height * 4) { pixels.append(UInt8(next(256))) }
            let region = Bitmap(width: rect.width, height: rect.height, pixels: pixels)
            for row in 0..<rect.height {
                let to = ((rect.y + row) * width + rect.x) * 4
                bitmap.pixels.replaceSubrange(
                    to..<(to + rect.width * 4), with: pixels[(row * rect.width * 4)..<((row + 1) * rect.width * 4)])
            }
            let before = patched.grid!
            let changed = patched.apply(FramePatch(width: width, height: height, regions: [(rect, region)])) ?? []
            let after = patched.grid!
            #expect(after == renderer.render(bitmap), "step \(step): \(rect)")
            // What the encoder is told: every cell outside the changed rectangles is as it was.
            for row in 0..<after.height {
                for column in 0..<after.width
                where !changed.contains(where: { $0.columns.contains(column) && $0.rows.contains(row) }) {
                    #expect(after[column, row] == before[column, row], "step \(step): cell \(column), \(row)")
                }
            }
        }
    }

    /// A grid churned at random, encoded with the cells that really changed: the same bytes as
    /// comparing every cell, in every colour mode, wide characters included.
    @Test(arguments: ColorMode.allCases)
    func encodingOnlyTheChangedCellsWritesTheSameBytes(mode: ColorMode) {
        var seed: UInt64 = 0xC0FFEE
        func next(_ n: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(n))
        }
        let characters: [Character] = ["a", "▀", " ", "下", "拉", "🤗", "é"]
        let colors = [TerminalRGB.black, .white, TerminalRGB(red: 200, green: 10, blue: 30), TerminalRGB(white: 99)]
        var grid = CellGrid(width: 13, height: 5)
        var everyCell = ANSIEncoder(colorMode: mode)
        var changedCells = ANSIEncoder(colorMode: mode)
        #expect(changedCells.encode(frame: grid, changed: []) == everyCell.encode(frame: grid))
        for step in 0..<300 {
            let before = grid
            for _ in 0..<next(5) {
                grid.put(
                    characters[next(characters.count)], column: next(13), row: next(5),
                    foreground: colors[next(colors.count)], background: colors[next(colors.count)],
                    bold: next(4) == 0)
            }
            var changed: [CellRect] = []
            for row in 0..<5 {
                for column in 0..<13 where grid[column, row] != before[column, row] {
                    changed.append(CellRect(columns: column..<(column + 1), rows: row..<(row + 1)))
                }
            }
            #expect(changedCells.encode(frame: grid, changed: changed) == everyCell.encode(frame: grid), "step \(step)")
        }
    }

    /// The preview's frames: forward in time each is a patch over the one before; a seek back or
    /// a replay from the start draws the whole frame. Every grid is the whole frame's.
    @Test func playbackPatchesForwardAndRedrawsWholeAfterSeekingBack() throws {
        let source = try Self.source("marquee")
        let cells = source.cells(.pixels, columns: 60)
        var playback = PixelPlayback(source, columns: 60)
        let times = [0.0, 0.02, 0.04, 1.5, 1.52, 0.7, 0.72, 0.72, 3.0, 0, 0.02]
        var wholeAt: [Double] = []
        for t in times {
            let state = source.state(at: t)
            let (grid, changed) = try playback.grid(state)
            #expect(grid == (try cells(state)), "t=\(t)")
            if changed == nil { wholeAt.append(t) }
        }
        #expect(wholeAt == [0, 0.7, 0])
    }
}
