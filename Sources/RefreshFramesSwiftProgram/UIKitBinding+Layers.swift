import RefreshFramesCore
import RefreshFramesSwiftCode

/// A plain `CALayer()` the code makes and adds with `addSublayer(_:)`: drawn as a code view would
/// be (its `frame`/`bounds`/`position` in its superlayer's coordinates, `backgroundColor`,
/// `cornerRadius`, `masksToBounds`, `opacity`, the border and shadow, `transform`, layer
/// animations), in its superlayer's `sublayers` order (a view's subviews' layers and its
/// sublayers are one list, in the order they were added). What the engine does not model is said:
/// a change to such a layer's property once it is in a layer tree is animated implicitly by Core
/// Animation (its default action, 0.25 s, unless `CATransaction.setDisableActions(true)`), which
/// the engine shows at once, with a warning at the line.
extension UIKitBinding {
    /// `init()` of a layer class the code makes itself (`CALayer()`, `CAShapeLayer()`): a code view
    /// of that class, drawn once added; a subclass of it is an error at its line, saying `drawn`.
    func standaloneLayerInitializer(_ type: NativeType, drawn: String) -> NativeFunction {
        NativeFunction("init") { call in
            if let name = call.context.interpreter.constructingClass, name != type.name {
                throw call.context.error("a \(type.name) subclass (\(name)) is not supported: \(drawn)")
            }
            let object = ViewObject(role: .view, specTag: nil, label: "\(type.name)()")
            object.nativeType = type
            self.world.addCodeView(object, frame: Rect(x: 0, y: 0, width: 0, height: 0), at: call.location)
            return .native(NativeValue(type, object))
        }
    }

    /// Whether `object` is a layer the code made itself, not a view's own layer.
    func isStandaloneLayer(_ object: ViewObject) -> Bool {
        object.nativeType === types.layer || object.nativeType === types.shapeLayer
    }

    func addStandaloneLayers(to library: inout NativeLibrary) {
        let layer = types.layer
        layer.initializers = [standaloneLayerInitializer(layer, drawn: "only a plain CALayer() is drawn, as a view")]
        let add: (inout NativeCall) throws -> Value = { call in
            let parent = try self.object(call.receiver, call.context)
            let child = try self.object(call.arguments[0], call.context)
            guard self.isStandaloneLayer(child) else {
                throw call.context.error(
                    "addSublayer(_:) of \(child.label)'s layer: moving a view's own layer is not supported; add the view with addSubview(_:)"
                )
            }
            guard let addSubview = self.types.view.methods.first(where: { $0.name == "addSubview" }) else {
                return .void
            }
            var forwarded = call
            forwarded.receiver = self.value(of: parent)
            return try addSubview.body(&forwarded)
        }
        layer.methods += [
            NativeFunction("addSublayer", [NativeParameter(nil, .named("CALayer"))], body: add),
            NativeFunction("removeFromSuperlayer") { call in
                let object = try self.object(call.receiver, call.context)
                call.context.warn(
                    "removeFromSuperlayer() of \(object.label) is not drawn: it stays drawn where it was")
                return .void
            },
        ]
        // Implicit animations: say where the engine shows the new value at once.
        for (name, property) in layer.properties {
            guard let set = property.set else { continue }
            var wrapped = property
            wrapped.set = { native, value, context in
                if let object = native.payload as? ViewObject, self.isStandaloneLayer(object) {
                    self.world.sayImplicitAnimation(of: object, name, context)
                }
                try set(&native, value, context)
            }
            layer.properties[name] = wrapped
        }
    }
}
