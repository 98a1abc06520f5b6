import Foundation
import RefreshFramesTestSupport
import Testing

/// Signals that end a command while it writes (issue 26): every temporary output, the golden set's
/// staging directory and lock and a golden directory the run made are removed, and the process exits
/// with 128 + the signal's number (it does not die by the signal, and prints no backtrace).
@Suite(.serialized) struct InterruptTests {
    /// The process's signal mask of `kind` (`SigIgn`, `SigCgt`) from /proc.
    static func signalMask(_ pid: pid_t, _ kind: String) -> UInt64 {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix(kind + ":") }),
            let mask = UInt64(line.dropFirst(kind.count + 1).trimmingCharacters(in: .whitespaces), radix: 16)
        else { return 0 }
        return mask
    }

    /// Whether the process has its handlers for the signals that end a command: SIGXFSZ ignored
    /// (the first thing they do) and `signal` caught (libdispatch's handler, the last).
    static func handles(_ pid: pid_t, _ signal: Int32) -> Bool {
        signalMask(pid, "SigIgn") & (1 << UInt64(SIGXFSZ - 1)) != 0
            && signalMask(pid, "SigCgt") & (1 << UInt64(signal - 1)) != 0
    }

    struct Ending {
        /// Whether the process exited (rather than died by a signal).
        var exited: Bool
        /// The exit status, or the signal that ended it.
        var status: Int32
        var stderr: String
    }

    /// Runs the binary in `dir` and sends `signal` once `ready` says the run is under way (or after
    /// `patience` seconds), stopping the process around the send so that it cannot finish in between.
    /// Spawned with no signal blocked and every signal's default action, as from a shell (the test
    /// runner's threads block signals, and a child would inherit that mask).
    static func interrupt(
        _ arguments: [String], in dir: String, with signal: Int32, patience: Double = 20,
        when ready: (pid_t) -> Bool
    ) throws -> Ending {
        let errPath = NSTemporaryDirectory() + "interrupt-\(getpid())-\(UUID().uuidString)"
        defer { unlink(errPath) }
        var variables = ProcessInfo.processInfo.environment
        variables["SOURCE_DATE_EPOCH"] = "1455451200"
        variables["CI"] = nil
        // The shell enters `dir` and becomes the binary (exec keeps the process id).
        let child = try ChildProcess(
            ["/bin/sh", "-c", #"cd "$0" && exec "$@""#, dir, binaryPath] + arguments, stderr: errPath,
            environment: variables, defaultSignals: true)
        let start = Date()
        while !child.hasEnded && !ready(child.pid) && Date().timeIntervalSince(start) < patience { usleep(500) }
        if !child.hasEnded {
            kill(child.pid, SIGSTOP)
            kill(child.pid, signal)
            kill(child.pid, SIGCONT)
        }
        let (exited, status) = child.wait()
        return Ending(
            exited: exited, status: status,
            stderr: String(decoding: FileManager.default.contents(atPath: errPath) ?? Data(), as: UTF8.self))
    }

    static func expectCleanEnd(_ ending: Ending, signal: Int32, dir: String, inputs: [String]) {
        #expect(ending.exited, "died by signal \(ending.status)")
        #expect(ending.status == 128 + signal, "stderr: \(ending.stderr)")
        #expect(!ending.stderr.contains("Backtrac") && !ending.stderr.contains("Fatal error"), "\(ending.stderr)")
        #expect(contents(ofDirectory: dir) == inputs.sorted(), "left behind")
    }

    /// A directory holding the marquee sample as `m.json`: 428 frames at 100 fps take seconds to record.
    static func workDirectory() throws -> String {
        let dir = try temporaryDirectory()
        try FileManager.default.copyItem(atPath: samplePath("marquee"), toPath: dir + "/m.json")
        return dir
    }

    static let recordSignals: [Int32] = [SIGTERM, SIGINT, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2]

    @Test(arguments: recordSignals)
    func recordLeavesNoLockStagingOrGoldenDirectory(_ signal: Int32) throws {
        let dir = try Self.workDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let ending = try Self.interrupt(
            ["record", "m.json", "--golden", "g", "--fps", "100", "--scale", "3"], in: dir, with: signal
        ) { pid in
            // Under way: the staging directory holds a first golden.
            !contents(ofDirectory: dir + "/.g.tmp-\(pid)").isEmpty
        }
        Self.expectCleanEnd(ending, signal: signal, dir: dir, inputs: ["m.json"])
    }

    @Test func checkRecordAllLeavesTheOldSetWhole() throws {
        let dir = try Self.workDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(try run(["record", "m.json", "--golden", "g", "--kind", "semantic"], in: dir).status == 0)
        let before = contents(ofDirectory: dir + "/g")
        let timeline = FileManager.default.contents(atPath: dir + "/g/timeline.txt")
        let ending = try Self.interrupt(
            ["check", "m.json", "--golden", "g", "--record", "all", "--fps", "100", "--scale", "3"], in: dir,
            with: SIGTERM
        ) { pid in contents(ofDirectory: dir + "/.g.tmp-\(pid)").count > 2 }
        Self.expectCleanEnd(ending, signal: SIGTERM, dir: dir, inputs: ["g", "m.json"])
        #expect(contents(ofDirectory: dir + "/g") == before)
        #expect(FileManager.default.contents(atPath: dir + "/g/timeline.txt") == timeline)
    }

    @Test(arguments: [SIGTERM, SIGINT, SIGQUIT, SIGUSR1, SIGUSR2])
    func renderLeavesNoTemporaryFile(_ signal: Int32) throws {
        let dir = try Self.workDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let ending = try Self.interrupt(
            ["render", "m.json", "-o", "out.gif", "--scale", "3"], in: dir, with: signal
        ) { pid in FileManager.default.fileExists(atPath: dir + "/out.gif.tmp-\(pid)") }
        Self.expectCleanEnd(ending, signal: signal, dir: dir, inputs: ["m.json"])
    }

    /// Import reads and checks the whole document before it writes: a signal then ends it with 143 or
    /// 130 like every other command, not by the signal's default action.
    @Test(arguments: [SIGTERM, SIGINT])
    func importEndsWithTheSignalsStatus(_ signal: Int32) throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.copyItem(
            atPath: repositoryRoot.appendingPathComponent("Tests/RefreshFramesImportTests/Fixtures/equal-widths.xib")
                .path, toPath: dir + "/v.xib")
        let ending = try Self.interrupt(["import", "v.xib", "-o", "v.json"], in: dir, with: signal, patience: 3) {
            Self.handles($0, signal)
        }
        Self.expectCleanEnd(ending, signal: signal, dir: dir, inputs: ["v.xib"])
    }
}
