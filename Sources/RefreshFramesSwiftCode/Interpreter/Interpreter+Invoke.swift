/// Running functions, closures and initializers.
extension Interpreter {
    struct Invocation {
        var result: Value
        /// `self` when the body ended (a mutating method's new value).
        var selfValue: Value?
        /// The final values of `inout` parameters, by parameter index.
        var inouts: [Int: Value] = [:]
    }

    func enterCall(at location: CodeLocation, name: String) throws(CodeDiagnostic) {
        callDepth += 1
        callNames.append(name)
        if callDepth > limits.callDepth {
            let chain = callNames.suffix(3).joined(separator: " → ")
            callDepth = 0
            callNames = []
            throw .error(
                at: location,
                "calls nest more than \(limits.callDepth) deep (… \(chain): a function that calls itself without end?), over the limit codeCallDepth = \(limits.callDepth)"
            )
        }
    }

    func leaveCall() {
        callDepth = max(0, callDepth - 1)
        if !callNames.isEmpty { callNames.removeLast() }
    }

    /// Runs a program function: `values` has one entry per parameter (nil: its default).
    func invoke(
        _ function: FunctionDecl, receiver: Value, owner: TypeInfo?, values: [Value?], at location: CodeLocation,
        initializing: TypeInfo? = nil, selfBox: Box? = nil
    ) throws(CodeDiagnostic) -> Invocation {
        try enterCall(at: location, name: function.signature)
        defer { leaveCall() }
        let saved = current
        defer { current = saved }
        let scope = Scope(parent: globals)
        if let selfBox {
            // A mutating method's receiver, moved into the box so that it is held once.
            scope.declare("self", box: selfBox)
        } else if case .void = receiver {
        } else {
            scope.declare("self", receiver)
        }
        let frame = Frame(
            type: owner, isStatic: function.isStatic, result: function.result, name: function.signature,
            initializing: initializing)
        for (i, parameter) in function.parameters.enumerated() {
            var value = i < values.count ? values[i] : nil
            if value == nil, let defaultValue = parameter.defaultValue {
                value = try evaluate(defaultValue, scope, frame, parameter.type)
            }
            scope.declare(parameter.name, convert(value ?? .nil, to: parameter.type), type: parameter.type)
        }
        var result: Value = .void
        if let type = function.result, type != .named("Void"), type != .tuple([]), function.body.count == 1,
            case .expression(let e) = function.body[0].kind
        {
            // `func width() -> CGFloat { bounds.width }`, `subscript(i: Int) -> Int { get { xs[i] } }`:
            // a single expression is the value (Swift 5.1).
            result = try evaluate(e, scope, frame, type)
        } else if case .returned(let value) = try execute(function.body, scope, frame) {
            result = value
        }
        methodReturned?(function.name, receiver)
        var invocation = Invocation(result: result, selfValue: scope.lookup("self")?.value)
        for (i, parameter) in function.parameters.enumerated() where parameter.isInout {
            invocation.inouts[i] = scope.lookup(parameter.name)?.value
        }
        return invocation
    }

    /// Runs a closure with positional arguments; missing ones are `()`, extra ones ignored (UIKit passes
    /// `finished` to a completion written `{ () -> Void in }`).
    func invoke(_ closure: ClosureValue, _ arguments: [Value], at location: CodeLocation) throws(CodeDiagnostic)
        -> Value
    {
        try enterCall(at: closure.location, name: "closure in \(closure.context.name)")
        defer { leaveCall() }
        let saved = current
        defer { current = saved }
        let scope = Scope(parent: closure.scope)
        let parameters = closure.closure.parameters
        var values = arguments
        // `{ (a, b) in }` given one tuple: its elements, as Swift 2 allowed.
        if parameters.count > 1, values.count == 1, case .tuple(let elements, _) = values[0],
            elements.count == parameters.count
        {
            values = elements
        }
        for (i, parameter) in parameters.enumerated() where parameter.name != "_" {
            scope.declare(
                parameter.name, convert(i < values.count ? values[i] : .void, to: parameter.type), type: parameter.type)
        }
        var frame = closure.context
        frame.result = closure.closure.result
        let body = closure.closure.body
        if closure.closure.isSingleExpression, body.count == 1, case .expression(let e) = body[0].kind {
            current = body[0].location
            return try evaluate(e, scope, frame, closure.closure.result)
        }
        if case .returned(let value) = try execute(body, scope, frame) { return value }
        return .void
    }

