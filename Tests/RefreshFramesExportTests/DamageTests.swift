import Foundation
import RefreshFrames
import RefreshFramesCore
import RefreshFramesExport
import RefreshFramesRaster
import RefreshFramesTestSupport
import Testing

/// Damage-tracked frames: each frame drawn as the regions that changed since the one before and
/// copied over it is, byte for byte, the frame drawn whole.
struct DamageTests {
    static let samples = ["classic-spinner", "color-dots", "marquee", "rotate-scale"]

    static func source(_ name: String, part: FrameSource.Part = .screen, scale: Double) throws -> FrameSource {
        try RefreshAnimation(contentsOf: samplePath(name), now: 1_455_451_200).frames(part: part, scale: scale)
    }

    /// Patches every frame `every`-th frame apart over the previous, on `threads` threads, and
    /// compares each result with the whole frame; returns the share of pixels the patches drew.
    static func expectPatchesMatch(_ source: FrameSource, every step: Int = 1, threads: Int) throws -> Double {
        let times = Array(
            source.timeline.frameTimes(fps: 50).enumerated().filter { $0.offset % step == 0 }.map(\.element))
        var frame = PatchedFrame()
        var drawn = 0
        var total = 0
        var mismatches: [Int] = []
        try FrameStream(Array(times.indices), threads: threads).run(
            render: { i in
                (try source.patch(at: times[i], after: i > 0 ? times[i - 1] : nil), try source.bitmap(at: times[i]))
            },
            consume: { i, rendered in
                let (patch, whole) = rendered
                let damage = frame.apply(patch)
                #expect((damage == nil) == (i == 0))
                if frame.bitmap != whole { mismatches.append(i) }
                drawn += patch.pixelCount
                total += whole.width * whole.height
            })
        #expect(mismatches.isEmpty, "frames \(mismatches) differ from the whole frames")
        return Double(drawn) / Double(total)
    }

    /// The control is where views move: every frame of every sample.
    @Test(arguments: samples)
    func everyFrameOfTheControlAtOnePoint(_ name: String) throws {
        let share = try Self.expectPatchesMatch(Self.source(name, part: .control, scale: 1), threads: 2)
        #expect(share < 0.9, "patches drew \(share) of the pixels: damage tracking saves nothing")
    }

    /// The whole screen: the table scrolls (the whole frame is damage) or stands still (the control's).
    @Test(arguments: samples)
    func everyFourthFrameOfTheScreenAtOnePoint(_ name: String) throws {
        let share = try Self.expectPatchesMatch(Self.source(name, scale: 1), every: 4, threads: 2)
        #expect(share < 0.9, "patches drew \(share) of the pixels: damage tracking saves nothing")
    }

    @Test(arguments: [
        ("rotate-scale", FrameSource.Part.screen, 2.0, 12, 1), ("classic-spinner", .screen, 3.0, 16, 4),
        ("color-dots", .control, 2.0, 2, 3), ("marquee", .control, 3.0, 3, 1),
    ])
    func higherScalesAndThreadCounts(_ name: String, part: FrameSource.Part, scale: Double, every: Int, threads: Int)
        throws
    {
        _ = try Self.expectPatchesMatch(Self.source(name, part: part, scale: scale), every: every, threads: threads)
    }

    @Test func aFrameLikeTheOneBeforeIsNoPatchAtAll() throws {
        let source = try Self.source("rotate-scale", scale: 1)
        let end = source.timeline.duration
        let patch = try source.patch(at: end + 1, after: end + 0.5)
        #expect(patch.regions.isEmpty)
        #expect(try source.damage(from: source.state(at: end + 0.5), to: source.state(at: end + 1)) == [])
    }

    /// A GIF encoded from patches is byte for byte the GIF encoded from whole frames.
    @Test(arguments: [("rotate-scale", FrameSource.Part.control), ("color-dots", .screen), ("marquee", .screen)])
    func aGIFFromPatchesIsTheGIFFromWholeFrames(_ name: String, part: FrameSource.Part) throws {
        let source = try Self.source(name, part: part, scale: 1)
        let times = source.timeline.frameTimes(fps: 25)
        let wholes = try times.map(source.bitmap(at:))
        let palette = try GIFPalette(pinned: source.pinnedColors, samples: [wholes[0], wholes[times.count / 2]])
        func encode(_ add: (inout GIFEncoder, Int) throws -> Void) throws -> [UInt8] {
            var bytes: [UInt8] = []
            var encoder = try GIFEncoder(
                width: wholes[0].width, height: wholes[0].height, palette: palette, holdLimit: 1 << 16,
                sink: { bytes += $0 })
            for i in times.indices { try add(&encoder, i) }
            try encoder.finish()
            return bytes
        }
        let fromWholes = try encode { encoder, i in try encoder.add(wholes[i], delayCentiseconds: 4) }
        let fromPatches = try encode { encoder, i in
            try encoder.add(source.patch(at: times[i], after: i > 0 ? times[i - 1] : nil), delayCentiseconds: 4)
        }
        #expect(fromPatches.count > 1000)
        let identical = fromPatches == fromWholes
        #expect(identical, "from patches \(fromPatches.count) bytes, from whole frames \(fromWholes.count)")
    }
}
