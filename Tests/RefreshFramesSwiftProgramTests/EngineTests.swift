import Foundation
import RefreshFramesCore
import RefreshFramesSwiftCode
import RefreshFramesSwiftProgram
import Testing

/// UIKit's animation semantics as the team's code reaches them: each case's expected values are
/// worked out here from UIKit's rules (docs/uikit-semantics-sources.md), not read from the engine.
@Suite struct EngineTests {
    /// `CABasicAnimation(keyPath: "transform.rotation.z")` from 0 to 2π in 1 s, linear (no
    /// timingFunction), `repeatCount = .infinity`, added at 0.4 s: a quarter turn at 0.65 s, half
    /// a turn at 1.9 s (1.5 turns: the half of the second pass); the model value never changes.
    @Test func anInfiniteBasicAnimationTurnsAsCoreAnimationWould() throws {
        let code = controller(
            """
                @objc func refresh() {
                    let spin = CABasicAnimation(keyPath: "transform.rotation.z")
                    spin.fromValue = 0
                    spin.toValue = CGFloat.pi * 2
                    spin.duration = 1
                    spin.repeatCount = .infinity
                    square.layer.add(spin, forKey: "spin")
                    print(square.transform.isIdentity)
                }
            """)
        let (timeline, diagnostics) = try swiftTimeline(try spec(smallSpec), try decode(code))
        #expect(diagnostics == [])
        #expect(abs(state(timeline, 2, at: 0.65).transform.rotation - 90) < 1e-6)
        #expect(abs(abs(state(timeline, 2, at: 1.9).transform.rotation) - 180) < 1e-6)
    }

    /// `repeatCount = MAXFLOAT` (Swift 2 code, sam408130/Lolita-public's spinner) is Apple's "repeat
    /// forever" (greatestFiniteMagnitude); removing it later must not ask when a 3.4e38-second
    /// animation ends in microseconds (it crashed converting that to Int64): it never ends, so it turns
    /// until it is removed at 1.4 s and the model value shows from then on.
    @Test func aMaxFloatRepeatCountTurnsUntilItIsRemoved() throws {
        let code = controller(
            """
                @objc func refresh() {
                    let spin = CABasicAnimation(keyPath: "transform.rotation.z")
                    spin.fromValue = 0
                    spin.toValue = CGFloat.pi * 2
                    spin.duration = 1
                    spin.repeatCount = MAXFLOAT
                    square.layer.add(spin, forKey: "spin")
                    Timer.scheduledTimer(withTimeInterval: 1, repeats: false) { _ in
                        self.square.layer.removeAllAnimations()
                    }
                }
            """)
        let (timeline, _) = try swiftTimeline(try spec(smallSpec), try decode(code))
        #expect(abs(state(timeline, 2, at: 0.65).transform.rotation - 90) < 1e-6)
        #expect(abs(state(timeline, 2, at: 1.5).transform.rotation) < 1e-6)
    }

