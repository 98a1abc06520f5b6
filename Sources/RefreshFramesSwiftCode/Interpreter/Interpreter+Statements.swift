/// How a statement ended.
enum Flow {
    case normal
    case breakLoop(String?)
    case continueLoop(String?)
    case returned(Value)
    case fallthroughCase
}

extension Interpreter {
    /// Runs `statements` in `scope` (the caller makes it), then the `defer` blocks they registered.
    func execute(_ statements: [Stmt], _ scope: Scope, _ frame: Frame) throws(CodeDiagnostic) -> Flow {
        var defers: [[Stmt]] = []
        var flow = Flow.normal
        for statement in statements {
            if case .defer(let body) = statement.kind {
                defers.append(body)
                continue
            }
            flow = try execute(statement, scope, frame)
            if case .normal = flow { continue }
            break
        }
        for body in defers.reversed() { _ = try execute(body, Scope(parent: scope), frame) }
        return flow
    }

    private func execute(_ statement: Stmt, _ scope: Scope, _ frame: Frame) throws(CodeDiagnostic) -> Flow {
        current = statement.location
        try step()
        let at = statement.location
        switch statement.kind {
        case .expression(let e):
            _ = try evaluate(e, scope, frame)
            return .normal
        case .binding(let b):
            var value: Value = .nil
            if let initial = b.initial {
                value = convert(try evaluate(initial, scope, frame, b.type), to: b.type)
            }
            guard try bind(b.pattern, value, in: scope, type: b.type, at: at) else {
                throw .error(at: at, "the value does not fit the pattern")
            }
            return .normal
        case .function(let f):
            let closure = Closure(
                captures: [], parameters: f.parameters, result: f.result, body: f.body, isSingleExpression: false,
                location: f.location)
            scope.declare(
                f.name,
                .function(
                    .closure(try made(ClosureValue(closure: closure, scope: scope, context: frame), at: f.location))))
            return .normal
        case .if(let conditions, let then, let otherwise):
            let inner = Scope(parent: scope)
            if try test(conditions, inner, frame) { return try execute(then, Scope(parent: inner), frame) }
            if let otherwise { return try execute(otherwise, Scope(parent: scope), frame) }
            return .normal
        case .guard(let conditions, let otherwise):
            if try test(conditions, scope, frame) { return .normal }
            let flow = try execute(otherwise, Scope(parent: scope), frame)
            if case .normal = flow { throw .error(at: at, "the guard's else block must return, break or continue") }
            return flow
        case .forIn(let pattern, let sequence, let filter, let body, let label):
            return try loop(over: sequence, pattern, filter, body, label, scope, frame, at: at)
        case .while(let conditions, let body, let label):
            while true {
                let inner = Scope(parent: scope)
                guard try test(conditions, inner, frame) else { return .normal }
                switch try execute(body, Scope(parent: inner), frame) {
                case .breakLoop(let l) where l == nil || l == label: return .normal
                case .continueLoop(let l) where l == nil || l == label: continue
                case .normal: continue
                case let other: return other
                }
            }
        case .repeat(let body, let condition, let label):
            while true {
                switch try execute(body, Scope(parent: scope), frame) {
                case .breakLoop(let l) where l == nil || l == label: return .normal
                case .continueLoop(let l) where l == nil || l == label: break
                case .normal: break
                case let other: return other
                }
                guard try truth(condition, scope, frame) else { return .normal }
            }
        case .switch(let subject, let cases, let label):
            let value = try evaluate(subject, scope, frame)
            if let unknown = value.unknown { throw dependsOnUnknown(unknown, at: subject.location) }
            var falling = false
            for c in cases {
                let inner = Scope(parent: scope)
                if !falling {
                    guard try matches(c, value, inner, frame) else { continue }
                }
                switch try execute(c.body, inner, frame) {
                case .fallthroughCase:
                    falling = true
                    continue
                case .breakLoop(let l) where l == nil || l == label: return .normal
                case let other: return other
                }
            }
            if falling { return .normal }
            throw .error(at: at, "no case of the switch matches \(describe(value))")
        case .block(let body, let label):
            switch try execute(body, Scope(parent: scope), frame) {
            case .breakLoop(let l) where l != nil && l == label: return .normal
            case let other: return other
            }
        case .return(let e):
            guard let e else { return .returned(.void) }
            return .returned(convert(try evaluate(e, scope, frame, frame.result), to: frame.result))
        case .break(let label): return .breakLoop(label)
        case .continue(let label): return .continueLoop(label)
        case .fallthrough: return .fallthroughCase
        case .defer(let body):
            _ = try execute(body, Scope(parent: scope), frame)
            return .normal
        case .unsupported(let what):
            throw .error(at: at, "\(what) is not supported")
        }
    }

