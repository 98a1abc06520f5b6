import RefreshFramesCore
import RefreshFramesRaster

/// What a frame shows and how it is drawn, decided once: the whole screen (when the spec has a
/// host) or the control alone, at a scale, with hinted text for files and unhinted text for the
/// terminal. Every exporter, the preview and the golden check draw through one of these, and its
/// initialiser is the one place that decides the part (`Part.resolved`).
package struct FrameSource: Sendable {
    /// `--only screen|control`: what a frame shows when the spec has a host.
    package enum Part: String, Sendable, CaseIterable {
        case screen, control
    }

    /// Why a part cannot be drawn.
    package enum PartError: Error, Equatable, CustomStringConvertible {
        /// The screen was asked of a spec without a host.
        case screenNeedsHost

        package var description: String {
            "'--only screen' needs a spec with a host (a table under the control)."
        }
    }

    /// How a frame becomes terminal cells.
    package enum TerminalMode: String, Sendable, CaseIterable {
        /// Half blocks, two pixels a cell.
        case pixels
        /// Labels and table rows as characters.
        case text
    }

    package let spec: Spec
    package let timeline: Timeline
    package let canvas: Canvas
    /// Pixels per point of bitmaps.
    package let scale: Double
    /// What the frames show, resolved: `.control` for a spec without a host.
    package let part: Part
    /// The host drawn under the control: nil for the control alone.
    package let host: HostSpec?
    /// Hinted for files; unhinted for the terminal's pixel mode.
    package let text: TextRendering
    /// The control's renderer, or the whole screen's.
    package let drawing: any FrameDrawing
    /// Where the font files its texts are laid out with are counted: one animation's (nil: only
    /// `FontBook.shared.filesUsed`, the whole process's).
    package let fontUsage: FontUsage?

    /// `part`: what was asked (nil: the whole screen when the spec has a host, else the control);
    /// the screen asked of a spec without a host is refused, whoever asks. `canvas` overrides the
    /// spec's (e.g. another background); `scale` defaults to the canvas's. `fontUsage` counts the
    /// font files its texts are laid out with (an animation's).
    package init(
        spec: Spec, timeline: Timeline, part: Part? = nil, canvas: Canvas? = nil, scale: Double? = nil,
        text: TextRendering = .hinted, fontUsage: FontUsage? = nil
    ) throws(PartError) {
        self.init(
            spec: spec, timeline: timeline, resolved: try Part.resolved(part, host: spec.host), canvas: canvas,
            scale: scale, text: text, fontUsage: fontUsage)
    }

    /// `part` already resolved for `spec`.
    private init(
        spec: Spec, timeline: Timeline, resolved part: Part, canvas: Canvas?, scale: Double?, text: TextRendering,
        fontUsage: FontUsage?
    ) {
        self.spec = spec
        self.timeline = timeline
        let canvas = canvas ?? spec.canvas
        self.canvas = canvas
        self.scale = scale ?? canvas.scale
        self.part = part
        let host = part == .screen ? spec.host : nil
        self.fontUsage = fontUsage
        let control = FrameRenderer(
            canvas: canvas, views: spec.views, fonts: .shared, usage: fontUsage, text: text, images: spec.images)
        self.host = host
        self.text = text
        drawing = host.map { SceneRenderer(host: $0, control: control, fonts: .shared) } ?? control
    }

    /// The same drawing over another timeline (the preview's, after it ends refreshing early).
    package func with(timeline: Timeline) -> FrameSource {
        FrameSource(
            spec: spec, timeline: timeline, resolved: part, canvas: canvas, scale: scale, text: text,
            fontUsage: fontUsage)
    }

    /// The same drawing of the other part: the control for the screen, the screen for the control
    /// when the spec has a host (else the control again).
    package func toggled() -> FrameSource {
        FrameSource(
            spec: spec, timeline: timeline, resolved: part == .screen || spec.host == nil ? .control : .screen,
            canvas: canvas, scale: scale, text: text, fontUsage: fontUsage)
    }

    /// A frame's size in points.
    package var size: (width: Double, height: Double) {
        host.map { ($0.viewport.width, $0.viewport.height) } ?? (canvas.width, canvas.height)
    }

    /// A frame's size in pixels at `scale`.
    package var pixelSize: (width: Int, height: Int) {
        (Int((size.width * scale).rounded()), Int((size.height * scale).rounded()))
    }

    package func state(at time: Double) -> FrameState { timeline.sample(at: time) }

    /// The frame at `time`, as files show it.
    package func bitmap(at time: Double) throws -> Bitmap { try bitmap(state(at: time)) }

    package func bitmap(_ state: FrameState) throws -> Bitmap { try drawing.render(state, scale: scale) }

    /// A label's lines in text mode: where the pixels wrap, truncate or shrink its text
    /// (`FontBook.wrappedLines`), those lines; else its text split at line feeds.
    static func wrappedLines(usage: FontUsage?) -> @Sendable (ViewSpec, ViewState) -> [Substring] {
        { spec, view in
            guard spec.kind == .label, let text = view.text,
                let wrapped = try? FontBook.shared.wrappedLines(
                    text, font: spec.font, lines: spec.lines, width: view.frame.width, height: view.frame.height,
                    usage: usage)
            else { return ANSITextRenderer.hardLines(spec, view) }
            return wrapped.lines.map { Substring($0.text) }
        }
    }

    /// Draws states as cell grids `columns` wide.
    package func cells(_ mode: TerminalMode, columns: Int) -> @Sendable (FrameState) throws -> CellGrid {
        let views = spec.views
        let canvas = canvas
        switch mode {
        case .text:
            let renderer = ANSITextRenderer(columns: columns, lines: FrameSource.wrappedLines(usage: fontUsage))
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
    package func terminalPixels(columns: Int) -> FrameSource {
        FrameSource(
            spec: spec, timeline: timeline, resolved: part, canvas: canvas,
            scale: min(scale, max(0.25, Double(columns) * 2 / size.width)), text: .unhinted,
            fontUsage: fontUsage)
    }

    /// The frames a terminal's graphics protocol shows `width` pixels wide (at most; within
    /// `Limits.scale` and `Limits.pixelsPerFrame`), drawn as files draw them: hinted text, no box
    /// filter.
    package func graphicsPixels(width pixels: Int) -> FrameSource {
        let (width, height) = size
        let clamped = min(
            Double(pixels), (Limits.scale * width).rounded(.down),
            (Double(Limits.pixelsPerFrame) * width / height).squareRoot().rounded(.down))
        return FrameSource(
            spec: spec, timeline: timeline, resolved: part, canvas: canvas, scale: max(1, clamped) / width,
            text: .hinted, fontUsage: fontUsage)
    }

    /// Pixel mode's box filter to `columns`, over the canvas's background.
    package func pixelRenderer(columns: Int) -> ANSIPixelRenderer {
        ANSIPixelRenderer(columns: columns, background: TerminalRGB(canvas.background))
    }

    /// Whether every pixel of every frame is opaque: the background under everything is (the
    /// table's for the whole screen, the canvas's for the control).
    package var isOpaque: Bool { (host?.table.backgroundColor ?? canvas.background).alpha == 1 }

    /// The colours a GIF palette keeps exactly: the background, black, white, every colour the spec
    /// names and, for the whole screen, the table's.
    package var pinnedColors: [RGBA] {
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

    /// At most how many colours `pinnedColors(over:)` pins: half the palette, the rest left to
    /// the sample frames' own colours.
    package static let pinnedColorLimit = 128

    /// `pinnedColors` and the opaque colours the views show at `times`, while there is room: every
    /// text colour (text colours jump, so there are few), then each background or border colour
    /// shown at two instants or more (a colour held, or an animation's ends; not the in-betweens of
    /// one animating, which the palette's median cut shares out). A Swift program's colours, or a
    /// step's `textColor`, are in no field of the spec's views: a label turning yellow only in frames
    /// the palette's samples miss would show in the nearest colour the palette has.
    package func pinnedColors(over times: [Double]) -> [RGBA] {
        var pinned = pinnedColors
        var seen = Set(pinned)
        var held: [RGBA] = []
        var shown: [RGBA: Int] = [:]
        for time in times {
            for view in state(at: time).views where view.alpha > 0 && !view.isHidden {
                if view.textColor.alpha == 1, seen.insert(view.textColor).inserted { pinned.append(view.textColor) }
                for color in [view.backgroundColor] + (view.borderWidth > 0 ? [view.borderColor] : [])
                where color.alpha == 1 {
                    shown[color, default: 0] += 1
                    if shown[color] == 2 { held.append(color) }
                }
            }
        }
        for color in held where seen.insert(color).inserted { pinned.append(color) }
        return Array(pinned.prefix(Self.pinnedColorLimit))
    }
}

extension FrameSource {
    /// Only `region` of the frame (pixels at `scale`): exactly the whole frame's pixels there.
    package func bitmap(_ state: FrameState, region: PixelRect) throws -> Bitmap {
        try drawing.render(state, scale: scale, region: region)
    }

    /// Where the frames of `before` and `after` may differ (pixels at `scale`); every other pixel is the same.
    package func damage(from before: FrameState, to after: FrameState) throws -> [PixelRect] {
        try drawing.damage(from: before, to: after, scale: scale)
    }

    /// The frame at `time` as what changed since the frame at `previous` (nil: the whole frame).
    /// Frames can be drawn this way in any order, on any thread: the damage comes from the two
    /// instants' states alone.
    package func patch(at time: Double, after previous: Double?) throws -> FramePatch {
        try patch(state(at: time), after: previous.map(state(at:)))
    }

    /// The frame of `state` as what changed since the frame of `previous` (nil: the whole frame).
    package func patch(_ state: FrameState, after previous: FrameState?) throws -> FramePatch {
        guard let previous else { return FramePatch(whole: try bitmap(state)) }
        let (width, height) = try drawing.pixelSize(of: state, scale: scale)
        let rects = try damage(from: previous, to: state)
        return FramePatch(
            width: width, height: height, regions: try rects.map { ($0, try bitmap(state, region: $0)) })
    }

}

extension FrameSource.Part {
    /// The part a command draws for a spec with `host` (or none), the one rule every command
    /// follows: what was asked, else the whole screen when there is one. The screen asked of a
    /// spec without a host is refused rather than drawn as the control.
    package static func resolved(_ asked: Self?, host: HostSpec?) throws(FrameSource.PartError) -> Self {
        switch asked {
        case .screen?: guard host != nil else { throw .screenNeedsHost }
        case .control?: return .control
        case nil: break
        }
        return host == nil ? .control : .screen
    }
}
