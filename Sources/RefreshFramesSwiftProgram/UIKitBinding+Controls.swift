import RefreshFramesCore
import RefreshFramesSwiftCode

/// A view controller: its view is loaded (and `viewDidLoad` called) the first time the code or
/// UIKit asks for it, as `UIViewController.view` does.
final class ControllerObject {
    var isViewLoaded = false
    let view: ViewObject

    init(view: ViewObject) { self.view = view }
}

/// `UIRefreshControl` (refreshing, target-action, `endRefreshing`), `UIScrollView`/`UITableView`
/// (the scenario's content offset, the spec's host table), `UIViewController`/`UITableViewController`
/// (the view loaded on first use), `Bundle.loadNibNamed` (the spec's views), `UIScreen.main` (the
/// screen the table fills, at the canvas's scale).
extension UIKitBinding {
    func addControls(to library: inout NativeLibrary) {
        addRefreshControl(to: &library)
        addScrollViews(to: &library)
        addControllers(to: &library)
        addBundle(to: &library)
        addScreen(to: &library)
    }

    /// The event of `addTarget(_:action:for:)` or `sendActions(for:)`: `valueChanged`, `touchUpInside`…
    func controlEvent(_ value: Value, _ context: NativeContext) throws(CodeDiagnostic) -> String {
        guard case .native(let n) = value, let event = n.payload as? String else {
            throw context.error("expected a UIControlEvents")
        }
        return event
    }

    private func addRefreshControl(to library: inout NativeLibrary) {
        let events = types.controlEvents
        for name in ["valueChanged", "ValueChanged", "touchUpInside", "TouchUpInside", "primaryActionTriggered"] {
            events.staticProperties[name] = NativeStaticProperty(type: .named("UIControlEvents")) { _ in
                .native(NativeValue(self.types.controlEvents, name.prefix(1).lowercased() + name.dropFirst()))
            }
        }
        library.add(events)
        library.typeAliases["UIControl.Event"] = "UIControlEvents"
        types.control.staticProperties["Event"] = NativeStaticProperty { _ in .type(.native(self.types.controlEvents)) }
        let addTarget: (inout NativeCall) throws -> Value = { call in
            let control = try self.object(call.receiver, call.context)
            let event = try self.controlEvent(call.arguments[2], call.context)
            guard event == "valueChanged" else {
                call.context.warn("the \(event) event never happens here: only a refresh control's valueChanged does")
                return .void
            }
            control.valueChangedTargets.append((call.arguments[0], call.arguments[1]))
            return .void
        }
        let target = NativeParameter(nil)
        let action = NativeParameter("action", .named("Selector"))
        types.control.methods = [
            NativeFunction(
                "addTarget", [target, action, NativeParameter("for", .named("UIControlEvents"))], body: addTarget),
            NativeFunction(
                "addTarget", [target, action, NativeParameter("forControlEvents", .named("UIControlEvents"))],
                body: addTarget),
        ]
        library.add(types.control)

        let control = types.refreshControl
        control.initializers = [
            NativeFunction("init") { call in
                let object = ViewObject(role: .refreshControl, specTag: nil, label: "the refresh control")
                object.nativeType = self.types.refreshControl
                self.world.refreshControls.append(object)
                return .native(NativeValue(self.types.refreshControl, object))
            }
        ]
        let refreshing = NativeProperty(
            type: .named("Bool"), get: { value, context in .bool(try self.object(value, context).isRefreshing) })
        control.properties["refreshing"] = refreshing
        control.properties["isRefreshing"] = refreshing
        control.properties["attributedTitle"] = NativeProperty(
            type: .named("NSAttributedString"), get: { _, _ in .nil },
            set: { native, value, context in
                guard case .native(let n) = value, let text = n.payload as? String else { return }
                guard !self.world.nibLoaded, let label = self.world.rootViews.first(where: { $0.role == .label }) else {
                    context.warn("the refresh control's attributedTitle is not drawn: the spec has no title label")
                    return
                }
                try self.world.set(.text, of: label, to: text, context)
            })
        control.properties["backgroundColor"] = NativeProperty(
            type: .optional(.named("UIColor"), implicitlyUnwrapped: false),
            get: { value, context in try self.object(value, context).local["backgroundColor"] as? Value ?? .nil },
            set: { native, value, context in
                let color = try self.rgba(value, context)
                if color != .clear, color != self.world.spec.canvas.background {
                    context.warn(
                        "the refresh control's backgroundColor \(color.hexString) is not drawn: the spec's canvas background \(self.world.spec.canvas.background.hexString) is"
                    )
                }
                try self.object(.native(native), context).local["backgroundColor"] = value
            })
        control.methods = [
            NativeFunction("endRefreshing") { call in
                let object = try self.object(call.receiver, call.context)
                self.world.endRefreshing(object)
                return .void
            },
            NativeFunction("beginRefreshing") { call in
                try self.object(call.receiver, call.context).isRefreshing = true
                return .void
            },
        ]
        library.add(control)
    }

