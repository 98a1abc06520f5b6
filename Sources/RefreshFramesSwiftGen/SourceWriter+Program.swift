import RefreshFramesCore

/// The animation program: a constants enum and a method per block, chained by their completions,
/// and `stop()` with the reset. Assignments come from the plan, which takes them from the property
/// table, so every property a block sets is written (or the spec refused) — none is skipped.
extension SourceWriter {
    mutating func writeProgram() {
        guard let program = spec.program else { return }
        line()
        line("// MARK: Animation program")
        line("//")
        switch program.check {
        case .afterCycle:
            comment(
                "Blocks chained by their completions; `refreshing` is checked after the whole cycle, so ending the refresh never cuts a cycle short."
            )
        case .afterEachView:
            comment(
                "Blocks chained by their completions; `refreshing` is checked after each view's steps, and the position carries on from view to view."
            )
        }
        for block in plan.blocks { writeBlock(block) }
        writeStop()
        if plan.usesPalette {
            line()
            line("/// The tutorials' `getNextColor()`: wraps when the index reaches the end, then advances.")
            block("private func nextPaletteColor() -> UIColor") { w in
                w.line("if paletteIndex == Self.palette.count { paletteIndex = 0 }")
                w.line("let color = Self.palette[paletteIndex]")
                w.line("paletteIndex += 1")
                w.line("return color")
            }
        }
    }

