/// Reads one JSON value while keeping its path, so every problem can be reported where it is.
struct ValueReader {
    let node: JSONNode
    let path: String
    /// What semantic colours (`label`, `systemBlue`) resolve for; children inherit it.
    var appearance: Appearance = .light

    func fail(_ message: String) -> SpecDiagnostic {
        SpecDiagnostic(path: path, location: node.location, message: message)
    }

    func expected(_ what: String) -> SpecDiagnostic {
        fail("expected \(what), got \(node.kindDescription)")
    }

    func object() throws(SpecDiagnostic) -> ObjectReader {
        guard case .object(let members) = node.value else { throw expected("an object") }
        return ObjectReader(node: node, members: members, path: path, appearance: appearance)
    }

    func array() throws(SpecDiagnostic) -> [ValueReader] {
        guard case .array(let elements) = node.value else { throw expected("an array") }
        return elements.enumerated().map { ValueReader(node: $1, path: "\(path)[\($0)]", appearance: appearance) }
    }

    func string() throws(SpecDiagnostic) -> String {
        guard case .string(let s) = node.value else { throw expected("a string") }
        return s
    }

    var isString: Bool {
        if case .string = node.value { return true }
        return false
    }

    var isNumber: Bool {
        if case .number = node.value { return true }
        return false
    }

    func bool() throws(SpecDiagnostic) -> Bool {
        guard case .bool(let b) = node.value else { throw expected("true or false") }
        return b
    }

    func number(in range: ClosedRange<Double>? = nil, limit: String? = nil) throws(SpecDiagnostic) -> Double {
        guard case .number(let v) = node.value else { throw expected("a number") }
        if let range, !range.contains(v) {
            if let limit, v > range.upperBound {
                throw fail("\(formatNumber(v)) is over the limit \(limit) = \(formatNumber(range.upperBound))")
            }
            throw fail(
                "expected a number from \(formatNumber(range.lowerBound)) to \(formatNumber(range.upperBound)), got \(formatNumber(v))"
            )
        }
        return v
    }

    func integer(in range: ClosedRange<Int>? = nil) throws(SpecDiagnostic) -> Int {
        guard case .number(let v) = node.value, v == v.rounded(), abs(v) < 1e9 else {
            if case .number(let v) = node.value { throw fail("expected an integer, got \(formatNumber(v))") }
            throw expected("an integer")
        }
        let i = Int(v)
        if let range, !range.contains(i) {
            throw fail("expected an integer from \(range.lowerBound) to \(range.upperBound), got \(i)")
        }
        return i
    }

    func color() throws(SpecDiagnostic) -> RGBA {
        switch node.value {
        case .string(let s):
            guard let c = RGBA(parsing: s, appearance: appearance) else {
                var message =
                    "'\(s)' is not a colour; expected #RRGGBB, #RRGGBBAA, a UIKit name (red, magenta, clear…) or a semantic colour (label, systemBlue…)"
                if let m = closestMatch(to: s, in: Array(RGBA.named.keys) + SemanticColor.names) {
                    message += "; did you mean '\(m)'?"
                }
                throw fail(message)
            }
            return c
        case .object:
            let o = try object()
            let unit = 0.0...1.0
            if let w = o.optional("white") {
                let c = RGBA(white: try w.number(in: unit), alpha: try o.optional("alpha")?.number(in: unit) ?? 1)
                try o.finish()
                return c
            }
            let c = RGBA(
                red: try o.required("red").number(in: unit), green: try o.required("green").number(in: unit),
                blue: try o.required("blue").number(in: unit), alpha: try o.optional("alpha")?.number(in: unit) ?? 1)
            try o.finish()
            return c
        default:
            throw expected("a colour (#RRGGBB, a UIKit name, or {\"red\",\"green\",\"blue\",\"alpha\"})")
        }
    }

    func oneOf<E: RawRepresentable & CaseIterable>(_ type: E.Type) throws(SpecDiagnostic) -> E
    where E.RawValue == String {
        let s = try string()
        if let e = E(rawValue: s) { return e }
        let names = E.allCases.map(\.rawValue)
        var message = "'\(s)' is not one of \(names.joined(separator: ", "))"
        if let m = closestMatch(to: s, in: names) { message += "; did you mean '\(m)'?" }
        throw fail(message)
    }
}

/// Reads an object's members, remembering which were read so unknown keys can be reported.
final class ObjectReader {
    let node: JSONNode
    let members: [JSONNode.Member]
    let path: String
    /// What the members' semantic colours resolve for (the spec's own `appearance` is read first).
    var appearance: Appearance
    private var used: Set<String> = []

    init(node: JSONNode, members: [JSONNode.Member], path: String, appearance: Appearance = .light) {
        self.node = node
        self.members = members
        self.path = path
        self.appearance = appearance
    }

    private func childPath(_ key: String) -> String {
        path.isEmpty ? key : "\(path).\(key)"
    }

    func has(_ key: String) -> Bool { members.contains { $0.key == key } }

    func optional(_ key: String) -> ValueReader? {
        used.insert(key)
        guard let m = members.first(where: { $0.key == key }) else { return nil }
        if case .null = m.value.value { return nil }
        return ValueReader(node: m.value, path: childPath(key), appearance: appearance)
    }

    func required(_ key: String) throws(SpecDiagnostic) -> ValueReader {
        guard let r = optional(key) else {
            // A misspelt required key is the likelier story than a missing one: point at the typo.
            let unread = members.filter { !used.contains($0.key) }
            // Within two edits only, so a valid key read later ('duration' for 'workDuration') is not taken for one.
            if let typo = unread.first(where: { editDistance($0.key.lowercased(), key.lowercased()) <= 2 }) {
                throw SpecDiagnostic(
                    path: childPath(typo.key), location: typo.keyLocation,
                    message: "unknown key '\(typo.key)'; did you mean '\(key)'? ('\(key)' is required)")
            }
            throw SpecDiagnostic(path: path, location: node.location, message: "missing required key '\(key)'")
        }
        return r
    }

    /// Reports the first member that was never read, with a "did you mean" from the keys that were.
    func finish() throws(SpecDiagnostic) {
        for m in members where !used.contains(m.key) {
            var message = "unknown key '\(m.key)'"
            if let s = closestMatch(to: m.key, in: Array(used)) {
                message += "; did you mean '\(s)'?"
            } else {
                message += "; expected one of \(used.sorted().joined(separator: ", "))"
            }
            throw SpecDiagnostic(path: childPath(m.key), location: m.keyLocation, message: message)
        }
    }
}
