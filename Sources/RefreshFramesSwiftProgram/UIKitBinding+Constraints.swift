import RefreshFramesCore
import RefreshFramesSwiftCode

/// A layout anchor of a view (`label.centerXAnchor`).
struct LayoutAnchor {
    let view: ViewObject
    let attribute: LayoutAttribute
}

/// An `NSLayoutConstraint` outlet to one of the spec's constraints (`"outlets": {"top": {"constraint":
/// "top"}}`): its `constant` is the runtime's, changed for the next layout pass, as UIKit's is.
final class SpecConstraintOutlet {
    let id: String

    init(id: String) { self.id = id }
}

/// An `NSLayoutConstraint` the code made from anchors; placed by the engine's solver once active.
final class CodeConstraint {
    let first: LayoutAnchor
    let relation: LayoutRelation
    let second: LayoutAnchor?
    let multiplier: Double
    var constant: Double
    var priority = 1000.0
    var isActive = false
    let location: CodeLocation

    init(
        _ first: LayoutAnchor, _ relation: LayoutRelation, _ second: LayoutAnchor?, multiplier: Double,
        constant: Double, at location: CodeLocation
    ) {
        self.first = first
        self.relation = relation
        self.second = second
        self.multiplier = multiplier
        self.constant = constant
        self.location = location
    }
}

