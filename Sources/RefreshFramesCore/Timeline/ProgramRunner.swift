/// Runs the animation program as UIKit would: each block sets the model values at once, adds an
/// animation for the animatable ones, and its completion starts the next block exactly when it ends.
/// Times are kept in whole microseconds so chained durations add up exactly.
struct ProgramRunner {
    let spec: Spec
    let now: Int64
    private(set) var tracks: [Int: ViewTracks] = [:]
    /// Every keyframe added, in the order the program made them (the timeline's log).
    private(set) var segments: [Segment] = []
    private var palette: PaletteCursor
    private var blocks = 0
    private let kinds: [Int: ViewKind]
    /// Every `startAnimating()` (`starts`) and `stopAnimating()` of an image view, in the order made.
    private var imageCalls: [(tag: Int, time: Double, starts: Bool)] = []

    init(spec: Spec, now: Int64, layout: Layout = Layout(frames: [:])) {
        self.spec = spec
        self.now = now
        palette = PaletteCursor(spec.palette)
        var kinds: [Int: ViewKind] = [:]
        for view in spec.views {
            kinds[view.tag] = view.kind
            tracks[view.tag] = ViewTracks(view, now: now, frame: layout.frame(tag: view.tag))
        }
        self.kinds = kinds
    }

    static func micros(_ seconds: Double) -> Int64 { Int64((seconds * 1_000_000).rounded()) }
    static func seconds(_ micros: Int64) -> Double { Double(micros) / 1_000_000 }

    /// Adds a keyframe to the track of `property` of the view `tag`, from its model value, and its
    /// line to the log. How keyframes of one track combine is the track's business.
    private mutating func add<Setting>(
        _ property: AnimatableProperty<Setting>, of tag: Int, to value: Setting.Value, start: Double,
        end: Double, curve: Curve, step: String? = nil
    ) {
        guard let from = tracks[tag]?.add(value, to: property, start: start, end: end, curve: curve) else { return }
        segments.append(
            Segment(
                tag: tag, property: property.name, from: from.dumpDescription, to: value.dumpDescription,
                start: start, end: end, curve: curve, step: step))
    }

    mutating func applyRefreshingTexts(at began: Double) {
        for view in spec.views {
            guard let text = view.texts[.refreshing], text != view.texts[.idle] else { continue }
            add(.text, of: view.tag, to: expandClockTemplates(text, now: now), start: began, end: began, curve: .linear)
        }
    }

    /// Spinners fade out (UIRefreshControl's `_goAway`, 0.3 s) when refreshing ends.
    mutating func fadeSpinners(at ended: Double, duration: Double) {
        for view in spec.views where view.kind == .spinner {
            add(.alpha, of: view.tag, to: 0, start: ended, end: ended + duration, curve: .easeInOut)
        }
    }

    /// A cycle whose blocks animate nothing (only instant changes such as a label's textColor)
    /// completes at once, so `while refreshing` would spin forever in UIKit too.
    private func neverAdvances(_ path: String) -> SpecDiagnostic {
        SpecDiagnostic(
            path: path, location: nil,
            message:
                "the loop never advances: its steps only make instant changes (a label's textColor or backgroundColor), so no block takes time; animate transform or alpha"
        )
    }

    /// Runs the loop from `start`; returns when it stopped (the reset applied).
    mutating func run(_ program: Program, from start: Double, refreshEndsAt end: Double) throws(SpecDiagnostic)
        -> Double
    {
        var t = Self.micros(start)
        let endMicros = Self.micros(end)
        switch program.check {
        case .afterCycle:
            repeat {
                let passStart = t
                for (i, step) in program.cycle.enumerated() {
                    t = try run(step, at: t, current: nil, path: "program.cycle[\(i)]")
                }
                if t == passStart { throw neverAdvances("program.cycle") }
            } while endMicros > t
        case .afterEachView:
            guard case .each(let each) = program.cycle[0] else { return Self.seconds(t) }
            var cursor = 0
            var roundStart = t
            repeat {
                for (i, step) in each.steps.enumerated() {
                    t = try run(step, at: t, current: each.views[cursor], path: "program.cycle[0].each.steps[\(i)]")
                }
                cursor += 1
                if cursor == each.wrapAt {
                    cursor = 0
                    if t == roundStart { throw neverAdvances("program.cycle[0].each") }
                    roundStart = t
                }
            } while endMicros > t
        }
        // The loop saw `refreshing == false`: snap every view to the reset values, no animation.
        for view in spec.views { _ = apply(program.reset, to: view.tag, at: t, duration: 0, delay: 0, curve: .linear) }
        return Self.seconds(t)
    }

