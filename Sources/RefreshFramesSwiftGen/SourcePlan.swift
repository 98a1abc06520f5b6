import RefreshFramesCore

/// What the generated file holds, worked out in one walk of the spec before a line is written:
/// the views' Swift names, the collections the code loops over, fonts and clock formatters, the
/// program's blocks (their targets, their assignments from the property table, and the calls their
/// completions make: the next block, or the check point that loops while refreshing), the reset,
/// and what the palette and "back to its own colour" need. Specs UIKit cannot express as written
/// are refused here, with a located diagnostic.
struct SourcePlan {
    let spec: Spec
    /// Each view's Swift property name (`label1`, `view3`, `spinner1`), by tag.
    private(set) var names: [Int: String] = [:]
    /// Collections of views the program loops over: name, tags, element type.
    private(set) var collections: [(name: String, tags: [Int], type: String)] = []
    /// Distinct fonts in order of first use.
    private(set) var fonts: [FontSpec] = []
    /// Distinct `{now:…}` patterns in order of first use.
    private(set) var clockPatterns: [String] = []
    /// The program's animate blocks in order, numbered from 1.
    var blocks: [Block] = []
    /// Each `each` step whose wrap position is not its view count.
    var wrapConstants: [(name: String, value: Int)] = []
    /// What the program's `reset` assigns to every view when the loop stops.
    private(set) var reset: [Assignment] = []
    /// The call that starts the cycle: `step1()`, or `step1(0)` when it begins with an `each`.
    private(set) var firstCall = ""
    /// The call `endRefreshing()` makes to run the `onEnd` steps; nil without any.
    var onEndCall: String?
    /// The Swift property holding each constraint a `layout` step changes, by constraint id, in
    /// the spec's order.
    private(set) var constraintNames: [(id: String, name: String)] = []

    struct Block {
        var number: Int
        var animate: Animate
        /// Its JSON path, `program.cycle[0].each.steps[1].animate`.
        var path: String
        /// The views of the enclosing `each` (`current` is the one at `position`); nil at the top level.
        var eachViews: [Int]?
        /// The views it changes.
        var targets: [Int]
        /// What it assigns (a keyframes step: every frame's, in order).
        var assignments: [Assignment]
        /// What its completion runs: the next block, or the check point (loop while refreshing, else stop).
        var completion: [String] = []
        /// A keyframes step's calculation mode and frames (`animate` then holds its target and timing).
        var keyframes: (mode: CalculationMode, frames: [Keyframe])?
        /// A `startAnimating` / `stopAnimating` step: the call, made at once on its image views.
        var imageCall: String?
        /// A `caAnimation`, `removeAnimations`, `transition` or `layout` step (`animate` then holds
        /// its target and timing).
        var special: Special?
        /// A step of `onEnd`: a completion with `finished` false ends that chain only (the loop's
        /// own steps decide whether it stops).
        var inOnEnd = false
    }

    /// The steps that are not `UIView.animate` blocks of property assignments.
    enum Special {
        case layerAnimation(LayerAnimationStep)
        case removeAnimations(RemoveAnimationsStep)
        /// `UIView.transition(with:…)` on the view of this tag.
        case transition(TransitionStep)
        /// The constraints' names (`topConstraint`) and new constants, then `layoutIfNeeded()` in a block.
        case layout([(name: String, value: Double)])
    }

    /// One `addKeyframe(withRelativeStartTime:relativeDuration:animations:)`.
    struct Keyframe {
        var start: Double
        var duration: Double
        var assignments: [Assignment]
    }

    /// One property an animation block or the reset assigns, as UIKit spells it.
    struct Assignment {
        /// The property's name: its constant's, and in the block's comment.
        var name: String
        var uikit: UIKitSpelling
        var setting: UIKitSetting
        /// An image's rendering mode: the image views it is set on keep theirs (`withRenderingMode`).
        var renderingMode: ImageRenderingMode = .automatic
    }

