import Foundation
import RefreshFrames
import RefreshFramesCore
import RefreshFramesSwiftGen
import RefreshFramesTestSupport

extension FuzzTarget {
    /// File names the generated header names, one per input (by its length): each line terminator
    /// Swift's lexer or a reader knows, and a bidirectional override.
    static let swiftSpecNames = [
        "fuzz.json", "a\nlet PWNED = exit(0)\n.json", "a\rlet PWNED = exit(0)\r.json", "a\r\nb.json",
        "a\u{0B}b\u{0C}c.json", "a\u{85}let PWNED = exit(0).json", "a\u{2028}b\u{2029}c.json", "é\u{202E}nosj.json",
    ]

    /// What may not stand inside a comment line of generated Swift: a line terminator of any kind
    /// (Swift's lexer ends `//` at LF and CR; editors break lines at the others too), another control
    /// character or a bidirectional override.
    static func mayNotStandInAComment(_ scalar: Unicode.Scalar) -> Bool {
        ["\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}"].contains(scalar) || TerminalText.needsEscape(scalar)
    }

    /// The generated file's lines that are code: every line but the `//` comments.
    static func codeLines(_ source: String) -> [Substring] {
        source.split(separator: "\n", omittingEmptySubsequences: false).filter {
            !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//")
        }
    }

    /// A spec as `refresh-frames swift` writes it: generating must not crash; no CR anywhere and no
    /// line terminator, control character or bidirectional override inside a comment; the code lines
    /// are those of the same spec without a description and with a plain name (nothing in a comment's
    /// text became code); and, every few seconds, swiftc parses the file to the same tree as that
    /// plain one (locations aside).
    static func runSwiftGenerator(_ bytes: [UInt8]) {
        guard let spec = try? load(bytes, name: "fuzz.json").spec else { return }
        let name = swiftSpecNames[bytes.count % swiftSpecNames.count]
        guard
            let source = try? SwiftGenerator.generate(
                spec, specName: name, specBytes: bytes, typeName: "FuzzRefreshView")
        else { return }
        precondition(!source.unicodeScalars.contains("\r"), "a CR in the generated Swift:\n\(source)")
        for line in source.split(separator: "\n") where line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
            precondition(
                !line.unicodeScalars.contains(where: mayNotStandInAComment), "a comment holds a line break:\n\(line)")
        }
        var plain = spec
        plain.description = nil
        guard
            let benign = try? SwiftGenerator.generate(
                plain, specName: "fuzz.json", specBytes: bytes, typeName: "FuzzRefreshView")
        else { fatalError("the spec generates with its description but not without") }
        precondition(codeLines(source) == codeLines(benign), "a comment's text changed the code:\n\(source)")
        guard SwiftParse.due() else { return }
        let tree = SwiftParse.tree(source)
        precondition(tree.status == 0, "swiftc does not parse the generated Swift:\n\(tree.text)\n\(source)")
        precondition(tree.text == SwiftParse.tree(benign).text, "swiftc parses code from a comment:\n\(source)")
    }
}

/// `swiftc -dump-parse` of generated Swift, at most every `REFRESH_FRAMES_FUZZ_SWIFTC_SECONDS` (5 by
/// default; 0: never), as a child process (a parse takes about a second).
enum SwiftParse {
    nonisolated(unsafe) static var last: Date?
    static let interval = Double(ProcessInfo.processInfo.environment["REFRESH_FRAMES_FUZZ_SWIFTC_SECONDS"] ?? "5") ?? 5
    static let file = NSTemporaryDirectory() + "refresh-frames-fuzz-\(getpid()).swift"

    static func due() -> Bool {
        guard interval > 0 else { return false }
        if let last, Date().timeIntervalSince(last) < interval { return false }
        last = Date()
        return true
    }

    /// The exit status and the parse tree (stdout; diagnostics name lines, so they are left out) with
    /// addresses and source ranges removed.
    static func tree(_ source: String) -> (status: Int32, text: String) {
        _ = FileManager.default.createFile(atPath: file, contents: Data(source.utf8))
        let output = file + ".out"
        guard let child = try? ChildProcess(["/usr/bin/env", "swiftc", "-dump-parse", file], stdout: output) else {
            fatalError("cannot run swiftc")
        }
        let status = child.shellStatus
        let text = String(decoding: FileManager.default.contents(atPath: output) ?? Data(), as: UTF8.self)
            .replacingOccurrences(of: #" range=\[[^\]]*\]"#, with: "", options: .regularExpression)
            .replacingOccurrences(of: #" [a-z_]+=0x[0-9a-f]+| @ 0x[0-9a-f]+"#, with: "", options: .regularExpression)
        return (status, text)
    }
}
