import Foundation

extension NativeLibrary {
    /// The Swift standard library and Foundation as the tutorials use them: math, `print`, `NSObject`,
    /// timers, dispatch queues. No file, process or network: nothing here reaches outside the run.
    package static var standard: NativeLibrary {
        var library = NativeLibrary()
        library.addMath()
        library.addPrinting()
        library.add(
            NativeType("NSObject", isReference: true).with {
                $0.initializers = [
                    NativeFunction("init") { call in
                        .native(NativeValue(call.context.interpreter.natives.type("NSObject")!, NSObjectPayload()))
                    }
                ]
                // `type(of: self).description()`: the class's name (UIKit's is qualified by the app's
                // module, `App.LoadingView`, which is not known here: the name alone, which
                // `.components(separatedBy: ".").last` leaves as it is).
                $0.staticMethods = [
                    NativeFunction("description") { call in
                        guard case .type(let t) = call.receiver else { return .string("NSObject") }
                        return .string(t.name)
                    }
                ]
            })
        library.addTimers()
        library.addDispatch()
        library.addOperationQueues()
        library.protocols = [
            "UITableViewDelegate", "UITableViewDataSource", "UIScrollViewDelegate", "UICollectionViewDelegate",
            "UICollectionViewDataSource", "CAAnimationDelegate", "NSCoding", "Equatable", "Hashable", "Comparable",
            "CustomStringConvertible", "Codable", "Encodable", "Decodable", "AnyObject",
        ]
        return library
    }

    private mutating func addMath() {
        for (name, value) in [
            ("M_PI", Double.pi), ("M_PI_2", Double.pi / 2), ("M_PI_4", Double.pi / 4), ("M_1_PI", 1 / Double.pi),
            ("M_2_PI", 2 / Double.pi), ("M_E", M_E), ("M_SQRT2", 2.0.squareRoot()), ("M_SQRT1_2", 0.5.squareRoot()),
            ("M_LN2", M_LN2), ("M_LN10", M_LN10),
        ] {
            constants[name] = NativeStaticProperty(type: .named("Double")) { _ in .double(value) }
        }
        let unary: [(String, (Double) -> Double)] = [
            ("sqrt", { $0.squareRoot() }), ("sin", sin), ("cos", cos), ("tan", tan), ("asin", asin), ("acos", acos),
            ("atan", atan), ("exp", exp), ("log", log), ("log10", log10), ("log2", log2), ("floor", floor),
            ("ceil", ceil),
            ("round", { $0.rounded() }), ("trunc", trunc), ("fabs", { abs($0) }), ("sqrtf", { $0.squareRoot() }),
            ("sinf", sin), ("cosf", cos), ("floorf", floor), ("ceilf", ceil), ("roundf", { $0.rounded() }),
            ("fabsf", { abs($0) }),
        ]
        for (name, f) in unary {
            add(
                function: NativeFunction(name, [NativeParameter(nil, .named("Double"))]) { call in
                    .double(f(try call.context.double(call.arguments[0], "\(name)'s argument")))
                })
        }
        let binary: [(String, (Double, Double) -> Double)] = [
            ("atan2", atan2), ("pow", pow), ("fmod", fmod), ("fmin", fmin), ("fmax", fmax), ("hypot", hypot),
            ("atan2f", atan2),
            ("powf", pow),
        ]
        for (name, f) in binary {
            add(
                function: NativeFunction(
                    name, [NativeParameter(nil, .named("Double")), NativeParameter(nil, .named("Double"))]
                ) { call in
                    .double(
                        f(
                            try call.context.double(call.arguments[0], name),
                            try call.context.double(call.arguments[1], name)))
                })
        }
        // `type(of: self)`: the value's dynamic type, which `String(describing:)` and string
        // interpolation write as its name (a nib named for its class: `loadNibNamed(String(describing:
        // type(of: self)), …)`).
        add(
            function: NativeFunction("type", [NativeParameter("of")], acceptsUnknown: false) { call in
                switch call.arguments[0] {
                case .object(let instance): return .type(.program(instance.type))
                case .structure(let value): return .type(.program(value.type))
                case .enumCase(let value): return .type(.program(value.type))
                case .native(let value): return .type(.native(value.type))
                case .int: return .type(.primitive("Int"))
                case .double: return .type(.primitive("Double"))
                case .string: return .type(.primitive("String"))
                case .bool: return .type(.primitive("Bool"))
                case .type(let t): return .type(.unknown(t.name + ".Type"))
                default:
                    throw call.context.error(
                        "type(of:) of \(call.context.interpreter.describeType(call.arguments[0])) is not supported")
                }
            })
        add(
            function: NativeFunction("abs", [NativeParameter(nil)]) { call in
                switch call.arguments[0] {
                case .int(let n) where n != Int.min: return .int(abs(n))
                default: return .double(abs(try call.context.double(call.arguments[0], "abs's argument")))
                }
            })
        for name in ["min", "max"] {
            for arity in 2...4 {
                add(
                    function: NativeFunction(name, [NativeParameter](repeating: NativeParameter(nil), count: arity)) {
                        call in
                        var best = call.arguments[0]
                        for candidate in call.arguments.dropFirst() {
                            let a = try call.context.double(best, "\(name)'s argument")
                            let b = try call.context.double(candidate, "\(name)'s argument")
                            if name == "min" ? b < a : b > a { best = candidate }
                        }
                        if call.arguments.contains(where: { if case .double = $0 { return true } else { return false } }
                        ),
                            case .int(let n) = best
                        {
                            return .double(Double(n))
                        }
                        return best
                    })
            }
        }
        add(
            function: NativeFunction("stride", [NativeParameter("from"), NativeParameter("to"), NativeParameter("by")])
            { call in
                .stride(Stride(from: call.arguments[0], to: call.arguments[1], by: call.arguments[2], inclusive: false))
            })
        add(
            function: NativeFunction(
                "stride", [NativeParameter("from"), NativeParameter("through"), NativeParameter("by")]
            ) { call in
                .stride(Stride(from: call.arguments[0], to: call.arguments[1], by: call.arguments[2], inclusive: true))
            })
    }

