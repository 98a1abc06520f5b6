/// The program's steps (docs/spec.md's `program` section).
extension SpecDecoder {
    func decodeProgram(_ r: ValueReader, views: [ViewSpec], constraintIDs: Set<String>) throws(SpecDiagnostic)
        -> Program
    {
        let context = StepContext(views: views, constraintIDs: constraintIDs)
        let o = try r.object()
        var program = Program(cycle: [])
        if let c = o.optional("check") { program.check = try c.oneOf(LoopCheck.self) }
        let cycleReader = try o.required("cycle")
        program.cycle = try decodeSteps(cycleReader, context, insideEach: false, depth: 1)
        guard !program.cycle.isEmpty else { throw cycleReader.fail("expected at least one step") }
        if program.check == .afterEachView {
            guard program.cycle.count == 1, case .each = program.cycle[0] else {
                throw cycleReader.fail("with \"check\": \"afterEachView\" the cycle must be a single 'each' step")
            }
        }
        if program.cycleDuration <= 0 {
            throw cycleReader.fail("the cycle takes no time, so the loop would never advance; give a step a duration")
        }
        if let reset = o.optional("reset") {
            program.reset = try decodeChanges(reset, allowNext: false)
        }
        if let e = o.optional("onEnd") {
            program.onEnd = try decodeSteps(e, context, insideEach: false, depth: 1)
        }
        try o.finish()
        return program
    }

    /// What every step's decoder needs to know about the spec.
    struct StepContext {
        var views: [ViewSpec]
        var constraintIDs: Set<String>
        var tags: [Int] { views.map(\.tag) }
    }

    static let stepKinds = [
        "animate", "each", "keyframes", "transition", "caAnimation", "removeAnimations", "layout", "startAnimating",
        "stopAnimating",
    ]

    func decodeSteps(_ r: ValueReader, _ context: StepContext, insideEach: Bool, depth: Int) throws(SpecDiagnostic)
        -> [Step]
    {
        guard depth <= Limits.programDepth else {
            throw r.fail("steps nested deeper than the limit programDepth = \(Limits.programDepth)")
        }
        var steps: [Step] = []
        for sr in try r.array() {
            let o = try sr.object()
            if let a = o.optional("animate") {
                steps.append(.animate(try decodeAnimate(a, context, insideEach: insideEach)))
            } else if let e = o.optional("each") {
                steps.append(.each(try decodeEach(e, context, depth: depth)))
            } else if let k = o.optional("keyframes") {
                steps.append(.keyframes(try decodeKeyframes(k, context, insideEach: insideEach)))
            } else if let t = o.optional("transition") {
                steps.append(.transition(try decodeTransition(t, context, insideEach: insideEach)))
            } else if let c = o.optional("caAnimation") {
                steps.append(.layerAnimation(try decodeLayerAnimation(c, context, insideEach: insideEach)))
            } else if let m = o.optional("removeAnimations") {
                steps.append(.removeAnimations(try decodeRemoveAnimations(m, context, insideEach: insideEach)))
            } else if let l = o.optional("layout") {
                steps.append(.layout(try decodeLayout(l, context)))
            } else if let a = o.optional("startAnimating") {
                steps.append(
                    .imageAnimation(
                        try decodeImageAnimation(a, starts: true, views: context.views, insideEach: insideEach)))
            } else if let a = o.optional("stopAnimating") {
                steps.append(
                    .imageAnimation(
                        try decodeImageAnimation(a, starts: false, views: context.views, insideEach: insideEach)))
            } else {
                let kinds = Self.stepKinds
                if let first = o.members.first {
                    var message =
                        "unknown step '\(first.key)'; expected one of \(kinds.map { "'\($0)'" }.joined(separator: ", "))"
                    if let m = closestMatch(to: first.key, in: kinds) {
                        message = "unknown step '\(first.key)'; did you mean '\(m)'?"
                    }
                    throw SpecDiagnostic(path: sr.path + "." + first.key, location: first.keyLocation, message: message)
                }
                throw sr.fail(
                    "expected a step: \(kinds.map { "{\"\($0)\": …}" }.joined(separator: ", "))")
            }
            try o.finish()
        }
        return steps
    }

    func decodeViewList(_ r: ValueReader, tags: [Int]) throws(SpecDiagnostic) -> [Int] {
        if r.isString {
            guard try r.string() == "all" else {
                throw r.fail("expected \"all\", a list of tags or {\"from\", \"to\"}, got '\(try r.string())'")
            }
            return tags
        }
        var list: [Int] = []
        if case .object = r.node.value {
            let o = try r.object()
            let from = try o.required("from").integer()
            let to = try o.required("to").integer()
            try o.finish()
            guard from <= to else { throw r.fail("'from' \(from) is after 'to' \(to)") }
            guard to - from < Limits.views else { throw r.fail("range is over the limit views = \(Limits.views)") }
            list = Array(from...to)
        } else {
            for t in try r.array() { list.append(try t.integer()) }
        }
        guard !list.isEmpty else { throw r.fail("expected at least one view") }
        for tag in list where !tags.contains(tag) {
            throw r.fail("no view with tag \(tag)")
        }
        return list
    }

