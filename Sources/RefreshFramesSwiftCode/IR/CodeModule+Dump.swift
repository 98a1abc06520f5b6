/// The decoded code as text, Swift-like, each declaration and statement with its `line:column`: what
/// the interpreter will run, to read and to diff (tests pin swiftc's AST shape through it). Operators
/// are parenthesised as they were folded; `a?.b` shows its chain's end as `(…)?`.
extension CodeModule {
    package var dump: String {
        var out = Dumper()
        for type in types { out.type(type) }
        for global in globals { out.property(global) }
        for function in functions { out.function(function) }
        for statement in statements { out.statement(statement) }
        return out.text
    }
}

struct Dumper {
    var text = ""
    var indent = 0

    mutating func line(_ s: String, _ location: CodeLocation?) {
        text += String(repeating: "  ", count: indent) + s
        if let location { text += "  @\(location.line):\(location.column)" }
        text += "\n"
    }

    mutating func type(_ type: TypeDecl) {
        let inherits = type.inherits.isEmpty ? "" : ": " + type.inherits.map(\.description).joined(separator: ", ")
        line("\(type.kind.rawValue) \(type.name)\(inherits)", type.location)
        indent += 1
        for c in type.cases { line("case \(c.name)" + (c.rawValue.map { " = " + expr($0) } ?? ""), c.location) }
        for property in type.properties { self.property(property) }
        for method in type.methods { function(method) }
        for nested in type.nested { self.type(nested) }
        indent -= 1
    }

    mutating func property(_ p: PropertyDecl) {
        var words: [String] = []
        if p.isStatic { words.append("static") }
        if p.isLazy { words.append("lazy") }
        if p.isWeak { words.append("weak") }
        words.append(p.isLet ? "let" : "var")
        var s = words.joined(separator: " ") + " " + p.name
        if let type = p.type { s += ": \(type)" }
        if let initial = p.initial { s += " = " + expr(initial) }
        line(s, p.location)
        indent += 1
        if let getter = p.getter { block("get", getter) }
        if let setter = p.setter { block("set(\(setter.parameter))", setter.body) }
        if let willSet = p.willSet { block("willSet(\(willSet.parameter))", willSet.body) }
        if let didSet = p.didSet { block("didSet(\(didSet.parameter))", didSet.body) }
        indent -= 1
    }

    mutating func block(_ head: String, _ body: [Stmt]) {
        line(head, nil)
        indent += 1
        for s in body { statement(s) }
        indent -= 1
    }

    func parameters(_ list: [Parameter]) -> String {
        list.map { p in
            var s = (p.label.map { $0 == p.name ? $0 : "\($0) \(p.name)" } ?? "_ \(p.name)")
            if let type = p.type { s += ": " + (p.isInout ? "inout " : "") + type.description }
            if let value = p.defaultValue { s += " = " + expr(value) }
            return s
        }.joined(separator: ", ")
    }

    mutating func function(_ f: FunctionDecl) {
        var head = (f.isStatic ? "static " : "") + (f.isMutating ? "mutating " : "") + (f.isOverride ? "override " : "")
        switch f.kind {
        case .function: head += "func \(f.name)"
        case .initializer(let failable, let convenience):
            head += (convenience ? "convenience " : "") + "init" + (failable ? "?" : "")
        }
        head += "(\(parameters(f.parameters)))"
        if let result = f.result { head += " -> \(result)" }
        line(head, f.location)
        indent += 1
        for s in f.body { statement(s) }
        indent -= 1
    }

    func conditions(_ list: [Condition]) -> String {
        list.map { c in
            switch c {
            case .boolean(let e): expr(e)
            case .optionalBinding(let p, let e): "let \(pattern(p)) = \(expr(e))"
            case .matches(let p, let e): "case \(pattern(p, matching: true)) = \(expr(e))"
            case .available: "#available"
            }
        }.joined(separator: ", ")
    }

    /// `matching`: in a `case`, where a name binds (`let x`) and anything else is compared.
    func pattern(_ p: Pattern, matching: Bool = false) -> String {
        switch p {
        case .name(let n): matching ? "let \(n)" : n
        case .wildcard: "_"
        case .tuple(let elements): "(" + elements.map { pattern($0, matching: matching) }.joined(separator: ", ") + ")"
        case .value(let e): expr(e)
        case .some(let inner): pattern(inner, matching: matching) + "?"
        case .isType(let t, let inner):
            (inner.map { pattern($0, matching: matching) + " as " } ?? "is ") + t.description
        case .typed(let inner, let t): pattern(inner, matching: matching) + ": " + t.description
        }
    }

