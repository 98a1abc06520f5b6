import RefreshFramesCore
import RefreshFramesRaster

/// What a frame shows and how it is drawn, decided once: the whole screen (when the spec has a
/// host) or the control alone, at a scale, with hinted text for files and unhinted text for the
/// terminal. Every exporter, the preview and the golden check draw through one of these.
public struct FrameSource: Sendable {
    /// `--only screen|control`: what a frame shows when the spec has a host.
    public enum Part: String, Sendable, CaseIterable {
        case screen, control
    }

    /// How a frame becomes terminal cells.
    public enum TerminalMode: String, Sendable, CaseIterable {
        /// Half blocks, two pixels a cell.
        case pixels
        /// Labels and table rows as characters.
        case text
    }

    public let spec: Spec
    public let timeline: Timeline
    public let canvas: Canvas
    /// Pixels per point of bitmaps.
    public let scale: Double
    /// The host drawn under the control: nil for the control alone.
    public let host: HostSpec?
    /// Hinted for files; unhinted for the terminal's pixel mode.
    public let text: TextRendering
    private let control: FrameRenderer
    private let screen: SceneRenderer?

    /// `canvas` overrides the spec's (e.g. another background); `scale` defaults to the canvas's.
    public init(
        spec: Spec, timeline: Timeline, part: Part = .screen, canvas: Canvas? = nil, scale: Double? = nil,
        text: TextRendering = .hinted
    ) {
        self.spec = spec
        self.timeline = timeline
        let canvas = canvas ?? spec.canvas
        self.canvas = canvas
        self.scale = scale ?? canvas.scale
        let host = part == .screen ? spec.host : nil
        let control = FrameRenderer(canvas: canvas, views: spec.views, fonts: .shared, text: text)
        self.host = host
        self.text = text
        self.control = control
        screen = host.map { SceneRenderer(host: $0, control: control, fonts: .shared) }
    }

    /// The same drawing over another timeline (the preview's, after it ends refreshing early).
    public func with(timeline: Timeline) -> FrameSource {
        FrameSource(
            spec: spec, timeline: timeline, part: host == nil ? .control : .screen, canvas: canvas, scale: scale,
            text: text)
    }

    /// Whether frames are the host's whole screen.
    public var drawsScreen: Bool { host != nil }

    /// A frame's size in points.
    public var size: (width: Double, height: Double) {
        host.map { ($0.viewport.width, $0.viewport.height) } ?? (canvas.width, canvas.height)
    }

    /// A frame's size in pixels at `scale`.
    public var pixelSize: (width: Int, height: Int) {
        (Int((size.width * scale).rounded()), Int((size.height * scale).rounded()))
    }

    public func state(at time: Double) -> FrameState { timeline.sample(at: time) }

    /// The frame at `time`, as files show it.
    public func bitmap(at time: Double) throws -> Bitmap { try bitmap(state(at: time)) }

    public func bitmap(_ state: FrameState) throws -> Bitmap {
        try screen?.render(state, scale: scale) ?? control.render(state, scale: scale)
    }

    /// Draws states as cell grids `columns` wide.
    public func cells(_ mode: TerminalMode, columns: Int) -> @Sendable (FrameState) throws -> CellGrid {
        let views = spec.views
        let canvas = canvas
        switch mode {
        case .text:
            let renderer = ANSITextRenderer(columns: columns)
            if let host {
                return { state in renderer.render(state, views: views, canvas: canvas, host: host) }
            }
            return { state in renderer.render(state, views: views, canvas: canvas) }
        case .pixels:
            let source = terminalPixels(columns: columns)
            let pixels = pixelRenderer(columns: columns)
            return { state in pixels.render(try source.bitmap(state)) }
        }
    }

    /// The frames pixel mode draws `columns` wide, before the box filter: two rendered pixels per
    /// column (and per half-cell row) are enough for it; labels are a few pixels tall at that
    /// scale, so their outlines are drawn unhinted (on every core).
    public func terminalPixels(columns: Int) -> FrameSource {
        FrameSource(
            spec: spec, timeline: timeline, part: host == nil ? .control : .screen, canvas: canvas,
            scale: min(scale, max(0.25, Double(columns) * 2 / size.width)), text: .unhinted)
    }

    /// Pixel mode's box filter to `columns`, over the canvas's background.
    public func pixelRenderer(columns: Int) -> ANSIPixelRenderer {
        ANSIPixelRenderer(columns: columns, background: TerminalRGB(canvas.background))
    }

    /// The colours a GIF palette keeps exactly: the background, black, white, every colour the spec
    /// names and, for the whole screen, the table's.
    public var pinnedColors: [RGBA] {
        var colors: [RGBA] = [canvas.background, .black, .white]
        for v in spec.views { colors += [v.textColor, v.backgroundColor, v.tintColor] }
        colors += spec.palette
        if let table = host?.table {
            colors += [
                table.backgroundColor, table.separatorColor, table.cell.backgroundColor, table.cell.textColor,
                table.cell.detailTextColor,
            ]
        }
        var unique: [RGBA] = []
        for c in colors where c.alpha == 1 && !unique.contains(c) { unique.append(c) }
        return unique
    }
}

extension FrameSource {
    /// Only `region` of the frame (pixels at `scale`): exactly the whole frame's pixels there.
    public func bitmap(_ state: FrameState, region: PixelRect) throws -> Bitmap {
        try screen?.render(state, scale: scale, region: region) ?? control.render(state, scale: scale, region: region)
    }

    /// Where the frames of `before` and `after` may differ (pixels at `scale`); every other pixel is the same.
    public func damage(from before: FrameState, to after: FrameState) throws -> [PixelRect] {
        try screen?.damage(from: before, to: after, scale: scale)
            ?? control.damage(from: before, to: after, scale: scale)
    }

    /// The frame at `time` as what changed since the frame at `previous` (nil: the whole frame).
    /// Frames can be drawn this way in any order, on any thread: the damage comes from the two
    /// instants' states alone.
    public func patch(at time: Double, after previous: Double?) throws -> FramePatch {
        try patch(state(at: time), after: previous.map(state(at:)))
    }

    /// The frame of `state` as what changed since the frame of `previous` (nil: the whole frame).
    public func patch(_ state: FrameState, after previous: FrameState?) throws -> FramePatch {
        guard let previous else { return FramePatch(whole: try bitmap(state)) }
        let (width, height) = pixelSize(of: state)
        let rects = try damage(from: previous, to: state)
        return FramePatch(
            width: width, height: height, regions: try rects.map { ($0, try bitmap(state, region: $0)) })
    }

    /// The size in pixels of the frame of `state`.
    private func pixelSize(of state: FrameState) -> (width: Int, height: Int) {
        if host != nil, let scene = state.scene {
            return (Int((scene.viewport.width * scale).rounded()), Int((scene.viewport.height * scale).rounded()))
        }
        return (Int((canvas.width * scale).rounded()), Int((canvas.height * scale).rounded()))
    }
}
