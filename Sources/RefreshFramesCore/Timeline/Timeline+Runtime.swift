extension Timeline {
    /// The timeline of a program that drove `runtime` itself (a team's Swift code, through the
    /// UIKit binding): its tracks and segments, with the refresh's begin and end as the code made
    /// them. The scenario's pull, the spinner and the host table are sampled as for a declarative
    /// program; the layout is `layout` until the code re-solves it (`layoutIfNeeded`; the code's texts
    /// are not re-measured).
    package init(
        spec: Spec, layout: Layout, runtime: AnimationRuntime, refreshBeganAt: Double, refreshEndedAt: Double,
        programStoppedAt: Double?
    ) throws(SpecDiagnostic) {
        self.spec = spec
        self.layout = layout
        self.refreshingLayout = layout
        self.segments = runtime.segments
        self.tracks = runtime.tracks
        self.layouts = runtime.layouts
        self.transitions = runtime.transitions
        // The code starts an image view's frame sequence itself; the binding has no
        // startAnimating() yet, so a Swift program's image views show their still image.
        self.imageRuns = [:]
        self.refreshBeganAt = refreshBeganAt
        self.refreshEndedAt = refreshEndedAt
        self.programStoppedAt = programStoppedAt
        let scenario = spec.scenario
        let restAt = max(programStoppedAt ?? refreshEndedAt, refreshEndedAt + scenario.collapseDuration)
        let lastPull = scenario.pull.last?.time ?? 0
        duration = scenario.duration ?? (max(restAt, lastPull) + 0.5)
        guard duration <= Limits.totalDuration else {
            throw SpecDiagnostic(
                path: "scenario", location: nil,
                message:
                    "the animation lasts \(formatNumber(duration)) s (refreshing \(formatNumber(refreshBeganAt))–\(formatNumber(refreshEndedAt)) s), over the limit totalDuration = \(formatNumber(Limits.totalDuration)) s"
            )
        }
    }
}

/// What a program that drives the runtime itself gives back: the runtime after the run, and when
/// the refresh began and ended and the program stopped, in seconds.
package struct RuntimeRun: Sendable {
    package var runtime: AnimationRuntime
    package var refreshBeganAt: Double
    package var refreshEndedAt: Double
    package var programStoppedAt: Double?

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
            refreshEndedAt: run.refreshEndedAt, programStoppedAt: run.programStoppedAt)
        if let host = spec.host {
            timeline.table = try TableTimeline(
                host: host, controlHeight: spec.scenario.controlHeight, controlWidth: spec.canvas.width,
                refreshBeganAt: run.refreshBeganAt, refreshEndedAt: run.refreshEndedAt, now: now,
                rowHeight: { row throws in try automaticRowHeight(row, cell: host.table.cell, measurer: measurer) })
        }
        return timeline
    }
}