    // MARK: Initializers

    /// `Type(…)`: a program class or struct, an enum from its raw value, a host type, a conversion.
    func construct(_ ref: TypeRef, _ args: PendingArguments, at location: CodeLocation) throws(CodeDiagnostic) -> Value
    {
        switch ref {
        case .program(let info):
            switch info.kind {
            case .class: return try constructObject(info, args, at: location)
            case .struct: return try constructStruct(info, args, at: location)
            case .enum:
                let values = try args.evaluate([info.rawType])
                guard values.count == 1, values[0].label == "rawValue" else {
                    throw .error(
                        at: location, "\(info.name) is created from its rawValue only: \(info.name)(rawValue: …)")
                }
                for c in info.cases
                where try equal(rawValue(of: EnumValue(type: info, name: c.name)), values[0].value, at: location) {
                    return .enumCase(EnumValue(type: info, name: c.name))
                }
                return .nil
            case .extension where natives.type(info.name) != nil:
                // `UIColor(…)` inside `extension UIColor`: the host type's initializer.
                return try construct(.native(natives.type(info.name)!), args, at: location)
            default:
                throw .error(at: location, "\(info.name) cannot be created")
            }
        case .native(let type):
            return try perform(
                .native(type.initializers, receiver: .type(ref)), args, at: location, frame: Frame(name: type.name)
            ).value
        case .primitive(let name):
            let values = try args.evaluate([])
            return try convertPrimitive(name, values, at: location)
        case .array:
            let values = try args.evaluate([])
            if values.isEmpty { return .array([]) }
            if values.count == 2, values[0].label == "repeating", values[1].label == "count",
                case .int(let n) = values[1].value
            {
                try checkCount(n, "an array", at: location)
                return .array([Value](repeating: values[0].value, count: max(0, n)))
            }
            if values.count == 1, values[0].label == nil {
                var elements: [Value] = []
                try forEachElement(of: values[0].value, at: location) { (e: Value) throws(CodeDiagnostic) -> Bool in
                    elements.append(e)
                    try self.checkCount(elements.count, "an array", at: location)
                    return true
                }
                return .array(elements)
            }
            throw .error(at: location, "this array initializer is not supported")
        case .dictionary:
            _ = try args.evaluate([])
            return .dictionary([])
        case .unknown(let name):
            _ = try args.evaluate([])
            return unknown("'\(name)(…)'", "is not supported", at: location)
        }
    }

    private func constructObject(_ info: TypeInfo, _ args: PendingArguments, at location: CodeLocation)
        throws(CodeDiagnostic)
        -> Value
    {
        let instance = try made(Instance(type: info), at: location)
        let value = Value.object(instance)
        // The nearest class in the chain that declares initializers: a class without any inherits them.
        if let declaring = info.chain.first(where: { !$0.initializers.isEmpty }) {
            guard let (function, mapping) = select(declaring.initializers, args, lenient: false) else {
                throw noInitializer(info, declaring.initializers, args, at: location)
            }
            let values = try args.evaluate(hints(mapping, function.parameters.map(parameterShape), args.shapes.count))
            try initializeStored(instance, at: location)
            _ = try invoke(
                function, receiver: value, owner: declaring, values: assemble(values, mapping), at: location,
                initializing: declaring)
            try finishNativePart(instance, at: location)
            return value
        }
        try initializeStored(instance, at: location)
        guard let base = info.nativeBase else {
            _ = try args.evaluate([])
            return value
        }
        if let type = natives.type(base) {
            constructing.append(info.name)
            defer { constructing.removeLast() }
            let made = try perform(
                .native(type.initializers, receiver: .type(.native(type))), args, at: location, frame: Frame(name: base)
            )
            attach(nativePart(of: made.value), to: instance)
        } else {
            _ = try args.evaluate([])
            warn("\(base) is not supported: its part of \(info.name) is skipped", at: location)
        }
        return value
    }

