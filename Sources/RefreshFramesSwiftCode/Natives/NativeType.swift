/// A host value: `payload` is whatever the binding keeps. For a reference type (a view, a timer) it is
/// a class instance, shared by every copy; for a value type (a transform, a rect) a struct, copied.
package struct NativeValue {
    package let type: NativeType
    package var payload: Any

    package init(_ type: NativeType, _ payload: Any) {
        self.type = type
        self.payload = payload
    }

    /// The payload as `T`, or nil.
    package func payload<T>(as: T.Type) -> T? { payload as? T }
}

/// A host type the interpreted code may use: the table a binding fills in. Everything the code reaches
/// outside the program's own declarations goes through one of these; what is not in a table is
/// named at the code's `File.swift:LINE:COLUMN` as not supported.
package final class NativeType {
    package let name: String
    /// The host superclass (`UIView` for `UILabel`), looked up by name in the same library.
    package var superclass: String?
    /// Reference semantics: setting a member of a copy changes the original (classes); otherwise the
    /// value is copied and the change written back (structs).
    package var isReference: Bool
    package var initializers: [NativeFunction] = []
    /// `UIColor.red`, `CGAffineTransform.identity`, `DispatchQueue.main`; also what `.red` means where
    /// the context expects this type.
    package var staticProperties: [String: NativeStaticProperty] = [:]
    package var staticMethods: [NativeFunction] = []
    package var properties: [String: NativeProperty] = [:]
    package var methods: [NativeFunction] = []
    /// Binary operators with this type on either side: nil when the operands do not fit.
    package var operators: [String: (Value, Value, NativeContext) throws -> Value?] = [:]
    /// `==` on two payloads of this type; nil: identity for references, never equal otherwise.
    package var equals: ((Any, Any) -> Bool)?
    /// How `print` and string interpolation show a payload.
    package var describe: ((Any) -> String)?

    package init(_ name: String, superclass: String? = nil, isReference: Bool) {
        self.name = name
        self.superclass = superclass
        self.isReference = isReference
    }
}

package struct NativeStaticProperty {
    package var type: TypeName?
    package var get: (NativeContext) throws -> Value

    package init(type: TypeName? = nil, get: @escaping (NativeContext) throws -> Value) {
        self.type = type
        self.get = get
    }
}

package struct NativeProperty {
    /// The property's type: how a literal or `.member` assigned to it is read.
    package var type: TypeName?
    /// Receives the host value (`.native`; for a program subclass's object, its host part).
    package var get: (Value, NativeContext) throws -> Value
    /// nil for a read-only property. Receives the receiver to change (a copy, for value types).
    package var set: ((inout NativeValue, Value, NativeContext) throws -> Void)?
    /// Draws nothing the engine models (a label's `font`, `textAlignment`): a value the interpreter
    /// does not support is skipped with a warning instead of stopping the run.
    package var drawsNothing = false

    package init(
        type: TypeName? = nil, get: @escaping (Value, NativeContext) throws -> Value,
        set: ((inout NativeValue, Value, NativeContext) throws -> Void)? = nil, drawsNothing: Bool = false
    ) {
        self.type = type
        self.get = get
        self.set = set
        self.drawsNothing = drawsNothing
    }
}

package struct NativeParameter {
    /// The argument label (nil: unlabelled).
    package var label: String?
    /// What the argument should be: decides how literals and `.member` arguments are read, and which
    /// parameter an unlabelled trailing closure goes to.
    package var type: TypeName?
    /// The value when the call leaves it out (nil: the argument is required).
    package var defaultValue: Value?

    package init(_ label: String?, _ type: TypeName? = nil, default defaultValue: Value? = nil) {
        self.label = label
        self.type = type
        self.defaultValue = defaultValue
    }
}

/// A host function: a global, a static or instance method, or an initializer.
package struct NativeFunction {
    package var name: String
    package var parameters: [NativeParameter]
    /// Changes its (value-type) receiver: the interpreter writes the receiver back.
    package var isMutating = false
    /// Takes any value, unknown ones included (`print`): an unknown argument is not an error.
    package var acceptsUnknown = false
    /// Throws a `CodeDiagnostic` for what the code got wrong (`call.context.error(…)`); any other error
    /// is reported at the call with its description.
    package var body: (inout NativeCall) throws -> Value

    package init(
        _ name: String, _ parameters: [NativeParameter] = [], isMutating: Bool = false, acceptsUnknown: Bool = false,
        body: @escaping (inout NativeCall) throws -> Value
    ) {
        self.name = name
        self.parameters = parameters
        self.isMutating = isMutating
        self.acceptsUnknown = acceptsUnknown
        self.body = body
    }

    /// `scheduledTimer(timeInterval:target:selector:userInfo:repeats:)`.
    package var signature: String { name + "(" + parameters.map { ($0.label ?? "_") + ":" }.joined() + ")" }
}