    private mutating func addPrinting() {
        let items = NativeParameter(nil)
        for arity in 0...6 {
            add(
                function: NativeFunction(
                    "print",
                    [NativeParameter](repeating: items, count: arity) + [
                        NativeParameter("separator", default: .string(" ")),
                        NativeParameter("terminator", default: .string("\n")),
                    ],
                    acceptsUnknown: true
                ) { call in
                    let interpreter = call.context.interpreter
                    let separator = interpreter.describe(call.arguments[arity])
                    interpreter.print(
                        call.arguments.prefix(arity).map(interpreter.describe).joined(separator: separator))
                    return .void
                })
        }
        add(
            function: NativeFunction("NSLog", [NativeParameter(nil)], acceptsUnknown: true) { call in
                call.context.interpreter.print(call.context.interpreter.describe(call.arguments[0]))
                return .void
            })
        add(
            function: NativeFunction("fatalError", [NativeParameter(nil, default: .string(""))], acceptsUnknown: true) {
                call in
                throw call.context.error(
                    "fatalError(\(call.context.interpreter.debugDescribe(call.arguments[0]))): the app would stop here")
            })
        for name in ["assert", "precondition"] {
            add(
                function: NativeFunction(name, [NativeParameter(nil), NativeParameter(nil, default: .string(""))]) {
                    call in
                    guard case .bool(false) = call.arguments[0] else { return .void }
                    throw call.context.error("\(name) failed: \(call.context.interpreter.describe(call.arguments[1]))")
                })
        }
        // The virtual clock, in seconds (CACurrentMediaTime() on a device counts from boot).
        add(
            function: NativeFunction("CACurrentMediaTime") { call in
                .double(VirtualRunLoop.seconds(call.context.runLoop.now))
            })
    }
}

/// An `NSObject()` made by the code: nothing but its identity.
final class NSObjectPayload {}

extension NativeType {
    /// The type after `configure` (a table filled in place).
    package func with(_ configure: (NativeType) -> Void) -> NativeType {
        configure(self)
        return self
    }
}
