/// PNG files written by hand: rows filtered as asked, stored in uncompressed deflate blocks, with
/// correct checksums. For the PNG decoder's tests and the fuzzer's raw-rows input.
package enum HandMadePNG {
    /// 8-bit RGBA, row `y` filtered with `filters[y % filters.count]`.
    package static func rgba(width: Int, height: Int, pixels: [UInt8], filters: [UInt8]) -> [UInt8] {
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
    package static func file(width: Int, height: Int, colorType: UInt8, rows: [[UInt8]]) -> [UInt8] {
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
