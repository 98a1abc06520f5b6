import RefreshFramesCore
import RefreshFramesSwiftCode

/// The arrangement of a `UIStackView` the code makes (`stack`), kept on its view.
final class CodeStack {
    var spec = StackSpec()
    /// Its arranged subviews, in order (a subset of its subviews, as UIKit keeps them).
    var arranged: [ViewObject] = []
    /// `setCustomSpacing(_:after:)`, by arranged view.
    var spacingAfter: [ObjectIdentifier: Double] = [:]
}

/// `UIStackView` in code: `UIStackView(arrangedSubviews:)`, `UIStackView()`, `init(frame:)`,
/// `addArrangedSubview`, `insertArrangedSubview(_:at:)`, `removeArrangedSubview`, `arrangedSubviews`,
/// `axis`, `spacing`, `distribution`, `alignment`, `isLayoutMarginsRelativeArrangement`,
/// `layoutMargins`, `setCustomSpacing(_:after:)`. The stack and its arranged views are solved by the
/// engine's solver with the arrangement the spec's stack views get (`LayoutSystem.stackConstraints`),
/// at the layout pass after a change, as the code's constraints are. Apple,
/// [addArrangedSubview(_:)](https://developer.apple.com/documentation/uikit/uistackview/addarrangedsubview(_:)):
/// "This method automatically adds the provided view as a subview of the stack view, if it isn't
/// already. If the view is already a subview, this operation doesn't alter the subview ordering";
/// [init(arrangedSubviews:)](https://developer.apple.com/documentation/uikit/uistackview/init(arrangedsubviews:)):
/// "It also adds these views as subviews". An arranged view's frame is the stack's to set: its own
/// frame does not pin it (UIKit turns its `translatesAutoresizingMaskIntoConstraints` off).
extension UIKitBinding {
    func addStackViews(to library: inout NativeLibrary) {
        let type = NativeType("UIStackView", superclass: "UIView", isReference: true)
        let distribution = NativeType("UIStackViewDistribution", isReference: false)
        let alignment = NativeType("UIStackViewAlignment", isReference: false)
        for (enumType, names, alias) in [
            (distribution, StackSpec.Distribution.allCases.map(\.rawValue), "Distribution"),
            (alignment, StackSpec.Alignment.allCases.map(\.rawValue), "Alignment"),
        ] {
            // Swift 3+'s `.fillEqually` and Swift 2's `.FillEqually`.
            for name in names + names.map({ $0.prefix(1).uppercased() + $0.dropFirst() }) {
                enumType.staticProperties[name] = NativeStaticProperty(type: .named(enumType.name)) { _ in
                    .native(NativeValue(enumType, name.prefix(1).lowercased() + name.dropFirst()))
                }
            }
            library.add(enumType)
            library.typeAliases["UIStackView." + alias] = enumType.name
            type.staticProperties[alias] = NativeStaticProperty { _ in .type(.native(enumType)) }
        }

        func make(_ call: NativeCall, frame: Rect, arranged: Value?) throws(CodeDiagnostic) -> Value {
            let name = call.context.interpreter.constructingClass ?? type.name
            let object = ViewObject(role: .view, specTag: nil, label: name + "()")
            object.nativeType = type
            object.local["stack"] = CodeStack()
            world.addCodeView(object, frame: frame, at: call.context.location)
            let value = Value.native(NativeValue(type, object))
            if let arranged {
                guard case .array(let views) = arranged else {
                    throw call.context.error(
                        "expected an array of views, got \(call.context.interpreter.describeType(arranged))")
                }
                for view in views { try arrange(view, in: object, value, at: nil, call.context) }
            }
            return value
        }
        let zero = Rect(x: 0, y: 0, width: 0, height: 0)
        type.initializers = [
            NativeFunction("init") { call in try make(call, frame: zero, arranged: nil) },
            NativeFunction("init", [NativeParameter("frame", .named("CGRect"))]) { call in
                try make(call, frame: try self.rectValue(call.arguments[0], call.context), arranged: nil)
            },
            NativeFunction("init", [NativeParameter("arrangedSubviews", .array(.named("UIView")))]) { call in
                try make(call, frame: zero, arranged: call.arguments[0])
            },
        ]
        type.methods = [
            NativeFunction("addArrangedSubview", [NativeParameter(nil, .named("UIView"))]) { call in
                let stack = try self.object(call.receiver, call.context)
                try self.arrange(call.arguments[0], in: stack, call.receiver, at: nil, call.context)
                return .void
            },
            NativeFunction(
                "insertArrangedSubview", [NativeParameter(nil, .named("UIView")), NativeParameter("at", .named("Int"))]
            ) { call in
                let stack = try self.object(call.receiver, call.context)
                let index = try call.context.int(call.arguments[1], "at")
                try self.arrange(call.arguments[0], in: stack, call.receiver, at: index, call.context)
                return .void
            },
            NativeFunction("removeArrangedSubview", [NativeParameter(nil, .named("UIView"))]) { call in
                let stack = try self.object(call.receiver, call.context)
                let view = try self.object(call.arguments[0], call.context)
                self.codeStack(stack)?.arranged.removeAll { $0 === view }
                if view.superview === stack {
                    call.context.warn(
                        "removeArrangedSubview leaves the view a subview of the stack, at the frame the stack gave it: here it is still arranged (remove it from its superview too)"
                    )
                }
                self.world.codeLayoutChanged()
                return .void
            },
            NativeFunction(
                "setCustomSpacing",
                [NativeParameter(nil, .named("CGFloat")), NativeParameter("after", .named("UIView"))]
            ) { call in
                let stack = try self.object(call.receiver, call.context)
                let view = try self.object(call.arguments[1], call.context)
                self.codeStack(stack)?.spacingAfter[ObjectIdentifier(view)] = try call.context.double(
                    call.arguments[0], "spacing")
                self.world.codeLayoutChanged()
                return .void
            },
            NativeFunction("customSpacing", [NativeParameter("after", .named("UIView"))]) { call in
                let stack = try self.object(call.receiver, call.context)
                let view = try self.object(call.arguments[0], call.context)
                let arrangement = self.codeStack(stack)
                return .double(arrangement?.spacingAfter[ObjectIdentifier(view)] ?? arrangement?.spec.spacing ?? 0)
            },
        ]
        type.properties["arrangedSubviews"] = NativeProperty(
            type: .array(.named("UIView")),
            get: { value, context in
                .array((self.codeStack(try self.object(value, context))?.arranged ?? []).map(self.value(of:)))
            })
        func setting(
            _ type: TypeName, get: @escaping (StackSpec) -> Value,
            set: @escaping (inout StackSpec, Value, NativeContext) throws(CodeDiagnostic) -> Void
        ) -> NativeProperty {
            NativeProperty(
                type: type,
                get: { value, context in
                    get(self.codeStack(try self.object(value, context))?.spec ?? StackSpec())
                },
                set: { native, value, context in
                    guard let stack = self.codeStack(try self.object(.native(native), context)) else { return }
                    try set(&stack.spec, value, context)
                    self.world.codeLayoutChanged()
                })
        }
        type.properties["axis"] = setting(
            .named("UILayoutConstraintAxis"), get: { .string($0.axis.rawValue) },
            set: { spec, value, context throws(CodeDiagnostic) in
                guard case .string(let name) = value, let axis = StackSpec.Axis(rawValue: name.lowercased()) else {
                    throw context.error(
                        "expected .horizontal or .vertical, got \(context.interpreter.describeType(value))")
                }
                spec.axis = axis
            })
        type.properties["spacing"] = setting(
            .named("CGFloat"), get: { .double($0.spacing) },
            set: { spec, value, context throws(CodeDiagnostic) in spec.spacing = try context.double(value, "spacing") })
        type.properties["distribution"] = setting(
            .named(distribution.name), get: { .native(NativeValue(distribution, $0.distribution.rawValue)) },
            set: { spec, value, context throws(CodeDiagnostic) in
                guard case .native(let n) = value, let name = n.payload as? String,
                    let d = StackSpec.Distribution(rawValue: name)
                else { throw context.error("expected a UIStackView.Distribution") }
                spec.distribution = d
            })
        type.properties["alignment"] = setting(
            .named(alignment.name), get: { .native(NativeValue(alignment, $0.alignment.rawValue)) },
            set: { spec, value, context throws(CodeDiagnostic) in
                guard case .native(let n) = value, let name = n.payload as? String,
                    let a = StackSpec.Alignment(rawValue: name)
                else { throw context.error("expected a UIStackView.Alignment") }
                spec.alignment = a
            })
        type.properties["isLayoutMarginsRelativeArrangement"] = setting(
            .named("Bool"), get: { .bool($0.isLayoutMarginsRelativeArrangement) },
            set: { spec, value, context throws(CodeDiagnostic) in
                spec.isLayoutMarginsRelativeArrangement = try context.bool(value, "isLayoutMarginsRelativeArrangement")
            })
        type.properties["layoutMarginsRelativeArrangement"] = type.properties["isLayoutMarginsRelativeArrangement"]
        type.properties["layoutMargins"] = setting(
            .named("UIEdgeInsets"),
            get: { m in
                self.edgeInsets(
                    EdgeInsets(
                        top: m.layoutMargins[0], left: m.layoutMargins[1], bottom: m.layoutMargins[2],
                        right: m.layoutMargins[3]))
            },
            set: { spec, value, context throws(CodeDiagnostic) in
                let m = try self.edgeInsetsValue(value, context)
                spec.layoutMargins = [m.top, m.left, m.bottom, m.right]
            })
        library.add(type)
    }

