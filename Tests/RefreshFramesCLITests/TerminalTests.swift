import Foundation
import RefreshFramesExport
import RefreshFramesTestSupport
import Testing

/// Replays an ANSI stream onto a grid and returns what a person would read.
func screen(_ bytes: [UInt8], width: Int, height: Int) throws -> String {
    var replayer = ANSIReplayer(width: width, height: height)
    try replayer.apply(bytes)
    var lines = replayer.grid.plainText.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    while lines.last?.isEmpty == true { lines.removeLast() }
    return lines.joined(separator: "\n")
}

/// Every visible character with its colour and emphasis, one per line: `r2c14 我 #FF00FF underline`;
/// separators (`─`) are left out.
private func styles(_ bytes: [UInt8], width: Int, height: Int) throws -> String {
    var replayer = ANSIReplayer(width: width, height: height)
    try replayer.apply(bytes)
    let grid = replayer.grid
    var lines: [String] = []
    for row in 0..<grid.height {
        for column in 0..<grid.width {
            let cell = grid[column, row]
            guard !cell.isContinuation, cell.character != " ", cell.character != "─" else { continue }
            var line = "r\(row)c\(column) \(cell.character) \(cell.foreground)"
            if cell.bold { line += " bold" }
            if cell.underline { line += " underline" }
            lines.append(line)
        }
    }
    return lines.joined(separator: "\n")
}

private let goldenDirectory = repositoryRoot.appendingPathComponent("Tests/RefreshFramesCLITests/Goldens/ansi-text")

struct TerminalStreamTests {
    static let instants: [(String, [Double])] = [
        ("rotate-scale", [0.55, 1.8, 5.7]),  // refreshing begins at 0.5 s, after the pull
        ("color-dots", [0.05, 1.3]),
        ("marquee", [0.2, 0.6, 1.0]),
        ("classic-spinner", [0.5, 1.0]),
    ]

    /// Text mode is font-independent, so its frames are exact goldens: the control alone.
    @Test(arguments: instants)
    func textFramesMatchTheirGoldens(name: String, times: [Double]) throws {
        try expectGolden(name, times: times, extra: ["--only", "control"], height: 20)
    }

    static let screenInstants: [(String, [Double])] = [
        ("rotate-scale", [1.8, 4.65, 5.0]),  // refreshing; the inserted row opening in the middle
        ("classic-spinner", [0.9, 1.6]),  // pulled with the spinner; four rows appended
        ("marquee", [0.7, 3.7]),  // pulling; the reloaded, generated rows (subtitle style)
    ]

    /// With a host, text frames show the whole screen: the control over the table's rows.
    @Test(arguments: screenInstants)
    func textScreensMatchTheirGoldens(name: String, times: [Double]) throws {
        try expectGolden(name + "-screen", sample: name, times: times, extra: [], height: 60)
    }

    private func expectGolden(
        _ golden: String, sample: String? = nil, times: [Double], extra: [String], height: Int
    ) throws {
        var text = ""
        for t in times {
            let r = try run(
                [
                    "render", samplePath(sample ?? golden), "--format", "ansi", "--ansi", "text", "--at", String(t),
                    "--cols", "60", "--colors", "truecolor",
                ] + extra)
            #expect(r.status == 0)
            text += "t=\(t)\n" + (try screen(r.stdoutBytes, width: 60, height: height)) + "\n"
            text += (try styles(r.stdoutBytes, width: 60, height: height)) + "\n\n"
        }
        let file = goldenDirectory.appendingPathComponent("\(golden).txt")
        if ProcessInfo.processInfo.environment["REFRESH_FRAMES_RECORD"] == "all" {
            try Data(text.utf8).write(to: file)
        }
        #expect(text == (try String(contentsOf: file, encoding: .utf8)), "\(golden).txt differs")
    }

