/// GIF's variable-length-code LZW: codes grow from `minimumCodeSize + 1` to 12 bits. When all 4096
/// codes are used, either a clear code restarts the table, or (a "deferred clear") the full table
/// goes on being used unchanged to the end of the image, which wins when the image repeats itself.
struct LZWEncoder {
    private static let maximumCode = 4095
    private static let tableSize = 1 << 13

    /// Hash of (prefix code << 8 | next byte) → code; key −1 is empty.
    private var keys = [Int32](repeating: -1, count: tableSize)
    private var codes = [UInt16](repeating: 0, count: tableSize)
    private var packed: [UInt8] = []

    /// What `encode` did.
    struct Outcome {
        /// Whether the table filled up (so the other `clearsWhenFull` would differ).
        var filled: Bool
        /// Whether it stopped because the data would be longer than the limit (nothing was appended).
        var overLimit: Bool
    }

    /// Appends the image data of `indices` to `out`: the LZW minimum code size byte, the data
    /// sub-blocks (≤ 255 bytes each) and the block terminator.
    /// - Parameter clearsWhenFull: false keeps a full table instead of clearing it.
    /// - Parameter limit: the most bytes worth appending: beyond it, encoding stops and appends
    ///   nothing (another encoding of the same picture is already as short).
    @discardableResult
    mutating func encode(
        _ indices: UnsafeBufferPointer<UInt8>, minimumCodeSize: Int, clearsWhenFull: Bool = true, limit: Int = .max,
        into out: inout [UInt8]
    ) -> Outcome {
        var filled = false
        var overLimit = false
        // The appended size is 2 + p + ⌈p / 255⌉ for p packed bytes, and p only grows: past this
        // many packed bytes the result is longer than `limit`.
        let packedLimit = limit == .max ? Int.max : max(-1, (limit - 2) * 255 / 256)
        let clearCode = 1 << minimumCodeSize
        let endCode = clearCode + 1
        var codeSize = minimumCodeSize + 1
        var nextCode = endCode + 1
        var bits: UInt64 = 0
        var bitCount = 0
        let mask = Self.tableSize - 1
        // Room for every code at 12 bits: one per index at most, plus the clear codes (one per
        // 4000-odd codes), the first and the last.
        let capacity = (indices.count + indices.count / 1024 + 8) * 2
        if packed.count < capacity { packed = [UInt8](repeating: 0, count: capacity) }
        var count = 0

        packed.withUnsafeMutableBufferPointer { packed in
            let bytes = packed.baseAddress!
            func write(_ code: Int, _ size: Int) {
                bits |= UInt64(code) << UInt64(bitCount)
                bitCount += size
                while bitCount >= 8 {
                    bytes[count] = UInt8(truncatingIfNeeded: bits)
                    count += 1
                    bits >>= 8
                    bitCount -= 8
                }
            }
            keys.withUnsafeMutableBufferPointer { keys in
                codes.withUnsafeMutableBufferPointer { codes in
                    write(clearCode, codeSize)
                    guard !indices.isEmpty else { return }
                    var prefix = Int(indices[0])
                    var i = 1
                    while i < indices.count {
                        let byte = Int(indices[i])
                        i += 1
                        let key = Int32(prefix << 8 | byte)
                        var slot = (Int(key) &* 0x9E37_79B1) >> 11 & mask
                        var found = -1
                        while keys[slot] != -1 {
                            if keys[slot] == key {
                                found = Int(codes[slot])
                                break
                            }
                            slot = (slot + 1) & mask
                        }
                        if found >= 0 {
                            prefix = found
                            continue
                        }
                        write(prefix, codeSize)
                        if count > packedLimit {
                            overLimit = true
                            break
                        }
                        prefix = byte
                        if nextCode > Self.maximumCode { continue }  // full, and kept
                        keys[slot] = key
                        codes[slot] = UInt16(nextCode)
                        nextCode += 1
                        if nextCode > Self.maximumCode {
                            filled = true
                            guard clearsWhenFull else { continue }
                            write(clearCode, codeSize)
                            keys.update(repeating: -1)
                            codeSize = minimumCodeSize + 1
                            nextCode = endCode + 1
                        } else if nextCode > 1 << codeSize {
                            codeSize += 1
                        }
                    }
                    keys.update(repeating: -1)
                    guard !overLimit else { return }
                    write(prefix, codeSize)
                    // The decoder adds its entry for this last code before it reads the end code.
                    if nextCode == 1 << codeSize && codeSize < 12 { codeSize += 1 }
                }
            }
            guard !overLimit else { return }
            write(endCode, codeSize)
            if bitCount > 0 {
                bytes[count] = UInt8(truncatingIfNeeded: bits)
                count += 1
            }
        }
        guard !overLimit else { return Outcome(filled: filled, overLimit: true) }
        let appended = 2 + count + (count + 254) / 255
        guard appended <= limit else { return Outcome(filled: filled, overLimit: true) }

        out.append(UInt8(minimumCodeSize))
        var start = 0
        while start < count {
            let length = min(255, count - start)
            out.append(UInt8(length))
            out.append(contentsOf: packed[start..<(start + length)])
            start += length
        }
        out.append(0)
        return Outcome(filled: filled, overLimit: false)
    }
}
