/// A value of the interpreted program. Numbers: `Int`, and `double` for Double, CGFloat, Float and
/// TimeInterval alike (an integer literal becomes a double where Swift's type checker would have made
/// it one). Optionals are flat: `nil` or the value.
package indirect enum Value {
    case void
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case `nil`
    /// An array: a Swift array, so the interpreted one has value semantics too.
    case array([Value])
    case dictionary([DictionaryPair])
    case tuple([Value], labels: [String?])
    /// `lower..<upper` (a closed range is stored with `upper + 1`).
    case range(lower: Int, upper: Int)
    case stride(Stride)
    case function(Callable)
    /// An instance of one of the program's classes (a reference).
    case object(Instance)
    /// A value of one of the program's structs.
    case structure(StructValue)
    case enumCase(EnumValue)
    /// A value the host provides: a view, a timer, a transform.
    case native(NativeValue)
    case type(TypeRef)
    case selector(String)
    case keyPath([String])
    /// A value the interpreter cannot know, because it comes from something not supported; using it
    /// where it decides what happens is an error naming where it came from.
    case unknown(Unknown)

    package var isNil: Bool {
        if case .nil = self { return true }
        return false
    }

    package var unknown: Unknown? {
        if case .unknown(let u) = self { return u }
        return nil
    }

    /// The elements of an array value, taken out of it (it becomes `()`), so that they are held once
    /// and change without a copy. (A `switch` on the value would hold a second reference while it runs.)
    var arrayCount: Int? {
        if case .array(let elements) = self { return elements.count }
        return nil
    }

    func arrayElement(_ i: Int) -> Value? {
        if case .array(let elements) = self, elements.indices.contains(i) { return elements[i] }
        return nil
    }

    static func takeDictionary(_ value: inout Value) -> [DictionaryPair]? {
        guard case .dictionary(let pairs) = value else { return nil }
        value = .void
        return pairs
    }

    var isDictionary: Bool {
        if case .dictionary = self { return true }
        return false
    }

    static func takeArray(_ value: inout Value) -> [Value]? {
        guard case .array(let elements) = value else { return nil }
        value = .void
        return elements
    }
}

package struct DictionaryPair {
    package var key: Value
    package var value: Value
}

/// `stride(from:to:by:)` (or `through:`).
package struct Stride {
    package var from: Value
    package var to: Value
    package var by: Value
    package var inclusive: Bool
}

/// Where an unknown value came from: what was not supported, and where.
package struct Unknown: Sendable, Equatable {
    package var what: String
    package var location: CodeLocation
}

/// A line the code printed with `print`, and when.
package struct PrintedLine: Sendable, Equatable, CustomStringConvertible {
    /// Virtual time, microseconds.
    package var time: Int64
    package var text: String

    package var description: String { "\(VirtualRunLoop.format(time)) \(text)" }
}