    func decodeEach(_ r: ValueReader, _ context: StepContext, depth: Int) throws(SpecDiagnostic) -> Each {
        let o = try r.object()
        let views = try decodeViewList(o.required("views"), tags: context.tags)
        var wrapAt: Int?
        if let w = o.optional("wrapAt") { wrapAt = try w.integer(in: 1...views.count) }
        let stepsReader = try o.required("steps")
        let steps = try decodeSteps(stepsReader, context, insideEach: true, depth: depth + 1)
        guard !steps.isEmpty else { throw stepsReader.fail("expected at least one step") }
        try o.finish()
        return Each(views: views, wrapAt: wrapAt, steps: steps)
    }

    /// `views`: "all", tags, a range or "current" (the default inside an `each`).
    func decodeTarget(_ o: ObjectReader, _ r: ValueReader, _ context: StepContext, insideEach: Bool)
        throws(SpecDiagnostic)
        -> Target
    {
        var target = Target.current
        if let v = o.optional("views") {
            if v.isString, try v.string() == "current" {
                target = .current
            } else {
                let list = try decodeViewList(v, tags: context.tags)
                target = list == context.tags ? .all : .tags(list)
            }
        } else if !insideEach {
            throw r.fail("missing required key 'views' (outside an 'each', say which views: \"all\" or a list of tags)")
        }
        if target == .current && !insideEach {
            throw r.fail("'current' names the view of an enclosing 'each', and there is none")
        }
        return target
    }

    /// A block's `duration`, `delay`, `curve`, `repeat`, `autoreverse`, `beginFromCurrentState`, `wait`.
    func decodeTiming(_ o: ObjectReader, curve defaultCurve: Curve = .easeInOut) throws(SpecDiagnostic) -> BlockTiming {
        let duration = try o.required("duration").number(in: 0...Limits.stepDuration, limit: "stepDuration")
        var timing = BlockTiming(duration: duration)
        timing.delay = try o.optional("delay")?.number(in: 0...Limits.stepDuration, limit: "stepDuration") ?? 0
        timing.curve = try o.optional("curve").map { r throws(SpecDiagnostic) in try decodeCurve(r) } ?? defaultCurve
        let (repeats, count) = try decodeRepeat(o)
        if repeats { timing.options.insert(.repeat) }
        timing.repeatCount = count
        if let a = o.optional("autoreverse"), try a.bool() { timing.options.insert(.autoreverse) }
        if let b = o.optional("beginFromCurrentState"), try b.bool() { timing.options.insert(.beginFromCurrentState) }
        if let w = o.optional("wait") { timing.wait = try w.bool() }
        return timing
    }

    /// `"repeat": true` (forever, `.repeat`) or a count (`setAnimationRepeatCount`, fractions allowed).
    func decodeRepeat(_ o: ObjectReader) throws(SpecDiagnostic) -> (repeats: Bool, count: Double?) {
        guard let r = o.optional("repeat") else { return (false, nil) }
        if r.isNumber { return (true, try r.number(in: 0...1e6)) }
        return (try r.bool(), nil)
    }

    func decodeAnimate(_ r: ValueReader, _ context: StepContext, insideEach: Bool) throws(SpecDiagnostic) -> Animate {
        let o = try r.object()
        let target = try decodeTarget(o, r, context, insideEach: insideEach)
        let timing = try decodeTiming(o)
        let changes = try decodeChanges(o.required("set"), allowNext: true)
        try o.finish()
        return Animate(target: target, timing: timing, changes: changes)
    }

    func decodeKeyframes(_ r: ValueReader, _ context: StepContext, insideEach: Bool) throws(SpecDiagnostic)
        -> KeyframesStep
    {
        let o = try r.object()
        let target = try decodeTarget(o, r, context, insideEach: insideEach)
        let timing = try decodeTiming(o)
        let mode = try o.optional("mode")?.oneOf(CalculationMode.self) ?? .linear
        let framesReader = try o.required("frames")
        var frames: [KeyframeSpec] = []
        for fr in try framesReader.array() {
            let f = try fr.object()
            frames.append(
                KeyframeSpec(
                    start: try f.required("start").number(in: 0...10),
                    duration: try f.required("duration").number(in: 0...10),
                    changes: try decodeChanges(f.required("set"), allowNext: true)))
            try f.finish()
        }
        guard !frames.isEmpty else { throw framesReader.fail("expected at least one keyframe") }
        try o.finish()
        return KeyframesStep(target: target, timing: timing, mode: mode, frames: frames)
    }

