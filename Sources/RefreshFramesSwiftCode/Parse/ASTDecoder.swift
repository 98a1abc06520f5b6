/// Decodes swiftc's JSON parse dump (`swiftc -dump-parse -dump-ast-format json`) of a migrated file into
/// a `CodeModule`. Strict: a node kind it does not know becomes an `.unsupported` node and a located
/// warning, never nothing; what the dump leaves out (expression locations, written types, enum raw
/// values, capture ownership) is read from the tokens where the dump's locations point.
package struct ASTDecoder {
    let migration: Migration
    var cursor: TokenCursor
    var module = CodeModule()
    /// Nesting of the nodes being decoded, bounded by `CodeLimits.nesting`.
    var depth = 0
    /// The start of the innermost located node: the location of nodes whose tokens were not found.
    var anchor = 0

    init(migration: Migration) {
        self.migration = migration
        cursor = TokenCursor(tokens: Lexer.tokenize(migration.migrated.bytes).tokens)
    }

    /// Decodes one file: `json` is swiftc's dump of `migration.migrated`, `compilerDiagnostics` its stderr.
    /// Throws the first error swiftc reported (its location mapped to the original), or a malformed dump.
    package static func decode(json: [UInt8], migration: Migration, compilerDiagnostics: String = "")
        throws(CodeDiagnostic) -> CodeModule
    {
        try BigStack.run { () throws(CodeDiagnostic) in
            try decodeNow(json: json, migration: migration, compilerDiagnostics: compilerDiagnostics)
        }
    }

    private static func decodeNow(json: [UInt8], migration: Migration, compilerDiagnostics: String)
        throws(CodeDiagnostic) -> CodeModule
    {
        var decoder = ASTDecoder(migration: migration)
        let reported = decoder.compilerDiagnostics(compilerDiagnostics)
        let errors = reported.filter { $0.severity == .error }
        if let first = errors.first {
            var message = first.message
            if errors.count > 1 { message += " (and \(errors.count - 1) more syntax errors)" }
            throw .error(at: first.location, message)
        }
        guard let root = ASTNode.parse(json), root.kind == "source_file" else {
            throw .error(
                at: CodeLocation(file: migration.original.name, line: 1, column: 1),
                "swiftc's parse dump is not the JSON expected (a source_file object)")
        }
        decoder.module.compilerVersion = root.node("compiler_version")?.string("full") ?? ""
        decoder.module.diagnostics = reported
        decoder.noteConditionalCompilation()
        try decoder.decodeFile(root.nodes("items"))
        return decoder.module
    }

    /// How many tokens the decoder looked for and did not find (their nodes took an enclosing location).
    package static func unlocatedCount(json: [UInt8], migration: Migration) throws(CodeDiagnostic) -> Int {
        var decoder = ASTDecoder(migration: migration)
        guard let root = ASTNode.parse(json) else { return -1 }
        try decoder.decodeFile(root.nodes("items"))
        return decoder.cursor.misses
    }

    // MARK: Locations

    func location(ofByte offset: Int) -> CodeLocation { migration.location(ofMigratedByte: offset) }

    func location(_ token: Token?) -> CodeLocation { location(ofByte: token?.start ?? anchor) }

    var anchorLocation: CodeLocation { location(ofByte: anchor) }

    /// Runs `body` with the cursor inside `node`'s range (when it has one).
    mutating func within<T>(_ node: ASTNode, _ body: (inout ASTDecoder) throws(CodeDiagnostic) -> T)
        throws(CodeDiagnostic) -> T
    {
        guard let range = node.range else { return try body(&self) }
        let savedAnchor = anchor
        anchor = range.start
        let savedLimit = cursor.enter(range)
        let result = try body(&self)
        cursor.leave(range, restoring: savedLimit)
        anchor = savedAnchor
        return result
    }

    /// Counts one level of nesting; over `CodeLimits.nesting` the file is refused.
    mutating func enter() throws(CodeDiagnostic) {
        depth += 1
        if depth > CodeLimits.nesting {
            throw .error(
                at: anchorLocation,
                "the code nests more than \(CodeLimits.nesting) levels deep, over the limit codeNesting = \(CodeLimits.nesting)"
            )
        }
    }

    /// swiftc's parse keeps only the active branch of `#if` (no condition is set, as in a Release build)
    /// and leaves no trace of the others: say so where each `#if` is.
    mutating func noteConditionalCompilation() {
        for (k, token) in cursor.tokens.enumerated() where token.is("#if") || token.is("#elseif") {
            var condition: [String] = []
            var j = k + 1
            while j < cursor.tokens.count, !cursor.tokens[j].startsLine, condition.count < 8 {
                condition.append(cursor.tokens[j].text)
                j += 1
            }
            module.diagnostics.append(
                .warning(
                    at: location(token),
                    "'\(token.text) \(condition.joined(separator: " "))' is read with no compilation conditions set (as a Release build): only the branch that holds then runs"
                ))
        }
    }

    mutating func unsupported(_ what: String, at location: CodeLocation) {
        module.diagnostics.append(.warning(at: location, "\(what) is not supported: it stops the code if it runs"))
    }

    /// swiftc's stderr lines (`<file>:LINE:COL: severity: message`) as located diagnostics.
    func compilerDiagnostics(_ text: String) -> [CodeDiagnostic] {
        var found: [CodeDiagnostic] = []
        for line in text.split(separator: "\n") {
            for severity in [CodeDiagnostic.Severity.error, .warning] {
                guard let marker = line.range(of: ": \(severity.rawValue): ") else { continue }
                let head = line[..<marker.lowerBound].split(separator: ":")
                let message = String(line[marker.upperBound...])
                var place: CodeLocation?
                if head.count >= 3, let l = Int(head[head.count - 2]), let c = Int(head[head.count - 1]),
                    let offset = migration.migrated.offset(line: l, byteColumn: c)
                {
                    place = location(ofByte: offset)
                }
                found.append(CodeDiagnostic(severity, at: place, message))
                break
            }
        }
        return found
    }

    // MARK: Declarations

    mutating func decodeFile(_ items: [ASTNode]) throws(CodeDiagnostic) {
        var k = 0
        while k < items.count {
            let item = items[k]
            k += 1
            switch item.kind {
            case "import_decl": continue
            case "top_level_code_decl":
                if let body = item.node("body") { module.statements += try decodeBlock(body) }
            case "func_decl":
                module.functions.append(try decodeFunction(item))
            case "pattern_binding_decl":
                let (properties, next) = try decodeProperties(item, siblings: items, after: k)
                module.globals += properties
                k = next
            case "var_decl":
                continue
            case "typealias":
                decodeTypeAlias(item)
            default:
                if let type = try decodeTypeDecl(item) {
                    module.types.append(type)
                } else {
                    unsupported(kindName(item.kind), at: location(ofByte: item.range?.start ?? anchor))
                }
            }
        }
    }

    /// A class, struct, enum, extension or protocol; nil for other nodes.
    mutating func decodeTypeDecl(_ node: ASTNode) throws(CodeDiagnostic) -> TypeDecl? {
        let kind: TypeDecl.Kind
        switch node.kind {
        case "class_decl": kind = .class
        case "struct_decl": kind = .struct
        case "enum_decl": kind = .enum
        case "extension_decl": kind = .extension
        case "protocol": kind = .protocol
        default: return nil
        }
        try enter()
        defer { depth -= 1 }
        return try within(node) { (d: inout ASTDecoder) throws(CodeDiagnostic) -> TypeDecl in
            let name = kind == .extension ? node.string("extended_type") ?? "" : node.declName?.base ?? ""
            let nameToken = d.cursor.find(name.split(separator: ".").last.map(String.init) ?? name)
            var type = TypeDecl(kind: kind, name: name, inherits: d.inheritanceList(), location: d.location(nameToken))
            if kind == .extension,
                let keyword = d.cursor.tokens.last(where: { $0.start <= (nameToken?.start ?? 0) && $0.is("extension") })
            {
                type.location = d.location(keyword)
            }
            try d.decodeMembers(node.nodes("members"), into: &type)
            return type
        }
    }

    /// `: A, B` after a type's name, up to its `{` or `where`.
    mutating func inheritanceList() -> [TypeName] {
        var list: [TypeName] = []
        guard cursor.current?.is(":") == true else { return list }
        cursor.advance()
        while let t = cursor.current, !t.is("{"), !t.is("where") {
            let k = cursor.firstToken(atOrAfter: t.start)
            guard let (type, next) = TypeParser.parse(cursor.tokens, from: k) else { break }
            list.append(type)
            cursor.move(to: next)
            guard cursor.current?.is(",") == true else { break }
            cursor.advance()
        }
        return list
    }

    mutating func decodeMembers(_ members: [ASTNode], into type: inout TypeDecl) throws(CodeDiagnostic) {
        var k = 0
        while k < members.count {
            let member = members[k]
            k += 1
            switch member.kind {
            case "pattern_binding_decl":
                let (properties, next) = try decodeProperties(member, siblings: members, after: k)
                type.properties += properties
                k = next
            case "var_decl", "enum_element_decl", "destructor_decl":
                // Variables come with their pattern binding, elements with their case; deinit never runs
                // while the control is on screen.
                continue
            case "func_decl", "constructor_decl":
                type.methods.append(try decodeFunction(member))
            case "subscript_decl":
                if let getter = try decodeSubscript(member) { type.methods.append(getter) }
            case "enum_case_decl":
                type.cases += try decodeEnumCases(member)
            case "typealias":
                decodeTypeAlias(member)
            default:
                if let nested = try decodeTypeDecl(member) {
                    type.nested.append(nested)
                } else {
                    unsupported(kindName(member.kind), at: location(ofByte: member.range?.start ?? anchor))
                }
            }
        }
    }

    mutating func decodeTypeAlias(_ node: ASTNode) {
        guard let name = node.declName?.base, let range = node.range else { return }
        let start = cursor.firstToken(atOrAfter: range.start)
        guard let equals = cursor.tokens[start...].firstIndex(where: { $0.is("=") }),
            let (type, _) = TypeParser.parse(cursor.tokens, from: equals + 1)
        else { return }
        module.typeAliases[name] = type
    }

    mutating func decodeEnumCases(_ node: ASTNode) throws(CodeDiagnostic) -> [EnumCase] {
        var cases: [EnumCase] = []
        for element in node.nodes("elements") {
            guard let name = element.declName?.base, let range = element.range else { continue }
            let k = cursor.firstToken(atOrAfter: range.start)
            var raw: Expr?
            let tokens = cursor.tokens
            if k + 1 < tokens.count, tokens[k + 1].is("(") {
                unsupported("an enum case with associated values", at: location(tokens[k]))
            }
            if k + 2 < tokens.count, tokens[k + 1].is("=") {
                var v = k + 2
                let negative = tokens[v].is("-")
                if negative { v += 1 }
                let literal = tokens[v]
                let at = location(literal)
                switch literal.kind {
                case .number:
                    let text = (negative ? "-" : "") + literal.text.replacingOccurrences(of: "_", with: "")
                    if let n = Int(text) {
                        raw = Expr(.integer(n), at: at)
                    } else if let x = Double(text) {
                        raw = Expr(.float(x), at: at)
                    }
                case .string:
                    raw = Expr(.string(String(literal.text.dropFirst().dropLast())), at: at)
                default:
                    if literal.is("true") || literal.is("false") { raw = Expr(.bool(literal.is("true")), at: at) }
                }
            }
            cases.append(EnumCase(name: name, rawValue: raw, location: location(tokens[k])))
        }
        return cases
    }

    /// The properties of a pattern binding (`var a = 1, b: Int`), completed by the `var_decl`s after it;
    /// returns them and the index after those.
    mutating func decodeProperties(_ node: ASTNode, siblings: [ASTNode], after start: Int) throws(CodeDiagnostic)
        -> ([PropertyDecl], Int)
    {
        var variables: [ASTNode] = []
        var next = start
        while next < siblings.count, siblings[next].kind == "var_decl" {
            variables.append(siblings[next])
            next += 1
        }
        let properties = try within(node) { (d: inout ASTDecoder) throws(CodeDiagnostic) -> [PropertyDecl] in
            var properties: [PropertyDecl] = []
            for entry in node.nodes("pattern_entries") {
                guard let pattern = entry.node("pattern"), let name = d.boundNames(pattern).first,
                    d.boundNames(pattern).count == 1
                else {
                    d.unsupported("a property declared with a tuple pattern", at: d.anchorLocation)
                    continue
                }
                let variable = variables.first { $0.declName?.base == name }
                var property = PropertyDecl(name: name, location: d.anchorLocation)
                if let variable {
                    property.isLet = variable.flag("let")
                    property.isStatic = variable.flag("static")
                    property.isLazy = variable.flag("lazy")
                    property.isWeak = variable.nodes("attrs").contains { $0.flag("weak") || $0.flag("unowned") }
                    property.isOutlet = variable.nodes("attrs").contains { $0.kind == "ib_outlet_attr" }
                    if let range = variable.range { d.cursor.seek(range.start) }
                }
                let nameToken = d.cursor.find(name)
                property.location = d.location(nameToken)
                property.type = d.annotation()
                if let initial = entry.node("original_init") {
                    _ = d.cursor.find("=")
                    property.initial = try d.decodeExpr(initial)
                }
                if let variable { try d.decodeAccessors(variable, into: &property) }
                properties.append(property)
            }
            return properties
        }
        return (properties, next)
    }

    /// `: Type` at the cursor, read and passed over.
    mutating func annotation() -> TypeName? {
        guard cursor.current?.is(":") == true, let colon = cursor.current else { return nil }
        let k = cursor.firstToken(atOrAfter: colon.start) + 1
        guard let (type, next) = TypeParser.parse(cursor.tokens, from: k) else { return nil }
        cursor.move(to: next)
        return type
    }

    mutating func decodeAccessors(_ variable: ASTNode, into property: inout PropertyDecl) throws(CodeDiagnostic) {
        for accessor in variable.nodes("accessors") {
            guard let body = accessor.node("body") else { continue }
            let parameter = accessor.node("params")?.nodes("params").first?.declName?.base
            let statements = try decodeBlock(body)
            if accessor.flag("get") {
                property.getter = statements
            } else if accessor.flag("set") {
                property.setter = Accessor(parameter: parameter ?? "newValue", body: statements)
            } else if accessor.flag("willSet") {
                property.willSet = Accessor(parameter: parameter ?? "newValue", body: statements)
            } else if accessor.flag("didSet") {
                property.didSet = Accessor(parameter: parameter ?? "oldValue", body: statements)
            } else {
                unsupported("this accessor", at: location(ofByte: accessor.range?.start ?? anchor))
            }
        }
    }

    /// The names a pattern binds, in order.
    func boundNames(_ pattern: ASTNode) -> [String] {
        switch pattern.kind {
        case "pattern_named": return [pattern.declName?.base ?? ""]
        case "pattern_typed", "pattern_binding", "pattern_paren":
            return pattern.node("sub_pattern").map(boundNames) ?? []
        case "pattern_tuple": return pattern.nodes("elements").flatMap(boundNames)
        default: return []
        }
    }

    mutating func decodeFunction(_ node: ASTNode) throws(CodeDiagnostic) -> FunctionDecl {
        try enter()
        defer { depth -= 1 }
        return try within(node) { (d: inout ASTDecoder) throws(CodeDiagnostic) -> FunctionDecl in
            let (base, labels) = node.declName ?? ("", [])
            let keyword = d.cursor.find(node.kind == "constructor_decl" ? "init" : "func")
            if node.kind == "func_decl" { _ = d.cursor.find(base) }
            let location = d.location(keyword)
            var parameters: [Parameter] = []
            if let list = node.node("params") {
                parameters = try d.decodeParameters(list, labels: labels)
            }
            let result = d.decodeResultType()
            let body = try node.node("body").map { (b: ASTNode) throws(CodeDiagnostic) in try d.decodeBlock(b) } ?? []
            var function = FunctionDecl(name: base, parameters: parameters, body: body, location: location)
            function.result = result
            function.isStatic = node.flag("static")
            let attributes = node.attributes
            function.isMutating = attributes.contains("mutating_attr")
            function.isOverride = attributes.contains("override_attr")
            if node.kind == "constructor_decl" {
                function.kind = .initializer(
                    failable: ["true", "?", "!"].contains(node.string("failable") ?? "") || node.flag("failable"),
                    convenience: node.flag("convenience"))
            }
            return function
        }
    }

    /// A `subscript` declaration as its getter: a method named `subscript` whose parameters are the
    /// subscript's (labelled only where the code writes a label, as Swift's subscripts are). A `set`
    /// is named: assigning through the subscript stops the code.
    mutating func decodeSubscript(_ node: ASTNode) throws(CodeDiagnostic) -> FunctionDecl? {
        let accessors = node.nodes("accessors")
        guard let getter = accessors.first(where: { $0.flag("get") }) else {
            unsupported("a 'subscript' with no getter", at: location(ofByte: node.range?.start ?? anchor))
            return nil
        }
        if let setter = accessors.first(where: { $0.flag("set") }) {
            module.diagnostics.append(
                .warning(
                    at: location(ofByte: setter.range?.start ?? anchor),
                    "a subscript's 'set' is not supported: assigning through this subscript stops the code"))
        }
        try enter()
        defer { depth -= 1 }
        return try within(node) { (d: inout ASTDecoder) throws(CodeDiagnostic) -> FunctionDecl in
            let keyword = d.cursor.find("subscript")
            let location = d.location(keyword)
            let labels = node.declName?.labels
            let parameters =
                try getter.node("params").map { (list: ASTNode) throws(CodeDiagnostic) in
                    try d.decodeParameters(list, labels: labels)
                } ?? []
            let result = d.decodeResultType()
            let body =
                try getter.node("body").map { (b: ASTNode) throws(CodeDiagnostic) in try d.decodeBlock(b) } ?? []
            var function = FunctionDecl(name: "subscript", parameters: parameters, body: body, location: location)
            function.result = result
            function.isStatic = node.flag("static")
            return function
        }
    }

    /// The type after a function's or subscript's `->` (also past `throws`/`async`), the cursor moved
    /// past it; nil when none is written.
    mutating func decodeResultType() -> TypeName? {
        let arrow =
            cursor.current?.is("->") == true
            ? cursor.current : cursor.tokens.dropFirst(cursor.index).prefix(4).first(where: { $0.is("->") })
        guard let arrow,
            let (type, next) = TypeParser.parse(cursor.tokens, from: cursor.firstToken(atOrAfter: arrow.start) + 1)
        else { return nil }
        cursor.move(to: next)
        return type
    }

    /// A parameter list: names and labels from the dump, types and `inout` from the tokens.
    mutating func decodeParameters(_ list: ASTNode, labels: [String]?) throws(CodeDiagnostic) -> [Parameter] {
        let nodes = list.nodes("params")
        guard let range = list.range else {
            return nodes.map { Parameter(label: nil, name: $0.declName?.base ?? "_") }
        }
        return try within(list) { (d: inout ASTDecoder) throws(CodeDiagnostic) -> [Parameter] in
            var parameters: [Parameter] = []
            for (i, node) in nodes.enumerated() {
                let name = node.declName?.base ?? "_"
                var label: String?
                if let labels, i < labels.count, !labels[i].isEmpty { label = labels[i] }
                var parameter = Parameter(label: label, name: name)
                // `label name: inout Type = default` — the name is the last identifier before the colon.
                while let t = d.cursor.current, t.start <= range.end, !(t.is(name) && d.isParameterName(t)) {
                    if t.is(",") || t.is(")") { break }
                    d.cursor.advance()
                }
                if d.cursor.current?.is(name) == true { d.cursor.advance() }
                if let colon = d.cursor.current, colon.is(":") {
                    let k = d.cursor.firstToken(atOrAfter: colon.start) + 1
                    parameter.isInout = d.cursor.tokens[k].is("inout")
                    if let (type, next) = TypeParser.parse(d.cursor.tokens, from: k) {
                        parameter.type = type
                        d.cursor.move(to: next)
                        if d.cursor.tokens[next - 1].is("...") {
                            parameter.isVariadic = true
                            if case .array = type {} else { parameter.type = .array(type) }
                        }
                    }
                }
                if let value = node.node("expression") {
                    _ = d.cursor.find("=")
                    parameter.defaultValue = try d.decodeExpr(value)
                }
                while let t = d.cursor.current, !t.is(","), !t.is(")"), t.start <= range.end { d.cursor.advance() }
                if d.cursor.current?.is(",") == true { d.cursor.advance() }
                parameters.append(parameter)
            }
            return parameters
        }
    }

    /// Whether `token` is a parameter's own name: the last name before `:` (or a closure's bare name).
    func isParameterName(_ token: Token) -> Bool {
        let k = cursor.firstToken(atOrAfter: token.start)
        guard k + 1 < cursor.tokens.count else { return true }
        let next = cursor.tokens[k + 1]
        return next.is(":") || next.is(",") || next.is(")") || next.is("in") || next.is("=")
    }

    /// `await_expr` → `'await'`, for messages.
    func kindName(_ kind: String) -> String {
        let known = [
            "single_value_stmt_expr": "an if or switch expression", "await_expr": "'await'",
            "subscript_decl": "'subscript'",
            "arrow_expr": "a function type in an expression", "regex_literal_expr": "a regex literal",
            "macro_expansion_expr": "a macro", "macro_expansion_decl": "a macro",
            "operator_decl": "an operator declaration",
            "precedence_group_decl": "a precedence group", "pack_expansion_expr": "a parameter pack",
            "editor_placeholder_expr": "an editor placeholder", "throw_stmt": "'throw'", "discard_stmt": "'discard'",
            "then_stmt": "'then'", "copy_expr": "'copy'", "consume_expr": "'consume'", "assign_expr": "'='",
        ]
        if let name = known[kind] { return name }
        var name = kind
        for suffix in ["_expr", "_stmt", "_decl"] where name.hasSuffix(suffix) { name.removeLast(suffix.count) }
        return "'" + name.replacingOccurrences(of: "_", with: " ") + "'"
    }
}
