import Foundation
import RefreshFramesCore
import RefreshFramesTestSupport
import Testing

@testable import RefreshFramesExport

// MARK: - Fixtures

private let background = RGBA(red: 250 / 255, green: 250 / 255, blue: 250 / 255)
private let squareColor = RGBA(red: 0, green: 122 / 255, blue: 1)

/// A 120x40 background with a 10x10 square at `x`, its right edge fading over 4 pixels (like
/// antialiasing), and a grey ramp that never moves.
private func squareFrame(x: Int, width: Int = 120, height: Int = 40) -> Bitmap {
    var bitmap = Bitmap(width: width, height: height, fill: background)
    let bg = background.bytes
    let fg = squareColor.bytes
    func blend(_ a: UInt8, _ b: UInt8, _ t: Double) -> UInt8 {
        UInt8((Double(a) + (Double(b) - Double(a)) * t).rounded())
    }
    func set(_ px: Int, _ py: Int, _ t: Double) {
        guard px >= 0, px < width else { return }
        let i = (py * width + px) * 4
        bitmap.pixels[i] = blend(bg.red, fg.red, t)
        bitmap.pixels[i + 1] = blend(bg.green, fg.green, t)
        bitmap.pixels[i + 2] = blend(bg.blue, fg.blue, t)
    }
    for py in 15..<25 {
        for px in x..<(x + 10) { set(px, py, 1) }
        for step in 1...4 { set(x + 9 + step, py, 1 - Double(step) / 5) }
    }
    for px in 0..<20 {
        let gray = UInt8(40 + px * 10)
        let i = (5 * width + 90 + px) * 4
        bitmap.pixels[i] = gray
        bitmap.pixels[i + 1] = gray
        bitmap.pixels[i + 2] = gray
    }
    return bitmap
}

private func encode(
    _ frames: [(Bitmap, Int)], palette: GIFPalette, loopCount: Int = 0, holdLimit: Int = GIFEncoder.holdLimitBytes
) throws -> [UInt8] {
    var bytes: [UInt8] = []
    var encoder = try GIFEncoder(
        width: frames[0].0.width, height: frames[0].0.height, palette: palette, loopCount: loopCount,
        holdLimit: holdLimit
    ) { bytes += $0 }
    for (frame, delay) in frames { try encoder.add(frame, delayCentiseconds: delay) }
    try encoder.finish()
    return bytes
}

/// What the palette makes of a frame: each pixel replaced by its nearest palette colour.
private func paletteMapped(_ frame: Bitmap, _ palette: GIFPalette) -> Bitmap {
    var mapped = frame
    for i in stride(from: 0, to: frame.pixels.count, by: 4) {
        let rgb = GIFPalette.flattened(
            red: frame.pixels[i], green: frame.pixels[i + 1], blue: frame.pixels[i + 2], alpha: frame.pixels[i + 3])
        let color = palette.colors[palette.nearestIndex(to: rgb)]
        mapped.pixels[i] = UInt8(color >> 16 & 0xFF)
        mapped.pixels[i + 1] = UInt8(color >> 8 & 0xFF)
        mapped.pixels[i + 2] = UInt8(color & 0xFF)
        mapped.pixels[i + 3] = 255
    }
    return mapped
}

/// Peak signal-to-noise ratio over the RGB channels, in dB.
private func psnr(_ a: Bitmap, _ b: Bitmap) -> Double {
    var squaredError = 0.0
    var count = 0
    for i in 0..<a.pixels.count where i % 4 != 3 {
        let d = Double(a.pixels[i]) - Double(b.pixels[i])
        squaredError += d * d
        count += 1
    }
    return 10 * log10(255 * 255 / (squaredError / Double(count)))
}

private func contains(_ bytes: [UInt8], _ pattern: [UInt8]) -> Bool {
    guard bytes.count >= pattern.count else { return false }
    return (0...(bytes.count - pattern.count)).contains { Array(bytes[$0..<($0 + pattern.count)]) == pattern }
}

// MARK: - Encoder and decoder

