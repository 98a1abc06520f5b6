import RefreshFramesCore
import RefreshFramesSwiftCode

/// Key-value observing as real controls use it: `addObserver(_:forKeyPath:options:context:)` on the
/// table view (`contentOffset`) or on the refresh control (`frame`), and the observer's
/// `observeValue(forKeyPath:of:change:context:)` (Swift 2: `observeValueForKeyPath(_:ofObject:…)`)
/// called after each frame's `scrollViewDidScroll`, when the content offset (and so the refresh
/// control's frame, whose origin is the offset) changed. The change dictionary is empty: the code
/// reads the new value from the object, as the tried controls do.
final class Observation {
    let observer: Value
    let keyPath: String
    let object: ViewObject
    /// Swift 4's `observe(\.contentOffset) { object, change in … }`: `observer` is that closure.
    var isBlock = false

    init(observer: Value, keyPath: String, object: ViewObject) {
        self.observer = observer
        self.keyPath = keyPath
        self.object = object
    }
}

extension UIKitBinding {
    /// The key paths whose changes the scenario makes.
    static let observedKeyPaths: Set<String> = ["contentOffset", "frame", "bounds", "contentInset"]

    func addKVO(to library: inout NativeLibrary) {
        let options = NativeType("NSKeyValueObservingOptions", isReference: false)
        for name in ["new", "old", "initial", "prior", "New", "Old", "Initial", "Prior"] {
            options.staticProperties[name] = NativeStaticProperty(type: .named("NSKeyValueObservingOptions")) { _ in
                .native(NativeValue(options, name.lowercased()))
            }
        }
        library.add(options)
        let add: (inout NativeCall) throws -> Value = { call in
            let object = try self.object(call.receiver, call.context)
            let keyPath = try call.context.string(call.arguments[1], "forKeyPath")
            if !Self.observedKeyPaths.contains(keyPath) {
                call.context.warn("observing '\(keyPath)' is not supported: only the scroll's changes are observed")
            }
            let observation = Observation(observer: call.arguments[0], keyPath: keyPath, object: object)
            self.world.observations.append(observation)
            // `.initial`: the observer hears of the value at once (Respinner lays out its spinner so).
            if Self.hasInitialOption(call.arguments[2]) { try self.notify(observation, at: call.context.location) }
            return .void
        }
        let remove: (inout NativeCall) throws -> Value = { call in
            let object = try self.object(call.receiver, call.context)
            let keyPath = try call.context.string(call.arguments[1], "forKeyPath")
            self.world.observations.removeAll { $0.object === object && $0.keyPath == keyPath }
            return .void
        }
        // Swift 4's block KVO: `observe(\.contentOffset, options: [.initial]) { scrollView, change in … }`,
        // an `NSKeyValueObservation` whose `invalidate()` (or its release) ends it.
        let token = NativeType("NSKeyValueObservation", superclass: "NSObject", isReference: true)
        token.methods = [
            NativeFunction("invalidate") { call in
                guard case .native(let n) = call.receiver, let observation = n.payload as? Observation else {
                    return .void
                }
                self.world.observations.removeAll { $0 === observation }
                return .void
            }
        ]
        library.add(token)
        types.view.methods.append(
            NativeFunction(
                "observe",
                [
                    NativeParameter(nil),
                    NativeParameter("options", .named("NSKeyValueObservingOptions"), default: .nil),
                    NativeParameter("changeHandler"),
                ], acceptsUnknown: true
            ) { call in
                let object = try self.object(call.receiver, call.context)
                guard case .keyPath(let names) = call.arguments[0] else {
                    throw call.context.error("expected a key path (\\.contentOffset)")
                }
                let keyPath = names.joined(separator: ".")
                if !Self.observedKeyPaths.contains(keyPath) {
                    call.context.warn("observing '\(keyPath)' is not supported: only the scroll's changes are observed")
                }
                let observation = Observation(observer: call.arguments[2], keyPath: keyPath, object: object)
                observation.isBlock = true
                self.world.observations.append(observation)
                if Self.hasInitialOption(call.arguments[1]) { try self.notify(observation, at: call.context.location) }
                return .native(NativeValue(token, observation))
            })
        types.view.methods += [
            NativeFunction(
                "addObserver",
                [
                    NativeParameter(nil), NativeParameter("forKeyPath", .named("String")),
                    NativeParameter("options", .named("NSKeyValueObservingOptions"), default: .nil),
                    NativeParameter("context", default: .nil),
                ], acceptsUnknown: true, body: add),
            NativeFunction(
                "removeObserver", [NativeParameter(nil), NativeParameter("forKeyPath", .named("String"))],
                acceptsUnknown: true, body: remove),
            NativeFunction(
                "removeObserver",
                [NativeParameter(nil), NativeParameter("forKeyPath", .named("String")), NativeParameter("context")],
                acceptsUnknown: true, body: remove),
        ]
    }

    /// Whether KVO options (one, or a list) hold `.initial`.
    static func hasInitialOption(_ value: Value) -> Bool {
        let options: [Value]
        if case .array(let list) = value { options = list } else { options = [value] }
        return options.contains {
            if case .native(let n) = $0 { return n.payload as? String == "initial" }
            return false
        }
    }

    /// Tells the observers of what a scroll changes: the table's `contentOffset`, the refresh
    /// control's `frame`.
    func notifyScrolled(at location: CodeLocation) throws(CodeDiagnostic) {
        for observation in world.observations {
            let role = observation.object.role
            let scrolls = role == .tableView || role == .scrollView
            guard
                scrolls && observation.keyPath == "contentOffset"
                    || role == .refreshControl && ["frame", "bounds"].contains(observation.keyPath)
            else { continue }
            try notify(observation, at: location)
        }
    }

    /// Calls the observer's `observeValue(forKeyPath:of:change:context:)`.
    func notify(_ observation: Observation, at location: CodeLocation) throws(CodeDiagnostic) {
        guard let interpreter = world.interpreter else { return }
        if observation.isBlock {
            _ = try interpreter.call(
                observation.observer, arguments: [value(of: observation.object), .dictionary([])], at: location)
            return
        }
        let arguments: [Value] = [
            .string(observation.keyPath), value(of: observation.object), .dictionary([]), .nil,
        ]
        for name in ["observeValue", "observeValueForKeyPath"]
        where interpreter.hasMethod(name, on: observation.observer) {
            try interpreter.callMethod(name, on: observation.observer, arguments: arguments, at: location)
            break
        }
    }
}
