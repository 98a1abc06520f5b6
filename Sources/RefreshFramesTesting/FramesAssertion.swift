import Foundation
import RefreshFrames
import RefreshFramesCompare
import RefreshFramesCore
import RefreshFramesExport

/// One `assertFrames` call worked out: which spec, which golden directory, what is checked and in
/// which record mode, then run as `refresh-frames check` runs a spec (a `GoldenSession`). What it
/// finds is returned as failures to report, so that the assertion itself only reports them.
package struct FramesAssertion: Sendable {
    /// The spec file, resolved.
    package var spec: String
    /// The golden directory, resolved.
    package var golden: String
    /// The goldens' name: the golden directory's, and the prefix of their files in the report directory.
    package var name: String
    package var request: GoldenRequest
    /// `now`, when the call gave one; else the manifest's clock, else `SOURCE_DATE_EPOCH`, else the real one.
    package var now: Int64?
    /// Where failing frames' golden, actual and diff images are written (`REFRESH_FRAMES_REPORT`,
    /// else `refresh-frames-report` in the working directory, as `check --report`).
    package var reportDirectory: String
    /// What to say even when every golden passes: a record mode ignored on CI.
    package var notes: [String] = []
    /// The environment the clock falls back to (`SOURCE_DATE_EPOCH`).
    package var environment: [String: String]

    /// The environment variable naming the report directory.
    package static let reportVariable = "REFRESH_FRAMES_REPORT"

    /// `spec` and `goldens` relative to `directory` (the calling test file's) unless absolute;
    /// goldens by default in `Goldens/NAME` there, NAME being `name` or the spec's file name.
    package init(
        spec: String, at times: [Double]?, named name: String?, as snapshotting: [Snapshotting],
        record: RecordMode?, goldens: String?, now: Int64?, relativeTo directory: String,
        environment: [String: String]
    ) {
        func resolved(_ path: String) -> String {
            path.hasPrefix("/") ? path : (directory as NSString).appendingPathComponent(path)
        }
        self.spec = resolved(spec)
        let name = name ?? GoldenSuite.name(ofSpec: spec)
        self.name = name
        golden = resolved(goldens ?? "Goldens/" + name)
        self.now = now
        self.environment = environment
        reportDirectory = environment[Self.reportVariable] ?? "refresh-frames-report"
        let (mode, note) = Self.mode(requested: record, environment: environment)
        if let note { notes.append(note) }
        request = GoldenRequest(mode: mode)
        request.times = times
        let kinds = Set(snapshotting.map(\.kinds))
        request.kinds = kinds.count == 1 ? kinds.first! : .all
        if let frames = snapshotting.first(where: { $0.kinds == .pixels }) {
            request.part = frames.part.flatMap { FrameSource.Part(rawValue: $0.rawValue) }
            request.scale = frames.scale
            request.threshold = frames.diffing.threshold
            request.maxDiff = frames.diffing.maxDiff
        }
    }

    /// The record mode of a run: on CI (`CI` set) never, and a mode the call asks for is reported;
    /// elsewhere the call's, else `REFRESH_FRAMES_RECORD`'s, else `.missing` (new goldens are recorded,
    /// loudly, and the test fails until it is run again).
    package static func mode(requested: RecordMode?, environment: [String: String]) -> (RecordMode, note: String?) {
        if RecordMode.isCI(environment) {
            guard let requested, requested != .never else { return (.never, nil) }
            return (
                .never,
                "record: .\(requested.rawValue) is ignored on CI (CI is set): goldens are recorded only where CI is not set"
            )
        }
        let variable = environment[RecordMode.environmentVariable].flatMap(RecordMode.init(rawValue:))
        return (requested ?? variable ?? .missing, nil)
    }

    /// What went wrong, one issue each: a failing golden (with its images), a recording, a note.
    package struct Failure: Sendable, Equatable {
        package var message: String
        /// Named files to attach: the golden, the actual frame and the diff image of a failing frame.
        package var attachments: [Attachment] = []

        package struct Attachment: Sendable, Equatable {
            /// `pull.frame-001.diff.png`
            package var name: String
            /// Where it was written in the report directory.
            package var path: String
            package var bytes: [UInt8]
        }
    }

    /// Checks (or records) the goldens. Throws when the check cannot run: a spec that does not
    /// load, a golden directory that cannot be read or written.
    package func run() throws -> [Failure] {
        let session = try GoldenSession(directory: golden, recording: request.mode != .never)
        let clock = try now ?? session.manifest?.now ?? RefreshAnimation.defaultNow(environment: environment)
        let animation = try RefreshAnimation(contentsOf: spec, now: clock)
        let check = try session.check(animation, request, threads: ProcessInfo.processInfo.activeProcessorCount)
        try removeEarlierImages()
        var images: [String: Failure] = [:]
        let report = try session.run(check, of: animation, name: name) { file, actual, diff in
            let failure = try saveImages(file: file, actual: actual, diff: diff)
            images[file] = failure
            return (failure.attachments[1].path, failure.attachments[2].path)
        }
        try session.finish()
        var failures = notes.map { Failure(message: $0) }
        if let note = check.instantsNote(session.manifest) { failures.append(Failure(message: note)) }
        for result in report.results where !result.passed {
            var failure = Failure(message: result.line)
            if result.kind == .text, let details = result.details {
                let diff = details.split(separator: "\n", omittingEmptySubsequences: false)
                failure.message += "\n" + diff.prefix(CheckReport.diffLines).joined(separator: "\n")
            }
            if let file = result.goldenPath.map({ ($0 as NSString).lastPathComponent }), let saved = images[file] {
                failure.message += "; golden, actual and diff: " + saved.attachments.map(\.path).joined(separator: ", ")
                failure.attachments = saved.attachments
            }
            failures.append(failure)
        }
        if let hint = report.fontHint { failures.append(Failure(message: hint)) }
        if let hint = report.sourceHint { failures.append(Failure(message: hint)) }
        if report.recordedCount > 0 {
            let files = report.results.filter(\.recorded).map(\.title).joined(separator: ", ")
            failures.append(
                Failure(
                    message:
                        "recorded \(report.recordedCount) golden file(s) in \(golden) (\(files)) with clock \(clock) (\(isoDate(clock))): look at them, commit them and run the test again"
                ))
        }
        return failures
    }

    /// Writes a failing frame's golden, actual frame and diff image to the report directory as
    /// `NAME.frame-001.golden.png`, `.actual.png` and `.diff.png`; returns them to attach.
    private func saveImages(file: String, actual: [UInt8], diff: [UInt8]) throws -> Failure {
        try FileManager.default.createDirectory(atPath: reportDirectory, withIntermediateDirectories: true)
        let base = name + "." + (file as NSString).deletingPathExtension
        let golden = try GoldenDirectory(path: self.golden).read(file) ?? []
        var failure = Failure(message: "")
        for (suffix, bytes) in [("golden", golden), ("actual", actual), ("diff", diff)] {
            let file = "\(base).\(suffix).png"
            let path = (reportDirectory as NSString).appendingPathComponent(file)
            try Data(bytes).write(to: URL(fileURLWithPath: path), options: .atomic)
            failure.attachments.append(Failure.Attachment(name: file, path: path, bytes: bytes))
        }
        return failure
    }

    /// Removes this name's images of an earlier run, so the report directory holds only this run's.
    private func removeEarlierImages() throws {
        guard let files = try? FileManager.default.contentsOfDirectory(atPath: reportDirectory) else { return }
        for file in files where file.hasPrefix(name + ".frame-") && file.hasSuffix(".png") {
            try FileManager.default.removeItem(atPath: (reportDirectory as NSString).appendingPathComponent(file))
        }
    }
}