    private mutating func writeBlock(_ planned: SourcePlan.Block) {
        let (a, number, completion) = (planned.animate, planned.number, planned.completion)
        if let call = planned.imageCall { return writeImageCall(call, planned) }
        switch planned.special {
        case .layerAnimation(let c)?: return writeLayerAnimation(c, planned)
        case .removeAnimations(let r)?: return writeRemoval(r, planned)
        case .transition(let tr)? where SourcePlan.usesCATransition(tr): return writeLayerTransition(tr, planned)
        default: break
        }
        let enumName = "Step\(number)"
        line()
        comment(describe(planned) + ".", prefix: "///")
        let isolation = Self.hasColorConstants(planned.assignments) ? "@MainActor " : ""
        block("\(isolation)private enum \(enumName)") { w in
            w.line("static let duration: TimeInterval = \(SwiftLiteral.number(a.duration))")
            if a.delay != 0 { w.line("static let delay: TimeInterval = \(SwiftLiteral.number(a.delay))") }
            if let count = a.timing.repeatCount {
                w.line("static let repeatCount: CGFloat = \(SwiftLiteral.number(count))")
            }
            if case .spring(let damping, let velocity) = a.curve {
                w.line("static let damping: CGFloat = \(SwiftLiteral.number(damping))")
                w.line("static let velocity: CGFloat = \(SwiftLiteral.number(velocity))")
            }
            if case .cubicBezier(let x1, let y1, let x2, let y2) = a.curve {
                let n = SwiftLiteral.number
                w.line("static let controlPoint1 = CGPoint(x: \(n(x1)), y: \(n(y1)))")
                w.line("static let controlPoint2 = CGPoint(x: \(n(x2)), y: \(n(y2)))")
            }
            if case .layout(let constants)? = planned.special {
                for c in constants {
                    w.line("static let \(Self.constantName(c.name)): CGFloat = \(SwiftLiteral.number(c.value))")
                }
            }
            guard let frames = planned.keyframes?.frames else { return w.constants(planned.assignments) }
            if let curve = Self.keyframeCurve(a.curve) {
                w.line("/// Keyframe options have no curves; UIKit reads `UIView.AnimationOptions`' curve bits.")
                w.line("static let \(curve) = UIView.KeyframeAnimationOptions(")
                w.line("    rawValue: UIView.AnimationOptions.\(curve).rawValue)")
            }
            for (i, frame) in frames.enumerated() where frame.assignments.contains(where: Self.hasConstant) {
                // A nested type is not isolated by its enclosing enum's `@MainActor`: it says so itself.
                let isolation = Self.hasColorConstants(frame.assignments) ? "@MainActor " : ""
                w.block("\(isolation)enum Frame\(i + 1)") { w in w.constants(frame.assignments) }
            }
        }
        line()
        let signature =
            planned.eachViews != nil ? "private func step\(number)(_ position: Int)" : "private func step\(number)()"
        block(signature) { w in
            var target = "view"
            var body: [String] = []
            // A layout step has no views of its own: it changes constraints.
            let info = planned.targets.isEmpty ? nil : w.collectionInfo(planned.targets)
            if let info {
                target = info.type == "UILabel" ? "label" : "view"
                if case .current = a.target { w.line("let \(target) = \(info.name)[position]") }
            }
            /// The assignments to the target: the view of the `each`, or each view of the collection.
            func changes(_ assignments: [SourcePlan.Assignment], constants: String) -> [String] {
                guard let info, !assignments.isEmpty else { return [] }
                let lines = w.changeLines(
                    assignments, on: target, type: info.type, constants: constants, tags: planned.targets)
                if case .current = a.target { return lines }
                return ["for \(target) in self.\(info.name) {"] + lines.map { "    " + $0 } + ["}"]
            }
            if let frames = planned.keyframes?.frames {
                let n = SwiftLiteral.number
                for (i, frame) in frames.enumerated() {
                    body.append(
                        "UIView.addKeyframe(withRelativeStartTime: \(n(frame.start)), relativeDuration: \(n(frame.duration))) {"
                    )
                    body += changes(frame.assignments, constants: "\(enumName).Frame\(i + 1)").map { "    " + $0 }
                    body.append("}")
                }
            } else if case .layout(let constants)? = planned.special {
                // The constants change at once; the block animates the frames the next layout pass makes.
                for c in constants { w.line("self.\(c.name).constant = \(enumName).\(Self.constantName(c.name))") }
                body = ["self.layoutIfNeeded()"]
            } else {
                body = changes(planned.assignments, constants: enumName)
            }
            if a.timing.repeatCount != nil {
                // The count of `setAnimationRepeatCount`, in the call iOS 13 replaced it with.
                let reverses = a.timing.options.contains(.autoreverse)
                body =
                    ["UIView.modifyAnimations(withRepeatCount: \(enumName).repeatCount, autoreverses: \(reverses)) {"]
                    + body.map { "    " + $0 } + ["}"]
            }
            let delay = a.delay != 0 ? "\(enumName).delay" : "0"
            // An interrupted onEnd step ends its own chain; the loop's steps stop and reset the loop.
            let stops = planned.inOnEnd ? "" : " self.stop()"
            // `wait: false`: the next step follows the call at once, and the block has no completion.
            // The last step of `onEnd` has nothing to call: no completion.
            let waits = a.timing.wait && !completion.isEmpty
            if case .cubicBezier = a.curve {
                // UIView.animate has no Bézier option; a property animator takes the control points.
                w.line("let animator = UIViewPropertyAnimator(")
                w.line(
                    "    duration: \(enumName).duration, controlPoint1: \(enumName).controlPoint1, controlPoint2: \(enumName).controlPoint2,"
                )
                w.line("    animations: {")
                for l in body { w.line("        " + l) }
                w.line("    })")
                if waits {
                    w.line("animator.addCompletion { [weak self] position in")
                    w.line("    guard let self = self else { return }")
                    w.line("    guard position == .end else { return\(stops) }  // interrupted: no next step")
                    for l in completion { w.line("    " + l) }
                    w.line("}")
                }
                w.line(
                    a.delay != 0
                        ? "animator.startAnimation(afterDelay: \(enumName).delay)" : "animator.startAnimation()")
                if !waits { for l in completion { w.line(l) } }
                return
            }
            if let mode = planned.keyframes?.mode {
                w.line("UIView.animateKeyframes(")
                w.line(
                    "    withDuration: \(enumName).duration, delay: \(delay), options: \(Self.keyframeOptions(a.timing, mode, enumName: enumName)),"
                )
            } else if case .spring = a.curve {
                w.line("UIView.animate(")
                w.line(
                    "    withDuration: \(enumName).duration, delay: \(delay), usingSpringWithDamping: \(enumName).damping,"
                )
                w.line(
                    "    initialSpringVelocity: \(enumName).velocity, options: \(Self.options(a.timing, spring: true)),"
                )
            } else if case .transition(let tr)? = planned.special {
                // The changes are made at once; the view's old rendering turns into the new one.
                w.line("UIView.transition(")
                w.line(
                    "    with: self.\(w.viewName(tr.view)), duration: \(enumName).duration, options: \(Self.transitionOptions(tr)),"
                )
            } else {
                w.line("UIView.animate(")
                w.line(
                    "    withDuration: \(enumName).duration, delay: \(delay), options: \(Self.options(a.timing, spring: false)),"
                )
            }
            w.line("    animations: {")
            for l in body { w.line("        " + l) }
            guard waits else {
                w.line("    })")
                for l in completion { w.line(l) }
                return
            }
            w.line("    },")
            w.line("    completion: { [weak self] finished in")
            w.line("        guard let self = self else { return }")
            w.line("        guard finished else { return\(stops) }  // interrupted: no next step")
            for l in completion { w.line("        " + l) }
            w.line("    })")
        }
    }

