import RefreshFramesCore
import RefreshFramesSwiftCode

/// `UIView`, `UILabel`, `UIImageView` and their `CALayer`: the properties the engine draws go through
/// the world's runtime (a change inside an animation block animates as UIKit would); the hierarchy
/// (`subviews`, `viewWithTag`, `addSubview`) is the spec's.
extension UIKitBinding {
    func addViews(to library: inout NativeLibrary) {
        let view = types.view
        let number = TypeName.named("CGFloat")
        func make(_ role: ViewObject.Role, _ type: NativeType) -> [NativeFunction] {
            let build: (NativeCall) throws -> Value = { call in
                // `MainGear()` (a program subclass) is named as the code wrote it, not as `UIView(…)`.
                let name = call.context.interpreter.constructingClass ?? type.name
                let object = ViewObject(role: role, specTag: nil, label: name + "()")
                object.nativeType = type
                return .native(NativeValue(type, object))
            }
            // A view the code makes is drawn once it is added to a view that is (`addSubview`).
            func made(_ call: NativeCall, frame: Rect, image: String? = nil) throws -> Value {
                let value = try build(call)
                if case .native(let n) = value, let object = n.payload as? ViewObject {
                    if call.context.interpreter.constructingClass == self.world.rootClassName {
                        object.local["frame"] = frame
                        self.world.rootView = object
                    } else {
                        self.world.addCodeView(object, frame: frame, image: image, at: call.context.location)
                    }
                }
                return value
            }
            var initializers = [
                NativeFunction("init") { call in try made(call, frame: Rect(x: 0, y: 0, width: 0, height: 0)) },
                NativeFunction("init", [NativeParameter("frame", .named("CGRect"))]) { call in
                    try made(call, frame: try self.rectValue(call.arguments[0], call.context))
                },
            ]
            if role == .imageView {
                // `UIImageView(image:)` sizes the view to its image (UIKit's init(image:)).
                initializers.append(
                    NativeFunction("init", [NativeParameter("image", .named("UIImage"))], acceptsUnknown: true) {
                        call in
                        let name = self.imageName(call.arguments[0])
                        let size = name.flatMap { self.world.pointSize(ofImage: $0) }
                        return try made(
                            call, frame: Rect(x: 0, y: 0, width: size?.width ?? 0, height: size?.height ?? 0),
                            image: name)
                    })
            }
            return initializers
        }
        view.initializers = make(.view, view)
        types.label.initializers = make(.label, types.label)
        types.imageView.initializers = make(.imageView, types.imageView)
        // A UIControl subclass (`super.init(frame:)`) is a view like UIView's.
        types.control.initializers = make(.view, types.control)
        addActivityIndicator(make(.view, types.activityIndicator), to: &library)

        view.properties["alpha"] = property(
            .alpha, number, read: { .double($0) },
            write: { value, context in min(max(try context.double(value, "alpha"), 0), 1) })
        let hidden = property(
            .hidden, .named("Bool"), read: { .bool($0) }, write: { value, context in try context.bool(value, "hidden") }
        )
        view.properties["isHidden"] = hidden
        view.properties["hidden"] = hidden
        view.properties["backgroundColor"] = property(
            .backgroundColor, .optional(.named("UIColor"), implicitlyUnwrapped: false), read: { self.color($0) },
            write: { value, context in try self.rgba(value, context) })
        view.properties["transform"] = property(
            .transform, .named("CGAffineTransform"), read: { self.transform($0) },
            write: { value, context in try self.affine(value, context) })
        view.properties["center"] = property(
            .center, .named("CGPoint"), read: { self.point($0) },
            write: { value, context in try self.pointValue(value, context) })
        view.properties["bounds"] = NativeProperty(
            type: .named("CGRect"),
            get: { value, context in
                let frame = self.world.frame(of: try self.object(value, context))
                return self.rect(Rect(x: 0, y: 0, width: frame.width, height: frame.height))
            },
            set: { native, value, context in
                let object = try self.object(.native(native), context)
                let r = try self.rectValue(value, context)
                try self.setBounds(object, Size(width: r.width, height: r.height), context)
            })
        view.properties["frame"] = NativeProperty(
            type: .named("CGRect"),
            get: { value, context in self.rect(self.world.frame(of: try self.object(value, context))) },
            set: { native, value, context in
                try self.setFrame(
                    try self.object(.native(native), context), try self.rectValue(value, context), context)
            })
        view.properties["tag"] = NativeProperty(
            type: .named("Int"),
            get: { value, context in .int(try self.object(value, context).tag) },
            set: { native, value, context in
                try self.object(.native(native), context).tag = try context.int(value, "tag")
            })
        view.properties["subviews"] = NativeProperty(
            type: .array(.named("UIView")),
            get: { value, context in .array(try self.object(value, context).subviews.map(self.value(of:))) })
        view.properties["superview"] = NativeProperty(
            type: .optional(.named("UIView"), implicitlyUnwrapped: false),
            get: { value, context in try self.object(value, context).superview.map(self.value(of:)) ?? .nil })
        view.properties["layer"] = NativeProperty(
            type: .named("CALayer"),
            get: { value, context in .native(NativeValue(self.types.layer, try self.object(value, context))) })
        let clips = NativeProperty(
            type: .named("Bool"),
            get: { value, context in .bool(self.clipsToBounds(try self.object(value, context))) },
            set: { native, value, context in
                try self.setClipsToBounds(
                    try self.object(.native(native), context), try context.bool(value, "clipsToBounds"), context)
            })
        view.properties["clipsToBounds"] = clips
        for name in [
            "tintColor", "contentMode", "isUserInteractionEnabled", "userInteractionEnabled",
            "translatesAutoresizingMaskIntoConstraints", "autoresizingMask", "isOpaque", "opaque",
            "textAlignment", "numberOfLines", "adjustsFontSizeToFitWidth", "highlightedImage",
            "lineBreakMode", "minimumScaleFactor", "isExclusiveTouch", "accessibilityLabel", "isAccessibilityElement",
        ] {
            view.properties[name] = kept(name)
        }
        // Kept (read back inherited from the superviews, the system blue when none set one, as
        // UIKit's is); a view that draws itself (`draw(_:)`) is drawn in it.
        view.properties["tintColor"] = NativeProperty(
            get: { value, context in
                self.world.tintColor(of: try self.object(value, context)) ?? self.color(self.world.defaultTint)
            },
            set: { native, value, context in
                let object = try self.object(.native(native), context)
                object.local["tintColor"] = value
                if object.drawsItself, let tag = object.specTag, !value.isNil {
                    self.world.runtime.set(
                        .backgroundColor, of: tag, to: try self.rgba(value, context), at: self.world.time)
                }
            }, drawsNothing: true)
        view.methods = [
            NativeFunction("addSubview", [NativeParameter(nil, .named("UIView"))]) { call in
                let parent = try self.object(call.receiver, call.context)
                let child = try self.object(call.arguments[0], call.context)
                if child.role == .refreshControl, parent.role == .tableView || parent.role == .scrollView {
                    self.world.installedRefreshControl = child
                }
                if child.isSpecView, parent.specTag == nil, child.superview?.isSpecView == true {
                    call.context.warn(
                        "moving a spec view to a view the spec does not draw: it is drawn where the spec puts it")
                }
                try self.move(child, call.arguments[0], to: parent, call.context)
                if child.isCodeView, child.addedAt == nil { child.addedAt = self.world.time }
                if child.isCodeView, parent.role == .refreshControl { _ = self.world.controlContent() }
                if child.isCodeView, parent === self.world.tableView { _ = self.world.tableContent() }
                self.world.setNeedsLayout(parent)
                self.world.setNeedsLayout(child)
                return .void
            },
            NativeFunction("removeFromSuperview") { call in
                let object = try self.object(call.receiver, call.context)
                if object.isSpecView {
                    call.context.warn("removeFromSuperview() of a spec view is not supported: it stays drawn")
                } else if object.isCodeView, object.superview != nil {
                    call.context.warn(
                        "removeFromSuperview() of a view the code made is not drawn: it stays drawn where it was")
                    object.removedFrom = object.superview
                }
                if let superview = object.superview { self.world.setNeedsLayout(superview) }
                object.superview?.subviews.removeAll { $0 === object }
                object.superview = nil
                return .void
            },
            NativeFunction("viewWithTag", [NativeParameter(nil, .named("Int"))]) { call in
                let object = try self.object(call.receiver, call.context)
                let tag = try call.context.int(call.arguments[0], "tag")
                return object.withDescendants().first { $0.tag == tag }.map(self.value(of:)) ?? .nil
            },
            NativeFunction("layoutIfNeeded") { call in
                if self.world.needsCodeLayout, !self.world.codeConstraints.isEmpty { self.world.updateCodeLayout() }
                do {
                    let changes = try self.world.runtime.layoutIfNeeded(at: self.world.time)
                    try self.world.apply(changes, call.context)
                } catch let error as AnimationRuntime.RuntimeError {
                    throw self.world.codeLayoutError(error, "layoutIfNeeded()", at: call.context.location)
                }
                try self.layOutSubviews(under: try self.object(call.receiver, call.context), at: call.context.location)
                return .void
            },
            NativeFunction("setNeedsLayout") { call in
                self.world.setNeedsLayout(try self.object(call.receiver, call.context))
                return .void
            },
            NativeFunction("awakeFromNib") { _ in .void },
            NativeFunction("setNeedsDisplay") { _ in .void },
            NativeFunction("bringSubviewToFront", [NativeParameter(nil, .named("UIView"))]) { call in
                call.context.warn("bringSubviewToFront is not supported: the spec's drawing order is kept")
                return .void
            },
            NativeFunction("sizeToFit") { call in
                call.context.warn("sizeToFit() is not supported: the view keeps the spec's layout")
                return .void
            },
        ]
        library.add(view)

        let label = types.label
        label.properties["text"] = property(
            .text, .optional(.named("String"), implicitlyUnwrapped: false), read: { $0.map(Value.string) ?? .nil },
            write: { value, context in value.isNil ? nil : try context.string(value, "text") })
        label.properties["textColor"] = property(
            .textColor, .named("UIColor"), read: { self.color($0) },
            write: { value, context in try self.rgba(value, context) })
        label.properties["font"] = NativeProperty(
            type: .named("UIFont"),
            get: { value, context in try self.object(value, context).local["font"] as? Value ?? .nil },
            set: { native, value, context in
                let object = try self.object(.native(native), context)
                if object.isSpecView {
                    context.warn("setting a label's font is not supported: the spec's font is drawn")
                }
                object.local["font"] = value
            }, drawsNothing: true)
        library.add(label)
        library.add(types.imageView)
        addLayer(to: &library)
    }

