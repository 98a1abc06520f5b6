import RefreshFramesCore
import RefreshFramesSwiftCode

/// What real controls set on their titles and spinners that draws nothing the spec does not already
/// say: `UIFont` (a value the code may keep and set; the spec's font is drawn), `NSTextAlignment`,
/// `NSLocalizedString` (the key: the spec's texts are the app's development language),
/// `Bundle(for:)` (the main bundle), and `UIActivityIndicatorView`, which is the spec's spinner when
/// the spec has one the code has not taken yet.
extension UIKitBinding {
    func addText(to library: inout NativeLibrary) {
        let font = types.font
        let number = TypeName.named("CGFloat")
        let weight = NativeType("UIFontWeight", isReference: false)
        for name in ["ultraLight", "thin", "light", "regular", "medium", "semibold", "bold", "heavy", "black"] {
            weight.staticProperties[name] = NativeStaticProperty(type: .named("UIFontWeight")) { _ in .string(name) }
        }
        library.add(weight)
        library.typeAliases["UIFont.Weight"] = "UIFontWeight"
        font.staticProperties["Weight"] = NativeStaticProperty { _ in .type(.native(weight)) }
        font.describe = { "UIFont(\($0))" }
        func make(_ description: String) -> Value { .native(NativeValue(font, description)) }
        var methods: [NativeFunction] = []
        for (name, label) in [
            ("systemFont", "ofSize"), ("boldSystemFont", "ofSize"), ("italicSystemFont", "ofSize"),
            ("systemFontOfSize", nil), ("boldSystemFontOfSize", nil), ("italicSystemFontOfSize", nil),
        ] {
            methods.append(
                NativeFunction(name, [NativeParameter(label, number)]) { call in
                    make("\(name) \(try call.context.double(call.arguments[0], "the size"))")
                })
        }
        methods.append(
            NativeFunction(
                "systemFont", [NativeParameter("ofSize", number), NativeParameter("weight", .named("UIFontWeight"))],
                acceptsUnknown: true
            ) { call in make("systemFont \(try call.context.double(call.arguments[0], "the size"))") })
        font.staticMethods = methods
        font.initializers = [
            NativeFunction("init", [NativeParameter("name", .named("String")), NativeParameter("size", number)]) {
                call in
                make(
                    "\(try call.context.string(call.arguments[0], "the name")) \(try call.context.double(call.arguments[1], "the size"))"
                )
            }
        ]
        font.properties["pointSize"] = NativeProperty(
            type: number,
            get: { value, _ in
                guard case .native(let n) = value, let text = n.payload as? String,
                    let size = text.split(separator: " ").last.flatMap({ Double($0) })
                else { return .double(17) }
                return .double(size)
            })
        library.add(font)

        let alignment = NativeType("NSTextAlignment", isReference: false)
        for name in [
            "left", "center", "right", "justified", "natural", "Left", "Center", "Right", "Justified", "Natural",
        ] {
            alignment.staticProperties[name] = NativeStaticProperty(type: .named("NSTextAlignment")) { _ in
                .string(name.lowercased())
            }
        }
        library.add(alignment)
        types.label.properties["textAlignment"] = NativeProperty(
            type: .named("NSTextAlignment"),
            get: { value, context in try self.object(value, context).local["textAlignment"] as? Value ?? .nil },
            set: { native, value, context in
                let object = try self.object(.native(native), context)
                if object.specTag != nil {
                    context.warn("setting a label's textAlignment is not supported: the spec's alignment is drawn")
                }
                object.local["textAlignment"] = value
            }, drawsNothing: true)

        // NSLocalizedString(_:tableName:bundle:value:comment:): the key.
        library.add(
            function: NativeFunction(
                "NSLocalizedString",
                [
                    NativeParameter(nil, .named("String")), NativeParameter("tableName", default: .nil),
                    NativeParameter("bundle", default: .nil), NativeParameter("value", default: .string("")),
                    NativeParameter("comment", .named("String")),
                ], acceptsUnknown: true
            ) { call in
                guard case .string = call.arguments[0] else {
                    throw call.context.error("NSLocalizedString: expected a string key")
                }
                return call.arguments[0]
            })
        types.bundle.initializers = [
            NativeFunction("init", [NativeParameter("for")], acceptsUnknown: true) { _ in
                .native(NativeValue(self.types.bundle, self.world))
            },
            // A framework's own bundle (CocoaPods, Carthage): there is none here, as in an app that
            // copied the library's files; the code falls back to the main bundle's resources.
            NativeFunction("init", [NativeParameter("identifier", .named("String"))]) { _ in .nil },
            NativeFunction("init", [NativeParameter("path", .named("String"))]) { _ in .nil },
        ]
        types.bundle.methods.append(
            NativeFunction(
                "path", [NativeParameter("forResource"), NativeParameter("ofType")], acceptsUnknown: true
            ) { _ in .nil })
    }

