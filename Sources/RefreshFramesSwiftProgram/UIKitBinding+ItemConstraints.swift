import RefreshFramesCore
import RefreshFramesSwiftCode

/// The constraints of iOS 6's API, before anchors (jcavar/refresher's `Animator`, SCRRefreshControl):
/// `NSLayoutConstraint(item:attribute:relatedBy:toItem:attribute:multiplier:constant:)` with
/// `NSLayoutConstraint.Attribute` (Swift 2's `NSLayoutAttribute`, `.Left`…) and `.Relation`
/// (`NSLayoutRelation`), activated by `addConstraint(_:)`/`addConstraints(_:)` on a view (Apple,
/// [addConstraint(_:)](https://developer.apple.com/documentation/uikit/uiview/addconstraint(_:)):
/// "the preferred way … is to set the isActive property of the constraint to true", the same
/// effect), deactivated by `removeConstraint(_:)`/`removeConstraints(_:)`. A constraint to
/// `.notAnAttribute` or to no item is a constant one (`equalToConstant:`).
extension UIKitBinding {
    func addItemConstraints(_ constraint: NativeType, to library: inout NativeLibrary) {
        let attribute = NativeType("NSLayoutAttribute", isReference: false)
        let relation = NativeType("NSLayoutRelation", isReference: false)
        let attributes = LayoutAttribute.allCases.map(\.rawValue) + ["notAnAttribute"]
        let relations: [(String, LayoutRelation)] = [
            ("equal", .equal), ("lessThanOrEqual", .lessThanOrEqual), ("greaterThanOrEqual", .greaterThanOrEqual),
        ]
        for (type, names, alias) in [
            (attribute, attributes, "Attribute"), (relation, relations.map(\.0), "Relation"),
        ] {
            for name in names + names.map({ $0.prefix(1).uppercased() + $0.dropFirst() }) {
                type.staticProperties[name] = NativeStaticProperty(type: .named(type.name)) { _ in
                    .native(NativeValue(type, name.prefix(1).lowercased() + name.dropFirst()))
                }
            }
            library.add(type)
            library.typeAliases["NSLayoutConstraint." + alias] = type.name
            constraint.staticProperties[alias] = NativeStaticProperty { _ in .type(.native(type)) }
        }
        func name(_ value: Value, _ context: NativeContext) throws(CodeDiagnostic) -> String {
            guard case .native(let n) = value, let name = n.payload as? String else {
                throw context.error(
                    "expected a layout attribute or relation, got \(context.interpreter.describeType(value))")
            }
            return name
        }
        constraint.initializers.append(
            NativeFunction(
                "init",
                [
                    NativeParameter("item"), NativeParameter("attribute", .named("NSLayoutAttribute")),
                    NativeParameter("relatedBy", .named("NSLayoutRelation")), NativeParameter("toItem"),
                    NativeParameter("attribute", .named("NSLayoutAttribute")),
                    NativeParameter("multiplier", .named("CGFloat")), NativeParameter("constant", .named("CGFloat")),
                ], acceptsUnknown: true
            ) { call in
                let context = call.context
                let first = try self.object(call.arguments[0], context)
                guard let firstAttribute = LayoutAttribute(rawValue: try name(call.arguments[1], context)) else {
                    throw context.error("a constraint's first attribute cannot be .notAnAttribute")
                }
                let relationName = try name(call.arguments[2], context)
                let related = relations.first { $0.0 == relationName }?.1 ?? .equal
                let secondAttribute = LayoutAttribute(rawValue: try name(call.arguments[4], context))
                let second: LayoutAnchor? =
                    call.arguments[3].isNil || secondAttribute == nil
                    ? nil
                    : LayoutAnchor(view: try self.object(call.arguments[3], context), attribute: secondAttribute!)
                let made = CodeConstraint(
                    LayoutAnchor(view: first, attribute: firstAttribute), related, second,
                    multiplier: try context.double(call.arguments[5], "multiplier"),
                    constant: try context.double(call.arguments[6], "constant"), at: context.location)
                return .native(NativeValue(constraint, made))
            })
        func constraints(_ value: Value, _ context: NativeContext) throws(CodeDiagnostic) -> [CodeConstraint] {
            let items: [Value]
            if case .array(let list) = value { items = list } else { items = [value] }
            return try items.map { item throws(CodeDiagnostic) in
                guard case .native(let n) = item, let c = n.payload as? CodeConstraint else {
                    throw context.error("expected an NSLayoutConstraint, got \(context.interpreter.describeType(item))")
                }
                return c
            }
        }
        for (method, on) in [
            ("addConstraint", true), ("addConstraints", true), ("removeConstraint", false),
            ("removeConstraints", false),
        ] {
            types.view.methods.append(
                NativeFunction(method, [NativeParameter(nil)]) { call in
                    for c in try constraints(call.arguments[0], call.context) { self.world.setActive(c, on) }
                    return .void
                })
        }
    }
}
