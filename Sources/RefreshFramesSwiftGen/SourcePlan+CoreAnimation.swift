import RefreshFramesCore

/// What a `caAnimation` or `transition` step can be written as, and the refusals (with their JSON
/// path and the reason) for what UIKit and Core Animation cannot say.
extension SourcePlan {
    /// A layer animation is written as `layer.add(_:forKey:)` of the animation it describes: a
    /// `CABasicAnimation`, a `CAKeyframeAnimation`, or a `CASpringAnimation` (its `spring`
    /// parameters, or a spring `curve` as UIKit's spring blocks make one), with a delegate when the
    /// next step waits for it. A spring as a timing function of keyframes is refused: a
    /// `CAMediaTimingFunction` is a cubic Bézier curve.
    static func checkLayerAnimation(_ c: LayerAnimationStep, path: String) throws(SpecDiagnostic) {
        let spring = "a CAMediaTimingFunction is a cubic Bézier curve, not a spring"
        switch c.animation.content {
        case .basic: break
        case .spring:
            if case .spring? = c.animation.timingFunction {
                throw SpecDiagnostic(
                    path: path + ".curve", location: nil,
                    message:
                        "a CASpringAnimation's \"spring\" parameters and a spring curve cannot both be written: give one of them"
                )
            }
        case .keyframes(_, _, let timings, _):
            if case .spring? = c.animation.timingFunction {
                throw SpecDiagnostic(
                    path: path + ".curve", location: nil,
                    message:
                        "\(spring): a CAKeyframeAnimation has no spring; use a named or cubicBezier curve")
            }
            for (i, curve) in (timings ?? []).enumerated() {
                guard case .spring = curve else { continue }
                throw SpecDiagnostic(
                    path: path + ".timingFunctions[\(i)]", location: nil,
                    message: "\(spring); use a named or cubicBezier curve for each segment")
            }
        }
        if case .physicalSpring? = c.animation.timingFunction {
            throw SpecDiagnostic(path: path + ".curve", location: nil, message: "\(spring); use \"spring\"")
        }
    }

    /// The `CASpringAnimation` a caAnimation's spring curve is written as: UIKit's for a spring
    /// block of the animation's duration (0: 0.25 s); nil for other curves.
    static func springParameters(_ a: LayerAnimation) -> SpringParameters? {
        guard case .basic = a.content, case .spring(let damping, let velocity)? = a.timingFunction else { return nil }
        return SpringParameters(dampingRatio: damping, velocity: velocity, duration: a.duration > 0 ? a.duration : 0.25)
    }

    /// `UIView.transition(with:duration:options:animations:completion:)`: its options say the kind,
    /// a named curve and `.beginFromCurrentState` (which changes nothing for a transition's instant
    /// changes, in UIKit and the engine alike). The rest is refused, each with why.
    static func checkTransition(_ tr: TransitionStep, path: String) throws(SpecDiagnostic) {
        let timing = tr.timing
        let fade = tr.kind == .crossDissolve
        let message: String? =
            if timing.delay != 0 && !fade {
                "UIView.transition(with:duration:options:animations:completion:) takes no delay, and UIKit has no delay for it on the animation clock (a dispatch after the delay would make the changes then, while the engine makes them at once and holds the old rendering); a crossDissolve is written as a CATransition fade, which has one, but Core Animation has no public flip: start the transition from a step that ends when it should begin"
            } else if timing.options.contains(.repeat) || timing.options.contains(.autoreverse)
                || timing.repeatCount != nil
            {
                "a transition with repeat or autoreverse is not written as Swift: Apple does not say what a repeating UIView.transition shows on each pass, and the engine turns the view once"
            } else {
                switch timing.curve {
                case .linear, .easeIn, .easeOut, .easeInOut: nil
                case .cubicBezier where fade: nil
                default:
                    "a transition's curve is not written as Swift unless it is linear, easeIn, easeOut or easeInOut (or a cubicBezier on a crossDissolve, a CATransition fade): UIView.transition's options have only the named curves, a CAMediaTimingFunction no spring, and Core Animation has no public flip"
                }
            }
        if let message { throw SpecDiagnostic(path: path, location: nil, message: message) }
    }

    /// Whether a transition is written as a `CATransition` fade added to the view's layer rather
    /// than `UIView.transition`: a crossDissolve with a delay (its `beginTime`, with a backwards
    /// fill holding the old rendering until then) or a Bézier curve (its `timingFunction`).
    static func usesCATransition(_ tr: TransitionStep) -> Bool {
        guard tr.kind == .crossDissolve else { return false }
        if case .cubicBezier = tr.timing.curve { return true }
        return tr.timing.delay != 0
    }
}
