import Foundation
import RefreshFramesCore
import RefreshFramesSwiftCode
import RefreshFramesSwiftProgram
import Testing

/// What the engine models, asked of the runtime itself: these tests need issue 27's semantics and
/// run as soon as the runtime has them (on main today `layer.add` throws `.unsupported` and a
/// `.repeat` block plays once).
enum EngineProbe {
    static var runtime: AnimationRuntime {
        let spec = Spec(
            canvas: Canvas(width: 10, height: 10),
            views: [ViewSpec(tag: 1, kind: .view)], constraints: [], scenario: Scenario(workDuration: 1))
        return AnimationRuntime(
            spec: spec, layout: Layout(frames: [1: Rect(x: 0, y: 0, width: 10, height: 10)]), now: 0)
    }

    /// `layer.add(_:forKey:)` is modelled.
    static let layerAnimations: Bool = {
        var r = runtime
        return (try? r.add(.basic("opacity", from: .number(1), to: .number(0), duration: 1), to: 1, forKey: "a", at: 0))
            != nil
    }()

    /// A `.repeat, .autoreverse` block plays its second half-cycle back.
    static let repeats: Bool = {
        var r = runtime
        let id = r.beginBlock(
            AnimationBlock(duration: 1, curve: .linear, options: [.repeat, .autoreverse]), at: 0)
        r.set(.alpha, of: 1, to: 0, at: 0)
        r.endBlock(id, at: 0)
        return abs((r.presentation(.alpha, of: 1, at: 1_500_000) ?? 0) - 0.5) < 1e-9
    }()
}

@Suite struct EngineTests {
    /// `CABasicAnimation(keyPath: "transform.rotation.z")` from 0 to 2π in 1 s, linear (no
    /// timingFunction), `repeatCount = .infinity`, added at 0.4 s: a quarter turn at 0.65 s, half
    /// a turn at 1.9 s (1.5 turns: the half of the second pass); the model value never changes.
    @Test(.enabled(if: EngineProbe.layerAnimations, "needs issue 27's layer animations"))
    func anInfiniteBasicAnimationTurnsAsCoreAnimationWould() throws {
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

    /// Three views pulse with `[.repeat, .autoreverse]`, each 0.2 s later than the one before:
    /// alpha runs 1 → 0 in 0.5 s and back in 0.5 s, so 0.6 s after its own start a view shows
    /// 0.2 (a fifth of the way back).
    @Test(.enabled(if: EngineProbe.repeats, "needs issue 27's repeat and autoreverse"))
    func staggeredRepeatingAutoreversingBlocksPulseAsUIKitWould() throws {
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

    /// Today's runtime refuses a layer animation: the code's error names the call and why.
    @Test(.enabled(if: !EngineProbe.layerAnimations, "the engine models layer animations now"))
    func aLayerAnimationTheEngineDoesNotModelYetIsAnErrorAtItsCall() throws {
        let code = controller(
            """
                @objc func refresh() {
                    let fade = CABasicAnimation(keyPath: "opacity")
                    fade.toValue = 0
                    square.layer.add(fade, forKey: nil)
                }
            """)
        #expect {
            _ = try swiftTimeline(try spec(smallSpec), try decode(code))
        } throws: { error in
            "\(error)"
                == "RefreshView.swift:21:22: error: layer.add(_:forKey:) of 'opacity': not supported: layer.add(_:forKey:) is being built (issue 27)"
        }
    }
}
