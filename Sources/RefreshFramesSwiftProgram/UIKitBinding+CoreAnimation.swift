import RefreshFramesCore
import RefreshFramesSwiftCode

/// A `CABasicAnimation` or `CAKeyframeAnimation` the code builds: its fields, then
/// `layer.add(_:forKey:)` hands a copy to the runtime (as Core Animation copies it).
final class AnimationObject {
    var animation: LayerAnimation
    var delegate: Value = .nil

    init(_ animation: LayerAnimation) { self.animation = animation }
}

/// Core Animation: `CABasicAnimation(keyPath:)`, `CAKeyframeAnimation(keyPath:)`, their timing
/// (`duration`, `repeatCount`, `autoreverses`, `beginTime`, `fillMode`, `timingFunction`…),
/// `CAMediaTimingFunction`, and `CALayer`'s `add(_:forKey:)`, `removeAnimation(forKey:)`,
/// `removeAllAnimations()`, `animationKeys()`.
extension UIKitBinding {
    func addCoreAnimation(to library: inout NativeLibrary) {
        let base = types.animation
        let keyPath = NativeParameter("keyPath", .optional(.named("String"), implicitlyUnwrapped: false), default: .nil)
        types.basicAnimation.initializers = [
            NativeFunction("init", [keyPath]) { call in
                try self.makeAnimation(self.types.basicAnimation, call, .basic(from: nil, to: nil, by: nil))
            }
        ]
        types.keyframeAnimation.initializers = [
            NativeFunction("init", [keyPath]) { call in
                try self.makeAnimation(
                    self.types.keyframeAnimation, call,
                    .keyframes(values: [], keyTimes: nil, timingFunctions: nil, mode: .linear))
            }
        ]
        let number = TypeName.named("CFTimeInterval")
        func field(
            _ name: String, _ type: TypeName?, get: @escaping (LayerAnimation) -> Value,
            set: @escaping (inout LayerAnimation, Value, NativeContext) throws -> Void
        ) -> NativeProperty {
            NativeProperty(
                type: type,
                get: { value, context in get(try self.animationObject(value, context).animation) },
                set: { native, value, context in
                    let object = try self.animationObject(.native(native), context)
                    try set(&object.animation, value, context)
                })
        }
        let timing: [(String, WritableKeyPath<LayerAnimation, Double>)] = [
            ("duration", \.duration), ("repeatCount", \.repeatCount), ("speed", \.speed), ("timeOffset", \.timeOffset),
        ]
        for (name, key) in timing {
            base.properties[name] = field(
                name, number, get: { .double($0[keyPath: key]) },
                set: { a, v, c in a[keyPath: key] = try c.double(v, name) })
        }
        base.properties["beginTime"] = field(
            "beginTime", number, get: { .double($0.beginTime ?? 0) },
            set: { a, v, c in
                let t = try c.double(v, "beginTime")
                a.beginTime = t == 0 ? nil : t
            })
        let flags: [(String, WritableKeyPath<LayerAnimation, Bool>)] = [
            ("autoreverses", \.autoreverses), ("isAdditive", \.isAdditive), ("additive", \.isAdditive),
            ("isCumulative", \.isCumulative), ("cumulative", \.isCumulative),
            ("isRemovedOnCompletion", \.isRemovedOnCompletion), ("removedOnCompletion", \.isRemovedOnCompletion),
        ]
        for (name, key) in flags {
            base.properties[name] = field(
                name, .named("Bool"), get: { .bool($0[keyPath: key]) },
                set: { a, v, c in a[keyPath: key] = try c.bool(v, name) })
        }
        base.properties["fillMode"] = field(
            // Typed so that Swift 4.2+'s `.forwards` (CAMediaTimingFillMode) reads as the constant.
            "fillMode", .named("CAMediaTimingFillMode"), get: { .string($0.fillMode.rawValue) },
            set: { a, v, c in
                let name = try c.string(v, "fillMode")
                guard let mode = LayerAnimation.FillMode(rawValue: name) else {
                    throw c.error("fillMode '\(name)' is not one of removed, forwards, backwards, both")
                }
                a.fillMode = mode
            })
        base.properties["timingFunction"] = field(
            "timingFunction", .named("CAMediaTimingFunction"), get: { _ in .nil },
            set: { a, v, c in a.timingFunction = v.isNil ? nil : try self.curve(v, c) })
        base.properties["keyPath"] = field(
            "keyPath", .named("String"), get: { .string($0.keyPath) },
            set: { a, v, c in a.keyPath = try c.string(v, "keyPath") })
        base.properties["delegate"] = NativeProperty(
            get: { value, context in try self.animationObject(value, context).delegate },
            set: { native, value, context in try self.animationObject(.native(native), context).delegate = value })
        for (name, index) in [("fromValue", 0), ("toValue", 1), ("byValue", 2)] {
            types.basicAnimation.properties[name] = field(
                name, nil, get: { _ in .nil },
                set: { a, v, c in
                    let value = v.isNil ? nil : try self.uikitValue(v, c)
                    func put(_ from: inout UIKitValue?, _ to: inout UIKitValue?, _ by: inout UIKitValue?) {
                        switch index {
                        case 0: from = value
                        case 1: to = value
                        default: by = value
                        }
                    }
                    switch a.content {
                    case .basic(var from, var to, var by):
                        put(&from, &to, &by)
                        a.content = .basic(from: from, to: to, by: by)
                    case .spring(let parameters, var from, var to, var by):
                        put(&from, &to, &by)
                        a.content = .spring(parameters, from: from, to: to, by: by)
                    case .keyframes: return
                    }
                })
        }
        addSpringAnimation(field)
        let keyframes = types.keyframeAnimation
        keyframes.properties["values"] = field(
            "values", nil, get: { _ in .nil },
            set: { a, v, c in
                guard case .keyframes(_, let times, let functions, let mode) = a.content else { return }
                guard case .array(let elements) = v else { throw c.error("values: expected an array") }
                let values = try elements.map { e throws(CodeDiagnostic) in try self.uikitValue(e, c) }
                a.content = .keyframes(values: values, keyTimes: times, timingFunctions: functions, mode: mode)
            })
        keyframes.properties["keyTimes"] = field(
            "keyTimes", .array(.named("Double")), get: { _ in .nil },
            set: { a, v, c in
                guard case .keyframes(let values, _, let functions, let mode) = a.content else { return }
                guard case .array(let elements) = v else { throw c.error("keyTimes: expected an array") }
                let times = try elements.map { e throws(CodeDiagnostic) in try c.double(e, "keyTimes") }
                a.content = .keyframes(values: values, keyTimes: times, timingFunctions: functions, mode: mode)
            })
        keyframes.properties["timingFunctions"] = field(
            "timingFunctions", .array(.named("CAMediaTimingFunction")), get: { _ in .nil },
            set: { a, v, c in
                guard case .keyframes(let values, let times, _, let mode) = a.content else { return }
                guard case .array(let elements) = v else { throw c.error("timingFunctions: expected an array") }
                let curves = try elements.map { e throws(CodeDiagnostic) in try self.curve(e, c) }
                a.content = .keyframes(values: values, keyTimes: times, timingFunctions: curves, mode: mode)
            })
        keyframes.properties["calculationMode"] = field(
            // Typed so that Swift 4.2+'s `.cubic` (CAAnimationCalculationMode) reads as the constant.
            "calculationMode", .named("CAAnimationCalculationMode"),
            get: { a in
                guard case .keyframes(_, _, _, let mode) = a.content else { return .nil }
                return .string(mode.rawValue)
            },
            set: { a, v, c in
                guard case .keyframes(let values, let times, let functions, _) = a.content else { return }
                let name = try c.string(v, "calculationMode")
                guard let mode = CalculationMode(rawValue: name) else {
                    throw c.error("calculationMode '\(name)' is not one of linear, discrete, paced, cubic, cubicPaced")
                }
                a.content = .keyframes(values: values, keyTimes: times, timingFunctions: functions, mode: mode)
            })
        library.add(base)
        library.add(types.basicAnimation)
        library.add(types.keyframeAnimation)
        library.add(types.springAnimation)
        addTimingConstants(to: &library)
        addLayerAnimationMethods()
    }