    /// A property the engine draws, read from the model value and set through the runtime.
    func property<Setting>(
        _ p: AnimatableProperty<Setting>, _ type: TypeName, read: @escaping (Setting.Value) -> Value,
        write: @escaping (Value, NativeContext) throws -> Setting.Value
    ) -> NativeProperty {
        NativeProperty(
            type: type,
            get: { value, context in
                let object = try self.object(value, context)
                return read(self.world.model(p, of: object, default: self.initial(p, object)))
            },
            set: { native, value, context in
                let object = try self.object(.native(native), context)
                try self.world.set(p, of: object, to: try write(value, context), context)
            })
    }

    /// What a view the spec does not have starts with: UIKit's initial value.
    func initial<Setting>(_ p: AnimatableProperty<Setting>, _ object: ViewObject) -> Setting.Value {
        p.uikit.initialValue
    }

    /// A property the code may set and read back that draws nothing the engine models.
    func kept(_ name: String) -> NativeProperty {
        NativeProperty(
            get: { value, context in try self.object(value, context).local[name] as? Value ?? .nil },
            set: { native, value, context in try self.object(.native(native), context).local[name] = value },
            drawsNothing: true)
    }

    /// Sets a view's size; its subviews then follow their `autoresizingMask`.
    func setBounds(_ object: ViewObject, _ size: Size, _ context: NativeContext) throws(CodeDiagnostic) {
        let old = world.frame(of: object)
        try setSize(object, size, context)
        try autoresizeSubviews(of: object, from: Size(width: old.width, height: old.height), context)
    }

