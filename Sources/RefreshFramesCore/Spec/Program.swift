/// The animation program: UIView.animate blocks chained by their completions, run from the moment
/// refreshing begins, looping while the control is refreshing.
package struct Program: Sendable {
    /// One pass of the loop.
    package var cycle: [Step]
    /// Where `refreshing` is re-checked.
    package var check: LoopCheck
    /// Applied instantly (no animation block) to every view when the loop stops.
    package var reset: Changes
    /// Steps run when refreshing ends (the control's `endRefreshing`), alongside the loop: a
    /// `removeAnimations` there cancels what the loop waits for, which then stops (its completion
    /// gets `finished = false`).
    package var onEnd: [Step] = []

    package init(cycle: [Step], check: LoopCheck = .afterCycle, reset: Changes = Changes()) {
        self.cycle = cycle
        self.check = check
        self.reset = reset
    }
}

package enum LoopCheck: String, Sendable, CaseIterable {
    /// After the whole cycle (CustomRefreshView, the rotate-and-scale control): ending the refresh
    /// never cuts a cycle short.
    case afterCycle
    /// After each view of the cycle's `each` step (the marquee), whose position carries over.
    case afterEachView
}

package indirect enum Step: Sendable {
    case animate(Animate)
    /// Runs `steps` once per view, in order; inside them, the target `current` is that view.
    case each(Each)
    /// `UIView.animateKeyframes(withDuration:delay:options:animations:completion:)`.
    case keyframes(KeyframesStep)
    /// `UIView.transition(with:duration:options:animations:completion:)`.
    case transition(TransitionStep)
    /// `layer.add(_:forKey:)` of a `CABasicAnimation`, `CAKeyframeAnimation` or `CASpringAnimation` on each view.
    case layerAnimation(LayerAnimationStep)
    /// `layer.removeAnimation(forKey:)`, or `removeAllAnimations()`, on each view.
    case removeAnimations(RemoveAnimationsStep)
    /// Constraint constants changed, then `layoutIfNeeded()` inside a `UIView.animate` block.
    case layout(LayoutStep)
    /// `startAnimating()` or `stopAnimating()` on image views: made at once, taking no time.
    case imageAnimation(ImageAnimationStep)
}

/// What every block step shares: `UIView.animate`'s duration, delay, curve and options, and
/// whether the next step is its completion (`wait`, the default) or follows the call at once.
package struct BlockTiming: Sendable, Equatable {
    package var duration: Double
    package var delay: Double
    package var curve: Curve
    /// `.beginFromCurrentState`, `.repeat`, `.autoreverse`.
    package var options: AnimationOptions
    /// `setAnimationRepeatCount`; nil with `.repeat`: forever.
    package var repeatCount: Double?
    /// Whether the next step waits for the completion. A completion with `finished = false`
    /// stops the steps after it (as `guard finished else { return }` does).
    package var wait: Bool

    package init(
        duration: Double, delay: Double = 0, curve: Curve = .easeInOut, options: AnimationOptions = [],
        repeatCount: Double? = nil, wait: Bool = true
    ) {
        self.duration = duration
        self.delay = delay
        self.curve = curve
        self.options = options
        self.repeatCount = repeatCount
        self.wait = wait
    }

    /// The runtime's block of this timing.
    func block(_ kind: AnimationBlock.Kind = .basic) -> AnimationBlock {
        AnimationBlock(
            kind: kind, duration: duration, delay: delay, curve: curve, options: options, repeatCount: repeatCount)
    }

    /// How long the completion takes: the active duration (∞ for a repeat forever), 0 when the
    /// next step does not wait.
    var waited: Double {
        guard wait else { return 0 }
        let count = repeatCount ?? (options.contains(.repeat) ? .infinity : 0)
        guard duration > 0 else { return delay }
        return delay + duration * (count == 0 ? 1 : count) * (options.contains(.autoreverse) ? 2 : 1)
    }
}

