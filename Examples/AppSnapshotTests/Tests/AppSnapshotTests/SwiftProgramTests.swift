import RefreshFrames
import RefreshFramesTesting
import Testing

/// A control whose animation is the app's own Swift code (the color-dots tutorial's, Program/Dots.swift
/// of this package, named by Program/Dots.json, outside the test target): read with swiftc's parser
/// and run on the virtual clock as `refresh-frames` runs it, never compiled.
struct SwiftProgramTests {
    /// Its layout, animation segments and states against Goldens/program (semantic only).
    @Test func theCodesAnimation() throws {
        try assertFrames(of: "../../Program/Dots.json", named: "program", as: [.semantic])
    }

    /// The code's refresh, read as values: it begins when the finger lifts and the scroll stops.
    @Test func theCodeRefreshes() throws {
        let state = try states(of: "../../Program/Dots.json", at: 3)
        #expect(state.phase == .refreshing)
    }
}
