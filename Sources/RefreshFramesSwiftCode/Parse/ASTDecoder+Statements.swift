extension ASTDecoder {
    /// A brace statement's statements, each located.
    mutating func decodeBlock(_ brace: ASTNode) throws(CodeDiagnostic) -> [Stmt] {
        try enter()
        defer { depth -= 1 }
        return try within(brace) { (d: inout ASTDecoder) throws(CodeDiagnostic) -> [Stmt] in
            if d.cursor.current?.is("{") == true { d.cursor.advance() }
            return try d.decodeStatements(brace.nodes("elements"))
        }
    }

    mutating func decodeStatements(_ elements: [ASTNode]) throws(CodeDiagnostic) -> [Stmt] {
        var statements: [Stmt] = []
        var k = 0
        while k < elements.count {
            let element = elements[k]
            k += 1
            switch element.kind {
            case "pattern_binding_decl":
                var variables: [ASTNode] = []
                while k < elements.count, elements[k].kind == "var_decl" {
                    variables.append(elements[k])
                    k += 1
                }
                statements += try decodeBindings(element, variables: variables)
            case "var_decl":
                continue
            case "func_decl":
                let function = try decodeFunction(element)
                statements.append(Stmt(.function(function), at: function.location))
            default:
                statements.append(try decodeStatement(element))
            }
        }
        return statements
    }

    mutating func decodeBindings(_ node: ASTNode, variables: [ASTNode]) throws(CodeDiagnostic) -> [Stmt] {
        try within(node) { (d: inout ASTDecoder) throws(CodeDiagnostic) -> [Stmt] in
            var statements: [Stmt] = []
            let keyword = d.cursor.find { $0.is("let") || $0.is("var") }
            for entry in node.nodes("pattern_entries") {
                guard let patternNode = entry.node("pattern") else { continue }
                let names = d.boundNames(patternNode)
                let first = variables.first { names.contains($0.declName?.base ?? "") }
                var binding = Binding(
                    isLet: first?.flag("let") ?? (keyword?.is("let") ?? false), pattern: .wildcard, type: nil,
                    initial: nil)
                binding.isWeak = variables.contains { v in
                    v.nodes("attrs").contains { $0.flag("weak") || $0.flag("unowned") }
                }
                let location = d.location(keyword)
                binding.pattern = try d.decodePattern(patternNode, binds: true)
                if case .typed(let inner, let type) = binding.pattern {
                    binding.pattern = inner
                    binding.type = type
                }
                if let variable = first, !variable.nodes("accessors").isEmpty {
                    d.unsupported("a computed local variable", at: location)
                }
                if let initial = entry.node("original_init") {
                    _ = d.cursor.find("=")
                    binding.initial = try d.decodeExpr(initial)
                }
                statements.append(Stmt(.binding(binding), at: location))
            }
            return statements
        }
    }

    /// A pattern; `binds`: names bind (after `let`/`var`) rather than compare.
    mutating func decodePattern(_ node: ASTNode, binds: Bool) throws(CodeDiagnostic) -> Pattern {
        switch node.kind {
        case "pattern_named":
            let name = node.declName?.base ?? "_"
            _ = cursor.find(name)
            return .name(name)
        case "pattern_any":
            _ = cursor.find("_")
            return .wildcard
        case "pattern_typed":
            let inner =
                try node.node("sub_pattern").map { (p: ASTNode) throws(CodeDiagnostic) in
                    try decodePattern(p, binds: binds)
                } ?? .wildcard
            if let type = annotation() { return .typed(inner, type) }
            return inner
        case "pattern_binding":
            _ = cursor.find { $0.is("let") || $0.is("var") }
            return try node.node("sub_pattern").map { (p: ASTNode) throws(CodeDiagnostic) in
                try decodePattern(p, binds: true)
            } ?? .wildcard
        case "pattern_paren":
            return try node.node("sub_pattern").map { (p: ASTNode) throws(CodeDiagnostic) in
                try decodePattern(p, binds: binds)
            } ?? .wildcard
        case "pattern_tuple":
            var elements: [Pattern] = []
            for element in node.nodes("elements") { elements.append(try decodePattern(element, binds: binds)) }
            return .tuple(elements)
        case "pattern_optional_some":
            return .some(
                try node.node("sub_pattern").map { (p: ASTNode) throws(CodeDiagnostic) in
                    try decodePattern(p, binds: binds)
                } ?? .wildcard)
        case "pattern_is":
            guard let isToken = cursor.find("is") ?? cursor.find("as"), let type = typeAfter(isToken) else {
                return .value(Expr(.unsupported("this pattern"), at: anchorLocation))
            }
            return .isType(type, nil)
        case "pattern_expr":
            guard let expr = node.node("sub_expr") else { return .wildcard }
            return try patternFromExpr(expr, binds: binds)
        default:
            let at = anchorLocation
            unsupported("the pattern \(kindName(node.kind))", at: at)
            return .value(Expr(.unsupported("the pattern \(kindName(node.kind))"), at: at))
        }
    }

    /// A pattern the parser left as an expression (`.some(let x)`, `let x?`, `(1, let y)`, `.red`).
    mutating func patternFromExpr(_ node: ASTNode, binds: Bool) throws(CodeDiagnostic) -> Pattern {
        switch node.kind {
        case "unresolved_pattern_expr":
            return try node.node("sub_pattern").map { (p: ASTNode) throws(CodeDiagnostic) in
                try decodePattern(p, binds: binds)
            } ?? .wildcard
        case "bind_optional_expr":
            let inner =
                try node.node("sub_expr").map { (e: ASTNode) throws(CodeDiagnostic) in
                    try patternFromExpr(e, binds: binds)
                } ?? .wildcard
            _ = cursor.find("?")
            return .some(inner)
        case "tuple_expr", "paren_expr":
            _ = cursor.find("(")
            let children =
                node.kind == "paren_expr" ? [node.node("sub_expr")].compactMap { $0 } : node.nodes("elements")
            var elements: [Pattern] = []
            for child in children { elements.append(try patternFromExpr(child, binds: binds)) }
            return node.kind == "paren_expr" && elements.count == 1 ? elements[0] : .tuple(elements)
        case "discard_assignment_expr":
            _ = cursor.find("_")
            return .wildcard
        case "unresolved_decl_ref_expr" where binds:
            let name = node.string("name") ?? "_"
            _ = cursor.find(name)
            return .name(name)
        default:
            return .value(try decodeExpr(node))
        }
    }

    mutating func decodeConditions(_ nodes: [ASTNode]) throws(CodeDiagnostic) -> [Condition] {
        var conditions: [Condition] = []
        for node in nodes {
            switch node.kind {
            case "pattern":
                guard let pattern = node.node("pattern"), let value = node.node("initializer") else { continue }
                let decoded = try decodePattern(pattern, binds: false)
                _ = cursor.find("=")
                let initial = try decodeExpr(value)
                if pattern.kind == "pattern_binding", pattern.node("sub_pattern")?.kind != "pattern_expr" {
                    conditions.append(.optionalBinding(decoded, initial))
                } else {
                    conditions.append(.matches(decoded, initial))
                }
            case "#available", "#unavailable":
                _ = cursor.find(node.kind)
                conditions.append(.available)
            default:
                conditions.append(.boolean(try decodeExpr(node)))
            }
        }
        return conditions
    }

    /// The label before a statement (`outer: while …`), read from the tokens at its start.
    func label(of node: ASTNode) -> String? {
        guard let range = node.range else { return nil }
        let k = cursor.firstToken(atOrAfter: range.start)
        let tokens = cursor.tokens
        guard k + 1 < tokens.count, tokens[k].kind == .identifier, tokens[k + 1].is(":") else { return nil }
        return tokens[k].text
    }

    /// The label after `break` or `continue`, from the tokens of the statement's range.
    func jumpLabel(of node: ASTNode) -> String? {
        guard let range = node.range, range.end > range.start else { return nil }
        let k = cursor.firstToken(atOrAfter: range.end)
        return k < cursor.tokens.count && cursor.tokens[k].kind == .identifier ? cursor.tokens[k].text : nil
    }

    mutating func decodeStatement(_ node: ASTNode) throws(CodeDiagnostic) -> Stmt {
        try enter()
        defer { depth -= 1 }
        let start = node.range?.start
        return try within(node) { (d: inout ASTDecoder) throws(CodeDiagnostic) -> Stmt in
            var at = d.location(ofByte: start ?? (d.cursor.current?.start ?? d.anchor))
            let kind = try d.decodeStatementKind(node, location: &at)
            return Stmt(kind, at: at)
        }
    }

    private mutating func body(_ node: ASTNode, _ key: String) throws(CodeDiagnostic) -> [Stmt] {
        guard let brace = node.node(key) else { return [] }
        return try decodeBlock(brace)
    }

    private mutating func decodeStatementKind(_ node: ASTNode, location: inout CodeLocation) throws(CodeDiagnostic)
        -> Stmt.Kind
    {
        switch node.kind {
        case "brace_stmt":
            return .block(try decodeStatements(node.nodes("elements")), label: nil)
        case "do_stmt":
            return .block(try body(node, "body"), label: label(of: node))
        case "do_catch_stmt":
            // Nothing the interpreter runs throws: the catch clauses never run.
            return .block(try body(node, "body"), label: label(of: node))
        case "return_stmt":
            _ = cursor.find("return")
            return .return(try node.node("result").map { (e: ASTNode) throws(CodeDiagnostic) in try decodeExpr(e) })
        case "if_stmt":
            _ = cursor.find("if")
            let conditions = try decodeConditions(node.nodes("conditions"))
            let then = try body(node, "then_stmt")
            var otherwise: [Stmt]?
            if let other = node.node("else_stmt") {
                otherwise = other.kind == "brace_stmt" ? try decodeBlock(other) : [try decodeStatement(other)]
            }
            return .if(conditions, then: then, else: otherwise)
        case "guard_stmt":
            _ = cursor.find("guard")
            let conditions = try decodeConditions(node.nodes("conditions"))
            return .guard(conditions, else: try body(node, "body"))
        case "for_each_stmt":
            _ = cursor.find("for")
            guard let patternNode = node.node("pattern"),
                let sequence = node.node("parsed_sequence") ?? node.node("sequence")
            else { return .unsupported("this for loop") }
            let pattern = try decodePattern(patternNode, binds: true)
            _ = cursor.find("in")
            let values = try decodeExpr(sequence)
            var filter: Expr?
            if let w = node.node("where") {
                _ = cursor.find("where")
                filter = try decodeExpr(w)
            }
            let loopBody = try body(node, "body")
            let label = label(of: node)
            if patternNode.kind == "pattern_binding" || patternNode.kind == "pattern_expr",
                patternNode.node("sub_pattern")?.kind == "pattern_expr" || patternNode.kind == "pattern_expr"
            {
                // `for case let x? in xs`: a pattern that filters.
                return .forIn(pattern, sequence: values, where: filter, body: loopBody, label: label)
            }
            return .forIn(pattern, sequence: values, where: filter, body: loopBody, label: label)
        case "while_stmt":
            _ = cursor.find("while")
            let conditions = try decodeConditions(node.nodes("conditions"))
            return .while(conditions, body: try body(node, "body"), label: label(of: node))
        case "repeat_while_stmt":
            _ = cursor.find("repeat")
            let loopBody = try body(node, "body")
            _ = cursor.find("while")
            guard let condition = node.node("cond") else { return .unsupported("this repeat loop") }
            return .repeat(body: loopBody, condition: try decodeExpr(condition), label: label(of: node))
        case "switch_stmt":
            _ = cursor.find("switch")
            guard let subject = node.node("subject_expr") else { return .unsupported("this switch") }
            let value = try decodeExpr(subject)
            var cases: [SwitchCase] = []
            for c in node.nodes("cases") where c.kind == "case_stmt" { cases.append(try decodeCase(c)) }
            return .switch(value, cases: cases, label: label(of: node))
        case "break_stmt":
            return .break(label: jumpLabel(of: node))
        case "continue_stmt":
            return .continue(label: jumpLabel(of: node))
        case "fallthrough_stmt":
            return .fallthrough
        case "defer_stmt":
            guard let function = node.node("temp_decl"), let brace = function.node("body") else {
                return .unsupported("this defer")
            }
            _ = cursor.find("defer")
            return .defer(try decodeBlock(brace))
        case "throw_stmt":
            unsupported("'throw'", at: location)
            return .unsupported("'throw'")
        default:
            if node.kind.hasSuffix("_stmt") || node.kind.hasSuffix("_decl") {
                let what = kindName(node.kind)
                unsupported(what, at: location)
                return .unsupported(what)
            }
            let mark = cursor.found.count
            let expr = try decodeExpr(node)
            location = cursor.found.count > mark ? self.location(ofByte: cursor.found[mark]) : expr.location
            return .expression(expr)
        }
    }

    mutating func decodeCase(_ node: ASTNode) throws(CodeDiagnostic) -> SwitchCase {
        try within(node) { (d: inout ASTDecoder) throws(CodeDiagnostic) -> SwitchCase in
            let keyword = d.cursor.find { $0.is("case") || $0.is("default") }
            var patterns: [Pattern] = []
            var guardExpression: Expr?
            for item in node.nodes("case_label_items") where !item.flag("default") {
                if let pattern = item.node("pattern") { patterns.append(try d.decodePattern(pattern, binds: false)) }
                if let w = item.node("where_expr") {
                    _ = d.cursor.find("where")
                    guardExpression = try d.decodeExpr(w)
                }
            }
            let statements = try d.body(node, "body")
            return SwitchCase(
                patterns: patterns, guardExpression: guardExpression, body: statements, location: d.location(keyword))
        }
    }

    /// The type after `as`, `as?`, `as!` or `is` at `keyword`; the cursor moves past it.
    mutating func typeAfter(_ keyword: Token) -> TypeName? {
        var k = cursor.firstToken(atOrAfter: keyword.start) + 1
        if k < cursor.tokens.count, !cursor.tokens[k].spaceBefore, cursor.tokens[k].is("?") || cursor.tokens[k].is("!")
        {
            k += 1
        }
        guard let (type, next) = TypeParser.parse(cursor.tokens, from: k) else { return nil }
        cursor.move(to: next)
        return type
    }
}
