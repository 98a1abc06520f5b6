import RefreshFramesCore
import RefreshFramesRaster

/// An APNG file's bytes: the signature, `IHDR` (8-bit RGBA), `acTL`, each frame's `fcTL` and its
/// data (the first frame's as `IDAT`, the default image, later ones as `fdAT`), `IEND`.
struct APNGWriter {
    let width: Int
    let height: Int
    private var output: [UInt8] = []
    private var sequence: UInt32 = 0

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    mutating func bytes(_ frames: [EncodedFrame], loopCount: Int) -> [UInt8] {
        output = Self.signature
        // Width, height, bit depth 8, colour type 6 (RGBA), deflate, adaptive filters, not interlaced.
        chunk("IHDR", be32(width) + be32(height) + [8, 6, 0, 0, 0])
        chunk("acTL", be32(frames.count) + be32(loopCount))
        for (k, frame) in frames.enumerated() {
            // dispose_op 0 (NONE); delays in centiseconds.
            var control = be32(Int(nextSequence())) + be32(frame.rect.width) + be32(frame.rect.height)
            control += be32(frame.rect.x) + be32(frame.rect.y)
            control += be16(frame.delay) + be16(100) + [0, frame.blend]
            chunk("fcTL", control)
            if k == 0 {
                chunk("IDAT", frame.data)
            } else {
                chunk("fdAT", be32(Int(nextSequence())) + frame.data)
            }
        }
        chunk("IEND", [])
        return output
    }

    private mutating func nextSequence() -> UInt32 {
        defer { sequence += 1 }
        return sequence
    }

    private mutating func chunk(_ type: String, _ data: [UInt8]) {
        let typeBytes = Array(type.utf8)
        output += be32(data.count)
        output += typeBytes
        output += data
        output += be32(Int(crc32(data, continuing: crc32(typeBytes))))
    }

    private func be32(_ v: Int) -> [UInt8] {
        [
            UInt8(truncatingIfNeeded: v >> 24), UInt8(truncatingIfNeeded: v >> 16), UInt8(truncatingIfNeeded: v >> 8),
            UInt8(truncatingIfNeeded: v),
        ]
    }

    private func be16(_ v: Int) -> [UInt8] { [UInt8(truncatingIfNeeded: v >> 8), UInt8(truncatingIfNeeded: v)] }
}
