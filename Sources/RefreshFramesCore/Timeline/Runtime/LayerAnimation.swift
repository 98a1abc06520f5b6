/// A Core Animation animation added to a layer with `layer.add(_:forKey:)`: a `CABasicAnimation`,
/// a `CAKeyframeAnimation` or a `CASpringAnimation`, with `CAMediaTiming`'s timing (research §9).
/// It never changes the model value: when it is removed the layer shows the model again.
package struct LayerAnimation: Sendable, Equatable {
    /// `fillMode`: whether it shows before its begin time (backwards) and after its active
    /// duration (forwards, which needs `isRemovedOnCompletion = false`).
    package enum FillMode: String, Sendable, CaseIterable {
        case removed, forwards, backwards, both
    }

    package enum Content: Sendable, Equatable {
        /// `CABasicAnimation`'s `fromValue`, `toValue`, `byValue` (no more than two set; research
        /// §9.2's table says what a missing one means: the model value, read continuously).
        case basic(from: UIKitValue?, to: UIKitValue?, by: UIKitValue?)
        /// `CAKeyframeAnimation`: `values`, `keyTimes` (nil: evenly spaced), `timingFunctions`
        /// (one per segment; nil: linear), `calculationMode`.
        case keyframes(values: [UIKitValue], keyTimes: [Double]?, timingFunctions: [Curve]?, mode: CalculationMode)
        /// `CASpringAnimation` (mass 1, stiffness 100, damping 10, initialVelocity 0 by default)
        /// with `fromValue`/`toValue`/`byValue` as a basic animation's.
        case spring(SpringParameters, from: UIKitValue?, to: UIKitValue?, by: UIKitValue?)
    }

    /// The key path: a property's (`opacity`, `position`, `bounds.size`, `transform`,
    /// `cornerRadius`, `borderWidth`, `shadowOpacity`…) or a component of one: `position.x`,
    /// `position.y`, `bounds.size.width`, `transform.rotation.z` (= `transform.rotation`, an angle
    /// in radians turned into a rotation by a value function: 0 → 2π is a full turn),
    /// `transform.scale`, `transform.scale.x`, `transform.scale.y`, `transform.translation.x`,
    /// `transform.translation.y`.
    package var keyPath: String
    package var content: Content
    /// `beginTime` on the scenario's clock, in seconds; nil: when it is added (`beginTime = 0`).
    package var beginTime: Double?
    /// Seconds; 0 means the transaction's duration, 0.25 s.
    package var duration: Double
    /// `timingFunction`; nil is linear.
    package var timingFunction: Curve?
    /// Fractions allowed; `.infinity` repeats forever; 0 is one pass.
    package var repeatCount: Double
    package var autoreverses: Bool
    package var isAdditive: Bool
    /// Each repeat starts where the last ended (its value adds the end value times the repeats done).
    package var isCumulative: Bool
    package var fillMode: FillMode
    package var isRemovedOnCompletion: Bool
    /// `speed` (0 freezes it at `timeOffset`) and `timeOffset`, in seconds of its local time.
    package var speed: Double
    package var timeOffset: Double

    package init(
        keyPath: String, content: Content, beginTime: Double? = nil, duration: Double = 0,
        timingFunction: Curve? = nil, repeatCount: Double = 0, autoreverses: Bool = false, isAdditive: Bool = false,
        isCumulative: Bool = false, fillMode: FillMode = .removed, isRemovedOnCompletion: Bool = true,
        speed: Double = 1, timeOffset: Double = 0
    ) {
        self.keyPath = keyPath
        self.content = content
        self.beginTime = beginTime
        self.duration = duration
        self.timingFunction = timingFunction
        self.repeatCount = repeatCount
        self.autoreverses = autoreverses
        self.isAdditive = isAdditive
        self.isCumulative = isCumulative
        self.fillMode = fillMode
        self.isRemovedOnCompletion = isRemovedOnCompletion
        self.speed = speed
        self.timeOffset = timeOffset
    }

    /// How long it runs: duration (0 is 0.25 s) × repeats × (2 with autoreverse).
    package var activeDuration: Double {
        let d = duration > 0 ? duration : 0.25
        return d * (repeatCount == 0 ? 1 : repeatCount) * (autoreverses ? 2 : 1) / (speed > 0 ? speed : 1)
    }

    /// `CABasicAnimation(keyPath:)` with from/to/by.
    package static func basic(
        _ keyPath: String, from: UIKitValue? = nil, to: UIKitValue? = nil, by: UIKitValue? = nil, duration: Double
    ) -> LayerAnimation {
        LayerAnimation(keyPath: keyPath, content: .basic(from: from, to: to, by: by), duration: duration)
    }
}

/// `CASpringAnimation`'s physical parameters.
package struct SpringParameters: Sendable, Equatable {
    package var mass: Double
    package var stiffness: Double
    package var damping: Double
    /// Points per second over the distance (1 = the whole distance in one second, toward the target).
    package var initialVelocity: Double

    package init(mass: Double = 1, stiffness: Double = 100, damping: Double = 10, initialVelocity: Double = 0) {
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
        self.initialVelocity = initialVelocity
    }
}