/// `UIView.animateKeyframes`: keyframes at relative times, each setting properties of the views.
package struct KeyframesStep: Sendable {
    package var target: Target
    /// The outer curve (easeInEaseOut unless given: research §5.2).
    package var timing: BlockTiming
    package var mode: CalculationMode
    package var frames: [KeyframeSpec]

    package init(target: Target, timing: BlockTiming, mode: CalculationMode = .linear, frames: [KeyframeSpec]) {
        self.target = target
        self.timing = timing
        self.mode = mode
        self.frames = frames
    }
}

/// One `addKeyframe(withRelativeStartTime:relativeDuration:animations:)`.
package struct KeyframeSpec: Sendable {
    package var start: Double
    package var duration: Double
    package var changes: Changes

    package init(start: Double, duration: Double, changes: Changes) {
        self.start = start
        self.duration = duration
        self.changes = changes
    }
}

/// `UIView.transition(with: view, …) { changes }`: the changes are instant, and `view` shows its
/// subtree's old rendering turning into the new one.
package struct TransitionStep: Sendable {
    package var view: Int
    package var kind: TransitionState.Kind
    /// The views the changes are made to (the transition view by default).
    package var target: Target
    package var timing: BlockTiming
    package var changes: Changes

    package init(view: Int, kind: TransitionState.Kind, target: Target, timing: BlockTiming, changes: Changes) {
        self.view = view
        self.kind = kind
        self.target = target
        self.timing = timing
        self.changes = changes
    }
}

/// A Core Animation animation added to each view's layer. It never changes the model value.
package struct LayerAnimationStep: Sendable {
    package var target: Target
    package var key: String?
    /// `beginTime` is the step's delay (from the instant the step runs); nil for none.
    package var animation: LayerAnimation
    package var delay: Double
    /// Whether the next step waits for `animationDidStop` (false by default: a layer animation has
    /// no completion unless it has a delegate).
    package var wait: Bool

    package init(target: Target, key: String?, animation: LayerAnimation, delay: Double = 0, wait: Bool = false) {
        self.target = target
        self.key = key
        self.animation = animation
        self.delay = delay
        self.wait = wait
    }
}

/// `layer.removeAnimation(forKey: key)` (or, without a key, `removeAllAnimations()`) on each view.
package struct RemoveAnimationsStep: Sendable {
    package var target: Target
    package var key: String?

    package init(target: Target, key: String? = nil) {
        self.target = target
        self.key = key
    }
}

/// `constraint.constant = …` for the constraints with these ids, then, in a `UIView.animate`
/// block, `layoutIfNeeded()`: every view whose frame changes animates to it (duration 0: jumps).
package struct LayoutStep: Sendable {
    package var constants: [(id: String, value: Double)]
    package var timing: BlockTiming

    package init(constants: [(id: String, value: Double)], timing: BlockTiming) {
        self.constants = constants
        self.timing = timing
    }
}

/// `UIImageView.startAnimating()` (`starts`) or `stopAnimating()` on the target's image views.
/// Starting a sequence that plays restarts it at frame 0 (research §14 rule 2).
package struct ImageAnimationStep: Sendable, Equatable {
    package var target: Target
    package var starts: Bool

    package init(target: Target, starts: Bool) {
        self.target = target
        self.starts = starts
    }
}

package struct Each: Sendable {
    package var views: [Int]
    /// The position at which the index wraps back to the first view. The marquee tutorial wraps
    /// when it reaches `count - 1`, so its last label never animates; default: `views.count`.
    package var wrapAt: Int
    package var steps: [Step]

    package init(views: [Int], wrapAt: Int? = nil, steps: [Step]) {
        self.views = views
        self.wrapAt = wrapAt ?? views.count
        self.steps = steps
    }
}

package enum Target: Sendable, Equatable {
    /// The view of the enclosing `each`.
    case current
    case all
    case tags([Int])
}