/// Auto Layout made in code: the views' anchors, `constraint(equalTo:constant:)` and its kin,
/// `NSLayoutConstraint.activate`/`isActive`, `UILayoutPriority`, content hugging and compression
/// resistance. The views the code made that active constraints name are solved by the engine's
/// own solver, with the spec's views, at the end of each turn of the run loop in which the code
/// changed what they depend on (UIKit's layout pass), and at `layoutIfNeeded()`.
extension UIKitBinding {
    func addConstraints(to library: inout NativeLibrary) {
        let anchor = NativeType("NSLayoutAnchor", isReference: false)
        let constraint = types.constraint
        let priority = NativeType("UILayoutPriority", isReference: false)
        let axis = NativeType("UILayoutConstraintAxis", isReference: false)
        let number = TypeName.named("CGFloat")
        let anchors: [(String, LayoutAttribute)] = [
            ("leadingAnchor", .leading), ("trailingAnchor", .trailing), ("leftAnchor", .left), ("rightAnchor", .right),
            ("topAnchor", .top), ("bottomAnchor", .bottom), ("centerXAnchor", .centerX), ("centerYAnchor", .centerY),
            ("widthAnchor", .width), ("heightAnchor", .height),
        ]
        for (name, attribute) in anchors {
            types.view.properties[name] = NativeProperty(
                type: .named("NSLayoutAnchor"),
                get: { value, context in
                    .native(
                        NativeValue(anchor, LayoutAnchor(view: try self.object(value, context), attribute: attribute)))
                })
        }
        func anchorValue(_ value: Value, _ context: NativeContext) throws(CodeDiagnostic) -> LayoutAnchor {
            guard case .native(let n) = value, let a = n.payload as? LayoutAnchor else {
                throw context.error("expected a layout anchor, got \(context.interpreter.describeType(value))")
            }
            return a
        }
        func make(_ call: NativeCall, _ relation: LayoutRelation, toAnchor: Bool, multiplier: Double = 1)
            throws(CodeDiagnostic) -> Value
        {
            let first = try anchorValue(call.receiver, call.context)
            let second = try toAnchor ? anchorValue(call.arguments[0], call.context) : nil
            let constant = try call.context.double(call.arguments[toAnchor ? call.arguments.count - 1 : 0], "constant")
            let made = CodeConstraint(
                first, relation, second, multiplier: multiplier, constant: constant, at: call.context.location)
            return .native(NativeValue(constraint, made))
        }
        let zero = Value.double(0)
        for (label, relation) in [
            ("equalTo", LayoutRelation.equal), ("greaterThanOrEqualTo", .greaterThanOrEqual),
            ("lessThanOrEqualTo", .lessThanOrEqual),
        ] {
            anchor.methods += [
                NativeFunction(
                    "constraint",
                    [
                        NativeParameter(label, .named("NSLayoutAnchor")),
                        NativeParameter("constant", number, default: zero),
                    ]
                ) { call in try make(call, relation, toAnchor: true) },
                NativeFunction(
                    "constraint",
                    [
                        NativeParameter(label, .named("NSLayoutAnchor")), NativeParameter("multiplier", number),
                        NativeParameter("constant", number, default: zero),
                    ]
                ) { call in
                    try make(
                        call, relation, toAnchor: true,
                        multiplier: try call.context.double(call.arguments[1], "multiplier"))
                },
                NativeFunction("constraint", [NativeParameter(label + "Constant", number)]) { call in
                    try make(call, relation, toAnchor: false)
                },
            ]
        }
        library.add(anchor)

        func code(_ value: Value, _ context: NativeContext) throws(CodeDiagnostic) -> CodeConstraint {
            guard case .native(let n) = value, let c = n.payload as? CodeConstraint else {
                throw context.error("expected an NSLayoutConstraint, got \(context.interpreter.describeType(value))")
            }
            return c
        }
        func specOutlet(_ value: Value) -> SpecConstraintOutlet? {
            guard case .native(let n) = value else { return nil }
            return n.payload as? SpecConstraintOutlet
        }
        /// `isActive = on` of one constraint: a spec's stays active (said when the code turns it off).
        func setActive(_ value: Value, _ on: Bool, _ context: NativeContext) throws(CodeDiagnostic) {
            guard specOutlet(value) == nil else {
                if !on { context.warn("deactivating one of the spec's constraints is not supported: it stays active") }
                return
            }
            self.world.setActive(try code(value, context), on)
        }
        func activate(_ value: Value, _ on: Bool, _ context: NativeContext) throws(CodeDiagnostic) {
            guard case .array(let items) = value else {
                throw context.error("expected an array of constraints, got \(context.interpreter.describeType(value))")
            }
            for item in items { try setActive(item, on, context) }
        }
        constraint.staticMethods = [
            NativeFunction("activate", [NativeParameter(nil, .array(.named("NSLayoutConstraint")))]) { call in
                try activate(call.arguments[0], true, call.context)
                return .void
            },
            NativeFunction("deactivate", [NativeParameter(nil, .array(.named("NSLayoutConstraint")))]) { call in
                try activate(call.arguments[0], false, call.context)
                return .void
            },
        ]
        constraint.properties["isActive"] = NativeProperty(
            type: .named("Bool"),
            get: { value, context in
                if specOutlet(value) != nil { return .bool(true) }
                return .bool(try code(value, context).isActive)
            },
            set: { native, value, context in
                try setActive(.native(native), try context.bool(value, "isActive"), context)
            })
        constraint.properties["active"] = constraint.properties["isActive"]
        constraint.properties["constant"] = NativeProperty(
            type: number,
            get: { value, context in
                if let outlet = specOutlet(value) {
                    return .double(self.world.runtime.constraintConstant(outlet.id) ?? 0)
                }
                return .double(try code(value, context).constant)
            },
            set: { native, value, context in
                let constant = try context.double(value, "constant")
                if let outlet = specOutlet(.native(native)) {
                    do throws(AnimationRuntime.RuntimeError) {
                        try self.world.runtime.setConstraintConstant(outlet.id, to: constant, at: self.world.time)
                    } catch {
                        throw self.world.refused(error, "constant", context)
                    }
                    return
                }
                try code(.native(native), context).constant = constant
                self.world.codeLayoutChanged()
            })
        constraint.properties["priority"] = NativeProperty(
            type: .named("UILayoutPriority"),
            get: { value, context in
                if let outlet = specOutlet(value) {
                    return .double(self.world.spec.constraints.first { $0.id == outlet.id }?.priority ?? 1000)
                }
                return .double(try code(value, context).priority)
            },
            set: { native, value, context in
                if specOutlet(.native(native)) != nil {
                    context.warn(
                        "a new priority for one of the spec's constraints is not supported: it keeps the spec's")
                    return
                }
                try code(.native(native), context).priority = try context.double(value, "priority")
                self.world.codeLayoutChanged()
            })
        addItemConstraints(constraint, to: &library)
        library.add(constraint)

        priority.initializers = [
            NativeFunction("init", [NativeParameter(nil, .named("Float"))]) { call in
                .double(try call.context.double(call.arguments[0], "priority"))
            },
            NativeFunction("init", [NativeParameter("rawValue", .named("Float"))]) { call in
                .double(try call.context.double(call.arguments[0], "priority"))
            },
        ]
        for (name, value) in [
            ("required", 1000.0), ("defaultHigh", 750), ("defaultLow", 250), ("fittingSizeLevel", 50),
        ] {
            priority.staticProperties[name] = NativeStaticProperty(type: .named("UILayoutPriority")) { _ in
                .double(value)
            }
        }
        library.add(priority)
        for name in ["horizontal", "vertical"] {
            axis.staticProperties[name] = NativeStaticProperty(type: .named("UILayoutConstraintAxis")) { _ in
                .string(name)
            }
        }
        library.add(axis)
        library.typeAliases["NSLayoutConstraint.Axis"] = "UILayoutConstraintAxis"
        constraint.staticProperties["Axis"] = NativeStaticProperty { _ in .type(.native(axis)) }

        for (method, key) in [
            ("setContentHuggingPriority", "huggingPriority"),
            ("setContentCompressionResistancePriority", "compressionPriority"),
        ] {
            types.view.methods.append(
                NativeFunction(
                    method,
                    [
                        NativeParameter(nil, .named("UILayoutPriority")),
                        NativeParameter("for", .named("UILayoutConstraintAxis")),
                    ]
                ) { call in
                    let object = try self.object(call.receiver, call.context)
                    object.local[key] = try call.context.double(call.arguments[0], "priority")
                    self.world.codeLayoutChanged()
                    return .void
                })
        }
    }
}

