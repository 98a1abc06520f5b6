import Foundation
import RefreshFramesCore
import RefreshFramesExport

enum PreviewCommand {
    static let definition = CommandDefinition(
        name: "preview", abstract: "Play the animation live in the terminal (the built-in default without SPEC).",
        discussion: """
            Keys: space pulls and releases (plays the scenario's pull and refresh again), e ends refreshing
            now, r restarts, p switches pixels/text, q quits. The terminal is always restored: on q,
            Ctrl-C, SIGTERM and on errors. Needs a terminal on stdout; elsewhere use
            'refresh-frames render --format ansi'.
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
            .value("only", "part", "scene (the screen with its table, when the spec has one; default) or control."),
            nowOption,
        ])

    static let subcommand = RefreshFramesCommand.Subcommand(definition: definition) { args, env throws(CLIError) in
        let name = definition.name
        var mode = try args.choice("ansi", command: name, as: AnsiMode.self) ?? .pixels
        let colors = try AnsiOptions.colorMode(args, environment: env, command: name)
        let fps = try args.double("fps", command: name, in: 1...120) ?? 30
        let quitAfter = try args.double("duration", command: name, in: 0.1...86400)
        let only = try args.choice("only", command: name, as: RenderPart.self) ?? .scene
        let now = try SpecLoader.clock(args.value("now"), environment: env, command: name)
        let loaded = try SpecLoader.load(args.positionals.first, now: now)
        guard isatty(1) == 1, isatty(0) == 1 else {
            throw .input(
                "preview: error: stdout is not a terminal; to write the frames as a stream use 'refresh-frames render [SPEC] --format ansi -o out.ans'"
            )
        }
        let session = TerminalSession()
        session.enter()
        defer { session.leave() }
        var player = Player(loaded: loaded, mode: mode, colors: colors, only: only)
        let start = DispatchTime.now().uptimeNanoseconds
        var scenarioStart = start
        var frames = -1  // frames drawn since the window opened; the first frame opens the first one
        var fpsShown: Double?  // measured over each half second; none before the first
        var fpsWindowStart = start
        let frameNanos = UInt64(1e9 / fps)
        var nextFrame = start
        while true {
            let nowNanos = DispatchTime.now().uptimeNanoseconds
            if let quitAfter, Double(nowNanos - start) / 1e9 >= quitAfter { break }
            if session.resized() { player.resize() }
            let t = min(Double(nowNanos - scenarioStart) / 1e9, player.timeline.duration)
            do {
                try player.draw(at: t, fps: fpsShown, session: session)
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
            case "q", "Q":
                return ExitCode.success
            case " ", "r", "R":
                player.restart()
                scenarioStart = DispatchTime.now().uptimeNanoseconds
            case "e", "E":
                player.endRefreshing(at: t)
            case "p", "P":
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
    var timeline: Timeline
    var mode: AnsiMode
    let colors: ColorMode
    let only: RenderPart
    private var encoder: ANSIEncoder
    private var columns = 80
    private var rows = 24
    private var terminalColumns = 80
    private var makeGrid: (@Sendable (Double) throws -> CellGrid)?

    init(loaded: LoadedSpec, mode: AnsiMode, colors: ColorMode, only: RenderPart) {
        self.loaded = loaded
        self.timeline = loaded.timeline
        self.mode = mode
        self.colors = colors
        self.only = only
        encoder = ANSIEncoder(colorMode: colors)
        resize()
    }

    mutating func resize() {
        let size = Terminal.size() ?? (80, 24)
        rows = size.rows
        terminalColumns = size.columns
        let canvas = loaded.spec.canvas
        let drawsScene = only == .scene && loaded.spec.host != nil
        let width = drawsScene ? loaded.spec.host!.viewport.width : canvas.width
        let height = drawsScene ? loaded.spec.host!.viewport.height : canvas.height
        // Leave two rows for the status line; a cell is twice as tall as wide (two pixel rows).
        let fitByRows = Int(Double(max(1, rows - 2)) * 2 * width / height)
        columns = max(10, mode == .pixels || drawsScene ? min(size.columns, fitByRows) : size.columns)
        encoder = ANSIEncoder(colorMode: colors)
        rebuildGrid()
        Output.outBytes(Array("\u{1B}[0m\u{1B}[2J".utf8))
    }

    private mutating func rebuildGrid() {
        var loadedNow = loaded
        loadedNow.timeline = timeline
        let request = RenderRequest(
            loaded: loadedNow, format: .ansi, output: nil, at: nil, times: [], fps: 30, scale: loaded.spec.canvas.scale,
            loop: 0,
            threads: 1, canvas: loaded.spec.canvas, from: 0, to: timeline.duration, only: only)
        makeGrid = AnsiOptions.gridMaker(request, mode: mode, columns: columns)
    }

    mutating func restart() {
        timeline = loaded.timeline
        rebuildGrid()
    }

    /// `e`: endRefreshing now, if refreshing. The loop still finishes up to its check point.
    mutating func endRefreshing(at t: Double) {
        guard t >= timeline.refreshBeganAt, t < timeline.refreshEndedAt else { return }
        var spec = loaded.spec
        spec.scenario.workDuration = max(0, t - timeline.refreshBeganAt)
        spec.scenario.duration = nil
        if let rebuilt = try? Timeline.make(spec: spec, now: loaded.now, measurer: SpecLoader.fontMeasurer) {
            timeline = rebuilt
            rebuildGrid()
        }
    }

    mutating func draw(at t: Double, fps: Double?, session: TerminalSession) throws {
        guard let makeGrid else { return }
        let grid = try makeGrid(t)
        var bytes = encoder.encode(frame: grid)
        let phase = timeline.phase(at: t)
        let done = t >= timeline.duration ? "  (space pulls again)" : ""
        let status =
            " \(phase.rawValue)  t=\(String(format: "%.2f", t))s  \(fps.map { String(Int($0.rounded())) } ?? "–") fps  \(mode.rawValue)\(done)  │ space pull  e end  r restart  p pixels/text  q quit"
        // Cut to the terminal's width: a wrapped status line would scroll the screen.
        bytes += Array("\u{1B}[\(grid.height + 2);1H\u{1B}[0m\u{1B}[2K\(String(status.prefix(terminalColumns)))".utf8)
        session.write(bytes)
    }
}

/// Raw mode, alternate screen and a hidden cursor, always given back: on leave, on SIGINT/SIGTERM/SIGHUP.
final class TerminalSession: @unchecked Sendable {
    private var saved = termios()
    private var active = false
    private var resizeFlag = false
    /// Stopped by Ctrl-Z with the terminal given back; SIGCONT takes it again.
    private var suspended = false
    private let lock = NSLock()
    private var sources: [DispatchSourceSignal] = []

    static let enterSequence = "\u{1B}[?1049h\u{1B}[?25l\u{1B}[2J"
    static let leaveSequence = "\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"

    func enter() {
        tcgetattr(0, &saved)
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 0
            cc[Int(VTIME)] = 0
        }
        tcsetattr(0, TCSANOW, &raw)
        active = true
        write(Array(Self.enterSequence.utf8))
        for sig in [SIGINT, SIGTERM, SIGHUP] {
            signal(sig, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: sig, queue: .global())
            source.setEventHandler { [self] in
                leave()
                exit(128 + sig)
            }
            source.resume()
            sources.append(source)
        }
        // Ctrl-Z: give the terminal back, then stop for real; on `fg`, take it again and redraw,
        // as full-screen programs do.
        signal(SIGTSTP, SIG_IGN)
        let stop = DispatchSource.makeSignalSource(signal: SIGTSTP, queue: .global())
        stop.setEventHandler { [self] in
            lock.lock()
            suspended = active
            lock.unlock()
            leave()
            signal(SIGTSTP, SIG_DFL)
            kill(getpid(), SIGTSTP)
        }
        stop.resume()
        sources.append(stop)
        signal(SIGCONT, SIG_IGN)
        let resume = DispatchSource.makeSignalSource(signal: SIGCONT, queue: .global())
        resume.setEventHandler { [self] in
            signal(SIGTSTP, SIG_IGN)
            reenter()
        }
        resume.resume()
        sources.append(resume)
        signal(SIGWINCH, SIG_IGN)
        let winch = DispatchSource.makeSignalSource(signal: SIGWINCH, queue: .global())
        winch.setEventHandler { [self] in
            lock.lock()
            resizeFlag = true
            lock.unlock()
        }
        winch.resume()
        sources.append(winch)
    }

    /// After `fg`: raw mode and the alternate screen again, and a full redraw on the next frame.
    func reenter() {
        lock.lock()
        defer { lock.unlock() }
        guard suspended, !active else { return }
        suspended = false
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 0
            cc[Int(VTIME)] = 0
        }
        tcsetattr(0, TCSANOW, &raw)
        active = true
        resizeFlag = true
        write(Array(Self.enterSequence.utf8))
    }

    func leave() {
        lock.lock()
        defer { lock.unlock() }
        guard active else { return }
        active = false
        let bytes = Array(Self.leaveSequence.utf8)
        _ = bytes.withUnsafeBufferPointer { Glibc.write(1, $0.baseAddress, $0.count) }
        tcsetattr(0, TCSANOW, &saved)
    }

    func resized() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        let r = resizeFlag
        resizeFlag = false
        return r
    }

    func write(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBufferPointer { Glibc.write(1, $0.baseAddress, $0.count) }
            if n <= 0 { break }
            offset += n
        }
    }

    func readKey(timeoutMillis: Int32) -> Character? {
        var fds = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
        guard poll(&fds, 1, max(0, timeoutMillis)) > 0 else { return nil }
        var byte: UInt8 = 0
        guard read(0, &byte, 1) == 1 else { return nil }
        return Character(Unicode.Scalar(byte))
    }
}
