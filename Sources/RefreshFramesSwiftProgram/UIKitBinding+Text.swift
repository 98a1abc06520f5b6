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
                if object.isSpecView {
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

    /// `UIActivityIndicatorView`: the spec's first spinner the code has not taken yet (drawn as the
    /// spec says: UIRefreshControl's spinner), else a spinner of its own, drawn with 8 spokes in its
    /// `color` that turn from `startAnimating()` to `stopAnimating()` (`SpinnerState.indicator`).
    /// Either is hidden while stopped when `hidesWhenStopped` (true by default), as UIKit's sets its
    /// `isHidden` then.
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
        func isAnimating(_ object: ViewObject) -> Bool {
            if case .bool(true)? = object.local["isAnimating"] as? Value { return true }
            return false
        }
        func hidesWhenStopped(_ object: ViewObject) -> Bool {
            if case .bool(false)? = object.local["hidesWhenStopped"] as? Value { return false }
            return true
        }
        /// UIKit hides a stopped indicator that hides when stopped, and shows it otherwise.
        func updateHidden(_ object: ViewObject, _ context: NativeContext) throws(CodeDiagnostic) {
            try self.world.set(.hidden, of: object, to: hidesWhenStopped(object) && !isAnimating(object), context)
        }
        let make: (inout NativeCall) throws -> Value = { call in
            if let spinner = self.world.spec.views.first(where: {
                $0.kind == .spinner && !self.world.takenSpinners.contains($0.tag)
            }), let object = self.world.specViews[spinner.tag] {
                self.world.takenSpinners.insert(spinner.tag)
                object.nativeType = type
                try updateHidden(object, call.context)
                return self.value(of: object)
            }
            // UIKit "sizes the returned instance according to the specified style" (init(style:)).
            let style = call.arguments.first.flatMap(Self.indicatorStyle) ?? "medium"
            let size = Self.indicatorSize(style: style)
            var sized = call
            sized.arguments = [
                self.rect(
                    call.arguments.isEmpty
                        ? Rect(x: 0, y: 0, width: 0, height: 0)
                        : Rect(x: 0, y: 0, width: size.width, height: size.height))
            ]
            let made = try plain[1].body(&sized)
            let object = try self.object(made, call.context)
            object.local["indicatorStyle"] = style
            try updateHidden(object, call.context)
            return made
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
                // A spec's spinner the code starts and stops (a xib's indicator, by its outlet)
                // turns as the code says, no longer from when refreshing begins.
                if let tag = object.specTag, object.isCodeView || object.isSpecSpinner {
                    self.world.indicatorCalls[tag, default: []].append((VirtualRunLoop.seconds(self.world.time), on))
                }
                try updateHidden(object, call.context)
                return .void
            }
        }
        type.methods = [
            NativeFunction("startAnimating", body: animating(true)),
            NativeFunction("stopAnimating", body: animating(false)),
        ]
        type.properties["isAnimating"] = NativeProperty(
            type: .named("Bool"), get: { value, context in .bool(isAnimating(try self.object(value, context))) })
        type.properties["hidesWhenStopped"] = NativeProperty(
            type: .named("Bool"),
            get: { value, context in .bool(hidesWhenStopped(try self.object(value, context))) },
            set: { native, value, context in
                let object = try self.object(.native(native), context)
                object.local["hidesWhenStopped"] = Value.bool(try context.bool(value, "hidesWhenStopped"))
                try updateHidden(object, context)
            })
        // Its spokes' colour: drawn for a spinner of the code's own (`finishCodeViews`).
        type.properties["color"] = NativeProperty(
            type: .optional(.named("UIColor"), implicitlyUnwrapped: true),
            get: { value, context in try self.object(value, context).local["color"] as? Value ?? .nil },
            set: { native, value, context in
                let object = try self.object(.native(native), context)
                object.local["color"] = value
                object.local["spokeColor"] = value.isNil ? nil : try self.rgba(value, context)
            }, drawsNothing: true)
        for name in ["style", "activityIndicatorViewStyle", "activityIndicatorStyle"] {
            type.properties[name] = indicatorStyleProperty(name)
        }
        library.add(type)
    }
}
