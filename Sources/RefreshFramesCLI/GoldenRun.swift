import Foundation
import RefreshFramesCommandLine
import RefreshFramesCompare
import RefreshFramesCore
import RefreshFramesExport
import RefreshFramesRaster

/// One spec of a `check` or `record` run: its goldens opened and its spec loaded (in turn, on
/// the main thread), then checked (beside the others), then its manifest and new set put in place.
final class GoldenRun: @unchecked Sendable {
    let member: GoldenSuite.Member
    let store: GoldenStore
    let recording: GoldenRecording?
    let manifest: GoldenManifest?
    let loaded: LoadedSpec
    let clock: (now: Int64, from: String)
    var check: GoldenCheck
    /// Whether this spec's check wrote an actual frame and diff image to the report directory.
    var wroteImages = false

    init(
        _ member: GoldenSuite.Member, _ request: GoldenRequest, now: String?, environment: [String: String],
        command: String
    ) throws(CLIError) {
        self.member = member
        let reader = GoldenDirectory(path: member.golden)
        _ = try Self.reporting { try reader.checkDirectory() }
        // Goldens are read only as regular files inside the directory; a recording is a new set put
        // in place as a unit when the run ends (the writer makes missing parent directories).
        let recording = request.mode == .never ? nil : try GoldenRecording(directory: member.golden)
        self.recording = recording
        let store = GoldenStore(
            directory: member.golden, read: { try reader.read($0) },
            write: { file, bytes in try recording?.write(bytes, file) })
        self.store = store
        let manifest = try Self.reporting { try store.manifest() }
        self.manifest = manifest
        // The clock: --now, else the one the goldens were recorded with, else SOURCE_DATE_EPOCH, else the real one.
        if let recorded = manifest?.now, now == nil {
            clock = (recorded, "the manifest")
        } else {
            let from =
                now != nil ? "--now" : environment["SOURCE_DATE_EPOCH"] != nil ? "SOURCE_DATE_EPOCH" : "the real clock"
            clock = (try SpecLoader.clock(now, environment: environment, command: command), from)
        }
        let loaded = try SpecLoader.load(member.spec, now: clock.now)
        self.loaded = loaded
        let source = try FrameSource.made(
            loaded, part: request.part(manifest: manifest), scale: request.scale ?? manifest?.scale, command: command)
        let threads = ProcessInfo.processInfo.activeProcessorCount
        check = request.check(source, manifest: manifest, threads: threads)
        guard check.times.count <= Limits.checkFrames else {
            throw .input(
                "\(member.spec): error: \(check.times.count) frames to check is over the limit checkFrames = \(Limits.checkFrames)"
            )
        }
        if request.kinds != .semantic {
            try RenderLimits.check(frames: check.times.count, source: source, threads: threads, file: loaded.path)
        }
        // Named by its spec, as errors are: a run of several specs prints one note for each.
        if let note = check.instantsNote(manifest) { Output.err("\(member.spec): " + note + "\n") }
    }

    /// Compares (or records) every golden, drawing with `threads` threads; safe beside other runs.
    func run(threads: Int, report directory: ReportDirectory) -> Result<CheckReport, CLIError> {
        check.threads = threads
        let check = self.check
        do throws(CLIError) {
            let (results, frames) = try Self.reporting(spec: member.spec) {
                try check.run(store: store) { file, actual, diff in
                    wroteImages = true
                    return try ReportFiles.write(
                        actual: actual, diff: diff, file: member.reportPrefix + file, in: directory)
                }
            }
            var report = CheckReport(suiteName: "refresh-frames check \(member.spec)", results: results)
            report.goldenFonts = manifest?.fonts
            report.goldenImages = manifest?.images
            let images = loaded.spec.images.files.map { FontFingerprint(file: $0.file, hash: $0.sha256) }
            report.currentImages = images.isEmpty ? nil : images
            // Hashing the fonts takes a while (a CJK font is tens of MiB): only for the font hint of
            // a failed pixel check and for a manifest about to be written.
            if manifest == nil || report.recordedCount > 0
                || results.contains(where: { !$0.passed && $0.kind == .pixels })
            {
                report.currentFonts = FontBook.shared.fingerprints.map {
                    FontFingerprint(file: $0.file, hash: $0.sha256)
                }
            }
            report.goldenSpecHash = manifest?.specHash
            report.currentSpecHash = SHA256.hex(loaded.bytes)
            if let manifest = check.manifest(
                after: report, previous: manifest, frames: frames, toolVersion: RefreshFramesCommand.version,
                specHash: SHA256.hex(loaded.bytes), now: clock.now)
            {
                try Self.reporting { try store.save(manifest.encode(), as: GoldenManifest.fileName) }
            }
            try recording?.finish()
            return .success(report)
        } catch {
            return .failure(error)
        }
    }

    /// Runs `body`, turning its failures into exit-2 messages: a frame that could not be drawn names the spec.
    static func reporting<T>(spec: String? = nil, _ body: () throws -> T) throws(CLIError) -> T {
        do {
            return try body()
        } catch let error as CLIError {
            throw error
        } catch let error as CompareError {
            throw .input("\(error)")
        } catch {
            throw .input("\(spec ?? "golden"): error: \(error)")
        }
    }
}
