import RefreshFramesCore

extension FrameRenderer {
    /// The pixels that may differ between the frames of `before` and `after` at `scale`: where
    /// every view whose state (or an ancestor's, or the container's alpha) changed drew in either
    /// frame, antialiased edges included. Every other pixel is the same in both. Empty when nothing
    /// changed.
    package func damage(from before: FrameState, to after: FrameState, scale: Double?) throws -> [PixelRect] {
        let scale = scale ?? canvas.scale
        return try damageBoxes(from: before, to: after, scale: scale).map(\.rect)
    }

    func damageBoxes(from before: FrameState, to after: FrameState, scale: Double) throws -> [PixelBox] {
        let (width, height) = try pixelSize(scale)
        let old = try layers(before, scale: scale, width: width, height: height, rasterizingText: false)
        let new = try layers(after, scale: scale, width: width, height: height, rasterizingText: false)
        // A view in a group draws through an offscreen image or not as its group's drawings overlap
        // or not (`GroupPlan`), which may change while the view does not: its pixels then move by a
        // rounding, so the way is part of what they depend on.
        let oldGroups = GroupPlan(old, contentAlpha: clamp01(before.contentAlpha), width: width, height: height)
        let newGroups = GroupPlan(new, contentAlpha: clamp01(after.contentAlpha), width: width, height: height)
        var oldByIndex: [Int: (position: Int, view: DrawnView)] = [:]
        for (position, drawn) in old.enumerated() { oldByIndex[drawn.index] = (position, drawn) }
        var boxes: [PixelBox] = []
        var matched = Set<Int>()
        // A view's pixels, and the shadows of its ancestors, which its pixels cast.
        func add(_ position: Int, _ views: [DrawnView], _ groups: GroupPlan) {
            if let box = groups.box(of: position) { boxes.append(box) }
            var ancestor = views[position].parent
            while let p = ancestor {
                if let box = groups.shadowBox(of: p) { boxes.append(box) }
                ancestor = views[p].parent
            }
        }
        for (position, drawn) in new.enumerated() {
            if let (oldPosition, previous) = oldByIndex[drawn.index] {
                matched.insert(drawn.index)
                if previous.key == drawn.key
                    && oldGroups.route(of: oldPosition, in: old) == newGroups.route(of: position, in: new)
                {
                    continue
                }
                add(oldPosition, old, oldGroups)
            }
            add(position, new, newGroups)
        }
        for (position, drawn) in old.enumerated() where !matched.contains(drawn.index) { add(position, old, oldGroups) }
        return PixelBox.merged(boxes)
    }
}

extension PixelBox {
    /// At most a few boxes covering every pixel of `boxes`: overlapping or touching boxes are
    /// joined, and past `limit` boxes everything is one box.
    static func merged(_ boxes: [PixelBox], limit: Int = 8) -> [PixelBox] {
        var result: [PixelBox] = []
        for box in boxes {
            var box = box
            var k = 0
            while k < result.count {
                let other = result[k]
                if box.x0 <= other.x1 && other.x0 <= box.x1 && box.y0 <= other.y1 && other.y0 <= box.y1 {
                    box = box.union(other)
                    result.remove(at: k)
                    k = 0
                } else {
                    k += 1
                }
            }
            result.append(box)
        }
        if result.count > limit, let first = result.first {
            return [result.dropFirst().reduce(first) { $0.union($1) }]
        }
        return result
    }
}
