import RefreshFramesCore

/// The program's Core Animation steps: `caAnimation` as `layer.add(_:forKey:)` of a
/// `CABasicAnimation`, `CAKeyframeAnimation` or `CASpringAnimation`, `removeAnimations` as
/// `layer.removeAnimation(forKey:)` / `removeAllAnimations()`, and the names `transition` and
/// `layout` steps use.
extension SourceWriter {
    /// A `caAnimation` step: one animation per view, added to its layer, then the next step at once
    /// (a layer animation has no completion without a delegate).
    mutating func writeLayerAnimation(_ c: LayerAnimationStep, _ planned: SourcePlan.Block) {
        let enumName = "Step\(planned.number)"
        let a = c.animation
        let n = SwiftLiteral.number
        line()
        comment(describeLayer(c, planned) + ".", prefix: "///")
        block("private enum \(enumName)") { w in
            w.line("static let duration: CFTimeInterval = \(n(a.duration))")
            if c.delay != 0 { w.line("static let delay: CFTimeInterval = \(n(c.delay))") }
            switch a.content {
            case .basic(let from, let to, let by), .spring(_, let from, let to, let by):
                for (name, value) in [("fromValue", from), ("toValue", to), ("byValue", by)] {
                    if let value, let declaration = Self.layerConstant(value) {
                        w.line("static let \(name)" + declaration)
                    } else if let value, let lines = Self.transform3DConstant(value) {
                        w.line("static let \(name)" + lines[0])
                        for l in lines.dropFirst() { w.line(l) }
                    }
                }
            case .keyframes(let values, let keyTimes, _, _):
                if let type = Self.layerConstantType(values[0]) {
                    w.arrayLine("static let values: [\(type)] = ", values.map(Self.layerValue))
                } else if values.contains(where: { Self.transform3DConstant($0) != nil }) {
                    // Each 3-D value a constant of its own (`value1`…), built with Core Animation's functions.
                    for (i, value) in values.enumerated() {
                        let lines =
                            Self.transform3DConstant(value)
                            ?? [": CATransform3D = " + Self.layerValue(value)]
                        w.line("static let value\(i + 1)" + lines[0])
                        for l in lines.dropFirst() { w.line(l) }
                    }
                }
                if let keyTimes { w.arrayLine("static let keyTimes: [NSNumber] = ", keyTimes.map(n)) }
            }
            if let p = SourcePlan.springParameters(a), case .spring(let ratio, let velocity)? = a.timingFunction {
                w.line(
                    "/// UIKit's spring for damping \(n(ratio)), velocity \(n(velocity)) over the duration (cut there)."
                )
                w.line("static let mass: CGFloat = \(n(p.mass))")
                w.line("static let stiffness: CGFloat = \(n(p.stiffness))")
                w.line("static let damping: CGFloat = \(n(p.damping))")
                w.line("static let initialVelocity: CGFloat = \(n(p.initialVelocity))")
            }
            if case .spring(let p, _, _, _) = a.content {
                w.line("static let mass: CGFloat = \(n(p.mass))")
                w.line("static let stiffness: CGFloat = \(n(p.stiffness))")
                w.line("static let damping: CGFloat = \(n(p.damping))")
                w.line("static let initialVelocity: CGFloat = \(n(p.initialVelocity))")
            }
        }
        line()
        let signature =
            planned.eachViews != nil
            ? "private func step\(planned.number)(_ position: Int)" : "private func step\(planned.number)()"
        block(signature) { w in
            let info = w.collectionInfo(planned.targets)
            let waits = c.wait && !planned.completion.isEmpty
            var lines = Self.layerAnimationLines(c, enumName: enumName)
            if waits {
                // The next step waits for the last of the views' animations to stop.
                let count = planned.animate.target == .current ? "1" : "self.\(info.name).count"
                w.line("let animationStop = AnimationStop(count: \(count)) { [weak self] finished in")
                w.line("    guard let self = self else { return }")
                w.line(
                    "    guard finished else { return\(planned.inOnEnd ? "" : " self.stop()") }  // removed: no next step"
                )
                for l in planned.completion { w.line("    " + l) }
                w.line("}")
                lines.insert("animation.delegate = animationStop", at: lines.count - 1)
            }
            if case .current = planned.animate.target {
                w.line("let view = \(info.name)[position]")
                for l in lines { w.line(l) }
            } else {
                w.block("for view in self.\(info.name)") { w in for l in lines { w.line(l) } }
            }
            if !waits { for l in planned.completion { w.line(l) } }
        }
    }

