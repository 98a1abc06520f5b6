import Foundation
import RefreshFrames
import RefreshFramesCore
import RefreshFramesExport
import RefreshFramesRaster
import RefreshFramesTestSupport
import Testing

@testable import RefreshFramesCompare

/// The pixel check draws each frame as a patch over the one before, decodes a golden only when its
/// file differs from the one before, and then compares only the damage: every verdict must still be
/// the one a whole render compared with its whole decoded golden gives.
struct GoldenCheckDamageTests {
    static func source(_ name: String) throws -> FrameSource {
        try RefreshAnimation(contentsOf: samplePath(name), now: 1_455_451_200).frames(part: .control, scale: 1)
    }

    /// Goldens held in memory, by file name.
    static func store(_ files: [String: [UInt8]]) -> GoldenStore {
        GoldenStore(directory: "goldens", read: { files[$0] }, write: { _, _ in Issue.record("a plain check wrote") })
    }

    /// Each frame checked as whole renders against whole decoded goldens would.
    static func expected(_ source: FrameSource, times: [Double], files: [String: [UInt8]]) throws -> [CheckOutcome] {
        let pixels = Diffing<Bitmap>.pixels()
        return try times.indices.map { i in
            let golden = try PNGCodec.decode(files[GoldenCheck.frameFile(i)]!)
            return pixels.compare(try source.bitmap(at: times[i]), golden)
        }
    }

    @Test(arguments: [1, 4])
    func everyVerdictIsTheWholeFramesVerdict(threads: Int) throws {
        let source = try Self.source("rotate-scale")
        let times = source.timeline.frameTimes(fps: 20)
        var files: [String: [UInt8]] = [:]
        var frames: [Bitmap] = []
        for (i, t) in times.enumerated() {
            let frame = try source.bitmap(at: t)
            frames.append(frame)
            files[GoldenCheck.frameFile(i)] = try PNGCodec.encode(frame)
        }
        // Frames that move, after a frame that matches its golden: each gets a wrong golden.
        let moving = (1..<times.count).filter { frames[$0] != frames[$0 - 1] }
        try #require(moving.count > 31)
        // A golden byte for byte the previous one's: not decoded again, only the damage compared.
        let repeated = moving[5]
        files[GoldenCheck.frameFile(repeated)] = files[GoldenCheck.frameFile(repeated - 1)]
        // A golden that differs far from where the frame changed: one pixel in a corner.
        let cornered = moving[20]
        var corner = frames[cornered]
        corner.pixels[0] ^= 0x80
        files[GoldenCheck.frameFile(cornered)] = try PNGCodec.encode(corner)
        // The frame after a failing one (its golden repeats the failing frame's golden).
        let afterFailure = moving[30]
        files[GoldenCheck.frameFile(afterFailure)] = files[GoldenCheck.frameFile(afterFailure - 1)]
        files[GoldenCheck.frameFile(afterFailure - 1)] = files[GoldenCheck.frameFile(afterFailure - 2)]

        let check = GoldenCheck(
            source: source, times: times, kinds: .pixels, mode: .never, tolerance: .default, threads: threads)
        let (results, _) = try check.run(store: Self.store(files)) { file, _, _ in (file, file) }
        let expected = try Self.expected(source, times: times, files: files)
        let failed = results.indices.filter { !results[$0].passed }
        #expect(failed == expected.indices.filter { !expected[$0].passed })
        #expect(results.map(\.message) == expected.map(\.message))
        #expect(failed.contains(repeated) && failed.contains(cornered) && failed.contains(afterFailure))
        #expect(failed.count < times.count / 2)
    }

    @Test func aGoldenRepeatingThePreviousIsNotDecodedAgain() throws {
        let previous = Bitmap(width: 3, height: 2, fill: .white)
        let png = try PNGCodec.encode(previous)
        let store = Self.store(["a.png": png, "b.png": png])
        let size = PixelSize(width: 3, height: 2)
        guard case .undecoded = store.prepare(file: "b.png", previousFile: "a.png", size: size, as: .pixels()) else {
            Issue.record("an equal file was decoded")
            return
        }
        guard case .decoded = store.prepare(file: "b.png", previousFile: nil, size: size, as: .pixels()) else {
            Issue.record("a file was not decoded")
            return
        }
        guard
            case .sizeMismatch(let golden) = store.prepare(
                file: "b.png", previousFile: nil, size: PixelSize(width: 4, height: 2), as: .pixels())
        else {
            Issue.record("another size was decoded")
            return
        }
        #expect(golden == size)
    }
}

/// The HTML report's crop of a whole-screen frame is the strip the control shows in, which starts
/// at the bars' bottom when the host has a navigation bar (not at the screen's top).
struct ControlRegionTests {
    @Test(arguments: [("", 0.0), (#""navigationBar": "Dots", "#, 64.0)])
    func theCropStartsWhereTheStripDoes(keys: String, top: Double) throws {
        var json = String(decoding: try Data(contentsOf: URL(fileURLWithPath: samplePath("color-dots"))), as: UTF8.self)
        json = json.replacingOccurrences(of: "\"host\": {", with: "\"host\": {\(keys)")
        let source = try RefreshAnimation(bytes: Array(json.utf8), name: "dots.json", now: 1_455_451_200)
            .frames(part: .screen, scale: 1)
        let check = GoldenCheck(
            source: source, times: [5.15], kinds: .pixels, mode: .never, tolerance: .default, threads: 1)
        // Half-way through the scroll-back (endRefreshing at 5 s, 0.3 s): the control's lower part
        // shows between the bar and the first row.
        let pull = 60 * (1 - Curve.easeOut.progress(at: 0.5))
        let region = try #require(check.controlRegion(at: 5.15, in: PixelSize(width: 375, height: 667)))
        let bottom = Int((top + pull).rounded(.up))
        #expect(region == PixelRect(x: 0, y: Int(top), width: 375, height: bottom - Int(top)))
    }
}
