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
        var oldByIndex: [Int: DrawnView] = [:]
        for drawn in old { oldByIndex[drawn.index] = drawn }
        var boxes: [PixelBox] = []
        var matched = Set<Int>()
        for drawn in new {
            if let previous = oldByIndex[drawn.index] {
                matched.insert(drawn.index)
                if previous.key == drawn.key { continue }
                if let box = previous.layer.box(width: width, height: height) { boxes.append(box) }
            }
            if let box = drawn.layer.box(width: width, height: height) { boxes.append(box) }
        }
        for drawn in old where !matched.contains(drawn.index) {
            if let box = drawn.layer.box(width: width, height: height) { boxes.append(box) }
        }
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