    /// An object of the program class `info` around an existing host part (a nib's view, made by
    /// UIKit with `init(coder:)`, which the code does not get to run): its stored properties with
    /// their initial values, no initializer.
    package func adopt(_ native: NativeValue, as info: TypeInfo, at location: CodeLocation) throws(CodeDiagnostic)
        -> Value
    {
        try onBigStack { () throws(CodeDiagnostic) in
            let instance = try made(Instance(type: info), at: location)
            try initializeStored(instance, at: location)
            attach(native, to: instance)
            return .object(instance)
        }
    }

    private func noInitializer(
        _ info: TypeInfo, _ initializers: [FunctionDecl], _ args: PendingArguments, at location: CodeLocation
    )
        -> CodeDiagnostic
    {
        let written = "(" + args.shapes.map { ($0.label ?? "_") + ":" }.joined() + ")"
        let list = initializers.map(\.signature).sorted().joined(separator: ", ")
        return .error(at: location, "no initializer of \(info.name) takes the arguments \(written): it has \(list)")
    }

    /// Sets every stored property that has an initial value (subclass first, as Swift's phase one does).
    private func initializeStored(_ instance: Instance, at location: CodeLocation) throws(CodeDiagnostic) {
        for type in instance.type.chain {
            for property in type.storedProperties where !property.isLazy {
                let scope = Scope(parent: globals)
                scope.declare("self", .object(instance))
                if let initial = property.initial {
                    let frame = Frame(type: type, result: property.type, name: "\(type.name).\(property.name)")
                    instance.storage[property.name] = convert(
                        try evaluate(initial, scope, frame, property.type), to: property.type)
                } else if property.type?.isOptional == true {
                    instance.storage[property.name] = .nil
                }
            }
        }
    }

    /// After a designated initializer: the host superclass's part, made by its initializer without
    /// arguments when the code did not call `super.init` (as Swift calls it implicitly).
    private func finishNativePart(_ instance: Instance, at location: CodeLocation) throws(CodeDiagnostic) {
        guard instance.native == nil, let base = instance.type.nativeBase else { return }
        guard let type = natives.type(base) else {
            warn("\(base) is not supported: its part of \(instance.type.name) is skipped", at: location)
            return
        }
        var pending = PendingArguments(shapes: []) { _ throws(CodeDiagnostic) in [] }
        pending.positional = false
        constructing.append(instance.type.name)
        defer { constructing.removeLast() }
        let made = try perform(
            .native(type.initializers, receiver: .type(.native(type))), pending, at: location, frame: Frame(name: base))
        attach(nativePart(of: made.value), to: instance)
    }

    /// `super.init(…)` or `self.init(…)` inside an initializer of `type`.
    func delegate(
        to type: TypeInfo, isSuper: Bool, self scope: Box, _ args: PendingArguments, frame: Frame,
        at location: CodeLocation
    ) throws(CodeDiagnostic) {
        let target = isSuper ? type.superclass : type
        // `self.init` may call an initializer the class inherits, `super.init` one of the superclass's.
        let initializers = target?.chain.flatMap(\.initializers) ?? []
        if let target, !initializers.isEmpty {
            guard let (function, mapping) = select(initializers, args, lenient: false),
                let declaring = target.chain.first(where: { t in
                    t.initializers.contains { $0.location == function.location }
                })
            else {
                throw noInitializer(target, initializers, args, at: location)
            }
            let values = try args.evaluate(hints(mapping, function.parameters.map(parameterShape), args.shapes.count))
            let invocation = try invoke(
                function, receiver: scope.value, owner: declaring, values: assemble(values, mapping), at: location,
                initializing: declaring)
            if case .structure = scope.value, let updated = invocation.selfValue { scope.value = updated }
            return
        }
        guard case .object(let instance) = scope.value else {
            _ = try args.evaluate([])
            return
        }
        guard let base = instance.type.nativeBase, let native = natives.type(base) else {
            _ = try args.evaluate([])
            if let base = instance.type.nativeBase {
                warn("\(base) is not supported: 'super.init' of \(instance.type.name) is skipped", at: location)
            }
            return
        }
        constructing.append(instance.type.name)
        defer { constructing.removeLast() }
        let made = try perform(
            .native(native.initializers, receiver: .type(.native(native))), args, at: location, frame: frame)
        attach(nativePart(of: made.value), to: instance)
    }

