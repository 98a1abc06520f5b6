import RefreshFramesCore

// `CATransition` (QuartzCore): "an object that provides an animated transition between a layer's
// states": added to a layer, it animates from the layer's rendering before the transaction to the
// one after it. `type` `.fade` is the cross-dissolve (the public types are fade, moveIn, push and
// reveal; UIKit's flips are not among them). Its CAMediaTiming is any animation's: a later
// `beginTime` with `fillMode` backwards shows the old rendering until it begins; `timingFunction`
// nil is linear. Its delegate hears `animationDidStop(_:finished:)` as any animation's does.

public struct CATransitionType: Hashable, Sendable {
    let rawValue: String
    public static let fade = CATransitionType(rawValue: "fade")
    public static let moveIn = CATransitionType(rawValue: "moveIn")
    public static let push = CATransitionType(rawValue: "push")
    public static let reveal = CATransitionType(rawValue: "reveal")
}

/// The key UIKit and Core Animation use for a layer's transition.
public let kCATransition = "transition"

@MainActor
open class CATransition: CAAnimation {
    open var type: CATransitionType = .fade
}

extension Shim {
    /// `layer.add(_:forKey:)` of a transition: the view's old rendering turns into the new one
    /// from its begin time for its duration (a fade is the engine's cross-dissolve).
    static func addTransition(_ t: CATransition, to view: UIView) {
        guard t.type == .fade else { return }
        let now = currentTime
        let begin = t.beginTime == 0 ? now : Double(micros(t.beginTime - mediaTimeOrigin)) / 1_000_000
        let duration = t.duration > 0 ? t.duration : 0.25
        sequence += 1
        let id = sequence
        transitions.append(
            Transition(
                view: ObjectIdentifier(view), kind: "crossDissolve", start: begin, end: begin + duration,
                curve: t.timingFunction?.curve ?? .linear, block: id,
                added: t.fillMode == .backwards || t.fillMode == .both ? now : begin))
        guard let delegate = t.delegate else { return }
        schedule(
            at: micros(begin + duration), { delegate.animationDidStop(t, finished: true) },
            interruption: { delegate.animationDidStop(t, finished: false) }, block: id)
    }
}
