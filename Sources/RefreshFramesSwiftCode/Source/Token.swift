/// One token of Swift source, by byte offsets into the text it was read from.
package struct Token: Sendable, Equatable {
    package enum Kind: Sendable, Equatable {
        /// A name or keyword (`self`, `func`, `$0`, a backquoted name without its backquotes).
        case identifier
        case number
        /// A whole string literal, quotes included; the tokens of its interpolations follow it.
        case string
        /// An operator, `=` and `->` included.
        case `operator`
        /// `( ) [ ] { } , : ; . @ \` and `#` words such as `#selector`.
        case punctuation
        /// A character that starts no Swift token.
        case unknown
    }

    package var kind: Kind
    /// The token's text: a name without backquotes, an operator, a punctuation mark; the literal for
    /// numbers and strings.
    package var text: String
    package var start: Int
    package var end: Int
    /// A line break (or the start of the file) comes before the token, comments aside.
    package var startsLine: Bool
    /// Whitespace or a comment comes right before the token.
    package var spaceBefore: Bool
    /// How many string interpolations the token is inside (0 for ordinary code).
    package var interpolationDepth: Int

    package func `is`(_ text: String) -> Bool { self.text == text && kind != .string }
}
