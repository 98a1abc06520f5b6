/// tmux's passthrough (tmux 3.3 and later, with `allow-passthrough` on): a graphics command wrapped
/// as `ESC P tmux ; … ESC \` with every ESC in it doubled reaches the terminal tmux runs in, which
/// tmux itself would drop. tmux writes it to that terminal at once, wherever its cursor is there,
/// so each wrapped command starts with a cursor move of its own to the pane's cell in the outer
/// terminal (the pane's offset plus the cell the stream last moved to), and tmux forgets where its
/// cursor is afterwards. What is not a graphics command (the cursor moves and clears of the pane)
/// goes to tmux as it is.
package struct TmuxPassthrough: Sendable, Equatable {
    /// The outer terminal's row and column (from 0) of the pane's top-left cell.
    package var top: Int
    package var left: Int

    package init(top: Int, left: Int) {
        self.top = top
        self.left = left
    }

    /// `bytes` with each APC (kitty's `ESC _ G … ESC \`) and OSC (iTerm2's `ESC ] 1337 ; … BEL`)
    /// wrapped for tmux; `CSI row ; column H` and `CSI H` are followed to place them.
    package func wrap(_ bytes: [UInt8]) -> [UInt8] {
        let esc: UInt8 = 0x1B
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + bytes.count / 64 + 64)
        var row = 1
        var column = 1
        var i = 0
        while i < bytes.count {
            guard bytes[i] == esc, i + 1 < bytes.count else {
                out.append(bytes[i])
                i += 1
                continue
            }
            switch bytes[i + 1] {
            case UInt8(ascii: "["):
                // A CSI: its parameters, then its final byte (0x40–0x7E).
                var end = i + 2
                while end < bytes.count, !(0x40...0x7E).contains(bytes[end]) { end += 1 }
                guard end < bytes.count else {
                    out += bytes[i...]
                    return out
                }
                if bytes[end] == UInt8(ascii: "H") {
                    let numbers = String(decoding: bytes[(i + 2)..<end], as: UTF8.self).split(
                        separator: ";", omittingEmptySubsequences: false
                    ).map { Int($0) ?? 1 }
                    row = max(1, numbers.first ?? 1)
                    column = max(1, numbers.count > 1 ? numbers[1] : 1)
                }
                out += bytes[i...end]
                i = end + 1
            case UInt8(ascii: "_"), UInt8(ascii: "]"):
                // An APC or OSC: up to ST (ESC \) or, for an OSC, BEL.
                var end = i + 2
                var length = 0
                while end < bytes.count {
                    if bytes[end] == 0x07 && bytes[i + 1] == UInt8(ascii: "]") {
                        length = 1
                        break
                    }
                    if bytes[end] == esc, end + 1 < bytes.count, bytes[end + 1] == UInt8(ascii: "\\") {
                        length = 2
                        break
                    }
                    end += 1
                }
                let sequence = bytes[i..<min(bytes.count, end + length)]
                out += Array("\u{1B}Ptmux;\u{1B}\u{1B}[\(top + row);\(left + column)H".utf8)
                for byte in sequence {
                    if byte == esc { out.append(esc) }
                    out.append(byte)
                }
                out += [esc, UInt8(ascii: "\\")]
                i = min(bytes.count, end + length)
            default:
                out += bytes[i...(i + 1)]
                i += 2
            }
        }
        return out
    }
}