@Test func roundTripKeepsFramesDelaysAndPixels() throws {
    let frames = [0, 20, 40, 60, 80].map { squareFrame(x: $0) }
    let delays = [4, 3, 5, 2, 6]
    let palette = try GIFPalette(pinned: [background, squareColor], samples: [frames[0], frames[2]])
    let bytes = try encode(Array(zip(frames, delays)), palette: palette, loopCount: 3)

    let gif = try GIFDecoder.decode(bytes)
    #expect(gif.width == 120)
    #expect(gif.height == 40)
    #expect(gif.loopCount == 3)
    #expect(gif.frames.count == 5)
    #expect(gif.frames.map(\.delayCentiseconds) == delays)
    #expect(gif.totalDelayCentiseconds == 20)
    for (decoded, source) in zip(gif.frames, frames) {
        #expect(decoded.image == paletteMapped(source, palette))
    }
    // Pinned colours come back exactly.
    #expect(gif.frames[0].image[0, 0] == (250, 250, 250, 255))
    #expect(gif.frames[4].image[85, 20] == (0, 122, 255, 255))
    #expect(gif.frames[0].region == PixelRect(x: 0, y: 0, width: 120, height: 40))
}

@Test func fewColorsAreAllKeptExactly() throws {
    let frames = [0, 20, 40, 60, 80].map { squareFrame(x: $0) }
    let palette = try GIFPalette(pinned: [background, squareColor], samples: frames)
    // background, square, 4 edge shades, 20 greys
    #expect(palette.colors.count == 26)
    #expect(Array(palette.colors.prefix(2)) == [0xFAFAFA, 0x007AFF])
    let gif = try GIFDecoder.decode(try encode(frames.map { ($0, 2) }, palette: palette))
    #expect(gif.frames.map(\.image) == frames)
}

@Test func identicalFramesAreMergedIntoOneLongerDelay() throws {
    let a = squareFrame(x: 0)
    let b = squareFrame(x: 30)
    let palette = try GIFPalette(pinned: [background, squareColor], samples: [a, b])
    let bytes = try encode([(a, 3), (a, 4), (b, 5), (b, 2), (b, 1), (a, 6)], palette: palette)
    let gif = try GIFDecoder.decode(bytes)
    #expect(gif.frames.map(\.delayCentiseconds) == [7, 8, 6])
    #expect(gif.frames.map(\.image) == [a, b, a].map { paletteMapped($0, palette) })
    #expect(gif.totalDelayCentiseconds == 21)
}

@Test func framesThatMapToTheSameIndicesAreMerged() throws {
    let a = Bitmap(width: 8, height: 8, fill: RGBA(white: 1))
    var b = a
    b.pixels[0] = 254  // its nearest palette colour is still white
    let palette = try GIFPalette(colors: [0xFFFFFF, 0x000000])
    let gif = try GIFDecoder.decode(try encode([(a, 2), (b, 3)], palette: palette))
    #expect(gif.frames.map(\.delayCentiseconds) == [5])
}

@Test func onlyTheChangedRectangleIsStored() throws {
    let first = Bitmap(width: 120, height: 40, fill: background)
    var second = first
    for y in 12..<22 {
        for x in 30..<40 {
            let i = (y * 120 + x) * 4
            second.pixels[i] = 0
            second.pixels[i + 1] = 122
            second.pixels[i + 2] = 255
        }
    }
    let palette = try GIFPalette(pinned: [background, squareColor], samples: [])
    let bytes = try encode([(first, 2), (second, 2)], palette: palette)
    // Image descriptor: separator, left 30, top 12, width 10, height 10 (little-endian), flags.
    #expect(contains(bytes, [0x2C, 30, 0, 12, 0, 10, 0, 10, 0, 0]))
    // Graphic control extension: disposal 1, 2 cs, no transparency (every pixel of the box changed).
    #expect(contains(bytes, [0x21, 0xF9, 0x04, 0x04, 2, 0, 0, 0]))
    let gif = try GIFDecoder.decode(bytes)
    #expect(
        gif.frames.map(\.region) == [
            PixelRect(x: 0, y: 0, width: 120, height: 40), PixelRect(x: 30, y: 12, width: 10, height: 10),
        ])
    #expect(gif.frames[1].image == second)
}

