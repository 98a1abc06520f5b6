import RefreshFramesCore
import RefreshFramesSwiftCode

/// `UIView.animate…` (every overload, Swift 2's `animateWithDuration` too), `animateKeyframes` with
/// `addKeyframe`, and the options: each call is one block of the world's runtime, its animations
/// closure run inside it, its completion scheduled on the run loop when the runtime says it runs.
extension UIKitBinding {
    /// UIKit's `UIView.AnimationOptions` bits (research §1's table): name in Swift 3+ and Swift 2.
    static let optionBits: [(swift: String, swift2: String, raw: UInt)] = [
        ("layoutSubviews", "LayoutSubviews", 1 << 0), ("allowUserInteraction", "AllowUserInteraction", 1 << 1),
        ("beginFromCurrentState", "BeginFromCurrentState", 1 << 2), ("repeat", "Repeat", 1 << 3),
        ("autoreverse", "Autoreverse", 1 << 4), ("overrideInheritedDuration", "OverrideInheritedDuration", 1 << 5),
        ("overrideInheritedCurve", "OverrideInheritedCurve", 1 << 6),
        ("allowAnimatedContent", "AllowAnimatedContent", 1 << 7),
        ("showHideTransitionViews", "ShowHideTransitionViews", 1 << 8),
        ("overrideInheritedOptions", "OverrideInheritedOptions", 1 << 9),
        ("curveEaseInOut", "CurveEaseInOut", 0 << 16), ("curveEaseIn", "CurveEaseIn", 1 << 16),
        ("curveEaseOut", "CurveEaseOut", 2 << 16), ("curveLinear", "CurveLinear", 3 << 16),
        ("transitionFlipFromLeft", "TransitionFlipFromLeft", 1 << 20),
        ("transitionFlipFromRight", "TransitionFlipFromRight", 2 << 20),
        ("transitionCurlUp", "TransitionCurlUp", 3 << 20), ("transitionCurlDown", "TransitionCurlDown", 4 << 20),
        ("transitionCrossDissolve", "TransitionCrossDissolve", 5 << 20),
        ("transitionFlipFromTop", "TransitionFlipFromTop", 6 << 20),
        ("transitionFlipFromBottom", "TransitionFlipFromBottom", 7 << 20),
    ]

    /// `UIView.KeyframeAnimationOptions`' calculation modes (bits 10–12).
    static let keyframeBits: [(swift: String, swift2: String, raw: UInt)] = [
        ("calculationModeLinear", "CalculationModeLinear", 0 << 10),
        ("calculationModeDiscrete", "CalculationModeDiscrete", 1 << 10),
        ("calculationModePaced", "CalculationModePaced", 2 << 10),
        ("calculationModeCubic", "CalculationModeCubic", 3 << 10),
        ("calculationModeCubicPaced", "CalculationModeCubicPaced", 4 << 10),
    ]

