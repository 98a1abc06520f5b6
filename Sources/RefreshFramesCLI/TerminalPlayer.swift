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

    /// `source`: the frames of `loaded`, showing the part the command resolved.
    init(loaded: RefreshAnimation, source: FrameSource, mode: FrameSource.TerminalMode, colors: ColorMode) {
        self.loaded = loaded
        self.mode = mode
        self.colors = colors
        original = source
        self.source = source
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
        columns = max(10, mode == .pixels || source.part == .screen ? min(size.columns, fitByRows) : size.columns)
        encoder = ANSIEncoder(colorMode: colors)
        makeCells()
        Output.outBytes(Array("\u{1B}[0m\u{1B}[2J".utf8))
    }

    /// `c`: the control alone, or the whole screen (a spec without a host keeps the control).
    mutating func togglePart() {
        original = original.toggled()
        source = source.toggled()
        resize()
    }

    /// `--watch`: the spec and its font files again, from disk. A spec that does not load leaves
    /// the last good one playing and its error in `problem`.
    mutating func reload() {
        do throws(CLIError) {
            let reloaded = try SpecLoader.input { () throws(LoadError) in try loaded.reloaded() }
            // The part shown stays, unless the reloaded spec lost its host.
            let part: FrameSource.Part? = reloaded.spec.host == nil ? .control : source.part
            self = Player(
                loaded: reloaded, source: try FrameSource.made(reloaded, part: part, command: "preview"), mode: mode,
                colors: colors)
        } catch {
            problem = error.message
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
            pull: state.pull, fps: fps, mode: mode, problem: problem, cut: grid.cut)
        bytes += Self.statusLine(status, row: grid.height + 2, width: terminalColumns - 1)
        session.write(bytes)
    }

    /// The status line's bytes on `row`: the texts a spec controls (an error quoting its values, the
    /// characters cut) go through the one escaper, on one line, before the line is fitted to `width`
    /// columns (a wrapped status line would scroll the screen).
    static func statusLine(_ status: PlayerStatus, row: Int, width: Int) -> [UInt8] {
        var status = status
        status.problem = status.problem.map { TerminalText.escaped($0, oneLine: true) }
        status.cut = TerminalText.escaped(status.cut, oneLine: true)
        let line = TerminalText.escaped(status.line(width: width), oneLine: true)
        return Array("\u{1B}[\(row);1H\u{1B}[0m\u{1B}[2K \(line)".utf8)
    }
}
