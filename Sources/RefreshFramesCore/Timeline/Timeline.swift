/// Every animation segment of a scenario, computed once from the spec and the solved layout;
/// `sample(at:)` then gives the state at any instant, in any order, on any thread.
package struct Timeline: Sendable {
    package let spec: Spec
    /// The layout with the idle texts; `refreshingLayout` with the texts shown from refreshBeganAt on.
    package let layout: Layout
    /// How a `layoutIfNeeded()` re-solves the layout (new constants, new texts), for a program
    /// that drives its own runtime; nil: the layout never changes.
    package var relayout: (@Sendable (AnimationRuntime.LayoutRequest) throws -> Layout)?
    package let refreshingLayout: Layout
    /// Every keyframe as the dump prints it, in the order the program produced them.
    package let segments: [Segment]
    /// Each view's animated properties, by tag.
    package let tracks: [Int: ViewTracks]
    /// The layout from each instant on (the idle layout, the refreshing one, and each re-solve a
    /// `layout` step made).
    package let layouts: [(time: Double, layout: Layout)]
    /// The `UIView.transition` steps, by the tag of the view they run on.
    package let transitions: [Int: [AnimationRuntime.TransitionRecord]]
    /// Each image view's frame-sequence runs (`startAnimating()` to `stopAnimating()`), by tag.
    package let imageRuns: [Int: [ImageAnimationRun]]
    /// The activity indicators a Swift program made, by tag: their `startAnimating()` to
    /// `stopAnimating()` runs (`SpinnerState.indicator`); the other spinners are UIRefreshControl's.
    package internal(set) var indicatorRuns: [Int: [ImageAnimationRun]] = [:]
    /// When refreshing begins and `endRefreshing` is called; both infinite when a Swift program's
    /// control never began refreshing (`refreshBegins`).
    package let refreshBeganAt: Double
    package let refreshEndedAt: Double
    /// Whether refreshing begins at all: false for a code's control that only follows the pull.
    package var refreshBegins: Bool { refreshBeganAt.isFinite }
    /// When the loop reached a check point with refreshing over and the reset applied; nil without a program.
    package let programStoppedAt: Double?
    /// When everything has come to rest (`Timeline.restTime`): `phase` is `ended` from then.
    package let restAt: Double
    /// The scenario's length in seconds.
    package let duration: Double
    /// The host table, when the spec has one (set by `Timeline.make`).
    package internal(set) var table: TableTimeline?
    /// The whole control's alpha as a Swift program set it (`AnimationRuntime.contentAlpha`); when
    /// nil, the scenario's `contentAlphaFollowsPull` decides it.
    package internal(set) var contentAlpha: Track<Double>?

    /// Use `Timeline.make`, which also builds the host table's timeline.
    init(
        spec: Spec, idleLayout: Layout, refreshingLayout: Layout? = nil, now: Int64 = 0,
        relayout: ProgramRunner.Relayout? = nil
    ) throws(SpecDiagnostic) {
        self.spec = spec
        self.layout = idleLayout
        self.refreshingLayout = refreshingLayout ?? idleLayout
        let scenario = spec.scenario
        let began = ScenarioClock.refreshBegin(scenario)
        let ended = began + scenario.workDuration
        refreshBeganAt = began
        refreshEndedAt = ended

        self.relayout = relayout
        var builder = ProgramRunner(spec: spec, now: now, layout: idleLayout, relayout: relayout)
        builder.applyRefreshingTexts(at: began, layout: self.refreshingLayout)
        builder.startImageSequences(began: began, ended: ended)
        var stopped: Double?
        if let program = spec.program {
            stopped = try builder.run(program, from: began, refreshEndsAt: ended)
        }
        builder.fadeSpinners(at: ended, duration: 0.3)
        segments = builder.segments
        programStoppedAt = stopped
        tracks = builder.tracks
        layouts = builder.runtime.layouts
        transitions = builder.runtime.transitions
        imageRuns = builder.imageRuns
        restAt = Self.restTime(
            refreshEndedAt: ended, programStoppedAt: stopped, collapseDuration: scenario.collapseDuration,
            segments: segments, transitions: transitions)
        let lastPull = scenario.pull.last?.time ?? 0
        duration = scenario.duration ?? (max(restAt, lastPull) + 0.5)
        guard duration <= Limits.totalDuration else {
            let stop = stopped.map { ", the loop stops at \(formatNumber($0)) s" } ?? ""
            throw SpecDiagnostic(
                path: "scenario", location: nil,
                message:
                    "the animation lasts \(formatNumber(duration)) s (refreshing \(formatNumber(began))–\(formatNumber(ended)) s\(stop)), over the limit totalDuration = \(formatNumber(Limits.totalDuration)) s"
            )
        }
    }

    /// The layout at `time`.
    package func layout(at time: Double) -> Layout {
        layouts.last { $0.time <= time }?.layout ?? layout
    }

    package func phase(at time: Double) -> ScenarioPhase {
        if time < refreshBeganAt {
            return ScenarioClock.fingerPull(spec.scenario, at: time) > 0 ? .pulling : .idle
        }
        if time < refreshEndedAt { return .refreshing }
        return time < restAt ? .ending : .ended
    }

    /// When everything has come to rest after endRefreshing: the loop has stopped (its reset
    /// applied), the content has collapsed, and the last animation that ends is over, including one
    /// the loop did not wait for (a `caAnimation` without `wait`, a Swift program's animation still
    /// running when its code is done). Animations that never end (repeated forever) do not count.
    package static func restTime(
        refreshEndedAt: Double, programStoppedAt: Double?, collapseDuration: Double, segments: [Segment],
        transitions: [Int: [AnimationRuntime.TransitionRecord]]
    ) -> Double {
        let ends = segments.map(\.end) + transitions.values.joined().map(\.end)
        let lastChange = ends.filter(\.isFinite).max() ?? refreshEndedAt
        return max(programStoppedAt ?? refreshEndedAt, refreshEndedAt + collapseDuration, lastChange)
    }

    package func sample(at time: Double) -> FrameState {
        let scenario = spec.scenario
        let pull = ScenarioClock.pull(scenario, at: time, began: refreshBeganAt, ended: refreshEndedAt)
        let contentAlpha =
            self.contentAlpha?.model(at: time)
            ?? scenario.contentAlphaFollowsPull.map { min(max(pull / $0, 0), 1) } ?? 1
        let layout = layout(at: time)
        let views = spec.views.sorted { $0.tag < $1.tag }.compactMap { view -> ViewState? in
            var state = tracks[view.tag]?.state(tag: view.tag, frame: layout.frame(tag: view.tag), at: time)
            if view.kind == .spinner {
                // The control's own indicator turns from when refreshing begins, as the generated
                // `beginRefreshing()` starts it.
                let own = view.revealsWithPull ? nil : [ImageAnimationRun(start: refreshBeganAt)]
                let runs = indicatorRuns[view.tag] ?? own
                state?.spinner =
                    runs.map { SpinnerState.indicator($0, at: time) }
                    ?? ScenarioClock.spinner(scenario, at: time, pull: pull, began: refreshBeganAt)
            }
            if let record = transitions[view.tag]?.last(where: { $0.added <= time && time < $0.end }) {
                let fraction = time < record.begin ? 0 : (time - record.begin) / (record.end - record.begin)
                state?.transition = TransitionState(
                    kind: record.kind,
                    progress: record.curve.progress(at: fraction, duration: record.end - record.begin),
                    from: record.from)
            }
            if let image = view.imageView, let runs = imageRuns[view.tag],
                let frame = image.sequence.image(at: time, runs: runs)
            {
                state?.image = ImageName(frame)
            }
            if let button = view.button, let flags = state {
                state?.button = button.shown(
                    highlighted: flags.isHighlighted, selected: flags.isSelected, enabled: flags.isEnabled)
            }
            return state
        }
        var state = FrameState(
            time: time, phase: phase(at: time), refreshBeganAt: refreshBeganAt <= duration ? refreshBeganAt : nil,
            refreshEndedAt: refreshEndedAt <= duration ? refreshEndedAt : nil, contentAlpha: contentAlpha,
            pull: pull, views: views)
        state.scene = table?.sample(at: time, pull: pull)
        return state
    }

    /// Frame times for sampling at `fps` from `from` to `to` (inclusive of `from`, exclusive of `to`).
    package func frameTimes(fps: Double, from: Double = 0, to: Double? = nil) -> [Double] {
        let end = to ?? duration
        let count = Int(((end - from) * fps - 1e-9).rounded(.up))
        return (0..<max(count, 0)).map { from + Double($0) / fps }
    }

    /// The instants where something starts or stops changing: segment boundaries and scenario events.
    package var checkpoints: [Double] {
        var set = Set<Double>([0, refreshBeganAt, refreshEndedAt])
        if let programStoppedAt { set.insert(programStoppedAt) }
        for s in segments {
            set.insert(s.start)
            set.insert(s.end)
        }
        return set.filter { $0 >= 0 && $0 <= duration }.sorted()
    }
}

