import Foundation
import RefreshFramesCore
import Testing

/// `CASpringAnimation` in a control's code: a basic animation whose progress is the damped
/// harmonic oscillator m·x'' + c·x' + k·x = 0 released from the whole distance (x(0) = 1 left to go,
/// x'(0) = −v0 distances per second), solved here by hand for each case, played for the
/// animation's `duration` from `layer.add` (the refresh, 0.4 s, in `smallSpec`).
@Suite struct SpringAnimationProgramTests {
    private func run(_ body: String) throws -> (Timeline, [String]) {
        let (timeline, diagnostics) = try swiftTimeline(
            try spec(smallSpec), try decode(controller(body)), workDurationGiven: true)
        return (timeline, diagnostics)
    }

    /// mass 2, stiffness 50, damping 4: ω0 = √(50/2) = 5, ζ = 4 / (2√(2·50)) = 0.2 (underdamped),
    /// ωd = 5√(1 − 0.04); left to go s(t) = e^(−ζω0 t)(cos ωd t + (ζω0/ωd) sin ωd t).
    @Test func anUnderdampedScaleSpringOvershoots() throws {
        let (timeline, diagnostics) = try run(
            """
                @objc func refresh() {
                    let pop = CASpringAnimation(keyPath: "transform.scale")
                    pop.mass = 2
                    pop.stiffness = 50
                    pop.damping = 4
                    pop.fromValue = 1
                    pop.toValue = 2
                    pop.duration = 3
                    square.layer.add(pop, forKey: "pop")
                }
            """)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let wd = 5 * (1 - 0.04).squareRoot()
        for t in [0.1, 0.5, 0.7, 1.3] {
            let left = exp(-1 * t) * (cos(wd * t) + (1 / wd) * sin(wd * t))
            let scale = 1 + (1 - left)
            let shown = state(timeline, 2, at: 0.4 + t).transform
            #expect(abs(shown.scaleX - scale) < 1e-9 && abs(shown.scaleY - scale) < 1e-9, "t \(t): \(shown)")
        }
        // It overshoots: at t = π/ωd (half a period) s = −e^(−π/ωd), so the scale is 2 + e^(−π/ωd).
        let half = Double.pi / wd
        #expect(abs(state(timeline, 2, at: 0.4 + half).transform.scaleX - (2 + exp(-half))) < 1e-9)
        // After its 3 s the model (scale 1) shows again.
        #expect(state(timeline, 2, at: 3.5).transform.scaleX == 1)
    }

    /// mass 1, stiffness 100, damping 20: ω0 = 10, ζ = 20 / (2·10) = 1 (critically damped), with
    /// initialVelocity 5: s(t) = e^(−10t)(1 + (10 − 5)t); opacity from 0 to 1 is 1 − s.
    @Test func aCriticallyDampedOpacitySpringWithVelocity() throws {
        let (timeline, diagnostics) = try run(
            """
                @objc func refresh() {
                    let fade = CASpringAnimation(keyPath: "opacity")
                    fade.damping = 20
                    fade.initialVelocity = 5
                    fade.fromValue = 0
                    fade.toValue = 1
                    fade.duration = 1
                    fade.fillMode = .forwards
                    fade.isRemovedOnCompletion = false
                    square.layer.add(fade, forKey: "fade")
                }
            """)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        for t in [0.05, 0.2, 0.4] {
            let alpha = 1 - exp(-10 * t) * (1 + 5 * t)
            #expect(abs(state(timeline, 2, at: 0.4 + t).alpha - alpha) < 1e-9, "t \(t)")
        }
    }

    /// `position` with QuartzCore's defaults (mass 1, stiffness 100, damping 10: ω0 = 10, ζ = 0.5) and
    /// `duration = settlingDuration`: the value read is the engine's estimate, said with a warning.
    @Test func positionWithDefaultsAndSettlingDuration() throws {
        let (timeline, diagnostics) = try run(
            """
                @objc func refresh() {
                    let drop = CASpringAnimation(keyPath: "position.y")
                    drop.fromValue = 0
                    drop.toValue = 50
                    drop.duration = drop.settlingDuration
                    square.layer.add(drop, forKey: "drop")
                }
            """)
        #expect(diagnostics.count == 1 && diagnostics[0].contains("settlingDuration"), "\(diagnostics)")
        #expect(diagnostics.first?.contains("RefreshView.swift:") == true, "\(diagnostics)")
        // Envelope e^(−5t)·√(1 + b²), b = 5 / ωd, ωd = 10√0.75, under 0.001 at ln(√(1+b²)/0.001)/5.
        let wd = 10 * 0.75.squareRoot()
        let b = 5 / wd
        let settle = log((1 + b * b).squareRoot() / 0.001) / 5
        let t = 0.3
        let y = 50 * (1 - exp(-5 * t) * (cos(wd * t) + b * sin(wd * t)))
        let frame = state(timeline, 2, at: 0.4 + t).frame
        #expect(abs(frame.midY - y) < 1e-9, "\(frame)")
        // Just before the end it is still running (within 0.001 × 50 of 50), after it the model
        // (the square centred on the 60 pt canvas's y, 30).
        #expect(abs(state(timeline, 2, at: 0.4 + settle - 0.01).frame.midY - 50) < 0.05)
        #expect(abs(state(timeline, 2, at: 0.4 + settle + 0.01).frame.midY - 50) > 5)
    }

    @Test func aMassOfZeroIsRefusedAtItsLine() throws {
        #expect {
            _ = try run(
                """
                    @objc func refresh() {
                        let s = CASpringAnimation(keyPath: "opacity")
                        s.mass = 0
                        square.layer.add(s, forKey: nil)
                    }
                """)
        } throws: { error in
            "\(error)".contains("RefreshView.swift:") && "\(error)".contains("mass = 0: must be greater than 0")
        }
    }
}
