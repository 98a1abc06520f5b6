import Foundation
import RefreshFramesCommandLine
import RefreshFramesCore
import RefreshFramesExport

enum PreviewCommand {
    static let definition = CommandDefinition(
        name: "preview", abstract: "Play the animation live in the terminal (the built-in default without SPEC).",
        discussion: """
            Keys: k pauses and plays; , and . step one frame back and forward when paused; ← and →
            seek 0.5 s; Home and End go to the start and the end; [ and ] change the speed (0.25× to
            4×); space pulls and releases (plays the scenario's pull and refresh again), r restarts,
            e ends refreshing now; c switches the control alone and the whole screen; p switches
            pixels/text; q quits. The status line shows the phase, the time, the pull in points and
            the speed. The terminal is always restored: on q, Ctrl-C, SIGTERM and on errors. Needs a
            terminal on stdout; elsewhere use 'refresh-frames render --format ansi'.
            """,
        arguments: [
            ArgumentDefinition(
                name: "spec", help: "The JSON spec file (default: the built-in rotate-scale).", isOptional: true)
        ],
        options: [
            .value("ansi", "mode", "Start in pixels or text mode (default pixels)."),
            .value("colors", "mode", "auto, truecolor, 256, 16 or none (default auto)."),
            .value("fps", "n", "Frames per second to draw (default 30)."),
            .value("duration", "seconds", "Quit by itself after this long (default: run until q)."),
            .flag(
                "watch",
                "Reload when the spec file is saved, keeping the time; a broken spec shows its error on the status line while the last good one plays."
            ),
            .value(
                "only", "part",
                "control or screen: the refresh control zoomed to the terminal's width (default) or, for a spec with a host, the whole screen."
            ),
            nowOption,
        ])

    static let subcommand = RefreshFramesCommand.Subcommand(definition: definition) { args, env throws(CLIError) in
        let name = definition.name
        var mode = try args.choice("ansi", command: name, as: FrameSource.TerminalMode.self) ?? .pixels
        let colors = try TerminalArguments.colorMode(args, environment: env, command: name)
        let fps = try args.double("fps", command: name, in: 1...120) ?? 30
        let quitAfter = try args.double("duration", command: name, in: 0.1...86400)
        // The control is the subject: by default it fills the terminal's width (c or --only screen: the screen).
        let part = try args.choice("only", command: name, as: FrameSource.Part.self) ?? .control
        let loaded = try SpecLoader.load(args.positionals.first, now: try SpecLoader.clock(args, environment: env))
        guard isatty(1) == 1, isatty(0) == 1 else {
            throw .input(
                "preview: error: stdout is not a terminal; to write the frames as a stream use 'refresh-frames render [SPEC] --format ansi -o out.ans'"
            )
        }
        let session = TerminalSession()
        session.enter()
        defer { session.leave() }
        var player = Player(loaded: loaded, mode: mode, colors: colors, part: part)
        var watcher = args.has("watch") ? args.positionals.first.map { FileWatcher(path: $0) } : nil
        var clock = PlayerClock(duration: player.timeline.duration, fps: fps)
        let start = DispatchTime.now().uptimeNanoseconds
        var lastTick = start
        var frames = -1  // frames drawn since the window opened; the first frame opens the first one
        var fpsShown: Double?  // measured over each half second; none before the first
        var fpsWindowStart = start
        let frameNanos = UInt64(1e9 / fps)
        var nextFrame = start
        while true {
            let nowNanos = DispatchTime.now().uptimeNanoseconds
            if let quitAfter, Double(nowNanos - start) / 1e9 >= quitAfter { break }
            if session.resized() { player.resize() }
            if watcher?.changed() == true {
                do throws(CLIError) {
                    let reloaded = try SpecLoader.load(loaded.path, now: loaded.now)
                    player = Player(loaded: reloaded, mode: mode, colors: colors, part: player.part)
                    clock.duration = player.timeline.duration
                    clock.seek(to: clock.time)
                } catch {
                    player.problem = error.message
                }
            }
            clock.advance(by: Double(nowNanos - lastTick) / 1e9)
            lastTick = nowNanos
            do {
                try player.draw(clock: clock, fps: fpsShown, session: session)
            } catch {
                session.leave()
                throw .input("\(loaded.path): error: \(error)")
            }
            frames += 1
            if nowNanos - fpsWindowStart >= 500_000_000 {
                fpsShown = Double(frames) * 1e9 / Double(nowNanos - fpsWindowStart)
                frames = 0
                fpsWindowStart = nowNanos
            }
            // Pace from the monotonic clock: skip frames rather than drift.
            nextFrame += frameNanos
            let after = DispatchTime.now().uptimeNanoseconds
            if nextFrame < after { nextFrame = after + frameNanos - (after - nextFrame) % frameNanos }
            let waitMillis = Int32((nextFrame - min(nextFrame, after)) / 1_000_000)
            guard let key = session.readKey(timeoutMillis: waitMillis) else { continue }
            switch key {
            case .character("q"), .character("Q"):
                return ExitCode.success
            case .character(" "), .character("r"), .character("R"):
                player.restart()
                clock.duration = player.timeline.duration
                clock.seek(to: 0)
            case .character("e"), .character("E"):
                player.endRefreshing(at: clock.time)
                clock.duration = player.timeline.duration
            case .character("k"), .character("K"):
                clock.togglePause()
            case .character(","):
                clock.step(frames: -1)
            case .character("."):
                clock.step(frames: 1)
            case .left:
                clock.seek(by: -PlayerClock.seekStep)
            case .right:
                clock.seek(by: PlayerClock.seekStep)
            case .home:
                clock.seek(to: 0)
            case .end:
                clock.seek(to: clock.duration)
            case .character("["):
                clock.changeSpeed(by: -1)
            case .character("]"):
                clock.changeSpeed(by: 1)
            case .character("c"), .character("C"):
                player.togglePart()
            case .character("p"), .character("P"):
                mode = mode == .pixels ? .text : .pixels
                player.mode = mode
                player.resize()
            default:
                break
            }
        }
        return ExitCode.success
    }
}

