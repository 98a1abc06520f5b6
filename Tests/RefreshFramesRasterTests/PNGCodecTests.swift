import RefreshFramesCore
import Testing

@testable import RefreshFramesRaster

@Suite struct PNGCodecTests {
    @Test func roundTripIsLosslessForOpaqueAndClearPixels() throws {
        var pixels: [UInt8] = []
        for i in 0..<(37 * 11) {
            let clear = i % 7 == 0
            pixels += [UInt8(i % 256), UInt8((i * 7) % 256), UInt8((i * 13) % 256), clear ? 0 : 255]
            if clear { pixels[pixels.count - 4..<pixels.count - 1] = [0, 0, 0] }
        }
        let bitmap = Bitmap(width: 37, height: 11, pixels: pixels)
        let png = try PNGCodec.encode(bitmap)
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        #expect(try PNGCodec.decode(png) == bitmap)
    }

    @Test func encodingIsReproducible() throws {
        let bitmap = Bitmap(width: 5, height: 3, fill: RGBA(red: 0.2, green: 0.4, blue: 0.6))
        #expect(try PNGCodec.encode(bitmap) == PNGCodec.encode(bitmap))
    }

    @Test func partialAlphaMovesAtMostOneStep() throws {
        let pixels: [UInt8] = (0..<256).flatMap { a -> [UInt8] in [10, 20, 30, UInt8(a)] }
        let decoded = try PNGCodec.decode(PNGCodec.encode(Bitmap(width: 256, height: 1, pixels: pixels)))
        for x in 0..<256 { #expect(abs(Int(decoded[x, 0].alpha) - x) <= 1) }
    }

    static let garbage: [[UInt8]] = [
        [], Array("not a png at all".utf8), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0],
    ]

    @Test(arguments: garbage)
    func garbageThrows(bytes: [UInt8]) {
        #expect {
            try PNGCodec.decode(bytes)
        } throws: { error in
            guard case RasterError.pngDecodeFailed = error else { return false }
            return "\(error)".hasPrefix("cannot decode PNG: ")
        }
    }
}
