import Foundation
import RefreshFrames
import RefreshFramesCommandLine
import RefreshFramesCompare
import RefreshFramesCore
import RefreshFramesExport

/// One spec of a `check` or `record` run: its goldens opened and its spec loaded (in turn, on
/// the main thread), then checked (beside the others), then its manifest and new set put in place.
/// The run itself is a `GoldenSession`, as RefreshFramesTesting's are; this adds the command line's
/// messages, limits and clean-up on signals.
final class GoldenRun: @unchecked Sendable {
    let member: GoldenSuite.Member
    let session: GoldenSession
    let loaded: RefreshAnimation
    let clock: (now: Int64, from: String)
    var check: GoldenCheck
    /// Whether this spec's check wrote an actual frame and diff image to the report directory.
    var wroteImages = false

    init(
        _ member: GoldenSuite.Member, _ request: GoldenRequest, now: String?, environment: [String: String],
        command: String
    ) throws(CLIError) {
        self.member = member
        let session = try Self.reporting {
            try GoldenSession(directory: member.golden, recording: request.mode != .never)
        }
        self.session = session
        // A recording interrupted by a signal leaves neither its staging directory nor its lock.
        if let recording = session.recording {
            TemporaryFiles.shared.add(recording.stagingPath)
            TemporaryFiles.shared.add(recording.lockPath)
        }
        // The clock: --now, else the one the goldens were recorded with, else SOURCE_DATE_EPOCH, else the real one.
        if let recorded = session.manifest?.now, now == nil {
            clock = (recorded, "the manifest")
        } else {
            let from =
                now != nil ? "--now" : environment["SOURCE_DATE_EPOCH"] != nil ? "SOURCE_DATE_EPOCH" : "the real clock"
            clock = (try SpecLoader.clock(now, environment: environment, command: command), from)
        }
        let loaded = try SpecLoader.load(member.spec, now: clock.now)
        self.loaded = loaded
        let threads = ProcessInfo.processInfo.activeProcessorCount
        check = try CheckCommand.usage(command) { () throws(CompareError) in
            try session.check(loaded, request, threads: threads)
        }
        guard check.times.count <= Limits.checkFrames else {
            throw .input(
                "\(member.spec): error: \(check.times.count) frames to check is over the limit checkFrames = \(Limits.checkFrames)"
            )
        }
        if request.kinds != .semantic {
            try RenderLimits.check(frames: check.times.count, source: check.source, threads: threads, file: loaded.name)
        }
        // Named by its spec, as errors are: a run of several specs prints one note for each.
        if let note = check.instantsNote(session.manifest) { Output.err("\(member.spec): " + note + "\n") }
    }

    /// Compares (or records) every golden, drawing with `threads` threads; safe beside other runs.
    func run(threads: Int, report directory: String) -> Result<CheckReport, CLIError> {
        check.threads = threads
        do throws(CLIError) {
            let report = try Self.reporting(spec: member.spec) {
                try session.run(check, of: loaded, name: "refresh-frames check \(member.spec)") { file, actual, diff in
                    wroteImages = true
                    return try ReportFiles.write(
                        actual: actual, diff: diff, file: member.reportPrefix + file, in: directory)
                }
            }
            try finish()
            return .success(report)
        } catch {
            return .failure(error)
        }
    }

    /// Puts a recorded set in place, or leaves the old one when nothing was recorded.
    private func finish() throws(CLIError) {
        guard let recording = session.recording else { return }
        // From here the staging path may hold the old set: an interrupt must not remove it wholesale.
        TemporaryFiles.shared.remove(recording.stagingPath)
        defer { TemporaryFiles.shared.remove(recording.lockPath) }
        do { try session.finish() } catch { throw Self.recordingFailure(error) }
    }

    /// Runs `body`, turning its failures into exit-2 messages: a frame that could not be drawn names the spec.
    static func reporting<T>(spec: String? = nil, _ body: () throws -> T) throws(CLIError) -> T {
        do {
            return try body()
        } catch let error as CLIError {
            throw error
        } catch let error as GoldenSession.RecordingError {
            throw recordingFailure(error.error)
        } catch let error as CompareError {
            throw .input("\(error)")
        } catch {
            throw .input("\(spec ?? "golden"): error: \(error)")
        }
    }

    /// A golden set that could not be recorded: `PATH: error: REASON`.
    private static func recordingFailure(_ error: CompareError) -> CLIError {
        if case .cannotWrite(let path, let reason) = error { return .input("\(path): error: \(reason)") }
        return .input("\(error)")
    }
}
