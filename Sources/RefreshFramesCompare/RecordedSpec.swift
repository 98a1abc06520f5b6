import RefreshFramesCore

/// The spec a golden set was recorded from, as `manifest.json` keeps it (its `spec` member), so a
/// failing check can say what changed in the spec's own words. A manifest written before goldens
/// recorded their spec has none: such a set still checks, and its summary says only that the spec's
/// hash changed.
///
/// A spec that is a Swift program (issue 28) is a hook left open here: it would record its code's
/// hash and lines beside (or instead of) `json`, and `SpecChange.between` would name the lines that
/// changed (`Refresh.swift:42: "…0.1…" → "…0.12…"`) as it names JSON values below.
public struct RecordedSpec: Sendable, Hashable {
    /// The spec's JSON as the manifest writes it: the spec's own key order, two-space indentation.
    public var json: String

    public init(json: String) { self.json = json }

    /// The spec of `bytes`, when they are JSON (an imported or program spec is not yet recorded).
    public init?(specBytes bytes: [UInt8]) {
        guard let node = try? JSONParser.parse(bytes) else { return nil }
        json = node.pretty(indent: "")
    }

    /// The recorded JSON, parsed (nil when the manifest's `spec` is not JSON: it came from a pull request).
    public var node: JSONNode? { try? JSONParser.parse(Array(json.utf8)) }
}

/// One spec value that differs between the golden's recorded spec and the current one.
public struct SpecChange: Sendable, Equatable, CustomStringConvertible {
    /// The JSON path, as diagnostics write it: `program.cycle[0].each.steps[0].animate.duration`.
    public var path: String
    /// The value in the spec's own words (nil: not there).
    public var old: String?
    public var new: String?

    /// `palette[0]: magenta → #F000F0`, `labels[3]: added {…}`, `golden: removed (was {…})`.
    public var description: String {
        switch (old, new) {
        case (let old?, let new?): "\(path): \(old) → \(new)"
        case (nil, let new?): "\(path): added \(new)"
        case (let old?, nil): "\(path): removed (was \(old))"
        case (nil, nil): path
        }
    }

    /// Every value that differs, in the current spec's order (removed keys after those of their object).
    public static func between(_ old: JSONNode, _ new: JSONNode, path: String = "") -> [SpecChange] {
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
    public static func summary(
        recorded: RecordedSpec?, recordedHash: String?, current: [UInt8], currentHash: String, limit: Int = 20
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
