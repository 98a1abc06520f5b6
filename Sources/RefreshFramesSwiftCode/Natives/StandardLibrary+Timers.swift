/// A timer's state: what it calls, when, whether it repeats; shared by every reference to it.
package final class TimerState {
    package enum Action {
        /// `target` and `selector` (`"endOfWork"`, `#selector(endedOfWork)`).
        case selector(target: Value, selector: String)
        /// `scheduledTimer(withTimeInterval:repeats:block:)`.
        case block(Value)
    }

    package let interval: Int64
    package let repeats: Bool
    package let action: Action
    package let userInfo: Value
    package internal(set) var isValid = true
    /// When it fires next, microseconds.
    package internal(set) var fireTime: Int64 = 0
    var event: VirtualRunLoop.EventID?
    /// Where the code made it.
    package let location: CodeLocation

    init(interval: Int64, repeats: Bool, action: Action, userInfo: Value, location: CodeLocation) {
        self.interval = interval
        self.repeats = repeats
        self.action = action
        self.userInfo = userInfo
        self.location = location
    }
}

/// A point on the virtual clock (`DispatchTime`), microseconds.
struct DispatchTimePayload {
    var micros: Int64
}

/// A `DispatchTimeInterval`, microseconds.
struct DispatchIntervalPayload {
    var micros: Int64
}

final class DispatchQueuePayload {}

extension Interpreter {
    /// Sends `selector` to `target` as UIKit's target-action does: the target's method of that name,
    /// given `sender` when it takes one argument (`"refresh:"`, `refresh(_:)`).
    package func send(_ selector: Value, to target: Value, sender: Value, at location: CodeLocation)
        throws(CodeDiagnostic)
    {
        try onBigStack { () throws(CodeDiagnostic) in try sendNow(selector, to: target, sender: sender, at: location) }
    }

    private func sendNow(_ selector: Value, to target: Value, sender: Value, at location: CodeLocation)
        throws(CodeDiagnostic)
    {
        let text: String
        switch selector {
        case .selector(let s), .string(let s): text = s
        case .unknown(let u): throw dependsOnUnknown(u, at: location)
        default: throw .error(at: location, "expected a selector, got \(describeType(selector))")
        }
        let base = String(text.prefix { $0 != ":" && $0 != "(" })
        let arity = text.contains("(") ? text.filter { $0 == ":" }.count : text.filter { $0 == ":" }.count
        if let info = programType(of: target) {
            let methods = info.method(base)
            let candidate = methods.first { $0.parameters.count == arity } ?? methods.first { $0.parameters.count <= 1 }
            if let function = candidate, let owner = owner(of: function, in: info) {
                let values: [Value?] = function.parameters.isEmpty ? [] : [sender]
                _ = try invoke(function, receiver: target, owner: owner, values: values, at: location)
                return
            }
        }
        if let native = nativePart(of: target), let method = nativeMethods(base, of: native.type.name).first {
            _ = try callNativeMethod(
                base, on: target,
                arguments: method.parameters.isEmpty ? [] : [ArgumentValue(label: nil, value: sender)], at: location,
                positional: true)
            return
        }
        throw .error(
            at: location, "unrecognized selector '\(text)' sent to \(describeType(target)) (UIKit would crash here)")
    }

    /// Schedules `timer`'s next firing.
    func scheduleTimer(_ timer: TimerState, _ value: Value) throws(CodeDiagnostic) {
        timer.fireTime = runLoop.now + timer.interval
        try scheduleFiring(timer, value)
    }

    private func scheduleFiring(_ timer: TimerState, _ value: Value) throws(CodeDiagnostic) {
        timer.event = try schedule(at: timer.fireTime, "a timer", location: timer.location) {
            [unowned self] () throws(CodeDiagnostic) in
            try self.fire(timer, value, rescheduling: true)
        }
    }

    func fire(_ timer: TimerState, _ value: Value, rescheduling: Bool) throws(CodeDiagnostic) {
        guard timer.isValid else { return }
        switch timer.action {
        case .selector(let target, let selector):
            try send(.selector(selector), to: target, sender: value, at: timer.location)
        case .block(let block):
            _ = try call(block, arguments: [value], at: timer.location)
        }
        // CFRunLoop invalidates a timer that does not repeat after its callout: valid while it runs.
        if !timer.repeats { timer.isValid = false }
        // A repeating timer fires every interval from its first fire date, whatever the callback did.
        if rescheduling, timer.repeats, timer.isValid {
            timer.fireTime += timer.interval
            try scheduleFiring(timer, value)
        }
    }
}

