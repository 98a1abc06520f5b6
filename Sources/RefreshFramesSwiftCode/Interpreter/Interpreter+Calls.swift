/// Calls: the callee is resolved first (by name and argument labels, as Swift's overloads are), then
/// the arguments are evaluated with the chosen parameters' types as hints, then the call runs.
extension Interpreter {
    /// What a call expression calls.
    enum Target {
        /// The program's functions or methods named so (overloads); `receiver` is `self` for them.
        case program([FunctionDecl], receiver: Value, owner: TypeInfo?)
        case native([NativeFunction], receiver: Value)
        case construct(TypeRef)
        /// An array, string or dictionary method.
        case primitive(Value, String)
        /// A function value: a closure, a bound method, a native function.
        case value(Value)
        /// `super.init(…)` / `self.init(…)` in an initializer, with the box holding `self`.
        case delegatingInit(TypeInfo, isSuper: Bool, Box)
        case unknown(Value)
    }

    struct ParameterShape {
        var label: String?
        var hasDefault: Bool
        /// Whether it takes a function; nil when its type is not known.
        var isFunction: Bool?
        var isVariadic = false
        var type: TypeName?
    }

    struct ArgumentShape {
        var label: String?
        var isTrailingClosure: Bool
    }

    /// The arguments of a call, evaluated once the callee is known: `evaluate` takes each argument's hint.
    struct PendingArguments {
        var shapes: [ArgumentShape]
        var evaluate: ([TypeName?]) throws(CodeDiagnostic) -> [ArgumentValue]
        /// The arguments passed as `&x`, to write back.
        var inouts: [Int: Expr] = [:]
        /// Host calls pass values in parameter order, without labels.
        var positional = false
    }

    func evaluateCall(
        _ callee: Expr, _ args: [Argument], _ scope: Scope, _ frame: Frame, _ hint: TypeName?, at location: CodeLocation
    )
        throws(CodeDiagnostic) -> Value?
    {
        let pending = pendingArguments(args, scope, frame)
        let target: Target
        switch callee.kind {
        case .name(let name):
            target = try nameTarget(name, scope, frame, at: callee.location)
        case .member(let baseExpression, let name):
            if case .super = baseExpression.kind {
                target = try superTarget(name, scope, frame, at: callee.location)
            } else if name == "init", case .self = baseExpression.kind, let type = frame.initializing,
                let box = scope.lookup("self")
            {
                target = .delegatingInit(type, isSuper: false, box)
            } else if isPlace(baseExpression) {
                // A method of a variable or property: a mutating one changes it in place.
                let place = try resolvePlace(baseExpression, scope, frame, at: callee.location)
                var found: Target?
                var run: ((inout Value) throws(CodeDiagnostic) -> Value)?
                do {
                    // In a block of its own, so that no copy of the receiver outlives it: the receiver
                    // must be held by its place alone for an append to change it without a copy.
                    guard let base = try read(place, frame) else { return nil }
                    if base.isNil { throw .error(at: callee.location, "unexpectedly found nil calling '\(name)'") }
                    let resolved = try memberTarget(base, name, at: callee.location, frame)
                    run = try inPlace(resolved, pending, at: location, frame: frame)
                    if run == nil { found = resolved }
                }
                if let run {
                    var value: Value = .void
                    try write(place, frame, at: location) { (_, _) throws(CodeDiagnostic) -> Change in
                        { (receiver: inout Value) throws(CodeDiagnostic) in value = try run(&receiver) }
                    }
                    return value
                }
                target = found!
            } else {
                guard let base = try evaluatePostfix(baseExpression, scope, frame, nil) else { return nil }
                if base.isNil { throw .error(at: callee.location, "unexpectedly found nil calling '\(name)'") }
                target = try memberTarget(base, name, at: callee.location, frame)
            }
        case .implicitMember(let name):
            target = try implicitTarget(name, hint, at: callee.location, frame)
        default:
            guard let function = try evaluatePostfix(callee, scope, frame, nil) else { return nil }
            target = .value(function)
        }
        let result = try perform(target, pending, at: location, frame: frame)
        for (i, expression) in pending.inouts.sorted(by: { $0.key < $1.key }) {
            guard let value = result.inouts[i] else { continue }
            try modify(expression, scope, frame, at: location) { (_, _) throws(CodeDiagnostic) -> Change in
                { (current: inout Value) in current = value }
            }
        }
        return result.value
    }

