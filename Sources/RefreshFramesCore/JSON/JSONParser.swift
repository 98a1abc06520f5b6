/// A syntax error in a JSON document, with its location.
package struct JSONSyntaxError: Error, Equatable, Sendable {
    package var location: SourceLocation
    package var message: String
}

/// A strict RFC 8259 parser that keeps source locations, rejects duplicate keys and limits nesting.
package struct JSONParser {
    package static let maximumDepth = Limits.jsonDepth

    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var lineStart = 0

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    package static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONNode {
        var parser = JSONParser(bytes: bytes)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            throw JSONSyntaxError(
                location: SourceLocation(line: 1, column: 1),
                message: "the file starts with a UTF-8 byte-order mark; save it as UTF-8 without BOM")
        }
        if let bad = UTF8Validation.firstInvalid(bytes) {
            parser.index = bad
            parser.recountLines(upTo: bad)
            throw parser.error("the file is not valid UTF-8 (byte 0x\(String(bytes[bad], radix: 16, uppercase: true)))")
        }
        parser.skipWhitespace()
        if parser.index == bytes.count {
            throw parser.error("the file is empty; expected a JSON object")
        }
        let node = try parser.parseValue(depth: 0)
        parser.skipWhitespace()
        if parser.index < bytes.count {
            throw parser.error("unexpected '\(parser.currentCharacterDescription)' after the end of the JSON value")
        }
        return node
    }

    // MARK: - Values

    private var location: SourceLocation {
        SourceLocation(line: line, column: column(of: index))
    }

    /// The last column counted, so that locations along one long line cost linear time in all
    /// (a 4 MiB spec on one line took minutes when every value counted from the line's start).
    private final class ColumnMemo {
        var lineStart = -1
        var offset = 0
        var column = 1
    }
    private let memo = ColumnMemo()

    private func column(of offset: Int) -> Int {
        // Columns count characters (not bytes), so CJK text in a line does not shift them.
        var count = 1
        var i = lineStart
        if memo.lineStart == lineStart && memo.offset <= offset {
            count = memo.column
            i = memo.offset
        }
        defer {
            memo.lineStart = lineStart
            memo.offset = max(lineStart, min(offset, bytes.count))
            memo.column = count
        }
        while i < offset && i < bytes.count {
            if bytes[i] & 0xC0 != 0x80 { count += 1 }
            i += 1
        }
        return count
    }

    private mutating func recountLines(upTo offset: Int) {
        line = 1
        lineStart = 0
        for i in 0..<min(offset, bytes.count) where bytes[i] == UInt8(ascii: "\n") {
            line += 1
            lineStart = i + 1
        }
    }

    private func error(_ message: String) -> JSONSyntaxError {
        JSONSyntaxError(location: location, message: message)
    }

    private var currentCharacterDescription: String {
        guard index < bytes.count else { return "end of file" }
        let b = bytes[index]
        if b < 0x20 { return "control character 0x\(String(b, radix: 16, uppercase: true))" }
        var end = index + 1
        while end < bytes.count && bytes[end] & 0xC0 == 0x80 { end += 1 }
        return String(decoding: bytes[index..<end], as: UTF8.self)
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                index += 1
            case UInt8(ascii: "\n"):
                index += 1
                line += 1
                lineStart = index
            default:
                return
            }
        }
    }

    private mutating func parseValue(depth: Int) throws(JSONSyntaxError) -> JSONNode {
        skipWhitespace()
        guard index < bytes.count else { throw error("unexpected end of file; expected a value") }
        let start = location
        switch bytes[index] {
        case UInt8(ascii: "{"):
            guard depth < Self.maximumDepth else {
                throw error("nesting deeper than the limit jsonDepth = \(Self.maximumDepth)")
            }
            return JSONNode(.object(try parseObject(depth: depth + 1)), at: start)
        case UInt8(ascii: "["):
            guard depth < Self.maximumDepth else {
                throw error("nesting deeper than the limit jsonDepth = \(Self.maximumDepth)")
            }
            return JSONNode(.array(try parseArray(depth: depth + 1)), at: start)
        case UInt8(ascii: "\""):
            return JSONNode(.string(try parseString()), at: start)
        case UInt8(ascii: "t"):
            try expectLiteral("true")
            return JSONNode(.bool(true), at: start)
        case UInt8(ascii: "f"):
            try expectLiteral("false")
            return JSONNode(.bool(false), at: start)
        case UInt8(ascii: "n"):
            try expectLiteral("null")
            return JSONNode(.null, at: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return JSONNode(.number(try parseNumber()), at: start)
        default:
            throw error("unexpected '\(currentCharacterDescription)'; expected a value")
        }
    }

    private mutating func expectLiteral(_ literal: String) throws(JSONSyntaxError) {
        let utf8 = Array(literal.utf8)
        guard bytes.count - index >= utf8.count, Array(bytes[index..<index + utf8.count]) == utf8 else {
            throw error("unexpected '\(currentCharacterDescription)'; expected a value")
        }
        index += utf8.count
    }

    private mutating func parseObject(depth: Int) throws(JSONSyntaxError) -> [JSONNode.Member] {
        index += 1
        var members: [JSONNode.Member] = []
        var seen: [String: SourceLocation] = [:]
        skipWhitespace()
        if index < bytes.count && bytes[index] == UInt8(ascii: "}") {
            index += 1
            return members
        }
        while true {
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of file; expected '}'") }
            guard bytes[index] == UInt8(ascii: "\"") else {
                throw error("unexpected '\(currentCharacterDescription)'; expected a quoted key")
            }
            let keyLocation = location
            let key = try parseString()
            if let first = seen[key] {
                throw JSONSyntaxError(
                    location: keyLocation, message: "duplicate key '\(key)' (first at \(first))")
            }
            seen[key] = keyLocation
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw error("unexpected '\(currentCharacterDescription)'; expected ':' after the key")
            }
            index += 1
            let value = try parseValue(depth: depth)
            members.append(JSONNode.Member(key: key, keyLocation: keyLocation, value: value))
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of file; expected ',' or '}'") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            if bytes[index] == UInt8(ascii: "}") {
                index += 1
                return members
            }
            throw error("unexpected '\(currentCharacterDescription)'; expected ',' or '}'")
        }
    }

    private mutating func parseArray(depth: Int) throws(JSONSyntaxError) -> [JSONNode] {
        index += 1
        var elements: [JSONNode] = []
        skipWhitespace()
        if index < bytes.count && bytes[index] == UInt8(ascii: "]") {
            index += 1
            return elements
        }
        while true {
            elements.append(try parseValue(depth: depth))
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of file; expected ',' or ']'") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            if bytes[index] == UInt8(ascii: "]") {
                index += 1
                return elements
            }
            throw error("unexpected '\(currentCharacterDescription)'; expected ',' or ']'")
        }
    }

    private mutating func parseString() throws(JSONSyntaxError) -> String {
        index += 1
        var runStart = index
        var out = ""
        func flush(_ parser: JSONParser, to end: Int) -> String {
            String(decoding: parser.bytes[runStart..<end], as: UTF8.self)
        }
        while true {
            guard index < bytes.count else { throw error("unterminated string") }
            let b = bytes[index]
            if b == UInt8(ascii: "\"") {
                out += flush(self, to: index)
                index += 1
                return out
            }
            if b < 0x20 {
                throw error("control character 0x\(String(b, radix: 16, uppercase: true)) inside a string; escape it")
            }
            if b == UInt8(ascii: "\\") {
                out += flush(self, to: index)
                index += 1
                guard index < bytes.count else { throw error("unterminated string") }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""): out += "\""
                case UInt8(ascii: "\\"): out += "\\"
                case UInt8(ascii: "/"): out += "/"
                case UInt8(ascii: "b"): out += "\u{08}"
                case UInt8(ascii: "f"): out += "\u{0C}"
                case UInt8(ascii: "n"): out += "\n"
                case UInt8(ascii: "r"): out += "\r"
                case UInt8(ascii: "t"): out += "\t"
                case UInt8(ascii: "u"):
                    var code = try parseHex4()
                    if (0xD800..<0xDC00).contains(code) {
                        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
                            bytes[index + 1] == UInt8(ascii: "u")
                        else { throw error("unpaired UTF-16 surrogate in \\u escape") }
                        index += 2
                        let low = try parseHex4()
                        guard (0xDC00..<0xE000).contains(low) else {
                            throw error("unpaired UTF-16 surrogate in \\u escape")
                        }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    } else if (0xDC00..<0xE000).contains(code) {
                        throw error("unpaired UTF-16 surrogate in \\u escape")
                    }
                    guard let scalar = Unicode.Scalar(code) else { throw error("invalid \\u escape") }
                    out.unicodeScalars.append(scalar)
                default:
                    index -= 1
                    throw error("invalid escape '\\\(currentCharacterDescription)' in a string")
                }
                runStart = index
                continue
            }
            index += 1
        }
    }

    private mutating func parseHex4() throws(JSONSyntaxError) -> UInt32 {
        guard bytes.count - index >= 4 else { throw error("expected four hex digits after \\u") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let b = bytes[index]
            let digit: UInt32
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(b - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(b - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(b - UInt8(ascii: "A") + 10)
            default: throw error("expected four hex digits after \\u")
            }
            value = value * 16 + digit
            index += 1
        }
        return value
    }

    private mutating func parseNumber() throws(JSONSyntaxError) -> Double {
        let start = index
        let startLocation = location
        func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count, isDigit(bytes[index]) else {
            throw error("invalid number; expected a digit")
        }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count && isDigit(bytes[index]) {
                throw error("invalid number; leading zeros are not allowed")
            }
        } else {
            while index < bytes.count && isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count && bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else {
                throw error("invalid number; expected a digit after '.'")
            }
            while index < bytes.count && isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count && (bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E")) {
            index += 1
            if index < bytes.count && (bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")) {
                index += 1
            }
            guard index < bytes.count, isDigit(bytes[index]) else {
                throw error("invalid number; expected a digit in the exponent")
            }
            while index < bytes.count && isDigit(bytes[index]) { index += 1 }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            throw JSONSyntaxError(location: startLocation, message: "number \(text) is out of range")
        }
        return value
    }
}