    /// The lines that make the animation and add it to `view.layer`.
    static func layerAnimationLines(_ c: LayerAnimationStep, enumName: String) -> [String] {
        let a = c.animation
        var lines: [String] = []
        func set(_ member: String, _ value: UIKitValue?, constant: String) {
            guard let value else { return }
            let expression =
                layerConstant(value) != nil || transform3DConstant(value) != nil
                ? "\(enumName).\(constant)" : layerValue(value)
            lines.append("animation.\(member) = \(expression)")
        }
        switch a.content {
        case .basic(let from, let to, let by):
            let kind = SourcePlan.springParameters(a) != nil ? "CASpringAnimation" : "CABasicAnimation"
            lines.append("let animation = \(kind)(keyPath: \(SwiftLiteral.string(a.keyPath)))")
            set("fromValue", from, constant: "fromValue")
            set("toValue", to, constant: "toValue")
            set("byValue", by, constant: "byValue")
            if SourcePlan.springParameters(a) != nil {
                for member in ["mass", "stiffness", "damping", "initialVelocity"] {
                    lines.append("animation.\(member) = \(enumName).\(member)")
                }
            }
        case .spring(_, let from, let to, let by):
            lines.append("let animation = CASpringAnimation(keyPath: \(SwiftLiteral.string(a.keyPath)))")
            set("fromValue", from, constant: "fromValue")
            set("toValue", to, constant: "toValue")
            set("byValue", by, constant: "byValue")
            for member in ["mass", "stiffness", "damping", "initialVelocity"] {
                lines.append("animation.\(member) = \(enumName).\(member)")
            }
        case .keyframes(let values, let keyTimes, let timings, let mode):
            lines.append("let animation = CAKeyframeAnimation(keyPath: \(SwiftLiteral.string(a.keyPath)))")
            let valueList =
                if layerConstantType(values[0]) != nil {
                    "\(enumName).values"
                } else if values.contains(where: { transform3DConstant($0) != nil }) {
                    "[" + values.indices.map { "\(enumName).value\($0 + 1)" }.joined(separator: ", ") + "]"
                } else {
                    "[" + values.map(layerValue).joined(separator: ", ") + "]"
                }
            lines.append("animation.values = " + valueList)
            if keyTimes != nil { lines.append("animation.keyTimes = \(enumName).keyTimes") }
            if let timings {
                let functions = timings.map(timingFunction)
                let single = "animation.timingFunctions = [" + functions.joined(separator: ", ") + "]"
                // Inside the loop over the views (12 columns), one function a line when it would not fit.
                lines +=
                    single.count + 12 <= 120
                    ? [single] : ["animation.timingFunctions = ["] + functions.map { "    \($0)," } + ["]"]
            }
            if mode != .linear { lines.append("animation.calculationMode = .\(mode.rawValue)") }
        }
        lines.append("animation.duration = \(enumName).duration")
        if c.delay != 0 {
            // The layer's time is the media time while no layer above it changes speed or offset.
            lines.append("animation.beginTime = CACurrentMediaTime() + \(enumName).delay")
        }
        // A spring curve is the CASpringAnimation's own physics: no timing function over it.
        if let curve = a.timingFunction, SourcePlan.springParameters(a) == nil {
            lines.append("animation.timingFunction = \(timingFunction(curve))")
        }
        if a.repeatCount != 0 {
            lines.append(
                "animation.repeatCount = " + (a.repeatCount.isFinite ? SwiftLiteral.number(a.repeatCount) : ".infinity")
            )
        }
        if a.autoreverses { lines.append("animation.autoreverses = true") }
        if a.isAdditive { lines.append("animation.isAdditive = true") }
        if a.isCumulative { lines.append("animation.isCumulative = true") }
        if a.fillMode != .removed { lines.append("animation.fillMode = .\(a.fillMode.rawValue)") }
        if !a.isRemovedOnCompletion { lines.append("animation.isRemovedOnCompletion = false") }
        lines.append("view.layer.add(animation, forKey: " + (c.key.map(SwiftLiteral.string) ?? "nil") + ")")
        return lines
    }

