import Testing

@testable import RefreshFramesCore

/// An animation is over at `begin + activeDuration` exactly: CAMediaTiming's active interval is
/// half-open, so with fillMode removed (or removed on completion) the model shows from that instant
/// (docs/uikit-semantics-sources.md, "The end of an animation"). The engine decides it in whole
/// microseconds, its clock's tick: in doubles 0.6 − 0.2 = 0.39999999999999997 < 0.4, and the last
/// animated value showed at the end instead (the frame at 18/30 s = 0.6 of a 30 fps render).
@Suite struct AnimationEndTests {
    static func timeline(_ step: String) throws -> Timeline {
        let json = """
            {"canvas": {"width": 100, "height": 60}, "views": [{"tag": 1, "kind": "view", "backgroundColor": "red"}],
             "constraints": ["1.left == superview.left", "1.top == superview.top", "1.width == 20", "1.height == 20"],
             "program": {"cycle": [\(step), {"animate": {"views": [1], "duration": 2, "set": {"backgroundColor": "blue"}}}]},
             "scenario": {"refreshAt": 0.2, "workDuration": 2, "controlHeight": 60}}
            """
        return try Timeline.make(spec: try Spec.decode(Array(json.utf8)), now: 0, measurer: emMeasurer)
    }

    static func alpha(_ timeline: Timeline, at t: Double) -> Double {
        timeline.sample(at: t).views.first { $0.tag == 1 }!.alpha
    }

    /// `opacity` 1 → 0.2, linear, 0.4 s from 0.2 s: 1 − 0.8 × (t − 0.2)/0.4 until 0.6 s, then the model (1).
    @Test func aRemovedCAAnimationShowsTheModelAtItsEnd() throws {
        let t = try Self.timeline(
            #"{"caAnimation": {"views": [1], "keyPath": "opacity", "from": 1, "to": 0.2, "duration": 0.4}}"#)
        #expect(t.refreshBeganAt == 0.2)
        #expect(abs(Self.alpha(t, at: 0.5) - (1 - 0.8 * 0.75)) < 1e-12)
        #expect(abs(Self.alpha(t, at: 0.599999) - (1 - 0.8 * 0.399999 / 0.4)) < 1e-9)
        #expect(Self.alpha(t, at: 0.6) == 1)
        #expect(Self.alpha(t, at: Double(18) / 30) == 1)
    }

    /// Kept with a forwards fill and not removed on completion, it shows its end value from then on.
    @Test func aForwardsFillKeepsTheEndValueAtItsEnd() throws {
        let t = try Self.timeline(
            #"{"caAnimation": {"views": [1], "keyPath": "opacity", "from": 1, "to": 0.2, "duration": 0.4, "fillMode": "forwards", "removedOnCompletion": false}}"#
        )
        #expect(abs(Self.alpha(t, at: 0.6) - 0.2) < 1e-12)
        #expect(abs(Self.alpha(t, at: 0.9) - 0.2) < 1e-12)
    }

    /// A block autoreversing once (1 → 0.2 → 1 over 2 × 0.2 s from 0.2 s) ends on its start value
    /// and then shows the model, 0.2 (research §2.4): at 0.6 s the model, not the start value.
    @Test func anAutoreversedBlockShowsItsModelAtItsEnd() throws {
        let t = try Self.timeline(
            #"{"animate": {"views": [1], "duration": 0.2, "curve": "linear", "repeat": 1, "autoreverse": true, "set": {"alpha": 0.2}}}"#
        )
        #expect(abs(Self.alpha(t, at: 0.3) - 0.6) < 1e-12)
        #expect(abs(Self.alpha(t, at: 0.5) - 0.6) < 1e-12)
        #expect(Self.alpha(t, at: 0.6) == 0.2)
    }
}
