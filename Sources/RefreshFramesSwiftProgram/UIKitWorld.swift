import RefreshFramesCore
import RefreshFramesSwiftCode

/// A view as the code holds it: one of the spec's views (`specTag`, drawn through the engine's
/// `AnimationRuntime`), or a view the spec does not draw (the nib's root view, the refresh control,
/// the table view), whose values are kept so the code reads back what it set.
final class ViewObject {
    enum Role {
        case view, label, imageView, refreshControl, scrollView, tableView
    }

    let role: Role
    /// The view the runtime draws it as: a spec view's tag, or the tag given to a view the code
    /// made (`isCodeView`).
    var specTag: Int?
    /// Made by the code (`UIView()`, `UILabel(frame:)`): drawn when it is added to a drawn view.
    var isCodeView = false
    /// One of the spec's spinners: the code sees a `UIActivityIndicatorView` (a xib's indicator).
    var isSpecSpinner = false
    /// Where the code made it, for a code view.
    var madeAt: CodeLocation?
    /// Its class overrides `draw(_:)`: it is drawn as a square of its tint colour.
    var drawsItself = false
    /// When a code view was first added to a superview (virtual microseconds).
    var addedAt: Int64?
    /// The superview a code view was removed from (it stays drawn there).
    weak var removedFrom: ViewObject?
    /// UIKit's `tag` (the spec's tag for a spec view, 0 otherwise until the code sets one).
    var tag: Int
    var subviews: [ViewObject] = []
    weak var superview: ViewObject?
    /// What the nib's root view, the refresh control and views the code made hold: set and read
    /// back, never drawn.
    var local: [String: Any] = [:]
    /// A refresh control's state.
    var isRefreshing = false
    /// `addTarget(_:action:for: .valueChanged)`: the targets and their selectors.
    var valueChangedTargets: [(target: Value, action: Value)] = []
    /// What messages call it.
    var label: String
    /// The interpreter's type for it (`UILabel`, a program subclass's host type).
    var nativeType: NativeType?
    /// The view `loadNibNamed` returns: its frame is the control's until the code sets one.
    var isNibRoot = false
    /// UIKit would call its `layoutSubviews()` at the next layout pass (`setNeedsLayout`).
    var needsLayout = false

    init(role: Role, specTag: Int?, label: String) {
        self.role = role
        self.specTag = specTag
        self.tag = specTag ?? 0
        self.label = label
    }

    func add(_ child: ViewObject) {
        child.superview?.subviews.removeAll { $0 === child }
        subviews.append(child)
        child.superview = self
    }

    /// One of the spec's own views.
    var isSpecView: Bool { specTag != nil && !isCodeView }

    /// This view and every view under it, depth first.
    func withDescendants() -> [ViewObject] { [self] + subviews.flatMap { $0.withDescendants() } }
}