    init(spec: Spec) throws(SpecDiagnostic) {
        self.spec = spec
        for view in spec.views {
            names[view.tag] = view.kind.swiftName + (view.tag < 0 ? "Minus\(-view.tag)" : "\(view.tag)")
            let hasTitle = view.button?.states.values.contains { $0.title != nil } ?? false
            if (view.kind == .label || hasTitle) && !fonts.contains(view.font) { fonts.append(view.font) }
            for text in view.texts.sorted(by: { $0.key.rawValue < $1.key.rawValue }).map(\.value) {
                for pattern in SourceWriter.clockTemplates(in: text) where !clockPatterns.contains(pattern) {
                    clockPatterns.append(pattern)
                }
            }
        }
        if let program = spec.program { try plan(program) }
        if spec.views.count > 1 && Set(spec.views.map(\.kind)).count == 1 { collection(for: spec.views.map(\.tag)) }
        let rounded = spec.views.filter { $0.cornerRadius == .quarterOfWidthPlusHeight }.map(\.tag)
        if !rounded.isEmpty { collection(for: rounded) }
        // A block over "all" views loops over every view (made last, so that no other name changes).
        if blocks.contains(where: { if case .all = $0.animate.target { true } else { false } }) {
            collection(for: spec.views.map(\.tag))
        }
        try checkConstraints()
        try checkPaletteMembers()
    }

    /// The blocks in one walk of the cycle, then the calls that chain them.
    private mutating func plan(_ program: Program) throws(SpecDiagnostic) {
        let all = spec.views.map(\.tag)
        /// The number of the first block of each top-level step.
        var firstNumbers: [Int] = []
        /// Per block: its top-level step, and its place in that step's `each`.
        var places: [(step: Int, each: Each?, index: Int)] = []
        for (i, step) in program.cycle.enumerated() {
            let path = "program.cycle[\(i)]"
            firstNumbers.append(blocks.count + 1)
            switch step {
            case .animate(let a):
                try Self.checkTiming(a.timing, path: path + ".animate")
                blocks.append(
                    Block(
                        number: blocks.count + 1, animate: a, path: path + ".animate", eachViews: nil,
                        targets: Self.targets(a.target, all: all, current: []),
                        assignments: Self.assignments(a.changes)))
                places.append((i, nil, 0))
            case .keyframes(let k):
                try Self.checkKeyframes(k, path: path + ".keyframes")
                blocks.append(Self.keyframesBlock(k, number: blocks.count + 1, path: path + ".keyframes", all: all))
                places.append((i, nil, 0))
            case .imageAnimation(let call):
                blocks.append(imageBlock(call, number: blocks.count + 1, path: path, current: []))
                places.append((i, nil, 0))
            case .transition, .layerAnimation, .removeAnimations, .layout:
                blocks.append(try specialBlock(step, number: blocks.count + 1, path: path, current: []))
                places.append((i, nil, 0))
            case .each(let e):
                for (j, inner) in e.steps.enumerated() {
                    if case .keyframes(let k) = inner {
                        let here = "\(path).each.steps[\(j)].keyframes"
                        try Self.checkKeyframes(k, path: here)
                        var block = Self.keyframesBlock(k, number: blocks.count + 1, path: here, all: all)
                        block.eachViews = e.views
                        block.targets = Self.targets(k.target, all: all, current: e.views)
                        blocks.append(block)
                        places.append((i, e, j))
                        continue
                    }
                    if case .imageAnimation(let call) = inner {
                        var block = imageBlock(
                            call, number: blocks.count + 1, path: "\(path).each.steps[\(j)]", current: e.views)
                        block.eachViews = e.views
                        blocks.append(block)
                        places.append((i, e, j))
                        continue
                    }
                    switch inner {
                    case .transition, .layerAnimation, .removeAnimations, .layout:
                        var block = try specialBlock(
                            inner, number: blocks.count + 1, path: "\(path).each.steps[\(j)]", current: e.views)
                        block.eachViews = e.views
                        blocks.append(block)
                        places.append((i, e, j))
                        continue
                    default: break
                    }
                    guard case .animate(let a) = inner else {
                        throw SpecDiagnostic(
                            path: "\(path).each.steps[\(j)]", location: nil,
                            message: "an 'each' inside an 'each' is not written as Swift yet; flatten the steps")
                    }
                    try Self.checkTiming(a.timing, path: "\(path).each.steps[\(j)].animate")
                    blocks.append(
                        Block(
                            number: blocks.count + 1, animate: a, path: "\(path).each.steps[\(j)].animate",
                            eachViews: e.views, targets: Self.targets(a.target, all: all, current: e.views),
                            assignments: Self.assignments(a.changes)))
                    places.append((i, e, j))
                }
                _ = collection(for: e.views)
                if e.wrapAt != e.views.count {
                    let name = wrapConstants.isEmpty ? "wrapPosition" : "wrapPosition\(wrapConstants.count + 1)"
                    wrapConstants.append((name, e.wrapAt))
                }
            }
        }
        try planOnEnd(program)
        for block in blocks {
            if case .tags(let tags) = block.animate.target, !tags.isEmpty { _ = collection(for: tags) }
        }
        reset = Self.assignments(program.reset)
        if !program.reset.isEmpty { _ = collection(for: all) }
        for b in blocks.indices {
            try keepRenderingMode(&blocks[b].assignments, on: blocks[b].targets, path: blocks[b].path + ".set.image")
            guard let frames = blocks[b].keyframes?.frames else { continue }
            for f in frames.indices {
                try keepRenderingMode(
                    &blocks[b].keyframes!.frames[f].assignments, on: blocks[b].targets,
                    path: blocks[b].path + ".frames[\(f)].set.image")
            }
        }
        try keepRenderingMode(&reset, on: all, path: "program.reset.image")

        func call(_ step: Int) -> String {
            if case .each = program.cycle[step] { return "step\(firstNumbers[step])(0)" }
            return "step\(firstNumbers[step])()"
        }
        firstCall = call(0)
        let loopEnd = "if self.isRefreshing { self.\(firstCall) } else { self.stop() }"
        for (b, place) in places.enumerated() {
            let after = place.step + 1 < program.cycle.count ? "self." + call(place.step + 1) : loopEnd
            guard let e = place.each else {
                blocks[b].completion = [after]
                continue
            }
            let limit =
                e.wrapAt == e.views.count
                ? "self.\(collectionInfo(e.views).name).count"
                : "Self.\(wrapConstants.first { $0.value == e.wrapAt }!.name)"
            let first = firstNumbers[place.step]
            if place.index + 1 < e.steps.count {
                blocks[b].completion = ["self.step\(blocks[b].number + 1)(position)"]
            } else if program.check == .afterEachView {
                blocks[b].completion = [
                    "let next = position + 1 == \(limit) ? 0 : position + 1",
                    "if self.isRefreshing { self.step\(first)(next) } else { self.stop() }",
                ]
            } else if after == loopEnd {
                // The cycle's last step: one `if` of three branches, as a line would be too long.
                blocks[b].completion = [
                    "if position + 1 < \(limit) {", "    self.step\(first)(position + 1)",
                    "} else if self.isRefreshing {",
                    "    self.\(firstCall)", "} else {", "    self.stop()", "}",
                ]
            } else {
                blocks[b].completion = [
                    "if position + 1 < \(limit) { self.step\(first)(position + 1) } else { \(after) }"
                ]
            }
        }
    }