    private func addScrollViews(to library: inout NativeLibrary) {
        let scroll = types.scrollView
        scroll.properties["contentOffset"] = NativeProperty(
            type: .named("CGPoint"),
            get: { _, _ in self.point(Point(x: 0, y: self.world.contentOffsetY)) },
            set: { _, _, context in
                context.warn("setting contentOffset is not supported: the scenario's pull moves the content")
            })
        for (name, flag) in [
            ("isDragging", \UIKitWorld.isDragging), ("dragging", \.isDragging), ("isTracking", \.isDragging),
            ("tracking", \.isDragging), ("isDecelerating", \.isDecelerating), ("decelerating", \.isDecelerating),
        ] {
            scroll.properties[name] = NativeProperty(
                type: .named("Bool"), get: { _, _ in .bool(self.world[keyPath: flag]) })
        }
        scroll.properties["refreshControl"] = NativeProperty(
            type: .optional(.named("UIRefreshControl"), implicitlyUnwrapped: false),
            get: { _, _ in self.world.installedRefreshControl.map(self.value(of:)) ?? .nil },
            set: { _, value, context in
                self.world.installedRefreshControl = value.isNil ? nil : try self.object(value, context)
                // Added to the table view, as `addSubview` adds a view: UIKit lays it out (its
                // `layoutSubviews()`, where a subclass often sets itself up) at the end of the turn.
                if let installed = self.world.installedRefreshControl { self.world.setNeedsLayout(installed) }
            })
        for name in [
            "delegate", "dataSource", "bounces", "alwaysBounceVertical", "showsVerticalScrollIndicator",
            "rowHeight", "estimatedRowHeight", "separatorStyle", "tableFooterView", "tableHeaderView",
        ] {
            scroll.properties[name] = kept(name)
        }
        library.add(scroll)
        let automatic = NativeStaticProperty(type: .named("CGFloat")) { _ in .double(-1) }
        library.constants["UITableViewAutomaticDimension"] = automatic
        types.tableView.staticProperties["automaticDimension"] = automatic
        let table = types.tableView
        let calls: [(String, [String?])] = [
            ("reloadData", []), ("beginUpdates", []), ("endUpdates", []),
            ("insertRowsAtIndexPaths", [nil, "withRowAnimation"]), ("insertRows", ["at", "with"]),
            ("deleteRowsAtIndexPaths", [nil, "withRowAnimation"]), ("deleteRows", ["at", "with"]),
            ("reloadRowsAtIndexPaths", [nil, "withRowAnimation"]), ("reloadRows", ["at", "with"]),
            ("registerClass", [nil, "forCellReuseIdentifier"]), ("register", [nil, "forCellReuseIdentifier"]),
        ]
        // `UITableView()` (or `(frame:style:)`) in a controller of the code's own: the scene's one
        // table, as a `UITableView!` outlet is (its frame and style are the host's).
        let sceneTable: (inout NativeCall) throws -> Value = { call in
            if self.world.tableMade {
                call.context.warn(
                    "a second UITableView: the scene has one table, the spec's \"host\"; this is it again")
            }
            self.world.tableMade = true
            return self.value(of: self.tableObject)
        }
        table.initializers = [
            NativeFunction("init", body: sceneTable),
            NativeFunction("init", [NativeParameter("frame")], acceptsUnknown: true, body: sceneTable),
            NativeFunction(
                "init", [NativeParameter("frame"), NativeParameter("style")], acceptsUnknown: true, body: sceneTable),
        ]
        for (name, labels) in calls {
            table.methods.append(
                NativeFunction(name, labels.map { NativeParameter($0) }, acceptsUnknown: true) { call in
                    self.skippedTableCall(name, call.context)
                })
        }
        library.add(table)
        let collection = types.collectionView
        let collectionCalls: [(String, [String?])] = [
            ("reloadData", []), ("performBatchUpdates", [nil, "completion"]), ("insertItems", ["at"]),
            ("deleteItems", ["at"]), ("reloadItems", ["at"]), ("register", [nil, "forCellWithReuseIdentifier"]),
        ]
        for (name, labels) in collectionCalls {
            collection.methods.append(
                NativeFunction(name, labels.map { NativeParameter($0) }, acceptsUnknown: true) { call in
                    self.skippedTableCall(name, call.context)
                })
        }
        library.add(collection)
    }