    private func matches(_ c: SwitchCase, _ value: Value, _ scope: Scope, _ frame: Frame) throws(CodeDiagnostic) -> Bool
    {
        if c.patterns.isEmpty { return true }
        for pattern in c.patterns {
            guard try match(pattern, value, scope, frame, at: c.location) else { continue }
            if let condition = c.guardExpression, !(try truth(condition, scope, frame)) { continue }
            return true
        }
        return false
    }

    /// Whether every condition holds; bindings go into `scope`.
    func test(_ conditions: [Condition], _ scope: Scope, _ frame: Frame) throws(CodeDiagnostic) -> Bool {
        for condition in conditions {
            switch condition {
            case .boolean(let e):
                guard try truth(e, scope, frame) else { return false }
            case .optionalBinding(let pattern, let e):
                let value = try evaluate(e, scope, frame)
                if let unknown = value.unknown { throw dependsOnUnknown(unknown, at: e.location) }
                if value.isNil { return false }
                guard try bind(pattern, value, in: scope, type: nil, at: e.location) else { return false }
            case .matches(let pattern, let e):
                let value = try evaluate(e, scope, frame)
                if let unknown = value.unknown { throw dependsOnUnknown(unknown, at: e.location) }
                guard try match(pattern, value, scope, frame, at: e.location) else { return false }
            case .available:
                continue
            }
        }
        return true
    }

    /// A condition's value, which must be a Bool.
    func truth(_ e: Expr, _ scope: Scope, _ frame: Frame) throws(CodeDiagnostic) -> Bool {
        let value = try evaluate(e, scope, frame)
        switch value {
        case .bool(let b): return b
        case .unknown(let u): throw dependsOnUnknown(u, at: e.location)
        default: throw .error(at: e.location, "expected true or false, got \(describeType(value))")
        }
    }

    /// Binds the names of `pattern` to the parts of `value`; false when it does not fit.
    func bind(_ pattern: Pattern, _ value: Value, in scope: Scope, type: TypeName?, at: CodeLocation)
        throws(CodeDiagnostic)
        -> Bool
    {
        switch pattern {
        case .name(let name):
            scope.declare(name, value, type: type)
            return true
        case .wildcard:
            return true
        case .typed(let inner, let t):
            return try bind(inner, convert(value, to: t), in: scope, type: t, at: at)
        case .tuple(let patterns):
            guard case .tuple(let values, _) = value, values.count == patterns.count else { return false }
            for (p, v) in zip(patterns, values) {
                guard try bind(p, v, in: scope, type: nil, at: at) else { return false }
            }
            return true
        case .some(let inner):
            return value.isNil ? false : try bind(inner, value, in: scope, type: type, at: at)
        case .isType(let t, let inner):
            guard isInstance(value, of: t) else { return false }
            return try inner.map { (p: Pattern) throws(CodeDiagnostic) in try bind(p, value, in: scope, type: t, at: at)
            } ?? true
        case .value:
            throw .error(at: at, "a value pattern cannot bind names here")
        }
    }

    /// Whether `value` matches `pattern` (a `case`), binding its names into `scope`.
    func match(_ pattern: Pattern, _ value: Value, _ scope: Scope, _ frame: Frame, at: CodeLocation)
        throws(CodeDiagnostic)
        -> Bool
    {
        switch pattern {
        case .value(let e):
            let expected = try evaluate(e, scope, frame, runtimeTypeName(value))
            if case .range(let lower, let upper) = expected, case .int(let n) = value { return n >= lower && n < upper }
            return try equal(expected, value, at: e.location)
        case .tuple(let patterns):
            guard case .tuple(let values, _) = value, values.count == patterns.count else { return false }
            for (p, v) in zip(patterns, values) { guard try match(p, v, scope, frame, at: at) else { return false } }
            return true
        case .some(let inner):
            return value.isNil ? false : try match(inner, value, scope, frame, at: at)
        default:
            return try bind(pattern, value, in: scope, type: nil, at: at)
        }
    }