    func addAnimations(to library: inout NativeLibrary) {
        addOptions(types.options, Self.optionBits, to: &library)
        addOptions(types.keyframeOptions, Self.optionBits.filter { $0.raw < 1 << 10 } + Self.keyframeBits, to: &library)
        library.typeAliases["UIView.AnimationOptions"] = "UIViewAnimationOptions"
        library.typeAliases["UIView.KeyframeAnimationOptions"] = "UIViewKeyframeAnimationOptions"
        types.view.staticProperties["AnimationOptions"] = NativeStaticProperty { _ in .type(.native(self.types.options))
        }
        types.view.staticProperties["KeyframeAnimationOptions"] = NativeStaticProperty { _ in
            .type(.native(self.types.keyframeOptions))
        }

        let seconds = TypeName.named("TimeInterval")
        let number = TypeName.named("CGFloat")
        let animations = TypeName.function([], .named("Void"))
        let completion = TypeName.optional(.function([.named("Bool")], .named("Void")), implicitlyUnwrapped: false)
        let options = TypeName.named("UIViewAnimationOptions")
        let keyframeOptions = TypeName.named("UIViewKeyframeAnimationOptions")
        var functions: [NativeFunction] = []
        for (name, first) in [("animate", "withDuration"), ("animateWithDuration", nil as String?)] {
            functions.append(
                NativeFunction(
                    name,
                    [
                        NativeParameter(first, seconds), NativeParameter("delay", seconds, default: .double(0)),
                        NativeParameter("options", options, default: .array([])),
                        NativeParameter("animations", animations),
                        NativeParameter("completion", completion, default: .nil),
                    ]
                ) { call in
                    let a = call.arguments
                    return try self.runBlock(
                        call, duration: a[0], delay: a[1], options: a[2], animations: a[3], completion: a[4],
                        keyframes: false)
                })
            functions.append(
                NativeFunction(
                    name,
                    [
                        NativeParameter(first, seconds), NativeParameter("delay", seconds, default: .double(0)),
                        NativeParameter("usingSpringWithDamping", number),
                        NativeParameter("initialSpringVelocity", number),
                        NativeParameter("options", options, default: .array([])),
                        NativeParameter("animations", animations),
                        NativeParameter("completion", completion, default: .nil),
                    ]
                ) { call in
                    let a = call.arguments
                    let spring = Curve.spring(
                        damping: try call.context.double(a[2], "usingSpringWithDamping"),
                        velocity: try call.context.double(a[3], "initialSpringVelocity"))
                    return try self.runBlock(
                        call, duration: a[0], delay: a[1], options: a[4], animations: a[5], completion: a[6],
                        keyframes: false, curve: spring)
                })
        }
        for (name, first) in [("animateKeyframes", "withDuration"), ("animateKeyframesWithDuration", nil as String?)] {
            functions.append(
                NativeFunction(
                    name,
                    [
                        NativeParameter(first, seconds), NativeParameter("delay", seconds, default: .double(0)),
                        NativeParameter("options", keyframeOptions, default: .array([])),
                        NativeParameter("animations", animations),
                        NativeParameter("completion", completion, default: .nil),
                    ]
                ) { call in
                    let a = call.arguments
                    return try self.runBlock(
                        call, duration: a[0], delay: a[1], options: a[2], animations: a[3], completion: a[4],
                        keyframes: true)
                })
        }
        for (name, labels) in [
            ("addKeyframe", ["withRelativeStartTime", "relativeDuration"]),
            ("addKeyframeWithRelativeStartTime", [nil, "relativeDuration"]),
        ] {
            functions.append(
                NativeFunction(
                    name,
                    [
                        NativeParameter(labels[0], .named("Double")), NativeParameter(labels[1], .named("Double")),
                        NativeParameter("animations", animations),
                    ]
                ) { call in
                    let start = try call.context.double(call.arguments[0], "withRelativeStartTime")
                    let duration = try call.context.double(call.arguments[1], "relativeDuration")
                    self.world.runtime.beginKeyframe(relativeStart: start, relativeDuration: duration)
                    defer { self.world.runtime.endKeyframe() }
                    _ = try call.context.call(call.arguments[2], [])
                    return .void
                })
        }
        functions.append(
            NativeFunction("performWithoutAnimation", [NativeParameter(nil, animations)]) { call in
                let id = self.world.runtime.beginBlock(AnimationBlock(duration: 0), at: self.world.time)
                _ = try call.context.call(call.arguments[0], [])
                try self.world.apply(self.world.runtime.endBlock(id, at: self.world.time), call.context)
                return .void
            })
        types.view.staticMethods += functions
    }

    /// A block's duration or delay in seconds: negative is 0, as UIKit takes it; one longer than the
    /// whole scenario may last (`Limits.totalDuration`) is refused at its call.
    func seconds(_ value: Value, _ what: String, _ context: NativeContext) throws(CodeDiagnostic) -> Double {
        let seconds = max(0, try context.double(value, what))
        guard seconds <= Limits.totalDuration else {
            throw context.error(
                "\(what) \(formatNumber(seconds)) s is over the limit totalDuration = \(formatNumber(Limits.totalDuration)) s"
            )
        }
        return seconds
    }

