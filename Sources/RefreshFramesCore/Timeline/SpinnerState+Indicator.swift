extension SpinnerState {
    /// A `UIActivityIndicatorView`'s spokes at `time` (a Swift program's, made in code): all 8,
    /// turning a spoke every 0.1 s from its `startAnimating()` while it animates, as the spec's spinner
    /// turns while refreshing; at rest on the first step when it is stopped (shown so when
    /// `hidesWhenStopped` is false). Unlike UIRefreshControl's spinner, it does not reveal its spokes
    /// with the pull.
    package static func indicator(_ runs: [ImageAnimationRun], at time: Double) -> SpinnerState {
        guard let run = runs.last(where: { $0.start <= time }), run.stop.map({ time < $0 }) ?? true else {
            return SpinnerState(visibleSpokes: spokeCount, leadingSpoke: 0)
        }
        return SpinnerState(visibleSpokes: spokeCount, leadingSpoke: leadingSpoke(after: time - run.start))
    }
}

extension ImageAnimationRun {
    /// An activity indicator's runs from its `startAnimating()` (`starts`) and `stopAnimating()`
    /// calls, in the order made: a start while it animates does nothing (it keeps turning), a stop
    /// while it is stopped does nothing.
    package static func indicatorRuns(_ calls: [(time: Double, starts: Bool)]) -> [ImageAnimationRun] {
        var runs: [ImageAnimationRun] = []
        for (time, starts) in calls {
            let animating = runs.last.map { $0.stop == nil } ?? false
            if starts, !animating { runs.append(ImageAnimationRun(start: time)) }
            if !starts, animating { runs[runs.count - 1].stop = time }
        }
        return runs
    }
}

extension SpinnerState {
    /// The state that 8 spokes' alphas show (spoke 0 at 12 o'clock, then clockwise), drawn as
    /// UIRefreshControl's spinner is (the renderer's `Spokes`): while some are hidden, the first
    /// `visibleSpokes` opaque and the others at 0; once all show, each 1/8 fainter per spoke behind the
    /// brightest. Nil for alphas that are neither (to 1e-9): the generated `RefreshSpinner`'s spokes
    /// read back as the spec's spinner (`GeneratedSwiftPlaybackTests`, `SwiftRoundTripTests`).
    package init?(refreshControlSpokeAlphas alphas: [Double]) {
        let n = Self.spokeCount
        guard alphas.count == n else { return nil }
        func near(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-9 }
        let visible = alphas.prefix { !near($0, 0) }.count
        if visible < n {
            guard alphas[..<visible].allSatisfy({ near($0, 1) }), alphas[visible...].allSatisfy({ near($0, 0) })
            else { return nil }
            self.init(visibleSpokes: visible, leadingSpoke: 0)
            return
        }
        guard let leading = alphas.firstIndex(where: { near($0, 1) }) else { return nil }
        for (index, alpha) in alphas.enumerated() {
            let behind = (leading - index + n) % n
            guard near(alpha, Double(n - behind) / Double(n)) else { return nil }
        }
        self.init(visibleSpokes: n, leadingSpoke: leading)
    }
}
