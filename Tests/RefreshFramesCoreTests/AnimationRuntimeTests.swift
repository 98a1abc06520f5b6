import Foundation
import Testing

@testable import RefreshFramesCore

/// The runtime against UIKit's rules, each expected value derived here from the rule its comment
/// cites (research = /work/plan/research/uikit-animation-semantics.md, docs/uikit-semantics-sources.md).
@Suite struct AnimationRuntimeTests {
    // MARK: - §1 Overlapping blocks

    @Test func twoBlocksOnCenterAddTheirOffsets() throws {
        // Research §1A: block 1 at 0 s, center.y 0 → 100; block 2 at 0.5 s, → 0; 1 s easeInOut
        // each. Model 0; offsets −100·(1 − E(t)) and +100·(1 − E(t − 0.5)).
        var r = try runtime(frame: Rect(x: -100, y: -100, width: 200, height: 200))  // centred on (0, 0)
        let first = r.block(duration: 1, at: 0) { $0.set(.center, of: 1, to: Point(x: 0, y: 100), at: 0) }
        let second = r.block(duration: 1, at: us(0.5)) { $0.set(.center, of: 1, to: Point(x: 0, y: 0), at: us(0.5)) }
        let e = easeInOut
        let expected = 0 - 100 * (1 - e(0.75)) + 100 * (1 - e(0.25))
        #expect(abs(expected - 74.17) < 0.01)  // the research's figure
        // The engine solves the Bézier to 1e−7 in x (WebKit's UnitBezier), so 100 pt agree to 1e−4.
        #expect(abs(try #require(r.presentation(.center, of: 1, at: us(0.75))).y - expected) < 1e-4)
        #expect(abs(try #require(r.presentation(.center, of: 1, at: us(1))).y - 100 * (1 - e(0.5))) < 1e-4)
        #expect(r.presentation(.center, of: 1, at: us(1.5))?.y == 0)
        #expect(r.model(.center, of: 1)?.y == 0)
        // Neither is removed: both complete, finished, each at its own end (research §1.7).
        #expect(r.completion(of: first) == .init(time: us(1), finished: true))
        #expect(r.completion(of: second) == .init(time: us(1.5), finished: true))
    }

    @Test func aSecondAlphaBlockReplacesTheFirstFromTheModelValue() throws {
        // Research §1B: alpha 1 → 0 at 0 s, → 1 at 0.5 s, 1 s linear each. Without
        // .beginFromCurrentState the second starts from the model value 0 (a jump from 0.5).
        var r = try runtime()
        let first = r.block(duration: 1, curve: .linear, at: 0) { $0.set(.alpha, of: 1, to: 0, at: 0) }
        #expect(r.presentation(.alpha, of: 1, at: us(0.4999)).map { abs($0 - (1 - 0.4999)) < 1e-9 } == true)
        var moved: [AnimationRuntime.CompletionChange] = []
        let second = r.block(duration: 1, curve: .linear, at: us(0.5)) {
            moved += $0.set(.alpha, of: 1, to: 1, at: us(0.5))
        }
        #expect(r.presentation(.alpha, of: 1, at: us(0.5)) == 0)
        #expect(r.presentation(.alpha, of: 1, at: us(1)) == 0.5)
        #expect(r.presentation(.alpha, of: 1, at: us(1.5)) == 1)
        // The replaced block's completion moves to the replacement instant with finished = false.
        let cancelled = AnimationRuntime.Completion(time: us(0.5), finished: false)
        #expect(r.completion(of: first) == cancelled)
        #expect(moved.contains(.init(subject: .block(first), completion: cancelled)))
        #expect(r.completion(of: second) == .init(time: us(1.5), finished: true))
    }

