extension ASTDecoder {
    /// An expression. `chained`: it is the base of a member, call, subscript, `!` or `?`, so an
    /// optional chain inside it does not end here.
    mutating func decodeExpr(_ node: ASTNode, chained: Bool = false) throws(CodeDiagnostic) -> Expr {
        try enter()
        defer { depth -= 1 }
        let expr = try decodeExprKind(node)
        if !chained, Self.bindsOptional(expr) { return Expr(.optionalChain(expr), at: expr.location) }
        return expr
    }

    /// Whether a `?` lies along the chain of bases of `expr`.
    static func bindsOptional(_ expr: Expr) -> Bool {
        switch expr.kind {
        case .bindOptional: true
        case .member(let base, _), .call(let base, _), .subscript(let base, _), .forceUnwrap(let base):
            bindsOptional(base)
        default: false
        }
    }

    private mutating func arguments(_ list: ASTNode?) throws(CodeDiagnostic) -> [Argument] {
        var arguments: [Argument] = []
        for argument in list?.nodes("args") ?? [] {
            guard let value = argument.node("expr") else { continue }
            let label = argument.string("label").flatMap { $0.isEmpty ? nil : $0 }
            if let label { _ = cursor.find(label) }
            let decoded = try decodeExpr(value)
            var trailing = false
            if case .closure(let closure) = decoded.kind, let open = closureBrace(value) {
                let k = cursor.firstToken(atOrAfter: open)
                let previous = k > 0 ? cursor.tokens[k - 1] : nil
                trailing = !(previous?.is("(") == true || previous?.is(",") == true || previous?.is(":") == true)
                _ = closure
            }
            arguments.append(Argument(label: label, value: decoded, isTrailingClosure: trailing))
        }
        return arguments
    }

    /// Where a closure's `{` is.
    private func closureBrace(_ node: ASTNode) -> Int? {
        let closure = node.kind == "capture_list" ? node.node("closure_body") : node
        return closure?.node("body")?.range?.start
    }

    private mutating func literal(_ token: Token?) -> CodeLocation {
        // A negative literal's location is its minus sign.
        if let token, let before = cursor.token(before: token), before.is("-"), !token.spaceBefore {
            return location(before)
        }
        return location(token)
    }