/// Two pixels change at opposite corners of a 10x10 box over a noisy background: every unchanged
/// pixel transparent compresses far better than writing the noise out again.
@Test func unchangedPixelsInsideTheRectangleAreTransparentWhenThatIsSmaller() throws {
    var first = Bitmap(width: 20, height: 20, fill: RGBA.white)
    for i in stride(from: 0, to: first.pixels.count, by: 4) where (i / 4 * 7919) % 13 < 6 {
        first.pixels[i] = 0
        first.pixels[i + 1] = 0
        first.pixels[i + 2] = 255
    }
    var second = first
    for (x, y) in [(5, 5), (14, 14)] {
        let i = (y * 20 + x) * 4
        second.pixels[i] = 0
        second.pixels[i + 1] = 0
        second.pixels[i + 2] = 0
    }
    let palette = try GIFPalette(colors: [0xFFFFFF, 0x0000FF, 0x000000])
    let bytes = try encode([(first, 2), (second, 2)], palette: palette)
    let gif = try GIFDecoder.decode(bytes)
    #expect(gif.frames[1].region == PixelRect(x: 5, y: 5, width: 10, height: 10))
    // The lowest index the changed (black, 2) pixels leave free.
    #expect(gif.frames[1].transparentIndex == 0)
    #expect(gif.frames[1].disposal == 1)
    #expect(gif.frames[1].image == second)
}

/// The right half turns black next to a left half that already was: written opaque the box is
/// one colour, so no transparency is used, and its LZW code size is the smallest (2).
@Test func opaqueIsChosenWhenTransparencyCompressesWorse() throws {
    var first = Bitmap(width: 40, height: 20, fill: RGBA.white)
    for y in 0..<20 {
        for x in 0..<40 where x < 20 || y < 4 {
            let i = (y * 40 + x) * 4
            first.pixels[i] = 0
            first.pixels[i + 1] = 0
            first.pixels[i + 2] = 0
        }
    }
    let second = Bitmap(width: 40, height: 20, fill: RGBA.black)
    let palette = try GIFPalette(colors: [0xFFFFFF, 0x808080, 0x000000])
    let bytes = try encode([(first, 2), (second, 2)], palette: palette)
    let gif = try GIFDecoder.decode(bytes)
    #expect(gif.frames[1].region == PixelRect(x: 20, y: 4, width: 20, height: 16))
    #expect(gif.frames[1].transparentIndex == nil)
    #expect(gif.frames[1].image == second)
    // Image descriptor (20x16 at 20,4), then LZW minimum code size 2.
    #expect(contains(bytes, [0x2C, 20, 0, 4, 0, 20, 0, 16, 0, 0, 2]))
    // Graphic control extension: disposal 1, no transparency.
    #expect(contains(bytes, [0x21, 0xF9, 0x04, 0x04, 2, 0, 0, 0]))
}

/// Whatever form each frame is written in, the decoded frames are the palette-mapped inputs:
/// moving squares over a ramp, with frames that hold still, return, and jump.
@Test func everyFormDecodesToTheSameFrames() throws {
    let frames = [0, 3, 3, 40, 41, 0, 90, 7, 60, 61, 62].map { squareFrame(x: $0) }
    let palette = try GIFPalette(pinned: [background], samples: [frames[0], frames[6]])
    let gif = try GIFDecoder.decode(try encode(frames.map { ($0, 2) }, palette: palette))
    let distinct = [0, 1, 3, 4, 5, 6, 7, 8, 9, 10].map { frames[$0] }
    #expect(gif.frames.map(\.image) == distinct.map { paletteMapped($0, palette) })
}

