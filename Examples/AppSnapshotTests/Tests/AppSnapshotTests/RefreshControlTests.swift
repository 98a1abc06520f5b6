import RefreshFrames
import RefreshFramesTesting
import Testing

/// The app's pull-to-refresh control (Refresh.json), checked on Linux CI in flight: its frames at
/// chosen instants against the goldens in Goldens/, and its views' states as values.
struct RefreshControlTests {
    /// As refreshing begins (the first dot growing red) and a quarter second later (it has shrunk
    /// back): Goldens/pull holds timeline.txt, states.json and frame-000/001.png. A difference
    /// fails the test naming the frame and the instant, with the golden, actual and diff images.
    @Test func pull() throws {
        try assertFrames(of: "Refresh.json", at: [0.3, 0.55], named: "pull")
    }

    /// Only the semantic goldens (no pixels, so no fonts involved): the layout, every animation
    /// segment and every view's state at six instants across the scenario.
    @Test func wholeScenario() throws {
        try assertFrames(of: "Refresh.json", named: "scenario", as: [.semantic])
    }

    /// The first dot in flight, read as values.
    @Test func theFirstDotGrowsIntoTheFirstColour() throws {
        let state = try states(of: "Refresh.json", at: 0.3)
        #expect(state.phase == .refreshing)
        #expect(state.view(tag: 1)?.text == "Refreshing")
        let dot = try #require(state.view(tag: 2))
        #expect(dot.transform.scaleX > 1.2)
        #expect(dot.backgroundColor.red > dot.backgroundColor.blue)
        // The others wait their turn.
        #expect(state.view(tag: 3)?.transform == .identity)
    }
}