    private mutating func decodeExprKind(_ node: ASTNode) throws(CodeDiagnostic) -> Expr {
        switch node.kind {
        case "integer_literal_expr", "float_literal_expr":
            let at = literal(cursor.find(.number))
            let text = (node.flag("negative") ? "-" : "") + (node.string("value") ?? "0")
            if node.kind == "integer_literal_expr", let n = Self.integer(text) { return Expr(.integer(n), at: at) }
            if let x = Double(text.replacingOccurrences(of: "_", with: "")) { return Expr(.float(x), at: at) }
            throw .error(at: at, "the number \(text) does not fit in Int")
        case "string_literal_expr":
            return Expr(.string(node.string("value") ?? ""), at: location(cursor.find(.string)))
        case "interpolated_string_literal_expr":
            let at = location(cursor.find(.string))
            var parts: [InterpolationPart] = []
            for call in node.node("appending_expr")?.node("body")?.nodes("elements") ?? []
            where call.kind == "call_expr" {
                let field = call.node("fn")?.string("field") ?? ""
                let args = call.node("args")?.nodes("args") ?? []
                if field.hasPrefix("appendLiteral") {
                    parts.append(.literal(args.first?.node("expr")?.string("value") ?? ""))
                } else if args.count == 1, args[0].string("label") == nil, let e = args[0].node("expr") {
                    parts.append(.expression(try decodeExpr(e)))
                } else {
                    unsupported("an interpolation with arguments", at: at)
                    parts.append(.expression(Expr(.unsupported("an interpolation with arguments"), at: at)))
                }
            }
            return Expr(.interpolation(parts), at: at)
        case "boolean_literal_expr":
            let value = node.string("value") == "true"
            return Expr(.bool(value), at: location(cursor.find(value ? "true" : "false")))
        case "nil_literal_expr":
            return Expr(.nil, at: location(cursor.find("nil")))
        case "magic_identifier_literal_expr":
            let kind = node.string("kind") ?? ""
            let token = cursor.find(kind)
            let at = location(token)
            switch kind {
            case "#line": return Expr(.integer(at.line), at: at)
            case "#column": return Expr(.integer(at.column), at: at)
            case "#file", "#fileID", "#filePath": return Expr(.string(at.file), at: at)
            default: return Expr(.string(""), at: at)
            }
        case "unresolved_decl_ref_expr":
            let name = Self.baseName(node.string("name") ?? "")
            let at = location(cursor.find(name))
            return Expr(name == "self" ? .self : .name(name), at: at)
        case "declref_expr":
            // Only the closure's anonymous parameters reach here: `…$0@file:4:12`.
            let decl = node.string("decl") ?? ""
            let name =
                decl.split(separator: "@").first.flatMap { $0.split(separator: ".").last }.map(String.init) ?? decl
            return Expr(.name(name), at: location(cursor.find(name)))
        case "super_ref_expr":
            return Expr(.super, at: location(cursor.find("super")))
        case "unresolved_dot_expr":
            guard let baseNode = node.node("base") else { return Expr(.unsupported("this member"), at: anchorLocation) }
            let base = try decodeExpr(baseNode, chained: true)
            let field = Self.baseName(node.string("field") ?? "")
            let at = location(cursor.find(field))
            return Expr(.member(base, field), at: at)
        case "unresolved_member_expr":
            let name = Self.baseName(node.string("name") ?? "")
            let token = cursor.find(name)
            let dot = token.flatMap { cursor.token(before: $0) }
            return Expr(.implicitMember(name), at: location(dot?.is(".") == true ? dot : token))
        case "call_expr":
            return try decodeCall(node)
        case "subscript_expr":
            guard let baseNode = node.node("base") else {
                return Expr(.unsupported("this subscript"), at: anchorLocation)
            }
            let base = try decodeExpr(baseNode, chained: true)
            let at = location(cursor.find("["))
            return Expr(.subscript(base, try arguments(node.node("args"))), at: at)
        case "bind_optional_expr", "force_value_expr":
            guard let sub = node.node("sub_expr") else {
                return Expr(.unsupported("this expression"), at: anchorLocation)
            }
            let inner = try decodeExpr(sub, chained: true)
            let bind = node.kind == "bind_optional_expr"
            _ = cursor.find(bind ? "?" : "!")
            return Expr(bind ? .bindOptional(inner) : .forceUnwrap(inner), at: inner.location)
        case "optional_evaluation_expr":
            guard let sub = node.node("sub_expr") else {
                return Expr(.unsupported("this expression"), at: anchorLocation)
            }
            return try decodeExpr(sub)
        case "paren_expr":
            _ = cursor.find("(")
            guard let sub = node.node("sub_expr") else { return Expr(.tuple([]), at: anchorLocation) }
            return try decodeExpr(sub)
        case "tuple_expr":
            let open = cursor.find("(")
            let names = node.strings("names")
            var elements: [TupleElement] = []
            for (i, element) in node.nodes("elements").enumerated() {
                let label = i < names.count && !names[i].isEmpty ? names[i] : nil
                elements.append(TupleElement(label: label, value: try decodeExpr(element)))
            }
            return Expr(.tuple(elements), at: location(open))
        case "array_expr":
            let open = cursor.find("[")
            var elements: [Expr] = []
            for element in node.nodes("elements") { elements.append(try decodeExpr(element)) }
            return Expr(.array(elements), at: location(open))
        case "dictionary_expr":
            let open = cursor.find("[")
            var entries: [DictionaryEntry] = []
            for pair in node.nodes("elements") {
                let both = pair.nodes("elements")
                guard both.count == 2 else { continue }
                let key = try decodeExpr(both[0])
                _ = cursor.find(":")
                entries.append(DictionaryEntry(key: key, value: try decodeExpr(both[1])))
            }
            return Expr(.dictionary(entries), at: location(open))
        case "closure_expr":
            return try decodeClosure(node, captureList: nil)
        case "capture_list":
            guard let closure = node.node("closure_body") else {
                return Expr(.unsupported("this closure"), at: anchorLocation)
            }
            return try decodeClosure(closure, captureList: node)
        case "sequence_expr":
            return try decodeSequence(node.nodes("elements"))
        case "prefix_unary_expr", "postfix_unary_expr":
            let op = node.node("fn")?.string("name") ?? ""
            guard let argument = node.node("args")?.nodes("args").first?.node("expr") else {
                return Expr(.unsupported("'\(op)'"), at: anchorLocation)
            }
            let prefix = node.kind == "prefix_unary_expr"
            var opToken: Token?
            if prefix { opToken = cursor.find(op) }
            let operand = try decodeExpr(argument)
            if !prefix { opToken = cursor.find(op) }
            let at = location(opToken)
            if op == "++" || op == "--" {
                return Expr(.increment(operand, delta: op == "++" ? 1 : -1, prefix: prefix), at: at)
            }
            return Expr(prefix ? .prefix(op, operand) : .postfix(op, operand), at: at)
        case "inout_expr":
            let at = location(cursor.find("&"))
            guard let sub = node.node("sub_expr") else { return Expr(.unsupported("'&'"), at: at) }
            return Expr(.inout(try decodeExpr(sub)), at: at)
        case "discard_assignment_expr":
            return Expr(.discard, at: location(cursor.find("_")))
        case "objc_selector_expr":
            let at = location(cursor.find("#selector"))
            var name = ""
            var sub = node.node("sub_expr")
            while let s = sub {
                if let field = s.string("field") ?? s.string("name") {
                    name = field
                    break
                }
                sub = s.node("sub_expr")
            }
            if let s = node.node("sub_expr") { _ = try decodeExpr(s) }
            return Expr(.selector(name), at: at)
        case "keypath_expr":
            let at = location(cursor.find("\\"))
            var components: [String] = []
            // `\UIScrollView.contentOffset` has a `parsed_root`; `\.contentOffset` (its root
            // inferred, Swift 4's `observe(\.contentOffset)`) a `parsed_path` on a `key_path_dot_expr`.
            var part = node.node("parsed_root") ?? node.node("parsed_path")
            while let p = part, p.kind == "unresolved_dot_expr" || p.kind == "unresolved_member_expr" {
                components.insert(p.string("field") ?? p.string("name") ?? "", at: 0)
                part = p.node("base")
            }
            for name in components { _ = cursor.find(name) }
            guard !components.isEmpty else { return Expr(.unsupported("this key path"), at: at) }
            return Expr(.keyPath(components), at: at)
        case "dot_self_expr":
            guard let sub = node.node("sub_expr") else { return Expr(.unsupported("'.self'"), at: anchorLocation) }
            let inner = try decodeExpr(sub, chained: true)
            _ = cursor.find("self")
            guard let type = Self.typeName(of: inner) else {
                return Expr(.unsupported("'.self' of this value"), at: inner.location)
            }
            return Expr(.type(type), at: inner.location)
        case "unresolved_specialize_expr":
            guard let sub = node.node("sub_expr") else {
                return Expr(.unsupported("this generic type"), at: anchorLocation)
            }
            let inner = try decodeExpr(sub, chained: true)
            if case .name = inner.kind, let open = cursor.current, open.text.hasPrefix("<") {
                let k = cursor.firstToken(atOrAfter: open.start) - 1
                if let (type, next) = TypeParser.parse(cursor.tokens, from: k) {
                    cursor.move(to: next)
                    return Expr(.type(type), at: inner.location)
                }
            }
            return Expr(.unsupported("this generic type"), at: inner.location)
        case "type_expr":
            let token = cursor.current
            if let token,
                let (type, next) = TypeParser.parse(cursor.tokens, from: cursor.firstToken(atOrAfter: token.start))
            {
                cursor.move(to: next)
                return Expr(.type(type), at: location(token))
            }
            return Expr(.unsupported("this type"), at: anchorLocation)
        case "try_expr", "force_try_expr", "optional_try_expr":
            let at = location(cursor.find("try"))
            guard let sub = node.node("sub_expr") else { return Expr(.unsupported("'try'"), at: at) }
            return Expr(.try(try decodeExpr(sub), optional: node.kind == "optional_try_expr"), at: at)
        case "object_literal" where node.string("kind") == "color":
            // #colorLiteral(red:green:blue:alpha:) is UIColor(red:green:blue:alpha:).
            let at = location(cursor.find("#colorLiteral"))
            return Expr(.call(Expr(.name("UIColor"), at: at), try arguments(node.node("args"))), at: at)
        case "error_expr":
            let what = "code swiftc could not read"
            unsupported(what, at: anchorLocation)
            return Expr(.unsupported(what), at: anchorLocation)
        default:
            // Where the construct starts: the next token not yet read.
            let at = cursor.current.map { location($0) } ?? anchorLocation
            let what = kindName(node.kind)
            unsupported(what, at: at)
            return Expr(.unsupported(what), at: at)
        }
    }

