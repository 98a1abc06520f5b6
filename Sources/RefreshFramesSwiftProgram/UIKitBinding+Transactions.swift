import RefreshFramesCore
import RefreshFramesSwiftCode

/// Core Animation's transactions as the code opens them: the run loop's implicit one (each turn
/// of the run loop, committed at its end) and the explicit ones `CATransaction.begin()` nests in
/// it. What the engine reads of them is whether a standalone layer's property change has an
/// implicit animation: `setDisableActions(true)` suppresses it (the layer's action is looked up
/// when the property is set, so the value in force then decides), and the engine's jump is then
/// what UIKit shows. `setAnimationDuration(_:)` only changes what the warning says of the
/// animation the engine does not draw.
struct TransactionStack {
    /// One transaction's settings; nil where it set nothing (an enclosing one's value holds).
    struct Level {
        var disableActions: Bool?
        var animationDuration: Double?
        /// Where `begin()` opened it (nil for the implicit transaction).
        var begunAt: CodeLocation?
    }

    /// The run-loop turn's implicit transaction.
    var implicit = Level()
    /// The explicit transactions open now, outermost first.
    var explicit: [Level] = []

    /// The innermost transaction's setting, else the nearest enclosing one's.
    private func lookUp<T>(_ key: KeyPath<Level, T?>) -> T? {
        for level in explicit.reversed() { if let v = level[keyPath: key] { return v } }
        return implicit[keyPath: key]
    }

    var disableActions: Bool { lookUp(\.disableActions) ?? false }
    /// `CATransaction.animationDuration()`: 0.25 s unless a transaction set one.
    var animationDuration: Double { lookUp(\.animationDuration) ?? 0.25 }
    var durationWasSet: Bool { lookUp(\.animationDuration) != nil }

    /// The transaction the code's settings go to: the innermost explicit one, else the implicit one.
    mutating func setCurrent(_ change: (inout Level) -> Void) {
        if explicit.isEmpty { change(&implicit) } else { change(&explicit[explicit.count - 1]) }
    }
}

extension UIKitWorld {
    /// The end of a run-loop turn: the implicit transaction is committed; an explicit one still
    /// open is named at its `begin()` and ended here.
    func commitTransactionsAtTheEndOfTheTurn() {
        for level in transactions.explicit {
            interpreter?.warn(
                "CATransaction.begin() without a commit() by the end of the run-loop turn: on iOS nothing the transaction changed is shown until it is committed; the engine commits it here",
                at: level.begunAt)
        }
        transactions = TransactionStack()
    }

    /// Names the implicit animation Core Animation gives a standalone layer's change once it is in
    /// a layer tree, which the engine does not draw; nothing when actions are disabled (UIKit then
    /// jumps too).
    func sayImplicitAnimation(of object: ViewObject, _ name: String, _ context: NativeContext) {
        guard object.superview != nil, !transactions.disableActions else { return }
        let d = transactions.animationDuration
        let duration =
            !transactions.durationWasSet
            ? "0.25 s by default"
            : d > 0
                ? "over \(d) s, CATransaction.setAnimationDuration"
                : "CATransaction.setAnimationDuration(0): whether it then animates over Core Animation's 0.25 s default is not modelled"
        context.warn(
            "\(object.label).\(name) changed while in a layer tree: Core Animation animates a standalone layer's change implicitly (\(duration)); the engine shows the new value at once"
        )
    }
}

extension UIKitBinding {
    /// `CATransaction`'s class methods: `begin()`, `commit()`, `setDisableActions(_:)`,
    /// `disableActions()`, `setAnimationDuration(_:)`, `animationDuration()`, and
    /// `setValue(_:forKey:)`/`value(forKey:)` with `kCATransactionDisableActions` or
    /// `kCATransactionAnimationDuration`. Others (`setCompletionBlock`, the timing function) are
    /// named as unsupported at their line.
    func addTransactions(to library: inout NativeLibrary) {
        let type = NativeType("CATransaction", superclass: "NSObject", isReference: true)
        let disableKey = "CATransactionDisableActions"
        let durationKey = "CATransactionAnimationDuration"
        library.constants["kCATransactionDisableActions"] = NativeStaticProperty(type: .named("String")) { _ in
            .string(disableKey)
        }
        library.constants["kCATransactionAnimationDuration"] = NativeStaticProperty(type: .named("String")) { _ in
            .string(durationKey)
        }
        func setDisable(_ flag: Bool) { world.transactions.setCurrent { $0.disableActions = flag } }
        func setDuration(_ d: Double) { world.transactions.setCurrent { $0.animationDuration = d } }
        type.staticMethods = [
            NativeFunction("begin") { call in
                self.world.transactions.explicit.append(.init(begunAt: call.location))
                return .void
            },
            NativeFunction("commit") { call in
                if self.world.transactions.explicit.popLast() == nil {
                    call.context.warn("CATransaction.commit() without a begin(): skipped")
                }
                return .void
            },
            NativeFunction("setDisableActions", [NativeParameter(nil, .named("Bool"))]) { call in
                setDisable(try call.context.bool(call.arguments[0], "setDisableActions"))
                return .void
            },
            NativeFunction("disableActions") { _ in .bool(self.world.transactions.disableActions) },
            NativeFunction("setAnimationDuration", [NativeParameter(nil, .named("CFTimeInterval"))]) { call in
                setDuration(try call.context.double(call.arguments[0], "setAnimationDuration"))
                return .void
            },
            NativeFunction("animationDuration") { _ in .double(self.world.transactions.animationDuration) },
            NativeFunction("setValue", [NativeParameter(nil), NativeParameter("forKey", .named("String"))]) { call in
                switch call.arguments[1] {
                case .string(disableKey): setDisable(try call.context.bool(call.arguments[0], "disableActions"))
                case .string(durationKey):
                    setDuration(try call.context.double(call.arguments[0], "animationDuration"))
                default:
                    call.context.warn(
                        "CATransaction.setValue(_:forKey:) of another key than kCATransactionDisableActions or kCATransactionAnimationDuration: skipped"
                    )
                }
                return .void
            },
            NativeFunction("value", [NativeParameter("forKey", .named("String"))]) { call in
                switch call.arguments[0] {
                case .string(disableKey): return .bool(self.world.transactions.disableActions)
                case .string(durationKey): return .double(self.world.transactions.animationDuration)
                default: return .nil
                }
            },
        ]
        library.add(type)
    }
}