    /// For a method that changes its value-type receiver (an array's `append`, a struct's mutating
    /// method): its arguments evaluated now, and the call to make on the receiver once it is taken
    /// out of its place. Nil for any other call.
    private func inPlace(_ target: Target, _ args: PendingArguments, at location: CodeLocation, frame: Frame)
        throws(CodeDiagnostic) -> ((inout Value) throws(CodeDiagnostic) -> Value)?
    {
        switch target {
        case .primitive(let base, let name) where Self.mutatingMethods.contains(name):
            switch base {
            case .array, .string, .dictionary: break
            default: return nil
            }
            let values = try args.evaluate([])
            return { (receiver: inout Value) throws(CodeDiagnostic) in
                try self.mutatePrimitive(&receiver, name, values, at: location)
            }
        case .program(let candidates, .structure, let owner):
            guard let (function, mapping) = select(candidates, args, lenient: true), function.isMutating else {
                return nil
            }
            let values = try args.evaluate(hints(mapping, function.parameters.map(parameterShape), args.shapes.count))
            return { (receiver: inout Value) throws(CodeDiagnostic) in
                let declaring = self.programType(of: receiver).flatMap { self.owner(of: function, in: $0) } ?? owner
                let box = Box(receiver)
                receiver = .void
                defer { receiver = box.value }
                let invocation = try self.invoke(
                    function, receiver: .void, owner: declaring, values: self.assemble(values, mapping), at: location,
                    selfBox: box)
                return invocation.result
            }
        case .native(let candidates, let receiver) where !isReference(receiver):
            guard let (index, _) = select(candidates.map { $0.parameters.map(parameterShape) }, args),
                candidates[index].isMutating
            else { return nil }
            var pending = args
            let values = try args.evaluate(
                hints(
                    Self.mapArguments(
                        candidates[index].parameters.map(parameterShape), args.shapes, positional: args.positional)
                        ?? [], candidates[index].parameters.map(parameterShape), args.shapes.count))
            pending.evaluate = { _ throws(CodeDiagnostic) in values }
            let native = candidates[index]
            return { (receiver: inout Value) throws(CodeDiagnostic) in
                let result = try self.perform(
                    .native([native], receiver: receiver), pending, at: location, frame: frame)
                if let updated = result.receiver { receiver = updated }
                return result.value
            }
        default:
            return nil
        }
    }

    /// A call's outcome: its value, the receiver after a mutating method (to write back), the `inout`
    /// arguments' final values by argument index.
    struct CallResult {
        var value: Value
        var receiver: Value?
        var inouts: [Int: Value] = [:]
    }

    /// Calls a callable with arguments already evaluated (from the host, or a function value).
    func call(_ callable: Callable, arguments: [ArgumentValue], at location: CodeLocation, positional: Bool)
        throws(CodeDiagnostic) -> Value
    {
        var pending = PendingArguments(
            shapes: arguments.map { ArgumentShape(label: $0.label, isTrailingClosure: $0.isTrailingClosure) }
        ) {
            _ throws(CodeDiagnostic) in arguments
        }
        pending.positional = positional
        return try perform(.value(.function(callable)), pending, at: location, frame: Frame(name: "host")).value
    }