    @Test func beginFromCurrentStateStartsAReplacementFromWhatShows() throws {
        // Research §1B: with .beginFromCurrentState the second starts at 0.5 (what shows), so at
        // 1.0 s it is halfway from 0.5 to 1.
        var r = try runtime()
        _ = r.block(duration: 1, curve: .linear, at: 0) { $0.set(.alpha, of: 1, to: 0, at: 0) }
        _ = r.block(duration: 1, curve: .linear, options: .beginFromCurrentState, at: us(0.5)) {
            $0.set(.alpha, of: 1, to: 1, at: us(0.5))
        }
        #expect(r.presentation(.alpha, of: 1, at: us(0.5)) == 0.5)
        #expect(r.presentation(.alpha, of: 1, at: us(1)) == 0.75)
    }

    @Test func twoScaleBlocksMultiplyTheirOffsets() throws {
        // Research §1C: identity → scale(2) at 0 s, → identity at 0.5 s, 1 s linear. Offsets
        // S(1)·S(2)⁻¹ = S(0.5) → I and S(2)·S(1)⁻¹ = S(2) → I, concatenated onto the model S(1):
        // 1 × (0.5 + 0.5·0.75) × (2 − 1·0.25) = 1.53125 (a sum would give 1.5).
        var r = try runtime()
        _ = r.block(duration: 1, curve: .linear, at: 0) {
            $0.set(.transform, of: 1, to: Transform(scaleX: 2, scaleY: 2), at: 0)
        }
        _ = r.block(duration: 1, curve: .linear, at: us(0.5)) { $0.set(.transform, of: 1, to: .identity, at: us(0.5)) }
        let shown = try #require(r.presentation(.transform, of: 1, at: us(0.75)))
        let expected = 1 * (0.5 + 0.5 * 0.75) * (2 - 1 * 0.25)
        #expect(abs(shown.scaleX - expected) < 1e-9 && abs(shown.scaleY - expected) < 1e-9)
    }

    @Test func twoRotationBlocksAddTheirAngles() throws {
        // Research §1D: 0° → 90° at 0 s, → 0° at 0.5 s, 1 s linear: −90·0.25 + 90·0.75 = 45°.
        var r = try runtime()
        _ = r.block(duration: 1, curve: .linear, at: 0) {
            $0.set(.transform, of: 1, to: Transform(rotation: 90), at: 0)
        }
        _ = r.block(duration: 1, curve: .linear, at: us(0.5)) { $0.set(.transform, of: 1, to: .identity, at: us(0.5)) }
        let shown = try #require(r.presentation(.transform, of: 1, at: us(0.75)))
        #expect(abs(shown.rotation - (-90 * 0.25 + 90 * 0.75)) < 1e-9)
    }

    @Test func boundsAnimateAdditively() throws {
        // Research §1E: 200×200 → 100×100, 0.3 s easeInOut: at 0.15 s 100 + 100·(1 − E(0.5)) = 150.
        var r = try runtime()
        _ = r.block(duration: 0.3, at: 0) { $0.set(.bounds, of: 1, to: Size(width: 100, height: 100), at: 0) }
        let shown = try #require(r.presentation(.bounds, of: 1, at: us(0.15)))
        #expect(abs(shown.width - (100 + 100 * (1 - easeInOut(0.5)))) < 1e-6)
        #expect(abs(shown.height - 150) < 1e-6)
    }