    private func setSize(_ object: ViewObject, _ size: Size, _ context: NativeContext) throws(CodeDiagnostic) {
        world.sizeWillChange(object, to: size)
        if object.role == .refreshControl, object.local["frame"] == nil {
            object.local["size"] = size
            return
        }
        guard object.specTag != nil else {
            var frame = world.frame(of: object)
            frame.width = size.width
            frame.height = size.height
            object.local["frame"] = frame
            return
        }
        try world.set(.bounds, of: object, to: size, context)
    }

    func clipsToBounds(_ object: ViewObject) -> Bool {
        if let local = object.local["clipsToBounds"] as? Bool { return local }
        return object.specTag.flatMap { world.spec.view(tag: $0)?.clipsToBounds } ?? false
    }

    /// `clipsToBounds`/`masksToBounds`: the spec's value is drawn; a change of it is named.
    func setClipsToBounds(_ object: ViewObject, _ value: Bool, _ context: NativeContext) throws(CodeDiagnostic) {
        if let tag = object.specTag, let spec = world.spec.view(tag: tag), spec.clipsToBounds != value {
            // A spec that reads its layout from a xib has no views of its own to set it on.
            let fix =
                world.spec.xib.map { "set Clip to Bounds on the view in '\($0.file)'" } ?? "set it in the spec"
            context.warn(
                "clipsToBounds = \(value) on \(object.label) is not drawn: the spec's \"clipsToBounds\": \(spec.clipsToBounds) is (\(fix))"
            )
        }
        object.local["clipsToBounds"] = value
    }

