import Foundation
import RefreshFramesCore
import RefreshFramesExport

/// A spec checked against (or recorded into) one golden directory: the semantic goldens
/// (`timeline.txt`, `states.json`), then every frame, each through its `Diffing`. Files are read
/// and written through the caller's closures, so the check itself decides everything and the edge
/// only moves bytes.
public struct GoldenCheck: Sendable {
    /// Which goldens a run covers: `--kind pixels|semantic`.
    public enum Kinds: String, Sendable, CaseIterable {
        case all, pixels, semantic
    }

    public var source: FrameSource
    public var times: [Double]
    public var kinds: Kinds
    public var mode: RecordMode
    public var tolerance: PixelTolerance
    public var threads: Int
    /// The instants the goldens were recorded at (the manifest's); a frame is compared with the
    /// golden recorded at its instant, and an instant without one fails instead of being compared
    /// with another instant's golden. Empty: frames and goldens are paired by position.
    public var recordedTimes: [Double] = []

    public init(
        source: FrameSource, times: [Double], kinds: Kinds = .all, mode: RecordMode, tolerance: PixelTolerance,
        threads: Int
    ) {
        self.source = source
        self.times = times
        self.kinds = kinds
        self.mode = mode
        self.tolerance = tolerance
        self.threads = threads
    }

    /// Six instants that show the animation: its start, just after refreshing begins, and across the rest.
    public static func defaultInstants(_ timeline: Timeline) -> [Double] {
        let d = timeline.duration
        let instants = [0, timeline.refreshBeganAt + 0.05, d * 0.25, d * 0.5, d * 0.75, max(0, d - 0.01)]
        return Array(Set(instants.map { ($0 * 1000).rounded() / 1000 })).sorted()
    }

    /// `frame-007.png`
    public static func frameFile(_ index: Int) -> String { "frame-" + zeroPadded(index, width: 3) + ".png" }

    /// Runs every check in order. `store` reads and writes goldens; `report` receives the actual
    /// frame and diff image of each failing frame and returns the paths it wrote them to.
    /// Returns the results and the frames a new manifest lists.
    public func run(
        store: GoldenStore, report: (_ file: String, _ actual: [UInt8], _ diff: [UInt8]) throws -> (String, String)
    ) throws -> (results: [CheckResult], frames: [GoldenManifest.Frame]) {
        let source = self.source
        let times = self.times
        var results: [CheckResult] = []
        if kinds != .pixels {
            results.append(
                try store.check(
                    name: "timeline", kind: .text, file: "timeline.txt", actual: source.timeline.dump,
                    as: .timeline(source.timeline),
                    mode: mode))
            results.append(
                try store.check(
                    name: "states", kind: .state, file: "states.json", actual: StatesDump(times.map(source.state(at:))),
                    as: .states, mode: mode))
        }
        guard kinds != .semantic else { return (results, []) }
        let pixels = Diffing<Bitmap>.pixels(tolerance: tolerance)
        let comparesGoldens = mode != .all
        let files = goldenFiles()
        var frames: [GoldenManifest.Frame] = []
        // Frames render, goldens decode and compare on every core; results are recorded and reported in
        // order. A batch holds each frame's actual, golden and diff bitmaps: at most 512 MiB of them.
        var stream = FrameStream(Array(times.indices), threads: threads)
        let bytesPerFrame = max(1, source.pixelSize.width * source.pixelSize.height) * 4 * 3
        stream.batchSize = max(1, min(stream.batchSize, (512 << 20) / bytesPerFrame))
        try stream.run(
            render: { i in
                let started = ContinuousClock.now
                let actual = try source.bitmap(at: times[i])
                var frame =
                    comparesGoldens && files[i] != nil
                    ? store.prepare(actual: actual, file: files[i]!, as: pixels) : PreparedFrame(actual: actual)
                frame.seconds = seconds(since: started)
                return frame
            },
            consume: { i, frame in
                let name = "frame \(i)"
                let started = ContinuousClock.now
                frames.append(GoldenManifest.Frame(name: name, time: times[i]))
                guard let file = files[i] else {
                    let recorded = recordedTimes.map { formatSeconds($0) }.joined(separator: ", ")
                    results.append(
                        CheckResult(
                            name: name, time: times[i], passed: false,
                            message:
                                "no golden was recorded at this instant (the goldens hold \(recorded) s); "
                                + "check those, or record these instants with --record all"))
                    return
                }
                var result = try store.checkFrame(
                    name: name, time: times[i], file: file, frame: frame, as: pixels, mode: mode, report: report)
                result.duration = frame.seconds + seconds(since: started)
                results.append(result)
            })
        return (results, frames)
    }

    /// Each instant's golden file: the one recorded at that instant, `frame-NNN.png` by position when
    /// recording everything or when no instants were recorded, nil when the goldens lack that instant.
    func goldenFiles() -> [String?] {
        guard mode != .all, !recordedTimes.isEmpty else { return times.indices.map(Self.frameFile) }
        return times.map { t in
            recordedTimes.firstIndex { abs($0 - t) < 0.0005 }.map(Self.frameFile)
        }
    }

    /// Whether `times` are the instants the goldens were recorded at.
    public var checksRecordedInstants: Bool {
        recordedTimes.isEmpty || goldenFiles().allSatisfy { $0 != nil } && times.count == recordedTimes.count
    }
}

/// The files of one golden directory: read through `read` (nil: the file is missing), written
/// through `write` when recording; both take a file's name inside the directory.
public struct GoldenStore: Sendable {
    public let directory: String
    private let read: @Sendable (String) throws -> [UInt8]?
    private let write: @Sendable (String, [UInt8]) throws -> Void

