import RefreshFramesCore

/// The `onEnd` steps: a chain of their own, numbered after the cycle's, that `endRefreshing()`
/// starts; each step's completion calls the next (or the next is called at once after it). An
/// `each` there runs its steps once per view, in order, as in the cycle (its last step's
/// completion moves to the next view, then to the step after the `each`).
extension SourcePlan {
    mutating func planOnEnd(_ program: Program) throws(SpecDiagnostic) {
        let all = spec.views.map(\.tag)
        /// Per onEnd step: the number of its first block, and its `each` (nil for a plain step).
        var firsts: [(number: Int, each: Each?)] = []
        /// Per block: its onEnd step and its place in that step's `each`.
        var places: [(step: Int, index: Int)] = []
        for (i, step) in program.onEnd.enumerated() {
            let path = "program.onEnd[\(i)]"
            var steps: [(Step, String)] = [(step, path)]
            var each: Each?
            if case .each(let e) = step {
                each = e
                steps = e.steps.enumerated().map { ($1, "\(path).each.steps[\($0)]") }
                _ = collection(for: e.views)
                if e.wrapAt != e.views.count && !wrapConstants.contains(where: { $0.value == e.wrapAt }) {
                    let name = wrapConstants.isEmpty ? "wrapPosition" : "wrapPosition\(wrapConstants.count + 1)"
                    wrapConstants.append((name, e.wrapAt))
                }
            }
            firsts.append((blocks.count + 1, each))
            for (j, (inner, here)) in steps.enumerated() {
                var block = try onEndBlock(inner, path: here, all: all, current: each?.views ?? [])
                block.eachViews = each?.views
                block.inOnEnd = true
                blocks.append(block)
                places.append((i, j))
            }
        }
        guard !firsts.isEmpty else { return }
        func call(_ step: Int) -> String { "self.step\(firsts[step].number)(\(firsts[step].each != nil ? "0" : ""))" }
        onEndCall = String(call(0).dropFirst(5))
        let start = blocks.count - places.count
        for (k, place) in places.enumerated() {
            let b = start + k
            let after = place.step + 1 < firsts.count ? call(place.step + 1) : nil
            guard let e = firsts[place.step].each else {
                blocks[b].completion = after.map { [$0] } ?? []
                continue
            }
            if place.index + 1 < e.steps.count {
                blocks[b].completion = ["self.step\(blocks[b].number + 1)(position)"]
                continue
            }
            let limit =
                e.wrapAt == e.views.count
                ? "self.\(collectionInfo(e.views).name).count"
                : "Self.\(wrapConstants.first { $0.value == e.wrapAt }!.name)"
            let next = "if position + 1 < \(limit) { self.step\(firsts[place.step].number)(position + 1) }"
            blocks[b].completion = [next + (after.map { " else { \($0) }" } ?? "")]
        }
    }

    /// One step of `onEnd` (or of an `each` there) as a block.
    private mutating func onEndBlock(_ step: Step, path: String, all: [Int], current: [Int]) throws(SpecDiagnostic)
        -> Block
    {
        switch step {
        case .animate(let a):
            try Self.checkTiming(a.timing, path: path + ".animate")
            return Block(
                number: blocks.count + 1, animate: a, path: path + ".animate", eachViews: nil,
                targets: Self.targets(a.target, all: all, current: current), assignments: Self.assignments(a.changes))
        case .keyframes(let k):
            try Self.checkKeyframes(k, path: path + ".keyframes")
            var block = Self.keyframesBlock(k, number: blocks.count + 1, path: path + ".keyframes", all: all)
            block.targets = Self.targets(k.target, all: all, current: current)
            return block
        case .imageAnimation(let call):
            return imageBlock(call, number: blocks.count + 1, path: path, current: current)
        case .transition, .layerAnimation, .removeAnimations, .layout:
            return try specialBlock(step, number: blocks.count + 1, path: path, current: current)
        case .each:
            throw SpecDiagnostic(
                path: path + ".each", location: nil,
                message: "an 'each' inside an 'each' is not written as Swift yet; flatten the steps")
        }
    }
}
