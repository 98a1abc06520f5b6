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