    /// One animation block: begin, the animations closure, end, the completion scheduled.
    @discardableResult
    func runBlock(
        _ call: NativeCall, duration: Value, delay: Value, options: Value, animations: Value, completion: Value,
        keyframes: Bool, curve: Curve? = nil
    ) throws(CodeDiagnostic) -> Value {
        let context = call.context
        let raw = try optionsValue(options, context)
        var block = AnimationBlock(
            uikitOptions: raw, duration: try seconds(duration, "the duration", context),
            delay: try seconds(delay, "the delay", context), keyframes: keyframes)
        if let curve { block.curve = curve }
        let world = self.world
        let begin = world.time
        let undrawn = world.undrawnChanges
        let id = world.runtime.beginBlock(block, at: begin)
        do {
            _ = try context.call(animations, [])
        } catch {
            world.runtime.endBlock(id, at: world.time)
            throw error
        }
        try world.apply(world.runtime.endBlock(id, at: world.time), context)
        // A block that animated views the spec does not draw still lasts its delay and duration on
        // iOS: its completion (a spin loop's next turn) waits for them.
        let repeats = raw & (1 << 3) != 0
        let undrawnEnd =
            world.undrawnChanges > undrawn && !repeats
            ? begin + VirtualRunLoop.micros(block.delay) + VirtualRunLoop.micros(block.duration) : nil
        try world.scheduleCompletion(of: id, completion, notBefore: undrawnEnd, context)
        return .void
    }

    /// An options argument: one option, an array literal of them, or none.
    func optionsValue(_ value: Value, _ context: NativeContext) throws(CodeDiagnostic) -> UInt {
        switch value {
        case .nil: return 0
        case .native(let n):
            if let raw = n.payload as? UInt { return raw }
        case .array(let elements):
            var raw: UInt = 0
            for e in elements { raw |= try optionsValue(e, context) }
            return raw
        default: break
        }
        throw context.error("expected animation options, got \(context.interpreter.describeType(value))")
    }

    func addOptions(
        _ type: NativeType, _ bits: [(swift: String, swift2: String, raw: UInt)], to library: inout NativeLibrary
    ) {
        let typeName = TypeName.named(type.name)
        for bit in bits {
            let get = NativeStaticProperty(type: typeName) { _ in .native(NativeValue(type, bit.raw)) }
            type.staticProperties[bit.swift] = get
            type.staticProperties[bit.swift2] = get
        }
        type.equals = { ($0 as? UInt) == ($1 as? UInt) }
        type.describe = { "\(type.name)(rawValue: \($0 as? UInt ?? 0))" }
        type.initializers = [
            NativeFunction("init", [NativeParameter("rawValue", .named("UInt"))]) { call in
                .native(NativeValue(type, UInt(try call.context.int(call.arguments[0], "rawValue"))))
            },
            NativeFunction("init") { _ in .native(NativeValue(type, UInt(0))) },
        ]
        type.properties["rawValue"] = NativeProperty(
            type: .named("UInt"),
            get: { value, context in .int(Int(try self.optionsValue(value, context))) })
        type.methods = [
            NativeFunction("union", [NativeParameter(nil, typeName)]) { call in
                .native(
                    NativeValue(
                        type,
                        try self.optionsValue(call.receiver, call.context)
                            | self.optionsValue(call.arguments[0], call.context)))
            },
            NativeFunction("contains", [NativeParameter(nil, typeName)]) { call in
                let member = try self.optionsValue(call.arguments[0], call.context)
                return .bool(try self.optionsValue(call.receiver, call.context) & member == member)
            },
        ]
        type.operators["|"] = { a, b, context in
            guard let x = try? self.optionsValue(a, context), let y = try? self.optionsValue(b, context) else {
                return nil
            }
            return .native(NativeValue(type, x | y))
        }
        library.add(type)
    }
}
