import RefreshFramesCompare
import RefreshFramesCore
import Testing

/// `states.json` compared as a person would read the difference: one line for a change that
/// repeats over instants or views, the old words for a change seen once.
@Suite struct StateComparisonTests {
    /// A dump of `labels` (tag, x, alpha) at each instant.
    static func dump(_ instants: [(time: Double, labels: [(tag: Int, x: Double, alpha: Double)])]) -> JSONNode {
        let states = instants.map { instant in
            let labels = instant.labels.map {
                "{\"tag\": \($0.tag), \"frame\": [\($0.x), 15.0, 20.0, 30.0], \"alpha\": \($0.alpha)}"
            }
            return "{\"time\": \(instant.time), \"contentAlpha\": 1.0, \"labels\": [\(labels.joined(separator: ", "))]}"
        }
        // swift-format-ignore: NeverForceUnwrap
        return try! JSONParser.parse(Array(("[" + states.joined(separator: ",\n") + "]").utf8))
    }

    static let times = [0.0, 0.3, 0.55, 1.0]
    static func labels(shift: Double = 0, alpha: (Double) -> Double = { _ in 1 }) -> JSONNode {
        dump(times.map { t in (t, (1...6).map { (tag: $0, x: 100 + 30 * Double($0) + shift, alpha: alpha(t)) }) })
    }

    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var actual: JSONNode
        var expected: [String]
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "one shift of every label", actual: labels(shift: 1),
            expected: ["tags 1–6: x +1 pt at every instant"]),
        Case(
            name: "one value changed for a span",
            actual: dump(
                times.map { t in
                    (
                        t,
                        (1...6).map {
                            (tag: $0, x: 100 + 30 * Double($0), alpha: $0 == 3 && t > 0.2 && t < 0.6 ? 0.4 : 1)
                        }
                    )
                }),
            expected: ["tag 3: alpha 1.0 → 0.4 from 0.30 s to 0.55 s"]),
        Case(
            name: "seen once: the old words",
            actual: dump(
                times.map { t in
                    (t, (1...6).map { (tag: $0, x: 100 + 30 * Double($0), alpha: $0 == 2 && t == 1 ? 0.5 : 1) })
                }),
            expected: ["tag 2: alpha 0.5 at 1.00 s, golden 1.0"]),
        Case(
            name: "a shift that varies is said instant by instant",
            actual: dump(
                times.map { t in (t, (1...6).map { (tag: $0, x: 100 + 30 * Double($0) + ($0 == 1 ? t : 0), alpha: 1) })
                }),
            expected: [
                "tag 1: frame [130.3, 15.0, 20.0, 30.0] at 0.30 s, golden [130.0, 15.0, 20.0, 30.0]",
                "tag 1: frame [130.55, 15.0, 20.0, 30.0] at 0.55 s, golden [130.0, 15.0, 20.0, 30.0]",
                "tag 1: frame [131.0, 15.0, 20.0, 30.0] at 1.00 s, golden [130.0, 15.0, 20.0, 30.0]",
            ]),
        Case(
            name: "some labels at some instants",
            actual: dump(
                times.map { t in
                    (
                        t,
                        (1...6).map {
                            (
                                tag: $0, x: 100 + 30 * Double($0) - ([1, 2, 4].contains($0) && t != 0.3 ? 2 : 0),
                                alpha: 1
                            )
                        }
                    )
                }),
            expected: ["tags 1, 2, 4: x -2 pt at 0.00 s, 0.55 s, 1.00 s"]),
    ]

    @Test(arguments: cases)
    func repeatedDifferencesAreOneLine(c: Case) {
        #expect(StateComparison.compare(actual: c.actual, golden: Self.labels()) == c.expected)
    }

    /// The check's message and details carry the grouped lines.
    @Test func theStatesDiffingSaysTheShiftOnce() throws {
        let golden = try StatesDump(bytes: Array(Self.labels().compact.utf8))
        let actual = try StatesDump(bytes: Array(Self.labels(shift: 1).compact.utf8))
        let outcome = Diffing<StatesDump>.states.compare(actual, golden)
        #expect(!outcome.passed)
        #expect(outcome.message == "tags 1–6: x +1 pt at every instant")
        #expect(outcome.details == "tags 1–6: x +1 pt at every instant")
        #expect(golden.times == Self.times)
    }
}

extension JSONNode {
    /// The node as one line of JSON (a dump the states golden can read back).
    fileprivate var compact: String {
        switch value {
        case .null: "null"
        case .bool(let b): "\(b)"
        case .number(let v): "\(v)"
        case .string(let s): jsonQuoted(s)
        case .array(let elements): "[" + elements.map(\.compact).joined(separator: ", ") + "]"
        case .object(let members):
            "{" + members.map { jsonQuoted($0.key) + ": " + $0.value.compact }.joined(separator: ", ") + "}"
        }
    }
}
