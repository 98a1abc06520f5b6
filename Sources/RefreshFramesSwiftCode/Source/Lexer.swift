/// Splits Swift source into tokens: enough of Swift's lexical grammar to find statements, brackets,
/// names and operators, and to locate what swiftc's parse dump leaves unlocated. It never fails: what
/// it cannot read becomes an `.unknown` token, and swiftc reports the real error.
package struct Lexer {
    private let bytes: [UInt8]
    private var i = 0
    private var tokens: [Token] = []
    private var lineBreakSeen = true
    private var spaceSeen = true
    /// Spaces other than U+0020 found between tokens (no-break and ideographic spaces from web pages).
    private var oddSpaces: [Range<Int>] = []

    package struct Result: Sendable {
        package var tokens: [Token]
        /// Byte ranges of no-break (U+00A0) and ideographic (U+3000) spaces outside strings and comments.
        package var oddSpaces: [Range<Int>]
    }

    package static func tokenize(_ bytes: [UInt8]) -> Result {
        var lexer = Lexer(bytes: bytes)
        lexer.run(depth: 0, untilCloseParen: false)
        return Result(tokens: lexer.tokens, oddSpaces: lexer.oddSpaces)
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    private func byte(_ k: Int) -> UInt8 { k < bytes.count ? bytes[k] : 0 }

    /// Lexes tokens; inside an interpolation, stops after the `)` that closes it.
    private mutating func run(depth: Int, untilCloseParen: Bool) {
        var parens = 0
        while i < bytes.count {
            if skipTrivia() { continue }
            let start = i
            let b = bytes[i]
            if untilCloseParen {
                if b == UInt8(ascii: "(") { parens += 1 }
                if b == UInt8(ascii: ")") {
                    if parens == 0 {
                        i += 1
                        return
                    }
                    parens -= 1
                }
            }
            if isIdentifierStart(at: i) {
                lexIdentifier()
                add(.identifier, start, depth: depth)
            } else if b == UInt8(ascii: "`") {
                i += 1
                let nameStart = i
                while i < bytes.count, bytes[i] != UInt8(ascii: "`"), bytes[i] != UInt8(ascii: "\n") { i += 1 }
                let name = String(decoding: bytes[nameStart..<i], as: UTF8.self)
                if byte(i) == UInt8(ascii: "`") { i += 1 }
                add(.identifier, start, text: name, depth: depth)
            } else if isDigit(b) {
                lexNumber()
                add(.number, start, depth: depth)
            } else if b == UInt8(ascii: "\"") || (b == UInt8(ascii: "#") && startsRawString()) {
                lexString(depth: depth)
            } else if b == UInt8(ascii: "#"), isIdentifierStart(at: i + 1) {
                i += 1
                lexIdentifier()
                add(.punctuation, start, depth: depth)
            } else if isOperatorCharacter(b) || (b == UInt8(ascii: ".") && isDotOperatorStart()) {
                lexOperator()
                add(.operator, start, depth: depth)
            } else if "()[]{},:;.@\\#".utf8.contains(b) {
                i += 1
                add(.punctuation, start, depth: depth)
            } else {
                i += 1
                while i < bytes.count, bytes[i] & 0xC0 == 0x80 { i += 1 }
                add(.unknown, start, depth: depth)
            }
        }
    }

    private mutating func add(_ kind: Token.Kind, _ start: Int, text: String? = nil, depth: Int) {
        tokens.append(
            Token(
                kind: kind, text: text ?? String(decoding: bytes[start..<i], as: UTF8.self), start: start, end: i,
                startsLine: lineBreakSeen, spaceBefore: spaceSeen, interpolationDepth: depth))
        lineBreakSeen = false
        spaceSeen = false
    }

    /// Skips one run of whitespace or one comment; returns whether it did.
    private mutating func skipTrivia() -> Bool {
        let b = bytes[i]
        switch b {
        case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), 0x0B, 0x0C, 0:
            i += 1
        case UInt8(ascii: "\n"):
            i += 1
            lineBreakSeen = true
        case 0xC2 where byte(i + 1) == 0xA0:
            oddSpaces.append(i..<i + 2)
            i += 2
        case 0xE3 where byte(i + 1) == 0x80 && byte(i + 2) == 0x80:
            oddSpaces.append(i..<i + 3)
            i += 3
        case UInt8(ascii: "/") where byte(i + 1) == UInt8(ascii: "/"):
            while i < bytes.count, bytes[i] != UInt8(ascii: "\n") { i += 1 }
        case UInt8(ascii: "/") where byte(i + 1) == UInt8(ascii: "*"):
            var level = 0
            while i < bytes.count {
                if bytes[i] == UInt8(ascii: "/"), byte(i + 1) == UInt8(ascii: "*") {
                    level += 1
                    i += 2
                } else if bytes[i] == UInt8(ascii: "*"), byte(i + 1) == UInt8(ascii: "/") {
                    level -= 1
                    i += 2
                    if level == 0 { break }
                } else {
                    if bytes[i] == UInt8(ascii: "\n") { lineBreakSeen = true }
                    i += 1
                }
            }
        default:
            return false
        }
        spaceSeen = true
        return true
    }

    private func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }

    private func isIdentifierStart(at k: Int) -> Bool {
        let b = byte(k)
        return (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z")) || (b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z"))
            || b == UInt8(ascii: "_") || b == UInt8(ascii: "$") || (b >= 0x80 && !isOddSpace(at: k))
    }

    private func isOddSpace(at k: Int) -> Bool {
        (byte(k) == 0xC2 && byte(k + 1) == 0xA0) || (byte(k) == 0xE3 && byte(k + 1) == 0x80 && byte(k + 2) == 0x80)
    }

    private mutating func lexIdentifier() {
        while i < bytes.count {
            if isIdentifierStart(at: i) || isDigit(bytes[i]) { i += 1 } else { break }
        }
    }

    private mutating func lexNumber() {
        let hex = bytes[i] == UInt8(ascii: "0") && (byte(i + 1) == UInt8(ascii: "x"))
        if hex
            || (bytes[i] == UInt8(ascii: "0") && (byte(i + 1) == UInt8(ascii: "b") || byte(i + 1) == UInt8(ascii: "o")))
        {
            i += 2
        }
        func isBody(_ b: UInt8) -> Bool {
            isDigit(b) || b == UInt8(ascii: "_")
                || (hex
                    && ((b >= UInt8(ascii: "a") && b <= UInt8(ascii: "f"))
                        || (b >= UInt8(ascii: "A") && b <= UInt8(ascii: "F"))))
        }
        while i < bytes.count, isBody(bytes[i]) { i += 1 }
        if byte(i) == UInt8(ascii: "."), isDigit(byte(i + 1)) || (hex && isBody(byte(i + 1))) {
            i += 1
            while i < bytes.count, isBody(bytes[i]) { i += 1 }
        }
        let e = byte(i)
        if (!hex && (e == UInt8(ascii: "e") || e == UInt8(ascii: "E")))
            || (hex && (e == UInt8(ascii: "p") || e == UInt8(ascii: "P")))
        {
            var k = i + 1
            if byte(k) == UInt8(ascii: "+") || byte(k) == UInt8(ascii: "-") { k += 1 }
            if isDigit(byte(k)) {
                i = k
                while i < bytes.count, isDigit(bytes[i]) || bytes[i] == UInt8(ascii: "_") { i += 1 }
            }
        }
    }

    private func isOperatorCharacter(_ b: UInt8) -> Bool { "/=-+!*%<>&|^~?".utf8.contains(b) }

    /// A `.` that starts an operator: `..<`, `...`.
    private func isDotOperatorStart() -> Bool { byte(i + 1) == UInt8(ascii: ".") }

    private mutating func lexOperator() {
        let dotted = bytes[i] == UInt8(ascii: ".")
        i += 1
        while i < bytes.count {
            let b = bytes[i]
            // A comment after an operator ends it.
            if b == UInt8(ascii: "/"), byte(i + 1) == UInt8(ascii: "/") || byte(i + 1) == UInt8(ascii: "*") { break }
            if isOperatorCharacter(b) || (dotted && b == UInt8(ascii: ".")) { i += 1 } else { break }
        }
    }

    private func startsRawString() -> Bool {
        var k = i
        while byte(k) == UInt8(ascii: "#") { k += 1 }
        return byte(k) == UInt8(ascii: "\"")
    }

    /// A string literal with its interpolations' tokens after it; `"…"`, `"""…"""`, `#"…"#`.
    private mutating func lexString(depth: Int) {
        let start = i
        var pounds = 0
        while byte(i) == UInt8(ascii: "#") {
            pounds += 1
            i += 1
        }
        let multiline = byte(i + 1) == UInt8(ascii: "\"") && byte(i + 2) == UInt8(ascii: "\"")
        i += multiline ? 3 : 1
        let index = tokens.count
        add(.string, start, depth: depth)
        var inner: [Token] = []
        func closes(_ k: Int) -> Bool {
            let quotes = multiline ? 3 : 1
            for q in 0..<quotes where byte(k + q) != UInt8(ascii: "\"") { return false }
            for p in 0..<pounds where byte(k + quotes + p) != UInt8(ascii: "#") { return false }
            return true
        }
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: "\n") && !multiline { break }
            if b == UInt8(ascii: "\"") && closes(i) {
                i += (multiline ? 3 : 1) + pounds
                break
            }
            if b == UInt8(ascii: "\\") {
                var k = i + 1
                var matched = 0
                while matched < pounds, byte(k) == UInt8(ascii: "#") {
                    matched += 1
                    k += 1
                }
                if matched == pounds, byte(k) == UInt8(ascii: "(") {
                    // An interpolation: its tokens are code, lexed into a list of their own.
                    i = k + 1
                    let outer = tokens
                    tokens = []
                    run(depth: depth + 1, untilCloseParen: true)
                    inner += tokens
                    tokens = outer
                    continue
                }
                i = matched == pounds ? k + 1 : i + 1
                continue
            }
            i += 1
        }
        tokens[index].end = i
        tokens[index].text = String(decoding: bytes[start..<i], as: UTF8.self)
        tokens += inner
        lineBreakSeen = false
        spaceSeen = false
    }
}
