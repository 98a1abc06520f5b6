/// A JSON string literal with the mandatory escapes (quote, backslash, control characters) and
/// `\u` escapes for what `TerminalText` would escape (DEL, the C1 controls, the bidirectional
/// overrides), so that JSON printed on a terminal is neither rewritten nor able to drive it;
/// everything else, CJK and emoji included, stays as UTF-8. Every JSON writer here uses it.
package func jsonQuoted(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        case _ where scalar.value < 0x20 || TerminalText.needsEscape(scalar):
            let hex = String(scalar.value, radix: 16)
            out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        default:
            out.unicodeScalars.append(scalar)
        }
    }
    return out + "\""
}