    func decodeTransition(_ r: ValueReader, _ context: StepContext, insideEach: Bool) throws(SpecDiagnostic)
        -> TransitionStep
    {
        let o = try r.object()
        let viewReader = try o.required("view")
        let view = try viewReader.integer()
        guard context.tags.contains(view) else { throw viewReader.fail("no view with tag \(view)") }
        let kindReader = try o.required("kind")
        if kindReader.isString, ["curlUp", "curlDown"].contains(try kindReader.string()) {
            throw kindReader.fail(
                "'\(try kindReader.string())' is a page curl, a mesh the renderers cannot draw; use crossDissolve or a flip"
            )
        }
        let kind = try kindReader.oneOf(TransitionState.Kind.self)
        let target = o.has("views") ? try decodeTarget(o, r, context, insideEach: insideEach) : .tags([view])
        let timing = try decodeTiming(o)
        let changes = try decodeChanges(o.required("set"), allowNext: true)
        try o.finish()
        return TransitionStep(view: view, kind: kind, target: target, timing: timing, changes: changes)
    }

    func decodeRemoveAnimations(_ r: ValueReader, _ context: StepContext, insideEach: Bool) throws(SpecDiagnostic)
        -> RemoveAnimationsStep
    {
        let o = try r.object()
        let target = try decodeTarget(o, r, context, insideEach: insideEach)
        let key = try o.optional("key")?.string()
        try o.finish()
        return RemoveAnimationsStep(target: target, key: key)
    }

    func decodeLayout(_ r: ValueReader, _ context: StepContext) throws(SpecDiagnostic) -> LayoutStep {
        let o = try r.object()
        let constantsReader = try o.required("constraints")
        let c = try constantsReader.object()
        var constants: [(id: String, value: Double)] = []
        for member in c.members {
            guard context.constraintIDs.contains(member.key) else {
                var message = "no constraint with id '\(member.key)'"
                if let m = closestMatch(to: member.key, in: Array(context.constraintIDs)) {
                    message += "; did you mean '\(m)'?"
                }
                throw SpecDiagnostic(
                    path: constantsReader.path + "." + member.key, location: member.keyLocation, message: message)
            }
            constants.append((member.key, try c.required(member.key).number(in: -1e5...1e5)))
        }
        guard !constants.isEmpty else {
            throw constantsReader.fail("expected at least one constraint id and its new constant")
        }
        let timing = try decodeTiming(o)
        try o.finish()
        return LayoutStep(constants: constants, timing: timing)
    }

    func decodeCurve(_ r: ValueReader) throws(SpecDiagnostic) -> Curve {
        if r.isString {
            let names = ["linear", "easeIn", "easeOut", "easeInOut"]
            let s = try r.string()
            switch s {
            case "linear": return .linear
            case "easeIn": return .easeIn
            case "easeOut": return .easeOut
            case "easeInOut": return .easeInOut
            default:
                var message =
                    "'\(s)' is not a curve; expected \(names.joined(separator: ", ")), {\"cubicBezier\": [x1, y1, x2, y2]} or {\"spring\": {\"damping\", \"velocity\"}}"
                if let m = closestMatch(to: s, in: names) { message = "'\(s)' is not a curve; did you mean '\(m)'?" }
                throw r.fail(message)
            }
        }
        let o = try r.object()
        if let b = o.optional("cubicBezier") {
            let points = try b.array()
            guard points.count == 4 else { throw b.fail("expected four numbers [x1, y1, x2, y2], got \(points.count)") }
            let x1 = try points[0].number(in: 0...1)
            let y1 = try points[1].number(in: -10...10)
            let x2 = try points[2].number(in: 0...1)
            let y2 = try points[3].number(in: -10...10)
            try o.finish()
            return .cubicBezier(x1, y1, x2, y2)
        }
        if let s = o.optional("spring") {
            let so = try s.object()
            let damping = try so.required("damping").number(in: 0.01...1)
            let velocity = try so.optional("velocity")?.number(in: -100...100) ?? 0
            try so.finish()
            try o.finish()
            return .spring(damping: damping, velocity: velocity)
        }
        try o.finish()
        throw r.fail("expected {\"cubicBezier\": [x1, y1, x2, y2]} or {\"spring\": {\"damping\", \"velocity\"}}")
    }

