import RefreshFramesCore
import RefreshFramesSwiftCode

/// `UIEdgeInsets` (`top`, `left`, `bottom`, `right`): a scroll view's `contentInset`.
struct EdgeInsets: Equatable {
    var top = 0.0
    var left = 0.0
    var bottom = 0.0
    var right = 0.0
}

/// Controls that are not a `UIRefreshControl` (Respinner's `UIControl`, a library's `UIView`
/// header): added to the table view with `addSubview`, they are told so (`willMove(toSuperview:)`,
/// `didMoveToSuperview()`), follow the scroll through KVO on `contentOffset` and send their own
/// `.valueChanged` (`sendActions(for:)`): that sending is when refreshing begins. Their refresh
/// ends when their `refreshing`/`isRefreshing` property turns false (their `endRefreshing()`), or at
/// `workDuration` after it began (their `endRefreshing()` called then).
extension UIKitBinding {
    func addCustomControls(to library: inout NativeLibrary) {
        addEdgeInsets(to: &library)
        let send: (inout NativeCall) throws -> Value = { call in
            let control = try self.object(call.receiver, call.context)
            let event = try self.controlEvent(call.arguments[0], call.context)
            guard event == "valueChanged" else {
                call.context.warn("sending \(event) does nothing here: only a refresh control's valueChanged is driven")
                return .void
            }
            if control === self.world.customControl { self.world.customControlBegan() }
            for (target, action) in control.valueChangedTargets {
                try call.context.interpreter.send(action, to: target, sender: call.receiver, at: call.context.location)
            }
            return .void
        }
        types.control.methods += [
            NativeFunction("sendActions", [NativeParameter("for", .named("UIControlEvents"))], body: send),
            NativeFunction(
                "sendActionsForControlEvents", [NativeParameter(nil, .named("UIControlEvents"))], body: send),
        ]
        // What a subclass's `super.…` calls reach.
        types.view.methods += [
            NativeFunction("didMoveToSuperview") { _ in .void },
            NativeFunction("willMove", [NativeParameter("toSuperview")]) { _ in .void },
            NativeFunction("willMoveToSuperview", [NativeParameter(nil)]) { _ in .void },
            NativeFunction("layoutSubviews") { _ in .void },
        ]
        let insets = NativeProperty(
            type: .named("UIEdgeInsets"),
            get: { value, context in
                try self.object(value, context).local["contentInset"] as? Value ?? self.edgeInsets(EdgeInsets())
            },
            set: { native, value, context in
                let new = try self.edgeInsetsValue(value, context)
                let object = try self.object(.native(native), context)
                let old = (object.local["contentInset"] as? Value).flatMap { try? self.edgeInsetsValue($0, context) }
                object.local["contentInset"] = value
                // The code's inset is its own to read; where the content sits is the scenario's.
                if new.top != (old ?? EdgeInsets()).top {
                    let scenario = self.world.spec.scenario
                    context.warn(
                        "contentInset.top changed: the content's offset follows the scenario's pull here (held at "
                            + "controlHeight, \(formatNumber(scenario.controlHeight)) pt, while refreshing, then back over "
                            + "collapseDuration, \(formatNumber(scenario.collapseDuration)) s), so the inset is kept for the "
                            + "code to read but moves nothing")
                }
            }, drawsNothing: true)
        types.scrollView.properties["contentInset"] = insets
        // `contentInset` plus the safe area the host's bars add (Apple: "The safe area insets are
        // then added to the values in the contentInset property to obtain the final value").
        types.scrollView.properties["adjustedContentInset"] = NativeProperty(
            type: .named("UIEdgeInsets"),
            get: { value, context in
                let set = try self.object(value, context).local["contentInset"] as? Value
                var insets =
                    try set.map { v throws(CodeDiagnostic) in try self.edgeInsetsValue(v, context) } ?? EdgeInsets()
                insets.top += self.world.topInset
                insets.bottom += self.world.bottomInset
                return self.edgeInsets(insets)
            })
    }

    /// UIKit's calls around `addSubview`: `willMove(toSuperview:)` before, `didMoveToSuperview()`
    /// after (Respinner observes the table view there); a view of the code's own class that is not a
    /// refresh control, added to the table view, is the control the scenario drives when no
    /// `UIRefreshControl` is.
    func move(_ child: ViewObject, _ childValue: Value, to parent: ViewObject, _ context: NativeContext)
        throws(CodeDiagnostic)
    {
        let interpreter = context.interpreter
        let scrolls = parent.role == .tableView || parent.role == .scrollView
        // A view of the code's own class (not a bare `UIView()` header): a control of its own.
        var ownClass = false
        if case .object = childValue { ownClass = true }
        if scrolls, ownClass, child.role != .refreshControl, !child.isSpecView, world.customControl == nil {
            world.customControl = child
        }
        for name in ["willMove", "willMoveToSuperview"] where interpreter.hasMethod(name, on: childValue) {
            try interpreter.callMethod(name, on: childValue, arguments: [value(of: parent)], at: context.location)
            break
        }
        parent.add(child)
        if interpreter.hasMethod("didMoveToSuperview", labels: [], on: childValue) {
            try interpreter.callMethod("didMoveToSuperview", on: childValue, at: context.location)
        }
    }

    private func addEdgeInsets(to library: inout NativeLibrary) {
        let number = TypeName.named("CGFloat")
        let type = types.edgeInsets
        type.describe = {
            ($0 as? EdgeInsets).map { "(\($0.top), \($0.left), \($0.bottom), \($0.right))" } ?? "UIEdgeInsets"
        }
        type.equals = { ($0 as? EdgeInsets) == ($1 as? EdgeInsets) }
        let names = ["top", "left", "bottom", "right"]
        let make: (inout NativeCall) throws -> Value = { call in
            var d: [Double] = []
            for (name, value) in zip(names, call.arguments) { d.append(try call.context.double(value, name)) }
            return self.edgeInsets(EdgeInsets(top: d[0], left: d[1], bottom: d[2], right: d[3]))
        }
        type.initializers = [
            NativeFunction("init", names.map { NativeParameter($0, number) }, body: make),
            NativeFunction("init") { _ in self.edgeInsets(EdgeInsets()) },
        ]
        let zero = NativeStaticProperty(type: .named("UIEdgeInsets")) { _ in self.edgeInsets(EdgeInsets()) }
        type.staticProperties["zero"] = zero
        library.constants["UIEdgeInsetsZero"] = zero
        library.add(
            function: NativeFunction("UIEdgeInsetsMake", names.map { _ in NativeParameter(nil, number) }, body: make))
        addNumberMembers(
            [("top", \EdgeInsets.top), ("left", \.left), ("bottom", \.bottom), ("right", \.right)], to: type,
            read: edgeInsetsValue)
        library.add(type)
    }

    func edgeInsets(_ insets: EdgeInsets) -> Value { .native(NativeValue(types.edgeInsets, insets)) }

    func edgeInsetsValue(_ value: Value, _ context: NativeContext) throws(CodeDiagnostic) -> EdgeInsets {
        guard case .native(let n) = value, let insets = n.payload as? EdgeInsets else {
            throw context.error("expected a UIEdgeInsets, got \(context.interpreter.describeType(value))")
        }
        return insets
    }
}