    /// `CASpringAnimation(keyPath:)`: a basic animation (from/to/by, its timing) whose progress is
    /// the damped spring of `mass`, `stiffness`, `damping` and `initialVelocity` (QuartzCore's
    /// defaults 1, 100, 10, 0), run for its `duration` as Core Animation runs it; `settlingDuration`
    /// reads an estimate (see `SpringParameters.estimatedSettlingDuration`), with a warning.
    private func addSpringAnimation(
        _ field: (
            String, TypeName?, @escaping (LayerAnimation) -> Value,
            @escaping (inout LayerAnimation, Value, NativeContext) throws -> Void
        ) -> NativeProperty
    ) {
        let spring = types.springAnimation
        let keyPath = NativeParameter("keyPath", .optional(.named("String"), implicitlyUnwrapped: false), default: .nil)
        spring.initializers = [
            NativeFunction("init", [keyPath]) { call in
                try self.makeAnimation(
                    self.types.springAnimation, call, .spring(SpringParameters(), from: nil, to: nil, by: nil))
            }
        ]
        let parameters: [(String, WritableKeyPath<SpringParameters, Double>)] = [
            ("mass", \.mass), ("stiffness", \.stiffness), ("damping", \.damping),
            ("initialVelocity", \.initialVelocity),
        ]
        for (name, key) in parameters {
            spring.properties[name] = field(
                name, .named("CGFloat"),
                { a in
                    guard case .spring(let p, _, _, _) = a.content else { return .nil }
                    return .double(p[keyPath: key])
                },
                { a, v, c in
                    guard case .spring(var p, let from, let to, let by) = a.content else { return }
                    let x = try c.double(v, name)
                    // QuartzCore clamps mass, stiffness and damping to be positive (CASpringAnimation.h:
                    // "Must be greater than 0"); a value at or below 0 is refused rather than guessed.
                    if name != "initialVelocity", !(x > 0) {
                        throw c.error("CASpringAnimation.\(name) = \(formatNumber(x)): must be greater than 0")
                    }
                    p[keyPath: key] = x
                    a.content = .spring(p, from: from, to: to, by: by)
                })
        }
        spring.properties["settlingDuration"] = NativeProperty(
            type: .named("CFTimeInterval"),
            get: { value, context in
                let object = try self.animationObject(value, context)
                guard case .spring(let p, _, _, _) = object.animation.content else { return .nil }
                let t = p.estimatedSettlingDuration
                context.warn(
                    "CASpringAnimation.settlingDuration: Core Animation's own estimate is undocumented; the engine uses the time the spring's envelope falls under 0.001 of the distance, \(formatNumber(t)) s"
                )
                return .double(t)
            }, set: nil)
    }

