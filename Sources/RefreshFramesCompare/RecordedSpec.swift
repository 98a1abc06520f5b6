import RefreshFramesCore

/// The spec a golden set was recorded from, as `manifest.json` keeps it (its `spec` member), so a
/// failing check can say what changed in the spec's own words. A manifest written before goldens
/// recorded their spec has none: such a set still checks, and its summary says only that the spec's
/// hash changed.
///
/// A spec whose program is Swift code (`"program": {"swift": …}`) records each file's hash and
/// lines beside its JSON (`swift`), and the summary names the lines that changed
/// (`marquee.swift:99: "…(0.15, …" → "…(0.2, …"`) as it names JSON values.
package struct RecordedSpec: Sendable, Hashable {
    /// The spec's JSON as the manifest writes it: the spec's own key order, two-space indentation.
    package var json: String
    /// The Swift program's files, in the spec's order (empty: the program is JSON).
    package var swift: [RecordedSwiftFile] = []

    package init(json: String, swift: [RecordedSwiftFile] = []) {
        self.json = json
        self.swift = swift
    }

    /// The spec of `bytes`, when they are JSON, with its Swift program's files.
    package init?(specBytes bytes: [UInt8], swift: [RecordedSwiftFile] = []) {
        guard let node = try? JSONParser.parse(bytes) else { return nil }
        json = node.pretty(indent: "")
        self.swift = swift
    }

    /// The recorded JSON, parsed (nil when the manifest's `spec` is not JSON: it came from a pull request).
    package var node: JSONNode? { try? JSONParser.parse(Array(json.utf8)) }
}

/// One file of a Swift program as goldens record it: its name as the spec writes it, its SHA-256
/// and its lines.
package struct RecordedSwiftFile: Sendable, Hashable {
    package var file: String
    package var hash: String
    package var lines: [String]

    package init(file: String, hash: String, lines: [String]) {
        self.file = file
        self.hash = hash
        self.lines = lines
    }

    /// The file of `text`, split at line ends (`\n` or `\r\n`).
    package init(file: String, hash: String, text: String) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.hasSuffix("\r") ? String($0.dropLast()) : String($0)
        }
        self.init(file: file, hash: hash, lines: lines.last == "" ? Array(lines.dropLast()) : lines)
    }

    /// The lines that differ between `old` and `new` (files of one name), one phrase each:
    /// `marquee.swift:99: "…(0.15, …" → "…(0.2, …"`, `marquee.swift:12: added "…"`,
    /// `marquee.swift:12: removed "…"`. The changed lines are those between the lines both files
    /// start and end with; paired one for one when as many were removed as added.
    package static func changes(_ old: RecordedSwiftFile, _ new: RecordedSwiftFile) -> [String] {
        guard old.hash != new.hash else { return [] }
        let (a, b) = (old.lines, new.lines)
        var prefix = 0
        while prefix < min(a.count, b.count) && a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < min(a.count, b.count) - prefix && a[a.count - 1 - suffix] == b[b.count - 1 - suffix] {
            suffix += 1
        }
        let removed = Array(a[prefix..<(a.count - suffix)])
        let added = Array(b[prefix..<(b.count - suffix)])
        func code(_ line: String) -> String {
            let text = line.trimmingPrefix(while: \.isWhitespace)
            let shown = text.count > 70 ? String(text.prefix(69)) + "…" : String(text)
            return jsonQuoted(shown)
        }
        if removed.count == added.count {
            return zip(removed, added).enumerated().compactMap { i, pair in
                pair.0 == pair.1 ? nil : "\(new.file):\(prefix + i + 1): \(code(pair.0)) → \(code(pair.1))"
            }
        }
        return removed.enumerated().map { "\(new.file):\(prefix + $0 + 1): removed (was \(code($1)))" }
            + added.enumerated().map { "\(new.file):\(prefix + $0 + 1): added \(code($1))" }
    }
}

