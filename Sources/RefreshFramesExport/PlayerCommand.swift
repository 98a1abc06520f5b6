import RefreshFramesCore

/// What a key does in the preview: `k` pause/play, `,` `.` step, `←` `→` seek, `Home` `End`,
/// `[` `]` speed, space pull, `r` refresh, `e` end refreshing, `+` `-` hold the pull, `c` part,
/// `p` mode, `q` quit.
package enum PlayerCommand: Equatable, Sendable {
    case quit
    /// Space: the scenario again from the start (its pull, then its refresh).
    case pull
    /// `r`: the refresh again, from the moment refreshing begins (no pull).
    case refresh
    case endRefreshing
    case togglePause
    case step(frames: Int)
    case seek(by: Double)
    case seekToStart
    case seekToEnd
    case changeSpeed(by: Int)
    /// `+` / `-`: hold the pull `points` farther or nearer (the finger stays; refreshing begins if
    /// the hold reaches the spec's threshold).
    case holdPull(by: Double)
    /// `c`: the control alone or the whole screen.
    case togglePart
    /// `p`: pixels or text.
    case toggleMode

    /// The command of a typed character, either case; nil for a key that does nothing.
    package init?(character: Character) {
        switch character.lowercased() {
        case "q": self = .quit
        case " ": self = .pull
        case "r": self = .refresh
        case "e": self = .endRefreshing
        case "k": self = .togglePause
        case ",": self = .step(frames: -1)
        case ".": self = .step(frames: 1)
        case "[": self = .changeSpeed(by: -1)
        case "]": self = .changeSpeed(by: 1)
        case "c": self = .togglePart
        case "p": self = .toggleMode
        case "+", "=": self = .holdPull(by: Self.pullStep)
        case "-", "_": self = .holdPull(by: -Self.pullStep)
        default: return nil
        }
    }

    /// How far `+` and `-` move the held pull, in points.
    package static let pullStep = 5.0

    /// `←` and `→`.
    package static let seekBack = PlayerCommand.seek(by: -PlayerClock.seekStep)
    package static let seekForward = PlayerCommand.seek(by: PlayerClock.seekStep)
}

extension PlayerClock {
    /// Carries out a transport command (pause, step, seek, speed); returns false, changing
    /// nothing, for the commands the player itself handles.
    @discardableResult
    package mutating func apply(_ command: PlayerCommand) -> Bool {
        switch command {
        case .togglePause: togglePause()
        case .step(let frames): step(frames: frames)
        case .seek(let seconds): seek(by: seconds)
        case .seekToStart: seek(to: 0)
        case .seekToEnd: seek(to: duration)
        case .changeSpeed(let steps): changeSpeed(by: steps)
        case .quit, .pull, .refresh, .endRefreshing, .togglePart, .toggleMode, .holdPull: return false
        }
        return true
    }
}

/// Everything the preview's status line shows about one frame.
package struct PlayerStatus: Sendable, Equatable {
    package var phase: String
    package var time: Double
    package var speed: Double
    package var isPaused: Bool
    /// The content's pull, in points.
    package var pull: Double
    /// Frames drawn per second, once measured.
    package var fps: Double?
    package var mode: TerminalOptions.Mode
    /// Why the spec on disk could not be reloaded (`--watch`).
    package var problem: String?
    /// Characters the text mode could not fit (`CellGrid.cut`).
    package var cut: String
    /// Whether the pull is held (`+` / `-`) rather than the scenario's.
    package var pullHeld: Bool
    /// Why the mode shown is not the one asked for (half blocks without colours show text).
    package var modeNote: String?

    package init(
        phase: String, time: Double, speed: Double = 1, isPaused: Bool = false, pull: Double, fps: Double? = nil,
        mode: TerminalOptions.Mode, problem: String? = nil, cut: String = "", pullHeld: Bool = false,
        modeNote: String? = nil
    ) {
        self.phase = phase
        self.time = time
        self.speed = speed
        self.isPaused = isPaused
        self.pull = pull
        self.fps = fps
        self.mode = mode
        self.problem = problem
        self.cut = cut
        self.pullHeld = pullHeld
        self.modeNote = modeNote
    }

    /// The key hint, in full and short.
    static let keys = StatusLine.Item(
        "│ k pause  , . step  ← → seek  [ ] speed  c part  p mode  space pull  r refresh  e end  + - hold  q quit",
        short: "│ k , . ← → [ ] c p space r e + - q")

    /// The line, fitted to `width` columns: a problem first, then what was cut, the phase and time,
    /// the pull, the rate and mode, the keys; shortened and dropped from the end as needed.
    package func line(width: Int) -> String {
        var items: [StatusLine.Item] = []
        if let problem { items.append(.init(problem, short: StatusLine.abbreviate(problem, width: width))) }
        return StatusLine.fit(items + self.items, width: width)
    }

    /// The status on one row, or on two when a problem does not fit on the row in full: the
    /// problem broken at a space over both rows (the second row's part abbreviated if it is longer
    /// still), then on the second row what fits of the rest.
    package func lines(width: Int) -> [String] {
        let one = line(width: width)
        guard let problem, !one.hasPrefix(problem), width > 1 else { return [one] }
        var first = ""
        var rest = Substring(problem)
        for word in problem.split(separator: " ", omittingEmptySubsequences: false) {
            let next = first.isEmpty ? String(word) : first + " " + word
            if StatusLine.columns(next) > width { break }
            first = next
            rest = rest.dropFirst(word.count + (rest.count > word.count ? 1 : 0))
        }
        if first.isEmpty { return [one] }  // a first word wider than the row: abbreviated on one row
        let second = StatusLine.abbreviate(String(rest), width: width)
        let room = width - StatusLine.columns(second) - 2
        let others = room > 0 ? StatusLine.fit(items, width: room) : ""
        return [first, others.isEmpty ? second : second + "  " + others]
    }

    /// Everything but a problem: what was cut, the phase and time, the pull, the rate and mode, the keys.
    private var items: [StatusLine.Item] {
        let speedText = speed == 1 ? "" : " \(formatNumber(speed))×"
        let fpsText = fps.map { String(Int($0.rounded())) } ?? "–"
        let pullText = "\(Int(pull.rounded()))pt\(pullHeld ? " held" : "")"
        var items: [StatusLine.Item] = []
        if !cut.isEmpty { items.append(.init("too narrow, cut: \(cut)", short: "cut \(cut)")) }
        items += [
            .init(
                "\(phase) t=\(formatSeconds(time))s\(speedText)\(isPaused ? " paused" : "")",
                short: "\(phase.prefix(4)) \(formatSeconds(time))s\(speedText)\(isPaused ? " ‖" : "")"),
            .init("pull \(pullText)", short: pullText),
            .init(
                "\(fpsText) fps \(mode.rawValue)\(modeNote.map { " (\($0))" } ?? "")",
                short: mode.rawValue + (modeNote == nil ? "" : "*")),
            Self.keys,
        ]
        return items
    }
}
