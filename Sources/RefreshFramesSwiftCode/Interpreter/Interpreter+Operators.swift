extension Interpreter {
    static let arithmeticOperators: Set<String> = ["+", "-", "*", "/", "%"]
    static let integerTypes: Set<String> = [
        "Int", "Int32", "Int64", "UInt", "UInt32", "UInt64", "Int16", "Int8", "UInt8",
    ]

    func binary(
        _ op: String, _ left: Expr, _ right: Expr, _ scope: Scope, _ frame: Frame, _ hint: TypeName?,
        at location: CodeLocation
    )
        throws(CodeDiagnostic) -> Value
    {
        switch op {
        case "&&":
            guard try truth(left, scope, frame) else { return .bool(false) }
            return .bool(try truth(right, scope, frame))
        case "||":
            if try truth(left, scope, frame) { return .bool(true) }
            return .bool(try truth(right, scope, frame))
        case "??":
            let value = try evaluate(left, scope, frame, hint)
            if let u = value.unknown { throw dependsOnUnknown(u, at: location) }
            return value.isNil ? try evaluate(right, scope, frame, hint) : value
        default:
            break
        }
        // Swift types every literal of `1 / 2 * x` as x's type: find a floating-point leaf first.
        var operandHint: TypeName?
        let arithmetic = Self.arithmeticOperators.contains(op)
        if arithmetic, let hint, isFloating(hint) || !Self.integerTypes.contains(hint.unwrapped.name ?? "") {
            // A CGFloat, or a type with operators of its own (`.now() + 0.5` is a DispatchTime).
            operandHint = hint
        } else if arithmetic || ["<", ">", "<=", ">=", "==", "!="].contains(op) {
            if hasFloatingLeaf(left, scope) || hasFloatingLeaf(right, scope) {
                operandHint = .named("Double")
            } else if arithmetic {
                operandHint = hint
            }
        }
        let l = try evaluate(left, scope, frame, operandHint)
        let r = try evaluate(right, scope, frame, operandHint ?? runtimeTypeName(l))
        return try operate(op, l, r, at: location)
    }

    /// Whether an arithmetic expression has a floating-point leaf that Swift would type the whole by.
    private func hasFloatingLeaf(_ e: Expr, _ scope: Scope) -> Bool {
        switch e.kind {
        case .float: return true
        case .name(let name):
            if case .double? = scope.lookup(name)?.value { return true }
            if case .object(let instance)? = scope.lookup("self")?.value, case .double? = instance.storage[name] {
                return true
            }
            return false
        case .member(let base, let name):
            if case .self = base.kind, case .object(let instance)? = scope.lookup("self")?.value,
                case .double? = instance.storage[name]
            {
                return true
            }
            return false
        case .binary(let op, let a, let b) where Self.arithmeticOperators.contains(op):
            return hasFloatingLeaf(a, scope) || hasFloatingLeaf(b, scope)
        case .prefix("-", let a):
            return hasFloatingLeaf(a, scope)
        case .call(let callee, _):
            if case .name(let name) = callee.kind { return Self.floatingTypes.contains(name) }
            return false
        case .implicitMember("pi"):
            return true
        default:
            return false
        }
    }

    /// `l op r` on values.
    func operate(_ op: String, _ l: Value, _ r: Value, at location: CodeLocation) throws(CodeDiagnostic) -> Value {
        if case .unknown = l { return l }
        if case .unknown = r { return r }
        let context = NativeContext(interpreter: self, location: location)
        for side in [l, r] {
            if case .native(let n) = side {
                for t in natives.chain(n.type.name) {
                    if let f = t.operators[op], let result = try host(at: location, { try f(l, r, context) }) {
                        return result
                    }
                }
            }
        }
        switch op {
        case "+", "-", "*", "/", "%":
            if op == "+" {
                if case .string(let a) = l, case .string(let b) = r {
                    try checkCount(a.utf8.count + b.utf8.count, "a string", at: location)
                    return .string(a + b)
                }
                if case .array(let a) = l, case .array(let b) = r {
                    try checkCount(a.count + b.count, "an array", at: location)
                    return .array(a + b)
                }
            }
            return try arithmetic(op, l, r, at: location)
        case "==": return .bool(try equal(l, r, at: location))
        case "!=": return .bool(!(try equal(l, r, at: location)))
        case "<", ">", "<=", ">=": return .bool(try compare(op, l, r, at: location))
        case "===", "!==":
            let same = identical(l, r)
            return .bool(op == "===" ? same : !same)
        case "..<", "...":
            guard case .int(let a) = l, case .int(let b) = r else {
                throw .error(at: location, "ranges of \(describeType(l)) are not supported (only of integers)")
            }
            let upper = op == "..." ? b.addingReportingOverflow(1).partialValue : b
            guard a <= upper else {
                throw .error(at: location, "the range \(a)\(op)\(b) has its lower bound above its upper bound")
            }
            return .range(lower: a, upper: upper)
        case "&", "|", "^", "<<", ">>":
            guard case .int(let a) = l, case .int(let b) = r else {
                throw .error(at: location, "'\(op)' needs integers, got \(describeType(l)) and \(describeType(r))")
            }
            switch op {
            case "&": return .int(a & b)
            case "|": return .int(a | b)
            case "^": return .int(a ^ b)
            case "<<": return .int(a << b)
            default: return .int(a >> b)
            }
        case "~=":
            if case .range(let lower, let upper) = l, case .int(let n) = r { return .bool(n >= lower && n < upper) }
            return .bool(try equal(l, r, at: location))
        default:
            throw .error(at: location, "the operator '\(op)' is not supported")
        }
    }

    /// Numbers: integers with Swift's overflow trap, doubles, or both (an integer literal in a
    /// floating-point expression, as Swift's type checker would have typed it).
    func arithmetic(_ op: String, _ l: Value, _ r: Value, at location: CodeLocation) throws(CodeDiagnostic) -> Value {
        if case .int(let a) = l, case .int(let b) = r {
            let (value, overflow): (Int, Bool)
            switch op {
            case "+": (value, overflow) = a.addingReportingOverflow(b)
            case "-": (value, overflow) = a.subtractingReportingOverflow(b)
            case "*": (value, overflow) = a.multipliedReportingOverflow(by: b)
            case "/", "%":
                guard b != 0 else { throw .error(at: location, "division by zero") }
                (value, overflow) =
                    op == "/" ? a.dividedReportingOverflow(by: b) : a.remainderReportingOverflow(dividingBy: b)
            default: throw .error(at: location, "the operator '\(op)' is not supported")
            }
            if overflow { throw .error(at: location, "arithmetic overflow: \(a) \(op) \(b) does not fit in Int") }
            return .int(value)
        }
        guard let a = numeric(l), let b = numeric(r) else {
            if l.isNil || r.isNil {
                throw .error(
                    at: location, "unexpectedly found nil in '\(op)' (an optional that is nil, used as a number)")
            }
            throw .error(at: location, "'\(op)' needs numbers, got \(describeType(l)) and \(describeType(r))")
        }
        switch op {
        case "+": return .double(a + b)
        case "-": return .double(a - b)
        case "*": return .double(a * b)
        case "/": return .double(a / b)
        case "%": return .double(a.truncatingRemainder(dividingBy: b))
        default: throw .error(at: location, "the operator '\(op)' is not supported")
        }
    }

    func numeric(_ value: Value) -> Double? {
        switch value {
        case .int(let n): Double(n)
        case .double(let x): x
        default: nil
        }
    }

    func number(_ value: Value, at location: CodeLocation) throws(CodeDiagnostic) -> Double {
        if let u = value.unknown { throw dependsOnUnknown(u, at: location) }
        guard let x = numeric(value) else {
            throw .error(at: location, "expected a number, got \(describeType(value))")
        }
        return x
    }

    func prefix(_ op: String, _ value: Value, at location: CodeLocation) throws(CodeDiagnostic) -> Value {
        if case .unknown = value { return value }
        switch (op, value) {
        case ("-", .int(let n)):
            guard n != Int.min else { throw .error(at: location, "arithmetic overflow: -(\(n)) does not fit in Int") }
            return .int(-n)
        case ("-", .double(let x)): return .double(-x)
        case ("+", .int), ("+", .double): return value
        case ("!", .bool(let b)): return .bool(!b)
        case ("~", .int(let n)): return .int(~n)
        default:
            if case .native(let n) = value {
                for t in natives.chain(n.type.name) {
                    if let f = t.operators["prefix" + op],
                        let result = try host(
                            at: location, { try f(value, .void, NativeContext(interpreter: self, location: location)) })
                    {
                        return result
                    }
                }
            }
            throw .error(at: location, "'\(op)' cannot be applied to \(describeType(value))")
        }
    }

    func equal(_ l: Value, _ r: Value, at location: CodeLocation) throws(CodeDiagnostic) -> Bool {
        switch (l, r) {
        case (.unknown(let u), _), (_, .unknown(let u)): throw dependsOnUnknown(u, at: location)
        case (.nil, .nil), (.void, .void): return true
        case (.nil, _), (_, .nil): return false
        case (.int(let a), .int(let b)): return a == b
        case (.bool(let a), .bool(let b)): return a == b
        case (.string(let a), .string(let b)): return a == b
        case (.selector(let a), .selector(let b)), (.selector(let a), .string(let b)),
            (.string(let a), .selector(let b)):
            return a == b
        case (.array(let a), .array(let b)):
            guard a.count == b.count else { return false }
            for (x, y) in zip(a, b) where !(try equal(x, y, at: location)) { return false }
            return true
        case (.tuple(let a, _), .tuple(let b, _)):
            guard a.count == b.count else { return false }
            for (x, y) in zip(a, b) where !(try equal(x, y, at: location)) { return false }
            return true
        case (.dictionary(let a), .dictionary(let b)):
            guard a.count == b.count else { return false }
            for p in a {
                var found = false
                for q in b where try equal(p.key, q.key, at: location) {
                    guard try equal(p.value, q.value, at: location) else { return false }
                    found = true
                    break
                }
                if !found { return false }
            }
            return true
        case (.range(let a, let b), .range(let c, let d)): return a == c && b == d
        case (.enumCase(let a), .enumCase(let b)): return a.type === b.type && a.name == b.name
        case (.structure(let a), .structure(let b)):
            guard a.type === b.type else { return false }
            for (key, x) in a.storage {
                guard let y = b.storage[key], try equal(x, y, at: location) else { return false }
            }
            return true
        case (.type(let a), .type(let b)): return a.name == b.name
        case (.native(let a), .native(let b)):
            if a.type === b.type, let equals = a.type.equals { return equals(a.payload, b.payload) }
            return identical(l, r)
        case (.object, .object): return identical(l, r)
        default:
            if let a = numeric(l), let b = numeric(r) { return a == b }
            return false
        }
    }

    func identical(_ l: Value, _ r: Value) -> Bool {
        switch (l, r) {
        case (.object(let a), .object(let b)): return a === b
        case (.native(let a), .native(let b)):
            return a.type.isReference && (a.payload as AnyObject) === (b.payload as AnyObject)
        case (.function(.closure(let a)), .function(.closure(let b))): return a === b
        case (.nil, .nil): return true
        default: return false
        }
    }

    private func compare(_ op: String, _ l: Value, _ r: Value, at location: CodeLocation) throws(CodeDiagnostic) -> Bool
    {
        let ordered: Bool?
        switch (l, r) {
        case (.int(let a), .int(let b)):
            ordered = op == "<" ? a < b : op == ">" ? a > b : op == "<=" ? a <= b : a >= b
        case (.string(let a), .string(let b)):
            ordered = op == "<" ? a < b : op == ">" ? a > b : op == "<=" ? a <= b : a >= b
        default:
            if let a = numeric(l), let b = numeric(r) {
                ordered = op == "<" ? a < b : op == ">" ? a > b : op == "<=" ? a <= b : a >= b
            } else {
                ordered = nil
            }
        }
        guard let ordered else {
            throw .error(at: location, "'\(op)' cannot compare \(describeType(l)) with \(describeType(r))")
        }
        return ordered
    }
}
