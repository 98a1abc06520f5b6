import CGD

/// zlib streams through libdeflate, whole buffers at a time (PNG and APNG image data). One per
/// thread: it owns libdeflate's compressor, freed with it.
package final class ZlibCompressor {
    private let compressor: OpaquePointer
    /// libdeflate's level, 1…12 (12 is the smallest output).
    package let level: Int

    package init(level: Int = 12) {
        self.level = level
        guard let compressor = libdeflate_alloc_compressor(Int32(level)) else {
            fatalError("libdeflate could not allocate a compressor")
        }
        self.compressor = compressor
    }

    deinit { libdeflate_free_compressor(compressor) }

    /// `bytes` as one zlib stream.
    package func compress(_ bytes: [UInt8]) -> [UInt8] {
        let bound = libdeflate_zlib_compress_bound(compressor, bytes.count)
        var out = [UInt8](repeating: 0, count: bound)
        let written = bytes.withUnsafeBytes { input in
            out.withUnsafeMutableBytes { output in
                libdeflate_zlib_compress(compressor, input.baseAddress, input.count, output.baseAddress, output.count)
            }
        }
        precondition(written > 0, "libdeflate's bound was too small")
        out.removeLast(out.count - written)
        return out
    }
}

/// PNG's chunk checksum (CRC-32 over the type and data).
package func crc32<C: Collection>(_ bytes: C, continuing crc: UInt32 = 0) -> UInt32 where C.Element == UInt8 {
    let value: UInt32? = bytes.withContiguousStorageIfAvailable { buffer in
        UInt32(libdeflate_crc32(crc, buffer.baseAddress, buffer.count))
    }
    if let value { return value }
    let copy = Array(bytes)
    return copy.withUnsafeBytes { UInt32(libdeflate_crc32(crc, $0.baseAddress, $0.count)) }
}
