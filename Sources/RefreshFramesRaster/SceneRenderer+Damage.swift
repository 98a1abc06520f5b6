import RefreshFramesCore

extension SceneRenderer {
    /// The pixels that may differ between the screens of `before` and `after` at `scale`. While the
    /// table stands still (the same offset, rows and headers) that is the control's damage where the
    /// control shows; any change of the table counts as the whole screen. Empty when nothing changed.
    package func damage(from before: FrameState, to after: FrameState, scale: Double?) throws -> [PixelRect] {
        let scale = scale ?? control.canvas.scale
        guard let scene = after.scene else {
            guard before.scene == nil else { return [try wholeFrame(after, scale: scale)] }
            return try control.damage(from: before, to: after, scale: scale)
        }
        guard before.scene == scene else { return [try wholeFrame(after, scale: scale)] }
        guard scene.controlVisibleHeight > 0 else { return [] }
        let (width, height) = try pixelSize(of: after, scale: scale)
        let placed = controlPlacement(scene, scale: scale, height: height)
        let shown = PixelBox(x0: 0, y0: placed.clipY.lowerBound, x1: width, y1: placed.clipY.upperBound)
        return try control.damageBoxes(from: before, to: after, scale: scale).compactMap { box in
            PixelBox(
                x0: box.x0 + placed.left, y0: box.y0 + placed.top, x1: box.x1 + placed.left, y1: box.y1 + placed.top
            ).intersection(shown)?.rect
        }
    }

    /// The frame `state` draws, whole.
    private func wholeFrame(_ state: FrameState, scale: Double) throws -> PixelRect {
        let (width, height) = try pixelSize(of: state, scale: scale)
        return PixelRect(x: 0, y: 0, width: width, height: height)
    }
}