    mutating func statement(_ s: Stmt) {
        let label: (String?) -> String = { $0.map { "\($0): " } ?? "" }
        switch s.kind {
        case .expression(let e): line(expr(e), s.location)
        case .binding(let b):
            var text = (b.isWeak ? "weak " : "") + (b.isLet ? "let " : "var ") + pattern(b.pattern)
            if let type = b.type { text += ": \(type)" }
            if let initial = b.initial { text += " = " + expr(initial) }
            line(text, s.location)
        case .function(let f): function(f)
        case .if(let c, let then, let otherwise):
            line("if \(conditions(c))", s.location)
            nested(then)
            if let otherwise { block("else", otherwise) }
        case .guard(let c, let otherwise):
            line("guard \(conditions(c)) else", s.location)
            nested(otherwise)
        case .forIn(let p, let sequence, let filter, let body, let l):
            line(
                label(l) + "for \(pattern(p)) in \(expr(sequence))" + (filter.map { " where " + expr($0) } ?? ""),
                s.location)
            nested(body)
        case .while(let c, let body, let l):
            line(label(l) + "while \(conditions(c))", s.location)
            nested(body)
        case .repeat(let body, let condition, let l):
            line(label(l) + "repeat", s.location)
            nested(body)
            line("while \(expr(condition))", nil)
        case .switch(let subject, let cases, let l):
            line(label(l) + "switch \(expr(subject))", s.location)
            indent += 1
            for c in cases {
                let head =
                    c.patterns.isEmpty
                    ? "default" : "case " + c.patterns.map { pattern($0, matching: true) }.joined(separator: ", ")
                line(head + (c.guardExpression.map { " where " + expr($0) } ?? ""), c.location)
                nested(c.body)
            }
            indent -= 1
        case .block(let body, let l):
            line(label(l) + "do", s.location)
            nested(body)
        case .return(let e): line("return" + (e.map { " " + expr($0) } ?? ""), s.location)
        case .break(let l): line("break" + (l.map { " " + $0 } ?? ""), s.location)
        case .continue(let l): line("continue" + (l.map { " " + $0 } ?? ""), s.location)
        case .fallthrough: line("fallthrough", s.location)
        case .defer(let body):
            line("defer", s.location)
            nested(body)
        case .unsupported(let what): line("unsupported \(what)", s.location)
        }
    }

    mutating func nested(_ body: [Stmt]) {
        indent += 1
        for s in body { statement(s) }
        indent -= 1
    }

    /// A string as Swift writes its literal.
    func quoted(_ s: String) -> String { s.debugDescription }

    func arguments(_ args: [Argument]) -> String {
        args.map { ($0.label.map { "\($0): " } ?? "") + ($0.isTrailingClosure ? "trailing " : "") + expr($0.value) }
            .joined(separator: ", ")
    }

    func expr(_ e: Expr) -> String {
        switch e.kind {
        case .integer(let n): return "\(n)"
        case .float(let x): return "\(x)"
        case .string(let s): return quoted(s)
        case .interpolation(let parts):
            return "\""
                + parts.map {
                    switch $0 {
                    case .literal(let s): String(quoted(s).dropFirst().dropLast())
                    case .expression(let e): "\\(" + expr(e) + ")"
                    }
                }.joined() + "\""
        case .bool(let b): return "\(b)"
        case .nil: return "nil"
        case .name(let n): return n
        case .self: return "self"
        case .super: return "super"
        case .member(let base, let name): return expr(base) + "." + name
        case .implicitMember(let name): return "." + name
        case .call(let callee, let args): return expr(callee) + "(" + arguments(args) + ")"
        case .subscript(let base, let args): return expr(base) + "[" + arguments(args) + "]"
        case .optionalChain(let inner): return "(" + expr(inner) + ")?"
        case .bindOptional(let inner): return expr(inner) + "?"
        case .forceUnwrap(let inner): return expr(inner) + "!"
        case .cast(let inner, let type, let kind): return "(\(expr(inner)) \(kind.rawValue) \(type))"
        case .isType(let inner, let type): return "(\(expr(inner)) is \(type))"
        case .binary(let op, let a, let b): return "(\(expr(a)) \(op) \(expr(b)))"
        case .prefix(let op, let a): return op + expr(a)
        case .postfix(let op, let a): return expr(a) + op
        case .increment(let a, let delta, let prefix):
            let op = delta > 0 ? "++" : "--"
            return prefix ? op + expr(a) : expr(a) + op
        case .ternary(let c, let a, let b): return "(\(expr(c)) ? \(expr(a)) : \(expr(b)))"
        case .assign(let a, let b): return "\(expr(a)) = \(expr(b))"
        case .compoundAssign(let op, let a, let b): return "\(expr(a)) \(op)= \(expr(b))"
        case .array(let elements): return "[" + elements.map(expr).joined(separator: ", ") + "]"
        case .dictionary(let entries):
            return entries.isEmpty
                ? "[:]" : "[" + entries.map { expr($0.key) + ": " + expr($0.value) }.joined(separator: ", ") + "]"
        case .tuple(let elements):
            return "(" + elements.map { ($0.label.map { "\($0): " } ?? "") + expr($0.value) }.joined(separator: ", ")
                + ")"
        case .closure(let c):
            var head = "{"
            if !c.captures.isEmpty {
                head +=
                    " ["
                    + c.captures.map { ($0.ownership == .strong ? "" : "\($0.ownership.rawValue) ") + $0.name }
                    .joined(separator: ", ") + "]"
            }
            let named = c.parameters.filter { !$0.name.hasPrefix("$") }
            if !named.isEmpty || c.result != nil || !c.captures.isEmpty {
                let list = named.map { p in p.name + (p.type.map { ": \($0)" } ?? "") }.joined(separator: ", ")
                head += " (" + list + ")" + (c.result.map { " -> \($0)" } ?? "") + " in"
            }
            var inner = Dumper()
            inner.indent = indent + 1
            for s in c.body { inner.statement(s) }
            return head + "\n" + inner.text + String(repeating: "  ", count: indent) + "}"
        case .selector(let name): return "#selector(\(name))"
        case .keyPath(let names): return "\\." + names.joined(separator: ".")
        case .type(let type): return "type(\(type))"
        case .inout(let inner): return "&" + expr(inner)
        case .discard: return "_"
        case .try(let inner, let optional): return (optional ? "try? " : "try ") + expr(inner)
        case .unsupported(let what): return "unsupported(\(what))"
        }
    }
}