    @Test func aTransformAloneShowsTheAdditiveFormNotTheDirectBlend() throws {
        // Research §1.5: from = old·new⁻¹ → identity, shown as offset(p)·new. For new = rotate(−30°)
        // scale(1.2, 0.8) from identity the offset is new⁻¹, whose decomposition (computed here
        // with the 2-D rule of research §7.3) does not commute with `new`.
        var r = try runtime()
        let target = Transform(rotation: -30, scaleX: 1.2, scaleY: 0.8)
        _ = r.block(duration: 1, curve: .linear, at: 0) { $0.set(.transform, of: 1, to: target, at: 0) }
        let p = 0.5
        let offset = decompose2(inverse2(affine(target)))
        // blend2 towards the identity's decomposition (scales 1, angle 0, remainder I).
        let mixed = Decomposition2(
            angle: offset.angle * (1 - p), scaleX: offset.scaleX + (1 - offset.scaleX) * p,
            scaleY: offset.scaleY + (1 - offset.scaleY) * p,
            remainder: zip(offset.remainder, [1.0, 0, 0, 1]).map { $0 + ($1 - $0) * p })
        let expected = multiply2(mixed.matrix, affine(target))
        let shown = matrix(try #require(r.presentation(.transform, of: 1, at: us(p))))
        // Not the direct blend, which is halfway in each field: rotate(−15°) scale(1.1, 0.9).
        let direct = affine(Transform(rotation: -15, scaleX: 1.1, scaleY: 0.9))
        #expect(zip(shown, direct).contains { abs($0 - $1) > 1e-3 })
        for (a, b) in zip(shown, expected) { #expect(abs(a - b) < 1e-9) }
    }

    // MARK: - §2 Repeats

    @Test func autoreverseWithAWholeCountEndsOnTheStartThenSnapsToTheModel() throws {
        // Research §2A: 0.4 s, delay 0.2, [.repeat, .autoreverse], repeat count 2, alpha 1 → 0,
        // easeInOut. Active 0.2 … 0.2 + 0.4·2·2 = 1.8 s.
        var r = try runtime()
        let id = r.block(duration: 0.4, delay: 0.2, options: [.repeat, .autoreverse], repeatCount: 2, at: 0) {
            $0.set(.alpha, of: 1, to: 0, at: 0)
        }
        let e = easeInOut
        #expect(r.presentation(.alpha, of: 1, at: us(0.1)) == 1)  // the delay shows the old value
        #expect(abs(try #require(r.presentation(.alpha, of: 1, at: us(0.3))) - (1 - e(0.25))) < 1e-6)
        #expect(abs(try #require(r.presentation(.alpha, of: 1, at: us(0.7))) - (1 - e(0.75))) < 1e-6)
        #expect(try #require(r.presentation(.alpha, of: 1, at: us(0.6))) < 1e-12)
        #expect(try #require(r.presentation(.alpha, of: 1, at: us(1.7999))) > 0.999)
        #expect(r.presentation(.alpha, of: 1, at: us(1.8)) == 0)
        #expect(r.completion(of: id) == .init(time: us(1.8), finished: true))
    }

    @Test func aHalfCountEndsOnTheEndValue() throws {
        // Research §2B: count 2.5 → active until 0.2 + 0.4·2·2.5 = 2.2 s, the last pass forward.
        var r = try runtime()
        let id = r.block(duration: 0.4, delay: 0.2, options: [.repeat, .autoreverse], repeatCount: 2.5, at: 0) {
            $0.set(.alpha, of: 1, to: 0, at: 0)
        }
        #expect(try #require(r.presentation(.alpha, of: 1, at: us(2.1999))) < 0.001)
        #expect(r.completion(of: id) == .init(time: us(2.2), finished: true))
    }

    @Test func aFractionalRepeatWithoutAutoreverseJumpsBackEachPass() throws {
        // CAMediaTiming: repeatCount 1.5, 1 s linear, alpha 1 → 0: the second pass starts over at
        // 1 s, at 1.25 s it is a quarter in (0.75), and at 1.5 s the model (0) shows.
        var r = try runtime()
        let id = r.block(duration: 1, curve: .linear, repeatCount: 1.5, at: 0) { $0.set(.alpha, of: 1, to: 0, at: 0) }
        #expect(r.presentation(.alpha, of: 1, at: us(1.25)) == 0.75)
        #expect(r.presentation(.alpha, of: 1, at: us(1.5)) == 0)
        #expect(r.completion(of: id) == .init(time: us(1.5), finished: true))
    }

    @Test func anInfiniteRepeatNeverCompletesUntilRemoved() throws {
        // Research §2.5 and §1.9: no completion; removeAllAnimations → finished = false then, and
        // the layer shows the model.
        var r = try runtime()
        let id = r.block(duration: 0.6, curve: .linear, options: [.repeat, .autoreverse], at: 0) {
            $0.set(.transform, of: 1, to: Transform(scaleX: 1.5, scaleY: 1.5), at: 0)
        }
        #expect(r.completion(of: id) == nil)
        // Phase 1.0 mod 1.2 = 1.0: backward, 0.4 in → 1.5 − 0.5·(0.4/0.6) (research §2C, dot 0).
        let backward: Double = 1.5 - 0.5 * (0.4 / 0.6)
        let atOne = try #require(r.presentation(.transform, of: 1, at: us(1)))
        #expect(abs(atOne.scaleX - backward) < 1e-9)
        let moved = r.removeAllAnimations(from: 1, at: us(2))
        let stopped = AnimationRuntime.Completion(time: us(2), finished: false)
        #expect(r.completion(of: id) == stopped)
        #expect(moved.contains(.init(subject: .block(id), completion: stopped)))
        #expect(r.presentation(.transform, of: 1, at: us(2.1))?.scaleX == 1.5)
    }

    @Test func aRepeatingAnimationInFlightGetsAReplacingOneNotAnAdditiveOne() throws {
        // Research §1.4: additive only if every animation in flight on the key is additive with
        // repeatCount 0. A later center block therefore replaces the repeating one.
        var r = try runtime()
        let pulse = r.block(duration: 1, curve: .linear, options: .repeat, at: 0) {
            $0.set(.center, of: 1, to: Point(x: 100, y: 200), at: 0)
        }
        _ = r.block(duration: 1, curve: .linear, at: us(0.5)) {
            $0.set(.center, of: 1, to: Point(x: 100, y: 300), at: us(0.5))
        }
        #expect(r.completion(of: pulse) == .init(time: us(0.5), finished: false))
        // From the model value 200 (no .beginFromCurrentState) to 300: 250 at 1.0 s.
        #expect(r.presentation(.center, of: 1, at: us(1))?.y == 250)
    }

    @Test func anEmptyBlockCompletesAtOnceFinished() throws {
        var r = try runtime()
        let nothing = r.block(duration: 1, at: us(0.3)) { _ in }
        #expect(r.completion(of: nothing) == .init(time: us(0.3), finished: true))
        let instant = r.block(duration: 0, at: us(0.4)) { $0.set(.alpha, of: 1, to: 0, at: us(0.4)) }
        #expect(r.completion(of: instant) == .init(time: us(0.4), finished: true))
        #expect(r.presentation(.alpha, of: 1, at: us(0.4)) == 0)
    }

    // MARK: - The four differences of issue 27

    @Test func animatingToScaleZeroShowsTheEndValueAtOnce() throws {
        // Research §8.1: the singular matrix cannot be inverted, so the end value shows from the
        // first frame; the completion still comes after the duration. A nearly singular one
        // animates: 1 + (0.001 − 1)·0.5 = 0.5005 at the middle.
        var r = try runtime()
        let id = r.block(duration: 1, curve: .linear, at: 0) {
            $0.set(.transform, of: 1, to: Transform(scaleX: 0, scaleY: 0), at: 0)
        }
        for t in [0.001, 0.5, 0.999] { #expect(r.presentation(.transform, of: 1, at: us(t))?.scaleX == 0) }
        #expect(r.completion(of: id) == .init(time: us(1), finished: true))
        var tiny = try runtime()
        _ = tiny.block(duration: 1, curve: .linear, at: 0) {
            $0.set(.transform, of: 1, to: Transform(scaleX: 0.001, scaleY: 0.001), at: 0)
        }
        #expect(abs(try #require(tiny.presentation(.transform, of: 1, at: us(0.5))).scaleX - 0.5005) < 1e-9)
    }

    @Test func scaleMinusOneIsAHalfTurnAtFullSize() throws {
        // Research §8.2: scale(6) → scale(−6, −6), the matrix of rotate(180°)·scale(6): at p = 0.5
        // the view is turned ±90° at full size: |a| = |d| = 0, |b| = |c| = 6.
        var r = try runtime()
        _ = r.block(duration: 0, at: 0) { $0.set(.transform, of: 1, to: Transform(scaleX: 6, scaleY: 6), at: 0) }
        _ = r.block(duration: 1, curve: .linear, at: 0) {
            $0.set(.transform, of: 1, to: Transform(scaleX: -6, scaleY: -6), at: 0)
        }
        let m = matrix(try #require(r.presentation(.transform, of: 1, at: us(0.5))))
        #expect(abs(m[0]) < 1e-9 && abs(m[3]) < 1e-9)
        #expect(abs(abs(m[1]) - 6) < 1e-9 && abs(abs(m[2]) - 6) < 1e-9)
        // Never through scale 0: the determinant stays 36 all the way.
        for t in stride(from: 0.0, through: 1, by: 0.125) {
            let n = matrix(try #require(r.presentation(.transform, of: 1, at: us(t))))
            #expect(abs(n[0] * n[3] - n[1] * n[2] - 36) < 1e-6)
        }
    }

    @Test func theSpringFrequencyIsUIKitsTwelveNewtonSteps() {
        // Research §10.2: parametersOfSpringAnimation, written here independently: 12 Newton steps
        // from ω = 5/T on f(ω) = ε − |(ζω − v)/(√(1−ζ²)ω)|·e^(−ζTω), ε = 0.001, with a numerical
        // derivative (central difference), which converges to the same root.
        func newton(zeta: Double, v: Double, t: Double) -> Double {
            func f(_ w: Double) -> Double {
                0.001 - abs((zeta * w - v) / ((1 - zeta * zeta).squareRoot() * w)) * exp(-zeta * t * w)
            }
            var w = 5 / t
            for _ in 0..<12 {
                let h = 1e-7 * w
                w -= f(w) / ((f(w + h) - f(w - h)) / (2 * h))
            }
            return w
        }
        let omega = newton(zeta: 0.7, v: 3, t: 1)
        #expect(abs(omega - 4.2043) < 1e-4)  // the research's figure: the root UIKit lands on
        #expect(abs(Spring.naturalFrequency(zeta: 0.7, velocity: 3, duration: 1) - omega) < 1e-9)
        // Yalantis's inset spring (research §10.6): 1 s, ζ 0.4, v 0.8 → 14.835.
        #expect(
            abs(Spring.naturalFrequency(zeta: 0.4, velocity: 0.8, duration: 1) - newton(zeta: 0.4, v: 0.8, t: 1)) < 1e-9
        )
        #expect(abs(newton(zeta: 0.4, v: 0.8, t: 1) - 14.835) < 1e-3)
        // The displacement x(t) = 1 − e^(−ζωt)(cos ω_d t + ((ζω − v)/ω_d) sin ω_d t): the
        // research's 14.90 / 42.63 / 89.41 pt of 100 at 0.05 / 0.15 / 0.4 s.
        let wd = omega * (1 - 0.49).squareRoot()
        for (t, points) in [(0.05, 14.90), (0.15, 42.63), (0.4, 89.41)] {
            let x = 1 - exp(-0.7 * omega * t) * (cos(wd * t) + (0.7 * omega - 3) / wd * sin(wd * t))
            #expect(abs(100 * x - points) < 0.01)
            #expect(abs(Curve.spring(damping: 0.7, velocity: 3).progress(at: t, duration: 1) - x) < 1e-9)
        }
    }

    // MARK: - Core Animation

    @Test func aRotationZAnimationTurnsAFullCircle() throws {
        // Research §8.6: transform.rotation.z animates the angle: toValue 2π, 1 s, repeat forever,
        // linear → 90° at 0.25 s and again at 1.25 s.
        var r = try runtime()
        var spin = LayerAnimation.basic("transform.rotation.z", to: .number(2 * .pi), duration: 1)
        spin.repeatCount = .infinity
        let (id, _) = try r.add(spin, to: 1, forKey: "spin", at: 0)
        for t in [0.25, 1.25] {
            #expect(abs(try #require(r.presentation(.transform, of: 1, at: us(t))).rotation - 90) < 1e-9)
        }
        #expect(r.stop(of: id) == nil)
        #expect(r.animationKeys(of: 1, at: us(1)) == ["spin"])
        r.removeAnimation(forKey: "spin", from: 1, at: us(1.5))
        #expect(r.stop(of: id) == .init(time: us(1.5), finished: false))
        #expect(r.presentation(.transform, of: 1, at: us(1.6)) == .identity)
    }

    @Test func aBasicAnimationSnapsBackToTheModel() throws {
        // Research §9A: position.x from 0 to 100, 1 s, nothing else: 50 at 0.5 s, then the model 0.
        var r = try runtime(frame: Rect(x: -10, y: 0, width: 20, height: 20))
        _ = try r.add(.basic("position.x", from: .number(0), to: .number(100), duration: 1), to: 1, forKey: nil, at: 0)
        #expect(r.presentation(.center, of: 1, at: us(0.5))?.x == 50)
        #expect(r.presentation(.center, of: 1, at: us(1))?.x == 0)
        // With fillMode forwards and isRemovedOnCompletion false: 100 for ever, the model still 0.
        var kept = LayerAnimation.basic("position.x", from: .number(0), to: .number(100), duration: 1)
        kept.fillMode = .forwards
        kept.isRemovedOnCompletion = false
        _ = try r.add(kept, to: 1, forKey: nil, at: us(2))
        #expect(r.presentation(.center, of: 1, at: us(10))?.x == 100)
        #expect(r.model(.center, of: 1)?.x == 0)
    }

    @Test func byValueRunsFromTheModel() throws {
        // Research §9B: model 10, only byValue 50, 2 s linear: 10 → 60, 22.5 at 0.5 s.
        var r = try runtime()
        r.set(.alpha, of: 1, to: 10, at: 0)
        _ = try r.add(.basic("opacity", by: .number(50), duration: 2), to: 1, forKey: nil, at: 0)
        #expect(r.presentation(.alpha, of: 1, at: us(0.5)) == 22.5)
    }

    @Test func aDelayedAnimationWithoutBackwardsFillShowsTheModel() throws {
        // Research §9C: beginTime +0.5, fill removed, opacity 0 → 1, model 1: 1 during the delay;
        // with backwards fill 0.
        var r = try runtime()
        var fade = LayerAnimation.basic("opacity", from: .number(0), to: .number(1), duration: 1)
        fade.beginTime = 0.5
        _ = try r.add(fade, to: 1, forKey: "a", at: 0)
        #expect(r.presentation(.alpha, of: 1, at: us(0.25)) == 1)
        fade.fillMode = .backwards
        _ = try r.add(fade, to: 1, forKey: "b", at: 0)
        #expect(r.presentation(.alpha, of: 1, at: us(0.25)) == 0)
    }

    @Test func anUnknownKeyPathIsRefusedByName() throws {
        var r = try runtime()
        #expect(throws: AnimationRuntime.RuntimeError.unknownKeyPath("contents")) {
            try r.add(.basic("contents", to: .number(1), duration: 1), to: 1, forKey: nil, at: 0)
        }
    }

    // MARK: - Keyframes

    @Test(arguments: [
        // Research §5 worked example: keyframes (0, 0.5) → alpha 0, (0.5, 0.5) → 1.
        (Curve.linear, 0.25, 0.5), (.linear, 0.5, 0), (.linear, 0.75, 0.5),
        // The default outer easeInOut: u = E(t), then piecewise linear in u.
        (.easeInOut, 0.25, 1 - easeInOut(0.25) / 0.5), (.easeInOut, 0.75, (easeInOut(0.75) - 0.5) / 0.5),
    ])
    func keyframesHoldBetweenFramesOnTheOuterCurve(curve: Curve, t: Double, alpha: Double) throws {
        var r = try runtime()
        let id = r.beginBlock(AnimationBlock(kind: .keyframes(.linear), duration: 1, curve: curve), at: 0)
        r.beginKeyframe(relativeStart: 0, relativeDuration: 0.5)
        r.set(.alpha, of: 1, to: 0, at: 0)
        r.endKeyframe()
        r.beginKeyframe(relativeStart: 0.5, relativeDuration: 0.5)
        r.set(.alpha, of: 1, to: 1, at: 0)
        r.endKeyframe()
        r.endBlock(id, at: 0)
        #expect(abs(try #require(r.presentation(.alpha, of: 1, at: us(t))) - alpha) < 1e-6)
        #expect(r.completion(of: id) == .init(time: us(1), finished: true))
    }

    @Test func discreteKeyframesShowEachValueAtTheEndOfItsFrame() throws {
        // Research §5.6: with the doubled points each value appears at s_k + d_k.
        var r = try runtime()
        let id = r.beginBlock(AnimationBlock(kind: .keyframes(.discrete), duration: 1, curve: .linear), at: 0)
        r.beginKeyframe(relativeStart: 0.2, relativeDuration: 0.3)
        r.set(.alpha, of: 1, to: 0.25, at: 0)
        r.endKeyframe()
        r.endBlock(id, at: 0)
        #expect(r.presentation(.alpha, of: 1, at: us(0.49)) == 1)
        #expect(r.presentation(.alpha, of: 1, at: us(0.5)) == 0.25)
    }

    @Test func pacedKeyframesMoveAtConstantSpeed() {
        // CAKeyframeAnimation paced: key times by distance. Values 0, 10, 40: the first segment is
        // a quarter of the way, so at p = 0.125 the value is 5 and at 0.625 it is 25.
        let k = Keyframes<Double>(values: [0, 10, 40], keyTimes: [0, 0.5, 1], timings: [], mode: .paced)
        #expect(abs(k.value(at: 0.125) - 5) < 1e-9)
        #expect(abs(k.value(at: 0.625) - 25) < 1e-9)
    }

    @Test func cubicKeyframesPassThroughTheValuesAsCatmullRom() {
        // Kochanek–Bartels with tension, continuity and bias 0 is Catmull-Rom: through 0, 10, 0 at
        // 0, 0.5, 1 the middle tangent is 0 and the end tangents are the one-sided chords; at
        // p = 0.25 (s = 0.5 of segment 0): h00·0 + h10·m0 + h01·10 + h11·m1 with m0 = 10, m1 = 0
        // (tangents per segment) = 0.125·10 + 0.5·10 = 6.25.
        let k = Keyframes<Double>(values: [0, 10, 0], keyTimes: [0, 0.5, 1], timings: [], mode: .cubic)
        #expect(abs(k.value(at: 0.5) - 10) < 1e-9)
        #expect(abs(k.value(at: 0.25) - 6.25) < 1e-9)
    }

    // MARK: - Instant properties

    @Test func hiddenChangesAtOnceInsideABlock() throws {
        // Research §3.1: isHidden does not animate.
        var r = try runtime()
        _ = r.block(duration: 1, at: 0) { $0.set(.hidden, of: 1, to: true, at: 0) }
        #expect(r.presentation(.hidden, of: 1, at: us(0)) == true)
    }
}

// MARK: - Helpers (independent of the engine's solvers)

func us(_ seconds: Double) -> Int64 { Int64((seconds * 1_000_000).rounded()) }

/// `.curveEaseInOut`, (0.42, 0, 0.58, 1), solved by bisection on x(s) (the engine uses Newton).
func easeInOut(_ x: Double) -> Double {
    func bezier(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        3 * (1 - s) * (1 - s) * s * p1 + 3 * (1 - s) * s * s * p2 + s * s * s
    }
    var (lo, hi) = (0.0, 1.0)
    for _ in 0..<200 {
        let mid = (lo + hi) / 2
        if bezier(mid, 0.42, 0.58) < x { lo = mid } else { hi = mid }
    }
    return bezier((lo + hi) / 2, 0, 1)
}

/// A transform's affine part [a, b, c, d] from its fields: CGAffineTransform rotate·scale in
/// row-vector form, (x, y)·[a b; c d] = scale first, then rotation.
func affine(_ t: Transform) -> [Double] {
    let r = t.rotation * .pi / 180
    return [t.scaleX * cos(r), t.scaleX * sin(r), -t.scaleY * sin(r), t.scaleY * cos(r)]
}

/// The affine part of what the engine shows (its matrix, skew included).
func matrix(_ t: Transform) -> [Double] {
    let m = t.matrix3D
    return [m.m11, m.m12, m.m21, m.m22]
}

func multiply2(_ m: [Double], _ n: [Double]) -> [Double] {
    [m[0] * n[0] + m[1] * n[2], m[0] * n[1] + m[1] * n[3], m[2] * n[0] + m[3] * n[2], m[2] * n[1] + m[3] * n[3]]
}

func inverse2(_ m: [Double]) -> [Double] {
    let det = m[0] * m[3] - m[1] * m[2]
    return [m[3] / det, -m[1] / det, -m[2] / det, m[0] / det]
}

/// WebKit's decompose2 (TransformationMatrix.cpp) for a positive determinant: M = S · R(angle) ·
/// remainder, the scales the rows' lengths.
struct Decomposition2 {
    var angle, scaleX, scaleY: Double
    var remainder: [Double]

    var matrix: [Double] {
        multiply2(multiply2([scaleX, 0, 0, scaleY], affine(Transform(rotation: angle))), remainder)
    }
}

func decompose2(_ m: [Double]) -> Decomposition2 {
    let sx = (m[0] * m[0] + m[1] * m[1]).squareRoot()
    let sy = (m[2] * m[2] + m[3] * m[3]).squareRoot()
    let n = [m[0] / sx, m[1] / sx, m[2] / sy, m[3] / sy]
    let angle = atan2(n[1], n[0])
    // R(−angle) · n, with R(θ) = [cos sin; −sin cos] in row-vector form.
    let remainder = multiply2([cos(angle), -sin(angle), sin(angle), cos(angle)], n)
    return Decomposition2(angle: angle * 180 / .pi, scaleX: sx, scaleY: sy, remainder: remainder)
}

extension AnimationRuntime {
    /// One `UIView.animate` block at `time` whose closure is `body`.
    mutating func block(
        duration: Double, delay: Double = 0, curve: Curve = .easeInOut, options: AnimationOptions = [],
        repeatCount: Double? = nil, at time: Int64, _ body: (inout AnimationRuntime) -> Void
    ) -> BlockID {
        let id = beginBlock(
            AnimationBlock(duration: duration, delay: delay, curve: curve, options: options, repeatCount: repeatCount),
            at: time)
        body(&self)
        endBlock(id, at: time)
        return id
    }
}

/// One plain view, tag 1, 200×200 at the origin unless `frame` says otherwise.
func runtime(frame: Rect = Rect(x: 0, y: 0, width: 200, height: 200)) throws -> AnimationRuntime {
    let spec = try Spec.decode(
        Array(
            minimalSpec(
                views: ##"[{"tag": 1, "kind": "view", "backgroundColor": "#FF0000"}]"##,
                constraints:
                    #"["1.left == superview.left", "1.top == superview.top", "1.width == 200", "1.height == 200"]"#
            ).utf8))
    return AnimationRuntime(spec: spec, layout: Layout(frames: [1: frame]), now: 0)
}