extension NativeLibrary {
    /// `Timer` (`NSTimer` in Swift 2): scheduled on the virtual run loop, with `repeats` and `invalidate()`.
    mutating func addTimers() {
        let timer = NativeType("Timer", superclass: "NSObject", isReference: true)
        typeAliases["NSTimer"] = "Timer"
        let seconds = TypeName.named("TimeInterval")
        let selector = TypeName.named("Selector")
        let boolean = TypeName.named("Bool")
        let block = TypeName.function([.named("Timer")], .named("Void"))
        func make(
            _ call: NativeCall, interval: Value, repeats: Value, action: TimerState.Action, userInfo: Value,
            schedule: Bool
        )
            throws(CodeDiagnostic) -> Value
        {
            let context = call.context
            var micros = VirtualRunLoop.micros(try context.double(interval, "the timer's interval"))
            // Foundation: "If seconds is less than or equal to 0.0, this method chooses … 0.0001 seconds".
            if micros <= 0 { micros = 100 }
            let state = TimerState(
                interval: micros, repeats: try context.bool(repeats, "repeats"), action: action, userInfo: userInfo,
                location: context.location)
            let value = Value.native(NativeValue(context.interpreter.natives.type("Timer")!, state))
            if schedule { try context.interpreter.scheduleTimer(state, value) }
            return value
        }
        let targetSelector = [
            NativeParameter("target"), NativeParameter("selector", selector),
            NativeParameter("userInfo", default: .nil),
            NativeParameter("repeats", boolean),
        ]
        /// `(timeInterval:target:selector:userInfo:repeats:)`, scheduled or not.
        func selectorForm(_ name: String, _ firstLabel: String?, schedule: Bool) -> NativeFunction {
            NativeFunction(name, [NativeParameter(firstLabel, seconds)] + targetSelector) { call in
                let a = call.arguments
                return try make(
                    call, interval: a[0], repeats: a[4],
                    action: .selector(target: a[1], selector: try Self.selectorName(a[2], call)), userInfo: a[3],
                    schedule: schedule)
            }
        }
        /// `(withTimeInterval:repeats:block:)` (`timeInterval:` for the initializer), scheduled or not.
        func blockForm(_ name: String, _ firstLabel: String, schedule: Bool) -> NativeFunction {
            let parameters = [
                NativeParameter(firstLabel, seconds), NativeParameter("repeats", boolean),
                NativeParameter("block", block),
            ]
            return NativeFunction(name, parameters) { call in
                try make(
                    call, interval: call.arguments[0], repeats: call.arguments[1], action: .block(call.arguments[2]),
                    userInfo: .nil, schedule: schedule)
            }
        }
        timer.staticMethods = [
            selectorForm("scheduledTimer", "timeInterval", schedule: true),
            selectorForm("scheduledTimerWithTimeInterval", nil, schedule: true),
            blockForm("scheduledTimer", "withTimeInterval", schedule: true),
        ]
        timer.initializers = [
            selectorForm("init", "timeInterval", schedule: false), blockForm("init", "timeInterval", schedule: false),
        ]
        func state(_ value: Value) -> TimerState? {
            if case .native(let n) = value { return n.payload as? TimerState }
            return nil
        }
        for name in ["isValid", "valid"] {
            timer.properties[name] = NativeProperty(type: boolean) { value, _ in .bool(state(value)?.isValid ?? false) }
        }
        timer.properties["timeInterval"] = NativeProperty(type: seconds) { value, _ in
            .double(VirtualRunLoop.seconds(state(value)?.interval ?? 0))
        }
        timer.properties["userInfo"] = NativeProperty { value, _ in state(value)?.userInfo ?? .nil }
        timer.properties["tolerance"] = NativeProperty(type: seconds, get: { _, _ in .double(0) }, set: { _, _, _ in })
        timer.methods.append(
            NativeFunction("invalidate") { call in
                if let timer = state(call.receiver) {
                    timer.isValid = false
                    if let event = timer.event { call.context.runLoop.cancel(event) }
                }
                return .void
            })
        timer.methods.append(
            NativeFunction("fire") { call in
                if let timer = state(call.receiver) {
                    try call.context.interpreter.fire(timer, call.receiver, rescheduling: false)
                }
                return .void
            })
        add(timer)
        // `RunLoop.main.add(timer, forMode: .common)` schedules a timer made with `Timer(…)`.
        let runLoopType = NativeType("RunLoop", isReference: true)
        typeAliases["NSRunLoop"] = "RunLoop"
        let main = NativeStaticProperty(type: .named("RunLoop")) { context in
            .native(NativeValue(context.interpreter.natives.type("RunLoop")!, DispatchQueuePayload()))
        }
        runLoopType.staticProperties["main"] = main
        runLoopType.staticMethods.append(NativeFunction("mainRunLoop") { call in try main.get(call.context) })
        runLoopType.staticMethods.append(NativeFunction("currentRunLoop") { call in try main.get(call.context) })
        runLoopType.staticProperties["current"] = main
        for (name, label) in [("add", "forMode"), ("addTimer", "forMode")] {
            runLoopType.methods.append(
                NativeFunction(
                    name, [NativeParameter(nil, .named("Timer")), NativeParameter(label, default: .nil)],
                    acceptsUnknown: true
                ) { call in
                    guard let t = state(call.arguments[0]), t.event == nil, t.isValid else { return .void }
                    try call.context.interpreter.scheduleTimer(t, call.arguments[0])
                    return .void
                })
        }
        let mode = NativeType("RunLoop.Mode", isReference: false)
        for name in ["common", "default", "commonModes", "defaultRunLoopMode"] {
            mode.staticProperties[name] = NativeStaticProperty { context in
                .native(NativeValue(context.interpreter.natives.type("RunLoop.Mode")!, name))
            }
        }
        constants["NSRunLoopCommonModes"] = NativeStaticProperty { context in
            .native(NativeValue(context.interpreter.natives.type("RunLoop.Mode")!, "common"))
        }
        constants["NSDefaultRunLoopMode"] = NativeStaticProperty { context in
            .native(NativeValue(context.interpreter.natives.type("RunLoop.Mode")!, "default"))
        }
        add(mode)
        add(runLoopType)
    }

