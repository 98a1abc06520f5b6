/// The one check of UTF-8 that the spec and xib readers share.
package enum UTF8Validation {
    /// The offset of the first byte that does not start or continue a well-formed UTF-8 sequence:
    /// stray continuation bytes, truncated sequences, overlong forms, UTF-16 surrogates (`ED A0 80`)
    /// and code points above U+10FFFF are all refused, as the Unicode standard's table 3-7 says.
    package static func firstInvalid(_ bytes: [UInt8]) -> Int? {
        var i = 0
        while i < bytes.count {
            let lead = bytes[i]
            if lead < 0x80 {
                i += 1
                continue
            }
            let length: Int
            switch lead {
            case 0xC2...0xDF: length = 1
            case 0xE0...0xEF: length = 2
            case 0xF0...0xF4: length = 3
            default: return i
            }
            guard i + length < bytes.count else { return i }
            for k in 1...length where bytes[i + k] & 0xC0 != 0x80 { return i }
            let second = bytes[i + 1]
            // Overlong forms, UTF-16 surrogates and code points above U+10FFFF.
            if (lead == 0xE0 && second < 0xA0) || (lead == 0xED && second > 0x9F) || (lead == 0xF0 && second < 0x90)
                || (lead == 0xF4 && second > 0x8F)
            {
                return i
            }
            i += length + 1
        }
        return nil
    }
}