    func decodeColorValue(_ r: ValueReader, allowNext: Bool) throws(SpecDiagnostic) -> ColorValue {
        if r.isString, try r.string() == "palette.next" {
            guard allowNext else { throw r.fail("'palette.next' is only allowed inside an animation step") }
            return .nextPaletteColor
        }
        if r.isString, try r.string() == "initial" { return .initial }
        return .color(try r.color())
    }

    /// An animation block's `set` (or the reset): a key per settable property of the table.

    func decodeChanges(_ r: ValueReader, allowNext: Bool) throws(SpecDiagnostic) -> Changes {
        let o = try r.object()
        var changes = Changes()
        func decode<P: AnyAnimatableProperty>(_ p: P) throws(SpecDiagnostic) {
            guard let key = p.property.spec, let v = o.optional(p.name) else { return }
            changes[p.property] = try key.decode(v, allowNext)
        }
        for p in AnimatableProperties.settable { try decode(p) }
        if let f = o.optional("frame") {
            // `view.frame = …`: the centre and the bounds' size, both with the block's timing.
            for key in ["center", "bounds"] where o.has(key) {
                throw o.optional(key)!.fail("give either 'frame' or '\(key)', not both")
            }
            let items = try f.array()
            guard items.count == 4 else { throw f.fail("expected [x, y, width, height] in points") }
            var v: [Double] = []
            for item in items { v.append(try item.number(in: -1e4...1e4)) }
            guard v[2] >= 0, v[3] >= 0 else { throw f.fail("a frame's width and height are not negative") }
            changes[.center] = Point(x: v[0] + v[2] / 2, y: v[1] + v[3] / 2)
            changes[.bounds] = Size(width: v[2], height: v[3])
        }
        try o.finish()
        if changes.isEmpty {
            throw r.fail(
                "expected at least one of \(AnimatableProperties.settable.map(\.name).joined(separator: ", "))")
        }
        return changes
    }

    func decodeTransform(_ r: ValueReader) throws(SpecDiagnostic) -> Transform {
        if r.isString {
            guard try r.string() == "identity" else {
                throw r.fail(
                    "expected \"identity\" or {\"rotation\", \"scale\", \"translation\"}, got '\(try r.string())'")
            }
            return .identity
        }
        let o = try r.object()
        var t = Transform.identity
        if let a = o.optional("rotation") { t.rotation = try a.number(in: -3600...3600) }
        if let s = o.optional("scale") {
            if s.isNumber {
                let v = try s.number(in: -100...100)
                t.scaleX = v
                t.scaleY = v
            } else {
                let pair = try s.array()
                guard pair.count == 2 else { throw s.fail("expected a number or [sx, sy]") }
                t.scaleX = try pair[0].number(in: -100...100)
                t.scaleY = try pair[1].number(in: -100...100)
            }
        }
        if let x = o.optional("rotationX") { t.rotationX = try x.number(in: -3600...3600) }
        if let y = o.optional("rotationY") { t.rotationY = try y.number(in: -3600...3600) }
        if let p = o.optional("perspective") { t.perspective = try p.number(in: 0...1e5) }
        if let tr = o.optional("translation") {
            let pair = try tr.array()
            guard pair.count == 2 else { throw tr.fail("expected [tx, ty] in points") }
            t.translationX = try pair[0].number(in: -1e4...1e4)
            t.translationY = try pair[1].number(in: -1e4...1e4)
        }
        try o.finish()
        return t
    }
}

extension Program {
    var usesPalette: Bool {
        func uses(_ steps: [Step]) -> Bool {
            steps.contains { step in
                switch step {
                case .animate(let a): a.changes.takesPaletteColor
                case .each(let e): uses(e.steps)
                case .keyframes(let k): k.frames.contains { $0.changes.takesPaletteColor }
                case .transition(let t): t.changes.takesPaletteColor
                case .layerAnimation, .removeAnimations, .layout, .imageAnimation: false
                }
            }
        }
        return uses(cycle) || uses(onEnd)
    }

    /// Seconds one pass of the cycle takes waiting for completions (for `afterEachView`, one
    /// view's steps).
    package var cycleDuration: Double {
        func duration(_ steps: [Step]) -> Double {
            steps.reduce(0) { sum, step in
                switch step {
                case .animate(let a): sum + a.timing.waited
                case .each(let e): sum + Double(e.wrapAt) * duration(e.steps)
                case .keyframes(let k): sum + k.timing.waited
                case .transition(let t): sum + t.timing.waited
                case .layout(let l): sum + l.timing.waited
                case .layerAnimation(let c): sum + (c.wait ? c.delay + c.animation.activeDuration : 0)
                case .removeAnimations, .imageAnimation: sum
                }
            }
        }
        return duration(cycle)
    }
}