    static func selectorName(_ value: Value, _ call: NativeCall) throws(CodeDiagnostic) -> String {
        switch value {
        case .selector(let s), .string(let s): return s
        default: throw call.context.error("expected a selector, got \(call.context.interpreter.describeType(value))")
        }
    }

    /// `DispatchQueue.main.asyncAfter(deadline: .now() + x)`, `async`, and Swift 2's `dispatch_after`.
    mutating func addDispatch() {
        let queue = NativeType("DispatchQueue", isReference: true)
        let time = NativeType("DispatchTime", isReference: false)
        let interval = NativeType("DispatchTimeInterval", isReference: false)
        let work = TypeName.function([], .named("Void"))
        let timeType = TypeName.named("DispatchTime")
        let mainQueue = NativeStaticProperty(type: .named("DispatchQueue")) { context in
            .native(NativeValue(context.interpreter.natives.type("DispatchQueue")!, DispatchQueuePayload()))
        }
        queue.staticProperties["main"] = mainQueue
        queue.staticMethods.append(
            NativeFunction("global", [NativeParameter("qos", default: .nil)], acceptsUnknown: true) { call in
                try mainQueue.get(call.context)
            })
        func deadline(_ value: Value, _ call: NativeCall) throws(CodeDiagnostic) -> Int64 {
            if case .native(let n) = value, let t = n.payload as? DispatchTimePayload { return t.micros }
            throw call.context.error(
                "expected a DispatchTime (.now() + seconds), got \(call.context.interpreter.describeType(value))")
        }
        func later(_ at: Int64, _ block: Value, _ call: NativeCall) throws(CodeDiagnostic) {
            let interpreter = call.context.interpreter
            let location = call.location
            try interpreter.schedule(at: at, "a dispatched block", location: location) {
                [unowned interpreter] () throws(CodeDiagnostic) in
                _ = try interpreter.call(block, arguments: [], at: location)
            }
        }
        queue.methods.append(
            NativeFunction("asyncAfter", [NativeParameter("deadline", timeType), NativeParameter("execute", work)]) {
                call in
                try later(try deadline(call.arguments[0], call), call.arguments[1], call)
                return .void
            })
        queue.methods.append(
            NativeFunction("async", [NativeParameter("execute", work)]) { call in
                // From a background operation: when that operation's clock says.
                try later(call.context.interpreter.backgroundTime ?? call.context.runLoop.now, call.arguments[0], call)
                return .void
            })
        queue.methods.append(
            NativeFunction("sync", [NativeParameter("execute", work)]) { call in
                try call.context.call(call.arguments[0], [])
            })
        add(queue)
        func makeTime(_ micros: Int64, _ context: NativeContext) -> Value {
            .native(NativeValue(context.interpreter.natives.type("DispatchTime")!, DispatchTimePayload(micros: micros)))
        }
        time.staticMethods.append(NativeFunction("now") { call in makeTime(call.context.runLoop.now, call.context) })
        time.properties["uptimeNanoseconds"] = NativeProperty(type: .named("UInt64")) { value, _ in
            if case .native(let n) = value, let t = n.payload as? DispatchTimePayload {
                let (nanoseconds, overflow) = Int(t.micros).multipliedReportingOverflow(by: 1000)
                return .int(overflow ? (t.micros > 0 ? .max : .min) : nanoseconds)
            }
            return .int(0)
        }
        // DispatchTime ± seconds (a Double) or ± a DispatchTimeInterval.
        for op in ["+", "-"] {
            time.operators[op] = { l, r, context throws(CodeDiagnostic) in
                guard case .native(let n) = l, let t = n.payload as? DispatchTimePayload else { return nil }
                var delta: Int64
                if case .native(let m) = r, let i = m.payload as? DispatchIntervalPayload {
                    delta = i.micros
                } else if let seconds = context.interpreter.numeric(r) {
                    delta = VirtualRunLoop.micros(seconds)
                } else {
                    return nil
                }
                if op == "-" { delta = delta == .min ? VirtualRunLoop.range : -delta }
                return makeTime(VirtualRunLoop.adding(t.micros, delta), context)
            }
        }
        time.equals = { a, b in (a as? DispatchTimePayload)?.micros == (b as? DispatchTimePayload)?.micros }
        add(time)
        for (name, perSecond) in [
            ("seconds", 1_000_000.0), ("milliseconds", 1000.0), ("microseconds", 1.0), ("nanoseconds", 0.001),
        ] {
            interval.staticMethods.append(
                NativeFunction(name, [NativeParameter(nil, .named("Int"))]) { call in
                    let n = try call.context.double(call.arguments[0], name)
                    return .native(
                        NativeValue(
                            call.context.interpreter.natives.type("DispatchTimeInterval")!,
                            DispatchIntervalPayload(micros: VirtualRunLoop.micros(n * perSecond / 1_000_000))))
                })
        }
        add(interval)
        // Swift 2: dispatch_after(dispatch_time(DISPATCH_TIME_NOW, Int64(x * Double(NSEC_PER_SEC))), dispatch_get_main_queue()) { … }
        constants["DISPATCH_TIME_NOW"] = NativeStaticProperty(type: timeType) { context in
            makeTime(context.runLoop.now, context)
        }
        constants["NSEC_PER_SEC"] = NativeStaticProperty(type: .named("UInt64")) { _ in .int(1_000_000_000) }
        constants["NSEC_PER_MSEC"] = NativeStaticProperty(type: .named("UInt64")) { _ in .int(1_000_000) }
        constants["USEC_PER_SEC"] = NativeStaticProperty(type: .named("UInt64")) { _ in .int(1_000_000) }
        constants["NSEC_PER_USEC"] = NativeStaticProperty(type: .named("UInt64")) { _ in .int(1000) }
        add(
            function: NativeFunction(
                "dispatch_time", [NativeParameter(nil, timeType), NativeParameter(nil, .named("Int64"))]
            ) { call in
                let start = try deadline(call.arguments[0], call)
                let nanoseconds = try call.context.double(call.arguments[1], "dispatch_time's delta")
                return makeTime(VirtualRunLoop.adding(start, VirtualRunLoop.micros(nanoseconds / 1e9)), call.context)
            })
        add(function: NativeFunction("dispatch_get_main_queue") { call in try mainQueue.get(call.context) })
        add(
            function: NativeFunction(
                "dispatch_after", [NativeParameter(nil, timeType), NativeParameter(nil), NativeParameter(nil, work)]
            ) { call in
                try later(try deadline(call.arguments[0], call), call.arguments[2], call)
                return .void
            })
        add(
            function: NativeFunction("dispatch_async", [NativeParameter(nil), NativeParameter(nil, work)]) { call in
                try later(call.context.runLoop.now, call.arguments[1], call)
                return .void
            })
    }
}
