import CGD
import RefreshFramesCore

/// An app's image file (PNG or JPEG) decoded to an 8-bit RGBA `Bitmap`, not premultiplied. Its size
/// is read from its header and checked against `maxPixels` before anything is allocated. PNGs go
/// through libpng's simplified API, which keeps alpha in 8 bits for every colour type, depth and
/// interlacing (libgd keeps 7); JPEGs through libgd (opaque; the EXIF orientation is not applied).
package enum ImageFile {
    package enum Format: String, Sendable {
        case png = "PNG"
        case jpeg = "JPEG"
    }

    /// Why an image file cannot be used; each message is one clause for a located diagnostic.
    package enum Problem: Error, Equatable, Sendable, CustomStringConvertible {
        case notAnImage
        case tooLarge(width: Int, height: Int, limit: Int)
        case damaged(Format, reason: String)

        package var description: String {
            switch self {
            case .notAnImage: "is not a PNG or JPEG file"
            case .tooLarge(let width, let height, let limit):
                "is \(width) × \(height) pixels, over the limit imagePixels = \(limit == 4096 * 4096 ? "4096 × 4096" : "\(limit)")"
            case .damaged(let format, let reason):
                "is not a readable \(format.rawValue) file" + (reason.isEmpty ? "" : " (\(reason))")
            }
        }
    }

    /// The format its first bytes say, whatever its name.
    package static func format(of bytes: [UInt8]) -> Format? {
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        return nil
    }

    /// Its width and height in pixels, from its header alone.
    package static func size(of bytes: [UInt8]) throws(Problem) -> (width: Int, height: Int) {
        switch format(of: bytes) {
        case nil: throw .notAnImage
        case .png?:
            var width: UInt32 = 0
            var height: UInt32 = 0
            var message = [CChar](repeating: 0, count: 256)
            let status = bytes.withUnsafeBufferPointer { b in
                cgd_png_size(b.baseAddress, b.count, &width, &height, &message, message.count)
            }
            guard status == 0 else { throw .damaged(.png, reason: cMessage(message)) }
            return (Int(width), Int(height))
        case .jpeg?:
            guard let size = jpegSize(bytes) else { throw .damaged(.jpeg, reason: "no frame header") }
            return size
        }
    }

    /// The file's pixels; a file over `maxPixels` is refused from its header.
    package static func decode(_ bytes: [UInt8], maxPixels: Int = Limits.imagePixels) throws(Problem) -> Bitmap {
        let (width, height) = try size(of: bytes)
        guard width > 0, height > 0 else { throw .damaged(format(of: bytes)!, reason: "it has no pixels") }
        guard width <= maxPixels / height else { throw .tooLarge(width: width, height: height, limit: maxPixels) }
        switch format(of: bytes)! {
        case .png:
            var pixels = [UInt8](repeating: 0, count: width * height * 4)
            var message = [CChar](repeating: 0, count: 256)
            let status = bytes.withUnsafeBufferPointer { b in
                pixels.withUnsafeMutableBufferPointer { out in
                    cgd_png_decode(
                        b.baseAddress, b.count, out.baseAddress, UInt32(width), UInt32(height), &message, message.count)
                }
            }
            guard status == 0 else { throw .damaged(.png, reason: cMessage(message)) }
            return Bitmap(width: width, height: height, pixels: pixels)
        case .jpeg:
            GDRuntime.prepare()
            cgd_clear_last_message()
            let pointer = bytes.withUnsafeBytes { raw in
                gdImageCreateFromJpegPtr(Int32(raw.count), UnsafeMutableRawPointer(mutating: raw.baseAddress))
            }
            guard let pointer else { throw .damaged(.jpeg, reason: GDRuntime.lastMessage) }
            let image = GDImage(adopting: pointer)
            guard image.width == width, image.height == height else {
                throw .damaged(.jpeg, reason: "its frame header and its data disagree on the size")
            }
            var pixels = [UInt8](repeating: 255, count: width * height * 4)
            for y in 0..<height {
                guard let row = image.row(y) else { throw .damaged(.jpeg, reason: "libgd could not read its rows") }
                var i = y * width * 4
                for x in 0..<width {
                    let p = UInt32(bitPattern: row[x])
                    pixels[i] = UInt8(truncatingIfNeeded: p >> 16)
                    pixels[i + 1] = UInt8(truncatingIfNeeded: p >> 8)
                    pixels[i + 2] = UInt8(truncatingIfNeeded: p)
                    i += 4
                }
            }
            return Bitmap(width: width, height: height, pixels: pixels)
        }
    }

    /// A JPEG's size from its first start-of-frame marker (SOF0…SOF15, not DHT, JPG or DAC).
    static func jpegSize(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        var i = 2
        while i + 4 <= bytes.count {
            guard bytes[i] == 0xFF else { return nil }
            let marker = bytes[i + 1]
            if marker == 0xFF {  // fill byte
                i += 1
                continue
            }
            if marker == 0xD8 || marker == 0x01 || (0xD0...0xD7).contains(marker) {  // no length
                i += 2
                continue
            }
            let length = Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
            guard length >= 2 else { return nil }
            if (0xC0...0xCF).contains(marker), marker != 0xC4, marker != 0xC8, marker != 0xCC {
                guard i + 9 <= bytes.count else { return nil }
                let height = Int(bytes[i + 5]) << 8 | Int(bytes[i + 6])
                let width = Int(bytes[i + 7]) << 8 | Int(bytes[i + 8])
                return (width, height)
            }
            if marker == 0xDA || marker == 0xD9 { return nil }  // scan data or the end before any frame
            i += 2 + length
        }
        return nil
    }
}

/// The text libgd's shim wrote into a NUL-terminated buffer.
private func cMessage(_ buffer: [CChar]) -> String {
    String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}