/// Colours that small regions of the samples need come first, so small frames need few index bits.
@Test func paletteOrdersColorsByHowManyRegionsNeedThem() throws {
    // A white 64x64 sample: grey in every 32x32 tile, red in one tile only, blue in two.
    var sample = Bitmap(width: 64, height: 64, fill: RGBA.white)
    func paint(_ x: Int, _ y: Int, _ rgb: (UInt8, UInt8, UInt8)) {
        let i = (y * 64 + x) * 4
        (sample.pixels[i], sample.pixels[i + 1], sample.pixels[i + 2]) = rgb
    }
    for (x, y) in [(1, 1), (40, 1), (1, 40), (40, 40)] { paint(x, y, (128, 128, 128)) }
    for x in 0..<20 { paint(x, 10, (255, 0, 0)) }
    paint(2, 50, (0, 0, 255))
    paint(50, 50, (0, 0, 255))
    let palette = try GIFPalette(pinned: [.black], samples: [sample])
    #expect(palette.colors == [0xFFFFFF, 0x808080, 0x0000FF, 0xFF0000, 0x000000])
}

/// What changes between samples comes before what tiles need: a small frame of a spinner holds
/// only the spinner's colours, however few tiles show them.
@Test func paletteGivesColorsThatChangeBetweenSamplesTheLowestIndices() throws {
    // Two white 64x64 samples with grey in every 32x32 tile and blue in two; the second adds a
    // red line in one tile, the only change.
    var first = Bitmap(width: 64, height: 64, fill: RGBA.white)
    func paint(_ x: Int, _ y: Int, _ rgb: (UInt8, UInt8, UInt8), on sample: inout Bitmap) {
        let i = (y * 64 + x) * 4
        (sample.pixels[i], sample.pixels[i + 1], sample.pixels[i + 2]) = rgb
    }
    for (x, y) in [(1, 1), (40, 1), (1, 40), (40, 40)] { paint(x, y, (128, 128, 128), on: &first) }
    paint(2, 50, (0, 0, 255), on: &first)
    paint(50, 50, (0, 0, 255), on: &first)
    var second = first
    for x in 0..<20 { paint(x, 10, (255, 0, 0), on: &second) }
    let palette = try GIFPalette(pinned: [.black], samples: [first, second])
    #expect(palette.colors == [0xFF0000, 0xFFFFFF, 0x808080, 0x0000FF, 0x000000])
    let unordered = try GIFPalette(pinned: [.black], samples: [second])
    #expect(unordered.colors.firstIndex(of: 0xFF0000)! > 1)
}

@Test func longDelaysAreSplitAcrossFramesThatChangeNothing() throws {
    let frame = Bitmap(width: 4, height: 4, fill: RGBA.black)
    let palette = try GIFPalette(colors: [0x000000])
    let gif = try GIFDecoder.decode(try encode([(frame, 70000)], palette: palette))
    #expect(gif.frames.map(\.delayCentiseconds) == [65535, 4465])
    #expect(gif.frames[1].image == frame)
}

@Test func encodingIsDeterministic() throws {
    let frames = (0..<8).map { squareFrame(x: $0 * 13) }
    func bytes() throws -> [UInt8] {
        let palette = try GIFPalette(pinned: [background], samples: Array(frames.prefix(3)))
        return try encode(frames.map { ($0, 3) }, palette: palette)
    }
    #expect(try bytes() == bytes())
}

