import RefreshFramesCore
import RefreshFramesTestSupport
import Testing

@testable import RefreshFramesRaster

/// The fast decoder of RefreshFrames' own PNGs gives exactly what decoding through libgd gives, for
/// every row filter, and leaves every other PNG (and every damaged one) to gd.
@Suite struct RGBA8PNGTests {
    /// Pixels with every alpha value, flat runs and noise, so each filter sees every case.
    static func pixels(width: Int, height: Int, seed: UInt64) -> [UInt8] {
        var state = seed
        func next() -> UInt8 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: state >> 56)
        }
        var pixels: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                if (x / 5 + y / 3) % 2 == 0 {
                    pixels += [200, 30, 90, UInt8((x / 5 * 37 + y / 3 * 11) % 256)]  // flat blocks
                } else {
                    pixels += [next(), next(), next(), next()]
                }
            }
        }
        return pixels
    }

    static let filterRows: [[UInt8]] = [[0], [1], [2], [3], [4], [0, 1, 2, 3, 4, 4, 2, 1, 3, 0]]

    @Test(arguments: filterRows)
    func everyFilterDecodesAsGDDoes(filters: [UInt8]) throws {
        let width = 23
        let height = 17
        let pixels = Self.pixels(width: width, height: height, seed: UInt64(filters.count * 31 + Int(filters[0])))
        let png = HandMadePNG.rgba(width: width, height: height, pixels: pixels, filters: filters)
        let fast = try #require(RGBA8PNG.decode(png))
        #expect(fast == (try PNGCodec.decodeThroughGD(png)))
        // gd keeps 7 bits of alpha: opaque and clear pixels are exact, the rest within a step.
        for i in stride(from: 0, to: pixels.count, by: 4) {
            #expect(fast.pixels[i..<i + 3] == pixels[i..<i + 3])
            #expect(abs(Int(fast.pixels[i + 3]) - Int(pixels[i + 3])) <= 1)
        }
    }

    @Test(arguments: [UInt8(0), 1, 4])
    func everyAlphaDecodesAsGDDoes(filter: UInt8) throws {
        var pixels: [UInt8] = []
        for i in 0..<512 {
            let low = UInt8(i % 256)
            pixels += [low, 40, UInt8(i / 2 % 256), low]
        }
        let png = HandMadePNG.rgba(width: 256, height: 2, pixels: pixels, filters: [filter])
        #expect(try #require(RGBA8PNG.decode(png)) == (try PNGCodec.decodeThroughGD(png)))
    }

    @Test func ownFramesDecodeFastAndAsGDDoes() throws {
        let bitmap = Bitmap(width: 64, height: 9, pixels: Self.pixels(width: 64, height: 9, seed: 7))
        let png = try PNGCodec.encode(bitmap)
        let fast = try #require(RGBA8PNG.decode(png))
        #expect(fast == (try PNGCodec.decodeThroughGD(png)))
        #expect(try PNGCodec.decode(png) == fast)
    }

    @Test func otherFormatsAreLeftToGD() throws {
        // 8-bit RGB (colour type 2): gd reads it as opaque.
        let rgb = HandMadePNG.file(width: 2, height: 1, colorType: 2, rows: [[0, 10, 20, 30, 40, 50, 60]])
        #expect(RGBA8PNG.decode(rgb) == nil)
        #expect(try PNGCodec.decode(rgb) == Bitmap(width: 2, height: 1, pixels: [10, 20, 30, 255, 40, 50, 60, 255]))
    }

    @Test func damagedFilesAreLeftToGD() throws {
        let png = HandMadePNG.rgba(width: 4, height: 2, pixels: Self.pixels(width: 4, height: 2, seed: 3), filters: [4])
        #expect(RGBA8PNG.decode(png) != nil)
        var flipped = png
        flipped[flipped.count - 20] ^= 0x01  // inside the image data: its chunk's CRC no longer matches
        #expect(RGBA8PNG.decode(flipped) == nil)
        #expect(RGBA8PNG.decode(Array(png.dropLast(12))) == nil)  // no IEND
        var unknownFilter = HandMadePNG.rgba(width: 1, height: 1, pixels: [1, 2, 3, 4], filters: [5])
        #expect(RGBA8PNG.decode(unknownFilter) == nil)
        // The same pixel with a known filter decodes, its alpha through gd's 7 bits (5 → 4).
        unknownFilter = HandMadePNG.rgba(width: 1, height: 1, pixels: [1, 2, 3, 5], filters: [0])
        #expect(RGBA8PNG.decode(unknownFilter) == Bitmap(width: 1, height: 1, pixels: [1, 2, 3, 4]))
    }
}
