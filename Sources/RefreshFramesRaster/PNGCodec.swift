import CGD
import RefreshFramesCore

/// PNG bytes to and from `Bitmap`s, through libgd (RefreshFrames' own 8-bit RGBA PNGs decode
/// faster, to the same pixels, through `RGBA8PNG`). gd keeps alpha in 7 bits, so opaque and fully
/// transparent pixels round-trip exactly while partial alpha may move by one step.
package enum PNGCodec {
    /// zlib level used for every PNG, fixed so that output bytes are reproducible.
    package static let compressionLevel = 6

    /// `level` is zlib's 0…9; the default keeps output reproducible across runs.
    package static func encode(_ bitmap: Bitmap, level: Int = compressionLevel) throws -> [UInt8] {
        let image: GDImage
        do {
            image = try GDImage(width: bitmap.width, height: bitmap.height)
        } catch let error as RasterError {
            throw RasterError.pngEncodeFailed(reason: error.description)
        }
        bitmap.pixels.withUnsafeBufferPointer { source in
            for y in 0..<bitmap.height {
                guard let row = image.row(y) else { continue }
                for x in 0..<bitmap.width {
                    let i = (y * bitmap.width + x) * 4
                    let alpha = 127 - Int32(source[i + 3] >> 1)
                    row[x] = cgd_truecolor_alpha(Int32(source[i]), Int32(source[i + 1]), Int32(source[i + 2]), alpha)
                }
            }
        }
        var size: Int32 = 0
        cgd_clear_last_message()
        guard let data = gdImagePngPtrEx(image.pointer, &size, Int32(level)) else {
            throw RasterError.pngEncodeFailed(reason: GDRuntime.lastMessage)
        }
        defer { gdFree(data) }
        return Array(UnsafeRawBufferPointer(start: data, count: Int(size)))
    }

    /// `bitmap` with alpha as a PNG of it holds it (gd keeps 7 bits; opaque and clear pixels are
    /// unchanged): the pixels decoding that PNG gives.
    package static func alphaAsStored(_ bitmap: Bitmap) -> Bitmap {
        var out = bitmap
        out.pixels.withUnsafeMutableBufferPointer { p in
            for i in stride(from: 3, to: p.count, by: 4) {
                let alpha7 = 127 - UInt32(p[i] >> 1)
                p[i] = UInt8(255 - ((alpha7 << 1) + (alpha7 >> 6)))
            }
        }
        return out
    }

    package static func decode(_ bytes: [UInt8]) throws -> Bitmap {
        GDRuntime.prepare()
        guard !bytes.isEmpty, bytes.count <= Int(Int32.max) else {
            throw RasterError.pngDecodeFailed(reason: bytes.isEmpty ? "the data is empty" : "the data is too large")
        }
        return try RGBA8PNG.decode(bytes) ?? decodeThroughGD(bytes)
    }

    /// Any PNG libgd reads, with gd's messages for those it cannot. (The fuzzer's oracle for `RGBA8PNG`.)
    package static func decodeThroughGD(_ bytes: [UInt8]) throws -> Bitmap {
        cgd_clear_last_message()
        let pointer = bytes.withUnsafeBytes { raw in
            gdImageCreateFromPngPtr(Int32(raw.count), UnsafeMutableRawPointer(mutating: raw.baseAddress))
        }
        guard let pointer else { throw RasterError.pngDecodeFailed(reason: GDRuntime.lastMessage) }
        let image = GDImage(adopting: pointer)
        let width = image.width
        let height = image.height
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        try pixels.withUnsafeMutableBufferPointer { out in
            for y in 0..<height {
                guard let row = image.row(y) else {
                    throw RasterError.pngDecodeFailed(reason: "libgd could not convert the image to truecolor")
                }
                var i = y * width * 4
                for x in 0..<width {
                    let p = UInt32(bitPattern: row[x])
                    let alpha7 = (p >> 24) & 0x7F
                    out[i] = UInt8(truncatingIfNeeded: p >> 16)
                    out[i + 1] = UInt8(truncatingIfNeeded: p >> 8)
                    out[i + 2] = UInt8(truncatingIfNeeded: p)
                    // gd's own 7-to-8-bit rule (gd_png.c), so gd-written PNGs decode to what they hold.
                    out[i + 3] = UInt8(truncatingIfNeeded: 255 - ((alpha7 << 1) + (alpha7 >> 6)))
                    i += 4
                }
            }
        }
        return Bitmap(width: width, height: height, pixels: pixels)
    }
}