    /// A `removeAnimations` step: the layer of each view loses the animation under the key (or all
    /// of them, the blocks' too, whose completions get `finished` false), then the next step at once.
    mutating func writeRemoval(_ r: RemoveAnimationsStep, _ planned: SourcePlan.Block) {
        line()
        let what =
            r.key.map { "removes its layer's animation \(SwiftLiteral.string($0))" }
            ?? "removes all its layer's animations"
        comment(
            "\(who(planned, noun: "view")): \(what); the view shows its model values.", prefix: "///")
        let signature =
            planned.eachViews != nil
            ? "private func step\(planned.number)(_ position: Int)" : "private func step\(planned.number)()"
        block(signature) { w in
            let info = w.collectionInfo(planned.targets)
            let call =
                r.key.map { "view.layer.removeAnimation(forKey: \(SwiftLiteral.string($0)))" }
                ?? "view.layer.removeAllAnimations()"
            if case .current = planned.animate.target {
                w.line("let view = \(info.name)[position]")
                w.line(call)
            } else {
                w.block("for view in self.\(info.name)") { w in w.line(call) }
            }
            for l in planned.completion { w.line(l) }
        }
    }

    /// `Each view in turn`, `Views 1, 2`, `Every view`.
    func who(_ planned: SourcePlan.Block, noun: String) -> String {
        switch planned.animate.target {
        case .current: return "Each \(noun) in turn"
        case .all: return "Every \(noun)"
        case .tags(let tags):
            return (tags.count == 1 ? noun.capitalized + " " : noun.capitalized + "s ")
                + tags.map(String.init).joined(separator: ", ")
        }
    }

    /// `View 1: CABasicAnimation of transform.rotation.z from 0 to 6.2832, 0.8 s, repeating for ever, key "spin"`.
    func describeLayer(_ c: LayerAnimationStep, _ planned: SourcePlan.Block) -> String {
        let a = c.animation
        var parts: [String] = []
        func text(_ v: UIKitValue) -> String {
            switch v {
            case .number(let x): formatNumber(x)
            case .color(let color): color.hexString
            case .transform(let t): t.dumpDescription
            case .point(let p): p.dumpDescription
            case .size(let s): s.dumpDescription
            case .bool(let b): "\(b)"
            case .text(let s): s.dumpDescription
            case .image(let name): name ?? "none"
            case .path(let p): p.dumpDescription
            case .shapePath(let p): p.dumpDescription
            case .lineCap(let c): c.dumpDescription
            }
        }
        switch a.content {
        case .basic(let from, let to, let by), .spring(_, let from, let to, let by):
            let kind =
                if case .spring = a.content { "CASpringAnimation" } else if SourcePlan.springParameters(a) != nil {
                    "CASpringAnimation"
                } else { "CABasicAnimation" }
            var values = "\(kind) of \(a.keyPath)"
            if let from { values += " from \(text(from))" }
            if let to { values += " to \(text(to))" }
            if let by { values += " by \(text(by))" }
            parts.append(values)
        case .keyframes(let values, _, _, let mode):
            parts.append(
                "CAKeyframeAnimation (\(mode.rawValue)) of \(a.keyPath) through \(values.map(text).joined(separator: ", "))"
            )
        }
        var timing = "\(formatNumber(a.duration)) s \(a.timingFunction.map { "\($0)" } ?? "linear")"
        if c.delay != 0 { timing += " after \(formatNumber(c.delay)) s" }
        if a.repeatCount.isInfinite {
            timing += ", repeating for ever"
        } else if a.repeatCount != 0 {
            timing += ", \(formatNumber(a.repeatCount)) times"
        }
        if a.autoreverses { timing += ", autoreversing" }
        if a.isAdditive { timing += ", additive" }
        if a.isCumulative { timing += ", cumulative" }
        if a.fillMode != .removed { timing += ", fill mode \(a.fillMode.rawValue)" }
        if !a.isRemovedOnCompletion { timing += ", kept when it ends" }
        if let key = c.key { timing += ", key \(SwiftLiteral.string(key))" }
        let next =
            c.wait && !planned.completion.isEmpty
            ? "the next step waits for it to stop (its delegate)" : "the next step starts at once"
        return "\(who(planned, noun: "view")): \(parts.joined(separator: ", ")); \(timing); \(next)"
    }