    func perform(_ target: Target, _ args: PendingArguments, at location: CodeLocation, frame: Frame)
        throws(CodeDiagnostic)
        -> CallResult
    {
        switch target {
        case .program(let candidates, let receiver, let owner):
            guard let (function, mapping) = select(candidates, args, lenient: true) else {
                throw noMatch(candidates.map(\.signature), args, at: location)
            }
            let values = try args.evaluate(hints(mapping, function.parameters.map(parameterShape), args.shapes.count))
            var declaring = programType(of: receiver).flatMap { self.owner(of: function, in: $0) } ?? owner
            if declaring == nil, case .type(.program(let t)) = receiver { declaring = t }
            let invocation = try invoke(
                function, receiver: receiver, owner: declaring, values: assemble(values, mapping), at: location)
            var result = CallResult(value: invocation.result)
            if function.isMutating, case .structure = receiver { result.receiver = invocation.selfValue }
            result.inouts = inoutValues(invocation.inouts, mapping)
            return result
        case .native(let candidates, let receiver):
            let shapes = candidates.map { $0.parameters.map(parameterShape) }
            guard let (index, mapping) = select(shapes, args) else {
                if case .type(.native(let type)) = receiver, candidates.allSatisfy({ $0.name == "init" }) {
                    // A host initializer the binding does not have (`UIColor(hue:…)`): an unknown value,
                    // an error only where something depends on it.
                    _ = try args.evaluate([])
                    let written = "(" + args.shapes.map { ($0.label ?? "_") + ":" }.joined() + ")"
                    return CallResult(value: unknown("'\(type.name)\(written)'", "is not supported", at: location))
                }
                throw noMatch(candidates.map(\.signature), args, at: location)
            }
            let native = candidates[index]
            let values = try args.evaluate(hints(mapping, shapes[index], args.shapes.count))
            var arguments: [Value] = []
            for (i, parameter) in native.parameters.enumerated() {
                let taken = mapping[i]
                if taken.isEmpty {
                    arguments.append(parameter.defaultValue ?? .nil)
                } else {
                    let value = values[taken[0]].value
                    if !native.acceptsUnknown, let u = value.unknown { throw dependsOnUnknown(u, at: location) }
                    arguments.append(value)
                }
            }
            if !native.acceptsUnknown, let u = receiver.unknown { throw dependsOnUnknown(u, at: location) }
            var call = NativeCall(
                receiver: receiver, arguments: arguments, context: NativeContext(interpreter: self, location: location))
            try enterCall(at: location, name: native.name)
            defer { leaveCall() }
            let value = try host(at: location) { try native.body(&call) }
            var result = CallResult(value: value)
            if native.isMutating, !isReference(receiver) { result.receiver = call.receiver }
            // `&h`: what the host wrote back into the argument (`getHue(&h, saturation: &s, …)`).
            for (i, taken) in mapping.enumerated() where taken.count == 1 && args.inouts[taken[0]] != nil {
                result.inouts[taken[0]] = call.arguments[i]
            }
            return result
        case .construct(let ref):
            return CallResult(value: try construct(ref, args, at: location))
        case .delegatingInit(let type, let isSuper, let box):
            try delegate(to: type, isSuper: isSuper, self: box, args, frame: frame, at: location)
            return CallResult(value: .void)
        case .primitive(let base, let name):
            let values = try args.evaluate([])
            let (value, updated) = try primitiveMethod(base, name, values, at: location)
            return CallResult(value: value, receiver: updated)
        case .value(let function):
            return try performValue(function, args, at: location, frame: frame)
        case .unknown(let value):
            _ = try args.evaluate([])
            return CallResult(value: value)
        }
    }

    private func performValue(_ function: Value, _ args: PendingArguments, at location: CodeLocation, frame: Frame)
        throws(CodeDiagnostic) -> CallResult
    {
        switch function {
        case .function(.closure(let closure)):
            let types = closure.closure.parameters.map(\.type)
            let values = try args.evaluate(types)
            return CallResult(value: try invoke(closure, values.map(\.value), at: location))
        case .function(.method(let method)):
            var pending = args
            pending.positional = true
            return try perform(
                .program([method.function], receiver: method.receiver, owner: method.owner), pending, at: location,
                frame: frame)
        case .function(.native(let native, let receiver)):
            var pending = args
            pending.positional = true
            return try perform(.native([native], receiver: receiver ?? .void), pending, at: location, frame: frame)
        case .function(.initializer(let ref)), .type(let ref):
            return CallResult(value: try construct(ref, args, at: location))
        case .unknown:
            _ = try args.evaluate([])
            return CallResult(value: function)
        case .nil:
            throw .error(at: location, "unexpectedly found nil calling a function (an optional closure that is nil)")
        default:
            throw .error(at: location, "cannot call \(describeType(function))")
        }
    }

    // MARK: Targets