/// Frames wait for the palette's order up to a limit; past it the header is written and frames
/// stream. Either way the GIF decodes to the same frames and delays.
@Test func holdingFramesForThePaletteOrderDoesNotChangeWhatIsShown() throws {
    let frames = (0..<12).map { (squareFrame(x: $0 * 9), 2 + $0 % 3) }
    let palette = try GIFPalette(pinned: [background], samples: [frames[0].0, frames[6].0, frames[11].0])
    let held = try GIFDecoder.decode(try encode(frames, palette: palette))
    let streamed = try GIFDecoder.decode(try encode(frames, palette: palette, holdLimit: 0))
    let midway = try GIFDecoder.decode(try encode(frames, palette: palette, holdLimit: 120 * 40 + 1))
    #expect(held.frames.map(\.image) == streamed.frames.map(\.image))
    #expect(held.frames.map(\.image) == midway.frames.map(\.image))
    #expect(held.frames.map(\.delayCentiseconds) == streamed.frames.map(\.delayCentiseconds))
    #expect(held.frames.map(\.delayCentiseconds) == midway.frames.map(\.delayCentiseconds))
    #expect(held.totalDelayCentiseconds == frames.reduce(0) { $0 + $1.1 })
    for (decoded, (source, _)) in zip(held.frames, frames) { #expect(decoded.image == paletteMapped(source, palette)) }
}

@Test func partialAlphaIsCompositedOverBlack() throws {
    let frame = Bitmap(width: 2, height: 1, pixels: [255, 255, 255, 128, 10, 20, 30, 0])
    let palette = try GIFPalette(pinned: [], samples: [frame])
    #expect(palette.colors == [0x000000, 0x808080])
    let gif = try GIFDecoder.decode(try encode([(frame, 2)], palette: palette))
    #expect(gif.frames[0].image.pixels == [128, 128, 128, 255, 0, 0, 0, 255])
}

@Test func encoderRejectsMismatchedFrames() throws {
    var encoder = try GIFEncoder(width: 4, height: 4, palette: GIFPalette(colors: [0])) { _ in }
    #expect(throws: GIFError.frameSizeMismatch(expectedWidth: 4, expectedHeight: 4, width: 5, height: 4)) {
        try encoder.add(Bitmap(width: 5, height: 4), delayCentiseconds: 2)
    }
    #expect(throws: GIFError.negativeDelay(-1)) {
        try encoder.add(Bitmap(width: 4, height: 4), delayCentiseconds: -1)
    }
    try encoder.finish()
    #expect(throws: GIFError.encoderFinished) {
        try encoder.add(Bitmap(width: 4, height: 4), delayCentiseconds: 2)
    }
}

// MARK: - Palette

@Test func largePaletteKeepsGradientsAbove40dB() throws {
    // A diagonal colour ramp with a slight vertical shading: 600 x 20 = 12,000 colours.
    let width = 600
    let height = 40
    var pixels = [UInt8](repeating: 255, count: width * height * 4)
    for y in 0..<height {
        for x in 0..<width {
            let i = (y * width + x) * 4
            pixels[i] = UInt8(x * 255 / (width - 1))
            pixels[i + 1] = UInt8(100 + y / 2)
            pixels[i + 2] = UInt8(255 - x * 255 / (width - 1))
        }
    }
    let gradient = Bitmap(width: width, height: height, pixels: pixels)
    let palette = try GIFPalette(pinned: [.white, .black], samples: [gradient])
    #expect(palette.colors.count == 255)
    // Pinned colours the samples never show come last.
    #expect(Array(palette.colors.suffix(2)) == [0xFFFFFF, 0x000000])
    let gif = try GIFDecoder.decode(try encode([(gradient, 10)], palette: palette))
    #expect(gif.frames.count == 1)
    #expect(gif.frames[0].image == paletteMapped(gradient, palette))
    let quality = psnr(gif.frames[0].image, gradient)
    #expect(quality > 40, "PSNR \(quality) dB")
}

@Test func tooManyPinnedColorsAreRejected() {
    let pinned = (0..<256).map { RGBA(red: Double($0) / 255, green: 0, blue: 0) }
    #expect(throws: GIFError.tooManyPinnedColors(count: 256)) {
        try GIFPalette(pinned: pinned, samples: [])
    }
    #expect(
        GIFError.tooManyPinnedColors(count: 256).description
            == "256 pinned colours do not fit in a GIF palette (at most 255, one index is transparency)")
}

// MARK: - Timing

