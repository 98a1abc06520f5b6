import Foundation
import RefreshFrames
import RefreshFramesCommandLine
import RefreshFramesCore
import RefreshFramesExport

enum PreviewCommand {
    static let definition = CommandDefinition(
        name: "preview", abstract: "Play the animation live in the terminal (the built-in default without SPEC).",
        discussion: """
            Keys: k pauses and plays; , and . step one frame back and forward when paused; ← and →
            seek 0.5 s; Home and End go to the start and the end; [ and ] change the speed (0.25× to
            4×); space pulls and releases (plays the scenario from its start, from a pause too: the
            pull, then the refresh); r refreshes again (from the moment refreshing begins); e ends
            refreshing now; + and - hold the pull 5 pt farther or nearer (refreshing begins if the
            hold reaches the spec's threshold; space or r lets go); c switches the control alone and
            the whole screen; p switches the picture (half blocks or images) and text; q quits. The
            status line shows the phase, the time, the pull in points ('held' when held), the speed
            and the mode; a long --watch error takes two rows.
            --ansi auto draws with the terminal's own graphics: kitty's (KITTY_WINDOW_ID or
            TERM=xterm-kitty), iTerm2's (TERM_PROGRAM=iTerm.app, WezTerm), sixel (the terminal's
            answer to DA1 lists it: xterm -ti vt340, foot, mlterm), else half blocks. In tmux, kitty's
            and iTerm2's images go through its passthrough when tmux (3.3 or later) has
            allow-passthrough on (set -g allow-passthrough on), else half blocks; images are drawn at
            the cell's pixels (--cell-size, else TIOCGWINSZ, else CSI 16 t).
            Without colours (--colors none, NO_COLOR) half blocks would all look alike: text is shown.
            The terminal is always restored: on q, Ctrl-C, SIGTERM and on errors. Needs a terminal
            on stdout; elsewhere use 'refresh-frames render --format ansi'.
            """,
        arguments: [
            ArgumentDefinition(
                name: "spec", help: "The JSON spec file (default: the built-in rotate-scale).", isOptional: true)
        ],
        options: [
            .choice(
                "ansi", "mode", TerminalArguments.ANSIChoice.self,
                "Start in pixels (half blocks), text, kitty, iterm or sixel mode, or auto: the terminal's graphics (default pixels)."
            ),
            .choice(
                "colors", "mode", TerminalArguments.ColorsOption.self,
                "auto, truecolor, 256, 16 or none (default auto)."),
            .value(
                "cell-size", "WxH",
                "Pixels of a terminal cell for kitty, iterm and sixel images (default: the terminal's, else 10x20)."),
            .value("fps", "n", "Frames per second to draw (default 30)."),
            .value("duration", "seconds", "Quit by itself after this long (default: run until q)."),
            .flag("loop", "Play the scenario again from the start whenever it ends (default: stop at the end)."),
            .flag(
                "watch",
                "Reload when the spec or a font file it names is saved, keeping the time; a broken spec shows its error on the status line while the last good one plays."
            ),
            .choice(
                "only", "part", FrameSource.Part.self,
                "control or screen: the refresh control zoomed to the terminal's width (default) or, for a spec with a host, the whole screen."
            ),
            nowOption,
            appearanceOption,
        ])

    static let subcommand = RefreshFramesCommand.Subcommand(definition: definition) { args, env throws(CLIError) in
        let name = definition.name
        let mode = try TerminalArguments.mode(args, environment: env, command: name, passthrough: true)
        let colors = try TerminalArguments.colorMode(args, environment: env, command: name)
        let cell = try TerminalArguments.cellSize(args, command: name, asking: false)
        let fps = try args.double("fps", command: name, in: 1...120) ?? 30
        let quitAfter = try args.double("duration", command: name, in: 0.1...86400)
        // The control is the subject: by default it fills the terminal's width (c or --only screen: the screen).
        let part = try args.choice("only", command: name, as: FrameSource.Part.self) ?? .control
        let loaded = try SpecLoader.load(
            args.positionals.first, now: try SpecLoader.clock(args, environment: env),
            appearance: try SpecLoader.appearance(args))
        let source = try FrameSource.made(loaded, part: part, command: name)
        guard isatty(1) == 1, isatty(0) == 1 else {
            throw .input(
                "preview: error: stdout is not a terminal; to write the frames as a stream use 'refresh-frames render [SPEC] --format ansi -o out.ans'"
            )
        }
        let session = TerminalSession()
        session.enter()
        defer { session.leave() }
        var player = Player(
            loaded: loaded, source: source, mode: mode, colors: colors, cell: args.has("cell-size") ? cell : nil,
            tmux: env["TMUX"] != nil ? env : nil)
        var watcher = args.has("watch") ? FileWatcher(paths: loaded.sourceFiles) : nil
        var clock = PlayerClock(duration: player.timeline.duration, fps: fps)
        clock.loops = args.has("loop")
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
                player.reload()
                watcher?.watch(player.loaded.sourceFiles)
                clock.duration = player.timeline.duration
                clock.seek(to: clock.time)
            }
            if clock.advance(by: Double(nowNanos - lastTick) / 1e9) {
                player.loopAround()
                clock.duration = player.timeline.duration
            }
            lastTick = nowNanos
            do {
                try player.draw(clock: clock, fps: fpsShown, session: session)
                session.setFarewell(player.clear())
            } catch {
                session.leave()
                throw .input("\(loaded.name): error: \(error)")
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
            guard let key = session.readKey(timeoutMillis: waitMillis), let command = PlayerCommand(key) else {
                continue
            }
            if clock.apply(command) { continue }
            switch command {
            case .quit:
                return ExitCode.success
            case .pull, .refresh:
                player.restart()
                clock.duration = player.timeline.duration
                let refresh = player.timeline.refreshBegins ? player.timeline.refreshBeganAt : 0
                clock.seek(to: command == .pull ? 0 : refresh)
                if command == .pull { clock.play() }
            case .holdPull(let step):
                player.holdPull(by: step, shown: player.timeline.sample(at: clock.time).pull)
                clock.duration = player.timeline.duration
                clock.seek(to: clock.time)
            case .endRefreshing:
                player.endRefreshing(at: clock.time)
                clock.duration = player.timeline.duration
            case .togglePart:
                player.togglePart()
            case .toggleMode:
                player.toggleMode()
            default:
                break
            }
        }
        return ExitCode.success
    }
}
