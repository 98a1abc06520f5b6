/// A team's Swift code, decoded from swiftc's parse into what the interpreter runs. Every node keeps
/// where the user wrote it.
public struct CodeModule: Sendable {
    public var types: [TypeDecl] = []
    /// Functions at file scope.
    public var functions: [FunctionDecl] = []
    /// `let` and `var` at file scope.
    public var globals: [PropertyDecl] = []
    /// Top-level statements (a script or main.swift), in order.
    public var statements: [Stmt] = []
    public var typeAliases: [String: TypeName] = [:]
    /// What the decoder could not read, each located (warnings; running such a node is an error).
    public var diagnostics: [CodeDiagnostic] = []
    /// swiftc's version, as its dump states it (`Swift version 6.3.1 (swift-6.3.1-RELEASE)`).
    public var compilerVersion: String = ""

    public init() {}

    /// The module holding both modules' declarations (the files of one program).
    public mutating func merge(_ other: CodeModule) {
        types += other.types
        functions += other.functions
        globals += other.globals
        statements += other.statements
        typeAliases.merge(other.typeAliases) { a, _ in a }
        diagnostics += other.diagnostics
        if compilerVersion.isEmpty { compilerVersion = other.compilerVersion }
    }
}

/// A class, struct, enum, extension or protocol.
public struct TypeDecl: Sendable {
    public enum Kind: String, Sendable {
        case `class`, `struct`, `enum`, `extension`, `protocol`
    }

    public var kind: Kind
    /// The type's name; for an extension, the extended type's.
    public var name: String
    /// The superclass and protocols (or an enum's raw type), in the order written.
    public var inherits: [TypeName]
    public var properties: [PropertyDecl] = []
    /// Methods, static methods and initializers.
    public var methods: [FunctionDecl] = []
    public var cases: [EnumCase] = []
    public var nested: [TypeDecl] = []
    public var location: CodeLocation

    public init(kind: Kind, name: String, inherits: [TypeName], location: CodeLocation) {
        self.kind = kind
        self.name = name
        self.inherits = inherits
        self.location = location
    }
}

public struct EnumCase: Sendable {
    public var name: String
    public var rawValue: Expr?
    public var location: CodeLocation
}

/// A stored or computed property, or a `let`/`var` at file scope.
public struct PropertyDecl: Sendable {
    public var name: String
    public var type: TypeName?
    public var initial: Expr?
    public var isStatic = false
    public var isLet = false
    public var isLazy = false
    public var isWeak = false
    /// A computed property's getter.
    public var getter: [Stmt]?
    public var setter: Accessor?
    public var willSet: Accessor?
    public var didSet: Accessor?
    public var location: CodeLocation

    public init(name: String, location: CodeLocation) {
        self.name = name
        self.location = location
    }

    public var isComputed: Bool { getter != nil }
}

/// A setter or observer: its parameter (`newValue`, `oldValue`) and body.
public struct Accessor: Sendable {
    public var parameter: String
    public var body: [Stmt]
}

/// A function, method, initializer or closure parameter list's owner.
public struct FunctionDecl: Sendable {
    public enum Kind: Sendable, Equatable {
        case function
        case initializer(failable: Bool, convenience: Bool)
    }

    /// The base name (`animateRefreshStep1`; `init` for initializers).
    public var name: String
    public var kind: Kind = .function
    public var parameters: [Parameter]
    public var result: TypeName?
    public var body: [Stmt]
    public var isStatic = false
    public var isMutating = false
    public var isOverride = false
    public var location: CodeLocation

    public init(name: String, parameters: [Parameter], body: [Stmt], location: CodeLocation) {
        self.name = name
        self.parameters = parameters
        self.body = body
        self.location = location
    }

    /// The full name: `tableView(_:numberOfRowsInSection:)`.
    public var signature: String {
        name + "(" + parameters.map { ($0.label ?? "_") + ":" }.joined() + ")"
    }
}

public struct Parameter: Sendable {
    /// The argument label; nil when written `_` (or for a closure's parameters).
    public var label: String?
    public var name: String
    public var type: TypeName?
    public var defaultValue: Expr?
    public var isInout = false
    public var isVariadic = false

    public init(label: String?, name: String, type: TypeName? = nil, defaultValue: Expr? = nil) {
        self.label = label
        self.name = name
        self.type = type
        self.defaultValue = defaultValue
    }
}
