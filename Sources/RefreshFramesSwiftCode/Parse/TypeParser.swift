/// Reads a type from tokens: swiftc's parse dump leaves out most written types (a parameter's, an
/// annotation's, a cast's), so the decoder reads them from the source where the dump's locations point.
struct TypeParser {
    /// One character of an operator token, or a whole other token: `Int?>` is `Int`, `?`, `>`.
    private struct Piece {
        var text: String
        var token: Int
        /// The last piece of its token.
        var closesToken: Bool
    }

    private var pieces: [Piece] = []
    private var p = 0

    /// Parses a type starting at token `start`; returns it and the index of the first token after it.
    static func parse(_ tokens: [Token], from start: Int) -> (type: TypeName, next: Int)? {
        var parser = TypeParser()
        var k = start
        var depth = 0
        // Enough tokens for one type: up to the first that cannot continue it at the outer level.
        while k < tokens.count, parser.pieces.count < 4096 {
            let t = tokens[k]
            if t.kind == .operator && t.text != "->" && t.text != "..." {
                let characters = Array(t.text)
                for (c, character) in characters.enumerated() {
                    parser.pieces.append(
                        Piece(text: String(character), token: k, closesToken: c == characters.count - 1))
                }
            } else {
                parser.pieces.append(Piece(text: t.kind == .string ? "\"" : t.text, token: k, closesToken: true))
            }
            if ["(", "["].contains(t.text) { depth += 1 }
            if [")", "]"].contains(t.text) { depth -= 1 }
            if depth < 0 || (depth == 0 && ["{", "=", ";", "in"].contains(t.text)) { break }
            k += 1
        }
        guard let type = parser.parseType() else { return nil }
        let next = parser.p < parser.pieces.count ? parser.pieces[parser.p].token : k
        let consumedWhole = parser.p == 0 || parser.pieces[parser.p - 1].closesToken
        return (type, consumedWhole ? next : parser.pieces[parser.p - 1].token + 1)
    }

    private var peek: String? { p < pieces.count ? pieces[p].text : nil }

    private mutating func take(_ text: String) -> Bool {
        guard peek == text else { return false }
        p += 1
        return true
    }

    private static let modifiers: Set<String> = [
        "inout", "__owned", "__shared", "borrowing", "consuming", "some", "any", "sending",
    ]

    private mutating func parseType() -> TypeName? {
        while take("@") { p += 1 }
        while let word = peek, TypeParser.modifiers.contains(word) { p += 1 }
        guard var type = parsePrimary() else { return nil }
        type = parsePostfix(type)
        let save = p
        _ = take("async")
        _ = take("throws") || take("rethrows")
        if take("->") {
            guard let result = parseType() else { return nil }
            let parameters: [TypeName] = if case .tuple(let elements) = type { elements } else { [type] }
            return .function(parameters, result)
        }
        p = save
        return type
    }

    private mutating func parsePostfix(_ base: TypeName) -> TypeName {
        var type = base
        while true {
            if take("?") {
                type = .optional(type, implicitlyUnwrapped: false)
            } else if take("!") {
                type = .optional(type, implicitlyUnwrapped: true)
            } else if peek == ".", p + 1 < pieces.count, ["Type", "Protocol"].contains(pieces[p + 1].text) {
                p += 2
                type = .named(type.description + ".Type")
            } else if take("...") {
                type = .array(type)
            } else {
                return type
            }
        }
    }

    private mutating func parsePrimary() -> TypeName? {
        if take("(") {
            var elements: [TypeName] = []
            while !take(")") {
                // `name: T` or `_ name: T` in a tuple or function type: the names do not matter here.
                if p + 1 < pieces.count, pieces[p + 1].text == ":" {
                    p += 2
                } else if p + 2 < pieces.count, pieces[p + 2].text == ":" {
                    p += 3
                }
                guard let element = parseType() else { return nil }
                elements.append(element)
                if !take(",") {
                    guard take(")") else { return nil }
                    break
                }
            }
            return elements.count == 1 && peek != "->" && peek != "throws" ? elements[0] : .tuple(elements)
        }
        if take("[") {
            guard let element = parseType() else { return nil }
            if take(":") {
                guard let value = parseType(), take("]") else { return nil }
                return .dictionary(element, value)
            }
            guard take("]") else { return nil }
            return .array(element)
        }
        guard let first = peek, first.first.map({ $0.isLetter || $0 == "_" }) == true else { return nil }
        p += 1
        var name = first
        var arguments = parseGenericArguments()
        while peek == ".", p + 1 < pieces.count, let next = pieces[p + 1].text.first, next.isLetter || next == "_",
            !["Type", "Protocol"].contains(pieces[p + 1].text)
        {
            name += "." + pieces[p + 1].text
            p += 2
            arguments = parseGenericArguments()
        }
        return TypeName.normalized(name, arguments)
    }

    private mutating func parseGenericArguments() -> [TypeName] {
        let save = p
        guard take("<") else { return [] }
        var arguments: [TypeName] = []
        while true {
            guard let argument = parseType() else {
                p = save
                return []
            }
            arguments.append(argument)
            if take(">") { return arguments }
            guard take(",") else {
                p = save
                return []
            }
        }
    }
}
