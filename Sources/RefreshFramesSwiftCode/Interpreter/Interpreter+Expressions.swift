extension Interpreter {
    /// Evaluates `e`. `hint` is the type the context expects, standing in for Swift's type checker: an
    /// integer literal becomes a double where a CGFloat is expected, `.red` is looked up in `UIColor`.
    func evaluate(_ e: Expr, _ scope: Scope, _ frame: Frame, _ hint: TypeName? = nil) throws(CodeDiagnostic) -> Value {
        try step()
        switch e.kind {
        case .integer(let n):
            return isFloating(hint) ? .double(Double(n)) : .int(n)
        case .float(let x):
            return .double(x)
        case .string(let s):
            return .string(s)
        case .interpolation(let parts):
            var text = ""
            for part in parts {
                switch part {
                case .literal(let s): text += s
                case .expression(let inner):
                    let value = try evaluate(inner, scope, frame)
                    if case .unknown = value { return value }
                    text += describe(value)
                }
                try checkCount(text.utf8.count, "a string", at: e.location)
            }
            return .string(text)
        case .bool(let b):
            return .bool(b)
        case .nil:
            return .nil
        case .name(let name):
            return try resolve(name, scope, frame, at: e.location)
        case .self:
            if let box = scope.lookup("self") { return box.value }
            throw .error(at: e.location, "'self' is used outside a type")
        case .super:
            throw .error(at: e.location, "'super' is only supported before a member ('super.viewDidLoad()')")
        case .member, .call, .subscript, .forceUnwrap, .bindOptional:
            return try evaluatePostfix(e, scope, frame, hint) ?? .nil
        case .optionalChain(let inner):
            return try evaluatePostfix(inner, scope, frame, hint) ?? .nil
        case .implicitMember(let name):
            return try implicitMember(name, hint, at: e.location)
        case .cast(let inner, let type, let kind):
            return try cast(try evaluate(inner, scope, frame, type), to: type, kind, at: e.location)
        case .isType(let inner, let type):
            let value = try evaluate(inner, scope, frame)
            if let u = value.unknown { throw dependsOnUnknown(u, at: e.location) }
            return .bool(isInstance(value, of: type))
        case .binary(let op, let left, let right):
            return try binary(op, left, right, scope, frame, hint, at: e.location)
        case .prefix(let op, let operand):
            return try prefix(op, try evaluate(operand, scope, frame, hint), at: e.location)
        case .postfix(let op, _):
            throw .error(at: e.location, "the postfix operator '\(op)' is not supported")
        case .increment(let target, let delta, let isPrefix):
            var before: Value = .void
            var after: Value = .void
            try modify(target, scope, frame, at: e.location) { (old, _) throws(CodeDiagnostic) -> Change in
                before = try old()
                after = try self.arithmetic("+", before, .int(delta), at: e.location)
                return { [after] (value: inout Value) in value = after }
            }
            return isPrefix ? after : before
        case .ternary(let condition, let then, let otherwise):
            return try truth(condition, scope, frame)
                ? try evaluate(then, scope, frame, hint) : try evaluate(otherwise, scope, frame, hint)
        case .assign(let target, let value):
            if case .discard = target.kind {
                _ = try evaluate(value, scope, frame)
                return .void
            }
            try modify(target, scope, frame, at: e.location, reads: false) {
                (_, type) throws(CodeDiagnostic) -> Change in
                let new = self.convert(try self.evaluate(value, scope, frame, type), to: type)
                return { (current: inout Value) in current = new }
            }
            return .void
        case .compoundAssign(let op, let target, let value):
            try modify(target, scope, frame, at: e.location) { (old, type) throws(CodeDiagnostic) -> Change in
                let current = try old()
                let rhs = try self.evaluate(value, scope, frame, type ?? self.runtimeTypeName(current))
                if op == "+", case .array(let before) = current, case .array(let more) = rhs {
                    try self.checkCount(before.count + more.count, "an array", at: e.location)
                    // `xs += ys` appends in place, once the array is out of its place.
                    return { (value: inout Value) in
                        guard case .array(var elements) = value else { return }
                        value = .void
                        elements += more
                        value = .array(elements)
                    }
                }
                let new = self.convert(try self.operate(op, current, rhs, at: e.location), to: type)
                return { (value: inout Value) in value = new }
            }
            return .void
        case .array(let elements):
            var element: TypeName? = hint
            if case .array(let t)? = hint?.unwrapped { element = t }
            var values: [Value] = []
            for x in elements { values.append(convert(try evaluate(x, scope, frame, element), to: element)) }
            try checkCount(values.count, "an array", at: e.location)
            try checkNesting(.array(values), at: e.location)
            return .array(values)
        case .dictionary(let entries):
            var keyType: TypeName?
            var valueType: TypeName?
            if case .dictionary(let k, let v)? = hint?.unwrapped {
                keyType = k
                valueType = v
            }
            var pairs: [DictionaryPair] = []
            var unknownKey: Value?
            for entry in entries {
                let key = try evaluate(entry.key, scope, frame, keyType)
                let value = convert(try evaluate(entry.value, scope, frame, valueType), to: valueType)
                // A key that is not known makes the dictionary unknown (an error only where it is used).
                if case .unknown = key {
                    unknownKey = unknownKey ?? key
                    continue
                }
                pairs = try dictionarySet(pairs, key, value, at: entry.key.location)
            }
            try checkNesting(.dictionary(pairs), at: e.location)
            return unknownKey ?? .dictionary(pairs)
        case .tuple(let elements):
            if elements.isEmpty { return .void }
            var parts: [TypeName?] = []
            if case .tuple(let types)? = hint, types.count == elements.count { parts = types }
            var values: [Value] = []
            for (i, x) in elements.enumerated() {
                values.append(try evaluate(x.value, scope, frame, i < parts.count ? parts[i] : nil))
            }
            try checkNesting(.tuple(values, labels: []), at: e.location)
            return .tuple(values, labels: elements.map(\.label))
        case .closure(let closure):
            return try makeClosure(closure, scope, frame)
        case .selector(let name):
            return .selector(name)
        case .keyPath(let names):
            return .keyPath(names)
        case .type(let type):
            return .type(typeRef(type, frame))
        case .inout(let inner):
            return try evaluate(inner, scope, frame, hint)
        case .discard:
            throw .error(at: e.location, "'_' can only be assigned to")
        case .try(let inner, _):
            return try evaluate(inner, scope, frame, hint)
        case .unsupported(let what):
            throw .error(at: e.location, "\(what) is not supported")
        }
    }

    /// A member, call, subscript, `!` or `?`; nil when an optional chain found nil.
    func evaluatePostfix(_ e: Expr, _ scope: Scope, _ frame: Frame, _ hint: TypeName?) throws(CodeDiagnostic) -> Value?
    {
        switch e.kind {
        case .bindOptional(let inner):
            guard let value = try evaluatePostfix(inner, scope, frame, nil) else { return nil }
            return value.isNil ? nil : value
        case .forceUnwrap(let inner):
            guard let value = try evaluatePostfix(inner, scope, frame, nil) else { return nil }
            if value.isNil { throw .error(at: e.location, "unexpectedly found nil while unwrapping an optional") }
            return value
        case .member(let base, let name):
            if case .super = base.kind { return try superMember(name, scope, frame, at: e.location) }
            guard let value = try evaluatePostfix(base, scope, frame, nil) else { return nil }
            if case .nil = value {
                let why = unconnectedOutlet(base, frame) ?? "an implicitly unwrapped optional that is nil"
                throw .error(at: e.location, "unexpectedly found nil reading '\(name)' (\(why))")
            }
            return try member(of: value, name, at: e.location, frame)
        case .subscript(let base, let arguments):
            guard let value = try evaluatePostfix(base, scope, frame, nil) else { return nil }
            if let result = try declaredSubscript(of: value, arguments, scope, frame, at: e.location) {
                return result
            }
            var indices: [Value] = []
            for a in arguments { indices.append(try evaluate(a.value, scope, frame)) }
            return try subscriptGet(value, indices, at: e.location)
        case .call(let callee, let arguments):
            return try evaluateCall(callee, arguments, scope, frame, hint, at: e.location)
        default:
            return try evaluate(e, scope, frame, hint)
        }
    }

    func makeClosure(_ closure: Closure, _ scope: Scope, _ frame: Frame) throws(CodeDiagnostic) -> Value {
        var captured = scope
        if !closure.captures.isEmpty {
            // A capture list copies the values now: `[x]` sees x as it is when the closure is made.
            captured = Scope(parent: scope)
            for capture in closure.captures {
                captured.declare(capture.name, try evaluate(capture.value, scope, frame))
            }
        }
        return .function(
            .closure(try made(ClosureValue(closure: closure, scope: captured, context: frame), at: closure.location)))
    }

    /// A name in an expression: a variable, a member of `self`, a static of the enclosing type, a
    /// global, a type, a host constant or type.
    func resolve(_ name: String, _ scope: Scope, _ frame: Frame, at location: CodeLocation) throws(CodeDiagnostic)
        -> Value
    {
        if let box = scope.lookup(name) { return box.value }
        if let selfValue = scope.lookup("self")?.value {
            if let value = try implicitSelfMember(name, selfValue, frame, at: location) { return value }
        }
        if let value = try global(name, at: location) { return value }
        if let type = lookupType(name, from: frame.type) { return .type(.program(type)) }
        if name == "Self", let type = frame.type { return .type(.program(type)) }
        if let constant = natives.constants[name] {
            return try host(at: location) { try constant.get(NativeContext(interpreter: self, location: location)) }
        }
        if let native = natives.type(name) { return .type(.native(native)) }
        if Self.primitiveTypes.contains(name) { return .type(.primitive(name)) }
        if let functions = natives.functions[name], let first = functions.first {
            return .function(.native(first, receiver: nil))
        }
        return unknown("'\(name)'", "is not supported", at: location)
    }

    /// `name` as a member of `self` (a property, a method, a static), or nil.
    func implicitSelfMember(_ name: String, _ selfValue: Value, _ frame: Frame, at location: CodeLocation)
        throws(CodeDiagnostic) -> Value?
    {
        if case .type(.program(let type)) = selfValue {
            if type.staticOwner(of: name) != nil { return try member(of: selfValue, name, at: location, frame) }
            return nil
        }
        if let info = programType(of: selfValue) {
            if info.property(name) != nil || !info.method(name).isEmpty {
                return try member(of: selfValue, name, at: location, frame)
            }
            if info.staticOwner(of: name) != nil {
                return try member(of: .type(.program(info)), name, at: location, frame)
            }
            if info.nested[name] != nil { return nil }
        }
        if let native = nativePart(of: selfValue), nativeProperty(name, of: native.type.name) != nil {
            return try member(of: selfValue, name, at: location, frame)
        }
        // A member of the code's own extension of a host type, named bare inside another of its
        // methods (jcavar/refresher's `pullToRefreshView?.loading = false` in `extension UIScrollView`)
        // or inside a subclass of that type.
        switch selfValue {
        case .array, .dictionary, .string:
            // `indices` in the code's own `extension Array { subscript(safe index: Int) … }`.
            if Self.collectionProperties.contains(name) { return try member(of: selfValue, name, at: location, frame) }
        default: break
        }
        if let native = nativePart(of: selfValue), extensionMember(name, of: native.type.name) != nil {
            return try member(of: selfValue, name, at: location, frame)
        }
        if name.first?.isLowercase == true, case .object(let instance) = selfValue, instance.native == nil,
            let base = instance.type.nativeBase,
            natives.type(base) == nil, lookupType(name, from: instance.type) == nil, globalFunctions[name] == nil,
            globalDeclarations[name] == nil, natives.constants[name] == nil, natives.type(name) == nil,
            natives.functions[name] == nil, !Self.primitiveTypes.contains(name)
        {
            // A member of a host superclass that is not bound (`refreshing` of an unbound UIRefreshControl).
            return unknown("'\(name)' of \(base)", "is not supported", at: location)
        }
        return nil
    }

    /// The standard library's properties of arrays, dictionaries and strings that a bare name inside
    /// the code's extension of them reads.
    static let collectionProperties: Set<String> = [
        "count", "isEmpty", "first", "last", "indices", "startIndex", "endIndex", "keys", "values",
    ]

    /// A global variable (initialized on first use, as Swift's are) or function.
    func global(_ name: String, at location: CodeLocation) throws(CodeDiagnostic) -> Value? {
        if let box = globals.lookup(name) { return box.value }
        if let declaration = globalDeclarations[name] {
            guard initializingGlobals.insert(name).inserted else {
                throw .error(at: location, "the global '\(name)' is used in its own initial value")
            }
            let value =
                try declaration.initial.map { (e: Expr) throws(CodeDiagnostic) in
                    convert(try evaluate(e, globals, Frame(name: name), declaration.type), to: declaration.type)
                } ?? .nil
            globals.declare(name, value, type: declaration.type)
            return value
        }
        if let functions = globalFunctions[name], let first = functions.first {
            let closure = Closure(
                captures: [], parameters: first.parameters, result: first.result, body: first.body,
                isSingleExpression: false, location: first.location)
            return .function(
                .closure(
                    try made(
                        ClosureValue(closure: closure, scope: globals, context: Frame(name: first.name)), at: location))
            )
        }
        return nil
    }

    static let primitiveTypes: Set<String> = [
        "Int", "Double", "CGFloat", "Float", "TimeInterval", "NSTimeInterval", "CFTimeInterval", "Bool", "String",
        "Int32", "Int64", "UInt", "UInt32", "UInt64", "Float64", "Character", "Array", "Dictionary",
    ]

    /// `.name` where the context expects `hint`: a static member or case of that type; without a hint,
    /// the one host type or enum that has it.
    func implicitMember(_ name: String, _ hint: TypeName?, at location: CodeLocation) throws(CodeDiagnostic) -> Value {
        let frame = Frame(name: "implicit member")
        if let typeName = hint?.unwrapped.name {
            let ref = typeRef(.named(typeName), frame)
            switch ref {
            case .unknown: break
            default: return try member(of: .type(ref), name, at: location, frame)
            }
        }
        if case .array(let element)? = hint?.unwrapped, let typeName = element.name {
            return try member(of: .type(typeRef(.named(typeName), frame)), name, at: location, frame)
        }
        if ["pi", "infinity", "greatestFiniteMagnitude", "leastNonzeroMagnitude", "nan"].contains(name) {
            return try member(of: .type(.primitive("Double")), name, at: location, frame)
        }
        var found: [Value] = []
        for type in allTypes where type.cases.contains(where: { $0.name == name }) {
            found.append(.enumCase(EnumValue(type: type, name: name)))
        }
        for type in natives.types.values.sorted(by: { $0.name < $1.name }) {
            if let property = type.staticProperties[name] {
                found.append(
                    try host(at: location) { try property.get(NativeContext(interpreter: self, location: location)) })
            }
        }
        if found.count == 1 { return found[0] }
        let why = found.isEmpty ? "is not supported (no type here has it)" : "is ambiguous here (several types have it)"
        return unknown("'.\(name)'", why, at: location)
    }
}