    private mutating func decodeCall(_ node: ASTNode) throws(CodeDiagnostic) -> Expr {
        guard let fn = node.node("fn") else { return Expr(.unsupported("this call"), at: anchorLocation) }
        // `[Int]()`, `[String: Int]()`: the parser reads the type as an array or dictionary literal.
        if fn.kind == "array_expr" || fn.kind == "dictionary_expr", node.node("args")?.nodes("args").isEmpty ?? true,
            let open = cursor.find("["),
            let (type, next) = TypeParser.parse(cursor.tokens, from: cursor.firstToken(atOrAfter: open.start))
        {
            cursor.move(to: next)
            return Expr(.call(Expr(.type(type), at: location(open)), []), at: location(open))
        }
        let callee = try decodeExpr(fn, chained: true)
        return Expr(.call(callee, try arguments(node.node("args"))), at: callee.location)
    }

    private mutating func decodeClosure(_ node: ASTNode, captureList: ASTNode?) throws(CodeDiagnostic) -> Expr {
        guard let brace = node.node("body") else { return Expr(.unsupported("this closure"), at: anchorLocation) }
        try enter()
        defer { depth -= 1 }
        return try within(brace) { (d: inout ASTDecoder) throws(CodeDiagnostic) -> Expr in
            let open = d.cursor.find("{")
            var captures: [Capture] = []
            for entry in captureList?.nodes("captures") ?? [] {
                captures.append(try d.decodeCapture(entry))
            }
            var parameters: [Parameter] = []
            var result: TypeName?
            if let list = node.node("params") {
                parameters = try d.decodeParameters(list, labels: nil)
                if let arrow = d.cursor.current, arrow.is("->"),
                    let (type, next) = TypeParser.parse(
                        d.cursor.tokens, from: d.cursor.firstToken(atOrAfter: arrow.start) + 1)
                {
                    result = type
                    d.cursor.move(to: next)
                }
            }
            if parameters.contains(where: { !$0.name.hasPrefix("$") }) || result != nil || !captures.isEmpty {
                _ = d.cursor.find("in")
            }
            let body = try d.decodeStatements(brace.nodes("elements"))
            let closure = Closure(
                captures: captures, parameters: parameters, result: result, body: body,
                isSingleExpression: node.flag("single_expression"), location: d.location(open))
            return Expr(.closure(closure), at: d.location(open))
        }
    }

