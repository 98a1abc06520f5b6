/// A team's Swift code, decoded from swiftc's parse into what the interpreter runs. Every node keeps
/// where the user wrote it.
package struct CodeModule: Sendable {
    package var types: [TypeDecl] = []
    /// Functions at file scope.
    package var functions: [FunctionDecl] = []
    /// `let` and `var` at file scope.
    package var globals: [PropertyDecl] = []
    /// Top-level statements (a script or main.swift), in order.
    package var statements: [Stmt] = []
    package var typeAliases: [String: TypeName] = [:]
    /// What the decoder could not read, each located (warnings; running such a node is an error).
    package var diagnostics: [CodeDiagnostic] = []
    /// swiftc's version, as its dump states it (`Swift version 6.3.1 (swift-6.3.1-RELEASE)`).
    package var compilerVersion: String = ""

    package init() {}

    /// The module holding both modules' declarations (the files of one program).
    package mutating func merge(_ other: CodeModule) {
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
package struct TypeDecl: Sendable {
    package enum Kind: String, Sendable {
        case `class`, `struct`, `enum`, `extension`, `protocol`
    }

    package var kind: Kind
    /// The type's name; for an extension, the extended type's.
    package var name: String
    /// The superclass and protocols (or an enum's raw type), in the order written.
    package var inherits: [TypeName]
    package var properties: [PropertyDecl] = []
    /// Methods, static methods and initializers.
    package var methods: [FunctionDecl] = []
    package var cases: [EnumCase] = []
    package var nested: [TypeDecl] = []
    package var location: CodeLocation

    package init(kind: Kind, name: String, inherits: [TypeName], location: CodeLocation) {
        self.kind = kind
        self.name = name
        self.inherits = inherits
        self.location = location
    }
}

package struct EnumCase: Sendable {
    package var name: String
    package var rawValue: Expr?
    package var location: CodeLocation
}

/// A stored or computed property, or a `let`/`var` at file scope.
package struct PropertyDecl: Sendable {
    package var name: String
    package var type: TypeName?
    package var initial: Expr?
    package var isStatic = false
    package var isLet = false
    package var isLazy = false
    package var isWeak = false
    /// `@IBOutlet`: a nib connects it.
    package var isOutlet = false
    /// A computed property's getter.
    package var getter: [Stmt]?
    package var setter: Accessor?
    package var willSet: Accessor?
    package var didSet: Accessor?
    package var location: CodeLocation

    package init(name: String, location: CodeLocation) {
        self.name = name
        self.location = location
    }

    package var isComputed: Bool { getter != nil }

    /// `@IBOutlet var views: [UIView]!`: an outlet collection.
    package var isOutletCollection: Bool {
        guard isOutlet, case .optional(.array, _)? = type else { return false }
        return true
    }

    /// What connects an outlet collection: the spec's `"outlets"`, which import writes from the
    /// document's `<outletCollection>` connections.
    package static func outletCollectionNotGiven(_ name: String) -> String {
        "the spec's \"outlets\" give no \"\(name)\": [tags] (import writes them from the document's <outletCollection> connections)"
    }
}

/// A setter or observer: its parameter (`newValue`, `oldValue`) and body.
package struct Accessor: Sendable {
    package var parameter: String
    package var body: [Stmt]
}

/// A function, method, initializer or closure parameter list's owner.
package struct FunctionDecl: Sendable {
    package enum Kind: Sendable, Equatable {
        case function
        case initializer(failable: Bool, convenience: Bool)
    }

    /// The base name (`animateRefreshStep1`; `init` for initializers).
    package var name: String
    package var kind: Kind = .function
    package var parameters: [Parameter]
    package var result: TypeName?
    package var body: [Stmt]
    package var isStatic = false
    package var isMutating = false
    package var isOverride = false
    package var location: CodeLocation

    package init(name: String, parameters: [Parameter], body: [Stmt], location: CodeLocation) {
        self.name = name
        self.parameters = parameters
        self.body = body
        self.location = location
    }

    /// The full name: `tableView(_:numberOfRowsInSection:)`.
    package var signature: String {
        name + "(" + parameters.map { ($0.label ?? "_") + ":" }.joined() + ")"
    }
}

package struct Parameter: Sendable {
    /// The argument label; nil when written `_` (or for a closure's parameters).
    package var label: String?
    package var name: String
    package var type: TypeName?
    package var defaultValue: Expr?
    package var isInout = false
    package var isVariadic = false

    package init(label: String?, name: String, type: TypeName? = nil, defaultValue: Expr? = nil) {
        self.label = label
        self.name = name
        self.type = type
        self.defaultValue = defaultValue
    }
}