    /// A `startAnimating` / `stopAnimating` step: the call on each image view, then at once the next step.
    private mutating func writeImageCall(_ call: String, _ planned: SourcePlan.Block) {
        let tags = planned.targets
        line()
        switch planned.animate.target {
        case .current: line("/// Each view in turn: \(call)() if it is an image view, at once.")
        default:
            let noun = tags.count == 1 ? "Image view " : "Image views "
            line("/// \(noun)\(tags.map(String.init).joined(separator: ", ")): \(call)(), at once.")
        }
        let signature =
            planned.eachViews != nil
            ? "private func step\(planned.number)(_ position: Int)" : "private func step\(planned.number)()"
        block(signature) { w in
            let info = w.collectionInfo(tags)
            let receiver = info.type == "UIImageView" ? "view" : "(view as? UIImageView)?"
            if case .current = planned.animate.target {
                w.line("let view = \(info.name)[position]")
                w.line("\(receiver).\(call)()")
            } else {
                w.block("for view in self.\(info.name)") { w in w.line("\(receiver).\(call)()") }
            }
            for l in planned.completion { w.line(l) }
        }
    }

    /// The block's `UIView.AnimationOptions`: its curve (none for a spring), then `.beginFromCurrentState`,
    /// and `.repeat`/`.autoreverse` unless a repeat count is written (`modifyAnimations` says both).
    private static func options(_ timing: BlockTiming, spring: Bool) -> String {
        var options: [String] = []
        if !spring {
            switch timing.curve {
            case .linear: options.append(".curveLinear")
            case .easeIn: options.append(".curveEaseIn")
            case .easeOut: options.append(".curveEaseOut")
            default: options.append(".curveEaseInOut")
            }
        }
        return optionList(options, timing)
    }

    /// A keyframes step's `UIView.KeyframeAnimationOptions`: its calculation mode, the outer curve
    /// (easeInOut, curve bits 0, unless given: research §5.2; a constant, `keyframeCurve`),
    /// `.beginFromCurrentState`, and `.repeat`/`.autoreverse` unless a repeat count is written.
    private static func keyframeOptions(_ timing: BlockTiming, _ mode: CalculationMode, enumName: String) -> String {
        let modeName = String(mode.rawValue.prefix(1).uppercased() + mode.rawValue.dropFirst())
        var options = [".calculationMode" + modeName]
        if let curve = keyframeCurve(timing.curve) { options.append("\(enumName).\(curve)") }
        return optionList(options, timing)
    }

