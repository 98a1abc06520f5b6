/// A type as the code wrote it (`CGFloat`, `[UILabel]`, `NSTimer!`, `(Bool) -> Void`). The interpreter
/// reads it for what Swift's type checker would have told it: the numeric type a literal takes, the
/// type an implicit member (`.red`) belongs to, whether a property starts as nil.
package indirect enum TypeName: Hashable, Sendable, CustomStringConvertible {
    /// A named type with its generic arguments; qualified names keep their dots (`UIView.AnimationOptions`).
    case named(String, [TypeName])
    case optional(TypeName, implicitlyUnwrapped: Bool)
    case array(TypeName)
    case dictionary(TypeName, TypeName)
    case tuple([TypeName])
    case function([TypeName], TypeName)

    package static func named(_ name: String) -> TypeName { .named(name, []) }

    /// `Array<T>`, `Dictionary<K, V>`, `Optional<T>` read as `[T]`, `[K: V]`, `T?`.
    static func normalized(_ name: String, _ arguments: [TypeName]) -> TypeName {
        switch (name, arguments.count) {
        case ("Array", 1): .array(arguments[0])
        case ("Dictionary", 2): .dictionary(arguments[0], arguments[1])
        case ("Optional", 1): .optional(arguments[0], implicitlyUnwrapped: false)
        case ("ImplicitlyUnwrappedOptional", 1): .optional(arguments[0], implicitlyUnwrapped: true)
        default: .named(name, arguments)
        }
    }

    /// The type without optionals around it.
    package var unwrapped: TypeName {
        if case .optional(let wrapped, _) = self { return wrapped.unwrapped }
        return self
    }

    package var isOptional: Bool {
        if case .optional = self { return true }
        return false
    }

    package var isFunction: Bool {
        if case .function = unwrapped { return true }
        return false
    }

    /// The name of a named type (after optionals), nil for the others.
    package var name: String? {
        if case .named(let name, _) = unwrapped { return name }
        return nil
    }

    package var description: String {
        switch self {
        case .named(let name, let arguments):
            arguments.isEmpty ? name : "\(name)<\(arguments.map(\.description).joined(separator: ", "))>"
        case .optional(let wrapped, let iuo):
            (wrapped.isFunction ? "(\(wrapped))" : wrapped.description) + (iuo ? "!" : "?")
        case .array(let element): "[\(element)]"
        case .dictionary(let key, let value): "[\(key): \(value)]"
        case .tuple(let elements): "(\(elements.map(\.description).joined(separator: ", ")))"
        case .function(let parameters, let result):
            "(\(parameters.map(\.description).joined(separator: ", "))) -> \(result)"
        }
    }
}