extension UIKitWorld {
    /// `isActive = on` (or `NSLayoutConstraint.activate`) for a constraint the code made.
    func setActive(_ constraint: CodeConstraint, _ on: Bool) {
        guard constraint.isActive != on else { return }
        constraint.isActive = on
        if on { codeConstraints.append(constraint) } else { codeConstraints.removeAll { $0 === constraint } }
        codeLayoutChanged()
    }

    /// What the code's constraints place changed: the next layout pass re-solves.
    func codeLayoutChanged() {
        needsCodeLayout = true
    }

    /// UIKit's layout pass at the end of a turn of the run loop: when the code's constraints (or a
    /// text, a font, a priority of a view they place) changed, the views they place are solved with
    /// the spec's, and take their new frames at once (outside an animation block, as the pass is).
    /// Whether it re-solved.
    func layoutPass(at location: CodeLocation) throws(CodeDiagnostic) -> Bool {
        let stacks = codeStackViews
        guard !codeConstraints.isEmpty || !stacks.isEmpty else { return false }
        if !stacks.isEmpty, arrangedHiddenFlags != lastArrangedHidden { needsCodeLayout = true }
        if needsCodeLayout { updateCodeLayout() }
        guard runtime.needsLayout else { return false }
        do {
            _ = try runtime.layoutIfNeeded(at: time)
        } catch {
            throw codeLayoutError(error, "the code's constraints", at: codeConstraints.first?.location ?? location)
        }
        return true
    }