    /// The view a value holds (a program subclass's object: its host part).
    func object(_ value: Value, _ context: NativeContext) throws(CodeDiagnostic) -> ViewObject {
        let native: NativeValue?
        switch value {
        case .native(let n): native = n
        case .object(let instance): native = instance.native
        default: native = nil
        }
        guard let object = native?.payload as? ViewObject else {
            throw context.error("expected a view, got \(context.interpreter.describeType(value))")
        }
        return object
    }

    /// The value the code sees for a view: its program object when a program subclass made it. A
    /// spec's spinner is a `UIActivityIndicatorView` (a xib's `<activityIndicatorView>` outlet).
    func value(of object: ViewObject) -> Value {
        let type: NativeType
        if let own = object.nativeType {
            type = own
        } else {
            switch object.role {
            case .label: type = types.label
            case .imageView: type = types.imageView
            default: type = object.isSpecSpinner ? types.activityIndicator : types.view
            }
        }
        let native = NativeValue(type, object)
        return world.interpreter?.value(of: native) ?? .native(native)
    }

    // MARK: CALayer

    private func addLayer(to library: inout NativeLibrary) {
        let layer = types.layer
        let number = TypeName.named("CGFloat")
        layer.properties["cornerRadius"] = property(
            .cornerRadius, number, read: { .double($0) },
            write: { value, context in try context.double(value, "cornerRadius") })
        layer.properties["borderWidth"] = property(
            .borderWidth, number, read: { .double($0) },
            write: { value, context in try context.double(value, "borderWidth") })
        layer.properties["shadowOpacity"] = property(
            .shadowOpacity, .named("Float"), read: { .double($0) },
            write: { value, context in try context.double(value, "shadowOpacity") })
        layer.properties["shadowRadius"] = property(
            .shadowRadius, number, read: { .double($0) },
            write: { value, context in try context.double(value, "shadowRadius") })
        layer.properties["shadowOffset"] = property(
            .shadowOffset, .named("CGSize"), read: { self.size($0) },
            write: { value, context in try self.sizeValue(value, context) })
        for (name, p) in [("borderColor", AnimatableProperty.borderColor), ("shadowColor", .shadowColor)] {
            layer.properties[name] = property(
                p, .optional(.named("UIColor"), implicitlyUnwrapped: false), read: { self.color($0) },
                write: { value, context in try self.rgba(value, context) })
        }
        layer.properties["backgroundColor"] = types.view.properties["backgroundColor"]
        layer.properties["opacity"] = property(
            .alpha, .named("Float"), read: { .double($0) },
            write: { value, context in min(max(try context.double(value, "opacity"), 0), 1) })
        layer.properties["anchorPoint"] = property(
            .anchorPoint, .named("CGPoint"), read: { self.point($0) },
            write: { value, context in try self.pointValue(value, context) })
        layer.properties["masksToBounds"] = types.view.properties["clipsToBounds"]
        layer.properties["bounds"] = types.view.properties["bounds"]
        layer.properties["frame"] = types.view.properties["frame"]
        layer.properties["position"] = types.view.properties["center"]
        library.add(layer)
    }
}