    private func loop(
        over sequence: Expr, _ pattern: Pattern, _ filter: Expr?, _ body: [Stmt], _ label: String?, _ scope: Scope,
        _ frame: Frame, at: CodeLocation
    ) throws(CodeDiagnostic) -> Flow {
        let values = try evaluate(sequence, scope, frame)
        if values.isNil, let outlet = unconnectedOutlet(sequence, frame) {
            throw .error(at: sequence.location, "cannot loop over nil: \(outlet)")
        }
        var flow = Flow.normal
        try forEachElement(of: values, at: sequence.location) { (element: Value) throws(CodeDiagnostic) -> Bool in
            try self.step()
            let inner = Scope(parent: scope)
            guard try self.match(pattern, element, inner, frame, at: at) else { return true }
            if let filter, !(try self.truth(filter, inner, frame)) { return true }
            switch try self.execute(body, Scope(parent: inner), frame) {
            case .breakLoop(let l) where l == nil || l == label: return false
            case .continueLoop(let l) where l == nil || l == label: return true
            case .normal: return true
            case let other:
                flow = other
                return false
            }
        }
        return flow
    }

    /// Calls `body` with each element of a sequence value until it returns false; ranges and strides
    /// are never made into arrays.
    func forEachElement(of sequence: Value, at location: CodeLocation, _ body: (Value) throws(CodeDiagnostic) -> Bool)
        throws(CodeDiagnostic)
    {
        switch sequence {
        case .array(let elements):
            for e in elements { guard try body(e) else { return } }
        case .range(let lower, let upper):
            var i = lower
            while i < upper {
                guard try body(.int(i)) else { return }
                i += 1
            }
        case .stride(let s):
            if case .int(let from) = s.from, case .int(let to) = s.to, case .int(let by) = s.by {
                guard by != 0 else { throw .error(at: location, "stride(by: 0) never ends") }
                var i = from
                while by > 0 ? (s.inclusive ? i <= to : i < to) : (s.inclusive ? i >= to : i > to) {
                    guard try body(.int(i)) else { return }
                    let (next, overflow) = i.addingReportingOverflow(by)
                    if overflow { return }
                    i = next
                }
            } else {
                let from = try number(s.from, at: location)
                let to = try number(s.to, at: location)
                let by = try number(s.by, at: location)
                guard by != 0, by.isFinite else { throw .error(at: location, "stride(by: \(by)) never ends") }
                var k = 0.0
                while true {
                    // Swift's floating-point stride: from + k * by, so errors do not add up.
                    let x = from + k * by
                    guard by > 0 ? (s.inclusive ? x <= to : x < to) : (s.inclusive ? x >= to : x > to) else { return }
                    guard try body(.double(x)) else { return }
                    k += 1
                }
            }
        case .dictionary(let pairs):
            for p in pairs { guard try body(.tuple([p.key, p.value], labels: ["key", "value"])) else { return } }
        case .string(let s):
            for c in s { guard try body(.string(String(c))) else { return } }
        case .unknown(let u):
            throw dependsOnUnknown(u, at: location)
        default:
            throw .error(at: location, "cannot loop over \(describeType(sequence))")
        }
    }
}

extension Interpreter {
    /// What to say of a nil read from `expression` when it names an `@IBOutlet` of the class whose
    /// code runs (`innerViews`, `self.innerViews`) that nothing set; nil otherwise.
    func unconnectedOutlet(_ expression: Expr, _ frame: Frame) -> String? {
        let name: String
        switch expression.kind {
        case .name(let n): name = n
        case .member(let base, let n):
            guard case .`self` = base.kind else { return nil }
            name = n
        default: return nil
        }
        var type = frame.type
        while let t = type {
            if let property = t.storedProperties.first(where: { $0.name == name }) {
                guard property.isOutlet else { return nil }
                if property.isOutletCollection {
                    return "'\(name)' is an @IBOutlet collection that nothing connected "
                        + "(\(PropertyDecl.outletCollectionNotGiven(name)))"
                }
                return "'\(name)' is an @IBOutlet that nothing connected (give the spec's view \"name\": \"\(name)\")"
            }
            type = t.superclass
        }
        return nil
    }
}