@Test func thirtyFramesPerSecondCarryTheRounding() {
    let times = (0..<30).map { Double($0) / 30 }
    let slots = GIFTiming.delays(frameTimes: times, totalDuration: 1)
    #expect(slots.map(\.frameIndex) == Array(0..<30))
    #expect(
        slots.map(\.delay) == [
            3, 4, 3, 3, 4, 3, 3, 4, 3, 3, 4, 3, 3, 4, 3, 3, 4, 3, 3, 4, 3, 3, 4, 3, 3, 4, 3, 3, 4, 3,
        ])
    #expect(slots.reduce(0) { $0 + $1.delay } == 100)
}

@Test func framesShorterThanTwoCentisecondsAreDroppedIntoTheNext() {
    let times = (0..<6).map { Double($0) / 60 }
    let slots = GIFTiming.delays(frameTimes: times, totalDuration: 0.1)
    #expect(
        slots == [
            .init(frameIndex: 0, delay: 2), .init(frameIndex: 2, delay: 3),
            .init(frameIndex: 3, delay: 2), .init(frameIndex: 5, delay: 3),
        ])
}

@Test(arguments: [
    ([0.0, 0.99], 1.0, [GIFTiming.Slot(frameIndex: 0, delay: 100)]),
    ([0.0, 0.5, 0.505, 0.51], 1.0, [.init(frameIndex: 0, delay: 50), .init(frameIndex: 3, delay: 50)]),
    ([0.0], 0.01, [.init(frameIndex: 0, delay: 1)]),
    ([0.0, 0.2, 1.5], 1.0, [.init(frameIndex: 0, delay: 20), .init(frameIndex: 1, delay: 80)]),
])
func timingEdgeCases(times: [Double], total: Double, expected: [GIFTiming.Slot]) {
    #expect(GIFTiming.delays(frameTimes: times, totalDuration: total) == expected)
}

@Test func timingSumsExactlyAndNeverGoesUnderTwo() {
    for fps in [24.0, 25, 30, 50, 60, 90, 120] {
        let times = (0..<Int(fps * 3)).map { Double($0) / fps }
        let slots = GIFTiming.delays(frameTimes: times, totalDuration: 3.037)
        #expect(slots.reduce(0) { $0 + $1.delay } == 304, "\(fps) fps")
        #expect(slots.allSatisfy { $0.delay >= 2 }, "\(fps) fps")
    }
}

// MARK: - Decoder

@Test func decoderRejectsEveryTruncation() throws {
    let frames = [squareFrame(x: 0), squareFrame(x: 10)]
    let bytes = try encode(frames.map { ($0, 2) }, palette: GIFPalette(pinned: [background], samples: frames))
    #expect(throws: GIFError.truncated(offset: bytes.count / 2)) {
        try GIFDecoder.decode(Array(bytes.prefix(bytes.count / 2)))
    }
    #expect(
        GIFError.truncated(offset: 412).description == "GIF file is truncated at byte 412")
    for length in 0..<bytes.count {
        #expect(throws: GIFError.self) { try GIFDecoder.decode(Array(bytes.prefix(length))) }
    }
}

@Test func decoderRejectsOtherFiles() {
    #expect(throws: GIFError.notAGIF) { try GIFDecoder.decode(Array("PNG and more".utf8)) }
    let huge = Array("GIF89a".utf8) + [0xFF, 0xFF, 0xFF, 0xFF, 0, 0, 0, 0x3B]
    #expect(throws: GIFError.tooLarge(width: 65535, height: 65535)) { try GIFDecoder.decode(huge) }
}

