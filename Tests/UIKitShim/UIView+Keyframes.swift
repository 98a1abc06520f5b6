import RefreshFramesCore

extension UIView {
    public struct KeyframeAnimationOptions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let beginFromCurrentState = KeyframeAnimationOptions(rawValue: 1 << 2)
        public static let `repeat` = KeyframeAnimationOptions(rawValue: 1 << 3)
        public static let autoreverse = KeyframeAnimationOptions(rawValue: 1 << 4)
        public static let calculationModeLinear = KeyframeAnimationOptions(rawValue: 0 << 10)
        public static let calculationModeDiscrete = KeyframeAnimationOptions(rawValue: 1 << 10)
        public static let calculationModePaced = KeyframeAnimationOptions(rawValue: 2 << 10)
        public static let calculationModeCubic = KeyframeAnimationOptions(rawValue: 3 << 10)
        public static let calculationModeCubicPaced = KeyframeAnimationOptions(rawValue: 4 << 10)
    }

    /// `UIView.animateKeyframes`: one keyframe animation per view and property over the whole
    /// duration, on the outer curve of the options' curve bits (`UIView.AnimationOptions`'
    /// `<< 16`, easeInOut when none), in the calculation mode of bits `<< 10`.
    public class func animateKeyframes(
        withDuration duration: TimeInterval, delay: TimeInterval, options: UIView.KeyframeAnimationOptions = [],
        animations: @escaping @MainActor @Sendable () -> Void, completion: (@MainActor @Sendable (Bool) -> Void)? = nil
    ) {
        let modes = ["linear", "discrete", "paced", "cubic", "cubicPaced"]
        let mode = Int(options.rawValue >> 10 & 7)
        Shim.animateKeyframes(
            duration: duration, delay: delay, curve: AnimationOptions(rawValue: options.rawValue).curve,
            options: AnimationOptions(rawValue: options.rawValue & (1 << 2 | 1 << 3 | 1 << 4)),
            mode: mode < modes.count ? modes[mode] : "linear", animations: animations, completion: completion)
    }

    public class func addKeyframe(
        withRelativeStartTime frameStartTime: Double, relativeDuration frameDuration: Double,
        animations: @escaping @MainActor @Sendable () -> Void
    ) {
        Shim.addKeyframe(start: frameStartTime, duration: frameDuration, animations)
    }
}

extension Shim {
    /// A property a keyframe set: its frame's relative start and duration, and the model before and after.
    struct KeyframeSetting {
        var view: UIView
        var property: String
        var frameStart: Double
        var frameDuration: Double
        var from: any TrackValue
        var to: any TrackValue
        /// What `modifyAnimations` said around the keyframe.
        var repeatCount: Double
        var autoreverses: Bool
    }

    /// Runs a keyframes block: the keyframes' settings are gathered, then each view's property gets
    /// one change through the points UIKit builds (the research's §5.3, from DuncanMC's dumps): the
    /// value before at 0, each keyframe's value at its end and again at the next keyframe's start
    /// (or 1), so it holds between keyframes.
    static func animateKeyframes(
        duration: TimeInterval, delay: TimeInterval, curve: Curve, options: UIView.AnimationOptions, mode: String,
        animations: @MainActor () -> Void, completion: (@MainActor (Bool) -> Void)?
    ) {
        let outer = (keyframeSettings, inKeyframes)
        keyframeSettings = []
        inKeyframes = true
        animate(
            duration: duration, delay: delay, curve: curve, options: options,
            animations: {
                animations()
                var order: [(ObjectIdentifier, String)] = []
                for s in keyframeSettings where !order.contains(where: { $0 == (ObjectIdentifier(s.view), s.property) })
                {
                    order.append((ObjectIdentifier(s.view), s.property))
                }
                inKeyframes = false
                for (id, property) in order {
                    let settings = keyframeSettings.filter {
                        ObjectIdentifier($0.view) == id && $0.property == property
                    }
                    .sorted { $0.frameStart < $1.frameStart }
                    var points = [KeyPoint(time: 0, value: settings[0].from)]
                    for s in settings {
                        points.append(KeyPoint(time: s.frameStart, value: points.last!.value))
                        points.append(KeyPoint(time: s.frameStart + s.frameDuration, value: s.to))
                    }
                    if points.last!.time < 1 { points.append(KeyPoint(time: 1, value: points.last!.value)) }
                    recordKeyframes(settings[0], points: points, mode: mode)
                }
            }, completion: completion)
        (keyframeSettings, inKeyframes) = outer
    }

    static func addKeyframe(start: Double, duration: Double, _ animations: @MainActor () -> Void) {
        guard inKeyframes else { return animations() }
        let outer = keyframe
        keyframe = (start, duration)
        animations()
        keyframe = outer
    }
}