    /// Gives the runtime the code's views that active constraints place (and their code-made
    /// superviews, at their frames), with those constraints as the solver's.
    func updateCodeLayout() {
        needsCodeLayout = false
        var placed: [ViewObject] = []
        func include(_ object: ViewObject) {
            guard object.isCodeView, object.specTag != nil, !placed.contains(where: { $0 === object }) else { return }
            if let parent = object.superview { include(parent) }
            placed.append(object)
        }
        // A stack's arranged views in their order: the order the solver arranges them in.
        for stack in codeStackViews {
            include(stack)
            for view in codeStack(stack)?.arranged ?? [] where view.superview === stack { include(view) }
            for view in stack.subviews where !isArranged(view) && view.local["namedUnarranged"] == nil {
                view.local["namedUnarranged"] = true
                guard let location = view.madeAt else { continue }
                interpreter?.warn(
                    "\(view.label) is a subview of a UIStackView, not one of its arranged views (addArrangedSubview): UIKit leaves it at its frame, here the stack arranges it with the others",
                    at: location)
            }
        }
        lastArrangedHidden = arrangedHiddenFlags
        for constraint in codeConstraints {
            include(constraint.first.view)
            if let second = constraint.second { include(second.view) }
        }
        var views: [ViewSpec] = []
        var constraints: [ConstraintSpec] = []
        for object in placed {
            guard let tag = object.specTag, var view = runtime.spec.view(tag: tag) else { continue }
            view.superview = object.superview.flatMap { $0.isCodeView || $0.isSpecView ? $0.specTag : nil }
            if view.kind == .label, let font = object.local["font"] as? Value { view.font = Self.font(font) }
            view.fixedIntrinsicSize = fixedIntrinsicSize(of: object, kind: view.kind)
            arrangement(of: object, &view)
            if let hugging = object.local["huggingPriority"] as? Double { view.huggingPriority = hugging }
            if let compression = object.local["compressionPriority"] as? Double {
                view.compressionPriority = compression
            }
            views.append(view)
            // A view whose autoresizing mask is translated keeps its frame (UIKit's autoresizing constraints).
            if case .bool(false)? = object.local["translatesAutoresizingMaskIntoConstraints"] as? Value {
                continue
            }
            if isArranged(object) { continue }
            let frame = self.frame(of: object)
            nameFlexibleMaskAmongConstraints(object, frame)
            for (attribute, value) in [
                (LayoutAttribute.left, frame.x), (.top, frame.y), (.width, frame.width), (.height, frame.height),
            ] {
                // An edge from its superview's (the solver's edges are the root's; a constant
                // constraint is a size's only).
                let edge = attribute == .left || attribute == .top
                let superview = view.superview.map { LayoutItem.view(tag: $0) } ?? .superview
                constraints.append(
                    ConstraintSpec(
                        item: .view(tag: tag), attribute: attribute, toItem: edge ? superview : nil,
                        toAttribute: edge ? attribute : nil, constant: value,
                        path: object.madeAt.map { "\($0)" } ?? object.label))
            }
        }
        func item(_ object: ViewObject) -> LayoutItem {
            object.specTag.map { .view(tag: $0) } ?? .superview
        }
        for constraint in codeConstraints {
            // The nib's root is laid out as the canvas (SCRRefreshControl pins its nib view's centre,
            // bottom and size to the control): a constraint on it places nothing here.
            if constraint.first.view.isNibRoot || constraint.second?.view.isNibRoot == true {
                if nibRootConstraintsSaid.insert("\(constraint.location)").inserted {
                    interpreter?.warn(
                        "a constraint on the nib's root view does not move it: it is laid out as the canvas (\(formatNumber(spec.canvas.width)) × \(formatNumber(spec.canvas.height)) pt: the document's size unless the spec gives its own)",
                        at: constraint.location)
                }
                continue
            }
            var spec = ConstraintSpec(
                item: item(constraint.first.view), attribute: constraint.first.attribute,
                relation: constraint.relation, toItem: constraint.second.map { item($0.view) },
                toAttribute: constraint.second?.attribute, multiplier: constraint.multiplier,
                constant: constraint.constant, priority: constraint.priority, path: "\(constraint.location)")
            if constraint.second == nil { spec.multiplier = 1 }
            constraints.append(spec)
        }
        codeLayoutTags = views.map(\.tag)
        runtime.setCodeLayout(views: views, constraints: constraints)
    }
}
