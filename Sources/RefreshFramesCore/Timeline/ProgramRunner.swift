/// Runs the animation program as UIKit would, through the `AnimationRuntime`: each block sets the
/// model values at once and adds the animations UIKit adds, and its completion starts the next
/// step exactly when it ends (a step with `wait: false` follows its call at once). A completion
/// with `finished = false` stops the steps after it, as the generated Swift's
/// `guard finished else { return }` does (the loop's then applies the reset, as its
/// `return self.stop()` does). The loop and the `onEnd` steps are two chains of steps
/// run in time order. Times are kept in whole microseconds so chained durations add up exactly.
struct ProgramRunner {
    let spec: Spec
    let now: Int64
    private(set) var runtime: AnimationRuntime
    private var palette: PaletteCursor
    private var blocks = 0
    private let kinds: [Int: ViewKind]
    /// Every `startAnimating()` (`starts`) and `stopAnimating()` of an image view, in the order made.
    private var imageCalls: [(tag: Int, time: Double, starts: Bool)] = []
    /// When refreshing ends (virtual microseconds; set by `run`).
    private var refreshEndsAt = Int64.max

    init(spec: Spec, now: Int64, layout: Layout = Layout(frames: [:]), relayout: Relayout? = nil) {
        self.spec = spec
        self.now = now
        palette = PaletteCursor(spec.palette)
        kinds = Dictionary(spec.views.map { ($0.tag, $0.kind) }, uniquingKeysWith: { _, last in last })
        runtime = AnimationRuntime(spec: spec, layout: layout, now: now, relayout: relayout)
    }

    typealias Relayout = @Sendable (AnimationRuntime.LayoutRequest) throws -> Layout

    var tracks: [Int: ViewTracks] { runtime.tracks }
    var segments: [Segment] { runtime.segments }

    static func micros(_ seconds: Double) -> Int64 { AnimationRuntime.micros(seconds) }
    static func seconds(_ micros: Int64) -> Double { Double(micros) / 1_000_000 }

    /// The labels' refreshing texts, and the layout they make, from when refreshing begins.
    mutating func applyRefreshingTexts(at began: Double, layout: Layout) {
        let t = Self.micros(began)
        for view in spec.views {
            guard let text = view.texts[.refreshing], text != view.texts[.idle] else { continue }
            runtime.set(.text, of: view.tag, to: expandClockTemplates(text, now: now), at: t)
        }
        runtime.needsLayout = false
        runtime.apply(layout, at: t, step: nil)
    }