/// What a native function's body receives.
package struct NativeCall {
    /// The receiver of a method: a native value, or a program object whose native part it works on.
    package var receiver: Value
    /// The arguments, one per parameter, defaults filled in.
    package var arguments: [Value]
    package let context: NativeContext

    package var location: CodeLocation { context.location }

    /// The receiver's native part (the object itself, or a program subclass's host object).
    package var native: NativeValue? {
        get {
            switch receiver {
            case .native(let n): n
            case .object(let instance): instance.native
            default: nil
            }
        }
        set {
            guard let newValue else { return }
            switch receiver {
            case .native: receiver = .native(newValue)
            case .object(let instance): instance.native = newValue
            default: break
            }
        }
    }
}

/// Runs a host closure: its errors become located diagnostics.
func host<T>(at location: CodeLocation, _ body: () throws -> T) throws(CodeDiagnostic) -> T {
    do {
        return try body()
    } catch let diagnostic as CodeDiagnostic {
        throw diagnostic
    } catch {
        throw .error(at: location, "\(error)")
    }
}

/// What natives may ask of the interpreter: the clock, calling back into the code, warnings.
package struct NativeContext {
    package unowned let interpreter: Interpreter
    /// Where the code called the native.
    package let location: CodeLocation

    package var runLoop: VirtualRunLoop { interpreter.runLoop }

    package func error(_ message: String) -> CodeDiagnostic { .error(at: location, message) }

    package func warn(_ message: String) { interpreter.warn(message, at: location) }

    /// Calls a closure or method value the code passed (a completion, a timer's block).
    package func call(_ function: Value, _ arguments: [Value]) throws(CodeDiagnostic) -> Value {
        try interpreter.call(function, arguments: arguments, at: location)
    }

    // Arguments as host values; a wrong kind is an error at the call.

    package func double(_ value: Value, _ what: String) throws(CodeDiagnostic) -> Double {
        switch value {
        case .double(let x): return x
        case .int(let n): return Double(n)
        default: throw error("\(what): expected a number, got \(interpreter.describeType(value))")
        }
    }

    package func int(_ value: Value, _ what: String) throws(CodeDiagnostic) -> Int {
        switch value {
        case .int(let n): return n
        case .double(let x) where x == x.rounded() && abs(x) < 1e15: return Int(x)
        default: throw error("\(what): expected an integer, got \(interpreter.describeType(value))")
        }
    }

    package func bool(_ value: Value, _ what: String) throws(CodeDiagnostic) -> Bool {
        guard case .bool(let b) = value else {
            throw error("\(what): expected true or false, got \(interpreter.describeType(value))")
        }
        return b
    }

    package func string(_ value: Value, _ what: String) throws(CodeDiagnostic) -> String {
        guard case .string(let s) = value else {
            throw error("\(what): expected a string, got \(interpreter.describeType(value))")
        }
        return s
    }
}

/// The host's types and globals, as one table: `NativeLibrary.standard` plus what a binding adds.
package struct NativeLibrary {
    package var types: [String: NativeType] = [:]
    /// Swift 2 and Objective-C names for the same type: `NSTimer` → `Timer`.
    package var typeAliases: [String: String] = [:]
    /// Global functions by base name (`print`, `min`, `CGAffineTransformMakeScale`, `dispatch_after`).
    package var functions: [String: [NativeFunction]] = [:]
    /// Global constants (`M_PI_4`, `CGAffineTransformIdentity`, `NSEC_PER_SEC`).
    package var constants: [String: NativeStaticProperty] = [:]
    /// Names of protocols: in an inheritance list they are no superclass.
    package var protocols: Set<String> = []

    package init() {}

    package mutating func add(_ type: NativeType) { types[type.name] = type }

    package mutating func add(function: NativeFunction) { functions[function.name, default: []].append(function) }

    /// The type named `name` (through aliases).
    package func type(_ name: String) -> NativeType? { types[name] ?? typeAliases[name].flatMap { types[$0] } }

    /// `self` with `other`'s entries added (`other` wins where both name a type or constant).
    package func merging(_ other: NativeLibrary) -> NativeLibrary {
        var merged = self
        merged.types.merge(other.types) { _, b in b }
        merged.typeAliases.merge(other.typeAliases) { _, b in b }
        for (name, list) in other.functions { merged.functions[name, default: []] += list }
        merged.constants.merge(other.constants) { _, b in b }
        merged.protocols.formUnion(other.protocols)
        return merged
    }

    /// `name`'s type followed by its host superclasses.
    package func chain(_ name: String) -> [NativeType] {
        var list: [NativeType] = []
        var next: String? = name
        while let n = next, let t = type(n), list.count < 32 {
            list.append(t)
            next = t.superclass
        }
        return list
    }
}
