import RefreshFramesCore

/// Compares `states.json` (an array of what `refresh-frames state` prints, one object per instant)
/// key by key and says what changed in words, so every visible property is part of the
/// font-independent golden: frames, transforms, alphas, colours, texts, phase, pull, content alpha,
/// content offset, headers and rows.
package enum StateComparison {
    /// Numbers closer than this are equal (`state` rounds to 4 decimals).
    package static let tolerance = 1e-3

    /// The golden's bytes for a list of `FrameState.json` objects.
    package static func file(_ states: [String]) -> [UInt8] {
        Array(("[\n" + states.joined(separator: ",\n") + "\n]\n").utf8)
    }

    /// One message per difference, in golden order, repeated differences grouped
    /// (`StateDifference.grouped`): `tags 1–6: x +1 pt at every instant`,
    /// `tag 3: alpha 0.5 → 0.4 from 0.30 s to 0.55 s`; a difference seen once keeps its own words,
    /// `tag 1: rotation 18.75 at 0.05 s, golden 22.5` or `contentAlpha 0.8 at 1.2 s, golden 0.6`.
    package static func compare(actual: JSONNode, golden: JSONNode) -> [String] {
        let (differences, instants) = differences(actual: actual, golden: golden)
        return StateDifference.grouped(differences, instants: instants)
    }

    /// Every differing value, one per instant, in golden order, and the instants both dumps hold.
    package static func differences(actual: JSONNode, golden: JSONNode) -> (
        differences: [StateDifference], instants: [Double]
    ) {
        guard case .array(let goldenStates) = golden.value, case .array(let actualStates) = actual.value else {
            return ([StateDifference(message: "states: not an array of states")], [])
        }
        var differences: [StateDifference] = []
        var instants: [Double] = []
        let byTime = Dictionary(actualStates.map { (key(time: $0), $0) }, uniquingKeysWith: { first, _ in first })
        var seen = Set<Int>()
        for g in goldenStates {
            let k = key(time: g)
            seen.insert(k)
            let time = number(g["time"]) ?? 0
            // A golden instant this run does not look at (`--at` chose others) is not checked.
            guard let a = byTime[k] else { continue }
            instants.append(time)
            walk(a, g, path: "", time: time, into: &differences)
        }
        for a in actualStates where !seen.contains(key(time: a)) {
            differences.append(
                StateDifference(
                    message: "a state at \(formatSeconds(number(a["time"]) ?? 0)) s that the golden does not have"))
        }
        return (differences, instants)
    }

    /// The instant in whole microseconds; an instant too far for an `Int` (a states golden or manifest
    /// may say `1e308`) is `Int.max`, one instant past every real one.
    private static func key(time state: JSONNode) -> Int {
        let micros = ((number(state["time"]) ?? -1) * 1_000_000).rounded()
        return abs(micros) < 9e18 ? Int(micros) : micros < 0 ? Int.min : Int.max
    }

    static func number(_ node: JSONNode?) -> Double? {
        if case .number(let v)? = node?.value { return v }
        return nil
    }

    /// How an element of a list is named: `tag 3`, `row [0, 2]`, `header 1`, else its index.
    private static func name(_ node: JSONNode, index: Int) -> String {
        if let tag = number(node["tag"]) { return "tag \(formatNumber(tag))" }
        if case .array(let path)? = node["indexPath"]?.value {
            return "row [" + path.map { number($0).map(formatNumber) ?? text($0) }.joined(separator: ", ") + "]"
        }
        if let section = number(node["section"]) { return "header \(formatNumber(section))" }
        return "[\(index)]"
    }

    private static func walk(
        _ a: JSONNode, _ g: JSONNode, path: String, time: Double, into differences: inout [StateDifference]
    ) {
        let at = "at \(formatSeconds(time)) s"
        switch (a.value, g.value) {
        case (.object(let am), .object(let gm)):
            for member in gm {
                let childPath = path.isEmpty ? member.key : path + (path.hasSuffix(":") ? " " : ".") + member.key
                guard let other = am.first(where: { $0.key == member.key }) else {
                    differences.append(
                        StateDifference(message: "\(childPath) missing \(at), golden \(text(member.value))"))
                    continue
                }
                walk(other.value, member.value, path: childPath, time: time, into: &differences)
            }
            for member in am where !gm.contains(where: { $0.key == member.key }) {
                let childPath = path.isEmpty ? member.key : path + "." + member.key
                differences.append(
                    StateDifference(message: "\(childPath) \(text(member.value)) \(at), the golden has none"))
            }
        case (.array(let ae), .array(let ge)) where !isLeaf(ae) || !isLeaf(ge):
            let named = ge.enumerated().map { (name($1, index: $0), $1) }
            let actualNamed = Dictionary(
                ae.enumerated().map { (name($1, index: $0), $1) }, uniquingKeysWith: { first, _ in first })
            for (n, gNode) in named {
                let childPath = n.hasPrefix("[") ? path + n : n + ":"
                guard let aNode = actualNamed[n] else {
                    differences.append(
                        StateDifference(message: "\(n.hasPrefix("[") ? childPath : n) missing \(at), the golden has it")
                    )
                    continue
                }
                walk(aNode, gNode, path: childPath, time: time, into: &differences)
            }
            let goldenNames = Set(named.map(\.0))
            for (i, aNode) in ae.enumerated() where !goldenNames.contains(name(aNode, index: i)) {
                differences.append(
                    StateDifference(message: "\(name(aNode, index: i)) present \(at), the golden has none"))
            }
        default:
            if !equal(a, g) {
                let label = path.hasSuffix(":") ? String(path.dropLast()) : path
                differences.append(StateDifference(label: label, actual: a, golden: g, time: time))
            }
        }
    }

    /// Lists of plain values (`frame`, `scale`, `translation`) are compared and shown whole.
    private static func isLeaf(_ elements: [JSONNode]) -> Bool {
        elements.allSatisfy {
            switch $0.value {
            case .array, .object: false
            default: true
            }
        }
    }

    static func equal(_ a: JSONNode, _ g: JSONNode) -> Bool {
        switch (a.value, g.value) {
        case (.null, .null): true
        case (.bool(let x), .bool(let y)): x == y
        case (.number(let x), .number(let y)): abs(x - y) <= tolerance
        case (.string(let x), .string(let y)): x == y
        case (.array(let x), .array(let y)): x.count == y.count && zip(x, y).allSatisfy { equal($0, $1) }
        default: false
        }
    }

    /// A value as a message shows it: numbers as `state` writes them, strings quoted, lists in brackets.
    static func text(_ node: JSONNode) -> String {
        switch node.value {
        case .null: "null"
        case .bool(let b): "\(b)"
        case .number(let v): formatValue(v)
        case .string(let s): jsonQuoted(s)
        case .array(let elements): "[" + elements.map(text).joined(separator: ", ") + "]"
        case .object: "{…}"
        }
    }
}

extension JSONNode {
    /// The member named `key` of an object; nil for anything else.
    subscript(key: String) -> JSONNode? {
        guard case .object(let members) = value else { return nil }
        return members.first { $0.key == key }?.value
    }
}

/// `states.json`: its bytes and their parse.
package struct StatesDump: Sendable {
    package var bytes: [UInt8]
    package var node: JSONNode

    /// Parses a golden; throws a message that says what the file should have been.
    package init(bytes: [UInt8]) throws {
        self.bytes = bytes
        do {
            node = try JSONParser.parse(bytes)
        } catch {
            throw UnreadableGolden(
                description:
                    "not a states golden (\(error.location): \(error.message); expected a JSON array of states)")
        }
        guard case .array = node.value else {
            throw UnreadableGolden(description: "not a states golden (expected a JSON array of states)")
        }
    }

    /// The instants the dump holds, in its order.
    package var times: [Double] {
        guard case .array(let states) = node.value else { return [] }
        return states.compactMap { StateComparison.number($0["time"]) }
    }

    /// The states `refresh-frames state` prints at `times`.
    package init(_ states: [FrameState]) {
        let bytes = StateComparison.file(states.map(\.json))
        self.bytes = bytes
        // The dump is written by `FrameState.json`, which is valid JSON by construction.
        node = (try? JSONParser.parse(bytes)) ?? JSONNode(.array([]))
    }
}

extension Diffing where Value == StatesDump {
    /// Key-by-key comparison of `state` dumps.
    package static var states: Diffing {
        Diffing(
            toData: { $0.bytes }, fromData: { try StatesDump(bytes: $0) },
            compare: { actual, golden in
                let messages = StateComparison.compare(actual: actual.node, golden: golden.node)
                guard !messages.isEmpty else { return CheckOutcome(passed: true, message: "matches") }
                let more = messages.count > 5 ? "; and \(messages.count - 5) more" : ""
                return CheckOutcome(
                    passed: false, message: messages.prefix(5).joined(separator: "; ") + more,
                    details: messages.joined(separator: "\n"))
            })
    }
}
