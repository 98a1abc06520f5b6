import RefreshFramesExport
import Testing

struct PlayerClockTests {
    @Test func playsAtItsSpeedAndStopsAtTheEnd() {
        var clock = PlayerClock(duration: 5, fps: 30)
        clock.advance(by: 1)
        #expect(clock.time == 1)
        clock.changeSpeed(by: 1)
        clock.advance(by: 1)
        #expect(clock.speed == 2 && clock.time == 3)
        clock.advance(by: 10)
        #expect(clock.time == 5)
    }

    @Test func pausedItHoldsAndStepsOneFrame() {
        var clock = PlayerClock(duration: 5, fps: 50)
        clock.step(frames: 1)
        #expect(clock.time == 0, "a step while playing is ignored")
        clock.togglePause()
        clock.advance(by: 1)
        #expect(clock.time == 0)
        clock.step(frames: 1)
        clock.step(frames: 1)
        #expect(abs(clock.time - 0.04) < 1e-12)
        clock.step(frames: -5)
        #expect(clock.time == 0)
    }

    @Test(arguments: [
        (1.0, 0.5, 1.5), (0.2, -0.5, 0.0), (4.8, 0.5, 5.0),
    ])
    func seeksWithinTheScenario(from: Double, by: Double, to: Double) {
        var clock = PlayerClock(duration: 5, fps: 30)
        clock.seek(to: from)
        clock.seek(by: by)
        #expect(clock.time == to)
    }

    @Test func speedStaysBetweenAQuarterAndFour() {
        var clock = PlayerClock(duration: 5, fps: 30)
        clock.changeSpeed(by: -10)
        #expect(clock.speed == 0.25)
        clock.changeSpeed(by: 10)
        #expect(clock.speed == 4)
    }

    @Test func playingFromTheEndStartsAgain() {
        var clock = PlayerClock(duration: 5, fps: 30)
        clock.seek(to: 5)
        clock.togglePause()
        clock.togglePause()
        #expect(clock.time == 0 && !clock.isPaused)
    }
}

struct StatusLineTests {
    static let items: [StatusLine.Item] = [
        .init("refreshing t=1.20s", short: "refr 1.20s"),
        .init("pull 60pt", short: "60pt"),
        .init("k pause  , . step  ← → seek  [ ] speed  q quit", short: "k , . ← → [ ] q"),
    ]

    @Test(arguments: [
        (200, "refreshing t=1.20s  pull 60pt  k pause  , . step  ← → seek  [ ] speed  q quit"),
        (60, "refreshing t=1.20s  pull 60pt  k , . ← → [ ] q"),
        (40, "refr 1.20s  60pt  k , . ← → [ ] q"),
        (20, "refr 1.20s  60pt"),
        (12, "refr 1.20s"),
        (5, ""),
    ])
    func fitsItsWidthByWholeItems(width: Int, expected: String) {
        let line = StatusLine.fit(Self.items, width: width)
        #expect(line == expected)
        #expect(line.count <= width)
    }
}

struct AbbreviateTests {
    @Test(arguments: [
        ("spec.json:3:5: error: expected a number", 100, "spec.json:3:5: error: expected a number"),
        ("spec.json:3:5: error: expected a number", 31, "spec.json:3:5: error: expected…"),
        ("spec.json:3:5: error: expected a number", 30, "spec.json:3:5: error:…"),
        ("spec.json:3:5: error: expected a number", 10, ""),
    ])
    func cutsAfterAWholeWord(text: String, width: Int, expected: String) {
        #expect(StatusLine.abbreviate(text, width: width) == expected)
    }
}

struct PlayerCommandTests {
    @Test(
        arguments: [
            ("q", PlayerCommand.quit), ("Q", .quit), (" ", .pull), ("r", .refresh), ("R", .refresh),
            ("e", .endRefreshing),
            ("k", .togglePause), ("K", .togglePause), (",", .step(frames: -1)), (".", .step(frames: 1)),
            ("[", .changeSpeed(by: -1)), ("]", .changeSpeed(by: 1)), ("c", .togglePart), ("p", .toggleMode),
        ] as [(Character, PlayerCommand)])
    func keysAreCommands(key: Character, command: PlayerCommand) {
        #expect(PlayerCommand(character: key) == command)
    }

    @Test(arguments: ["x", "1", "\u{1B}"] as [Character])
    func otherKeysDoNothing(key: Character) {
        #expect(PlayerCommand(character: key) == nil)
    }

    /// The transport commands move the clock; the others are the player's and leave it alone.
    @Test func theClockCarriesOutTheTransport() {
        var clock = PlayerClock(duration: 5, fps: 10)
        func apply(_ command: PlayerCommand) -> Bool { clock.apply(command) }
        #expect(apply(.seekForward))
        #expect(apply(.seekForward))
        #expect(clock.time == 1)
        #expect(apply(.togglePause) && clock.isPaused)
        #expect(apply(.step(frames: -1)))
        #expect(abs(clock.time - 0.9) < 1e-12)
        #expect(apply(.seekToEnd) && clock.time == 5)
        #expect(apply(.seekBack) && clock.time == 4.5)
        #expect(apply(.seekToStart) && clock.time == 0)
        #expect(apply(.changeSpeed(by: 1)) && clock.speed == 2)
        let before = clock
        for command in [PlayerCommand.quit, .pull, .refresh, .endRefreshing, .togglePart, .toggleMode] {
            #expect(!apply(command))
        }
        #expect(clock == before)
    }
}

