/// Finds the Swift 2 constructs in a file's tokens and the edits that rewrite them (see `Migration`).
struct Rewriter {
    let source: SourceFile
    let tokens: [Token]
    let oddSpaces: [Range<Int>]
    /// For each bracket token, the index of its partner (`(`↔`)`, `[`↔`]`, `{`↔`}`).
    let partner: [Int: Int]
    var edits: [Migration.Edit] = []
    var notes: [(offset: Int, summary: String)] = []
    /// Tokens an earlier rewrite already changed.
    var claimed: Set<Int> = []

    init(source: SourceFile) {
        self.source = source
        let lexed = Lexer.tokenize(source.bytes)
        tokens = lexed.tokens
        oddSpaces = lexed.oddSpaces
        var partner: [Int: Int] = [:]
        var stack: [Int] = []
        for (i, t) in tokens.enumerated() where t.kind == .punctuation {
            switch t.text {
            case "(", "[", "{": stack.append(i)
            case ")", "]", "}":
                if let open = stack.last, Rewriter.closer(of: tokens[open].text) == t.text {
                    stack.removeLast()
                    partner[open] = i
                    partner[i] = open
                }
            default: break
            }
        }
        self.partner = partner
    }

    static func closer(of open: String) -> String {
        switch open {
        case "(": ")"
        case "[": "]"
        default: "}"
        }
    }

    mutating func run() {
        for space in oddSpaces {
            edits.append(Migration.Edit(range: space, replacement: " ", anchor: space.lowerBound))
        }
        if !oddSpaces.isEmpty {
            notes.append(
                (oddSpaces[0].lowerBound, "\(oddSpaces.count) no-break or ideographic spaces read as spaces"))
        }
        for i in tokens.indices where tokens[i].is("for") { rewriteCStyleFor(at: i) }
        for i in tokens.indices { rewriteIncrementStatement(startingAt: i) }
        for i in tokens.indices where tokens[i].is("(") { rewriteFunctionTypeLabels(open: i) }
        for i in tokens.indices where ["func", "init", "subscript"].contains(tokens[i].text) {
            rewriteParameterModifiers(declaration: i)
        }
        for i in tokens.indices where ["if", "guard", "while"].contains(tokens[i].text) { rewriteConditions(at: i) }
    }

    // MARK: Helpers

    func token(_ i: Int) -> Token? { i >= 0 && i < tokens.count ? tokens[i] : nil }

    mutating func replace(_ i: Int, with text: String, anchor: Int? = nil) {
        claimed.insert(i)
        edits.append(
            Migration.Edit(range: tokens[i].start..<tokens[i].end, replacement: text, anchor: anchor ?? tokens[i].start)
        )
    }

    mutating func insert(_ text: String, at offset: Int, anchor: Int) {
        edits.append(Migration.Edit(range: offset..<offset, replacement: text, anchor: anchor))
    }

    /// The last index of a postfix expression starting at `i` (`self.labels[i].count`, `x!`), or nil.
    func operandEnd(from i: Int) -> Int? {
        guard let first = token(i), first.kind == .identifier,
            !Rewriter.keywords.contains(first.text) || first.text == "self"
        else { return nil }
        var end = i
        while let next = token(end + 1), !next.spaceBefore || next.is(".") {
            if next.is("."), let name = token(end + 2), name.kind == .identifier || name.kind == .number {
                end += 2
            } else if next.is("[") || next.is("("), let close = partner[end + 1] {
                end = close
            } else if next.kind == .operator, next.text == "!" || next.text == "?" {
                end += 1
            } else {
                break
            }
        }
        return end
    }

    /// Keywords that are never the start of an operand.
    static let keywords: Set<String> = [
        "return", "throw", "if", "else", "guard", "while", "for", "in", "repeat", "switch", "case", "default",
        "let", "var", "func", "class", "struct", "enum", "import", "defer", "do", "break", "continue", "try", "await",
        "self", "super", "is", "as", "where", "true", "false", "nil",
    ]

    /// Whether a statement can start at token `i`.
    func startsStatement(_ i: Int) -> Bool {
        guard let t = token(i), t.interpolationDepth == 0 else { return false }
        guard let previous = token(i - 1) else { return true }
        if previous.is("{") || previous.is("}") || previous.is(";") || previous.is("in") { return true }
        guard t.startsLine else { return false }
        if previous.kind == .operator {
            return !previous.spaceBefore && (previous.text == "!" || previous.text == "?")
        }
        if previous.kind == .punctuation { return previous.is(")") || previous.is("]") }
        return !Rewriter.keywords.contains(previous.text)
            || ["true", "false", "nil", "self", "break", "continue"].contains(previous.text)
    }

    /// Whether a statement can end after token `i`.
    func endsStatement(_ i: Int) -> Bool {
        guard let next = token(i + 1) else { return true }
        return next.startsLine || next.is(";") || next.is("}")
    }
}