    private func skippedTableCall(_ name: String, _ context: NativeContext) -> Value {
        context.warn("\(name): the table's rows are the spec's \"host\" table: skipped")
        return .void
    }

    /// The table view the code's outlets and `tableView` reach: one per run.
    var tableObject: ViewObject {
        if let table = world.tableView { return table }
        let table = ViewObject(role: .tableView, specTag: nil, label: "the table view")
        table.nativeType = types.tableView
        world.tableView = table
        return table
    }

    private func addControllers(to library: inout NativeLibrary) {
        let controller = types.viewController
        func make(_ type: NativeType, _ view: ViewObject) -> Value {
            .native(NativeValue(type, ControllerObject(view: view)))
        }
        // Its view fills the screen when it loads: a storyboard scene's is the device's size, the
        // view UIViewController's loadView() makes has the screen's bounds.
        func controllerView() -> ViewObject {
            let view = ViewObject(role: .view, specTag: nil, label: "the view controller's view")
            let screen = self.world.screenSize
            view.local["frame"] = Rect(x: 0, y: 0, width: screen.width, height: screen.height)
            return view
        }
        controller.initializers = [
            NativeFunction("init") { _ in make(controller, controllerView()) },
            NativeFunction("init", [NativeParameter("nibName"), NativeParameter("bundle")], acceptsUnknown: true) { _ in
                make(controller, controllerView())
            },
        ]
        controller.properties["view"] = NativeProperty(
            type: .named("UIView"),
            get: { value, context in
                let object = try self.controllerObject(value, context)
                try self.loadView(of: value, context.interpreter, at: context.location)
                return self.value(of: object.view)
            })
        controller.properties["isViewLoaded"] = NativeProperty(
            type: .named("Bool"),
            get: { value, context in .bool(try self.controllerObject(value, context).isViewLoaded) })
        for name in ["title", "navigationItem", "edgesForExtendedLayout", "automaticallyAdjustsScrollViewInsets"] {
            controller.properties[name] = NativeProperty(get: { _, _ in .nil }, set: { _, _, _ in })
        }
        controller.methods = [
            "viewDidLoad", "didReceiveMemoryWarning", "viewWillAppear", "viewDidAppear", "viewWillDisappear",
            "viewDidLayoutSubviews",
        ].map {
            name in
            NativeFunction(
                name,
                name.hasPrefix("viewW") || name == "viewDidAppear" ? [NativeParameter(nil, default: .bool(false))] : []
            ) { _ in .void }
        }
        library.add(controller)

        let tableController = types.tableViewController
        tableController.initializers = [
            NativeFunction("init", [NativeParameter("style")], acceptsUnknown: true) { _ in
                make(tableController, self.tableObject)
            },
            NativeFunction("init") { _ in make(tableController, self.tableObject) },
        ]
        tableController.properties["tableView"] = NativeProperty(
            type: .optional(.named("UITableView"), implicitlyUnwrapped: true),
            get: { value, context in
                let object = try self.controllerObject(value, context)
                try self.loadView(of: value, context.interpreter, at: context.location)
                return self.value(of: object.view)
            })
        tableController.properties["refreshControl"] = types.scrollView.properties["refreshControl"]
        library.add(tableController)
        let style = NativeType("UITableViewStyle", isReference: false)
        for name in ["plain", "Plain", "grouped", "Grouped"] {
            style.staticProperties[name] = NativeStaticProperty(type: .named("UITableViewStyle")) { _ in .string(name) }
        }
        library.add(style)
        library.typeAliases["UITableView.Style"] = "UITableViewStyle"
    }

