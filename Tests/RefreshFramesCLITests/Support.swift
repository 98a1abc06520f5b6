import Foundation
import RefreshFramesCore
@_exported import RefreshFramesTestSupport

/// The built `refresh-frames` binary beside the test bundle (swift build --build-tests builds both).
let binaryPath: String = {
    var dir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    for _ in 0..<3 {
        let candidate = dir.appendingPathComponent("refresh-frames").path
        if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        dir = dir.deletingLastPathComponent()
    }
    return repositoryRoot.appendingPathComponent(".build/debug/refresh-frames").path
}()

struct RunResult {
    var status: Int32
    var stdout: String
    var stderr: String
    var stdoutBytes: [UInt8]
}

/// Runs the real binary, as a user would, with a fixed clock unless the environment says otherwise
/// (`unsetting` removes variables, e.g. the fixed clock's `SOURCE_DATE_EPOCH`). After `timeout`
/// seconds the process is killed (SIGKILL), so a hang fails the test instead of stopping the suite.
func run(
    _ arguments: [String], environment: [String: String] = [:], unsetting: [String] = [], in directory: String? = nil,
    executable: String = binaryPath, timeout: Double? = nil
) throws -> RunResult {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    var env = ProcessInfo.processInfo.environment
    env["SOURCE_DATE_EPOCH"] = "1455451200"
    env.removeValue(forKey: "CI")
    // A test run on GitHub Actions must not append every check's summary to the job's own.
    env.removeValue(forKey: "GITHUB_STEP_SUMMARY")
    for (k, v) in environment { env[k] = v }
    for k in unsetting { env.removeValue(forKey: k) }
    process.environment = env
    if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = FileHandle.nullDevice
    try process.run()
    if let timeout {
        let running = process
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout) {
            if running.isRunning { kill(running.processIdentifier, SIGKILL) }
        }
    }
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return RunResult(
        status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
        stderr: String(decoding: errData, as: UTF8.self), stdoutBytes: [UInt8](outData))
}

/// A fresh empty directory under the system's temporary directory, removed when the tests exit.
func temporaryDirectory() throws -> String {
    try scratchDirectory("refresh-frames-tests-")
}

func contents(ofDirectory path: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
}