    /// A constant's declaration for a value the enum holds (`: CGFloat = 0.5`, ` = CGPoint(…)`);
    /// nil for one written where it is used (a colour's `cgColor`, a transform, a Boolean).
    static func layerConstant(_ v: UIKitValue) -> String? {
        guard let type = layerConstantType(v) else { return nil }
        return ": \(type) = \(layerValue(v))"
    }

    /// A block constant's declaration for the property it sets: `CALayer.shadowOpacity` is a
    /// `Float` (CALayer.h), every other number a `CGFloat`.
    static func declaration(_ declaration: String, of property: String) -> String {
        guard property == AnimatableProperty.shadowOpacity.name, declaration.hasPrefix(": CGFloat =") else {
            return declaration
        }
        return ": Float =" + declaration.dropFirst(": CGFloat =".count)
    }

    static func layerConstantType(_ v: UIKitValue) -> String? {
        switch v {
        case .number: "CGFloat"
        case .point: "CGPoint"
        case .size: "CGSize"
        case .color, .transform, .bool, .text, .image, .path, .shapePath, .lineCap: nil
        }
    }

    /// A value as Core Animation takes it: a number, `CGPoint`, `CGSize`, `CGColor`, `CATransform3D`.
    static func layerValue(_ v: UIKitValue) -> String {
        switch v {
        case .color(let c): SwiftLiteral.qualifiedColor(c) + ".cgColor"
        case .transform(let t): "CATransform3DMakeAffineTransform(\(SwiftLiteral.transform(t)))"
        default: SwiftLiteral.value(v)
        }
    }

    /// A `CAMediaTimingFunction` for a curve (the plan refuses springs).
    static func timingFunction(_ curve: Curve) -> String {
        switch curve {
        case .linear: "CAMediaTimingFunction(name: .linear)"
        case .easeIn: "CAMediaTimingFunction(name: .easeIn)"
        case .easeOut: "CAMediaTimingFunction(name: .easeOut)"
        case .cubicBezier(let x1, let y1, let x2, let y2):
            "CAMediaTimingFunction(controlPoints: \([x1, y1, x2, y2].map(SwiftLiteral.number).joined(separator: ", ")))"
        default: "CAMediaTimingFunction(name: .easeInEaseOut)"
        }
    }

    /// A transition's `UIView.AnimationOptions`: its kind, then its curve.
    static func transitionOptions(_ tr: TransitionStep) -> String {
        let kind = ".transition" + tr.kind.rawValue.prefix(1).uppercased() + tr.kind.rawValue.dropFirst()
        let curve =
            switch tr.timing.curve {
            case .linear: ".curveLinear"
            case .easeIn: ".curveEaseIn"
            case .easeOut: ".curveEaseOut"
            default: ".curveEaseInOut"
            }
        let current = tr.timing.options.contains(.beginFromCurrentState) ? ", .beginFromCurrentState" : ""
        return "[\(kind), \(curve)\(current)]"
    }

    /// The constant a layout step sets a constraint to: `topConstant` for `topConstraint`.
    static func constantName(_ constraintName: String) -> String {
        (constraintName.hasSuffix("Constraint") ? String(constraintName.dropLast(10)) : constraintName) + "Constant"
    }
}
