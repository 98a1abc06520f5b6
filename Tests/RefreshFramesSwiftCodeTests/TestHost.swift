import RefreshFramesSwiftCode

/// A host binding as small as a test needs, built the way the UIKit binding is meant to be: one
/// `NativeType` table per host type. `Box` is a view-like reference with an `alpha`;
/// `Box.animate(withDuration:animations:completion:)` sets the values at once (as UIKit's model layer
/// does), logs each change with the virtual time, and calls the completion on the run loop when the
/// duration has passed.
enum TestHost {
    final class BoxState {
        var name: String
        var alpha = 1.0
        init(name: String) { self.name = name }
    }

    /// What the host saw, in order (`0.1 s a.alpha = 0.0`).
    final class Log {
        var lines: [String] = []
    }

    static func library(_ log: Log) -> NativeLibrary {
        var library = NativeLibrary.standard
        let box = NativeType("Box", superclass: "NSObject", isReference: true)
        box.initializers = [
            NativeFunction("init", [NativeParameter("name", .named("String"))]) { call in
                .native(
                    NativeValue(
                        call.context.interpreter.natives.type("Box")!,
                        BoxState(name: try call.context.string(call.arguments[0], "name"))))
            }
        ]
        box.properties["alpha"] = NativeProperty(
            type: .named("CGFloat"),
            get: { value, _ in
                guard case .native(let n) = value, let state = n.payload as? BoxState else { return .nil }
                return .double(state.alpha)
            },
            set: { native, value, context in
                guard let state = native.payload as? BoxState else { return }
                state.alpha = try context.double(value, "alpha")
                log.lines.append("\(VirtualRunLoop.format(context.runLoop.now)) \(state.name).alpha = \(state.alpha)")
            })
        let seconds = TypeName.named("TimeInterval")
        let animations = TypeName.function([], .named("Void"))
        let completion = TypeName.optional(.function([.named("Bool")], .named("Void")), implicitlyUnwrapped: false)
        box.staticMethods.append(
            NativeFunction(
                "animate",
                [
                    NativeParameter("withDuration", seconds), NativeParameter("animations", animations),
                    NativeParameter("completion", completion, default: .nil),
                ]
            ) { call in
                let duration = try call.context.double(call.arguments[0], "duration")
                _ = try call.context.call(call.arguments[1], [])
                let done = call.arguments[2]
                if !done.isNil {
                    let interpreter = call.context.interpreter
                    let location = call.location
                    try interpreter.schedule(
                        at: interpreter.runLoop.now + VirtualRunLoop.micros(duration), "a completion"
                    ) { () throws(CodeDiagnostic) in
                        _ = try interpreter.call(done, arguments: [.bool(true)], at: location)
                    }
                }
                return .void
            })
        library.add(box)
        return library
    }
}