    private mutating func decodeCapture(_ entry: ASTNode) throws(CodeDiagnostic) -> Capture {
        try within(entry) { (d: inout ASTDecoder) throws(CodeDiagnostic) -> Capture in
            let pattern = entry.nodes("pattern_entries").first
            let name = pattern?.node("pattern").map(d.boundNames)?.first ?? "self"
            var ownership = Capture.Ownership.strong
            if let range = entry.range {
                var k = d.cursor.firstToken(atOrAfter: range.start) - 1
                if k >= 0, d.cursor.tokens[k].is(")") { k -= 3 }  // unowned(unsafe)
                if k >= 0, d.cursor.tokens[k].is("weak") { ownership = .weak }
                if k >= 0, d.cursor.tokens[k].is("unowned") { ownership = .unowned }
            }
            _ = d.cursor.find(name)
            var value = Expr(.name(name), at: d.anchorLocation)
            // `[y = a + b]` has its value in the text; `[weak self]`, `[x]` an implicit one of no tokens
            // (decoding it would look for a second `self` and miss, or find a later one).
            if let initial = pattern?.node("original_init"), d.cursor.current?.is("=") == true {
                d.cursor.advance()
                value = try d.decodeExpr(initial)
            }
            if case .name("self") = value.kind { value.kind = .self }
            return Capture(name: name, value: value, ownership: ownership)
        }
    }

    /// `foo(_:bar:)` → `foo`.
    static func baseName(_ name: String) -> String {
        guard let paren = name.firstIndex(of: "("), paren != name.startIndex else { return name }
        return String(name[..<paren])
    }

    /// A decimal, hexadecimal, octal or binary integer literal.
    static func integer(_ text: String) -> Int? {
        var digits = text.replacingOccurrences(of: "_", with: "")
        let negative = digits.hasPrefix("-")
        if negative { digits.removeFirst() }
        var radix = 10
        for (prefix, r) in [("0x", 16), ("0o", 8), ("0b", 2)] where digits.hasPrefix(prefix) {
            digits.removeFirst(2)
            radix = r
        }
        return Int((negative ? "-" : "") + digits, radix: radix)
    }

    /// The type a `Name` or `Module.Name` expression names.
    static func typeName(of expr: Expr) -> TypeName? {
        switch expr.kind {
        case .name(let name): .named(name)
        case .member(let base, let name): typeName(of: base).map { .named("\($0).\(name)") }
        case .type(let type): type
        default: nil
        }
    }
}
