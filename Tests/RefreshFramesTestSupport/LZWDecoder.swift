import RefreshFramesExport

/// Decodes GIF LZW image data into palette indices.
package enum LZWDecoder {
    /// - Parameter offset: where the data began in the file, for error messages.
    package static func decode(
        _ data: [UInt8], minimumCodeSize: Int, pixelCount: Int, frame: Int, offset: Int
    ) throws -> [UInt8] {
        guard (1...11).contains(minimumCodeSize) else { throw GIFError.invalidLZWCode(offset: offset) }
        let clearCode = 1 << minimumCodeSize
        let endCode = clearCode + 1
        var prefix = [UInt16](repeating: 0, count: 4096)
        var suffix = [UInt8](repeating: 0, count: 4096)
        var first = [UInt8](repeating: 0, count: 4096)
        var length = [Int](repeating: 0, count: 4096)
        for code in 0..<clearCode {
            suffix[code] = UInt8(truncatingIfNeeded: code)
            first[code] = UInt8(truncatingIfNeeded: code)
            length[code] = 1
        }

        var output = [UInt8](repeating: 0, count: pixelCount)
        var written = 0
        var codeSize = minimumCodeSize + 1
        var nextCode = endCode + 1
        var previous = -1
        var bits: UInt32 = 0
        var bitCount = 0
        var position = 0

        decoding: while written < pixelCount {
            while bitCount < codeSize {
                guard position < data.count else { break decoding }
                bits |= UInt32(data[position]) << UInt32(bitCount)
                position += 1
                bitCount += 8
            }
            let code = Int(bits & (1 << UInt32(codeSize) - 1))
            bits >>= UInt32(codeSize)
            bitCount -= codeSize

            if code == clearCode {
                codeSize = minimumCodeSize + 1
                nextCode = endCode + 1
                previous = -1
                continue
            }
            if code == endCode { break }
            if previous == -1 {
                guard code < clearCode else { throw GIFError.invalidLZWCode(offset: offset) }
                output[written] = UInt8(code)
                written += 1
                previous = code
                continue
            }
            guard code <= nextCode, code != nextCode || nextCode < 4096 else {
                throw GIFError.invalidLZWCode(offset: offset)
            }
            if nextCode < 4096 {
                let known = code < nextCode ? code : previous
                prefix[nextCode] = UInt16(previous)
                suffix[nextCode] = first[known]
                first[nextCode] = first[previous]
                length[nextCode] = length[previous] + 1
                nextCode += 1
                if nextCode == 1 << codeSize && codeSize < 12 { codeSize += 1 }
            }
            // Write the string for `code` back to front, clipped to the image.
            let start = written
            let end = start + length[code]
            var c = code
            var at = end - 1
            while at >= pixelCount {
                c = Int(prefix[c])
                at -= 1
            }
            while true {
                output[at] = suffix[c]
                if at == start { break }
                c = Int(prefix[c])
                at -= 1
            }
            written = min(end, pixelCount)
            previous = code
        }
        guard written == pixelCount else {
            throw GIFError.imageDataTooShort(frame: frame, expected: pixelCount, actual: written)
        }
        return output
    }
}
