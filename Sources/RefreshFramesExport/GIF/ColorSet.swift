/// A set of palette indices.
struct ColorSet {
    private var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

    @inline(__always)
    mutating func insert(_ index: UInt8) {
        let bit = UInt64(1) << UInt64(index & 63)
        switch index >> 6 {
        case 0: words.0 |= bit
        case 1: words.1 |= bit
        case 2: words.2 |= bit
        default: words.3 |= bit
        }
    }

    @inline(__always)
    func contains(_ index: UInt8) -> Bool {
        let bit = UInt64(1) << UInt64(index & 63)
        switch index >> 6 {
        case 0: return words.0 & bit != 0
        case 1: return words.1 & bit != 0
        case 2: return words.2 & bit != 0
        default: return words.3 & bit != 0
        }
    }

    var isEmpty: Bool { words == (0, 0, 0, 0) }

    /// The indices in the set, lowest first.
    var members: [UInt8] {
        var result: [UInt8] = []
        for (k, word) in [words.0, words.1, words.2, words.3].enumerated() {
            var w = word
            while w != 0 {
                result.append(UInt8(k * 64 + w.trailingZeroBitCount))
                w &= w - 1
            }
        }
        return result
    }

    var highest: UInt8? {
        let w = [words.0, words.1, words.2, words.3]
        for k in stride(from: 3, through: 0, by: -1) where w[k] != 0 {
            return UInt8(k * 64 + 63 - w[k].leadingZeroBitCount)
        }
        return nil
    }

    /// The lowest index not in the set (255 when all of 0…254 are).
    var lowestAbsent: UInt8 {
        let w = [words.0, words.1, words.2, words.3]
        for k in 0..<4 where w[k] != UInt64.max {
            return UInt8(min(255, k * 64 + (~w[k]).trailingZeroBitCount))
        }
        return 255
    }
}