    /// An image set on image views keeps their rendering mode, as `UIImage(named:)` alone would not:
    /// one mode for all of them (a loop assigns one expression), else the spec is refused.
    private func keepRenderingMode(_ assignments: inout [Assignment], on targets: [Int], path: String)
        throws(SpecDiagnostic)
    {
        guard let i = assignments.firstIndex(where: { $0.name == AnimatableProperty<ImageName>.image.name }) else {
            return
        }
        var modes: [ImageRenderingMode] = []
        for tag in targets {
            guard let mode = spec.view(tag: tag)?.imageView?.renderingMode, !modes.contains(mode) else { continue }
            modes.append(mode)
        }
        guard modes.count <= 1 else {
            throw SpecDiagnostic(
                path: path, location: nil,
                message:
                    "the image is set on image views of different renderingMode (\(modes.map(\.rawValue).joined(separator: ", "))), which one assignment in a loop cannot keep; not written as Swift yet: set it in one step per rendering mode"
            )
        }
        assignments[i].renderingMode = modes.first ?? .automatic
    }

    /// A keyframes step as a block: its target and timing in `animate`, its frames' assignments.
    static func keyframesBlock(_ k: KeyframesStep, number: Int, path: String, all: [Int]) -> Block {
        let frames = k.frames.map {
            Keyframe(start: $0.start, duration: $0.duration, assignments: assignments($0.changes))
        }
        return Block(
            number: number, animate: Animate(target: k.target, timing: k.timing, changes: Changes()), path: path,
            eachViews: nil, targets: targets(k.target, all: all, current: []),
            assignments: frames.flatMap(\.assignments), keyframes: (k.mode, frames))
    }

    /// A `startAnimating` / `stopAnimating` step as a block that takes no time: its image views
    /// (`all` names the image views, as the engine runs it), or the `each`'s view.
    func imageBlock(_ step: ImageAnimationStep, number: Int, path: String, current: [Int]) -> Block {
        let call = step.starts ? "startAnimating" : "stopAnimating"
        var target = step.target
        if case .all = target { target = .tags(spec.views.filter { $0.kind == .image }.map(\.tag)) }
        return Block(
            number: number, animate: Animate(target: target, duration: 0, changes: Changes()), path: path + "." + call,
            eachViews: nil, targets: Self.targets(target, all: [], current: current), assignments: [], imageCall: call)
    }

