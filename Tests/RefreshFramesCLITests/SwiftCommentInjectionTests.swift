import Foundation
import RefreshFramesCore
import Testing

/// `refresh-frames swift` writes a spec's `description` and its file name into `//` comments: no line
/// terminator in them may end the comment and make the rest live Swift code (issue 26). Swift's lexer
/// ends a `//` comment at LF or CR (checked with swiftc 6.3: VT, FF, NEL, U+2028, U+2029 and NUL do
/// not end it), but editors and code review show the others as line breaks too, so generated comments
/// break their lines at all of them.
struct SwiftCommentInjectionTests {
    static let terminators: [(name: String, text: String)] = [
        ("LF", "\n"), ("CR", "\r"), ("CRLF", "\r\n"), ("VT", "\u{0B}"), ("FF", "\u{0C}"), ("NEL", "\u{85}"),
        ("LS", "\u{2028}"), ("PS", "\u{2029}"),
    ]

    static let payload = "let PWNED = exit(0)"

    /// Every terminator a reader might see: the generated text split at each of them.
    static func visualLines(_ text: String) -> [Substring] {
        text.split(omittingEmptySubsequences: false) {
            ["\n", "\r", "\r\n", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}"].contains($0)
        }
    }

    /// The parse tree swiftc builds for `source` (no UIKit is needed to parse).
    static func parseTree(_ source: String) throws -> (status: Int32, tree: String) {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Data(source.utf8).write(to: URL(fileURLWithPath: dir + "/Generated.swift"))
        let r = try run(
            ["swiftc", "-dump-parse", dir + "/Generated.swift"], in: dir, executable: "/usr/bin/env", timeout: 120)
        return (r.status, r.stdout + r.stderr)
    }

    static func expectNoLiveCode(_ source: String) throws {
        for line in visualLines(source) where line.contains("PWNED") {
            #expect(line.trimmingCharacters(in: .whitespaces).hasPrefix("//"), "live line: \(line)")
        }
        let parsed = try parseTree(source)
        #expect(parsed.status == 0, "\(parsed.tree.suffix(2000))")
        #expect(!parsed.tree.contains("PWNED"), "swiftc sees code from the comment")
    }

    @Test(arguments: terminators)
    func aDescriptionStaysAComment(_ terminator: (name: String, text: String)) throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let description = jsonQuoted("A pull to refresh" + terminator.text + Self.payload + terminator.text + "// end")
        let spec = replacing(validSpec, "\"canvas\"", "\"description\": \(description), \"canvas\"")
        try Data(spec.utf8).write(to: URL(fileURLWithPath: dir + "/spec.json"))
        let r = try run(["swift", "spec.json", "--name", "Pull"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("// A pull to refresh"))
        try Self.expectNoLiveCode(r.stdout)
    }

    @Test(arguments: terminators)
    func aFileNameStaysAComment(_ terminator: (name: String, text: String)) throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let name = "x" + terminator.text + Self.payload + terminator.text + ".json"
        try Data(validSpec.utf8).write(to: URL(fileURLWithPath: dir + "/" + name))
        let r = try run(["swift", name, "--name", "Pull"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        try Self.expectNoLiveCode(r.stdout)
    }
}