    /// `first` then `.beginFromCurrentState`, and `.repeat`/`.autoreverse` unless a repeat count is
    /// written (`modifyAnimations` says both), as an option set literal.
    private static func optionList(_ first: [String], _ timing: BlockTiming) -> String {
        var options = first
        if timing.options.contains(.beginFromCurrentState) { options.append(".beginFromCurrentState") }
        if timing.repeatCount == nil {
            if timing.options.contains(.repeat) { options.append(".repeat") }
            if timing.options.contains(.autoreverse) { options.append(".autoreverse") }
        }
        return options.count == 1 ? options[0] : "[" + options.joined(separator: ", ") + "]"
    }

    /// The `UIView.AnimationOptions` member of a keyframes step's outer curve; nil for the default easeInOut.
    private static func keyframeCurve(_ curve: Curve) -> String? {
        switch curve {
        case .linear: "curveLinear"
        case .easeIn: "curveEaseIn"
        case .easeOut: "curveEaseOut"
        default: nil
        }
    }

    /// Whether an assignment's value is a constant of its enum.
    private static func hasConstant(_ a: SourcePlan.Assignment) -> Bool {
        if case .value(let v) = a.setting { SwiftLiteral.constant(v) != nil } else { false }
    }

    /// The `static let`s of a block's or the reset's constants enum: a value UIKit has no short name
    /// for (`static let alpha: CGFloat = 0.5`, a transform, `UIColor(…)`).
    mutating func constants(_ assignments: [SourcePlan.Assignment]) {
        for a in assignments {
            guard case .value(let value) = a.setting, let lines = SwiftLiteral.constant(value) else { continue }
            line("static let \(a.name)" + Self.declaration(lines[0], of: a.name))
            for l in lines.dropFirst() { line(l) }
        }
    }

    /// Whether `constants` writes any `UIColor` (which keeps the enum on the main actor).
    static func hasColorConstants(_ assignments: [SourcePlan.Assignment]) -> Bool {
        assignments.contains {
            guard case .value(let value) = $0.setting, case .color = value else { return false }
            return SwiftLiteral.constant(value) != nil
        }
    }

    /// The assignments of a block or the reset to `target`, one of the views `tags` of the collection's
    /// `type`, in the table's order; a value with a constant is read from the `constants` enum. Once
    /// refreshing is over a spinner's alpha is the fade `endRefreshing()` started (UIRefreshControl
    /// hides its spinner when refreshing ends), so an alpha on a spinner is set only while refreshing,
    /// as the engine does.
    func changeLines(
        _ assignments: [SourcePlan.Assignment], on target: String, type: String, constants: String, tags: [Int]
    ) -> [String] {
        let spinners = tags.filter { plan.kind($0) == .spinner }
        let classes = Set(
            spinners.map { spec.view(tag: $0)?.revealsWithPull ?? false ? "RefreshSpinner" : "UIActivityIndicatorView" }
        ).sorted()
        let whileRefreshing =
            spinners.isEmpty
            ? nil
            : spinners.count == tags.count
                ? "self.isRefreshing"
                : "self.isRefreshing || !(" + classes.map { "\(target) is \($0)" }.joined(separator: " || ") + ")"
        return assignments.flatMap { a in
            let value: String
            switch a.setting {
            case .value(.image(let name?)) where a.renderingMode != .automatic:
                value = SwiftLiteral.value(.image(name)) + "?.withRenderingMode(.\(a.renderingMode.rawValue))"
            case .value(let v):
                value = SwiftLiteral.constant(v) != nil ? "\(constants).\(a.name)" : SwiftLiteral.value(v)
            case .nextPaletteColor: value = "self.nextPaletteColor()"
            case .initial:
                value = "self.\(Self.initialValues(a))[\(target).tag] ?? \(SwiftLiteral.value(a.uikit.initialValue))"
            }
            // A member only some views have (a label's textColor) is set through a cast on the others.
            let owner = a.uikit.declaredBy?.uikitClass
            let receiver = owner == nil || owner == type ? target : "(\(target) as? \(owner!))?"
            // A shadow path's initialiser goes on a line of its own, where swift-format breaks it.
            if case .value(.path(let p)) = a.setting, p != .none {
                return ["\(receiver).\(Self.member(a)) =", "    " + value]
            }
            let assignment = "\(receiver).\(Self.member(a)) = \(value)"
            guard let whileRefreshing, a.uikit.member == "alpha" else { return [assignment] }
            return ["if \(whileRefreshing) { \(assignment) }"]
        }
    }

