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
    /// A recording's clean-up, should a signal end the run first.
    private let interrupt: RecordingInterrupt?
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
        // Goldens are read only as regular files inside the directory; a recording is a new set put
        // in place as a unit when the run ends (the writer makes missing parent directories). No
        // write or commit starts once a signal's clean-up has begun removing the new set.
        let session = try Self.reporting {
            try GoldenSession(directory: member.golden, recording: request.mode != .never) {
                write throws(CompareError) in
                try TemporaryFiles.shared.whileOpen(write)
            }
        }
        self.session = session
        interrupt = session.recording.map(RecordingInterrupt.init)
        // The clock: --now, else the one the goldens were recorded with, else SOURCE_DATE_EPOCH, else the real one.
        if let recorded = session.manifest?.now, now == nil {
            clock = (recorded, "the manifest")
        } else {
            let from =
                now != nil ? "--now" : environment["SOURCE_DATE_EPOCH"] != nil ? "SOURCE_DATE_EPOCH" : "the real clock"
            clock = (try SpecLoader.clock(now, environment: environment, command: command), from)
        }
        let appearance = try Self.reporting {
            try request.appearance(manifest: session.manifest, golden: member.golden)
        }
        let loaded = try SpecLoader.load(member.spec, now: clock.now, appearance: appearance)
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
        if let problem = check.recordingProblem(mode: request.mode, previous: session.manifest) {
            throw .usage(problem, command: command)
        }
        if request.kinds != .semantic {
            try RenderLimits.check(frames: check.times.count, source: check.source, threads: threads, file: loaded.name)
        }
        // Named by its spec, as errors are: a run of several specs prints one note for each.
        if let note = check.instantsNote(session.manifest) { Output.err("\(member.spec): " + note + "\n") }
    }

    /// The kinds the command accepting this run's failures records: the kind asked for when the set
    /// holds only that kind (a semantic set has no frames, a pixel set no states.json), else every
    /// kind, so that the next plain check passes whichever kind this run looked at.
    var acceptedKinds: GoldenCheck.Kinds {
        switch check.kinds {
        case .all: return .all
        case .semantic: return session.manifest?.frames.isEmpty ?? true ? .semantic : .all
        case .pixels: return (try? session.store.contents("states.json")) == nil ? .pixels : .all
        }
    }

    /// Whether the accepting command may repeat this run's instants (`--at`, `--fps`,
    /// `--checkpoints`): only when recording them leaves a set a plain check passes.
    var acceptKeepsInstants: Bool {
        check.recordingKeepsSetConsistent(mode: .failed, kinds: acceptedKinds, previous: session.manifest)
    }

    /// Compares (or records) every golden, drawing with `threads` threads; safe beside other runs.
    func run(threads: Int, report directory: ReportDirectory) -> Result<CheckReport, CLIError> {
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

    /// Puts a recorded set in place, or leaves the old one when nothing was recorded. An interrupt
    /// waits for it (from the exchange on, the staging path holds the old set).
    private func finish() throws(CLIError) {
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

/// A golden set being recorded, as a signal finds it: the handler removes its staging directory and
/// lock (`GoldenSetWriter.abandon`), and so does the end of a run that did not put it in place (a
/// failed write, a spec that did not load), so neither is left behind.
private final class RecordingInterrupt: Sendable {
    private let writer: GoldenSetWriter
    private let cleanup: Int

    init(_ writer: GoldenSetWriter) {
        self.writer = writer
        cleanup = TemporaryFiles.shared.onInterrupt {
            writer.abandon()
            return true
        }
    }

    deinit {
        TemporaryFiles.shared.cancel(cleanup)
        writer.abandon()
    }
}
