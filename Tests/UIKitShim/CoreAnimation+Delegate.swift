import RefreshFramesCore

/// `CAAnimationDelegate` (QuartzCore): `animationDidStop(_:finished:)` "tells the delegate the
/// animation has ended", `finished` true "if the animation reached the end of its duration
/// without being removed". Declared without an actor, as QuartzCore declares it, so a main-actor
/// conformance needs `@preconcurrency` as it does with the SDK.
public protocol CAAnimationDelegate: NSObjectProtocol {
    func animationDidStart(_ anim: CAAnimation)
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool)
}

extension CAAnimationDelegate {
    // The protocol's methods are optional in QuartzCore.
    public func animationDidStart(_ anim: CAAnimation) {}
    public func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {}
}

extension Shim {
    /// The delegate of the animation just added as record `index` hears of its stop: at the end
    /// of its active duration (`true`), or when it is removed or replaced first (`false`).
    static func scheduleStop(of index: Int, delegate: CAAnimationDelegate, animation: CAAnimation) {
        layerAnimations[index].stopped = { finished in delegate.animationDidStop(animation, finished: finished) }
        let end = layerAnimations[index].activeEnd
        guard end.isFinite else { return }
        schedule(
            at: micros(end),
            {
                let stopped = layerAnimations[index].stopped
                layerAnimations[index].stopped = nil
                stopped?(true)
            },
            interruption: {
                let stopped = layerAnimations[index].stopped
                layerAnimations[index].stopped = nil
                stopped?(false)
            })
        layerAnimations[index].stopEvent = sequence
    }

    /// Takes record `index` off its layer at `t`: it shows nothing from then on, and its delegate
    /// (if it has not heard yet) is told now, with `finished` false.
    static func removeLayerAnimation(_ index: Int, at t: Double) {
        layerAnimations[index].removedAt = t
        if let event = layerAnimations[index].stopEvent {
            events.removeAll { $0.sequence == event }
        }
        let stopped = layerAnimations[index].stopped
        layerAnimations[index].stopped = nil
        // At or after its active end (kept by isRemovedOnCompletion = false) it has finished.
        stopped?(t >= layerAnimations[index].activeEnd)
    }
}
