import RefreshFramesCore
import RefreshFramesSwiftCode

/// Runs a team's Swift code as UIKit would drive it through the spec's scenario, on the
/// interpreter's virtual run loop, and gives back the runtime it drove (the timeline's tracks).
///
/// The callbacks and their times (research §12, docs/swift-programs.md):
/// - the root object is made, its table-view outlets connected, and its view loaded
///   (`viewDidLoad`) at 0 s;
/// - `scrollViewWillBeginDragging` at the first pull keyframe, `scrollViewDidScroll` on every
///   60 Hz frame whose content offset (−pull) changed, while the finger pulls, the content bounces
///   back and, after `endRefreshing()`, scrolls back;
/// - the refresh control's `.valueChanged` target-actions at the instant the pull reaches
///   `refreshAtPull`, the finger still down, after that instant's `scrollViewDidScroll`
///   (`refreshAt`: at that time, as if pulled);
/// - `scrollViewDidEndDragging(_:willDecelerate: true)` and `scrollViewWillBeginDecelerating` when
///   the finger lifts (the last keyframe at the deepest pull), `scrollViewDidEndDecelerating`
///   0.687 s later (the bounce's 0.99-per-millisecond decay to 0.1 %, research §12.8);
/// - a `UIView` subclass with `beginRefreshing()`: called at the refresh's start;
/// - `endRefreshing()` at `workDuration` after the start when the code has not ended it itself
///   (its own timer wins).
package struct SwiftProgramRunner {
    /// What the run gave: the runtime's result, the code's warnings and what it printed.
    package struct Result {
        package var run: RuntimeRun
        package var diagnostics: [CodeDiagnostic]
        package var printed: [PrintedLine]
    }

    /// The bounce-back after an overscrolled release (research §12.8).
    package static let decelerationDuration = 0.687
    /// `scrollViewDidScroll` is called at most once per frame of this rate.
    package static let frameRate = 60.0

    package let module: CodeModule
    /// The class to drive (`"class"`); nil: the one the code's shape says.
    package var className: String?
    /// Whether the scenario gives `workDuration` (else the code must end refreshing itself).
    package var workDurationGiven = true
    package var limits = CodeLimits.standard
    /// Runs only as far as the state at this instant needs (`state --at`): its events, and on
    /// until the refresh ended (its end is in every state); nil runs the whole scenario.
    package var runsUntil: Double?
    /// How `UIImage(named:)` finds the images the spec does not name (nil: it finds none of them,
    /// and they are not drawn).
    package var images: ImageLookup?
    /// How `UIColor(named:)` finds its colours (nil: it finds none, and gives nil).
    package var colors: ColorLookup?

    package init(module: CodeModule, className: String? = nil) {
        self.module = module
        self.className = className
    }

    /// Runs the code over `base`'s spec and layout (the timeline of the spec without a program).
    package func run(over base: Timeline, now: Int64) throws(CodeDiagnostic) -> Result {
        var warnings: [CodeDiagnostic] = []
        return try run(over: base, now: now, warnings: &warnings)
    }

    /// As `run(over:now:)`, keeping the code's warnings in `warnings` also when the run fails (they
    /// often say why: a view that is not drawn, a call that was skipped), and naming first, in one
    /// pass over the code, every name it uses that the interpreter does not know.
    package func run(over base: Timeline, now: Int64, warnings: inout [CodeDiagnostic]) throws(CodeDiagnostic)
        -> Result
    {
        let spec = base.spec
        let scenario = spec.scenario
        let world = UIKitWorld(spec: spec, layout: base.layout, now: now, relayout: base.relayout)
        let binding = UIKitBinding(world: world)
        let interpreter = try Interpreter(module: module, natives: binding.library(), limits: limits)
        world.interpreter = interpreter
        world.imageLookup = images
        world.colorLookup = colors
        interpreter.nibObject = { native, info, location throws(CodeDiagnostic) in
            try binding.nibObject(native, info, at: location)
        }
        interpreter.warnUnknownNames()
        defer { warnings = interpreter.diagnostics }
        let root = try RootClass.choose(in: module, named: className, natives: interpreter.natives)
        let at = root.decl.location
        if !module.statements.isEmpty { try interpreter.runTopLevel() }
        world.rootClassName = root.decl.name
        let object = try makeRoot(root, interpreter, binding, spec: spec, at: at)
        // A storyboard scene's controller: UIKit connects its outlets to the scene's views (and
        // constraints) when the storyboard makes it, before its view loads. (Its `view` is its own;
        // an outlet to the scene's root is not one of the spec's views.)
        if root.kind == .viewController { try binding.connectOutlets(ofOwner: object, root: nil) }
        // A control or controller of a storyboard (Lolita's RefreshControl) is woken from it.
        if interpreter.hasMethod("awakeFromNib", labels: [], on: object) {
            try interpreter.callMethod("awakeFromNib", on: object, at: at)
        }
        // The scene's scrolling view is the one the outlets name: a collection view for a
        // `UICollectionView!` (its cells are still the spec's host table).
        if root.outlets.contains(where: { $0.type == "UICollectionView" }) {
            binding.tableObject.nativeType = binding.types.collectionView
        }
        for outlet in root.outlets {
            try interpreter.setProperty(outlet.name, of: object, to: binding.value(of: binding.tableObject))
        }
        try binding.loadView(of: object, interpreter, at: at)
        // UIKit lays out what a turn of the run loop invalidated (a label's new text changes its
        // intrinsic size: invalidateIntrinsicContentSize, setNeedsLayout) before the next frame;
        // the code's own constraints are solved, and its layoutSubviews() called, by layoutPass.
        try world.layOutAtTheEndOfTheTurn(at: at)
        interpreter.runLoop.turnEnded = { () throws(CodeDiagnostic) in
            try world.layOutAtTheEndOfTheTurn(at: at)
            world.commitTransactionsAtTheEndOfTheTurn()
        }
        try layoutPass(world, binding, interpreter, object, at: at)
        world.commitTransactionsAtTheEndOfTheTurn()

        // The scenario's callbacks, on the run loop.
        let micros = VirtualRunLoop.micros
        // A control that is not a UIRefreshControl (added to the table view) begins refreshing when
        // it sends .valueChanged itself; a UIRefreshControl when the scenario says.
        let custom = world.control == nil ? world.customControl : nil
        var began = ScenarioClock.refreshBegin(scenario)
        if custom == nil {
            world.beganRefreshingAt = micros(began)
        } else {
            began = .infinity
        }
        let delegate: () -> Value = {
            if let set = world.tableView?.local["delegate"] as? Value, !set.isNil { return set }
            return object
        }
        let scrollView: () -> Value = { binding.value(of: binding.tableObject) }
        func callback(_ name: String, _ arguments: [Value] = []) throws(CodeDiagnostic) {
            let target = delegate()
            guard interpreter.hasMethod(name, on: target) else { return }
            try interpreter.callMethod(name, on: target, arguments: [scrollView()] + arguments, at: at)
        }
        var lastOffset: Double?
        func scrolled(at time: Double) throws(CodeDiagnostic) {
            let ended = world.endedRefreshingAt.map(VirtualRunLoop.seconds) ?? .infinity
            let pull = ScenarioClock.pull(scenario, at: time, began: began, ended: ended)
            // UIKit's offset counts from the content inset's top: −adjustedContentInset.top at rest.
            let offset = 0 - (world.topInset + pull)  // 0, not −0, at rest without bars
            guard offset != lastOffset else { return }
            lastOffset = offset
            world.contentOffsetY = offset
            world.followPull()
            try callback("scrollViewDidScroll")
            try binding.notifyScrolled(at: at)
            // The view `refresh-frames swift` writes is told the pull, as its usage sample says.
            if world.rootView != nil, interpreter.hasMethod("pullDidChange", labels: ["to"], on: object) {
                try interpreter.callMethod("pullDidChange", on: object, arguments: [.double(pull)], at: at)
            }
        }
        func frames(from start: Double, to end: Double) throws(CodeDiagnostic) {
            var k = (start * Self.frameRate).rounded(.up)
            var last = -Double.infinity
            while k / Self.frameRate <= end {
                let t = k / Self.frameRate
                try interpreter.schedule(at: micros(t), "a frame's scrollViewDidScroll") { () throws(CodeDiagnostic) in
                    try scrolled(at: t)
                }
                last = t
                k += 1
            }
            // The scroll's animation ends at its resting offset, which UIKit reports too (off the frame grid).
            if micros(last) < micros(end) {
                try interpreter.schedule(at: micros(end), "the scroll's last scrollViewDidScroll") {
                    () throws(CodeDiagnostic) in try scrolled(at: end)
                }
            }
        }
        let pull = scenario.pull
        let deepest = pull.map(\.distance).max() ?? 0
        var settled = 0.0
        if let first = pull.first, deepest > 0 {
            let release = pull.last { $0.distance == deepest }!.time
            let lastKeyframe = pull.last!.time
            try interpreter.schedule(at: micros(first.time), "scrollViewWillBeginDragging") {
                () throws(CodeDiagnostic) in
                world.isDragging = true
                try callback("scrollViewWillBeginDragging")
            }
            try interpreter.schedule(at: micros(release), "scrollViewDidEndDragging") { () throws(CodeDiagnostic) in
                // The finger rests at the deepest pull when it lifts: no velocity. The target is where
                // the content comes to rest as things stand: the top of its inset, with the control's
                // height while refreshing (UIRefreshControl's inset; the scenario holds the pull there).
                func resting() -> Point {
                    // A control of the code's own may have just set its refreshing flag (it is read
                    // at the end of the turn).
                    let refreshing =
                        world.endedRefreshingAt == nil
                        && (world.beganRefreshingAt.map { $0 <= micros(release) } == true
                            || custom.map { isRefreshing($0, binding, interpreter) == true } == true)
                    return Point(x: 0, y: -(world.topInset + (refreshing ? scenario.controlHeight : 0)))
                }
                let target = PointBox(resting())
                try callback(
                    "scrollViewWillEndDragging", [binding.point(Point(x: 0, y: 0)), binding.pointer(to: target)])
                let rest = resting()
                if target.written, target.point != rest {
                    interpreter.warn(
                        "scrollViewWillEndDragging set targetContentOffset to (\(formatNumber(target.point.x)), "
                            + "\(formatNumber(target.point.y))); the content comes to rest at (\(formatNumber(rest.x)), "
                            + "\(formatNumber(rest.y))), where the scenario's pull takes it (controlHeight while refreshing): "
                            + "the code's target is not followed", at: at)
                }
                world.isDragging = false
                world.isDecelerating = true
                try callback("scrollViewDidEndDragging", [.bool(true)])
                try callback("scrollViewWillBeginDecelerating")
            }
            let decelerated = release + Self.decelerationDuration
            settled = max(lastKeyframe, decelerated)
            try frames(from: first.time, to: settled)
            try interpreter.schedule(at: micros(decelerated), "scrollViewDidEndDecelerating") {
                () throws(CodeDiagnostic) in
                world.isDecelerating = false
                try callback("scrollViewDidEndDecelerating")
            }
        }
        // Refreshing begins.
        if let custom {
            let scenarioBegins = ScenarioClock.refreshBegin(scenario)
            // Its own endRefreshing() (SCRRefreshControl's keeps its state in its view) ends it.
            interpreter.methodReturned = { name, receiver in
                guard name == "endRefreshing", case .object(let instance) = receiver,
                    instance.native?.payload as? ViewObject === custom
                else { return }
                world.customControlEnded()
            }
            world.onCustomControlBegan = { time in
                began = VirtualRunLoop.seconds(time)
                guard workDurationGiven else { return }
                // The app's work ends: the control's own endRefreshing(), unless it ended first.
                _ = try? interpreter.schedule(at: time + micros(scenario.workDuration), "the work's end") {
                    () throws(CodeDiagnostic) in
                    guard world.endedRefreshingAt == nil else { return }
                    let value = binding.value(of: custom)
                    if interpreter.hasMethod("endRefreshing", labels: [], on: value) {
                        try interpreter.callMethod("endRefreshing", on: value, at: at)
                    }
                    world.customControlEnded()
                }
            }
            if pull.first == nil {
                // No pull to follow: the scenario's refreshAt begins it, as the app's code would.
                try interpreter.schedule(at: micros(scenarioBegins), "the control's beginRefreshing") {
                    () throws(CodeDiagnostic) in
                    let value = binding.value(of: custom)
                    if interpreter.hasMethod("beginRefreshing", labels: [], on: value) {
                        try interpreter.callMethod("beginRefreshing", on: value, at: at)
                    }
                    world.customControlBegan()
                }
            }
        } else {
            try interpreter.schedule(at: micros(began), "the refresh control's valueChanged") {
                () throws(CodeDiagnostic) in
                if pull.first != nil { try scrolled(at: began) }
                if let control = world.control {
                    control.isRefreshing = true
                    let sender = binding.value(of: control)
                    for (target, action) in control.valueChangedTargets {
                        try interpreter.send(action, to: target, sender: sender, at: at)
                    }
                } else if interpreter.hasMethod("beginRefreshing", labels: [], on: object) {
                    try interpreter.callMethod("beginRefreshing", on: object, at: at)
                }
            }
        }
        // The app's work ends (unless the code's own timer ended it first).
        if workDurationGiven, custom == nil {
            try interpreter.schedule(at: micros(began + scenario.workDuration), "the work's end") {
                () throws(CodeDiagnostic) in
                guard world.endedRefreshingAt == nil else { return }
                if let control = world.control {
                    let value = binding.value(of: control)
                    if interpreter.hasMethod("endRefreshing", labels: [], on: value) {
                        try interpreter.callMethod("endRefreshing", on: value, at: at)
                    } else {
                        world.endRefreshing(control)
                    }
                } else if interpreter.hasMethod("endRefreshing", labels: [], on: object)
                    || interpreter.hasMethod("beginRefreshing", labels: [], on: object)
                {
                    // A view with beginRefreshing() alone ends as the work does: nothing to call.
                    world.endedRefreshingAt = world.time
                    if interpreter.hasMethod("endRefreshing", labels: [], on: object) {
                        try interpreter.callMethod("endRefreshing", on: object, at: at)
                    }
                    // The app's endRefreshing() of its UIRefreshControl: the content scrolls back.
                    world.onEndRefreshing?(world.time)
                }
            }
        }
        // endRefreshing: the spinner fades (UIRefreshControl's 0.3 s), the content scrolls back.
        world.onEndRefreshing = { time in
            let t = VirtualRunLoop.seconds(time)
            let spinners = spec.views.filter { $0.kind == .spinner }
            if !spinners.isEmpty {
                let id = world.runtime.beginBlock(AnimationBlock(duration: 0.3, curve: .easeInOut), at: time)
                for view in spinners { world.runtime.set(.alpha, of: view.tag, to: 0, at: time) }
                world.runtime.endBlock(id, at: time)
            }
            try? frames(from: t, to: t + scenario.collapseDuration)
        }

        // Run until nothing is left to do, or a while after the refresh ended.
        let limit = micros(scenario.duration ?? Limits.totalDuration)
        while let next = interpreter.runLoop.nextTime, next <= limit {
            if let until = runsUntil, next > micros(until), world.endedRefreshingAt != nil { break }
            if scenario.duration == nil, custom != nil, pull.first != nil, world.beganRefreshingAt == nil,
                next > micros(settled + Self.afterglow)
            {
                interpreter.warn(
                    "the code keeps animating after the pull, with no refresh: shown until \(VirtualRunLoop.format(micros(settled + Self.afterglow))) (set scenario.duration to see more)",
                    at: at)
                break
            }
            if scenario.duration == nil, let ended = world.endedRefreshingAt,
                next > ended + micros(scenario.collapseDuration + Self.afterglow), next > micros(settled)
            {
                interpreter.warn(
                    "the code keeps animating after endRefreshing(): shown until \(VirtualRunLoop.format(ended + micros(scenario.collapseDuration + Self.afterglow))) (set scenario.duration to see more)",
                    at: at)
                break
            }
            try interpreter.run(untilMicros: next)
            try layoutPass(world, binding, interpreter, object, at: at)
            // Its own `refreshing` (jcavar/refresher's `loading`) turning true begins the refresh
            // (when it sends no .valueChanged), turning false ends it.
            if let custom, let flag = isRefreshing(custom, binding, interpreter) {
                if flag { world.customControlBegan() } else { world.customControlEnded() }
            }
        }
        if let custom, world.beganRefreshingAt == nil {
            // A control that only follows the pull (kalvish21/shapelayertest's ring), or one the
            // scenario's pull does not start: the pull is shown alone, and the warning names the two
            // ways such a control begins (the flag it has, or the four it could).
            let flag = refreshingFlag(custom, binding).map { "its '\($0)' never turned true" }
            interpreter.warn(
                "the refresh never began: \(custom.label) never sent .valueChanged (sendActions(for:)) as the scenario pulled, and \(flag ?? "it has no stored 'refreshing', 'isRefreshing', 'loading' or 'isLoading' that turns true"); shown as the pull alone",
                at: at)
            world.finishCodeViews()
            return finished(world, interpreter, began: .infinity, ended: .infinity, stopped: nil)
        }
        guard let ended = world.endedRefreshingAt else {
            // Nothing began refreshing at all: say that, not what would end it.
            let installed =
                world.control != nil || custom != nil
                || interpreter.hasMethod("beginRefreshing", labels: [], on: object)
            let how =
                workDurationGiven || !installed
                ? "its refresh control was never installed (addSubview or refreshControl =)"
                : "give scenario.workDuration, or end refreshing in the code (a timer calling endRefreshing())"
            throw .error(at: at, "the refresh never ends: \(how)")
        }
        world.finishCodeViews()
        // The run loop counts whole microseconds; a refresh the scenario's work ended ends when the
        // scenario says (0.45 + 1.6 s is 2.0500000000000003, after a check point at 2.05 s).
        let workEnd = began + scenario.workDuration
        let endSeconds = workDurationGiven && ended == micros(workEnd) ? workEnd : VirtualRunLoop.seconds(ended)
        let lastChange = world.runtime.segments.map(\.end).filter(\.isFinite).max() ?? 0
        return finished(
            world, interpreter, began: began, ended: endSeconds, stopped: lastChange > endSeconds ? lastChange : nil)
    }

    /// The run as it ended (its code views finished): the runtime with its image and spinner runs.
    private func finished(
        _ world: UIKitWorld, _ interpreter: Interpreter, began: Double, ended: Double, stopped: Double?
    ) -> Result {
        var run = RuntimeRun(
            runtime: world.runtime, refreshBeganAt: began, refreshEndedAt: ended, programStoppedAt: stopped)
        run.imageRuns = ImageAnimationRun.runs(world.imageCalls)
        run.indicatorRuns = world.indicatorCalls.mapValues(ImageAnimationRun.indicatorRuns)
        return Result(run: run, diagnostics: interpreter.diagnostics, printed: interpreter.printed)
    }

    /// The driven object: a `UIView` subclass that declares `init(frame:)` and no `init()` is made as
    /// UIKit's `UIView()` makes it, through `init(frame:)`, at the refresh control's bounds (as the
    /// usage sample of `refresh-frames swift` sets its frame); any other with `init()`.
    private func makeRoot(
        _ root: RootClass, _ interpreter: Interpreter, _ binding: UIKitBinding, spec: Spec, at: CodeLocation
    ) throws(CodeDiagnostic) -> Value {
        let initializers = root.decl.methods.filter { $0.name == "init" }
        if root.kind == .refreshingView, !initializers.contains(where: { $0.parameters.isEmpty }),
            initializers.contains(where: { $0.parameters.map(\.label) == ["frame"] })
        {
            let bounds = Rect(x: 0, y: 0, width: spec.canvas.width, height: spec.canvas.height)
            return try interpreter.instantiate(
                root.decl.name, labels: ["frame"], arguments: [binding.rect(bounds)], at: at)
        }
        return try interpreter.instantiate(root.decl.name, at: at)
    }

    /// UIKit's layout pass at the end of a turn of the run loop (the views the code's constraints
    /// place), then the driven view's `layoutSubviews()` when the pass moved anything, then that of
    /// every other view of the code's that the turn marked (`layOutSubviews`).
    private func layoutPass(
        _ world: UIKitWorld, _ binding: UIKitBinding, _ interpreter: Interpreter, _ object: Value, at: CodeLocation
    ) throws(CodeDiagnostic) {
        if try world.layoutPass(at: at), world.rootView != nil,
            interpreter.hasMethod("layoutSubviews", labels: [], on: object)
        {
            try interpreter.callMethod("layoutSubviews", on: object, at: at)
        }
        // The layoutSubviews() of the code's other views that a change marked (Respinner's control).
        try binding.layOutSubviews(at: at)
    }

    /// A custom control's own `refreshing` (or `isRefreshing`, `loading`, `isLoading`) stored
    /// property; nil when it has none.
    private func isRefreshing(_ control: ViewObject, _ binding: UIKitBinding, _ interpreter: Interpreter) -> Bool? {
        guard case .object(let instance) = binding.value(of: control), let name = refreshingFlag(control, binding),
            case .bool(let flag) = instance.stored(name)
        else { return nil }
        return flag
    }

    /// The stored flag whose turning true begins a control's refresh (jcavar/refresher's `loading`).
    private func refreshingFlag(_ control: ViewObject, _ binding: UIKitBinding) -> String? {
        guard case .object(let instance) = binding.value(of: control) else { return nil }
        return ["refreshing", "isRefreshing", "loading", "isLoading"].first {
            if case .bool = instance.stored($0) { return true }
            return false
        }
    }

    /// How long after the refresh ended (and the content scrolled back) the code may still animate.
    static let afterglow = 5.0
}
