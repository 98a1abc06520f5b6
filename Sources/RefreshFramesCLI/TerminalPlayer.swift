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

/// What the preview shows: the timeline (rebuilt when `e` ends refreshing early) drawn as text, as
/// half blocks or as images of a graphics protocol.
struct Player {
    private(set) var loaded: RefreshAnimation
    /// What `p` switches to from text: half blocks or a graphics protocol.
    let picture: TerminalOptions.Mode
    /// Text rather than `picture`.
    var showsText: Bool
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
    /// A graphics protocol's images, drawn the same way.
    private var graphics: GraphicsPlayback?
    /// Sixel's palette, chosen once for the part shown (the colours do not change with the size).
    private var sixelPalette: GIFPalette?
    /// The pull `+` and `-` hold, in points; nil: the scenario's.
    private(set) var heldPull: Double?
    /// Where the status was drawn last, and on how many rows.
    private var statusTop = 0
    private var statusRows = 1

    var timeline: Timeline { source.timeline }

    /// What is drawn: text, or the picture mode, except that half blocks without colours are text.
    var mode: TerminalOptions.Mode {
        showsText || (picture == .pixels && colors == .none) ? .text : picture
    }

    /// `source`: the frames of `loaded`, showing the part the command resolved; `mode` the one to
    /// start in.
    init(loaded: RefreshAnimation, source: FrameSource, mode: TerminalOptions.Mode, colors: ColorMode) {
        self.loaded = loaded
        picture = mode == .text ? .pixels : mode
        showsText = mode == .text
        self.colors = colors
        original = source
        self.source = source
        encoder = ANSIEncoder(colorMode: colors)
        resize()
    }

    /// `p`: text, or the picture mode.
    mutating func toggleMode() {
        showsText.toggle()
        resize()
    }

    mutating func resize() {
        let size = Terminal.size() ?? (80, 24)
        rows = size.rows
        terminalColumns = size.columns
        let (width, height) = source.size
        // Leave two rows for the status line; a cell is twice as tall as wide (two pixel rows).
        let fitByRows = Int(Double(max(1, rows - 2)) * 2 * width / height)
        columns = max(10, mode != .text || source.part == .screen ? min(size.columns, fitByRows) : size.columns)
        encoder = ANSIEncoder(colorMode: colors)
        var bytes = graphics?.clear() ?? []
        makeCells()
        bytes += Array("\u{1B}[0m\u{1B}[2J".utf8)
        Output.outBytes(bytes)
    }

    /// `c`: the control alone, or the whole screen (a spec without a host keeps the control).
    mutating func togglePart() {
        original = original.toggled()
        source = source.toggled()
        sixelPalette = nil
        resize()
    }

    /// `--watch`: the spec and its font files again, from disk. A spec that does not load leaves
    /// the last good one playing and its error in `problem`.
    mutating func reload() {
        do throws(CLIError) {
            let reloaded = try SpecLoader.input { () throws(LoadError) in try loaded.reloaded() }
            // The part shown stays, unless the reloaded spec lost its host.
            let part: FrameSource.Part? = reloaded.spec.host == nil ? .control : source.part
            let clear = graphics?.clear() ?? []
            self = Player(
                loaded: reloaded, source: try FrameSource.made(reloaded, part: part, command: "preview"),
                mode: showsText ? .text : picture, colors: colors)
            if !clear.isEmpty { Output.outBytes(clear) }
        } catch {
            problem = error.message
        }
    }

    /// Space and `r`: the scenario again, its own pull too.
    mutating func restart() {
        source = original
        heldPull = nil
        makeCells()
    }

    /// `--loop`: back at the start, the pull held stays held.
    mutating func loopAround() {
        if let heldPull {
            hold(heldPull)
        } else {
            restart()
        }
    }

    /// `+` / `-`: the pull held `step` points farther or nearer (from the pull shown, on the 5 pt
    /// grid, when none is held yet), 0…500 pt.
    mutating func holdPull(by step: Double, shown pull: Double) {
        let from = heldPull ?? (pull / PlayerCommand.pullStep).rounded(.down) * PlayerCommand.pullStep
        hold(min(500, max(0, from + step)))
    }

    /// The scenario with the finger holding the content `points` down from the start, as the user
    /// holds a pull in UIKit: refreshing begins at once if the spec's threshold is reached (or at
    /// its own time, for a spec that refreshes at a time), and never otherwise.
    private mutating func hold(_ points: Double) {
        var spec = original.timeline.spec
        spec.scenario.pull = [PullKeyframe(time: 0, distance: points)]
        if case .pullThreshold(let threshold) = spec.scenario.refreshStart, points < threshold {
            // Never: past the end of a scenario of a few seconds, in which nothing moves.
            spec.scenario.refreshStart = .at(Limits.scenarioDuration)
            spec.scenario.duration = 2
        }
        guard let timeline = try? Timeline.make(spec: spec, now: loaded.now, measurer: loaded.measurer) else {
            return
        }
        heldPull = points
        source = original.with(timeline: timeline)
        makeCells()
    }