/// One `UIView.animate(withDuration:delay:options:animations:completion:)` call.
package struct Animate: Sendable {
    package var target: Target
    package var timing: BlockTiming
    package var changes: Changes

    package var duration: Double { timing.duration }
    package var delay: Double { timing.delay }
    package var curve: Curve { timing.curve }

    package init(target: Target, duration: Double, delay: Double = 0, curve: Curve = .easeInOut, changes: Changes) {
        self.init(target: target, timing: BlockTiming(duration: duration, delay: delay, curve: curve), changes: changes)
    }

    package init(target: Target, timing: BlockTiming, changes: Changes) {
        self.target = target
        self.timing = timing
        self.changes = changes
    }
}

package enum ColorValue: Sendable, Equatable {
    case color(RGBA)
    /// `getNextColor()`: the palette entry at the running index, which then advances and wraps,
    /// and is never reset (it carries over between loops).
    case nextPaletteColor
    /// The view's own colour as the spec gives it (its `textColor` or `backgroundColor`): what a
    /// control's "back to black" means when its labels were not black to begin with.
    case initial
}

/// The properties an animation block (or the reset) assigns, each at most once, by property:
/// `changes[.alpha] = 0.5`. Whoever applies or writes them iterates `AnimatableProperties.settable`.
package struct Changes: Sendable, Equatable {
    private var settings: [String: any PropertySetting] = [:]

    package init() {}

    package subscript<Setting>(property: AnimatableProperty<Setting>) -> Setting? {
        get { settings[property.name] as? Setting }
        set { settings[property.name] = newValue }
    }

    package var isEmpty: Bool { settings.isEmpty }

    /// Whether any of them takes the next palette colour.
    package var takesPaletteColor: Bool { settings.values.contains { $0.takesPaletteColor } }

    package static func == (a: Changes, b: Changes) -> Bool {
        a.settings.count == b.settings.count && a.settings.allSatisfy { $0.value.isEqual(to: b.settings[$0.key]) }
    }
}

extension PropertySetting {
    fileprivate func isEqual(to other: (any PropertySetting)?) -> Bool { (other as? Self) == self }
}

/// When the control's owner calls beginRefreshing-like code and endRefreshing.
package struct Scenario: Sendable {
    /// The finger's pull in points over time, piecewise linear between keyframes.
    package var pull: [PullKeyframe]
    package var refreshStart: RefreshStart
    /// Seconds from the start of refreshing to endRefreshing (the tutorials' timers).
    package var workDuration: Double
    /// The control's height: refreshing holds the content open by this much.
    package var controlHeight: Double
    /// `alpha = pull / divisor`, clamped to 0…1, applied to the container (the marquee's scrollViewDidScroll).
    package var contentAlphaFollowsPull: Double?
    /// Seconds the content takes to scroll back after endRefreshing (UIKit does not document it).
    package var collapseDuration: Double
    /// Total length; default: the program's stop plus the collapse and half a second.
    package var duration: Double?

    package init(
        pull: [PullKeyframe] = [], refreshStart: RefreshStart = .at(0), workDuration: Double,
        controlHeight: Double = 60, contentAlphaFollowsPull: Double? = nil, collapseDuration: Double = 0.3,
        duration: Double? = nil
    ) {
        self.pull = pull
        self.refreshStart = refreshStart
        self.workDuration = workDuration
        self.controlHeight = controlHeight
        self.contentAlphaFollowsPull = contentAlphaFollowsPull
        self.collapseDuration = collapseDuration
        self.duration = duration
    }
}

package struct PullKeyframe: Sendable, Equatable {
    package var time: Double
    package var distance: Double

    package init(time: Double, distance: Double) {
        self.time = time
        self.distance = distance
    }
}

package enum RefreshStart: Sendable, Equatable {
    /// Refreshing begins at this time, with the content held open from then on.
    case at(Double)
    /// Refreshing begins when the pull first reaches this distance.
    case pullThreshold(Double)
}
