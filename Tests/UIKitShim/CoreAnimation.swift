import RefreshFramesCore

// The part of Core Animation the generated code uses: explicit animations added to a layer and the
// media timing they run on. Written from Apple's documentation (QuartzCore: CAMediaTiming,
// CAMediaTimingFillMode, CABasicAnimation's "Setting Interpolation Values", CAPropertyAnimation's
// isAdditive, CAKeyframeAnimation's values/keyTimes/timingFunctions/calculationMode and the
// CAAnimationCalculationMode constants, CALayer.add(_:forKey:) / removeAnimation(forKey:) /
// removeAllAnimations(), CACurrentMediaTime()), not from the engine's runtime. What it does with an
// animation is in `Shim.layerPresentation` (CoreAnimation+Timing.swift).

public typealias CFTimeInterval = Double

/// Seconds of the media clock: the shim's clock plus an origin, as `CACurrentMediaTime()` counts
/// from the host's boot and not from the test's start (a `beginTime` of 0 would mean "now").
// swift-format-ignore: AlwaysUseLowerCamelCase
@MainActor public func CACurrentMediaTime() -> CFTimeInterval { Shim.currentTime + Shim.mediaTimeOrigin }

public struct CAMediaTimingFunctionName: Hashable, Sendable {
    let curve: Curve
    public static let linear = CAMediaTimingFunctionName(curve: .linear)
    public static let easeIn = CAMediaTimingFunctionName(curve: .easeIn)
    public static let easeOut = CAMediaTimingFunctionName(curve: .easeOut)
    public static let easeInEaseOut = CAMediaTimingFunctionName(curve: .easeInOut)
    /// (0.25, 0.1, 0.25, 1): Core Animation's default curve (CAMediaTimingFunction.h).
    public static let `default` = CAMediaTimingFunctionName(curve: .cubicBezier(0.25, 0.1, 0.25, 1))

    public static func == (a: Self, b: Self) -> Bool { a.curve == b.curve }
    public func hash(into hasher: inout Hasher) { hasher.combine("\(curve)") }
}

/// A cubic Bézier timing function from (0, 0) to (1, 1).
open class CAMediaTimingFunction {
    let curve: Curve
    public init(name: CAMediaTimingFunctionName) { curve = name.curve }
    public init(controlPoints c1x: Float, _ c1y: Float, _ c2x: Float, _ c2y: Float) {
        curve = .cubicBezier(Double(c1x), Double(c1y), Double(c2x), Double(c2y))
    }
}

public struct CAMediaTimingFillMode: Hashable, Sendable {
    let rawValue: String
    /// Removed from the presentation when its active duration ends (the default).
    public static let removed = CAMediaTimingFillMode(rawValue: "removed")
    /// Stays in its final state after its active duration (while it is on the layer).
    public static let forwards = CAMediaTimingFillMode(rawValue: "forwards")
    /// Shows its first value before its begin time.
    public static let backwards = CAMediaTimingFillMode(rawValue: "backwards")
    public static let both = CAMediaTimingFillMode(rawValue: "both")
}

public struct CAAnimationCalculationMode: Hashable, Sendable {
    let rawValue: String
    public static let linear = CAAnimationCalculationMode(rawValue: "linear")
    public static let discrete = CAAnimationCalculationMode(rawValue: "discrete")
    public static let paced = CAAnimationCalculationMode(rawValue: "paced")
    public static let cubic = CAAnimationCalculationMode(rawValue: "cubic")
    public static let cubicPaced = CAAnimationCalculationMode(rawValue: "cubicPaced")
}

/// `CATransform3D`: a 4×4 matrix applied to row vectors (CATransform3D.h); its functions are in
/// CATransform3D.swift.
public struct CATransform3D: Sendable {
    public var m11, m12, m13, m14, m21, m22, m23, m24, m31, m32, m33, m34, m41, m42, m43, m44: CGFloat
}

// swift-format-ignore: AlwaysUseLowerCamelCase
public func CATransform3DMakeAffineTransform(_ t: CGAffineTransform) -> CATransform3D {
    CATransform3D(
        m11: t.a, m12: t.b, m13: 0, m14: 0, m21: t.c, m22: t.d, m23: 0, m24: 0, m31: 0, m32: 0, m33: 1, m34: 0,
        m41: t.tx, m42: t.ty, m43: 0, m44: 1)
}

/// `CAAnimation` with its `CAMediaTiming` properties (defaults from CAMediaTiming.h and CAAnimation.h).
@MainActor
open class CAAnimation {
    open var beginTime: CFTimeInterval = 0
    /// 0 means the default, 0.25 s (CAMediaTiming's `duration`).
    open var duration: CFTimeInterval = 0
    open var repeatCount: Float = 0
    open var autoreverses = false
    open var fillMode: CAMediaTimingFillMode = .removed
    open var isRemovedOnCompletion = true
    /// nil is linear pacing.
    open var timingFunction: CAMediaTimingFunction?
    /// Told when the animation stops (CAAnimation's `delegate`: "the delegate object is retained
    /// by the receiver", unlike other delegates).
    open var delegate: CAAnimationDelegate?
    public init() {}
}

@MainActor
open class CAPropertyAnimation: CAAnimation {
    open var keyPath: String?
    open var isAdditive = false
    open var isCumulative = false
    public init(keyPath path: String?) {
        keyPath = path
        super.init()
    }
}

@MainActor
open class CABasicAnimation: CAPropertyAnimation {
    open var fromValue: Any?
    open var toValue: Any?
    open var byValue: Any?
}

@MainActor
open class CASpringAnimation: CABasicAnimation {
    open var mass: CGFloat = 1
    open var stiffness: CGFloat = 100
    open var damping: CGFloat = 10
    open var initialVelocity: CGFloat = 0
}

@MainActor
open class CAKeyframeAnimation: CAPropertyAnimation {
    open var values: [Any]?
    open var keyTimes: [NSNumber]?
    open var timingFunctions: [CAMediaTimingFunction]?
    open var calculationMode: CAAnimationCalculationMode = .linear
}

extension CALayer {
    /// Adds a copy of the animation (its properties as they are now); one under the same key is
    /// removed first. A `beginTime` of 0 is the current time.
    public func add(_ animation: CAAnimation, forKey key: String?) {
        if let transition = animation as? CATransition, let view { return Shim.addTransition(transition, to: view) }
        guard let view, let property = animation as? CAPropertyAnimation, let path = property.keyPath else { return }
        Shim.addLayerAnimation(property, keyPath: path, to: view, forKey: key)
    }

    public func removeAnimation(forKey key: String) {
        guard let view else { return }
        Shim.removeAnimations(of: view, key: key)
    }

    /// Removes every animation of the layer, the ones `UIView.animate` added among them.
    public func removeAllAnimations() {
        guard let view else { return }
        Shim.removeAnimations(of: view, key: nil)
    }
}