    /// Spinners fade out (UIRefreshControl's `_goAway`, 0.3 s) when refreshing ends.
    mutating func fadeSpinners(at ended: Double, duration: Double) {
        let t = Self.micros(ended)
        let block = runtime.beginBlock(AnimationBlock(duration: duration), at: t)
        for view in spec.views where view.kind == .spinner { runtime.set(.alpha, of: view.tag, to: 0, at: t) }
        runtime.endBlock(block, at: t)
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

    // MARK: - Chains

    /// A step to run, with the view its `current` names and its JSON path.
    struct Instruction {
        var step: Step
        var current: Int?
        var path: String
    }

    /// What a chain waits for before its next step.
    enum Waiting {
        case block(AnimationRuntime.BlockID)
        case animations([AnimationRuntime.AnimationID])
    }

    /// A sequence of steps run one after another.
    struct Chain {
        var queue: [Instruction] = []
        var waiting: Waiting?
        /// The loop: where it is, and what it does at the end of each pass.
        var isLoop = false
        var passStart: Int64 = 0
        var cursor = 0
        var roundStart: Int64 = 0
        var stopped = false
    }

    /// Runs the loop from `start` and the `onEnd` steps from `end`; returns when the loop stopped
    /// (the reset applied: at its check point, or when a completion it waited for got
    /// `finished = false`), nil when it never did (it waits for an animation that never ends).
    mutating func run(_ program: Program, from start: Double, refreshEndsAt end: Double) throws(SpecDiagnostic)
        -> Double?
    {
        let endMicros = Self.micros(end)
        refreshEndsAt = endMicros
        var loop = Chain()
        loop.isLoop = true
        var chains = [loop]
        var times: [Int64] = [Self.micros(start)]
        if !program.onEnd.isEmpty {
            // An `each` there runs its steps once per view, as the cycle's does.
            chains.append(Chain(queue: flatten(program.onEnd, current: nil, path: "program.onEnd")))
            times.append(endMicros)
        }
        var stoppedAt: Int64?
        // Repeatedly run the chain due first (the loop before onEnd at the same instant).
        while let next = times.indices.filter({ !chains[$0].stopped && times[$0] != .max }).min(by: {
            (times[$0], $0) < (times[$1], $1)
        }) {
            let t = times[next]
            if let waiting = chains[next].waiting {
                chains[next].waiting = nil
                guard finished(waiting) else {
                    chains[next].stopped = true
                    // The loop stops as the generated code's `guard finished else { return stop() }`
                    // does, and as a control's own code does: the reset applies then.
                    if chains[next].isLoop {
                        for view in spec.views { _ = apply(program.reset, to: view.tag, at: t, step: nil) }
                        stoppedAt = t
                    }
                    continue
                }
            }
            if chains[next].queue.isEmpty {
                guard chains[next].isLoop else {
                    chains[next].stopped = true
                    continue
                }
                // The loop's check point.
                if try !startPass(&chains[next], program, at: t, refreshEndsAt: endMicros) {
                    for view in spec.views {
                        _ = apply(program.reset, to: view.tag, at: t, step: nil)
                    }
                    stoppedAt = t
                    chains[next].stopped = true
                    continue
                }
            }
            let instruction = chains[next].queue.removeFirst()
            let (resume, waiting, changes) = try run(instruction, at: t)
            chains[next].waiting = waiting
            times[next] = resume ?? .max
            // A cancelled completion moves the chain waiting for it to that instant.
            for change in changes {
                for i in chains.indices where i != next && chains[i].isWaiting(for: change.subject) {
                    times[i] = min(times[i], change.completion.time)
                }
            }
        }
        return stoppedAt.map(Self.seconds)
    }

    /// Whether what the chain waited for finished.
    private func finished(_ waiting: Waiting) -> Bool {
        switch waiting {
        case .block(let id): return runtime.completion(of: id)?.finished ?? false
        case .animations(let ids):
            let stops = ids.compactMap { runtime.stop(of: $0) }
            guard let last = stops.max(by: { ($0.time, $0.finished ? 1 : 0) < ($1.time, $1.finished ? 1 : 0) })
            else { return true }
            return last.finished
        }
    }

    /// At the loop's check point: queues the next pass, or returns false when refreshing is over.
    private mutating func startPass(_ chain: inout Chain, _ program: Program, at t: Int64, refreshEndsAt end: Int64)
        throws(SpecDiagnostic) -> Bool
    {
        switch program.check {
        case .afterCycle:
            if chain.cursor > 0 {
                if t == chain.passStart { throw neverAdvances("program.cycle") }
                guard end > t else { return false }
            }
            chain.cursor = 1
            chain.passStart = t
            chain.queue = flatten(program.cycle, current: nil, path: "program.cycle")
        case .afterEachView:
            guard case .each(let each) = program.cycle[0] else { return false }
            if chain.passStart > 0 || chain.cursor > 0 || chain.roundStart > 0 {
                chain.cursor += 1
                if chain.cursor == each.wrapAt {
                    chain.cursor = 0
                    if t == chain.roundStart { throw neverAdvances("program.cycle[0].each") }
                    chain.roundStart = t
                }
                guard end > t else { return false }
            } else {
                chain.roundStart = t
            }
            chain.passStart = 1
            chain.queue = each.steps.enumerated().flatMap { i, step in
                flatten(
                    [step], current: each.views[chain.cursor], path: "program.cycle[0].each.steps[\(i)]", indexed: false
                )
            }
        }
        return true
    }

    /// The steps with every `each` unrolled, in the order they run.
    private func flatten(_ steps: [Step], current: Int?, path: String, indexed: Bool = true) -> [Instruction] {
        steps.enumerated().flatMap { i, step -> [Instruction] in
            let here = indexed ? path + "[\(i)]" : path
            guard case .each(let each) = step else { return [Instruction(step: step, current: current, path: here)] }
            return each.views.prefix(each.wrapAt).flatMap { tag in
                flatten(each.steps, current: tag, path: here + ".each.steps")
            }
        }
    }

    /// Runs one step at `t`; returns when the chain goes on (nil: never), what it waits for, and
    /// the completions the step moved.
    private mutating func run(_ instruction: Instruction, at t: Int64) throws(SpecDiagnostic)
        -> (Int64?, Waiting?, [AnimationRuntime.CompletionChange])
    {
        let path = instruction.path
        func targets(_ target: Target) -> [Int] {
            switch target {
            case .current: instruction.current.map { [$0] } ?? []
            case .all: spec.views.map(\.tag)
            case .tags(let list): list
            }
        }
        var changes: [AnimationRuntime.CompletionChange] = []
        func block(_ timing: BlockTiming, _ kind: AnimationBlock.Kind, step: String, _ body: (inout Self) -> Void)
            throws(SpecDiagnostic) -> (Int64?, Waiting?, [AnimationRuntime.CompletionChange])
        {
            try countBlock()
            let id = runtime.beginBlock(timing.block(kind), at: t)
            body(&self)
            changes += runtime.endBlock(id, at: t)
            try checkSegments()
            guard timing.wait else { return (t, nil, changes) }
            return (runtime.completion(of: id)?.time, .block(id), changes)
        }
        switch instruction.step {
        case .each: return (t, nil, [])
        case .animate(let a):
            return try block(a.timing, .basic, step: path + ".animate") { runner in
                for tag in targets(a.target) {
                    changes += runner.apply(a.changes, to: tag, at: t, step: path + ".animate")
                }
            }
        case .keyframes(let k):
            return try block(k.timing, .keyframes(k.mode), step: path + ".keyframes") { runner in
                for frame in k.frames {
                    runner.runtime.beginKeyframe(relativeStart: frame.start, relativeDuration: frame.duration)
                    for tag in targets(k.target) {
                        changes += runner.apply(frame.changes, to: tag, at: t, step: path + ".keyframes")
                    }
                    runner.runtime.endKeyframe()
                }
            }
        case .transition(let tr):
            return try block(tr.timing, .transition(tr.kind, view: tr.view), step: path + ".transition") { runner in
                for tag in targets(tr.target) {
                    changes += runner.apply(tr.changes, to: tag, at: t, step: path + ".transition")
                }
            }
        case .layout(let l):
            return try block(l.timing, .basic, step: path + ".layout") { runner in
                for (id, value) in l.constants { try? runner.runtime.setConstraintConstant(id, to: value, at: t) }
                do {
                    changes += try runner.runtime.layoutIfNeeded(at: t)
                } catch {
                    runner.layoutError = SpecDiagnostic(path: path + ".layout", location: nil, message: "\(error)")
                }
            }
        case .layerAnimation(let c):
            var ids: [AnimationRuntime.AnimationID] = []
            for tag in targets(c.target) {
                var animation = c.animation
                animation.beginTime = Self.seconds(t + Self.micros(c.delay))
                do {
                    let (id, moved) = try runtime.add(animation, to: tag, forKey: c.key, at: t)
                    ids.append(id)
                    changes += moved
                } catch {
                    throw SpecDiagnostic(path: path + ".caAnimation", location: nil, message: "\(error)")
                }
            }
            try checkSegments()
            guard c.wait else { return (t, nil, changes) }
            let stops = ids.map { runtime.stop(of: $0) }
            if stops.contains(where: { $0 == nil }) { return (nil, .animations(ids), changes) }
            return (stops.compactMap { $0?.time }.max() ?? t, .animations(ids), changes)
        case .removeAnimations(let r):
            for tag in targets(r.target) {
                if let key = r.key {
                    changes += runtime.removeAnimation(forKey: key, from: tag, at: t)
                } else {
                    changes += runtime.removeAllAnimations(from: tag, at: t)
                }
            }
            return (t, nil, changes)
        case .imageAnimation(let step):
            for tag in targets(step.target) where kinds[tag] == .image {
                let name = step.starts ? ".startAnimating" : ".stopAnimating"
                setAnimating(step.starts, tag: tag, at: Self.seconds(t), step: path + name)
            }
            return (t, nil, [])
        }
    }

    /// `startAnimating()` or `stopAnimating()` of the image view `tag` at `time`, with its line in the log.
    mutating func setAnimating(_ starts: Bool, tag: Int, at time: Double, step: String? = nil) {
        imageCalls.append((tag, time, starts))
        runtime.segments.append(
            Segment(
                tag: tag, property: "animating", from: starts ? "false" : "true", to: starts ? "true" : "false",
                start: time, end: time, curve: .linear, step: step))
    }

    /// Each image view's runs from the calls made (`ImageAnimationRun.runs`).
    var imageRuns: [Int: [ImageAnimationRun]] { ImageAnimationRun.runs(imageCalls) }

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

    /// A layout step's failure, thrown after its block.
    private var layoutError: SpecDiagnostic?

    private mutating func countBlock() throws(SpecDiagnostic) {
        if let layoutError { throw layoutError }
        blocks += 1
        if blocks > Limits.animationBlocks {
            throw SpecDiagnostic(
                path: "program", location: nil,
                message:
                    "the program runs more than \(Limits.animationBlocks) animation blocks before the refresh ends, over the limit animationBlocks = \(Limits.animationBlocks); lengthen its steps or shorten scenario.workDuration"
            )
        }
    }

    private func checkSegments() throws(SpecDiagnostic) {
        if let layoutError { throw layoutError }
        if runtime.segments.count > Limits.animationSegments {
            throw SpecDiagnostic(
                path: "program", location: nil,
                message:
                    "the program makes more than \(Limits.animationSegments) property animations before the refresh ends, over the limit animationSegments = \(Limits.animationSegments); animate fewer views or shorten scenario.workDuration"
            )
        }
    }

    /// Sets every property `changes` sets on view `tag`, in the table's order, inside the block
    /// open in the runtime (outside any block for the reset).
    private mutating func apply(_ changes: Changes, to tag: Int, at t: Int64, step: String?)
        -> [AnimationRuntime.CompletionChange]
    {
        var changes = changes
        // Once refreshing has ended, a spinner's alpha is the fade that began then (`fadeSpinners`,
        // UIRefreshControl hiding its spinner): a step or the reset that would show it again (a
        // reset's `"alpha": 1` meant for the other views) leaves it, at the end's instant as later,
        // so which of the work's end and the loop's steps at one instant runs first does not matter.
        if t >= refreshEndsAt, kinds[tag] == .spinner { changes[.alpha] = nil }
        var moved: [AnimationRuntime.CompletionChange] = []
        func assign<P: AnyAnimatableProperty>(_ p: P) {
            let property = p.property
            guard let setting = changes[property], let initial = runtime.tracks[tag]?.initial(of: property) else {
                return
            }
            let value = setting.resolved(initial: initial, palette: &palette)
            moved += runtime.set(property, of: tag, to: value, at: t, step: step)
        }
        for p in AnimatableProperties.settable { assign(p) }
        return moved
    }
}

extension ProgramRunner.Chain {
    func isWaiting(for subject: AnimationRuntime.CompletionChange.Subject) -> Bool {
        switch (waiting, subject) {
        case (.block(let id)?, .block(let other)): id == other
        case (.animations(let ids)?, .animation(let other)): ids.contains(other)
        default: false
        }
    }
}