    @Test func theDiffStreamReproducesEveryFullFrame() throws {
        let dir = try temporaryDirectory()
        let stream = try run([
            "render", samplePath("rotate-scale"), "-o", dir + "/rs.ans", "--ansi", "text", "--cols", "60", "--fps",
            "20", "--colors", "truecolor",
        ])
        #expect(stream.status == 0)
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: dir + "/rs.ans")))
        // The last frame of the stream, replayed from the start, equals that frame rendered alone.
        let last = try run([
            "render", samplePath("rotate-scale"), "--format", "ansi", "--ansi", "text", "--at", "5.9", "--cols", "60",
            "--colors", "truecolor",
        ])
        #expect(try screen(bytes, width: 60, height: 20) == (try screen(last.stdoutBytes, width: 60, height: 20)))
        // Later frames carry only what changed.
        let oneFrame = last.stdoutBytes.count
        #expect(bytes.count < oneFrame * 109 / 4)
    }

    @Test func castFilesAreJSONLinesWithMonotonicTimes() throws {
        let dir = try temporaryDirectory()
        let r = try run(["render", samplePath("marquee"), "-o", dir + "/m.cast", "--cols", "80", "--fps", "25"])
        #expect(r.status == 0)
        let lines = try String(contentsOf: URL(fileURLWithPath: dir + "/m.cast"), encoding: .utf8).split(
            separator: "\n")
        let header = try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as! [String: Any]
        #expect(header["version"] as? Int == 2)
        #expect(header["width"] as? Int == 80)
        #expect(header["timestamp"] as? Int == 1_455_451_200)
        var previous = -1.0
        for line in lines.dropFirst() {
            let event = try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [Any]
            let time = event[0] as! Double
            #expect(time > previous)
            previous = time
            #expect(event[1] as? String == "o")
        }
        #expect(lines.count > 50)
    }

    /// With a host, pixel frames show the whole screen, as `render` draws it; `--only control` the control.
    @Test func pixelFramesShowTheSceneOrTheControl() throws {
        let scene = try run([
            "render", samplePath("classic-spinner"), "--format", "ansi", "--at", "1", "--cols", "40", "--colors",
            "truecolor",
        ])
        let control = try run([
            "render", samplePath("classic-spinner"), "--format", "ansi", "--at", "1", "--cols", "40", "--colors",
            "truecolor", "--only", "control",
        ])
        #expect(scene.status == 0 && control.status == 0)
        // 375×667 points at 40 columns is 36 rows of half blocks; the 375×90 control is 5.
        #expect(try screen(scene.stdoutBytes, width: 40, height: 60).split(separator: "\n").count == 36)
        #expect(try screen(control.stdoutBytes, width: 40, height: 60).split(separator: "\n").count == 5)
    }

    @Test func noColorMeansNoColorEscapes() throws {
        let r = try run(
            ["render", samplePath("rotate-scale"), "--format", "ansi", "--at", "0.05", "--cols", "40"],
            environment: ["NO_COLOR": "1"])
        #expect(r.status == 0)
        #expect(!r.stdout.contains("38;"))
        #expect(!r.stdout.contains("48;"))
    }
}

/// The live preview, driven through a real terminal: tmux.
@Suite(.serialized) struct PreviewTests {
    let session = "rf-test-\(getpid())"