    func controllerObject(_ value: Value, _ context: NativeContext) throws(CodeDiagnostic) -> ControllerObject {
        let native: NativeValue?
        switch value {
        case .native(let n): native = n
        case .object(let instance): native = instance.native
        default: native = nil
        }
        guard let object = native?.payload as? ControllerObject else {
            throw context.error("expected a view controller, got \(context.interpreter.describeType(value))")
        }
        return object
    }

    /// Loads a controller's view the first time it is asked for: `viewDidLoad` runs then.
    func loadView(of controller: Value, _ interpreter: Interpreter, at location: CodeLocation?) throws(CodeDiagnostic) {
        let object: ControllerObject
        switch controller {
        case .native(let n):
            guard let o = n.payload as? ControllerObject else { return }
            object = o
        case .object(let instance):
            guard let o = instance.native?.payload as? ControllerObject else { return }
            object = o
        default: return
        }
        guard !object.isViewLoaded else { return }
        object.isViewLoaded = true
        if interpreter.hasMethod("viewDidLoad", labels: [], on: controller) {
            try interpreter.callMethod("viewDidLoad", on: controller, at: location)
        }
    }

    private func addBundle(to library: inout NativeLibrary) {
        let bundle = types.bundle
        library.typeAliases["NSBundle"] = "Bundle"
        let main = NativeStaticProperty(type: .named("Bundle")) { _ in
            .native(NativeValue(self.types.bundle, self.world))
        }
        bundle.staticProperties["main"] = main
        bundle.staticMethods = [NativeFunction("mainBundle") { context in try main.get(context.context) }]
        bundle.methods = [
            NativeFunction(
                "loadNibNamed",
                [NativeParameter(nil, .named("String")), NativeParameter("owner"), NativeParameter("options")],
                acceptsUnknown: true
            ) { call in
                let root = self.world.nibRoot(
                    named: try call.context.string(call.arguments[0], "the nib's name"), call.context)
                try self.connectOutlets(ofOwner: call.arguments[1], root: root)
                return .array([self.value(of: root)])
            }
        ]
        library.add(bundle)
    }

    /// `UIScreen.main` (Swift 2: `UIScreen.mainScreen()`): its `bounds` are the screen the table
    /// view fills (the host's viewport, else the canvas), `scale` and `nativeScale` the canvas's,
    /// `nativeBounds` the bounds in pixels (portrait, as UIKit's are).
    private func addScreen(to library: inout NativeLibrary) {
        let screen = types.screen
        let main = NativeStaticProperty(type: .named("UIScreen")) { _ in .native(NativeValue(screen, self.world)) }
        screen.staticProperties["main"] = main
        screen.staticMethods = [NativeFunction("mainScreen") { context in try main.get(context.context) }]
        let number = TypeName.named("CGFloat")
        func size() -> Size { world.screenSize }
        screen.properties["bounds"] = NativeProperty(type: .named("CGRect")) { _, _ in
            self.rect(Rect(x: 0, y: 0, width: size().width, height: size().height))
        }
        screen.properties["scale"] = NativeProperty(type: number) { _, _ in .double(self.world.spec.canvas.scale) }
        screen.properties["nativeScale"] = screen.properties["scale"]
        screen.properties["nativeBounds"] = NativeProperty(type: .named("CGRect")) { _, _ in
            let scale = self.world.spec.canvas.scale
            return self.rect(Rect(x: 0, y: 0, width: size().width * scale, height: size().height * scale))
        }
        library.add(screen)
    }
}