    func nameTarget(_ name: String, _ scope: Scope, _ frame: Frame, at location: CodeLocation) throws(CodeDiagnostic)
        -> Target
    {
        if let box = scope.lookup(name) { return .value(box.value) }
        if let selfValue = scope.lookup("self")?.value {
            if case .type(.program(let type)) = selfValue {
                if let owner = type.chain.first(where: { $0.staticMethods[name] != nil }) {
                    return .program(owner.staticMethods[name]!, receiver: .type(.program(owner)), owner: owner)
                }
            } else if let info = programType(of: selfValue) {
                let methods = info.method(name)
                if !methods.isEmpty { return .program(methods, receiver: selfValue, owner: nil) }
                if info.property(name) != nil { return .value(try member(of: selfValue, name, at: location, frame)) }
                if let owner = info.chain.first(where: { $0.staticMethods[name] != nil }) {
                    return .program(owner.staticMethods[name]!, receiver: .type(.program(owner)), owner: owner)
                }
            }
            if let native = nativePart(of: selfValue) {
                if let ext = extensionMember(name, of: native.type.name), !ext.method(name).isEmpty {
                    return .program(ext.method(name), receiver: selfValue, owner: ext)
                }
                let methods = nativeMethods(name, of: native.type.name)
                if !methods.isEmpty { return .native(methods, receiver: selfValue) }
            }
        }
        if let functions = globalFunctions[name] { return .program(functions, receiver: .void, owner: nil) }
        if let box = globals.lookup(name) { return .value(box.value) }
        if globalDeclarations[name] != nil, let value = try global(name, at: location) { return .value(value) }
        if let type = lookupType(name, from: frame.type) { return .construct(.program(type)) }
        if let native = natives.type(name) { return .construct(.native(native)) }
        if Self.primitiveTypes.contains(name) { return .construct(.primitive(name)) }
        if let functions = natives.functions[name] { return .native(functions, receiver: .void) }
        if name.first?.isLowercase == true, let selfValue = scope.lookup("self")?.value,
            case .object(let instance) = selfValue,
            instance.native == nil, let base = instance.type.nativeBase, natives.type(base) == nil
        {
            return .unknown(unknown("'\(name)(…)' of \(base)", "is not supported", at: location))
        }
        return .unknown(unknown("'\(name)(…)'", "is not supported", at: location))
    }

    func memberTarget(_ base: Value, _ name: String, at location: CodeLocation, _ frame: Frame) throws(CodeDiagnostic)
        -> Target
    {
        switch base {
        case .type(let ref):
            if name == "init" { return .construct(ref) }
            if case .program(let info) = ref, let owner = info.chain.first(where: { $0.staticMethods[name] != nil }) {
                return .program(owner.staticMethods[name]!, receiver: .type(.program(owner)), owner: owner)
            }
            if case .native(let type) = ref {
                if let ext = nativeExtensions[type.name], let methods = ext.staticMethods[name] {
                    return .program(methods, receiver: base, owner: ext)
                }
                let methods = natives.chain(type.name).flatMap { $0.staticMethods.filter { $0.name == name } }
                if !methods.isEmpty { return .native(methods, receiver: base) }
            }
            if case .primitive = ref { return .primitive(base, name) }
            return .value(try staticMember(of: ref, name, at: location, frame))
        case .object, .structure, .enumCase:
            let info = programType(of: base)!
            let methods = info.method(name)
            if !methods.isEmpty { return .program(methods, receiver: base, owner: nil) }
            if info.property(name) != nil { return .value(try member(of: base, name, at: location, frame)) }
            if let native = nativePart(of: base) {
                if let ext = extensionMember(name, of: native.type.name), !ext.method(name).isEmpty {
                    return .program(ext.method(name), receiver: base, owner: ext)
                }
                let natives = nativeMethods(name, of: native.type.name)
                if !natives.isEmpty { return .native(natives, receiver: base) }
                return .unknown(unknown("'\(name)(…)' of \(native.type.name)", "is not supported", at: location))
            }
            if let baseName = info.nativeBase {
                return .unknown(unknown("'\(name)(…)' of \(baseName)", "is not supported", at: location))
            }
            throw .error(at: location, "\(info.name) has no method '\(name)'")
        case .native(let n):
            if let ext = extensionMember(name, of: n.type.name), !ext.method(name).isEmpty {
                return .program(ext.method(name), receiver: base, owner: ext)
            }
            let methods = nativeMethods(name, of: n.type.name)
            if !methods.isEmpty { return .native(methods, receiver: base) }
            if nativeProperty(name, of: n.type.name) != nil {
                return .value(try member(of: base, name, at: location, frame))
            }
            return .unknown(unknown("'\(name)(…)' of \(n.type.name)", "is not supported", at: location))
        case .unknown:
            return .unknown(base)
        case .function:
            throw .error(at: location, "a function has no method '\(name)'")
        default:
            return .primitive(base, name)
        }
    }