    private mutating func writeStop() {
        line()
        let reset = plan.reset
        if reset.contains(where: {
            if case .value(let v) = $0.setting { SwiftLiteral.constant(v) != nil } else { false }
        }) {
            line("/// The values the loop resets every view to when it stops.")
            block((Self.hasColorConstants(reset) ? "@MainActor " : "") + "private enum Reset") { w in
                w.constants(reset)
            }
            line()
        }
        line("/// The loop saw that refreshing is over, or a step was interrupted (its animations removed, as")
        line("/// when the view leaves the window): every view snaps back, without animation.")
        block("private func stop()") { w in
            w.line("isAnimating = false")
            guard !reset.isEmpty else { return }
            let info = w.collectionInfo(w.spec.views.map(\.tag))
            let target = info.type == "UILabel" ? "label" : "view"
            let tags = w.spec.views.map(\.tag)
            w.block("for \(target) in \(info.name)") { w in
                for l in w.changeLines(reset, on: target, type: info.type, constants: "Reset", tags: tags) {
                    w.line(
                        l.replacingOccurrences(of: "self.nextPaletteColor()", with: "nextPaletteColor()")
                            .replacingOccurrences(of: "self.isRefreshing", with: "isRefreshing"))
                }
            }
        }
    }

    /// `Each label in turn: rotate 45°, textColor the next palette colour, 0.1 s linear`.
    func describe(_ planned: SourcePlan.Block) -> String {
        let a = planned.animate
        func described(_ assignments: [SourcePlan.Assignment]) -> [String] {
            assignments.map { a in
                SwiftLiteral.describe(a.setting, of: a.name) + (a.uikit.note.map { " (\($0))" } ?? "")
            }
        }
        var parts = described(planned.assignments)
        if case .layout(let constants)? = planned.special {
            parts = constants.map { "\($0.name).constant \(formatNumber($0.value))" } + ["then layoutIfNeeded()"]
        }
        if case .transition(let tr)? = planned.special {
            parts = ["a \(tr.kind.rawValue) transition of view \(tr.view)"] + parts
        }
        if let keyframes = planned.keyframes {
            parts = keyframes.frames.map { f in
                described(f.assignments).joined(separator: ", ")
                    + " from \(formatNumber(f.start)) to \(formatNumber(f.start + f.duration))"
            }
            parts[0] = "keyframes (\(keyframes.mode.rawValue)): " + parts[0]
        }
        let tags = planned.targets
        let noun = tags.allSatisfy { plan.kind($0) == .label } ? "label" : "view"
        var who: String
        switch a.target {
        case .current: who = "Each \(noun) in turn"
        case .all: who = "Every \(noun)"
        case .tags(let tags):
            who =
                (tags.count == 1 ? noun.capitalized + " " : noun.capitalized + "s ")
                + tags.map(String.init).joined(separator: ", ")
        }
        if case .layout? = planned.special { who = "Constraints" }
        if case .transition? = planned.special { who = tags.isEmpty ? "Views" : who }
        var timing = "\(formatNumber(a.duration)) s \(a.curve)"
        if a.delay != 0 { timing += " after \(formatNumber(a.delay)) s" }
        if let count = a.timing.repeatCount {
            timing += ", \(formatNumber(count)) times"
        } else if a.timing.options.contains(.repeat) {
            timing += ", repeating for ever"
        }
        if a.timing.options.contains(.autoreverse) { timing += ", autoreversing" }
        if a.timing.options.contains(.beginFromCurrentState) { timing += ", from the current state" }
        if !a.timing.wait { timing += "; the next step starts at once" }
        return "\(who): \(parts.joined(separator: ", ")); \(timing)"
    }
}