    /// `UIView.KeyframeAnimationOptions` take the outer curve's bits of `UIView.AnimationOptions`
    /// (research §5.2), which have no spring or Bézier.
    static func checkKeyframes(_ k: KeyframesStep, path: String) throws(SpecDiagnostic) {
        switch k.timing.curve {
        case .linear, .easeIn, .easeOut, .easeInOut: return
        default:
            throw SpecDiagnostic(
                path: path + ".curve", location: nil,
                message:
                    "a keyframes step's curve is not written as Swift unless it is linear, easeIn, easeOut or easeInOut: UIView.animateKeyframes takes no spring or Bézier curve"
            )
        }
    }

    static func targets(_ target: Target, all: [Int], current: [Int]) -> [Int] {
        switch target {
        case .current: current
        case .all: all
        case .tags(let list): list
        }
    }

    /// What `changes` assigns, in the property table's order.
    static func assignments(_ changes: Changes) -> [Assignment] {
        func assignment<P: AnyAnimatableProperty>(_ p: P) -> Assignment? {
            guard let setting = changes[p.property] else { return nil }
            return Assignment(name: p.name, uikit: p.property.uikit.spelling, setting: setting.uikitSetting)
        }
        return AnimatableProperties.settable.compactMap { assignment($0) }
    }

    var hasProgram: Bool { spec.program != nil }

    /// Whether a block takes the next palette colour.
    var usesPalette: Bool {
        (blocks.flatMap(\.assignments) + reset).contains { $0.setting == .nextPaletteColor }
    }

    /// The properties a block or the reset returns to the view's own value (`"initial"`), in the
    /// table's order: the code keeps each view's value from its set-up for them.
    var initialValues: [Assignment] {
        var found: [Assignment] = []
        for a in blocks.flatMap(\.assignments) + reset where a.setting == .initial {
            if !found.contains(where: { $0.name == a.name }) { found.append(a) }
        }
        let order = AnimatableProperties.settable.map(\.name)
        return found.sorted { order.firstIndex(of: $0.name)! < order.firstIndex(of: $1.name)! }
    }

    // MARK: Names

    func viewName(_ tag: Int) -> String { names[tag]! }

    func kind(_ tag: Int) -> ViewKind { spec.view(tag: tag)?.kind ?? .view }

    /// The name of the collection holding `tags` in that order, made on first use.
    @discardableResult
    mutating func collection(for tags: [Int]) -> String {
        if let existing = collections.first(where: { $0.tags == tags }) { return existing.name }
        let kinds = Set(tags.map(kind))
        let type = kinds.count == 1 ? kinds.first!.uikitClass : "UIView"
        let name: String
        if tags == spec.views.map(\.tag) {
            switch (kinds.count, kinds.first) {
            case (1, .label): name = "labels"
            case (1, .view): name = "views"
            case (1, .spinner): name = "spinners"
            default: name = "animatedViews"
            }
        } else if tags == spec.views.map(\.tag).sorted() && kinds.count == 1 {
            name = kinds.first! == .label ? "labelsInTagOrder" : "viewsInTagOrder"
        } else if tags.count <= 3 {
            let noun = kinds == [.label] ? "labels" : "views"
            name = noun + "Tagged" + tags.map(String.init).joined(separator: "And")
        } else {
            name = "viewGroup\(collections.count + 1)"
        }
        collections.append((name, tags, type))
        return name
    }

    func collectionInfo(_ tags: [Int]) -> (name: String, tags: [Int], type: String) {
        collections.first { $0.tags == tags }!
    }

    // MARK: Checks

    /// Anchor families: UIKit relates centerX to either horizontal family, but never left/right to leading/trailing.
    enum Axis { case x, xDirectional, xCenter, y, dimension }

    static func axis(_ a: LayoutAttribute) -> Axis {
        switch a {
        case .centerX: .xCenter
        case .left, .right: .x
        case .leading, .trailing: .xDirectional
        case .top, .bottom, .centerY: .y
        case .width, .height: .dimension
        }
    }

