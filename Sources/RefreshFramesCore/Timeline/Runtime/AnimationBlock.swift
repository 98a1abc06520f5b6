/// One `UIView.animate…` / `animateKeyframes` / `transition(with:…)` call: its kind, timing and
/// options, as the runtime's `beginBlock` takes it.
package struct AnimationBlock: Sendable, Equatable {
    package enum Kind: Sendable, Equatable {
        /// `UIView.animate(withDuration:delay:options:animations:completion:)`, and the spring form
        /// when `curve` is `.spring`.
        case basic
        /// `UIView.animateKeyframes(withDuration:delay:options:animations:completion:)`; the
        /// animations closure calls `addKeyframe` (the runtime's `beginKeyframe`/`endKeyframe`).
        case keyframes(CalculationMode)
        /// `UIView.transition(with: view, duration:options:animations:completion:)`: the closure's
        /// changes to the view's subtree are instant, and the view shows a transition between its
        /// subtree before and after (research §4).
        case transition(TransitionState.Kind, view: Int)
    }

    package var kind: Kind
    /// Seconds; 0 makes every change instant and completes the block at once.
    package var duration: Double
    package var delay: Double
    /// The options' curve (`.curveEaseInOut` by default; keyframes: the outer curve over the whole
    /// animation, easeInEaseOut unless the options say otherwise, research §5.2), or a spring.
    package var curve: Curve
    package var options: AnimationOptions
    /// `UIView.setAnimationRepeatCount(_:)` / `modifyAnimations(withRepeatCount:…)`, fractions
    /// allowed; nil: forever with `.repeat`, else one pass.
    package var repeatCount: Double?

    package init(
        kind: Kind = .basic, duration: Double, delay: Double = 0, curve: Curve = .easeInOut,
        options: AnimationOptions = [], repeatCount: Double? = nil
    ) {
        self.kind = kind
        self.duration = duration
        self.delay = delay
        self.curve = curve
        self.options = options
        self.repeatCount = repeatCount
    }

    /// The block a UIKit call makes from its raw `options` (`UIView.AnimationOptions.rawValue`, or
    /// `UIView.KeyframeAnimationOptions.rawValue` for keyframes): the curve from bits 16–18, the
    /// transition from bits 20–22, the calculation mode from bits 10–12 (research §1 and §5.1).
    /// `transitionView` is the view of `transition(with:)`; a transition the engine cannot draw
    /// (the page curls: `isUnsupportedTransition`) becomes a cross-dissolve.
    package init(
        uikitOptions raw: UInt, duration: Double, delay: Double = 0, keyframes: Bool = false,
        transitionView: Int? = nil
    ) {
        let options = AnimationOptions(rawValue: raw & 0x3FF)
        let curve: Curve =
            switch raw >> 16 & 7 {
            case 1: .easeIn
            case 2: .easeOut
            case 3: .linear
            default: .easeInOut
            }
        var kind = Kind.basic
        if keyframes {
            kind = .keyframes(CalculationMode.uikit(raw >> 10 & 7))
        } else if let view = transitionView {
            kind = .transition(TransitionState.Kind.uikit(raw >> 20 & 7) ?? .crossDissolve, view: view)
        }
        self.init(kind: kind, duration: duration, delay: delay, curve: curve, options: options)
    }

    /// Whether the options' transition bits name a page curl, which the engine draws as a cross-dissolve.
    package static func isUnsupportedTransition(uikitOptions raw: UInt) -> Bool {
        let t = raw >> 20 & 7
        return t == 3 || t == 4
    }
}

/// `UIView.AnimationOptions`, with UIKit's bit values (research §1's table). The curve and the
/// transition are `AnimationBlock.curve` and `.kind`.
package struct AnimationOptions: OptionSet, Sendable, Hashable {
    package let rawValue: UInt
    package init(rawValue: UInt) { self.rawValue = rawValue }

    package static let layoutSubviews = AnimationOptions(rawValue: 1 << 0)
    package static let allowUserInteraction = AnimationOptions(rawValue: 1 << 1)
    /// Non-additive properties start from the presentation value instead of the model value.
    package static let beginFromCurrentState = AnimationOptions(rawValue: 1 << 2)
    /// `repeatCount = FLT_MAX` on every animation of the block (unless `repeatCount` says otherwise).
    package static let `repeat` = AnimationOptions(rawValue: 1 << 3)
    package static let autoreverse = AnimationOptions(rawValue: 1 << 4)
    package static let overrideInheritedDuration = AnimationOptions(rawValue: 1 << 5)
    package static let overrideInheritedCurve = AnimationOptions(rawValue: 1 << 6)
    package static let allowAnimatedContent = AnimationOptions(rawValue: 1 << 7)
    package static let showHideTransitionViews = AnimationOptions(rawValue: 1 << 8)
    package static let overrideInheritedOptions = AnimationOptions(rawValue: 1 << 9)
}

/// `CAKeyframeAnimation.calculationMode`, and `UIView.KeyframeAnimationOptions`' calculation modes.
package enum CalculationMode: String, Sendable, CaseIterable {
    case linear, discrete, paced, cubic, cubicPaced

    /// `(options >> 10) & 7` of `UIView.KeyframeAnimationOptions` (research §5.1).
    static func uikit(_ value: UInt) -> CalculationMode {
        switch value {
        case 1: .discrete
        case 2: .paced
        case 3: .cubic
        case 4: .cubicPaced
        default: .linear
        }
    }
}

extension TransitionState.Kind {
    /// `(options >> 20) & 7` of `UIView.AnimationOptions` (research §4.1); nil for none and the curls.
    static func uikit(_ value: UInt) -> Self? {
        switch value {
        case 1: .flipFromLeft
        case 2: .flipFromRight
        case 5: .crossDissolve
        case 6: .flipFromTop
        case 7: .flipFromBottom
        default: nil
        }
    }
}