    private func constructStruct(_ info: TypeInfo, _ args: PendingArguments, at location: CodeLocation)
        throws(CodeDiagnostic)
        -> Value
    {
        var storage: [String: Value] = [:]
        if !info.initializers.isEmpty {
            guard let (function, mapping) = select(info.initializers, args, lenient: false) else {
                throw noInitializer(info, info.initializers, args, at: location)
            }
            let values = try args.evaluate(hints(mapping, function.parameters.map(parameterShape), args.shapes.count))
            for property in info.storedProperties {
                if let initial = property.initial {
                    storage[property.name] = convert(
                        try evaluate(initial, globals, Frame(type: info, name: info.name), property.type),
                        to: property.type)
                } else if property.type?.isOptional == true {
                    storage[property.name] = .nil
                }
            }
            let invocation = try invoke(
                function, receiver: .structure(StructValue(type: info, storage: storage)), owner: info,
                values: assemble(values, mapping), at: location, initializing: info)
            let made = invocation.selfValue ?? .structure(StructValue(type: info, storage: storage))
            try checkNesting(made, at: location)
            return made
        }
        // The memberwise initializer: every stored variable, those with a value optional.
        let members = info.storedProperties.filter { !($0.isLet && $0.initial != nil) }
        let shapes = members.map {
            ParameterShape(
                label: $0.name, hasDefault: $0.initial != nil || $0.type?.isOptional == true,
                isFunction: $0.type.map(\.isFunction), type: $0.type)
        }
        guard let mapping = Self.mapArguments(shapes, args.shapes, positional: args.positional) else {
            let list = "(" + members.map { $0.name + ":" }.joined() + ")"
            throw .error(at: location, "\(info.name)'s memberwise initializer takes \(list)")
        }
        let values = try args.evaluate(hints(mapping, shapes, args.shapes.count))
        for property in info.storedProperties {
            if let i = members.firstIndex(where: { $0.name == property.name }), let a = mapping[i].first {
                storage[property.name] = convert(values[a].value, to: property.type)
            } else if let initial = property.initial {
                storage[property.name] = convert(
                    try evaluate(initial, globals, Frame(type: info, name: info.name), property.type), to: property.type
                )
            } else if property.type?.isOptional == true {
                storage[property.name] = .nil
            }
        }
        let made = Value.structure(StructValue(type: info, storage: storage))
        try checkNesting(made, at: location)
        return made
    }

    /// Calls a host method of `receiver` by name (the host's own API, positional arguments).
    func callNativeMethod(
        _ name: String, on receiver: Value, arguments: [ArgumentValue], at location: CodeLocation, positional: Bool
    )
        throws(CodeDiagnostic) -> Value
    {
        guard let native = nativePart(of: receiver) else {
            throw .error(at: location, "\(describeType(receiver)) has no method '\(name)'")
        }
        var pending = PendingArguments(
            shapes: arguments.map { ArgumentShape(label: $0.label, isTrailingClosure: false) }
        ) {
            _ throws(CodeDiagnostic) in arguments
        }
        pending.positional = positional
        let methods = nativeMethods(name, of: native.type.name)
        guard !methods.isEmpty else { throw .error(at: location, "\(native.type.name) has no method '\(name)'") }
        return try perform(.native(methods, receiver: receiver), pending, at: location, frame: Frame(name: "host"))
            .value
    }
}