    private func makeAnimation(_ type: NativeType, _ call: NativeCall, _ content: LayerAnimation.Content) throws
        -> Value
    {
        let path = call.arguments[0].isNil ? "" : try call.context.string(call.arguments[0], "keyPath")
        return .native(NativeValue(type, AnimationObject(LayerAnimation(keyPath: path, content: content))))
    }

    func animationObject(_ value: Value, _ context: NativeContext) throws(CodeDiagnostic) -> AnimationObject {
        guard case .native(let n) = value, let object = n.payload as? AnimationObject else {
            throw context.error("expected a CAAnimation, got \(context.interpreter.describeType(value))")
        }
        return object
    }

    /// A `fromValue`/`toValue`/`values` element as the runtime takes it.
    func uikitValue(_ value: Value, _ context: NativeContext) throws(CodeDiagnostic) -> UIKitValue {
        switch value {
        case .double(let x): return .number(x)
        case .int(let n): return .number(Double(n))
        case .bool(let b): return .bool(b)
        case .native(let n):
            if let c = n.payload as? RGBA { return .color(c) }
            if let t = n.payload as? Transform { return .transform(t) }
            if let p = n.payload as? Point { return .point(p) }
            if let s = n.payload as? Size { return .size(s) }
        default: break
        }
        throw context.error("a \(context.interpreter.describeType(value)) is not a value a layer animation can take")
    }