    /// `addArrangedSubview` (at the end) or `insertArrangedSubview(_:at:)`: arranged, and a subview
    /// (added as `addSubview` adds one, unless it already is one).
    private func arrange(
        _ value: Value, in stack: ViewObject, _ stackValue: Value, at index: Int?, _ context: NativeContext
    ) throws(CodeDiagnostic) {
        guard let arrangement = codeStack(stack) else { return }
        let view = try object(value, context)
        arrangement.arranged.removeAll { $0 === view }
        if let index {
            guard index >= 0, index <= arrangement.arranged.count else {
                throw context.error(
                    "insertArrangedSubview at \(index): the stack has \(arrangement.arranged.count) arranged views")
            }
            arrangement.arranged.insert(view, at: index)
        } else {
            arrangement.arranged.append(view)
        }
        if view.superview !== stack {
            try context.interpreter.callMethod("addSubview", on: stackValue, arguments: [value], at: context.location)
        }
        world.codeLayoutChanged()
    }

    func codeStack(_ object: ViewObject) -> CodeStack? { world.codeStack(object) }
}

extension UIKitWorld {
    func codeStack(_ object: ViewObject) -> CodeStack? { object.local["stack"] as? CodeStack }

    /// The stack views the code made, in the order made.
    var codeStackViews: [ViewObject] { codeViews.filter { $0.local["stack"] is CodeStack } }

