import Testing

@testable import RefreshFramesCore

/// Two of issue 27's semantics with values derived here from UIKit's rules:
/// - `UIView.transition(with:…)`: the changes are made at once and the view shows its old rendering
///   turning into the new one over the duration, on the block's curve (UIView.transition's
///   documentation; docs/uikit-semantics-sources.md, "Core Animation animations").
/// - `anchorPoint`: the position stays, so the frame moves, origin = position − anchor × size
///   (`CALayer.anchorPoint`; Core Animation Programming Guide, "Anchor Points Affect Geometric
///   Manipulations").
@Suite struct TransitionAndAnchorTests {
    static func timeline(_ steps: String) throws -> Timeline {
        let json = """
            {"canvas": {"width": 100, "height": 60}, "views": [{"tag": 1, "kind": "view", "backgroundColor": "red"}],
             "constraints": ["1.left == superview.left + 40", "1.top == superview.top + 20", "1.width == 20", "1.height == 20"],
             "program": {"cycle": [\(steps), {"animate": {"views": [1], "duration": 2, "set": {"alpha": 0.9}}}]},
             "scenario": {"refreshAt": 0.2, "workDuration": 3, "controlHeight": 60}}
            """
        return try Timeline.make(spec: try Spec.decode(Array(json.utf8)), now: 0, measurer: emMeasurer)
    }

    static func view(_ timeline: Timeline, at t: Double) -> ViewState {
        timeline.sample(at: t).views.first { $0.tag == 1 }!
    }

    /// A linear cross-dissolve of 0.4 s from 0.2 s: a quarter through at 0.3 s, the new colour at
    /// once, the old side red; over at 0.6 s.
    @Test func aCrossDissolveShowsTheOldRenderingTurningIntoTheNew() throws {
        let t = try Self.timeline(
            #"{"transition": {"view": 1, "kind": "crossDissolve", "duration": 0.4, "curve": "linear", "set": {"backgroundColor": "blue"}}}"#
        )
        let v = Self.view(t, at: 0.3)
        #expect(v.transition?.kind == .crossDissolve)
        #expect(abs((v.transition?.progress ?? -1) - 0.25) < 1e-12)
        #expect(v.backgroundColor == RGBA(red: 0, green: 0, blue: 1))
        #expect(v.transition?.from.first { $0.tag == 1 }?.backgroundColor == RGBA(red: 1, green: 0, blue: 0))
        #expect(Self.view(t, at: 0.6).transition == nil)
    }

    /// A linear flipFromLeft of 0.4 s from 0.2 s. Apple: the left side of the view moves toward the
    /// front; under Core Animation's handedness that is a positive angle about y (a positive
    /// `rotationY` moves the right edge away, the left toward the eye). The old side turns 0 → 90°
    /// over the first half and the new side −90° → 0 over the second, so at 0.3 s (progress ¼) the
    /// old side shows at ¼ × 180 = 45°, and at 0.5 s (progress ¾) the new side at (¾ − 1) × 180 = −45°.
    @Test func aFlipFromLeftTurnsTheOldSideThenTheNew() throws {
        let t = try Self.timeline(
            #"{"transition": {"view": 1, "kind": "flipFromLeft", "duration": 0.4, "curve": "linear", "set": {"backgroundColor": "blue"}}}"#
        )
        let early = try #require(Self.view(t, at: 0.3).transition)
        #expect(early.kind == .flipFromLeft && early.showsOldSide)
        #expect(abs(early.angle - 45) < 1e-9)
        let late = try #require(Self.view(t, at: 0.5).transition)
        #expect(!late.showsOldSide)
        #expect(abs(late.angle + 45) < 1e-9)
        #expect(Self.view(t, at: 0.6).transition == nil)
    }

    /// The frame (40, 20, 20, 20) has its position at the centre (50, 30); anchor (0, 0) keeps the
    /// position, so the frame's origin is (50, 30) − (0, 0) × (20, 20) = (50, 30); anchor (1, 0.5)
    /// puts it at (50 − 20, 30 − 10) = (30, 20).
    @Test(arguments: [([0.0, 0.0], 50.0, 30.0), ([1.0, 0.5], 30.0, 20.0)])
    func anAnchorPointMovesTheFrameAroundTheFixedPosition(_ anchor: [Double], _ x: Double, _ y: Double) throws {
        let t = try Self.timeline(
            #"{"animate": {"views": [1], "duration": 0, "wait": false, "set": {"anchorPoint": [\#(anchor[0]), \#(anchor[1])]}}}"#
        )
        #expect(Self.view(t, at: 0.1).frame == Rect(x: 40, y: 20, width: 20, height: 20))
        let v = Self.view(t, at: 0.3)
        #expect(v.anchorPoint == Point(x: anchor[0], y: anchor[1]))
        #expect(abs(v.frame.x - x) < 1e-9 && abs(v.frame.y - y) < 1e-9)
    }
}