    private func superTarget(_ name: String, _ scope: Scope, _ frame: Frame, at location: CodeLocation)
        throws(CodeDiagnostic)
        -> Target
    {
        guard let box = scope.lookup("self"), let type = frame.type else {
            throw .error(at: location, "'super' outside a class")
        }
        let selfValue = box.value
        if name == "init" {
            guard frame.initializing != nil else { throw .error(at: location, "'super.init' outside an initializer") }
            return .delegatingInit(type, isSuper: true, box)
        }
        if let superclass = type.superclass {
            let methods = superclass.method(name)
            if !methods.isEmpty { return .program(methods, receiver: selfValue, owner: nil) }
        }
        if let native = nativePart(of: selfValue) {
            let methods = nativeMethods(name, of: native.type.name)
            if !methods.isEmpty { return .native(methods, receiver: selfValue) }
            return .unknown(unknown("'super.\(name)(…)' of \(native.type.name)", "is not supported", at: location))
        }
        let base = type.nativeBase ?? type.name
        return .unknown(unknown("'super.\(name)(…)' of \(base)", "is not supported", at: location))
    }

    private func implicitTarget(_ name: String, _ hint: TypeName?, at location: CodeLocation, _ frame: Frame)
        throws(CodeDiagnostic) -> Target
    {
        if let typeName = hint?.unwrapped.name {
            let ref = typeRef(.named(typeName), frame)
            let known: Bool
            switch ref {
            case .program(let info):
                known = info.staticOwner(of: name) != nil || name == "init" || info.cases.contains { $0.name == name }
            case .native(let type):
                known =
                    name == "init"
                    || natives.chain(type.name).contains { t in t.staticMethods.contains { $0.name == name } }
            default: known = false
            }
            if known { return try memberTarget(.type(ref), name, at: location, frame) }
        }
        // The context's type does not have it (`.now() + .milliseconds(300)`: DispatchTimeInterval's):
        // the one host type with a static method of that name.
        let owners = natives.types.values.filter { t in t.staticMethods.contains { $0.name == name } }
        if owners.count == 1 { return try memberTarget(.type(.native(owners[0])), name, at: location, frame) }
        let why =
            owners.isEmpty ? "is not supported (no type here has it)" : "is ambiguous here (several types have it)"
        return .unknown(unknown("'.\(name)(…)'", why, at: location))
    }

    // MARK: Matching arguments to parameters

    func parameterShape(_ p: Parameter) -> ParameterShape {
        ParameterShape(
            label: p.label, hasDefault: p.defaultValue != nil, isFunction: p.type.map(\.isFunction),
            isVariadic: p.isVariadic,
            type: p.type)
    }

    func parameterShape(_ p: NativeParameter) -> ParameterShape {
        ParameterShape(
            label: p.label, hasDefault: p.defaultValue != nil, isFunction: p.type.map(\.isFunction), type: p.type)
    }

    /// For each parameter, the indices of the arguments it takes (none: its default); nil when the
    /// labels do not fit. An unlabelled trailing closure goes to the next parameter that takes a function.
    static func mapArguments(_ parameters: [ParameterShape], _ arguments: [ArgumentShape], positional: Bool) -> [[Int]]?
    {
        var result = [[Int]](repeating: [], count: parameters.count)
        if positional {
            guard arguments.count <= parameters.count else { return nil }
            for i in parameters.indices where i < arguments.count { result[i] = [i] }
            for i in parameters.indices where i >= arguments.count && !parameters[i].hasDefault { return nil }
            return result
        }
        var a = 0
        for (i, p) in parameters.enumerated() {
            guard a < arguments.count else {
                if p.hasDefault || p.isVariadic { continue }
                return nil
            }
            let argument = arguments[a]
            let trailing = argument.isTrailingClosure && argument.label == nil
            if p.isVariadic {
                guard argument.label == p.label else { continue }
                result[i].append(a)
                a += 1
                while a < arguments.count, arguments[a].label == nil, !arguments[a].isTrailingClosure {
                    result[i].append(a)
                    a += 1
                }
            } else if argument.label == p.label && !(trailing && p.isFunction == false && p.hasDefault) {
                result[i] = [a]
                a += 1
            } else if trailing && p.isFunction != false {
                result[i] = [a]
                a += 1
            } else if !p.hasDefault {
                return nil
            }
        }
        return a == arguments.count ? result : nil
    }

