import RefreshFramesCore

// The values states and frames are made of, named here so that `import RefreshFrames` is enough.

/// Everything drawn at one instant: the phase, the pull, every tagged view and, with a host, the table.
public typealias FrameState = RefreshFramesCore.FrameState
/// One tagged view at an instant: its text, frame (before the transform), transform, alpha and colours.
public typealias ViewState = RefreshFramesCore.ViewState
/// A spinner's visible and brightest spokes.
public typealias SpinnerState = RefreshFramesCore.SpinnerState
/// Where the scenario stands: idle, pulling, refreshing, ending, ended.
public typealias ScenarioPhase = RefreshFramesCore.ScenarioPhase
/// The host table at an instant: content offset, visible control height, headers and rows.
public typealias SceneState = RefreshFramesCore.SceneState
/// A table row at an instant.
public typealias RowState = RefreshFramesCore.RowState
/// A table section header at an instant.
public typealias HeaderState = RefreshFramesCore.HeaderState
/// A row's section and row.
public typealias IndexPath = RefreshFramesCore.IndexPath
/// The host's screen size in points.
public typealias ViewportSize = RefreshFramesCore.ViewportSize
/// A rectangle in points.
public typealias Rect = RefreshFramesCore.Rect
/// A view's rotation (degrees, clockwise), scale and translation.
public typealias Transform = RefreshFramesCore.Transform
/// A colour, each channel 0…1.
public typealias RGBA = RefreshFramesCore.RGBA
/// A frame's pixels: RGBA, 8 bits a channel, row by row.
public typealias Bitmap = RefreshFramesCore.Bitmap

extension FrameState {
    /// The view tagged `tag`, if the spec has one.
    public func view(tag: Int) -> ViewState? { views.first { $0.tag == tag } }
}
