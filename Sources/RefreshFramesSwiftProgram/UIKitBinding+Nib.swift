import RefreshFramesCore
import RefreshFramesSwiftCode

/// A nib whose root view has a custom class (`loadNibNamed("RefreshView", …)[0] as! RefreshView`):
/// UIKit makes the root an object of that class with `init(coder:)`, connects its `@IBOutlet`s and
/// calls `awakeFromNib()`. Here the spec is the nib: the root becomes an object of the code's class
/// (its stored properties' initial values set, no initializer run), each outlet (an implicitly
/// unwrapped property without a value, or an optional one a spec view is named for) is the spec
/// view whose `"name"` is the outlet's, and `awakeFromNib()` runs.
extension UIKitBinding {
    /// `UINib(nibName:bundle:)` and its `instantiate(withOwner:options:)` (Swift 2:
    /// `instantiateWithOwner(_:options:)`): as `loadNibNamed`, the spec's views are the nib.
    func addNib(to library: inout NativeLibrary) {
        let nib = NativeType("UINib", superclass: "NSObject", isReference: true)
        nib.initializers = [
            NativeFunction("init", [NativeParameter("nibName", .named("String")), NativeParameter("bundle")]) { call in
                .native(NativeValue(nib, try call.context.string(call.arguments[0], "the nib's name")))
            }
        ]
        let instantiate: (inout NativeCall) throws -> Value = { call in
            guard case .native(let n) = call.receiver, let name = n.payload as? String else {
                throw call.context.error("expected a UINib")
            }
            let root = self.world.nibRoot(named: name, call.context)
            try self.connectOutlets(ofOwner: call.arguments[0], root: root)
            return .array([self.value(of: root)])
        }
        nib.methods = [
            NativeFunction(
                "instantiate", [NativeParameter("withOwner"), NativeParameter("options")], acceptsUnknown: true,
                body: instantiate),
            NativeFunction(
                "instantiateWithOwner", [NativeParameter(nil), NativeParameter("options")], acceptsUnknown: true,
                body: instantiate),
        ]
        library.add(nib)
    }

    func nibObject(_ native: NativeValue, _ info: TypeInfo, at location: CodeLocation) throws(CodeDiagnostic)
        -> Value?
    {
        guard let object = native.payload as? ViewObject, object.isNibRoot, let interpreter = world.interpreter,
            case .native = interpreter.value(of: native), let base = info.nativeBase,
            interpreter.natives.chain(base).contains(where: { $0.name == "UIView" })
        else { return nil }
        let made = try interpreter.adopt(native, as: info, at: location)
        object.label = "the \(info.name) of the nib"
        for property in Self.declaration(info.name, in: interpreter.module.types)?.properties ?? [] {
            guard property.initial == nil, !property.isStatic, !property.isComputed,
                case .optional(_, let unwrapped)? = property.type
            else { continue }
            guard let outlet = outletValue(property.name, root: made) else {
                // `weak var hintLabel: UILabel?` is connected when a view has its name; an unconnected
                // `@IBOutlet` is said (a plain implicitly unwrapped property is the code's to set).
                guard unwrapped, property.isOutlet else { continue }
                if property.isOutletCollection {
                    interpreter.warn(
                        "the outlet collection '\(property.name)' of \(info.name) is not connected: "
                            + "\(PropertyDecl.outletCollectionNotGiven(property.name)); it stays nil",
                        at: property.location)
                } else {
                    interpreter.warn(
                        "the outlet '\(property.name)' of \(info.name) is connected to no view: give the spec's view \"name\": \"\(property.name)\"",
                        at: property.location)
                }
                continue
            }
            try interpreter.setProperty(property.name, of: made, to: outlet)
        }
        if interpreter.hasMethod("awakeFromNib", labels: [], on: made) {
            try interpreter.callMethod("awakeFromNib", on: made, at: location)
        }
        return made
    }

    /// What the nib connects the code's outlet `name` to: the view with that `"name"`, else the
    /// spec's `"outlets"` entry (`root`: the nib's root view, a collection: its views in order).
    func outletValue(_ name: String, root: @autoclosure () -> Value?) -> Value? {
        if let view = world.spec.views.first(where: { $0.name == name }), let object = world.specViews[view.tag] {
            return value(of: object)
        }
        guard let outlet = world.spec.outlets.first(where: { $0.name == name }) else { return nil }
        switch outlet.target {
        case .root: return root()
        case .view(let tag): return world.specViews[tag].map { value(of: $0) }
        case .views(let tags): return .array(tags.compactMap { world.specViews[$0].map { value(of: $0) } })
        case .constraint(let id): return .native(NativeValue(types.constraint, SpecConstraintOutlet(id: id)))
        }
    }

    /// `loadNibNamed(_:owner:options:)` with an object of the code's as the owner (File's Owner):
    /// UIKit sets the owner's outlets that the nib connects before it returns the nib's objects, so
    /// `addSubview(contentView)` right after the load finds the nib's root view. Only `@IBOutlet`s:
    /// a plain property of a controller that loads the nib is not one IB can connect.
    func connectOutlets(ofOwner owner: Value, root: ViewObject?) throws(CodeDiagnostic) {
        guard case .object(let instance) = owner, let interpreter = world.interpreter else { return }
        var type: TypeInfo? = instance.type
        var seen: Set<String> = []
        while let t = type {
            for property in t.storedProperties where seen.insert(property.name).inserted {
                guard property.isOutlet, property.initial == nil, !property.isStatic, case .optional? = property.type,
                    let outlet = outletValue(property.name, root: root.map { value(of: $0) })
                else { continue }
                try interpreter.setProperty(property.name, of: owner, to: outlet)
            }
            type = t.superclass
        }
    }

    /// The class `name` declared anywhere in `types` (nested ones too).
    static func declaration(_ name: String, in types: [TypeDecl]) -> TypeDecl? {
        for t in types {
            if t.name == name, t.kind == .class { return t }
            if let nested = declaration(name, in: t.nested) { return nested }
        }
        return nil
    }
}