    /// The first of `candidates` whose parameters take the arguments. `lenient`: a Swift 2 method, whose
    /// first parameter had no label, may be called without it.
    func select(_ candidates: [FunctionDecl], _ args: PendingArguments, lenient: Bool) -> (FunctionDecl, [[Int]])? {
        let shapes = candidates.map { $0.parameters.map(parameterShape) }
        if let (i, mapping) = select(shapes, args) { return (candidates[i], mapping) }
        guard lenient else { return nil }
        for (i, candidate) in candidates.enumerated() where candidate.kind == .function {
            var relaxed = shapes[i]
            guard !relaxed.isEmpty, relaxed[0].label != nil else { continue }
            relaxed[0].label = nil
            if let mapping = Self.mapArguments(relaxed, args.shapes, positional: false) { return (candidate, mapping) }
        }
        return nil
    }

    func select(_ shapes: [[ParameterShape]], _ args: PendingArguments) -> (Int, [[Int]])? {
        for (i, shape) in shapes.enumerated() {
            if let mapping = Self.mapArguments(shape, args.shapes, positional: args.positional) { return (i, mapping) }
        }
        return nil
    }

    /// Whether `function`'s labels are exactly `labels`.
    func matches(_ function: FunctionDecl, labels: [String?]) -> Bool {
        function.parameters.map(\.label) == labels
    }

    /// Each argument's hint: the type of the parameter it goes to (a variadic one's element type).
    func hints(_ mapping: [[Int]], _ parameters: [ParameterShape], _ count: Int) -> [TypeName?] {
        var hints = [TypeName?](repeating: nil, count: count)
        for (p, indices) in mapping.enumerated() where p < parameters.count {
            var type = parameters[p].type
            if parameters[p].isVariadic, case .array(let element)? = type { type = element }
            for a in indices where a < count { hints[a] = type }
        }
        return hints
    }

    /// The value for each parameter (nil: its default), variadic ones as arrays.
    func assemble(_ values: [ArgumentValue], _ mapping: [[Int]]) -> [Value?] {
        mapping.map { indices in
            if indices.isEmpty { return nil }
            return indices.count == 1 ? values[indices[0]].value : .array(indices.map { values[$0].value })
        }
    }

    private func inoutValues(_ byParameter: [Int: Value], _ mapping: [[Int]]) -> [Int: Value] {
        var byArgument: [Int: Value] = [:]
        for (p, value) in byParameter where p < mapping.count && mapping[p].count == 1 {
            byArgument[mapping[p][0]] = value
        }
        return byArgument
    }

    /// A call's (or a subscript's) arguments, to evaluate once the callee is chosen.
    func pendingArguments(_ args: [Argument], _ scope: Scope, _ frame: Frame) -> PendingArguments {
        var pending = PendingArguments(
            shapes: args.map { ArgumentShape(label: $0.label, isTrailingClosure: $0.isTrailingClosure) }
        ) {
            (hints: [TypeName?]) throws(CodeDiagnostic) -> [ArgumentValue] in
            var values: [ArgumentValue] = []
            for (i, a) in args.enumerated() {
                let value = try self.evaluate(a.value, scope, frame, i < hints.count ? hints[i] : nil)
                values.append(
                    ArgumentValue(
                        label: a.label, value: self.convert(value, to: i < hints.count ? hints[i] : nil),
                        isTrailingClosure: a.isTrailingClosure))
            }
            return values
        }
        for (i, a) in args.enumerated() { if case .inout(let inner) = a.value.kind { pending.inouts[i] = inner } }
        return pending
    }

    func noMatch(_ signatures: [String], _ args: PendingArguments, at location: CodeLocation) -> CodeDiagnostic {
        let written = "(" + args.shapes.map { ($0.label ?? "_") + ":" }.joined() + ")"
        guard !signatures.isEmpty else {
            return .error(at: location, "no function here takes the arguments \(written)")
        }
        return .error(
            at: location,
            "no function takes the arguments \(written): \(signatures.sorted().joined(separator: ", ")) \(signatures.count == 1 ? "does" : "do") not"
        )
    }
}
