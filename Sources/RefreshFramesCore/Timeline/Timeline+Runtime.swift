extension Timeline {
    /// The timeline of a program that drove `runtime` itself (a team's Swift code, through the
    /// UIKit binding): its tracks and segments, with the refresh's begin and end as the code made
    /// them. The scenario's pull, the spinner and the host table are sampled as for a declarative
    /// program; the layout is `layout` until the code re-solves it: a `layoutIfNeeded()` after a
    /// constraint constant or a label's text changed solves it again (`AnimationRuntime.layoutIfNeeded`),
    /// with the texts the code set measured then (`Timeline.make`'s `relayout`). Until then a
    /// changed text keeps the frame it had. The views the code made (`AnimationRuntime.addView`) are
    /// drawn after the spec's, at the frames they were made with.
    package init(
        spec: Spec, layout: Layout, runtime: AnimationRuntime, refreshBeganAt: Double, refreshEndedAt: Double,
        programStoppedAt: Double?, imageRuns: [Int: [ImageAnimationRun]] = [:]
    ) throws(SpecDiagnostic) {
        var spec = spec
        // The image views' sequences as the code left them (`setImageView`).
        for index in spec.views.indices where spec.views[index].kind == .image {
            if let set = runtime.spec.view(tag: spec.views[index].tag)?.imageView { spec.views[index].imageView = set }
        }
        var layout = layout
        let added = Set(runtime.addedTags)
        spec.views += runtime.spec.views.filter { added.contains($0.tag) }
        // The images the code found (`UIImage(named:)`), drawn as the spec's.
        for asset in runtime.spec.images.assets.values where spec.images[asset.name] == nil { spec.images.add(asset) }
        for tag in runtime.addedTags { layout.frames[tag] = runtime.layouts[0].layout.frames[tag] }
        self.spec = spec
        self.layout = layout
        self.refreshingLayout = layout
        self.segments = runtime.segments
        self.tracks = runtime.tracks
        self.layouts = runtime.layouts
        self.transitions = runtime.transitions
        // The code starts an image view's frame sequence itself (`startAnimating()`).
        self.imageRuns = imageRuns
        self.contentAlpha = runtime.contentAlpha
        self.refreshBeganAt = refreshBeganAt
        self.refreshEndedAt = refreshEndedAt
        self.programStoppedAt = programStoppedAt
        let scenario = spec.scenario
        let lastPull = scenario.pull.last?.time ?? 0
        // A refresh that never began (infinite times): at rest when the pull and the code's
        // animations are over, with no collapse.
        let began = refreshBeganAt.isFinite
        restAt = Self.restTime(
            refreshEndedAt: began ? refreshEndedAt : lastPull, programStoppedAt: programStoppedAt,
            collapseDuration: began ? scenario.collapseDuration : 0, segments: runtime.segments,
            transitions: runtime.transitions)
        duration = scenario.duration ?? (max(restAt, lastPull) + 0.5)
        guard duration <= Limits.totalDuration else {
            throw SpecDiagnostic(
                path: "scenario", location: nil,
                message:
                    "the animation lasts \(formatNumber(duration)) s (\(began ? "refreshing \(formatNumber(refreshBeganAt))–\(formatNumber(refreshEndedAt)) s" : "no refresh")), over the limit totalDuration = \(formatNumber(Limits.totalDuration)) s"
            )
        }
    }
}

/// What a program that drives the runtime itself gives back: the runtime after the run, and when
/// the refresh began and ended and the program stopped, in seconds (both infinite when the code's
/// control never began refreshing: the pull is shown alone).
package struct RuntimeRun: Sendable {
    package var runtime: AnimationRuntime
    package var refreshBeganAt: Double
    package var refreshEndedAt: Double
    package var programStoppedAt: Double?
    /// Each image view's `startAnimating()`…`stopAnimating()` runs, by tag.
    package var imageRuns: [Int: [ImageAnimationRun]] = [:]
    /// The activity indicators the program made (an entry for each, its runs possibly none), by tag.
    package var indicatorRuns: [Int: [ImageAnimationRun]] = [:]

    package init(runtime: AnimationRuntime, refreshBeganAt: Double, refreshEndedAt: Double, programStoppedAt: Double?) {
        self.runtime = runtime
        self.refreshBeganAt = refreshBeganAt
        self.refreshEndedAt = refreshEndedAt
        self.programStoppedAt = programStoppedAt
    }
}

extension Timeline {
    /// Solves the layout as `make` does, then lets `program` drive a runtime over it (given the
    /// timeline of the spec without a program: its idle layout and scenario) and builds the
    /// timeline of what it did, with the host table following the program's refresh.
    package static func make(
        spec: Spec, now: Int64, measurer: TextMeasurer, program: (Timeline) throws -> RuntimeRun
    ) throws -> Timeline {
        var plain = spec
        plain.program = nil
        let base = try make(spec: plain, now: now, measurer: measurer)
        let run = try program(base)
        var timeline = try Timeline(
            spec: spec, layout: base.layout, runtime: run.runtime, refreshBeganAt: run.refreshBeganAt,
            refreshEndedAt: run.refreshEndedAt, programStoppedAt: run.programStoppedAt, imageRuns: run.imageRuns)
        timeline.indicatorRuns = run.indicatorRuns
        if let host = spec.host {
            timeline.table = try TableTimeline(
                host: host, controlHeight: spec.scenario.controlHeight, controlWidth: spec.canvas.width,
                refreshBeganAt: run.refreshBeganAt, refreshEndedAt: run.refreshEndedAt, now: now,
                rowHeight: { row throws in try automaticRowHeight(row, cell: host.table.cell, measurer: measurer) })
        }
        return timeline
    }
}
