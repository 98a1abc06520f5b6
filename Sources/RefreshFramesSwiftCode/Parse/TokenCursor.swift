/// Finds, in the migrated text's tokens, the token each node of the parse dump came from: swiftc's
/// dump locates declarations and statements but not expressions, so the decoder walks each statement's
/// expressions in source order and looks for their tokens from where the previous one was found, never
/// past the end of the enclosing located node.
struct TokenCursor {
    let tokens: [Token]
    private(set) var index = 0
    /// The last byte offset the current located node covers.
    private(set) var limit = Int.max
    /// Tokens looked for and not found (their nodes took the enclosing statement's location).
    private(set) var misses = 0
    /// The byte offsets of the tokens found, in order: `found[mark]` is the first token of what was
    /// decoded since `mark = found.count`.
    private(set) var found: [Int] = []

    init(tokens: [Token]) {
        self.tokens = tokens
    }

    /// The index of the first token at or after byte `offset`.
    func firstToken(atOrAfter offset: Int) -> Int {
        var low = 0
        var high = tokens.count
        while low < high {
            let mid = (low + high) / 2
            if tokens[mid].start < offset { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// Enters the located range `start...end`: returns the limit to give back to `leave`.
    mutating func enter(_ range: (start: Int, end: Int)) -> Int {
        let saved = limit
        // A located node puts the cursor back in step even when a search before it went astray.
        index = firstToken(atOrAfter: range.start)
        limit = min(saved, range.end)
        return saved
    }

    /// Leaves a located range: the cursor moves after its last token.
    mutating func leave(_ range: (start: Int, end: Int), restoring saved: Int) {
        limit = saved
        index = max(index, firstToken(atOrAfter: range.end + 1))
    }

    /// Moves to byte `offset` (a located node's start) when it lies ahead.
    mutating func seek(_ offset: Int) {
        index = max(index, firstToken(atOrAfter: offset))
    }

    /// The next token matching `accept`, within the limit; the cursor moves past it.
    mutating func find(_ accept: (Token) -> Bool) -> Token? {
        var k = index
        while k < tokens.count, tokens[k].start <= limit {
            if accept(tokens[k]) {
                index = k + 1
                found.append(tokens[k].start)
                return tokens[k]
            }
            k += 1
        }
        misses += 1
        return nil
    }

    mutating func find(_ text: String) -> Token? { find { $0.kind != .string && $0.text == text } }

    mutating func find(_ kind: Token.Kind) -> Token? { find { $0.kind == kind } }

    /// The token just before the last one found.
    func token(before found: Token) -> Token? {
        let k = firstToken(atOrAfter: found.start)
        return k > 0 ? tokens[k - 1] : nil
    }

    /// The token at the cursor.
    var current: Token? { index < tokens.count && tokens[index].start <= limit ? tokens[index] : nil }

    mutating func advance() { index += 1 }

    /// Puts the cursor at the token with index `k` (a type parser's stop).
    mutating func move(to k: Int) { index = k }
}