    public init(
        directory: String, read: @escaping @Sendable (_ file: String) throws -> [UInt8]?,
        write: @escaping @Sendable (_ file: String, _ bytes: [UInt8]) throws -> Void
    ) {
        self.directory = directory
        self.read = read
        self.write = write
    }

    public func path(_ file: String) -> String { (directory as NSString).appendingPathComponent(file) }

    public func contents(_ file: String) throws -> [UInt8]? { try read(file) }

    public func save(_ bytes: [UInt8], as file: String) throws { try write(file, bytes) }

    public func manifest() throws -> GoldenManifest? {
        guard let bytes = try contents(GoldenManifest.fileName) else { return nil }
        return try GoldenManifest.decode(bytes, path: path(GoldenManifest.fileName))
    }

    private func missing(_ name: String, time: Double?, kind: CheckResult.Kind, file: String) -> CheckResult {
        CheckResult(
            name: name, time: time, kind: kind, passed: false,
            message: "golden missing (\(path(file))); record it with --record missing or 'refresh-frames record'",
            goldenPath: path(file))
    }

    private func rerecorded(_ name: String, time: Double?, kind: CheckResult.Kind, file: String, was: String)
        -> CheckResult
    {
        CheckResult(
            name: name, time: time, kind: kind, passed: true, recorded: true,
            message: "re-recorded (it failed: \(was))",
            goldenPath: path(file))
    }

    private func decode<Value>(_ bytes: [UInt8], file: String, as diffing: Diffing<Value>) throws -> Value {
        do {
            return try diffing.fromData(bytes)
        } catch {
            throw CompareError.invalidGolden(path: path(file), reason: "\(error)")
        }
    }

    /// Records or compares one golden; the one mechanism every kind goes through.
    public func check<Value>(
        name: String, time: Double? = nil, kind: CheckResult.Kind, file: String, actual: Value,
        as diffing: Diffing<Value>, mode: RecordMode
    ) throws -> CheckResult {
        let started = ContinuousClock.now
        var result: CheckResult
        let existing = try contents(file)
        if mode.records(goldenExists: existing != nil) {
            try save(try diffing.toData(actual), as: file)
            result = CheckResult(
                name: name, time: time, kind: kind, passed: true, recorded: true, message: "recorded",
                goldenPath: path(file))
        } else if let existing {
            let outcome = diffing.compare(actual, try decode(existing, file: file, as: diffing))
            if mode == .failed && !outcome.passed {
                try save(try diffing.toData(actual), as: file)
                result = rerecorded(name, time: time, kind: kind, file: file, was: outcome.message)
            } else {
                result = CheckResult(name: name, time: time, kind: kind, outcome: outcome, goldenPath: path(file))
            }
        } else {
            result = missing(name, time: time, kind: kind, file: file)
        }
        result.duration = seconds(since: started)
        return result
    }

    /// Decodes the golden and compares it with the actual frame: pure work, done on any thread.
    func prepare(actual: Bitmap, file: String, as diffing: Diffing<Bitmap>) -> PreparedFrame {
        do {
            guard let bytes = try contents(file) else { return PreparedFrame(actual: actual) }
            // A golden of another size is a difference found without decoding it, however large it claims to be.
            if let size = GoldenDirectory.pngSize(bytes), size != (actual.width, actual.height) {
                let difference = PixelDifference.sizeMismatch(
                    actual: PixelSize(actual), golden: PixelSize(width: size.width, height: size.height))
                return PreparedFrame(
                    actual: actual,
                    outcome: CheckOutcome(passed: false, message: difference.summary, details: difference.details))
            }
            let golden = try decode(bytes, file: file, as: diffing)
            return PreparedFrame(actual: actual, outcome: diffing.compare(actual, golden))
        } catch {
            return PreparedFrame(actual: actual, goldenError: error)
        }
    }

    func checkFrame(
        name: String, time: Double, file: String, frame: PreparedFrame, as diffing: Diffing<Bitmap>, mode: RecordMode,
        report: (String, [UInt8], [UInt8]) throws -> (String, String)
    ) throws -> CheckResult {
        // Goldens were read (and compared) unless every one is being recorded.
        if mode.records(goldenExists: frame.outcome != nil || frame.goldenError != nil) {
            try save(try diffing.toData(frame.actual), as: file)
            return CheckResult(
                name: name, time: time, passed: true, recorded: true, message: "recorded", goldenPath: path(file))
        }
        if let error = frame.goldenError { throw error }
        guard let outcome = frame.outcome else { return missing(name, time: time, kind: .pixels, file: file) }
        if mode == .failed && !outcome.passed {
            try save(try diffing.toData(frame.actual), as: file)
            return rerecorded(name, time: time, kind: .pixels, file: file, was: outcome.message)
        }
        guard !outcome.passed, let diff = outcome.diffImage else {
            return CheckResult(name: name, time: time, outcome: outcome, goldenPath: path(file))
        }
        let (actualPath, diffPath) = try report(file, try diffing.toData(frame.actual), try diffing.toData(diff))
        return CheckResult(
            name: name, time: time, outcome: outcome, actualPath: actualPath, goldenPath: path(file),
            diffPath: diffPath)
    }
}

/// A rendered frame with its golden decoded and compared, ready to be reported.
struct PreparedFrame: Sendable {
    var actual: Bitmap
    var outcome: CheckOutcome?
    var goldenError: (any Error)?
    /// How long drawing, decoding and comparing took, for JUnit's `time`.
    var seconds = 0.0
}

/// Seconds from `start` until now.
func seconds(since start: ContinuousClock.Instant) -> Double {
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}
