/// Standard base64 (RFC 4648, with `=` padding), the payload encoding of the kitty and iTerm2
/// graphics protocols.
enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    static func encode(_ bytes: [UInt8]) -> [UInt8] {
        var out = [UInt8]()
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        alphabet.withUnsafeBufferPointer { table in
            var i = 0
            while i + 3 <= bytes.count {
                let v = UInt32(bytes[i]) << 16 | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i + 2])
                out.append(table[Int(v >> 18)])
                out.append(table[Int(v >> 12 & 63)])
                out.append(table[Int(v >> 6 & 63)])
                out.append(table[Int(v & 63)])
                i += 3
            }
            let rest = bytes.count - i
            if rest > 0 {
                let v = UInt32(bytes[i]) << 16 | (rest == 2 ? UInt32(bytes[i + 1]) << 8 : 0)
                out.append(table[Int(v >> 18)])
                out.append(table[Int(v >> 12 & 63)])
                out.append(rest == 2 ? table[Int(v >> 6 & 63)] : UInt8(ascii: "="))
                out.append(UInt8(ascii: "="))
            }
        }
        return out
    }
}
