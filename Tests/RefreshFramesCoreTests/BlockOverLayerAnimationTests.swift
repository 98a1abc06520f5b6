import Testing

@testable import RefreshFramesCore

/// A block and a layer animation on one property at once. Both are animations on the layer:
/// UIKit adds the block's under the key path (`opacity`, `position`), so `add(_:forKey:)` replaces
/// only an animation under that key, and a layer renders its animations in the order they were
/// added, each over the ones before (additive ones adding to them). So a block added after a
/// `caAnimation` keyed otherwise shows over it while in flight, and the layer animation shows
/// again after the block's end until its own; one added after the block shows over it; an
/// additive block (position) adds its offset to the layer animation's value
/// (docs/uikit-semantics-sources.md, "A block and a layer animation at once").
@Suite struct BlockOverLayerAnimationTests {
    static func timeline(_ steps: String) throws -> Timeline {
        let json = """
            {"canvas": {"width": 100, "height": 60}, "views": [{"tag": 1, "kind": "view", "backgroundColor": "red"}],
             "constraints": ["1.left == superview.left + 40", "1.centerY == superview.centerY", "1.width == 20", "1.height == 20"],
             "program": {"cycle": [\(steps), {"animate": {"views": [1], "duration": 2, "set": {"backgroundColor": "blue"}}}]},
             "scenario": {"refreshAt": 0.2, "workDuration": 3, "controlHeight": 60}}
            """
        return try Timeline.make(spec: try Spec.decode(Array(json.utf8)), now: 0, measurer: emMeasurer)
    }

    static func view(_ timeline: Timeline, at t: Double) -> ViewState {
        timeline.sample(at: t).views.first { $0.tag == 1 }!
    }

    static let fade =
        #"{"caAnimation": {"views": [1], "keyPath": "opacity", "from": 1, "to": 0, "duration": 1, "key": "fade"}}"#
    static let halfAlpha =
        #"{"animate": {"views": [1], "duration": 0.4, "curve": "linear", "wait": false, "set": {"alpha": 0.5}}}"#

    /// From 0.2 s: opacity 1 → 0 over 1 s (key "fade"), then a block alpha 1 → 0.5 over 0.4 s.
    @Test func aBlockAddedLaterShowsOverTheLayerAnimationWhileInFlight() throws {
        let t = try Self.timeline(Self.fade + ", " + Self.halfAlpha)
        // The block, on top: 1 + (0.5 − 1) × 0.5 at 0.4 s.
        #expect(abs(Self.view(t, at: 0.4).alpha - 0.75) < 1e-12)
        // The block is over at 0.6 s; the fade still runs: 1 − 0.6 at 0.8 s.
        #expect(abs(Self.view(t, at: 0.8).alpha - 0.4) < 1e-12)
        // Both over: the model, 0.5.
        #expect(Self.view(t, at: 1.3).alpha == 0.5)
    }

    /// The other order: the layer animation, added after the block, shows over it: 1 − 0.2 at 0.4 s.
    @Test func aLayerAnimationAddedLaterShowsOverTheBlock() throws {
        let t = try Self.timeline(Self.halfAlpha + ", " + Self.fade)
        #expect(abs(Self.view(t, at: 0.4).alpha - 0.8) < 1e-12)
        #expect(Self.view(t, at: 1.3).alpha == 0.5)
    }

    /// position.y 10 → 50 over 1 s from 0.2 s, then a block moving the centre from (50, 30) to
    /// (50, 20) over 0.4 s, additively: at 0.4 s the layer animation's y, 10 + 40 × 0.2 = 18, plus
    /// the block's offset, (30 − 20) × (1 − 0.5) = 5.
    @Test func anAdditiveBlockAddsToTheLayerAnimation() throws {
        let t = try Self.timeline(
            #"{"caAnimation": {"views": [1], "keyPath": "position.y", "from": 10, "to": 50, "duration": 1, "key": "drop"}}, "#
                + #"{"animate": {"views": [1], "duration": 0.4, "curve": "linear", "set": {"center": [50, 20]}}}"#)
        let v = Self.view(t, at: 0.4)
        // The frame is the centre less half the 20 × 20 size.
        #expect(abs(v.frame.y - (23 - 10)) < 1e-9)
        #expect(abs(v.frame.x - (50 - 10)) < 1e-9)
    }
}