    /// A `CAMediaTimingFunction` as the engine's curve.
    func curve(_ value: Value, _ context: NativeContext) throws(CodeDiagnostic) -> Curve {
        guard case .native(let n) = value, let curve = n.payload as? Curve else {
            throw context.error("expected a CAMediaTimingFunction, got \(context.interpreter.describeType(value))")
        }
        return curve
    }

    private func addTimingConstants(to library: inout NativeLibrary) {
        let timing = types.timingFunction
        let names: [(String, String, String, Curve)] = [
            ("linear", "kCAMediaTimingFunctionLinear", "linear", .linear),
            ("easeIn", "kCAMediaTimingFunctionEaseIn", "easeIn", .easeIn),
            ("easeOut", "kCAMediaTimingFunctionEaseOut", "easeOut", .easeOut),
            ("easeInEaseOut", "kCAMediaTimingFunctionEaseInEaseOut", "easeInEaseOut", .easeInOut),
            ("default", "kCAMediaTimingFunctionDefault", "default", .cubicBezier(0.25, 0.1, 0.25, 1)),
        ]
        let nameType = NativeType("CAMediaTimingFunctionName", isReference: false)
        for (member, constant, raw, _) in names {
            let get = NativeStaticProperty(type: .named("String")) { _ in .string(raw) }
            library.constants[constant] = get
            nameType.staticProperties[member] = get
        }
        library.add(nameType)
        timing.describe = { "CAMediaTimingFunction(\(($0 as? Curve).map(\.description) ?? ""))" }
        timing.initializers = [
            NativeFunction("init", [NativeParameter("name", .named("CAMediaTimingFunctionName"))]) { call in
                let name = try call.context.string(call.arguments[0], "name")
                guard let curve = names.first(where: { $0.2 == name })?.3 else {
                    throw call.context.error("no timing function is named '\(name)'")
                }
                return .native(NativeValue(self.types.timingFunction, curve))
            },
            NativeFunction("init", ["controlPoints", nil, nil, nil].map { NativeParameter($0, .named("Float")) }) {
                call in
                let p = try (0..<4).map { i throws(CodeDiagnostic) in
                    try call.context.double(call.arguments[i], "controlPoints")
                }
                return .native(NativeValue(self.types.timingFunction, Curve.cubicBezier(p[0], p[1], p[2], p[3])))
            },
        ]
        library.add(timing)
        let fill = NativeType("CAMediaTimingFillMode", isReference: false)
        for mode in LayerAnimation.FillMode.allCases {
            let get = NativeStaticProperty(type: .named("String")) { _ in .string(mode.rawValue) }
            fill.staticProperties[mode.rawValue] = get
            library.constants["kCAFillMode" + mode.rawValue.prefix(1).uppercased() + mode.rawValue.dropFirst()] = get
        }
        library.add(fill)
        let modes = NativeType("CAAnimationCalculationMode", isReference: false)
        for mode in CalculationMode.allCases {
            let get = NativeStaticProperty(type: .named("String")) { _ in .string(mode.rawValue) }
            modes.staticProperties[mode.rawValue] = get
            library.constants["kCAAnimation" + mode.rawValue.prefix(1).uppercased() + mode.rawValue.dropFirst()] = get
        }
        library.add(modes)
        library.constants["HUGE_VALF"] = NativeStaticProperty(type: .named("Float")) { _ in .double(.infinity) }
        library.constants["HUGE"] = library.constants["HUGE_VALF"]
        library.constants["FLT_MAX"] = NativeStaticProperty(type: .named("Float")) {
            _ in .double(Double(Float.greatestFiniteMagnitude))
        }
        library.constants["MAXFLOAT"] = library.constants["FLT_MAX"]
    }

