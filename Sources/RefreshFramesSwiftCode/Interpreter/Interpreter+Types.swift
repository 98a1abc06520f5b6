/// What the interpreter knows of types at run time: the numeric conversions Swift's type checker makes
/// for literals, casts, and how values print.
extension Interpreter {
    static let floatingTypes: Set<String> = [
        "Double", "CGFloat", "Float", "Float32", "Float64", "TimeInterval", "NSTimeInterval", "CFTimeInterval",
    ]

    func isFloating(_ type: TypeName?) -> Bool {
        guard let name = type?.unwrapped.name else { return false }
        return Self.floatingTypes.contains(name) || module.typeAliases[name].map(isFloating) == true
    }

    /// `value` as a value of `type` where Swift would have made it one: an integer where a CGFloat is
    /// expected (a literal, since Swift converts nothing else) becomes a double.
    func convert(_ value: Value, to type: TypeName?) -> Value {
        guard let type else { return value }
        switch (value, type.unwrapped) {
        case (.int(let n), _) where isFloating(type): return .double(Double(n))
        case (.array(let elements), .array(let element)) where isFloating(element):
            return .array(elements.map { convert($0, to: element) })
        default: return value
        }
    }

    /// The type of a value, as a hint for what is compared or assigned with it.
    func runtimeTypeName(_ value: Value) -> TypeName? {
        switch value {
        case .int: .named("Int")
        case .double: .named("Double")
        case .bool: .named("Bool")
        case .string: .named("String")
        case .array(let elements): elements.first.flatMap(runtimeTypeName).map { .array($0) }
        case .object(let instance): .named(instance.type.name)
        case .structure(let s): .named(s.type.name)
        case .enumCase(let e): .named(e.type.name)
        case .native(let n): .named(n.type.name)
        default: nil
        }
    }

    /// The type a written type names.
    func typeRef(_ type: TypeName, _ frame: Frame) -> TypeRef {
        switch type.unwrapped {
        case .array: return .array(type.unwrapped)
        case .dictionary: return .dictionary(type.unwrapped)
        case .named(let name, _):
            if name == "Self", let t = frame.type { return .program(t) }
            let parts = name.split(separator: ".").map(String.init)
            if var t = lookupType(parts[0], from: frame.type) {
                for part in parts.dropFirst() {
                    guard let nested = t.nested[part] else { return .unknown(name) }
                    t = nested
                }
                return .program(t)
            }
            if let alias = module.typeAliases[name] { return typeRef(alias, frame) }
            if let native = natives.type(name) { return .native(native) }
            if Self.primitiveTypes.contains(name) { return .primitive(name) }
            return .unknown(name)
        default:
            return .unknown(type.description)
        }
    }

    /// `as`, `as?`, `as!`: the value itself when it is one (or when its kind cannot be told: a
    /// protocol, a type the interpreter does not know), nil (`as?`) or an error (`as!`) otherwise.
    func cast(_ value: Value, to type: TypeName, _ kind: CastKind, at location: CodeLocation) throws(CodeDiagnostic)
        -> Value
    {
        if case .unknown = value { return value }
        if kind == .coerce { return convert(value, to: type) }
        if value.isNil {
            if kind == .conditional { return .nil }
            throw .error(at: location, "unexpectedly found nil casting to \(type) with 'as!'")
        }
        if isInstance(value, of: type) { return convert(value, to: type) }
        // A nib's root view of a custom class (`loadNibNamed(…)[0] as! RefreshView`): the host makes
        // it an object of that class, as UIKit does from the nib's customClass.
        if case .native(let native) = value, let name = type.unwrapped.name, let info = lookupType(name, from: nil),
            info.kind == .class, let nibObject, let made = try nibObject(native, info, location)
        {
            return made
        }
        if kind == .conditional { return .nil }
        throw .error(at: location, "could not cast \(describeType(value)) to \(type) (UIKit would crash here)")
    }

