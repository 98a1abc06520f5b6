import RefreshFramesCore
import RefreshFramesSwiftCode

/// `CAShapeLayer()` added with `addSublayer(_:)`: drawn as a code view, as a plain `CALayer()` is
/// (`UIKitBinding+Layers.swift`), with its `path`, `strokeColor`, `fillColor`, `lineWidth`,
/// `lineCap`, `strokeStart` and `strokeEnd` in the property table, so `CABasicAnimation`s of
/// `strokeEnd`, `strokeStart`, `strokeColor`, `fillColor` and `lineWidth` run on the engine's clock.
/// A change of one of the animatable ones once the layer is in a tree is an implicit animation in
/// Core Animation (0.25 s); the engine shows it at once and says so at the line, as for a plain
/// layer (`path` has no implicit animation: Apple's `path` page). What is not drawn is named:
/// `lineJoin` other than `.round` where the path has corners (they are drawn round),
/// `fillRule = .evenOdd` (filled nonzero), `lineDashPattern`, and a rounded rectangle stroked in
/// part (where UIKit's starts is not documented).
extension UIKitBinding {
    func addShapeLayers(to library: inout NativeLibrary) {
        let shape = types.shapeLayer
        shape.initializers = [standaloneLayerInitializer(shape, drawn: "only a plain CAShapeLayer() is drawn")]
        let number = TypeName.named("CGFloat")
        let color = TypeName.optional(.named("CGColor"), implicitlyUnwrapped: false)
        shape.properties["path"] = property(
            .path, .optional(.named("CGPath"), implicitlyUnwrapped: false),
            read: { path in
                path.elements.isEmpty
                    ? .nil : .native(NativeValue(self.types.bezierPath, BezierPathObject(shape: nil, path: path)))
            },
            write: { value, context in
                if value.isNil { return .none }
                guard case .native(let n) = value, let object = n.payload as? BezierPathObject else {
                    throw context.error(
                        "expected nil or a UIBezierPath's cgPath, got \(context.interpreter.describeType(value))")
                }
                if object.hasCorners {
                    context.warn(
                        "the stroke's corners are drawn round: CAShapeLayer's lineJoin (.miter unless set) is not drawn"
                    )
                }
                if case .roundedRect? = object.shape {
                    context.warn(
                        "a rounded rectangle's path is drawn with circular corners from the end of its top-left corner, clockwise: where UIKit's starts is not documented, so a strokeStart/strokeEnd cut of it may differ"
                    )
                }
                return object.path
            })
        for (name, p) in [("strokeColor", AnimatableProperty.strokeColor), ("fillColor", .fillColor)] {
            shape.properties[name] = property(
                p, color, read: { $0.alpha == 0 && name == "strokeColor" ? .nil : self.color($0) },
                write: { value, context in try self.rgba(value, context) })
        }
        for (name, p) in [
            ("lineWidth", AnimatableProperty.lineWidth), ("strokeStart", .strokeStart), ("strokeEnd", .strokeEnd),
        ] {
            shape.properties[name] = property(
                p, number, read: { .double($0) }, write: { value, context in try context.double(value, name) })
        }
        let cap = NativeType("CAShapeLayerLineCap", isReference: false)
        cap.describe = { ($0 as? LineCap).map { "CAShapeLayerLineCap(\($0.rawValue))" } ?? "" }
        cap.equals = { a, b in (a as? LineCap) == (b as? LineCap) }
        for c in LineCap.allCases {
            let get = NativeStaticProperty(type: .named("CAShapeLayerLineCap")) { _ in .native(NativeValue(cap, c)) }
            cap.staticProperties[c.rawValue] = get
            library.constants["kCALineCap" + c.rawValue.prefix(1).uppercased() + c.rawValue.dropFirst()] = get
        }
        library.add(cap)
        shape.properties["lineCap"] = property(
            .lineCap, .named("CAShapeLayerLineCap"), read: { .native(NativeValue(cap, $0)) },
            write: { value, context in
                if case .native(let n) = value, let c = n.payload as? LineCap { return c }
                if case .string(let s) = value, let c = LineCap(rawValue: s) { return c }
                throw context.error("expected .butt, .round or .square, got \(context.interpreter.describeType(value))")
            })
        addNamedShapeKeys(shape, &library)
        // Implicit animations of a layer in a tree: said as for a plain layer.
        for name in ["strokeColor", "fillColor", "lineWidth", "strokeStart", "strokeEnd"] {
            guard var wrapped = shape.properties[name], let set = wrapped.set else { continue }
            wrapped.set = { native, value, context in
                if let object = native.payload as? ViewObject {
                    self.world.sayImplicitAnimation(of: object, name, context)
                }
                try set(&native, value, context)
            }
            shape.properties[name] = wrapped
        }
        library.add(shape)
    }

    /// `lineJoin`, `fillRule`, `lineDashPattern`, `lineDashPhase`, `miterLimit`: kept for the code
    /// to read; what would draw differently is named.
    private func addNamedShapeKeys(_ shape: NativeType, _ library: inout NativeLibrary) {
        for (typeName, prefix, values) in [
            ("CAShapeLayerLineJoin", "kCALineJoin", ["miter", "round", "bevel"]),
            ("CAShapeLayerFillRule", "kCAFillRule", ["nonZero", "evenOdd"]),
        ] {
            let type = NativeType(typeName, isReference: false)
            for v in values {
                let get = NativeStaticProperty(type: .named("String")) { _ in .string(v) }
                type.staticProperties[v] = get
                library.constants[prefix + v.prefix(1).uppercased() + v.dropFirst()] = get
            }
            library.add(type)
        }
        func kept(_ name: String, _ type: TypeName?, warnUnless allowed: @escaping (Value) -> Bool, _ said: String)
            -> NativeProperty
        {
            NativeProperty(
                type: type,
                get: { value, context in try self.object(value, context).local[name] as? Value ?? .nil },
                set: { native, value, context in
                    if !allowed(value) { context.warn(said) }
                    try self.object(.native(native), context).local[name] = value
                }, drawsNothing: true)
        }
        shape.properties["lineJoin"] = kept(
            "lineJoin", .named("CAShapeLayerLineJoin"),
            warnUnless: { if case .string("round") = $0 { true } else { false } },
            "lineJoin other than .round is not drawn: a stroke's corners are drawn round")
        shape.properties["fillRule"] = kept(
            "fillRule", .named("CAShapeLayerFillRule"),
            warnUnless: { if case .string("nonZero") = $0 { true } else { false } },
            "fillRule .evenOdd is not drawn: the path is filled with the nonzero rule")
        shape.properties["lineDashPattern"] = kept(
            "lineDashPattern", nil, warnUnless: { $0.isNil },
            "lineDashPattern is not drawn: the stroke is drawn solid")
        shape.properties["lineDashPhase"] = kept("lineDashPhase", .named("CGFloat"), warnUnless: { _ in true }, "")
        shape.properties["miterLimit"] = kept("miterLimit", .named("CGFloat"), warnUnless: { _ in true }, "")
    }
}