    /// A `caAnimation`, `removeAnimations`, `transition` or `layout` step as a block.
    mutating func specialBlock(_ step: Step, number: Int, path: String, current: [Int])
        throws(SpecDiagnostic) -> Block
    {
        let all = spec.views.map(\.tag)
        switch step {
        case .layerAnimation(let c):
            try Self.checkLayerAnimation(c, path: path + ".caAnimation")
            return Block(
                number: number,
                animate: Animate(target: c.target, duration: c.animation.duration, delay: c.delay, changes: Changes()),
                path: path + ".caAnimation", eachViews: nil,
                targets: Self.targets(c.target, all: all, current: current), assignments: [],
                special: .layerAnimation(c))
        case .removeAnimations(let r):
            return Block(
                number: number, animate: Animate(target: r.target, duration: 0, changes: Changes()),
                path: path + ".removeAnimations", eachViews: nil,
                targets: Self.targets(r.target, all: all, current: current), assignments: [],
                special: .removeAnimations(r))
        case .transition(let tr):
            try Self.checkTransition(tr, path: path + ".transition")
            return Block(
                number: number, animate: Animate(target: tr.target, timing: tr.timing, changes: tr.changes),
                path: path + ".transition", eachViews: nil,
                targets: Self.targets(tr.target, all: all, current: current),
                assignments: Self.assignments(tr.changes), special: .transition(tr))
        case .layout(let l):
            try Self.checkTiming(l.timing, path: path + ".layout")
            let constants = l.constants.map { (name: constraintName($0.id), value: $0.value) }
            return Block(
                number: number, animate: Animate(target: .tags([]), timing: l.timing, changes: Changes()),
                path: path + ".layout", eachViews: nil, targets: [], assignments: [], special: .layout(constants))
        case .animate, .each, .keyframes, .imageAnimation:
            preconditionFailure("not a special step")
        }
    }

    /// The Swift property that holds the constraint with this id: `topConstraint` for `"top"`.
    private mutating func constraintName(_ id: String) -> String {
        if let known = constraintNames.first(where: { $0.id == id }) { return known.name }
        var stem = ""
        var upper = false
        for c in id {
            guard c.isASCII, c.isLetter || c.isNumber else {
                upper = !stem.isEmpty
                continue
            }
            stem.append(upper ? Character(c.uppercased()) : c)
            upper = false
        }
        var name =
            stem.isEmpty || stem.first!.isNumber
            ? "constraint" + stem : stem.prefix(1).lowercased() + stem.dropFirst() + "Constraint"
        while constraintNames.contains(where: { $0.name == name }) { name += "2" }
        constraintNames.append((id, name))
        return name
    }

    /// Block options and repeat counts are written as `UIView.AnimationOptions` and
    /// `UIView.modifyAnimations(withRepeatCount:autoreverses:)`; a property animator (a cubic
    /// Bézier curve) has neither, so there they are refused, not guessed.
    static func checkTiming(_ timing: BlockTiming, path: String) throws(SpecDiagnostic) {
        guard case .cubicBezier = timing.curve, !timing.options.isEmpty || timing.repeatCount != nil else { return }
        throw SpecDiagnostic(
            path: path, location: nil,
            message:
                "repeat, autoreverse and beginFromCurrentState with a cubicBezier curve are not written as Swift: UIViewPropertyAnimator has no repeat count or options; use a named curve or a spring"
        )
    }

    private func checkConstraints() throws(SpecDiagnostic) {
        for c in spec.constraints {
            guard let to = c.toAttribute else { continue }
            let pair = Set([Self.axis(c.attribute), Self.axis(to)])
            if pair == [.x, .xDirectional] {
                throw SpecDiagnostic(
                    path: c.path, location: nil,
                    message:
                        "UIKit cannot relate \(c.attribute.rawValue) to \(to.rawValue) (left/right and leading/trailing do not mix); use one pair"
                )
            }
        }
    }

    /// The palette's next colour for a member only some views have (a label's textColor) is refused
    /// on the others: the code sets it through a cast that skips them, while the engine's palette
    /// would still advance.
    private func checkPaletteMembers() throws(SpecDiagnostic) {
        func check(_ assignments: [Assignment], _ tags: [Int], path: String) throws(SpecDiagnostic) {
            for a in assignments where a.setting == .nextPaletteColor {
                guard let owner = a.uikit.declaredBy, let tag = tags.first(where: { kind($0) != owner }) else {
                    continue
                }
                throw SpecDiagnostic(
                    path: path, location: nil,
                    message:
                        "takes the next palette colour as the \(a.name) of view \(tag), which is not a \(owner.rawValue); UIView has no \(a.uikit.member)"
                )
            }
        }
        for block in blocks { try check(block.assignments, block.targets, path: block.path + ".set") }
        try check(reset, spec.views.map(\.tag), path: "program.reset")
    }
}
