import RefreshFramesCore
import RefreshFramesSwiftCode

/// The views the code makes (`UIView()`, `UILabel(frame:)`, `MainGear()`): each becomes a view of
/// the runtime when it is made (`AnimationRuntime.addView`, at the frame it was made with), so what
/// the code sets and animates on it is what UIKit would show; when the run ends, the ones added to
/// a drawn view (a spec view, the nib's root, the refresh control, the driven view itself) are
/// drawn, under that view, in the order they were added; the others are dropped with a warning.
extension UIKitWorld {
    /// Makes `object` a view the runtime draws (until `finishCodeViews` says otherwise).
    /// An image view made with `UIImageView(image:)` shows `image` from the start.
    func addCodeView(_ object: ViewObject, frame: Rect, image: String? = nil, at location: CodeLocation) {
        let tag = max(spec.views.map(\.tag).max() ?? 0, runtime.addedTags.last ?? 0) + 1
        let kind: ViewKind =
            switch object.role {
            case .label: .label
            case .imageView: .image
            // A UIActivityIndicatorView (or a subclass) of the code's own: a spinner.
            default:
                object.nativeType?.name == "UIActivityIndicatorView"
                    ? .spinner : object.nativeType?.name == "UIStackView" ? .stack : .view
            }
        // UIKit's defaults: a label's natural (left) alignment, a clear background.
        var view = ViewSpec(tag: tag, kind: kind, textAlignment: .left)
        if kind == .image { view.imageView = ImageViewSpec(image: image) }
        if kind == .spinner {
            indicatorCalls[tag] = []
            // A UIActivityIndicatorView, not UIRefreshControl's own: drawn with its fade.
            view.revealsWithPull = false
        }
        if kind == .stack { view.stack = StackSpec() }
        runtime.addView(view, frame: frame, now: now)
        layout.frames[tag] = frame
        object.specTag = tag
        object.isCodeView = true
        object.madeAt = location
        codeViews.append(object)
        drawsItself(object, at: location)
    }

    /// What the code adds to a refresh control is placed in the control's coordinates, whose top
    /// is the screen's top (`frame.origin.y` is −pull), while the canvas's bottom is the content's
    /// top: a view the runtime draws holds them, its origin at (0, controlHeight − pull), moved
    /// with every scroll (`followPull`).
    func controlContent() -> ViewObject {
        if let controlContentView { return controlContentView }
        let content = ViewObject(role: .view, specTag: nil, label: "the refresh control's content")
        addCodeView(
            content,
            frame: Rect(
                x: 0, y: spec.scenario.controlHeight - pull, width: spec.canvas.width, height: spec.canvas.height),
            at: CodeLocation(file: "", line: 0, column: 0))
        content.madeAt = nil
        controlContentView = content
        return content
    }

    /// Moves the refresh control's content with the pull (the driver calls it at every scroll).
    func followPull() {
        guard let content = controlContentView, let tag = content.specTag else { return }
        let y = spec.scenario.controlHeight - pull + spec.canvas.height / 2
        runtime.set(.center, of: tag, to: Point(x: spec.canvas.width / 2, y: y), at: time)
    }

    /// A view whose class draws itself (`override func draw(_:)`, Core Graphics paths, which are not
    /// run here) is drawn as a square of its tint colour, so that it is seen where it moves and
    /// turns (its own `backgroundColor` is kept for the code to read, not drawn); the class's
    /// `draw` is named once.
    private func drawsItself(_ object: ViewObject, at location: CodeLocation) {
        guard let interpreter, let name = interpreter.constructingClass,
            let draw = UIKitBinding.declaration(name, in: interpreter.module.types)?.methods.first(where: {
                $0.name == "draw" && !$0.isStatic
            }), let tag = object.specTag
        else { return }
        object.drawsItself = true
        if placeholderClasses.insert(name).inserted {
            interpreter.warn(
                "draw(_:) of \(name) is not run (Core Graphics is not drawn here): its views are drawn as squares of their tintColor",
                at: draw.location)
        }
        runtime.set(.backgroundColor, of: tag, to: defaultTint, at: time)
    }