    private func addLayerAnimationMethods() {
        let layer = types.layer
        let add: (inout NativeCall) throws -> Value = { call in
            let object = try self.object(call.receiver, call.context)
            let animationObject = try self.animationObject(call.arguments[0], call.context)
            let key = call.arguments[1].isNil ? nil : try call.context.string(call.arguments[1], "forKey")
            guard let tag = object.specTag else {
                call.context.warn("a layer animation on \(object.label), which the spec does not draw: skipped")
                return .void
            }
            let world = self.world
            try self.refuseBeyondAnyScenario(animationObject.animation, at: world.time, call.context)
            do {
                let (id, changes) = try world.runtime.add(
                    animationObject.animation, to: tag, forKey: key, at: world.time)
                try world.apply(changes, call.context)
                let delegate = animationObject.delegate
                if !delegate.isNil {
                    let animation = call.arguments[0]
                    let location = call.location
                    try world.scheduleStop(
                        of: id,
                        { [weak world] finished throws(CodeDiagnostic) in
                            guard let interpreter = world?.interpreter,
                                interpreter.hasMethod("animationDidStop", on: delegate)
                            else { return }
                            try interpreter.callMethod(
                                "animationDidStop", on: delegate, arguments: [animation, .bool(finished)], at: location)
                        }, call.context)
                }
            } catch let error as AnimationRuntime.RuntimeError {
                throw world.refused(
                    error, "layer.add(_:forKey:) of '\(animationObject.animation.keyPath)'", call.context)
            }
            return .void
        }
        let remove: (inout NativeCall) throws -> Value = { call in
            let object = try self.object(call.receiver, call.context)
            let key = try call.context.string(call.arguments[0], "forKey")
            if let tag = object.specTag {
                let world = self.world
                try world.apply(world.runtime.removeAnimation(forKey: key, from: tag, at: world.time), call.context)
            }
            return .void
        }
        let animation = NativeParameter(nil, .named("CAAnimation"))
        let key = NativeParameter("forKey", .optional(.named("String"), implicitlyUnwrapped: false))
        layer.methods = [
            NativeFunction("add", [animation, key], body: add),
            NativeFunction("addAnimation", [animation, key], body: add),
            NativeFunction("removeAnimation", [NativeParameter("forKey", .named("String"))], body: remove),
            NativeFunction("removeAnimationForKey", [NativeParameter(nil, .named("String"))], body: remove),
            NativeFunction("removeAllAnimations") { call in
                let object = try self.object(call.receiver, call.context)
                if let tag = object.specTag {
                    let world = self.world
                    try world.apply(world.runtime.removeAllAnimations(from: tag, at: world.time), call.context)
                }
                return .void
            },
            NativeFunction("animationKeys") { call in
                let object = try self.object(call.receiver, call.context)
                guard let tag = object.specTag else { return .nil }
                let keys = self.world.runtime.animationKeys(of: tag, at: self.world.time)
                return keys.isEmpty ? .nil : .array(keys.map(Value.string))
            },
        ]
    }
}

extension UIKitBinding {
    /// An animation still running after the longest a scenario may last (`Limits.totalDuration`:
    /// a huge `duration`, `beginTime`, `repeatCount` or a tiny `speed`) is refused at its
    /// `layer.add`, with the line; one that repeats forever (`.infinity`, `MAXFLOAT`) plays until removed.
    func refuseBeyondAnyScenario(_ a: LayerAnimation, at time: Int64, _ context: NativeContext) throws(CodeDiagnostic) {
        guard !a.repeatCount.isInfinite, a.repeatCount < Double(Float.greatestFiniteMagnitude) else { return }
        let end = (a.beginTime ?? VirtualRunLoop.seconds(time)) + a.activeDuration
        guard end > Limits.totalDuration else { return }
        throw context.error(
            "layer.add(_:forKey:) of '\(a.keyPath)': the animation runs until \(formatNumber(end)) s, over the limit totalDuration = \(formatNumber(Limits.totalDuration)) s"
        )
    }
}