    func isInstance(_ value: Value, of type: TypeName) -> Bool {
        switch type.unwrapped {
        case .array: if case .array = value { return true } else { return false }
        case .dictionary: if case .dictionary = value { return true } else { return false }
        case .tuple: if case .tuple = value { return true } else { return false }
        case .function: if case .function = value { return true } else { return false }
        case .optional: return true
        case .named(let name, _):
            if ["Any", "AnyObject", "NSObject", "AnyClass"].contains(name) { return true }
            switch value {
            case .int: return ["Int", "Int32", "Int64", "UInt", "NSNumber", "NSInteger"].contains(name)
            case .double: return Self.floatingTypes.contains(name) || name == "NSNumber"
            case .bool: return name == "Bool" || name == "NSNumber"
            case .string: return ["String", "NSString", "Character"].contains(name)
            case .object(let instance):
                if instance.type.isSubclass(of: name) || conforms(instance.type, to: name) { return true }
                if let base = instance.type.nativeBase {
                    return natives.chain(base).contains { $0.name == name } || base == name
                        || natives.type(base) == nil
                            && !isKnownClass(name)
                }
                return false
            case .structure(let s): return s.type.name == name || conforms(s.type, to: name)
            case .enumCase(let e): return e.type.name == name || conforms(e.type, to: name)
            case .native(let n):
                let target = natives.type(name)?.name ?? name
                return natives.chain(n.type.name).contains { $0.name == target }
                    || (!isKnownClass(name) && isProtocolName(name))
            default:
                return !isKnownClass(name)
            }
        }
    }

    /// Whether `name` is a class or type the interpreter knows (so a cast to it can fail).
    private func isKnownClass(_ name: String) -> Bool {
        types[name] != nil || natives.type(name) != nil || Self.primitiveTypes.contains(name)
    }

    private func conforms(_ type: TypeInfo, to name: String) -> Bool {
        type.chain.contains { $0.inherits.contains { $0.name == name } }
    }

    // MARK: Text

    /// A value as `print` and string interpolation show it.
    package func describe(_ value: Value) -> String {
        switch value {
        case .void: return "()"
        case .bool(let b): return "\(b)"
        case .int(let n): return "\(n)"
        case .double(let x): return "\(x)"
        case .string(let s): return s
        case .nil: return "nil"
        case .array(let elements): return "[" + elements.map(debugDescribe).joined(separator: ", ") + "]"
        case .dictionary(let pairs):
            return pairs.isEmpty
                ? "[:]"
                : "[" + pairs.map { debugDescribe($0.key) + ": " + debugDescribe($0.value) }.joined(separator: ", ")
                    + "]"
        case .tuple(let values, let labels):
            return "("
                + zip(values, labels).map { ($1.map { "\($0): " } ?? "") + debugDescribe($0) }.joined(separator: ", ")
                + ")"
        case .range(let lower, let upper): return "\(lower)..<\(upper)"
        case .stride: return "StrideTo"
        case .function: return "(Function)"
        case .object(let instance): return instance.type.name
        case .structure(let s):
            let fields = s.type.storedProperties.compactMap { p in
                s.storage[p.name].map { "\(p.name): " + debugDescribe($0) }
            }
            return "\(s.type.name)(" + fields.joined(separator: ", ") + ")"
        case .enumCase(let e): return e.name
        case .native(let n): return n.type.describe?(n.payload) ?? n.type.name
        case .type(let t): return t.name
        case .selector(let s): return s
        case .keyPath(let names): return "\\." + names.joined(separator: ".")
        case .unknown(let u): return "<\(u.what), not supported>"
        }
    }

    /// Inside a collection strings print quoted, as Swift's debugDescription does.
    func debugDescribe(_ value: Value) -> String {
        if case .string(let s) = value {
            return "\"" + s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
                + "\""
        }
        return describe(value)
    }

    /// `an Int`, `a String`, `CustomRefreshView`: a value's kind for messages.
    package func describeType(_ value: Value) -> String {
        switch value {
        case .void: "()"
        case .bool: "a Bool"
        case .int: "an Int"
        case .double: "a Double"
        case .string: "a String"
        case .nil: "nil"
        case .array: "an array"
        case .dictionary: "a dictionary"
        case .tuple: "a tuple"
        case .range: "a range"
        case .stride: "a stride"
        case .function: "a function"
        case .object(let instance): instance.type.name
        case .structure(let s): s.type.name
        case .enumCase(let e): e.type.name
        case .native(let n): n.type.name
        case .type(let t): "the type \(t.name)"
        case .selector: "a selector"
        case .keyPath: "a key path"
        case .unknown(let u): u.what
        }
    }
}
