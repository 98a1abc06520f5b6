/// One pass over the whole module before it runs: every type or global function the code names
/// (`UIFont`, `NSLocalizedString`, `UIActivityIndicatorView`) that neither the program nor the host
/// library knows is named at once, each at its first place, so that a team sees all of them after
/// one run instead of one per run. The run's own warning for the same name at the same place is
/// the same line (warnings are kept once per place and message).
extension Interpreter {
    package func warnUnknownNames() {
        var known: Set<String> = ["Self", "Any", "AnyObject", "Never", "Void", "Optional", "Array", "Dictionary"]
        func addTypes(_ decls: [TypeDecl]) {
            for decl in decls {
                known.insert(decl.name)
                for c in decl.cases { known.insert(c.name) }
                known.formUnion(decl.properties.map(\.name))
                known.formUnion(decl.methods.map(\.name))
                addTypes(decl.nested)
            }
        }
        addTypes(module.types)
        known.formUnion(module.functions.map(\.name))
        known.formUnion(module.globals.map(\.name))
        known.formUnion(module.typeAliases.keys)
        var seen: Set<String> = []
        var found: [(String, CodeLocation)] = []
        func isKnown(_ name: String) -> Bool {
            known.contains(name) || natives.type(name) != nil || natives.constants[name] != nil
                || natives.functions[name] != nil || Self.primitiveTypes.contains(name)
        }
        func name(_ n: String, at location: CodeLocation) {
            // Types and Objective-C globals are capitalised; `T` is most likely a generic parameter.
            guard let first = n.first, first.isUppercase, n.count > 1, !isKnown(n), seen.insert(n).inserted else {
                return
            }
            found.append((n, location))
        }
        // Every name the code declares (a file's `private let FrameCount`, a capitalised local) first.
        var declared = NameWalker(visit: { _, _ in }, declare: { known.insert($0) })
        declared.walkModule(module)
        var walker = NameWalker(visit: name, declare: { _ in })
        walker.walkModule(module)
        for (n, location) in found { warn("'\(n)' is not supported: skipped", at: location) }
    }
}

/// Visits every `name` expression in declarations, statements and expressions, in source order.
struct NameWalker {
    let visit: (String, CodeLocation) -> Void
    /// Names the code binds: parameters, `let`/`var`, patterns.
    let declare: (String) -> Void
    /// Bounds the walk on hostile nesting (the decoder bounds nesting already; this is a second fence).
    private var depth = 0

    init(visit: @escaping (String, CodeLocation) -> Void, declare: @escaping (String) -> Void) {
        self.visit = visit
        self.declare = declare
    }

    mutating func walkModule(_ module: CodeModule) {
        for decl in module.types { walk(decl) }
        for function in module.functions { walk(function) }
        for global in module.globals { walk(global) }
        walk(module.statements)
    }

    mutating func walk(_ decl: TypeDecl) {
        for p in decl.properties { walk(p) }
        for m in decl.methods { walk(m) }
        for c in decl.cases { if let raw = c.rawValue { walk(raw) } }
        for n in decl.nested { walk(n) }
    }

    mutating func walk(_ p: PropertyDecl) {
        if let initial = p.initial { walk(initial) }
        if let getter = p.getter { walk(getter) }
        for accessor in [p.setter, p.willSet, p.didSet] { if let a = accessor { walk(a.body) } }
    }

    mutating func walk(_ f: FunctionDecl) {
        declare(f.name)
        for p in f.parameters {
            declare(p.name)
            if let d = p.defaultValue { walk(d) }
        }
        walk(f.body)
    }

    mutating func walk(_ statements: [Stmt]) {
        for s in statements { walk(s) }
    }

    mutating func walk(_ s: Stmt) {
        guard depth < 200 else { return }
        depth += 1
        defer { depth -= 1 }
        switch s.kind {
        case .expression(let e): walk(e)
        case .binding(let b):
            walk(b.pattern)
            if let e = b.initial { walk(e) }
        case .function(let f): walk(f)
        case .if(let conditions, let then, let otherwise):
            walk(conditions)
            walk(then)
            if let otherwise { walk(otherwise) }
        case .guard(let conditions, let otherwise):
            walk(conditions)
            walk(otherwise)
        case .forIn(let pattern, let sequence, let filter, let body, _):
            walk(pattern)
            walk(sequence)
            if let filter { walk(filter) }
            walk(body)
        case .while(let conditions, let body, _):
            walk(conditions)
            walk(body)
        case .repeat(let body, let condition, _):
            walk(body)
            walk(condition)
        case .switch(let subject, let cases, _):
            walk(subject)
            for c in cases {
                for p in c.patterns { walk(p) }
                if let g = c.guardExpression { walk(g) }
                walk(c.body)
            }
        case .block(let body, _), .defer(let body): walk(body)
        case .return(let e): if let e { walk(e) }
        case .break, .continue, .fallthrough, .unsupported: break
        }
    }

    mutating func walk(_ conditions: [Condition]) {
        for c in conditions {
            switch c {
            case .boolean(let e): walk(e)
            case .optionalBinding(let p, let e), .matches(let p, let e):
                walk(p)
                walk(e)
            case .available: break
            }
        }
    }

    mutating func walk(_ p: Pattern) {
        switch p {
        case .value(let e): walk(e)
        case .tuple(let list): for q in list { walk(q) }
        case .some(let q), .typed(let q, _): walk(q)
        case .isType(_, let q): if let q { walk(q) }
        case .name(let n): declare(n)
        case .wildcard: break
        }
    }

    mutating func walk(_ e: Expr) {
        guard depth < 200 else { return }
        depth += 1
        defer { depth -= 1 }
        switch e.kind {
        case .name(let n): visit(n, e.location)
        case .interpolation(let parts):
            for case .expression(let x) in parts { walk(x) }
        case .member(let base, _), .optionalChain(let base), .bindOptional(let base), .forceUnwrap(let base),
            .cast(let base, _, _), .isType(let base, _), .prefix(_, let base), .postfix(_, let base),
            .increment(let base, _, _), .inout(let base), .try(let base, _):
            walk(base)
        case .call(let callee, let arguments), .subscript(let callee, let arguments):
            walk(callee)
            for a in arguments { walk(a.value) }
        case .binary(_, let a, let b), .assign(let a, let b), .compoundAssign(_, let a, let b):
            walk(a)
            walk(b)
        case .ternary(let a, let b, let c):
            walk(a)
            walk(b)
            walk(c)
        case .array(let list): for x in list { walk(x) }
        case .dictionary(let entries):
            for entry in entries {
                walk(entry.key)
                walk(entry.value)
            }
        case .tuple(let elements): for x in elements { walk(x.value) }
        case .closure(let c):
            for capture in c.captures {
                declare(capture.name)
                walk(capture.value)
            }
            for p in c.parameters { declare(p.name) }
            walk(c.body)
        case .integer, .float, .string, .bool, .nil, .self, .super, .implicitMember, .selector, .keyPath, .type,
            .discard, .unsupported:
            break
        }
    }
}
