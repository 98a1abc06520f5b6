import CGD
import RefreshFramesCore

/// The PNGs RefreshFrames writes (8-bit RGBA, not interlaced), decoded without libgd and libpng:
/// every chunk's CRC checked, the image data inflated at once by libdeflate (its Adler-32 checked)
/// and the rows unfiltered straight into a `Bitmap`. Alpha takes gd's 7-bit round trip, so every
/// pixel is what decoding through gd gives. Anything else (another colour type or depth,
/// interlacing, a damaged file) is nil, for gd to decode or to word the error.
enum RGBA8PNG {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    static func decode(_ bytes: [UInt8]) -> Bitmap? {
        bytes.withUnsafeBufferPointer { decode($0) }
    }

    private static func decode(_ file: UnsafeBufferPointer<UInt8>) -> Bitmap? {
        guard file.count >= 8, file.prefix(8).elementsEqual(signature) else { return nil }
        func be32(_ at: Int) -> Int {
            Int(file[at]) << 24 | Int(file[at + 1]) << 16 | Int(file[at + 2]) << 8 | Int(file[at + 3])
        }
        var width = 0
        var height = 0
        var compressed: [UInt8] = []
        var offset = 8
        var sawHeader = false
        var sawEnd = false
        while offset + 12 <= file.count, !sawEnd {
            let length = be32(offset)
            let type = (file[offset + 4], file[offset + 5], file[offset + 6], file[offset + 7])
            guard length <= file.count - offset - 12 else { return nil }
            let crc = libdeflate_crc32(0, file.baseAddress! + offset + 4, length + 4)
            guard UInt32(be32(offset + 8 + length)) == crc else { return nil }
            let data = offset + 8
            switch type {
            case (0x49, 0x48, 0x44, 0x52):  // IHDR: 8-bit RGBA, deflate, standard filters, not interlaced
                guard !sawHeader, length == 13, file[data + 8] == 8, file[data + 9] == 6, file[data + 10] == 0,
                    file[data + 11] == 0, file[data + 12] == 0
                else { return nil }
                (width, height) = (be32(data), be32(data + 4))
                guard width > 0, height > 0, width <= Limits.pixelsPerFrame / height else { return nil }
                sawHeader = true
            case (0x49, 0x44, 0x41, 0x54):  // IDAT
                guard sawHeader else { return nil }
                compressed.append(contentsOf: UnsafeBufferPointer(rebasing: file[data..<data + length]))
            case (0x49, 0x45, 0x4E, 0x44):  // IEND
                sawEnd = true
            default:
                // Other critical chunks (a palette) mean another format; ancillary ones are ignored, as gd does.
                guard type.0 & 0x20 != 0 else { return nil }
            }
            offset = data + length + 4
        }
        guard sawHeader, sawEnd, !compressed.isEmpty else { return nil }
        let stride = width * 4
        var filtered = [UInt8](repeating: 0, count: height * (stride + 1))
        guard let inflater = libdeflate_alloc_decompressor() else { return nil }
        defer { libdeflate_free_decompressor(inflater) }
        let result = compressed.withUnsafeBytes { input in
            filtered.withUnsafeMutableBytes { output in
                var written = 0
                let status = libdeflate_zlib_decompress(
                    inflater, input.baseAddress, input.count, output.baseAddress, output.count, &written)
                return status == LIBDEFLATE_SUCCESS && written == output.count
            }
        }
        guard result else { return nil }
        var pixels = [UInt8](repeating: 0, count: height * stride)
        let unfiltered = filtered.withUnsafeBufferPointer { source in
            pixels.withUnsafeMutableBufferPointer { out in
                unfilter(source, into: out, width: width, height: height)
            }
        }
        return unfiltered ? Bitmap(width: width, height: height, pixels: pixels) : nil
    }

    /// Undoes each row's filter (PNG's None, Sub, Up, Average, Paeth over 4-byte pixels) and maps
    /// alpha through gd's 7 bits; false for an unknown filter.
    private static func unfilter(
        _ source: UnsafeBufferPointer<UInt8>, into out: UnsafeMutableBufferPointer<UInt8>, width: Int, height: Int
    ) -> Bool {
        let stride = width * 4
        let s = source.baseAddress!
        let o = out.baseAddress!
        // The row above the first is zeros.
        let zeros = UnsafeMutablePointer<UInt8>.allocate(capacity: stride)
        zeros.initialize(repeating: 0, count: stride)
        defer { zeros.deallocate() }
        for y in 0..<height {
            let filter = s[y * (stride + 1)]
            let row = s + y * (stride + 1) + 1
            let current = o + y * stride
            let above = y > 0 ? o + (y - 1) * stride : zeros
            switch filter {
            case 0:
                current.update(from: row, count: stride)
            case 1:
                current.update(from: row, count: 4)
                for i in 4..<stride { current[i] = row[i] &+ current[i - 4] }
            case 2:
                for i in 0..<stride { current[i] = row[i] &+ above[i] }
            case 3:
                for i in 0..<4 { current[i] = row[i] &+ above[i] >> 1 }
                for i in 4..<stride {
                    current[i] = row[i] &+ UInt8(truncatingIfNeeded: (Int(current[i - 4]) + Int(above[i])) >> 1)
                }
            case 4:
                for i in 0..<4 { current[i] = row[i] &+ above[i] }
                var x = 4
                while x < stride {
                    // In flat fill the left, upper and upper-left pixels are one colour, the predictor.
                    let left = UnsafeRawPointer(current + x - 4).loadUnaligned(as: UInt32.self)
                    if left == UnsafeRawPointer(above + x).loadUnaligned(as: UInt32.self)
                        && left == UnsafeRawPointer(above + x - 4).loadUnaligned(as: UInt32.self)
                    {
                        let raw = UnsafeRawPointer(row + x).loadUnaligned(as: UInt32.self)
                        UnsafeMutableRawPointer(current + x).storeBytes(of: bytewiseSum(raw, left), as: UInt32.self)
                    } else {
                        for i in x..<(x + 4) {
                            let a = Int(current[i - 4])
                            let b = Int(above[i])
                            let c = Int(above[i - 4])
                            let pa = abs(b - c)
                            let pb = abs(a - c)
                            let pc = abs(a + b - 2 * c)
                            let predictor = pa <= pb && pa <= pc ? a : pb <= pc ? b : c
                            current[i] = row[i] &+ UInt8(truncatingIfNeeded: predictor)
                        }
                    }
                    x += 4
                }
            default:
                return false
            }
        }
        // Alpha as gd keeps it: 7 bits (127 − a/2), read back with gd's own rule (gd_png.c).
        var i = 3
        let count = stride * height
        while i < count {
            let alpha7 = 127 - (o[i] >> 1)
            o[i] = 255 &- ((alpha7 << 1) &+ (alpha7 >> 6))
            i += 4
        }
        return true
    }
}

/// The four bytes of `x` and `y` added each on its own, modulo 256.
@inline(__always) private func bytewiseSum(_ x: UInt32, _ y: UInt32) -> UInt32 {
    ((x & 0x7F7F_7F7F) &+ (y & 0x7F7F_7F7F)) ^ ((x ^ y) & 0x8080_8080)
}
