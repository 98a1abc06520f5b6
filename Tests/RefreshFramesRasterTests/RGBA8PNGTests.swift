import RefreshFramesCore
import Testing

@_spi(Fuzzing) @testable import RefreshFramesRaster

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
        let png = TestPNG.rgba(width: width, height: height, pixels: pixels, filters: filters)
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
        let png = TestPNG.rgba(width: 256, height: 2, pixels: pixels, filters: [filter])
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
        let rgb = TestPNG.file(width: 2, height: 1, colorType: 2, rows: [[0, 10, 20, 30, 40, 50, 60]])
        #expect(RGBA8PNG.decode(rgb) == nil)
        #expect(try PNGCodec.decode(rgb) == Bitmap(width: 2, height: 1, pixels: [10, 20, 30, 255, 40, 50, 60, 255]))
    }

    @Test func damagedFilesAreLeftToGD() throws {
        let png = TestPNG.rgba(width: 4, height: 2, pixels: Self.pixels(width: 4, height: 2, seed: 3), filters: [4])
        #expect(RGBA8PNG.decode(png) != nil)
        var flipped = png
        flipped[flipped.count - 20] ^= 0x01  // inside the image data: its chunk's CRC no longer matches
        #expect(RGBA8PNG.decode(flipped) == nil)
        #expect(RGBA8PNG.decode(Array(png.dropLast(12))) == nil)  // no IEND
        var unknownFilter = TestPNG.rgba(width: 1, height: 1, pixels: [1, 2, 3, 4], filters: [5])
        #expect(RGBA8PNG.decode(unknownFilter) == nil)
        // The same pixel with a known filter decodes, its alpha through gd's 7 bits (5 → 4).
        unknownFilter = TestPNG.rgba(width: 1, height: 1, pixels: [1, 2, 3, 5], filters: [0])
        #expect(RGBA8PNG.decode(unknownFilter) == Bitmap(width: 1, height: 1, pixels: [1, 2, 3, 4]))
    }
}

/// PNG files written by hand: rows filtered as asked, stored in uncompressed deflate blocks.
enum TestPNG {
    /// 8-bit RGBA, row `y` filtered with `filters[y % filters.count]`.
    static func rgba(width: Int, height: Int, pixels: [UInt8], filters: [UInt8]) -> [UInt8] {
        let stride = width * 4
        var rows: [[UInt8]] = []
        for y in 0..<height {
            let filter = filters[y % filters.count]
            let row = Array(pixels[y * stride..<(y + 1) * stride])
            let above = y > 0 ? Array(pixels[(y - 1) * stride..<y * stride]) : [UInt8](repeating: 0, count: stride)
            var out: [UInt8] = [filter]
            for i in 0..<stride {
                let a = i >= 4 ? Int(row[i - 4]) : 0
                let b = Int(above[i])
                let c = i >= 4 ? Int(above[i - 4]) : 0
                let predictor: Int
                switch filter {
                case 1: predictor = a
                case 2: predictor = b
                case 3: predictor = (a + b) / 2
                case 4:
                    let p = a + b - c
                    let (pa, pb, pc) = (abs(p - a), abs(p - b), abs(p - c))
                    predictor = pa <= pb && pa <= pc ? a : pb <= pc ? b : c
                default: predictor = 0
                }
                out.append(row[i] &- UInt8(truncatingIfNeeded: predictor))
            }
            rows.append(out)
        }
        return file(width: width, height: height, colorType: 6, rows: rows)
    }

    /// A PNG of already filtered `rows`.
    static func file(width: Int, height: Int, colorType: UInt8, rows: [[UInt8]]) -> [UInt8] {
        let raw = rows.flatMap { $0 }
        var zlib: [UInt8] = [0x78, 0x01]
        var start = 0
        repeat {
            let count = min(65535, raw.count - start)
            let last: UInt8 = start + count == raw.count ? 1 : 0
            zlib += [last, UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)]
            zlib += raw[start..<start + count]
            start += count
        } while start < raw.count
        zlib += be32(adler32(raw))
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        png += chunk("IHDR", be32(UInt32(width)) + be32(UInt32(height)) + [8, colorType, 0, 0, 0])
        png += chunk("IDAT", zlib)
        png += chunk("IEND", [])
        return png
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return be32(UInt32(data.count)) + body + be32(crc32(body))
    }

    static func be32(_ v: UInt32) -> [UInt8] {
        [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)]
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in bytes {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        return b << 16 | a
    }
}