/// A hand-made GIF exercising what our encoder never writes: disposal 2 and 3, a local colour
/// table, interlacing, and a file without a loop extension.
@Test func decoderHandlesDisposalLocalTablesAndInterlace() throws {
    var bytes = Array("GIF89a".utf8) + [4, 0, 8, 0, 0xF1, 0, 0]
    bytes += [0, 0, 0, 255, 255, 255, 255, 0, 0, 0, 255, 0]  // black, white, red, green
    var lzw = LZWEncoder()
    func image(
        _ rect: PixelRect, _ indices: [UInt8], disposal: UInt8, localTable: [UInt8]? = nil, interlaced: Bool = false
    ) {
        bytes += [0x21, 0xF9, 4, disposal << 2, 5, 0, 0, 0]
        bytes += [0x2C, UInt8(rect.x), 0, UInt8(rect.y), 0, UInt8(rect.width), 0, UInt8(rect.height), 0]
        bytes.append((localTable == nil ? 0 : 0x80) | (interlaced ? 0x40 : 0))
        bytes += localTable ?? []
        _ = indices.withUnsafeBufferPointer { lzw.encode($0, minimumCodeSize: 2, into: &bytes) }
    }
    image(PixelRect(x: 0, y: 0, width: 4, height: 8), Array(repeating: 2, count: 32), disposal: 3)
    image(PixelRect(x: 1, y: 1, width: 2, height: 2), [3, 3, 3, 3], disposal: 2)
    image(PixelRect(x: 0, y: 0, width: 1, height: 1), [1], disposal: 0, localTable: [0, 0, 255, 255, 255, 0])
    // Rows stored in the order 0, 4, 2, 6, 1, 3, 5, 7: even rows white, odd rows black.
    image(PixelRect(x: 3, y: 0, width: 1, height: 8), [1, 1, 1, 1, 0, 0, 0, 0], disposal: 1, interlaced: true)
    bytes.append(0x3B)

    let gif = try GIFDecoder.decode(bytes)
    #expect(gif.loopCount == nil)
    #expect(gif.frames.map(\.delayCentiseconds) == [5, 5, 5, 5])
    #expect(gif.frames.map(\.disposal) == [3, 2, 0, 1])
    func picture(_ rows: [String]) -> Bitmap {
        let colors: [Character: [UInt8]] = [
            ".": [0, 0, 0, 0], "k": [0, 0, 0, 255], "w": [255, 255, 255, 255], "r": [255, 0, 0, 255],
            "g": [0, 255, 0, 255], "y": [255, 255, 0, 255],
        ]
        return Bitmap(width: 4, height: 8, pixels: rows.joined().flatMap { colors[$0]! })
    }
    let allRed = picture(Array(repeating: "rrrr", count: 8))
    let square = picture(["....", ".gg.", ".gg.", "....", "....", "....", "....", "...."])
    let corner = picture(["y...", "....", "....", "....", "....", "....", "....", "...."])
    let column = picture(["y..w", "...k", "...w", "...k", "...w", "...k", "...w", "...k"])
    #expect(gif.frames.map(\.image) == [allRed, square, corner, column])
}

@Test func interlacedRowOrder() {
    #expect(GIFDecoder.interlacedRows(height: 10) == [0, 8, 4, 2, 6, 1, 3, 5, 7, 9])
}

/// An encoding bounded by a limit is the unbounded one when it fits, and nothing at all when it does
/// not: at every limit around the true size, for data short and long enough to fill the code table.
@Test(arguments: [40, 20_000])
func lzwLimitStopsOnlyWhatCannotFit(count: Int) {
    var state: UInt32 = 12345
    let indices = (0..<count).map { i -> UInt8 in
        state = state &* 1_103_515_245 &+ 12345
        return i % 3 == 0 ? 3 : UInt8(state >> 28)
    }
    var lzw = LZWEncoder()
    for clears in [true, false] {
        var whole: [UInt8] = []
        let unbounded = indices.withUnsafeBufferPointer {
            lzw.encode($0, minimumCodeSize: 4, clearsWhenFull: clears, into: &whole)
        }
        #expect(!unbounded.overLimit)
        #expect(unbounded.filled == (count > 1000))
        for limit in [whole.count - 300, whole.count - 2, whole.count - 1, whole.count, whole.count + 1] {
            var bounded: [UInt8] = [9]
            let outcome = indices.withUnsafeBufferPointer {
                lzw.encode($0, minimumCodeSize: 4, clearsWhenFull: clears, limit: limit, into: &bounded)
            }
            #expect(outcome.overLimit == (limit < whole.count))
            #expect(bounded == (limit < whole.count ? [9] : [9] + whole))
        }
    }
}