/// What the preview shows: the timeline (rebuilt when `e` ends refreshing early) drawn in a mode.
struct Player {
    let loaded: LoadedSpec
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

    var timeline: Timeline { source.timeline }

    init(loaded: LoadedSpec, mode: FrameSource.TerminalMode, colors: ColorMode, part: FrameSource.Part) {
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
        cells = source.cells(mode, columns: columns)
        Output.outBytes(Array("\u{1B}[0m\u{1B}[2J".utf8))
    }

    /// `c`: the control alone, or the whole screen.
    mutating func togglePart() {
        part = part == .screen ? .control : .screen
        original = FrameSource(spec: loaded.spec, timeline: loaded.timeline, part: part)
        source = FrameSource(spec: source.spec, timeline: source.timeline, part: part)
        resize()
    }

    mutating func restart() {
        source = original
        cells = source.cells(mode, columns: columns)
    }

    /// `e`: endRefreshing now, if refreshing. The loop still finishes up to its check point.
    mutating func endRefreshing(at t: Double) {
        guard t >= timeline.refreshBeganAt, t < timeline.refreshEndedAt else { return }
        var spec = loaded.spec
        spec.scenario.workDuration = max(0, t - timeline.refreshBeganAt)
        spec.scenario.duration = nil
        if let rebuilt = try? Timeline.make(spec: spec, now: loaded.now, measurer: SpecLoader.fontMeasurer) {
            source = source.with(timeline: rebuilt)
            cells = source.cells(mode, columns: columns)
        }
    }

    mutating func draw(clock: PlayerClock, fps: Double?, session: TerminalSession) throws {
        guard let cells else { return }
        let t = clock.time
        let state = timeline.sample(at: t)
        let grid = try cells(state)
        var bytes = encoder.encode(frame: grid)
        let phase = timeline.phase(at: t).rawValue
        let speed = clock.speed == 1 ? "" : " \(formatNumber(clock.speed))×"
        let paused = clock.isPaused ? " paused" : ""
        let fpsText = fps.map { String(Int($0.rounded())) } ?? "–"
        let problemItem = problem.map {
            StatusLine.Item($0, short: StatusLine.abbreviate($0, width: terminalColumns - 1))
        }
        let items: [StatusLine.Item] =
            [problemItem].compactMap { $0 } + [
                .init(
                    "\(phase) t=\(formatSeconds(t))s\(speed)\(paused)",
                    short: "\(phase.prefix(4)) \(formatSeconds(t))s\(speed)\(clock.isPaused ? " ‖" : "")"),
                .init("pull \(Int(state.pull.rounded()))pt", short: "\(Int(state.pull.rounded()))pt"),
                .init("\(fpsText) fps \(mode.rawValue)", short: mode.rawValue),
                .init(
                    "│ k pause  , . step  ← → seek  [ ] speed  c part  p mode  space pull  e end  r restart  q quit",
                    short: "│ k , . ← → [ ] c p space e r q"),
            ]
        // Fitted to the terminal's width: a wrapped status line would scroll the screen.
        let status = StatusLine.fit(items, width: terminalColumns - 1)
        bytes += Array("\u{1B}[\(grid.height + 2);1H\u{1B}[0m\u{1B}[2K \(status)".utf8)
        session.write(bytes)
    }
}