struct PlayerStatusTests {
    static let refreshing = PlayerStatus(phase: "refreshing", time: 1.2, pull: 60, fps: 30, mode: .text)

    @Test(arguments: [
        (
            200,
            "refreshing t=1.20s  pull 60pt  30 fps text  │ k pause  , . step  ← → seek  [ ] speed  c part  p mode  space pull  r refresh  e end  + - hold  q quit"
        ),
        (80, "refreshing t=1.20s  pull 60pt  30 fps text  │ k , . ← → [ ] c p space r e + - q"),
        (64, "refr 1.20s  60pt  text  │ k , . ← → [ ] c p space r e + - q"),
        (30, "refr 1.20s  60pt  text"),
    ])
    func fitsItsWidth(width: Int, expected: String) {
        #expect(Self.refreshing.line(width: width) == expected)
    }

    /// What text mode cut comes before the time (a CJK character takes two columns).
    @Test(arguments: [
        (80, "cut 据数  refr 1.20s 2× ‖  60pt  text  │ k , . ← → [ ] c p space r e + - q"),
        (60, "cut 据数  refr 1.20s 2× ‖  60pt  text"),
        (20, "cut 据数"),
    ])
    func showsWhatWasCut(width: Int, expected: String) {
        var status = Self.refreshing
        status.cut = "据数"
        status.speed = 2
        status.isPaused = true
        #expect(status.line(width: width) == expected)
        #expect(StatusLine.columns(expected) <= width)
    }

    @Test func aProblemComesFirstAbbreviated() {
        var status = Self.refreshing
        status.problem = "m.json:3:15: error: unexpected ','; expected a quoted key"
        #expect(status.line(width: 40) == "m.json:3:15: error: unexpected ',';…")
    }
}

/// `--loop`, space from a pause, and `+` / `-` (issue 34).
struct PlayerLoopAndHoldTests {
    @Test func loopingGoesOnFromTheStartAndSaysSo() {
        var clock = PlayerClock(duration: 5, fps: 30)
        clock.loops = true
        var around = clock.advance(by: 4)
        #expect(!around)
        around = clock.advance(by: 1.5)
        #expect(around, "past the end: around")
        #expect(abs(clock.time - 0.5) < 1e-12)
        clock.changeSpeed(by: 1)
        around = clock.advance(by: 7.5)
        #expect(around)
        #expect(abs(clock.time - 0.5) < 1e-12, "2× for 7.5 s from 0.5: 15.5 s, three times around")
        clock.loops = false
        around = clock.advance(by: 10)
        #expect(!around)
        #expect(clock.time == 5, "without --loop it stops at the end")
    }

    @Test func spacePlaysFromAPause() {
        var clock = PlayerClock(duration: 5, fps: 30)
        clock.togglePause()
        clock.play()
        #expect(!clock.isPaused)
        clock.advance(by: 1)
        #expect(clock.time == 1)
    }

    @Test(arguments: [("+", 5.0), ("=", 5.0), ("-", -5.0), ("_", -5.0)] as [(Character, Double)])
    func plusAndMinusHoldThePull(key: Character, step: Double) {
        #expect(PlayerCommand(character: key) == .holdPull(by: step))
        var clock = PlayerClock(duration: 5, fps: 30)
        let before = clock
        let applied = clock.apply(.holdPull(by: step))
        #expect(!applied, "the player's, not the clock's")
        #expect(clock == before)
    }

    @Test func aHeldPullSaysHeld() {
        var status = PlayerStatusTests.refreshing
        status.pull = 30
        status.pullHeld = true
        #expect(status.line(width: 200).contains("  pull 30pt held  "))
        #expect(status.line(width: 40) == "refr 1.20s  30pt held  text")
    }

    @Test func aModeNoteSaysWhyTextIsShown() {
        var status = PlayerStatusTests.refreshing
        status.modeNote = "no colours for pixels"
        #expect(status.line(width: 200).contains("30 fps text (no colours for pixels)  │"))
        #expect(status.line(width: 40) == "refr 1.20s  60pt  text*")
    }

    static let problem =
        "m.json:3:15: error: unknown color 'redd' at scenario.textColor; did you mean 'red'?"

    /// A problem wider than the row goes on over a second row, broken at a space; what fits of the
    /// rest follows it there.
    @Test(arguments: [
        (50, ["m.json:3:15: error: unknown color 'redd' at", "scenario.textColor; did you mean 'red'?"]),
        (30, ["m.json:3:15: error: unknown", "color 'redd' at…  refr 1.20s"]),
        (
            60,
            [
                "m.json:3:15: error: unknown color 'redd' at",
                "scenario.textColor; did you mean 'red'?  refr 1.20s  60pt",
            ]
        ),
        (90, [PlayerLoopAndHoldTests.problem]),
    ])
    func aLongProblemTakesTwoRows(width: Int, expected: [String]) {
        var status = PlayerStatusTests.refreshing
        status.problem = Self.problem
        let lines = status.lines(width: width)
        #expect(lines == expected)
        for line in lines { #expect(StatusLine.columns(line) <= width) }
    }

    @Test func aShortProblemStaysOnOneRow() {
        var status = PlayerStatusTests.refreshing
        #expect(status.lines(width: 80) == [status.line(width: 80)])
        status.problem = "m.json: error: gone"
        #expect(status.lines(width: 80).count == 1)
        #expect(status.lines(width: 80)[0].hasPrefix("m.json: error: gone  refr 1.20s  60pt"))
    }
}