/// One spec value that differs between the golden's recorded spec and the current one.
package struct SpecChange: Sendable, Equatable, CustomStringConvertible {
    /// The JSON path, as diagnostics write it: `program.cycle[0].each.steps[0].animate.duration`.
    package var path: String
    /// The value in the spec's own words (nil: not there).
    package var old: String?
    package var new: String?

    /// `palette[0]: magenta → #F000F0`, `labels[3]: added {…}`, `golden: removed (was {…})`.
    package var description: String {
        switch (old, new) {
        case (let old?, let new?): "\(path): \(old) → \(new)"
        case (nil, let new?): "\(path): added \(new)"
        case (let old?, nil): "\(path): removed (was \(old))"
        case (nil, nil): path
        }
    }

    /// Every value that differs, in the current spec's order (removed keys after those of their object).
    package static func between(_ old: JSONNode, _ new: JSONNode, path: String = "") -> [SpecChange] {
        switch (old.value, new.value) {
        case (.object(let a), .object(let b)):
            var changes: [SpecChange] = []
            for member in b {
                let child = path.isEmpty ? member.key : path + "." + member.key
                if let before = a.first(where: { $0.key == member.key }) {
                    changes += between(before.value, member.value, path: child)
                } else {
                    changes.append(SpecChange(path: child, old: nil, new: member.value.words))
                }
            }
            for member in a where !b.contains(where: { $0.key == member.key }) {
                let child = path.isEmpty ? member.key : path + "." + member.key
                changes.append(SpecChange(path: child, old: member.value.words, new: nil))
            }
            return changes
        case (.array(let a), .array(let b)):
            var changes: [SpecChange] = []
            for i in 0..<max(a.count, b.count) {
                let child = path + "[\(i)]"
                switch (i < a.count ? a[i] : nil, i < b.count ? b[i] : nil) {
                case (let x?, let y?): changes += between(x, y, path: child)
                case (nil, let y?): changes.append(SpecChange(path: child, old: nil, new: y.words))
                case (let x?, nil): changes.append(SpecChange(path: child, old: x.words, new: nil))
                case (nil, nil): break
                }
            }
            return changes
        default:
            let (before, after) = (old.words, new.words)
            return before == after ? [] : [SpecChange(path: path.isEmpty ? "the spec" : path, old: before, new: after)]
        }
    }

    /// The summary lines a failing check starts with: what changed in the spec since the goldens
    /// were recorded, at most `limit` values. Empty when nothing can be said (the spec is the same,
    /// or neither spec is known and the hashes agree).
    package static func summary(
        recorded: RecordedSpec?, recordedHash: String?, current: [UInt8], currentHash: String,
        currentSwift: [RecordedSwiftFile] = [], limit: Int = 20
    ) -> [String] {
        var swift = swiftChanges(recorded: recorded?.swift ?? [], current: currentSwift)
        if swift.count > limit {
            let more = swift.count - limit
            swift = Array(swift.prefix(limit)) + ["… and \(more) more changed lines of Swift"]
        }
        return jsonSummary(
            recorded: recorded, recordedHash: recordedHash, current: current, currentHash: currentHash, limit: limit)
            + swift
    }

    /// What changed in a Swift program since the goldens recorded its files: the lines of each
    /// file (`marquee.swift:99: … → …`), or that a file was added or removed. Nothing when the
    /// goldens recorded no Swift file (older goldens, or a JSON program).
    static func swiftChanges(recorded: [RecordedSwiftFile], current: [RecordedSwiftFile]) -> [String] {
        guard !recorded.isEmpty else { return [] }
        var lines: [String] = []
        for file in current {
            if let old = recorded.first(where: { $0.file == file.file }) {
                lines += RecordedSwiftFile.changes(old, file)
            } else {
                lines.append("\(file.file): added to the program")
            }
        }
        for file in recorded where !current.contains(where: { $0.file == file.file }) {
            lines.append("\(file.file): removed from the program")
        }
        return lines
    }

    /// The JSON part of `summary`, at most `limit` values.
    static func jsonSummary(
        recorded: RecordedSpec?, recordedHash: String?, current: [UInt8], currentHash: String, limit: Int
    ) -> [String] {
        guard let recordedHash, recordedHash != currentHash else { return [] }
        guard let recorded, let old = recorded.node, let new = try? JSONParser.parse(current) else {
            return [
                "the spec changed since the goldens were recorded (\(recordedHash.prefix(12)) → \(currentHash.prefix(12))); "
                    + "their manifest records no spec to say what changed (re-recording records it)"
            ]
        }
        let changes = between(old, new)
        guard !changes.isEmpty else {
            return ["the spec changed since the goldens were recorded, in its layout only (no value changed)"]
        }
        var lines = changes.prefix(limit).map(\.description)
        if changes.count > limit { lines.append("… and \(changes.count - limit) more spec values") }
        return lines
    }
}

extension JSONNode {
    /// A value as the spec says it: a number as written (`0.12`, `-18`), a word bare (`magenta`,
    /// `#F000F0`), any other text in JSON quotes, an array or object in one line (cut at 60 characters).
    var words: String {
        switch value {
        case .string(let s):
            let bare = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789#_-.")
            let isWord =
                !s.isEmpty && s.allSatisfy(bare.contains) && Double(s) == nil
                && !["true", "false", "null"].contains(s)
            return isWord ? s : jsonQuoted(s)
        default:
            let text = compact
            return text.count > 60 ? String(text.prefix(59)) + "…" : text
        }
    }

    /// One line of JSON.
    var compact: String {
        switch value {
        case .null: "null"
        case .bool(let b): "\(b)"
        case .number(let v): jsonNumber(v)
        case .string(let s): jsonQuoted(s)
        case .array(let elements): "[" + elements.map(\.compact).joined(separator: ", ") + "]"
        case .object(let members):
            "{" + members.map { jsonQuoted($0.key) + ": " + $0.value.compact }.joined(separator: ", ") + "}"
        }
    }

    /// Indented JSON (two spaces a level after `indent`); a value whose one line fits in 80
    /// characters stays on one line, as specs are written (`"canvas": {"width": 375, …}`).
    func pretty(indent: String) -> String {
        let inner = indent + "  "
        if case .array = value, compact.count <= 80 { return compact }
        if case .object = value, compact.count <= 80 { return compact }
        switch value {
        case .array(let elements):
            return "[\n" + elements.map { inner + $0.pretty(indent: inner) }.joined(separator: ",\n") + "\n\(indent)]"
        case .object(let members):
            return "{\n"
                + members.map { inner + jsonQuoted($0.key) + ": " + $0.value.pretty(indent: inner) }
                .joined(separator: ",\n") + "\n\(indent)}"
        default:
            return compact
        }
    }
}

/// A number as JSON writes it, in Swift's shortest round-trip form: `-18`, not `-18.0`.
func jsonNumber(_ v: Double) -> String {
    guard v.isFinite else { return "null" }
    if v == v.rounded() && abs(v) < 1e15 { return String(Int(v)) }
    return "\(v)"
}