/// The UIKit side of one run: the engine's `AnimationRuntime` (the spec's views, their model and
/// presentation values), the views as the code sees them, the refresh controls, the completions
/// waiting on the run loop. The natives of `UIKitBinding` read and change it; the scenario's
/// driver (`SwiftProgramRunner`) reads the result.
package final class UIKitWorld {
    package let spec: Spec
    /// The spec's layout, with the frames the views the code made were made with.
    package internal(set) var layout: Layout
    /// The clock `{now:…}` and `NSDate()` read, seconds since 1970 at virtual time 0.
    package let now: Int64
    package internal(set) var runtime: AnimationRuntime
    /// The spec's views by tag.
    var specViews: [Int: ViewObject] = [:]
    /// The spec's root views, in the spec's order: what `loadNibNamed(…)[0]`'s view holds.
    var rootViews: [ViewObject] = []
    /// Every refresh control the code made, in order.
    var refreshControls: [ViewObject] = []
    /// Key-value observers of what the scroll changes (`addObserver(_:forKeyPath:…)`).
    var observations: [Observation] = []
    /// How many animatable properties the code set on views that are not drawn (a block that
    /// changed one takes its duration, as it would on iOS, though the runtime draws nothing of it).
    var undrawnChanges = 0
    /// The spec's spinners a `UIActivityIndicatorView` of the code has taken (by tag).
    var takenSpinners: Set<Int> = []
    /// The refresh control a scroll view holds (`addSubview`, `refreshControl =`).
    var installedRefreshControl: ViewObject?
    /// A view that is not a refresh control added to a scroll view (Respinner's `UIControl`): the
    /// control the scenario drives when the code installs no `UIRefreshControl`.
    var customControl: ViewObject?
    /// Called when the custom control sends `.valueChanged` the first time (refreshing begins).
    var onCustomControlBegan: ((Int64) -> Void)?
    /// The interpreter running the code (set once it is made).
    weak var interpreter: Interpreter?
    /// Block completions waiting on the run loop, to move when a later call cancels their animations.
    var completionEvents:
        [AnimationRuntime.CompletionChange.Subject: (
            event: VirtualRunLoop.EventID, action: (Bool) throws(CodeDiagnostic) -> Void
        )] = [:]
    /// Delegates of layer animations that never stop unless a later call stops them.
    var pendingStops: [AnimationRuntime.AnimationID: (Bool) throws(CodeDiagnostic) -> Void] = [:]
    /// When the code called `endRefreshing()` on the driven control (virtual microseconds).
    package internal(set) var endedRefreshingAt: Int64?
    /// When refreshing began (the scenario's driver sets it).
    package internal(set) var beganRefreshingAt: Int64?
    /// Called when the code ends refreshing (the driver fades the spinner).
    var onEndRefreshing: ((Int64) -> Void)?
    /// The scroll view's content offset as the driver last set it: y = −(top inset + pull), at
    /// rest −`adjustedContentInset.top` (`topInset`), as UIKit's is under the host's bars.
    var contentOffsetY = 0.0
    var isDragging = false
    var isDecelerating = false
    /// The table view the outlets and `UITableViewController.tableView` reach.
    var tableView: ViewObject?
    /// The view `loadNibNamed` returns, holding the spec's root views.
    private var nib: ViewObject?
    /// The view `loadNibNamed` returned, once it was called.
    var nibRootView: ViewObject? { nib }
    /// Whether `loadNibNamed` was called: if not, the spec's views are the refresh control's own.
    var nibLoaded = false
    /// The views the code made, in the order made (`addCodeView`).
    var codeViews: [ViewObject] = []
    /// The class the scenario drives (its own view is the control: what is added to it is drawn).
    var rootClassName: String?
    /// The host part of the driven object when it is a view.
    var rootView: ViewObject?
    /// Every `startAnimating()`/`stopAnimating()` of an image view (seconds).
    var imageCalls: [(tag: Int, time: Double, starts: Bool)] = []
    /// What holds the views the code added to a refresh control (`controlContent()`).
    var controlContentView: ViewObject?
    /// What holds the views the code added to the table view (`tableContent()`).
    var tableContentView: ViewObject?
    /// The classes whose `draw(_:)` was named (once each).
    var placeholderClasses: Set<String> = []
    /// The constraints the code made and activated, in the order activated.
    var codeConstraints: [CodeConstraint] = []
    /// The code changed its constraints (or what they place) since the last layout pass.
    var needsCodeLayout = false
    /// The tags of the code's views the last solve placed, in the order given (`views[i]` of a
    /// layout error counts them after the spec's).
    var codeLayoutTags: [Int] = []
    /// The code stacks' arranged views' hidden flags at the last solve (`arrangedHiddenFlags`).
    var lastArrangedHidden: [Bool] = []
    /// Every `startAnimating()`/`stopAnimating()` of an activity indicator the code made, by tag
    /// (an entry for each such indicator, from when it is made).
    var indicatorCalls: [Int: [(time: Double, starts: Bool)]] = [:]
    /// Core Animation's transactions open now (`CATransaction`).
    var transactions = TransactionStack()
    /// How `UIImage(named:)` finds an image (nil: only the spec's images are known).
    var imageLookup: ImageLookup?
    var colorLookup: ColorLookup?
    /// The code made a `UITableView()`: the scene's table (a second one is the same, said).
    var tableMade = false
    /// The code's constraints on the nib's root that were said (by location), once each.
    var nibRootConstraintsSaid: Set<String> = []
    /// What each name looked up gave (each name is looked up once).
    var lookedUpImages: [String: Result<ImageAsset, ImageLookupFailure>] = [:]

    /// `relayout` re-solves the layout at a `layoutIfNeeded()` (nil: it does nothing).
    package init(
        spec: Spec, layout: Layout, now: Int64,
        relayout: (@Sendable (AnimationRuntime.LayoutRequest) throws -> Layout)? = nil
    ) {
        self.spec = spec
        self.layout = layout
        self.now = now
        runtime = AnimationRuntime(spec: spec, layout: layout, now: now, relayout: relayout)
        contentOffsetY = -(spec.host?.bars?.contentAdjustment.top ?? 0)
        for view in spec.views {
            let role: ViewObject.Role = view.kind == .label ? .label : view.kind == .image ? .imageView : .view
            let object = ViewObject(role: role, specTag: view.tag, label: view.name ?? "view \(view.tag)")
            object.isSpecSpinner = view.kind == .spinner
            specViews[view.tag] = object
        }
        for view in spec.views {
            guard let object = specViews[view.tag] else { continue }
            if let parent = view.superview, let superview = specViews[parent] {
                superview.add(object)
            } else {
                rootViews.append(object)
            }
        }
    }

    /// What the host's bars add to the table's content inset above (`adjustedContentInset.top` less
    /// `contentInset.top`: the status and navigation bars, 0 with `never` or without bars).
    var topInset: Double { spec.host?.bars?.contentAdjustment.top ?? 0 }
    /// What the host's bars add below (the tab bar, the home indicator).
    var bottomInset: Double { spec.host?.bars?.contentAdjustment.bottom ?? 0 }
    /// How far the content is pulled past its resting offset.
    var pull: Double { -contentOffsetY - topInset }

    /// Virtual time now, microseconds.
    var time: Int64 { interpreter?.runLoop.now ?? 0 }

    /// The refresh control the scenario drives: the one a scroll view holds, else the first made.
    package var drivenControl: Bool { (installedRefreshControl ?? refreshControls.first) != nil }

    var control: ViewObject? { installedRefreshControl ?? refreshControls.first }

    /// `loadNibNamed(name, …)[0]`: a view holding the spec's root views (the spec is the nib).
    func nibRoot(named name: String, _ context: NativeContext) -> ViewObject {
        if let nib { return nib }
        let root = ViewObject(role: .view, specTag: nil, label: "the view of nib '\(name)'")
        root.isNibRoot = true
        for view in rootViews { root.add(view) }
        nib = root
        nibLoaded = true
        return root
    }

    /// The custom control sent `.valueChanged`: refreshing begins now, if it has not yet.
    func customControlBegan() {
        guard control == nil, beganRefreshingAt == nil else { return }
        beganRefreshingAt = time
        onCustomControlBegan?(time)
    }

    /// The custom control's refresh ended now (its `refreshing` turned false, or the work ended).
    func customControlEnded() {
        guard beganRefreshingAt != nil, endedRefreshingAt == nil else { return }
        endedRefreshingAt = time
        onEndRefreshing?(time)
    }

    /// `endRefreshing()` on `control`: the driven control's refresh ends now.
    func endRefreshing(_ control: ViewObject) {
        guard control.isRefreshing else { return }
        control.isRefreshing = false
        if control === self.control, endedRefreshingAt == nil {
            endedRefreshingAt = time
            onEndRefreshing?(time)
        }
    }

    // MARK: - Properties

    /// Sets `property` of `view`: through the runtime for a spec view, kept otherwise.
    func set<Setting>(
        _ property: AnimatableProperty<Setting>, of view: ViewObject, to value: Setting.Value, _ context: NativeContext
    ) throws(CodeDiagnostic) {
        // A view that draws itself shows its tint colour instead (`drawsItself`).
        guard let tag = view.specTag, !(view.drawsItself && property.name == "backgroundColor") else {
            view.local[property.name] = value
            undrawnChanges += 1
            if property.name == "alpha", view.isNibRoot || view.role == .refreshControl || view === rootView {
                // The whole control's alpha: the nib root's (or the driven view's) times the refresh control's.
                let alpha = [nibRootView, rootView, control].compactMap { $0?.local["alpha"] as? Double }.reduce(1, *)
                runtime.setContentAlpha(alpha, at: time)
                if runtime.isInBlock {
                    context.warn("the whole control's alpha changes at once here: an animation of it is not drawn")
                }
            } else if view.isNibRoot || view.role == .refreshControl {
                context.warn("'\(property.name)' of \(view.label) is not drawn (only the spec's views are): skipped")
            }
            return
        }
        let changes = runtime.set(property, of: tag, to: value, at: time)
        try apply(changes, context)
    }

    /// The model value of `property` of `view` (what UIKit code reads back).
    func model<Setting>(_ property: AnimatableProperty<Setting>, of view: ViewObject, default value: Setting.Value)
        -> Setting.Value
    {
        guard let tag = view.specTag, !(view.drawsItself && property.name == "backgroundColor") else {
            return view.local[property.name] as? Setting.Value ?? value
        }
        return runtime.model(property, of: tag) ?? value
    }

    /// The screen the table fills (`UIScreen.main.bounds`): the host's viewport, else the canvas.
    var screenSize: Size {
        spec.host.map { Size(width: $0.viewport.width, height: $0.viewport.height) }
            ?? Size(width: spec.canvas.width, height: spec.canvas.height)
    }

    /// A view's frame: the layout's, moved by what the code set of its center and bounds.
    func frame(of view: ViewObject) -> Rect {
        guard let tag = view.specTag else {
            if let rect = view.local["frame"] as? Rect { return rect }
            if view.role == .refreshControl {
                // Its origin follows the pull, as UIRefreshControl's does (what KVO on `frame` reads);
                // a width or height the code set is kept (`bounds.size.width = …`).
                let size = view.local["size"] as? Size ?? Size(width: spec.canvas.width, height: spec.canvas.height)
                return Rect(x: 0, y: min(0, -pull), width: size.width, height: size.height)
            }
            if view.role == .tableView || view.role == .scrollView {
                return Rect(x: 0, y: contentOffsetY, width: screenSize.width, height: screenSize.height)
            }
            if view.isNibRoot {
                return Rect(x: 0, y: 0, width: spec.canvas.width, height: spec.canvas.height)
            }
            return Rect(x: 0, y: 0, width: 0, height: 0)
        }
        let laid = layout.frame(tag: tag)
        let center = runtime.model(.center, of: tag) ?? Point(x: laid.midX, y: laid.midY)
        let size = runtime.model(.bounds, of: tag) ?? Size(width: laid.width, height: laid.height)
        return Rect(x: center.x - size.width / 2, y: center.y - size.height / 2, width: size.width, height: size.height)
    }

    // MARK: - Completions

    /// Schedules a block's completion closure when the runtime says it runs.
    func scheduleCompletion(
        of id: AnimationRuntime.BlockID, _ completion: Value, notBefore: Int64? = nil, _ context: NativeContext
    )
        throws(CodeDiagnostic)
    {
        guard !completion.isNil, var when = runtime.completion(of: id) else { return }
        if let notBefore, when.time < notBefore, when.finished { when.time = notBefore }
        let call: (Bool) throws(CodeDiagnostic) -> Void = { [weak self] finished throws(CodeDiagnostic) in
            _ = try self?.interpreter?.call(completion, arguments: [.bool(finished)], at: context.location)
        }
        try schedule(.block(id), call, at: when, context)
    }

    /// Schedules `animationDidStop(_:finished:)` of a layer animation's delegate.
    func scheduleStop(
        of id: AnimationRuntime.AnimationID, _ action: @escaping (Bool) throws(CodeDiagnostic) -> Void,
        _ context: NativeContext
    ) throws(CodeDiagnostic) {
        guard let when = runtime.stop(of: id) else {
            pendingStops[id] = action
            return
        }
        try schedule(.animation(id), action, at: when, context)
    }

    private func schedule(
        _ subject: AnimationRuntime.CompletionChange.Subject, _ action: @escaping (Bool) throws(CodeDiagnostic) -> Void,
        at when: AnimationRuntime.Completion, _ context: NativeContext
    ) throws(CodeDiagnostic) {
        guard let interpreter else { return }
        let event = try interpreter.schedule(at: when.time, "an animation's completion", location: context.location) {
            [weak self] () throws(CodeDiagnostic) in
            self?.completionEvents[subject] = nil
            try action(when.finished)
        }
        completionEvents[subject] = (event, action)
    }

    /// Moves the completions a call rescheduled (an animation it cancelled finishes now, `finished = false`).
    func apply(_ changes: [AnimationRuntime.CompletionChange], _ context: NativeContext) throws(CodeDiagnostic) {
        for change in changes {
            if let pending = completionEvents[change.subject] {
                interpreter?.runLoop.cancel(pending.event)
                try schedule(change.subject, pending.action, at: change.completion, context)
            } else if case .animation(let id) = change.subject, let action = pendingStops.removeValue(forKey: id) {
                try schedule(change.subject, action, at: change.completion, context)
            }
        }
    }

    /// UIKit's layout pass at the end of a run-loop turn: what the turn invalidated (a label's text
    /// that changes its intrinsic size, a constraint's constant) is laid out, the frames changing at
    /// once, as `layoutIfNeeded()` outside an animation block does. Nothing when the turn called
    /// `layoutIfNeeded()` after its last change, or leaves an animation block open.
    func layOutAtTheEndOfTheTurn(at location: CodeLocation) throws(CodeDiagnostic) {
        guard !runtime.isInBlock else { return }
        do {
            _ = try runtime.layoutIfNeeded(at: time)
        } catch {
            throw codeLayoutError(error, "the layout pass at \(VirtualRunLoop.format(time))", at: location)
        }
    }

    /// A runtime refusal as the code's error at the call.
    func refused(_ error: AnimationRuntime.RuntimeError, _ what: String, _ context: NativeContext) -> CodeDiagnostic {
        context.error("\(what): \(error)")
    }

    /// The frame sequence image view `object` plays now (the spec's until the code sets one).
    func imageView(of object: ViewObject) -> ImageViewSpec {
        object.specTag.flatMap { runtime.spec.view(tag: $0)?.imageView } ?? ImageViewSpec()
    }

    /// Sets the frame sequence of image view `object` (drawn when it is one of the runtime's views).
    func setImageView(_ imageView: ImageViewSpec, of object: ViewObject) {
        guard let tag = object.specTag else { return }
        runtime.setImageView(imageView, of: tag)
    }
}