/// The scenario's pull and refresh events as functions of time.
package enum ScenarioClock {
    package static func fingerPull(_ s: Scenario, at time: Double) -> Double {
        guard let first = s.pull.first else { return 0 }
        if time <= first.time { return first.distance }
        for (a, b) in zip(s.pull, s.pull.dropFirst()) where time < b.time {
            return a.distance + (b.distance - a.distance) * (time - a.time) / (b.time - a.time)
        }
        return s.pull.last!.distance
    }

    package static func refreshBegin(_ s: Scenario) -> Double {
        switch s.refreshStart {
        case .at(let t): return t
        case .pullThreshold(let d):
            if let first = s.pull.first, first.distance >= d { return first.time }
            for (a, b) in zip(s.pull, s.pull.dropFirst()) where b.distance >= d {
                return a.time + (b.time - a.time) * (d - a.distance) / (b.distance - a.distance)
            }
            return s.pull.last?.time ?? 0
        }
    }

    /// The content's pull: the finger's, held open by the control's height while refreshing,
    /// then scrolling back over `collapseDuration` (ease-out) after endRefreshing.
    package static func pull(_ s: Scenario, at time: Double, began: Double, ended: Double) -> Double {
        let finger = fingerPull(s, at: time)
        if time < began { return finger }
        if time < ended { return max(finger, s.controlHeight) }
        let atEnd = max(fingerPull(s, at: ended), s.controlHeight)
        guard s.collapseDuration > 0, time < ended + s.collapseDuration else { return finger }
        let p = Curve.easeOut.progress(at: (time - ended) / s.collapseDuration)
        return max(finger, atEnd + (finger - atEnd) * p)
    }

    static func spinner(_ s: Scenario, at time: Double, pull: Double, began: Double) -> SpinnerState {
        if time >= began {
            return SpinnerState(
                visibleSpokes: SpinnerState.spokeCount, leadingSpoke: SpinnerState.leadingSpoke(after: time - began))
        }
        let trigger: Double
        switch s.refreshStart {
        case .pullThreshold(let d): trigger = d
        case .at: trigger = s.controlHeight
        }
        let spokes = Int((Double(SpinnerState.spokeCount) * min(pull / trigger, 1)).rounded(.down))
        return SpinnerState(visibleSpokes: spokes, leadingSpoke: 0)
    }
}