    /// UIKit's default `tintColor`: the system blue, in the spec's appearance.
    var defaultTint: RGBA { SemanticColor.resolve("systemBlue", spec.appearance)! }

    /// `tintColor` as UIKit reads it: the view's own, else its nearest superview's, else the default.
    func tintColor(of object: ViewObject) -> Value? {
        var view: ViewObject? = object
        while let v = view {
            if let set = v.local["tintColor"] as? Value, !set.isNil { return set }
            view = v.superview
        }
        return nil
    }

    /// Keeps the code's views that were added to a drawn view, each under the view it was added
    /// to; warns of the others at the line that made them.
    func finishCodeViews() {
        guard !codeViews.isEmpty else { return }
        var drawn: [ViewSpec] = []
        var visited: Set<ObjectIdentifier> = []
        func children(of parent: ViewObject) -> [ViewObject] {
            parent.subviews.filter(\.isCodeView)
                + codeViews.filter { $0.superview == nil && $0.removedFrom === parent }
        }
        func visit(_ object: ViewObject, under superview: Int?) {
            guard let tag = object.specTag, visited.insert(ObjectIdentifier(object)).inserted,
                var view = runtime.spec.view(tag: tag)
            else { return }
            view.superview = superview
            view.clipsToBounds = object.local["clipsToBounds"] as? Bool ?? false
            if view.kind == .spinner, let color = object.local["spokeColor"] as? RGBA { view.tintColor = color }
            if view.kind == .image, case .string(let mode)? = object.local["contentMode"] as? Value,
                let contentMode = ContentMode(rawValue: mode)
            {
                view.imageView?.contentMode = contentMode
            }
            if view.kind == .label {
                if let font = object.local["font"] as? Value { view.font = Self.font(font) }
                if case .string(let alignment)? = object.local["textAlignment"] as? Value {
                    view.textAlignment = TextAlignment(rawValue: alignment) ?? .left
                }
            }
            drawn.append(view)
            if let at = object.addedAt, at > 0, let location = object.madeAt {
                interpreter?.warn(
                    "\(object.label) is added to its superview at \(VirtualRunLoop.format(at)): it is drawn from the start",
                    at: location)
            }
            for child in children(of: object) { visit(child, under: tag) }
        }
        for view in spec.views {
            guard let object = specViews[view.tag] else { continue }
            for child in children(of: object) { visit(child, under: view.tag) }
        }
        for root in [nibRootView, rootView].compactMap({ $0 }) {
            for child in children(of: root) { visit(child, under: nil) }
        }
        if let control, let content = controlContentView, let tag = content.specTag {
            let added = children(of: control)
            if !added.isEmpty, var view = runtime.spec.view(tag: tag) {
                view.superview = nil
                drawn.append(view)
                for child in added { visit(child, under: tag) }
            }
        }
        if let table = tableView, let content = tableContentView, let tag = content.specTag {
            let added = children(of: table)
            if !added.isEmpty, var view = runtime.spec.view(tag: tag) {
                view.superview = nil
                drawn.append(view)
                for child in added { visit(child, under: tag) }
            }
        }
        for object in codeViews where !visited.contains(ObjectIdentifier(object)) {
            guard let location = object.madeAt else { continue }
            interpreter?.warn(
                "\(object.label) makes a view that is never added to a drawn view (the table view, the refresh control, the nib's views): it is not drawn",
                at: location)
        }
        runtime.replaceAddedViews(with: drawn)
    }

    /// A `UIFont` value as the spec's font: its size, bold for the bold system font.
    static func font(_ value: Value) -> FontSpec {
        guard case .native(let native) = value, let text = native.payload as? String else { return FontSpec() }
        let size = text.split(separator: " ").last.flatMap { Double($0) } ?? 17
        return FontSpec(size: size, weight: text.hasPrefix("boldSystemFont") ? "bold" : "regular")
    }
}
