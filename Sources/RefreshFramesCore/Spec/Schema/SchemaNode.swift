/// A JSON value whose objects keep their members in the order written: how the schema is built
/// (from Swift literals, `["type": "number", "minimum": 0]`, and from the property table) and printed.
indirect enum SchemaNode: Sendable, Equatable {
    case object([Member])
    case array([SchemaNode])
    case string(String)
    case number(Double)
    case bool(Bool)

    struct Member: Sendable, Equatable {
        var key: String
        var value: SchemaNode
    }

    /// The value as `json.dumps(value, indent=2, ensure_ascii=False)` prints it: two spaces an
    /// indent, one member or element a line, `{}` and `[]` when empty.
    var json: String {
        var out = ""
        write(to: &out, indent: "")
        return out
    }

    private func write(to out: inout String, indent: String) {
        let inner = indent + "  "
        switch self {
        case .object(let members):
            guard !members.isEmpty else {
                out += "{}"
                return
            }
            out += "{\n"
            for (i, m) in members.enumerated() {
                out += inner + jsonQuoted(m.key) + ": "
                m.value.write(to: &out, indent: inner)
                out += i + 1 < members.count ? ",\n" : "\n"
            }
            out += indent + "}"
        case .array(let elements):
            guard !elements.isEmpty else {
                out += "[]"
                return
            }
            out += "[\n"
            for (i, e) in elements.enumerated() {
                out += inner
                e.write(to: &out, indent: inner)
                out += i + 1 < elements.count ? ",\n" : "\n"
            }
            out += indent + "]"
        case .string(let s): out += jsonQuoted(s)
        case .number(let v): out += v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : "\(v)"
        case .bool(let b): out += b ? "true" : "false"
        }
    }

    /// Strings, as an `enum` lists them.
    static func strings(_ values: [String]) -> SchemaNode { .array(values.map(SchemaNode.string)) }

    /// Every case's raw value, in declaration order: what the decoder's `oneOf` accepts.
    static func cases<E: CaseIterable & RawRepresentable>(_ type: E.Type) -> SchemaNode where E.RawValue == String {
        strings(E.allCases.map(\.rawValue))
    }

    static func integer(_ value: Int) -> SchemaNode { .number(Double(value)) }

    /// A number the decoder reads in `range`: `{"type": "number", "description", "minimum", "maximum"}`.
    static func number(_ description: String, _ range: ClosedRange<Double>) -> SchemaNode {
        [
            "type": "number", "description": .string(description), "minimum": .number(range.lowerBound),
            "maximum": .number(range.upperBound),
        ]
    }

    /// The member `key` of an object.
    subscript(key: String) -> SchemaNode? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }
}

extension SchemaNode: ExpressibleByDictionaryLiteral, ExpressibleByArrayLiteral, ExpressibleByStringLiteral,
    ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, ExpressibleByBooleanLiteral
{
    init(dictionaryLiteral elements: (String, SchemaNode)...) {
        self = .object(elements.map { Member(key: $0.0, value: $0.1) })
    }

    init(arrayLiteral elements: SchemaNode...) { self = .array(elements) }
    init(stringLiteral value: String) { self = .string(value) }
    init(integerLiteral value: Int) { self = .number(Double(value)) }
    init(floatLiteral value: Double) { self = .number(value) }
    init(booleanLiteral value: Bool) { self = .bool(value) }
}