    /// A block longer than a scenario may last is refused at its call, not turned into a clock
    /// overflow (a duration of 1e30 s crashed converting it to microseconds).
    @Test func aBlockLongerThanAnyScenarioIsRefusedAtItsCall() throws {
        let code = controller(
            """
                @objc func refresh() {
                    UIView.animate(withDuration: 1e30, animations: { self.square.alpha = 0 })
                }
            """)
        #expect {
            try swiftTimeline(try spec(smallSpec), try decode(code))
        } throws: { error in
            "\(error)".contains("the duration 1e+30 s is over the limit totalDuration = 600 s")
        }
    }

    /// Three views pulse with `[.repeat, .autoreverse]`, each 0.2 s later than the one before:
    /// alpha runs 1 → 0 in 0.5 s and back in 0.5 s, so 0.6 s after its own start a view shows
    /// 0.2 (a fifth of the way back).
    @Test func staggeredRepeatingAutoreversingBlocksPulseAsUIKitWould() throws {
        let code = controller(
            """
                @objc func refresh() {
                    for (i, view) in [label, square].enumerated() {
                        UIView.animate(withDuration: 0.5, delay: 0.2 * Double(i), options: [.repeat, .autoreverse, .curveLinear], animations: {
                            view!.alpha = 0
                        })
                    }
                    control.endRefreshing()
                }
            """)
        let (timeline, _) = try swiftTimeline(try spec(smallSpec), try decode(code))
        #expect(abs(state(timeline, 1, at: 0.4 + 0.6).alpha - 0.2) < 1e-6)
        #expect(abs(state(timeline, 2, at: 0.4 + 0.2 + 0.6).alpha - 0.2) < 1e-6)
        #expect(abs(state(timeline, 1, at: 0.4 + 0.25).alpha - 0.5) < 1e-6)
    }

    /// `animateKeyframes` (1 s, no options: the outer curve is easeInEaseOut, research §5.2) with
    /// alpha → 0 in the first half and → 1 in the second, from 0.4 s. The keyframes are linear on the
    /// curved time u = E(x): alpha = |1 − u / ½| (research §5's worked example: 0.742 at ¼ and ¾).
    @Test func keyframesRunOnTheOuterCurve() throws {
        let code = controller(
            """
                @objc func refresh() {
                    UIView.animateKeyframes(withDuration: 1, delay: 0, options: [], animations: {
                        UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5, animations: {
                            self.square.alpha = 0
                        })
                        UIView.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5, animations: {
                            self.square.alpha = 1
                        })
                    })
                }
            """)
        let (timeline, diagnostics) = try swiftTimeline(try spec(smallSpec), try decode(code))
        #expect(diagnostics == [])
        for x in [0.25, 0.5, 0.75, 0.9] {
            let expected = abs(1 - easeInEaseOut(x) / 0.5)
            let alpha = state(timeline, 2, at: 0.4 + x).alpha
            #expect(abs(alpha - expected) < 1e-4, "at x = \(x): \(alpha), expected \(expected)")
        }
        #expect(abs(easeInEaseOut(0.25) - 0.1292) < 1e-4)
    }

    /// The label's text grows, then `layoutIfNeeded()` in a 1 s linear block: the centred label's
    /// frame animates from the old layout's frame to the new one's, linearly in frame space (its
    /// own position and bounds animations, research §3.3), halfway at 0.9 s. The two layouts' frames
    /// are the label measured with each text (to the layout's pixel rounding).
    @Test func layoutIfNeededInsideABlockAnimatesTheFrames() throws {
        let code = controller(
            """
                @objc func refresh() {
                    label.text = "A longer title"
                    UIView.animate(withDuration: 1, delay: 0, options: [.curveLinear], animations: {
                        self.control.layoutIfNeeded()
                    })
                }
            """)
        let (timeline, diagnostics) = try swiftTimeline(try spec(smallSpec), try decode(code))
        #expect(diagnostics == [])
        let font = try spec(smallSpec).views[0].font
        let (old, new) = (state(timeline, 1, at: 0.39).frame, state(timeline, 1, at: 2).frame)
        #expect(abs(old.width - (try measurer.measure("A", font).width)) <= 0.5)
        #expect(abs(new.width - (try measurer.measure("A longer title", font).width)) <= 0.5)
        #expect(new.width > old.width + 20 && abs(new.midX - 100) <= 0.5 && abs(old.midX - 100) <= 0.5)
        for (time, f) in [(0.4, 0.0), (0.65, 0.25), (0.9, 0.5), (1.15, 0.75), (1.4, 1.0)] {
            let frame = state(timeline, 1, at: time).frame
            let (x, width) = (old.x + (new.x - old.x) * f, old.width + (new.width - old.width) * f)
            #expect(abs(frame.x - x) < 1e-6 && abs(frame.width - width) < 1e-6, "at \(time) s: \(frame)")
            #expect(abs(frame.y - old.y) < 1e-6 && abs(frame.height - old.height) < 1e-6)
        }
    }
}

/// `.curveEaseInOut`, (0.42, 0, 0.58, 1), solved for x by bisection.
func easeInEaseOut(_ x: Double) -> Double {
    func bezier(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        3 * (1 - s) * (1 - s) * s * p1 + 3 * (1 - s) * s * s * p2 + s * s * s
    }
    var (low, high) = (0.0, 1.0)
    for _ in 0..<60 {
        let mid = (low + high) / 2
        if bezier(mid, 0.42, 0.58) < x { low = mid } else { high = mid }
    }
    return bezier((low + high) / 2, 0, 1)
}