    /// Runs tmux with posix_spawn and waitpid (Foundation's Process can miss the exit of a client
    /// whose server daemonises); its output goes to a file, since a server would hold a pipe open.
    /// The server is this suite's own (`-L`), started with no signal blocked and every signal's
    /// default action, as a login shell's would be: the test runner's threads block most signals,
    /// and a shared server started from them passed that mask on to every pane (SIGTSTP and SIGABRT
    /// sent to preview stayed pending).
    func tmux(_ arguments: [String]) throws -> String {
        let path = NSTemporaryDirectory() + "tmux-out-\(getpid())-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: path) }
        guard
            let child = try? ChildProcess(
                ["/usr/bin/tmux", "-L", session] + arguments, stdout: path, defaultSignals: true)
        else { return "" }
        child.wait()
        return String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self)
    }

    func start(_ command: String, columns: Int = 100) throws {
        _ = try tmux(["kill-session", "-t", session])
        _ = try tmux([
            "new-session", "-d", "-s", session, "-x", String(columns), "-y", "24", command + "; echo EXIT=$?; sleep 20",
        ])
    }

    func pane() throws -> String { try tmux(["capture-pane", "-p", "-t", session]) }

    /// Whether `text` shows on the pane within `seconds` of wall-clock time, but never less than 20 s:
    /// every wait expects the text, so a loaded machine (a debug build starting under load 10 took
    /// over 15 s to draw its first frame) only makes a passing wait longer, never a failing one pass.
    func waitFor(_ text: String, seconds: Double = 8) throws -> Bool {
        let deadline = Date().addingTimeInterval(max(seconds, 20))
        repeat {
            if try pane().contains(text) { return true }
            usleep(50_000)
        } while Date() < deadline
        return try pane().contains(text)
    }

    /// alternate_on 0 and cursor_flag 1: main screen, cursor visible.
    func restored() throws -> Bool {
        try tmux(["display-message", "-p", "-t", session, "#{alternate_on} #{cursor_flag}"]).trimmingCharacters(
            in: .whitespacesAndNewlines) == "0 1"
    }

    @Test func showsTheLabelsReactsToKeysAndRestoresOnQuit() throws {
        // `swift test` may run with NO_COLOR set, which shows text for pixels: unset for `p`.
        try start(
            "SOURCE_DATE_EPOCH=1455451200 env -u NO_COLOR \(binaryPath) preview \(samplePath("marquee")) --ansi text")
        defer { _ = try? tmux(["kill-session", "-t", session]) }
        #expect(try waitFor("下"))
        #expect(try waitFor("数"))
        #expect(try tmux(["display-message", "-p", "-t", session, "#{alternate_on} #{cursor_flag}"]).hasPrefix("1 0"))
        _ = try tmux(["send-keys", "-t", session, "e"])
        #expect(try waitFor(" ending ") || (try waitFor(" ended ")))
        _ = try tmux(["send-keys", "-t", session, " "])
        #expect(try waitFor(" pulling "))
        _ = try tmux(["send-keys", "-t", session, "p"])
        #expect(try waitFor("pixels  │"), "\((try? pane()) ?? "")")
        _ = try tmux(["send-keys", "-t", session, "q"])
        #expect(try waitFor("EXIT=0"))
        #expect(try restored())
    }

    /// The built-in default starts with the user pulling; space plays that pull again (playing),
    /// `r` only the refresh.
    @Test func theDefaultPullsBeforeItRefreshes() throws {
        try start("\(binaryPath) preview --ansi text")
        defer { _ = try? tmux(["kill-session", "-t", session]) }
        #expect(try waitFor("pt"))
        _ = try tmux(["send-keys", "-t", session, "k", "Home", ".", ".", "."])
        #expect(try waitFor("pulling t=0.10s paused  pull 12pt"))
        _ = try tmux(["send-keys", "-t", session, "r"])
        #expect(try waitFor("refreshing t=0.50s paused  pull 60pt"))
        // Space plays the pull from the start, from a pause too.
        _ = try tmux(["send-keys", "-t", session, " "])
        #expect(try waitFor("pulling t="))
        usleep(300_000)
        #expect(try !pane().contains("paused"))
        _ = try tmux(["send-keys", "-t", session, "q"])
        #expect(try waitFor("EXIT=0"))
    }

    /// The status line is cut to the terminal's width: wrapped, it would scroll the screen each frame.
    @Test func theStatusLineStaysOnItsRowInANarrowTerminal() throws {
        // 50 × 24: the screen's text grid is 24 columns by 22 rows, so the status is on the last row.
        try start("\(binaryPath) preview \(samplePath("marquee")) --ansi text --only screen", columns: 50)
        defer { _ = try? tmux(["kill-session", "-t", session]) }
        #expect(try waitFor("pt"))
        usleep(700_000)
        let rows = try pane().split(separator: "\n", omittingEmptySubsequences: false)
        #expect(rows.filter { $0.contains("pt") }.count == 1, "\(rows.joined(separator: "\n"))")
        #expect(rows.count >= 24 && rows[23].contains("pt") && rows[23].count <= 50)
        _ = try tmux(["send-keys", "-t", session, "q"])
        #expect(try waitFor("EXIT=0"))
    }

    /// The time on the status line: `t=1.23s`.
    func shownTime() throws -> String? {
        let text = try pane()
        guard let range = text.range(of: #"t=[0-9.]+s"#, options: .regularExpression) else { return nil }
        return String(text[range])
    }

    @Test func pausesStepsSeeksAndChangesSpeed() throws {
        try start("\(binaryPath) preview \(samplePath("rotate-scale")) --ansi text")
        defer { _ = try? tmux(["kill-session", "-t", session]) }
        #expect(try waitFor("pull"))
        _ = try tmux(["send-keys", "-t", session, "k"])
        #expect(try waitFor(" paused"))
        let paused = try shownTime()
        usleep(400_000)
        #expect(try shownTime() == paused, "paused, the time holds")
        _ = try tmux(["send-keys", "-t", session, "Home"])
        #expect(try waitFor("t=0.00s paused"))
        _ = try tmux(["send-keys", "-t", session, "."])
        #expect(try waitFor("t=0.03s paused"), "one frame at 30 fps")
        _ = try tmux(["send-keys", "-t", session, "Right"])
        #expect(try waitFor("t=0.53s paused"))
        _ = try tmux(["send-keys", "-t", session, ","])
        #expect(try waitFor("t=0.50s paused"))
        _ = try tmux(["send-keys", "-t", session, "]", "]"])
        #expect(try waitFor("4× paused"))
        _ = try tmux(["send-keys", "-t", session, "q"])
        #expect(try waitFor("EXIT=0"))
    }

    /// `--watch`: a save shows at once at the same time; a broken spec shows its error while the
    /// last good frames stay; the fix clears it.
    @Test func watchReloadsTheSpecKeepingTheTime() throws {
        let dir = try temporaryDirectory()
        let spec = dir + "/m.json"
        let original = try String(contentsOfFile: samplePath("marquee"), encoding: .utf8)
        func save(_ text: String) throws {
            try Data(text.utf8).write(to: URL(fileURLWithPath: spec + ".tmp"))
            #expect(rename(spec + ".tmp", spec) == 0)
        }
        try save(original)
        let lineOfTag1 = original.split(separator: "\n").firstIndex { $0.contains(#""tag": 1,"#) }! + 1
        try start("cd \(dir) && \(binaryPath) preview m.json --ansi text --watch")
        defer { _ = try? tmux(["kill-session", "-t", session]) }
        #expect(try waitFor("pull"))
        // Paused at 2 s, refreshing: the labels read 数据加载中...
        _ = try tmux(["send-keys", "-t", session, "k", "Home", "Right", "Right", "Right", "Right"])
        #expect(try waitFor("t=2.00s paused"))
        #expect(try waitFor("据"))
        let edited = original.replacingOccurrences(of: #""refreshing": "据"}"#, with: #""refreshing": "甲"}"#)
        #expect(edited != original)
        try save(edited)
        #expect(try waitFor("甲", seconds: 3))
        #expect(try pane().contains("t=2.00s paused"))
        try save(edited.replacingOccurrences(of: #""tag": 1,"#, with: #""tag": 1,,"#))
        #expect(try waitFor("error: unexpected ','; expected a quoted key", seconds: 3))
        #expect(try pane().contains("m.json:\(lineOfTag1):15: error:"))
        #expect(try pane().contains("甲"), "the last good frame stays")
        try save(original)
        for _ in 0..<60 where try pane().contains("error") { usleep(50_000) }
        #expect(try !pane().contains("error"))
        #expect(try waitFor("据"))
        #expect(try !pane().contains("甲"))
        _ = try tmux(["send-keys", "-t", session, "q"])
        #expect(try waitFor("EXIT=0"))
    }

    @Test func restoresTheTerminalOnCtrlC() throws {
        try start("\(binaryPath) preview")
        defer { _ = try? tmux(["kill-session", "-t", session]) }
        #expect(try waitFor("refreshing"))
        _ = try tmux(["send-keys", "-t", session, "C-c"])
        #expect(try waitFor("EXIT=130"))
        #expect(try restored())
    }

    @Test func restoresTheTerminalOnSIGTERM() throws {
        try start("exec_test() { \(binaryPath) preview; echo EXIT=$?; }; exec_test")
        defer { _ = try? tmux(["kill-session", "-t", session]) }
        #expect(try waitFor("refreshing"))
        let pids = try tmux(["list-panes", "-t", session, "-F", "#{pane_pid}"]).trimmingCharacters(
            in: .whitespacesAndNewlines)
        let kill = Process()
        kill.executableURL = URL(fileURLWithPath: "/usr/bin/pkill")
        kill.arguments = ["-TERM", "-P", pids, "-f", "refresh-frames preview"]
        try kill.run()
        kill.waitUntilExit()
        #expect(try waitFor("EXIT=143"))
        #expect(try restored())
    }
}