    /// `view` as the solver takes it when it is a code stack (its arrangement) or one of a stack's
    /// arranged views (its custom spacing, whether it is hidden now).
    func arrangement(of object: ViewObject, _ view: inout ViewSpec) {
        if let stack = object.local["stack"] as? CodeStack { view.stack = stack.spec }
        if let parent = object.superview, let stack = parent.local["stack"] as? CodeStack,
            stack.arranged.contains(where: { $0 === object }), let tag = object.specTag
        {
            view.spacingAfter = stack.spacingAfter[ObjectIdentifier(object)]
            view.isHidden = runtime.model(.hidden, of: tag) ?? false
        }
    }

    /// Whether a stack arranges `object` (its frame is the stack's to set).
    func isArranged(_ object: ViewObject) -> Bool {
        guard let stack = object.superview?.local["stack"] as? CodeStack else { return false }
        return stack.arranged.contains { $0 === object }
    }

    /// The hidden flags of the stacks' arranged views now: a change re-solves (UIKit's stack view
    /// gives a view it hides no room, at the next layout pass).
    var arrangedHiddenFlags: [Bool] {
        codeStackViews.flatMap { stack in
            (stack.local["stack"] as? CodeStack)?.arranged.map { view in
                view.specTag.flatMap { runtime.model(.hidden, of: $0) } ?? false
            } ?? []
        }
    }
}
