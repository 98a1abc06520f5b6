import RefreshFramesCore

/// What draws the frame of a `FrameState`: the control alone (`FrameRenderer`) or the whole screen
/// (`SceneRenderer`). Files, the terminal's pixel mode, damage-tracked patches and the golden check
/// all draw through this, whichever part they show.
package protocol FrameDrawing: Sendable {
    /// The frame's size in pixels at `scale` (nil: the canvas's).
    func pixelSize(of state: FrameState, scale: Double?) throws -> (width: Int, height: Int)

    /// Only `region` of the frame (frame pixels), as a bitmap of the region's size: exactly those
    /// pixels of the whole frame; nil: the whole frame.
    func render(_ state: FrameState, scale: Double?, region: PixelRect?) throws -> Bitmap

    /// The pixels that may differ between the frames of `before` and `after` at `scale`; every
    /// other pixel is the same in both. Empty when nothing changed. It comes from the two states
    /// alone (text contributes the box its layout gives), so it rasterises nothing.
    func damage(from before: FrameState, to after: FrameState, scale: Double?) throws -> [PixelRect]
}

extension FrameDrawing {
    /// The whole frame at `scale` (nil: the canvas's).
    package func render(_ state: FrameState, scale: Double? = nil) throws -> Bitmap {
        try render(state, scale: scale, region: nil)
    }

    /// Only `region` of the frame.
    package func render(_ state: FrameState, scale: Double? = nil, region: PixelRect) throws -> Bitmap {
        try render(state, scale: scale, region: .some(region))
    }

    package func damage(from before: FrameState, to after: FrameState) throws -> [PixelRect] {
        try damage(from: before, to: after, scale: nil)
    }
}
