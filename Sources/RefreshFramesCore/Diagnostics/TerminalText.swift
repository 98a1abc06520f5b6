/// Text from a spec, a xib or a file name made safe to print on a terminal.
public enum TerminalText {
    /// `text` with every control character except newline and tab written as an escape (`\u{1B}`
    /// for ESC, `\r`, `\u{9B}` for the C1 CSI), so a string cannot set a window title, clear the
    /// screen or rewrite a line when it is printed.
    public static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var out = ""
        out.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            if !needsEscape(scalar) {
                out.unicodeScalars.append(scalar)
            } else if scalar == "\r" {
                out += "\\r"
            } else {
                out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            }
        }
        return out
    }

    /// C0 controls but newline and tab, DEL, the C1 controls, and the bidirectional overrides that
    /// reorder what a terminal shows.
    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A, 0x09: false
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}
