import RefreshFramesCore

/// What the Core Animation steps need beyond `SourceWriter+Layer.swift`: the delegate a waited-for
/// `caAnimation` reports its stop to, and 3-D transforms (`CATransform3D`, `view.transform3D`).
extension SourceWriter {
    /// Whether a `caAnimation` step is waited for (its next step runs from its delegate).
    var hasWaitedLayerAnimation: Bool {
        plan.blocks.contains {
            switch $0.special {
            case .layerAnimation(let c)?: c.wait && !$0.completion.isEmpty
            case .transition(let tr)?: SourcePlan.usesCATransition(tr) && tr.timing.wait && !$0.completion.isEmpty
            default: false
            }
        }
    }

    /// A crossDissolve with a delay or a Bézier curve: a `CATransition` fade on the view's layer
    /// (`UIView.transition` has neither), its changes made at once in the same transaction, so
    /// the transition turns the old rendering into the new one; a delay is its `beginTime`, with
    /// a backwards fill that holds the old rendering until then, as the engine draws it.
    mutating func writeLayerTransition(_ tr: TransitionStep, _ planned: SourcePlan.Block) {
        let enumName = "Step\(planned.number)"
        let timing = tr.timing
        line()
        comment(
            describe(planned) + " (a CATransition fade: UIView.transition has no delay or Bézier curve).", prefix: "///"
        )
        let isolation = Self.hasColorConstants(planned.assignments) ? "@MainActor " : ""
        block("\(isolation)private enum \(enumName)") { w in
            w.line("static let duration: CFTimeInterval = \(SwiftLiteral.number(timing.duration))")
            if timing.delay != 0 { w.line("static let delay: CFTimeInterval = \(SwiftLiteral.number(timing.delay))") }
            w.constants(planned.assignments)
        }
        line()
        let signature =
            planned.eachViews != nil
            ? "private func step\(planned.number)(_ position: Int)" : "private func step\(planned.number)()"
        block(signature) { w in
            let waits = timing.wait && !planned.completion.isEmpty
            w.line("let transition = CATransition()")
            w.line("transition.type = .fade")
            w.line("transition.duration = \(enumName).duration")
            if timing.delay != 0 {
                w.line("transition.beginTime = CACurrentMediaTime() + \(enumName).delay")
                w.line("transition.fillMode = .backwards  // the old rendering until it begins")
            }
            w.line("transition.timingFunction = \(Self.timingFunction(timing.curve))")
            if waits {
                w.line("transition.delegate = AnimationStop(count: 1) { [weak self] finished in")
                w.line("    guard let self = self else { return }")
                w.line(
                    "    guard finished else { return\(planned.inOnEnd ? "" : " self.stop()") }  // removed: no next step"
                )
                for l in planned.completion { w.line("    " + l) }
                w.line("}")
            }
            w.line("self.\(w.viewName(tr.view)).layer.add(transition, forKey: kCATransition)")
            if !planned.targets.isEmpty, !planned.assignments.isEmpty {
                let info = w.collectionInfo(planned.targets)
                let target = info.type == "UILabel" ? "label" : "view"
                let lines = w.changeLines(
                    planned.assignments, on: target, type: info.type, constants: enumName, tags: planned.targets)
                if case .current = planned.animate.target {
                    w.line("let \(target) = \(info.name)[position]")
                    for l in lines { w.line(l) }
                } else {
                    w.block("for \(target) in self.\(info.name)") { w in for l in lines { w.line(l) } }
                }
            }
            if !waits { for l in planned.completion { w.line(l) } }
        }
    }

    /// `AnimationStop`: a `CAAnimationDelegate` that calls its closure once, when the last of
    /// `count` animations has stopped, with that one's `finished` (false: it was removed first).
    /// Core Animation calls the delegate on the main thread and keeps it (an animation retains its
    /// delegate), so the closure captures the view weakly.
    mutating func writeAnimationStop() {
        guard hasWaitedLayerAnimation else { return }
        line()
        line("/// Calls `done` when the last of `count` Core Animation animations stops, with its `finished`")
        line("/// (false when it was removed first). An animation keeps its delegate until it stops.")
        line("@MainActor")
        block("private final class AnimationStop: NSObject, @preconcurrency CAAnimationDelegate") { w in
            w.line("private var count: Int")
            w.line("private let done: @MainActor (Bool) -> Void")
            w.line()
            w.block("init(count: Int, _ done: @escaping @MainActor (Bool) -> Void)") { w in
                w.line("self.count = count")
                w.line("self.done = done")
            }
            w.line()
            w.block("func animationDidStop(_ animation: CAAnimation, finished: Bool)") { w in
                w.line("count -= 1")
                w.line("if count == 0 { done(finished) }")
            }
        }
    }

    /// The member an assignment sets: `transform3D` for a 3-D transform (iOS 13+), else the table's.
    static func member(_ a: SourcePlan.Assignment) -> String {
        if case .value(.transform(let t)) = a.setting, !t.isPlanar { return "transform3D" }
        return a.uikit.member
    }

    /// A 3-D transform value's constant declaration after `static let NAME`, as lines; nil for any
    /// other value.
    static func transform3DConstant(_ v: UIKitValue) -> [String]? {
        guard case .transform(let t) = v, !t.isPlanar else { return nil }
        let lines = SwiftLiteral.transform3DLines(t)
        return [": CATransform3D = " + lines[0]] + lines.dropFirst()
    }
}