    private mutating func run(_ step: Step, at t: Int64, current: Int?, path: String) throws(SpecDiagnostic) -> Int64 {
        switch step {
        case .each(let each):
            var t = t
            for tag in each.views.prefix(each.wrapAt) {
                for (i, inner) in each.steps.enumerated() {
                    t = try run(inner, at: t, current: tag, path: path + ".each.steps[\(i)]")
                }
            }
            return t
        case .animate(let a):
            blocks += 1
            if blocks > Limits.animationBlocks {
                throw SpecDiagnostic(
                    path: "program", location: nil,
                    message:
                        "the program runs more than \(Limits.animationBlocks) animation blocks before the refresh ends, over the limit animationBlocks = \(Limits.animationBlocks); lengthen its steps or shorten scenario.workDuration"
                )
            }
            let targets: [Int]
            switch a.target {
            case .current: targets = current.map { [$0] } ?? []
            case .all: targets = spec.views.map(\.tag)
            case .tags(let list): targets = list
            }
            let duration = Self.micros(a.duration)
            let delay = Self.micros(a.delay)
            var animated = false
            for tag in targets {
                animated =
                    apply(
                        a.changes, to: tag, at: t, duration: duration, delay: delay, curve: a.curve,
                        step: path + ".animate") || animated
            }
            if segments.count > Limits.animationSegments {
                throw SpecDiagnostic(
                    path: "program", location: nil,
                    message:
                        "the program makes more than \(Limits.animationSegments) property animations before the refresh ends, over the limit animationSegments = \(Limits.animationSegments); animate fewer views or shorten scenario.workDuration"
                )
            }
            // A block that animates nothing completes at once (UIKit calls the completion on the next turn).
            return animated ? t + delay + duration : t
        case .imageAnimation(let step):
            let targets: [Int]
            switch step.target {
            case .current: targets = current.map { [$0] } ?? []
            case .all: targets = spec.views.map(\.tag)
            case .tags(let list): targets = list
            }
            for tag in targets where kinds[tag] == .image {
                let name = step.starts ? ".startAnimating" : ".stopAnimating"
                setAnimating(step.starts, tag: tag, at: Self.seconds(t), step: path + name)
            }
            return t
        }
    }

    /// `startAnimating()` or `stopAnimating()` of the image view `tag` at `time`, with its line in the log.
    mutating func setAnimating(_ starts: Bool, tag: Int, at time: Double, step: String? = nil) {
        imageCalls.append((tag, time, starts))
        segments.append(
            Segment(
                tag: tag, property: "animating", from: starts ? "false" : "true", to: starts ? "true" : "false",
                start: time, end: time, curve: .linear, step: step))
    }

    /// Each image view's runs from the calls made, in time order (calls at one instant in the order
    /// made): a start while a run plays restarts it, a stop ends it, a stop with none playing does nothing.
    var imageRuns: [Int: [ImageAnimationRun]] {
        var runs: [Int: [ImageAnimationRun]] = [:]
        for call in imageCalls.enumerated().sorted(by: { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) })
        {
            let (tag, time, starts) = call.element
            var list = runs[tag] ?? []
            if let last = list.last, last.stop == nil { list[list.count - 1].stop = time }
            if starts { list.append(ImageAnimationRun(start: time)) }
            runs[tag] = list
        }
        return runs
    }

    /// The frame sequences that play by themselves: from set-up (`"animating": true`), or from
    /// refresh begin to endRefreshing (`"animating": "refreshing"`).
    mutating func startImageSequences(began: Double, ended: Double) {
        for view in spec.views {
            switch view.imageView?.animating {
            case .fromSetUp?: setAnimating(true, tag: view.tag, at: 0)
            case .whileRefreshing?:
                setAnimating(true, tag: view.tag, at: began)
                setAnimating(false, tag: view.tag, at: ended)
            default: break
            }
        }
    }

    /// Applies every property `changes` sets, in the table's order; returns whether any change was
    /// animated (not instant).
    private mutating func apply(
        _ changes: Changes, to tag: Int, at t: Int64, duration: Int64, delay: Int64, curve: Curve, step: String? = nil
    ) -> Bool {
        let kind = kinds[tag] ?? .view
        var animated = false
        func assign<P: AnyAnimatableProperty>(_ p: P) {
            let property = p.property
            guard let setting = changes[property], let initial = tracks[tag]?.initial(of: property) else { return }
            let value = setting.resolved(initial: initial, palette: &palette)
            if property.animates(kind) && duration > 0 {
                add(
                    property, of: tag, to: value, start: Self.seconds(t + delay),
                    end: Self.seconds(t + delay + duration), curve: curve, step: step)
                animated = true
            } else {
                add(
                    property, of: tag, to: value, start: Self.seconds(t), end: Self.seconds(t), curve: .linear,
                    step: step)
            }
        }
        for p in AnimatableProperties.settable { assign(p) }
        return animated
    }
}