    /// `UIActivityIndicatorView`: the spec's first spinner the code has not taken yet (drawn), else a
    /// view not drawn; `startAnimating()`/`stopAnimating()` show and hide it when `hidesWhenStopped`.
    func addActivityIndicator(_ plain: [NativeFunction], to library: inout NativeLibrary) {
        let type = types.activityIndicator
        let style = NativeType("UIActivityIndicatorViewStyle", isReference: false)
        for name in ["gray", "white", "whiteLarge", "medium", "large", "Gray", "White", "WhiteLarge"] {
            style.staticProperties[name] = NativeStaticProperty(type: .named("UIActivityIndicatorViewStyle")) { _ in
                .string(name)
            }
        }
        library.add(style)
        library.typeAliases["UIActivityIndicatorView.Style"] = "UIActivityIndicatorViewStyle"
        type.staticProperties["Style"] = NativeStaticProperty { _ in .type(.native(style)) }
        let make: (inout NativeCall) throws -> Value = { call in
            if let spinner = self.world.spec.views.first(where: {
                $0.kind == .spinner && !self.world.takenSpinners.contains($0.tag)
            }), let object = self.world.specViews[spinner.tag] {
                self.world.takenSpinners.insert(spinner.tag)
                object.nativeType = type
                object.local["hidesWhenStopped"] = Value.bool(true)
                // Stopped, so hidden (hidesWhenStopped is true by default), until startAnimating().
                try self.world.set(.hidden, of: object, to: true, call.context)
                return self.value(of: object)
            }
            return try plain[0].body(&call)
        }
        let styleName = TypeName.named("UIActivityIndicatorViewStyle")
        type.initializers =
            [
                NativeFunction("init", body: make),
                NativeFunction("init", [NativeParameter("style", styleName)], acceptsUnknown: true, body: make),
                NativeFunction(
                    "init", [NativeParameter("activityIndicatorStyle", styleName)], acceptsUnknown: true, body: make),
            ] + plain.dropFirst()
        let animating: (Bool) -> (inout NativeCall) throws -> Value = { on in
            { call in
                let object = try self.object(call.receiver, call.context)
                object.local["isAnimating"] = Value.bool(on)
                if case .bool(true)? = object.local["hidesWhenStopped"] as? Value {
                    try self.world.set(.hidden, of: object, to: !on, call.context)
                }
                return .void
            }
        }
        type.methods = [
            NativeFunction("startAnimating", body: animating(true)),
            NativeFunction("stopAnimating", body: animating(false)),
        ]
        type.properties["isAnimating"] = NativeProperty(
            type: .named("Bool"),
            get: { value, context in
                guard case .bool(true)? = try self.object(value, context).local["isAnimating"] as? Value else {
                    return .bool(false)
                }
                return .bool(true)
            })
        for name in ["hidesWhenStopped", "color", "style", "activityIndicatorViewStyle", "activityIndicatorStyle"] {
            type.properties[name] = kept(name)
        }
        library.add(type)
    }
}
