/// Text from a spec, a xib or a file name made safe to print on a terminal: the one escaper that
/// every message, status line and line of text output goes through.
package enum TerminalText {
    /// `text` with every control character except newline and tab written as an escape (`\u{1B}`
    /// for ESC, `\r`, `\u{9B}` for the C1 CSI), so a string cannot set a window title, clear the
    /// screen or rewrite a line when it is printed. `oneLine`: newlines are escaped too (`\n`), for
    /// what must stay on one line (an error message, the preview's status line).
    package static func escaped(_ text: String, oneLine: Bool = false) -> String {
        guard text.unicodeScalars.contains(where: { needsEscape($0) || oneLine && $0 == "\n" }) else { return text }
        var out = ""
        out.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            if scalar == "\n" && oneLine {
                out += "\\n"
            } else if !needsEscape(scalar) {
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
    /// reorder what a terminal shows. JSON output escapes the same characters (`jsonQuoted`), so
    /// JSON printed on a terminal needs no escape of this kind and stays valid JSON.
    package static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A, 0x09: false
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}
