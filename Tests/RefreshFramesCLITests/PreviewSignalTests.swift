import Foundation
import RefreshFramesTestSupport
import Testing

/// Signals while preview holds the terminal, or while a render writes a file, in a real terminal:
/// the same tmux session as the other preview tests (an extension, so they never run at once).
extension PreviewTests {
    /// After the command, the shell prints `STTY` and whether the terminal is in canonical mode with
    /// echo: `STTY icanon echo` once it is given back, `STTY -icanon -echo` if raw mode was left on.
    static let stty = #"echo STTY $(stty -a | tr ' ' '\n' | grep -x -E -- '-?(icanon|echo)')"#
    static let afterwards = "status=$?; \(stty); (exit $status)"

    /// The process id of the `refresh-frames` that the pane's shell started.
    func toolProcess() throws -> pid_t? {
        let shell = try tmux(["list-panes", "-t", session, "-F", "#{pane_pid}"]).trimmingCharacters(
            in: .whitespacesAndNewlines)
        for _ in 0..<100 {
            let children = (try? String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)) ?? ""
            for child in children.split(separator: " ") {
                let command = (try? String(contentsOfFile: "/proc/\(child)/comm", encoding: .utf8)) ?? ""
                if command.hasPrefix("refresh-frames") { return pid_t(child) }
            }
            usleep(50_000)
        }
        return nil
    }

    /// A crash (here a SIGSEGV or SIGABRT sent from outside) ends the process with that signal, but
    /// the terminal is given back first: the main screen, the cursor, echo and canonical input.
    @Test(arguments: [(SIGSEGV, 139), (SIGABRT, 134)])
    func aFatalSignalGivesTheTerminalBack(signal: Int32, status: Int) throws {
        // No core file: with `ulimit -c 0` the default action ends the process at once.
        try start("ulimit -c 0; \(binaryPath) preview; \(Self.afterwards)")
        defer { _ = try? tmux(["kill-session", "-t", session]) }
        #expect(try waitFor("refreshing"))
        #expect(try tmux(["display-message", "-p", "-t", session, "#{alternate_on} #{cursor_flag}"]).hasPrefix("1 0"))
        let pid = try #require(try toolProcess())
        #expect(kill(pid, signal) == 0)
        #expect(try waitFor("EXIT=\(status)"))
        #expect(try restored())
        #expect(try pane().contains("STTY icanon echo"))
        #expect(try pane().contains("refresh-frames: preview ended by a fatal signal; the terminal was restored"))
    }

    /// Ctrl-Z gives the shell its terminal back; `fg` takes it again and the keys work.
    @Test func ctrlZSuspendsAndFgResumes() throws {
        _ = try tmux(["kill-session", "-t", session])
        _ = try tmux([
            "new-session", "-d", "-s", session, "-x", "100", "-y", "24", "env PS1='$ ' bash --norc --noprofile -i",
        ])
        defer { _ = try? tmux(["kill-session", "-t", session]) }
        #expect(try waitFor("$"))
        _ = try tmux(["send-keys", "-t", session, "\(binaryPath) preview", "Enter"])
        #expect(try waitFor("refreshing"))
        _ = try tmux(["send-keys", "-t", session, "C-z"])
        #expect(try waitFor("Stopped"))
        #expect(try restored())
        _ = try tmux(["send-keys", "-t", session, "clear; " + Self.stty, "Enter"])
        #expect(try waitFor("STTY icanon echo"))
        _ = try tmux(["send-keys", "-t", session, "fg", "Enter"])
        #expect(try waitFor("refreshing"))
        #expect(try tmux(["display-message", "-p", "-t", session, "#{alternate_on} #{cursor_flag}"]).hasPrefix("1 0"))
        _ = try tmux(["send-keys", "-t", session, "k"])
        #expect(try waitFor(" paused"))
        _ = try tmux(["send-keys", "-t", session, "q"])
        for _ in 0..<160 where try !restored() { usleep(50_000) }
        _ = try tmux(["send-keys", "-t", session, "echo EXIT=$?", "Enter"])
        #expect(try waitFor("EXIT=0"))
        #expect(try restored())
    }

    /// SIGHUP (the terminal closed) during preview: exit 129 with the terminal given back.
    @Test func sighupDuringPreviewGivesTheTerminalBack() throws {
        try start("\(binaryPath) preview; \(Self.afterwards)")
        defer { _ = try? tmux(["kill-session", "-t", session]) }
        #expect(try waitFor("refreshing"), "\((try? pane()) ?? "")")
        let pid = try #require(try toolProcess())
        #expect(kill(pid, SIGHUP) == 0)
        #expect(try waitFor("EXIT=129"))
        #expect(try restored())
        #expect(try pane().contains("STTY icanon echo"))
    }

    /// SIGHUP during a render into a GIF or a PNG sequence: exit 129, no temporary file or directory
    /// left, no output, and the terminal as it was.
    @Test(arguments: ["long.gif", "frames"])
    func sighupDuringARenderLeavesNoTemporaryFile(output: String) throws {
        let dir = try temporaryDirectory()
        // A long render: two minutes of animation at 50 fps and scale 4.
        let text = try String(contentsOfFile: samplePath("rotate-scale"), encoding: .utf8)
            .replacingOccurrences(of: "\"workDuration\": 4,", with: "\"workDuration\": 4, \"duration\": 120,")
        try Data(text.utf8).write(to: URL(fileURLWithPath: dir + "/long.json"))
        try start(
            "cd \(dir) && \(binaryPath) render --only control long.json -o \(output) --fps 50 --scale 4 --threads 1; "
                + Self.afterwards)
        defer { _ = try? tmux(["kill-session", "-t", session]) }
        var sawTemporary = false
        // Up to 60 s: under the address sanitizer the first frames alone take several seconds.
        for _ in 0..<3000 where !sawTemporary {
            usleep(20_000)
            sawTemporary = contents(ofDirectory: dir).contains { $0.contains(".tmp-") }
        }
        #expect(sawTemporary)
        let pid = try #require(try toolProcess())
        #expect(kill(pid, SIGHUP) == 0)
        #expect(try waitFor("EXIT=129", seconds: 60))
        #expect(contents(ofDirectory: dir) == ["long.json"])
        #expect(try restored())
        #expect(try pane().contains("STTY icanon echo"))
    }
}