    /// How frames of `source` are drawn `columns` wide (images: in the pixels of as many cells,
    /// within the rows); the next frame is drawn whole.
    private mutating func makeCells() {
        cells = nil
        pixels = nil
        graphics = nil
        switch (mode.cells, mode.graphics) {
        case (let cellMode?, _):
            cells = source.cells(cellMode, columns: columns)
            pixels = cellMode == .pixels ? PixelPlayback(source, columns: columns) : nil
        case (nil, let protocolUsed?):
            let cell = Terminal.cellSize()
            let (width, height) = source.size
            let fit = min(Double(terminalColumns * cell.width), Double(max(1, rows - 2) * cell.height) * width / height)
            let images = source.graphicsPixels(width: max(1, Int(fit)))
            if protocolUsed == .sixel && sixelPalette == nil {
                sixelPalette = try? GIFPalette(
                    pinned: images.pinnedColors,
                    samples: Exporter.sampleFrames(
                        images, times: timeline.frameTimes(fps: 10),
                        threads: ProcessInfo.processInfo.activeProcessorCount))
            }
            graphics = GraphicsPlayback(
                images, encoder: GraphicsEncoder(protocolUsed, cell: cell, palette: sixelPalette ?? Self.blackAndWhite))
        case (nil, nil):
            break
        }
    }

    /// `e`: endRefreshing now, if refreshing. The loop still finishes up to its check point.
    mutating func endRefreshing(at t: Double) {
        guard t >= timeline.refreshBeganAt, t < timeline.refreshEndedAt else { return }
        var spec = timeline.spec
        spec.scenario.workDuration = max(0, t - timeline.refreshBeganAt)
        spec.scenario.duration = nil
        if let rebuilt = try? Timeline.make(spec: spec, now: loaded.now, measurer: loaded.measurer) {
            source = source.with(timeline: rebuilt)
            makeCells()
        }
    }

    mutating func draw(clock: PlayerClock, fps: Double?, session: TerminalSession) throws {
        let t = clock.time
        let state = timeline.sample(at: t)
        var bytes: [UInt8]
        var height: Int
        var cut = ""
        if graphics != nil {
            bytes = try graphics!.bytes(state)
            height = graphics!.rows
        } else if let cells {
            var grid: CellGrid
            var changed: [CellRect]?
            if pixels != nil {
                (grid, changed) = try pixels!.grid(state)
            } else {
                grid = try cells(state)
            }
            bytes = encoder.encode(frame: grid, changed: changed)
            height = grid.height
            cut = grid.cut
        } else {
            return
        }
        let status = PlayerStatus(
            phase: timeline.phase(at: t).rawValue, time: t, speed: clock.speed, isPaused: clock.isPaused,
            pull: state.pull, fps: fps, mode: mode, problem: problem, cut: cut, pullHeld: heldPull != nil,
            modeNote: mode == .text && !showsText ? "no colours for pixels" : nil)
        let lines = Self.statusLines(status, width: terminalColumns - 1)
        // Below the frame after a blank row; two rows go one higher where the second would be off
        // the screen. A row the status no longer uses is cleared.
        let top = lines.count > 1 && height + 3 > rows ? height + 1 : height + 2
        for (k, line) in lines.enumerated() { bytes += Self.statusRow(line, row: top + k) }
        if statusRows > lines.count || (statusRows > 1 && top != statusTop) {
            for row in statusTop..<(statusTop + statusRows) where !(top..<(top + lines.count)).contains(row) {
                bytes += Self.statusRow("", row: row)
            }
        }
        statusTop = top
        statusRows = lines.count
        session.write(bytes)
    }

    /// The palette of sixel images when none could be chosen from the frames.
    private static let blackAndWhite = try! GIFPalette(colors: [0x00_0000, 0xFF_FFFF])

    /// Bytes that take what is drawn off the screen before the terminal is given back.
    func clear() -> [UInt8] { graphics?.clear() ?? [] }

    /// The status's rows (one, or two when a `--watch` problem is long), each fitted to `width`
    /// columns (a wrapped row would scroll the screen); the texts a spec controls (an error quoting
    /// its values, the characters cut) go through the one escaper, on one line, first.
    static func statusLines(_ status: PlayerStatus, width: Int) -> [String] {
        var status = status
        status.problem = status.problem.map { TerminalText.escaped($0, oneLine: true) }
        status.cut = TerminalText.escaped(status.cut, oneLine: true)
        return status.lines(width: width).map { TerminalText.escaped($0, oneLine: true) }
    }

    /// One status row's bytes on `row`, the row cleared first.
    static func statusRow(_ line: String, row: Int) -> [UInt8] {
        Array("\u{1B}[\(row);1H\u{1B}[0m\u{1B}[2K \(line)".utf8)
    }
}
