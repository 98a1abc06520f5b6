import Foundation
import RefreshFrames
import RefreshFramesCommandLine
import RefreshFramesCore
import RefreshFramesExport
import RefreshFramesRaster

extension PlayerCommand {
    /// What a key read from the terminal does in the preview.
    init?(_ key: Key) {
        switch key {
        case .character(let c): self.init(character: c)
        case .left: self = .seekBack
        case .right: self = .seekForward
        case .home: self = .seekToStart
        case .end: self = .seekToEnd
        case .other: return nil
        }
    }
}

/// What the preview shows: the timeline (rebuilt when `e` ends refreshing early) drawn in a mode.
struct Player {
    private(set) var loaded: RefreshAnimation
    var mode: FrameSource.TerminalMode
    let colors: ColorMode
    private(set) var part: FrameSource.Part
    /// Why the spec on disk could not be reloaded (`--watch`); shown on the status line.
    var problem: String?
    private var original: FrameSource
    private(set) var source: FrameSource
    private var encoder: ANSIEncoder
    private var columns = 80
    private var rows = 24
    private var terminalColumns = 80
    private var cells: (@Sendable (FrameState) throws -> CellGrid)?
    /// Pixel mode: frames drawn as patches over the one shown before while time moves forward.
    private var pixels: PixelPlayback?

    var timeline: Timeline { source.timeline }

    init(loaded: RefreshAnimation, mode: FrameSource.TerminalMode, colors: ColorMode, part: FrameSource.Part) {
        self.loaded = loaded
        self.mode = mode
        self.colors = colors
        self.part = part
        original = FrameSource(spec: loaded.spec, timeline: loaded.timeline, part: part)
        source = original
        encoder = ANSIEncoder(colorMode: colors)
        resize()
    }

    mutating func resize() {
        let size = Terminal.size() ?? (80, 24)
        rows = size.rows
        terminalColumns = size.columns
        let (width, height) = source.size
        // Leave two rows for the status line; a cell is twice as tall as wide (two pixel rows).
        let fitByRows = Int(Double(max(1, rows - 2)) * 2 * width / height)
        columns = max(10, mode == .pixels || source.drawsScreen ? min(size.columns, fitByRows) : size.columns)
        encoder = ANSIEncoder(colorMode: colors)
        makeCells()
        Output.outBytes(Array("\u{1B}[0m\u{1B}[2J".utf8))
    }

    /// `c`: the control alone, or the whole screen.
    mutating func togglePart() {
        part = part == .screen ? .control : .screen
        original = FrameSource(spec: loaded.spec, timeline: loaded.timeline, part: part)
        source = FrameSource(spec: source.spec, timeline: source.timeline, part: part)
        resize()
    }

    /// `--watch`: the spec and its font files again, from disk. A spec that does not load leaves
    /// the last good one playing and its error in `problem`.
    mutating func reload() {
        do throws(LoadError) {
            self = Player(loaded: try loaded.reloaded(), mode: mode, colors: colors, part: part)
        } catch {
            problem = error.description
        }
    }

    mutating func restart() {
        source = original
        makeCells()
    }

    /// How frames of `source` become cells `columns` wide; the next frame is drawn whole.
    private mutating func makeCells() {
        cells = source.cells(mode, columns: columns)
        pixels = mode == .pixels ? PixelPlayback(source, columns: columns) : nil
    }

    /// `e`: endRefreshing now, if refreshing. The loop still finishes up to its check point.
    mutating func endRefreshing(at t: Double) {
        if let rebuilt = loaded.endingRefresh(at: t) {
            source = source.with(timeline: rebuilt)
            makeCells()
        }
    }

    mutating func draw(clock: PlayerClock, fps: Double?, session: TerminalSession) throws {
        guard let cells else { return }
        let t = clock.time
        let state = timeline.sample(at: t)
        var grid: CellGrid
        var changed: [CellRect]?
        if pixels != nil {
            (grid, changed) = try pixels!.grid(state)
        } else {
            grid = try cells(state)
        }
        var bytes = encoder.encode(frame: grid, changed: changed)
        let status = PlayerStatus(
            phase: timeline.phase(at: t).rawValue, time: t, speed: clock.speed, isPaused: clock.isPaused,
            pull: state.pull, fps: fps, mode: mode, problem: problem, cut: grid.cut
        ).line(width: terminalColumns - 1)
        // Fitted to the terminal's width: a wrapped status line would scroll the screen.
        bytes += Array("\u{1B}[\(grid.height + 2);1H\u{1B}[0m\u{1B}[2K \(status)".utf8)
        session.write(bytes)
    }
}
