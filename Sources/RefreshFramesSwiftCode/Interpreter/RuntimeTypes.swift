/// One of the program's types at run time: its declaration and extensions merged, its superclass
/// resolved, its static storage.
package final class TypeInfo {
    package let name: String
    package let kind: TypeDecl.Kind
    package let location: CodeLocation
    /// The inheritance list as written (superclass first, then protocols).
    var inherits: [TypeName] = []
    /// The program superclass, if any.
    package internal(set) var superclass: TypeInfo?
    /// The first superclass that is not the program's (`UIRefreshControl`), bound or not.
    package internal(set) var nativeBaseName: String?
    package internal(set) var storedProperties: [PropertyDecl] = []
    var computedProperties: [String: PropertyDecl] = [:]
    var methods: [String: [FunctionDecl]] = [:]
    var initializers: [FunctionDecl] = []
    var staticProperties: [String: PropertyDecl] = [:]
    var staticMethods: [String: [FunctionDecl]] = [:]
    var staticStorage: [String: Value] = [:]
    var cases: [EnumCase] = []
    var rawType: TypeName?
    var nested: [String: TypeInfo] = [:]
    weak var outer: TypeInfo?

    init(name: String, kind: TypeDecl.Kind, location: CodeLocation) {
        self.name = name
        self.kind = kind
        self.location = location
    }

    /// This type and its program superclasses, nearest first.
    var chain: [TypeInfo] {
        var list: [TypeInfo] = []
        var t: TypeInfo? = self
        while let current = t, list.count < 64 {
            list.append(current)
            t = current.superclass
        }
        return list
    }

    /// The native type at the base of the chain (`UIView` for a UIView subclass).
    package var nativeBase: String? { chain.last?.nativeBaseName }

    func isSubclass(of name: String) -> Bool { chain.contains { $0.name == name } }

    func method(_ name: String) -> [FunctionDecl] {
        for t in chain { if let found = t.methods[name], !found.isEmpty { return found } }
        return []
    }

    func property(_ name: String) -> PropertyDecl? {
        for t in chain {
            if let p = t.computedProperties[name] { return p }
            if let p = t.storedProperties.first(where: { $0.name == name }) { return p }
        }
        return nil
    }

    /// A static property, method or nested type here or in a superclass.
    func staticOwner(of name: String) -> TypeInfo? {
        chain.first { $0.staticProperties[name] != nil || $0.staticMethods[name] != nil || $0.nested[name] != nil }
    }
}

/// An instance of a program class: its stored properties, and the host object of its native
/// superclass once `super.init` (or the implicit one) has made it.
package final class Instance {
    package let type: TypeInfo
    var storage: [String: Value] = [:]
    /// The host part (`UIRefreshControl`'s state); nil until initialized, or when the base is not bound.
    package internal(set) var native: NativeValue?

    init(type: TypeInfo) {
        self.type = type
    }

    /// A stored property's value as the program left it (nil when it has none).
    package func stored(_ name: String) -> Value? { storage[name] }
}

/// A value of a program struct.
package struct StructValue {
    package let type: TypeInfo
    var storage: [String: Value]
}

/// A case of a program enum.
package struct EnumValue {
    package let type: TypeInfo
    package let name: String
}

/// A type used as a value (`UIView`, `Step1`, `Self`).
package enum TypeRef {
    case program(TypeInfo)
    case native(NativeType)
    /// Int, Double, CGFloat, String, Bool, and the like.
    case primitive(String)
    case array(TypeName)
    case dictionary(TypeName)
    /// A name the interpreter knows nothing of (a protocol, or a type not supported).
    case unknown(String)

    package var name: String {
        switch self {
        case .program(let t): t.name
        case .native(let t): t.name
        case .primitive(let name), .unknown(let name): name
        case .array(let t), .dictionary(let t): t.description
        }
    }
}

/// Something that can be called.
package enum Callable {
    case closure(ClosureValue)
    /// A method bound to its receiver (`self.step1`, passed as a value).
    case method(BoundMethod)
    case native(NativeFunction, receiver: Value?)
    /// A type called as a function: its initializers.
    case initializer(TypeRef)
}

/// A closure and the scope it captured (by reference, as Swift does).
package final class ClosureValue {
    let closure: Closure
    /// Emptied when the interpreter goes away (see `Interpreter.deinit`).
    var scope: Scope
    let context: Frame

    init(closure: Closure, scope: Scope, context: Frame) {
        self.closure = closure
        self.scope = scope
        self.context = context
    }

    package var location: CodeLocation { closure.location }
}

package struct BoundMethod {
    let function: FunctionDecl
    let receiver: Value
    let owner: TypeInfo
}

/// A variable: a box, so closures share it with the scope that declared it.
final class Box {
    var value: Value
    /// Declared type, for the literals assigned to it later.
    let type: TypeName?

    init(_ value: Value, type: TypeName? = nil) {
        self.value = value
        self.type = type
    }
}

/// Names declared in one block, and the block around it.
final class Scope {
    private var names: [String: Box] = [:]
    let parent: Scope?

    init(parent: Scope?) {
        self.parent = parent
    }

    func declare(_ name: String, _ value: Value, type: TypeName? = nil) {
        names[name] = Box(value, type: type)
    }

    func declare(_ name: String, box: Box) {
        names[name] = box
    }

    func lookup(_ name: String) -> Box? {
        var s: Scope? = self
        while let current = s {
            if let box = current.names[name] { return box }
            s = current.parent
        }
        return nil
    }
}

/// What a running function knows beyond its scopes (where `self` is declared): the type it belongs
/// to, its declared result, its name for messages.
struct Frame {
    var type: TypeInfo?
    /// In a static method: `self` is the type.
    var isStatic = false
    var result: TypeName?
    var name: String
    /// In an initializer: the type being initialized (for `super.init`).
    var initializing: TypeInfo?
}
