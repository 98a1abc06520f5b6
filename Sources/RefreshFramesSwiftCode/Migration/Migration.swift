/// Rewrites the Swift 2 spellings that today's parser no longer reads, before swiftc parses the file:
/// swiftc keeps a C-style `for`'s body but turns its header into an error and drops every statement
/// after the loop in its block, so they cannot be handled after parsing. Every rewrite keeps the
/// code's meaning exactly; `migrated` is what swiftc parses, and `map` takes its offsets back to the
/// original, so every message names the line and column the user wrote.
package struct Migration: Sendable {
    package let original: SourceFile
    /// The text swiftc parses (the original when nothing needed rewriting).
    package let migrated: SourceFile
    package let map: PositionMap
    /// What was rewritten, in the original's order.
    package let rewrites: [Rewrite]

    package struct Rewrite: Sendable, Equatable, CustomStringConvertible {
        package var location: CodeLocation
        package var summary: String
        package var description: String { "\(location): note: \(summary)" }
    }

    /// One replacement of a byte range of the original; what it writes maps back to `anchor`.
    struct Edit {
        var range: Range<Int>
        var replacement: String
        var anchor: Int
    }

    /// The original location of the migrated text's byte `offset`.
    package func location(ofMigratedByte offset: Int) -> CodeLocation {
        original.location(ofByte: map.original(offset))
    }

    package static func migrate(_ source: SourceFile) -> Migration {
        var rewriter = Rewriter(source: source)
        rewriter.run()
        let edits = rewriter.edits.sorted {
            ($0.range.lowerBound, $0.range.upperBound) < ($1.range.lowerBound, $1.range.upperBound)
        }
        var out: [UInt8] = []
        var map = PositionMap()
        var cursor = 0
        for edit in edits where edit.range.lowerBound >= cursor {
            map.copy(from: cursor, length: edit.range.lowerBound - cursor, at: out.count)
            out += source.bytes[cursor..<edit.range.lowerBound]
            map.insert(length: edit.replacement.utf8.count, anchor: edit.anchor, at: out.count)
            out += edit.replacement.utf8
            cursor = edit.range.upperBound
        }
        map.copy(from: cursor, length: source.bytes.count - cursor, at: out.count)
        out += source.bytes[cursor...]
        let rewrites = rewriter.notes.sorted { $0.offset < $1.offset }.map {
            Rewrite(location: source.location(ofByte: $0.offset), summary: $0.summary)
        }
        return Migration(
            original: source, migrated: SourceFile(name: source.name, bytes: out), map: map, rewrites: rewrites)
    }
}
