import Foundation
import RefreshFramesCore
import RefreshFramesExport

/// A spec checked against (or recorded into) one golden directory: the semantic goldens
/// (`timeline.txt`, `states.json`), then every frame, each through its `Diffing`. Files are read
/// and written through the caller's closures, so the check itself decides everything and the edge
/// only moves bytes.
package struct GoldenCheck: Sendable {
    /// Which goldens a run covers: `--kind pixels|semantic`.
    package enum Kinds: String, Sendable, CaseIterable {
        case all, pixels, semantic
    }

    package var source: FrameSource
    package var times: [Double]
    package var kinds: Kinds
    package var mode: RecordMode
    package var tolerance: PixelTolerance
    package var threads: Int
    /// The instants the goldens were recorded at (the manifest's); a frame is compared with the
    /// golden recorded at its instant, and an instant without one fails instead of being compared
    /// with another instant's golden. Empty: frames and goldens are paired by position.
    package var recordedTimes: [Double] = []

    package init(
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
    package static func defaultInstants(_ timeline: Timeline) -> [Double] {
        let d = timeline.duration
        // Without a refresh (a code's control that follows the pull alone), a tenth of the way instead.
        let began = timeline.refreshBegins ? timeline.refreshBeganAt + 0.05 : d * 0.1
        let instants = [0, began, d * 0.25, d * 0.5, d * 0.75, max(0, d - 0.01)]
        return Array(Set(instants.map { ($0 * 1000).rounded() / 1000 })).sorted()
    }

    /// `frame-007.png`
    package static func frameFile(_ index: Int) -> String { "frame-" + zeroPadded(index, width: 3) + ".png" }

    /// Runs every check in order. `store` reads and writes goldens; `report` receives the actual
    /// frame and diff image of each failing frame and returns the paths it wrote them to.
    /// Returns the results and the frames a new manifest lists.
    package func run(
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
        // Each frame is drawn only where it changed since the one before (a patch) and its golden
        // read and decoded, on every core; in order, the patches make each whole frame, which is
        // compared with its golden. A golden whose file equals the one before is not decoded again,
        // and when the frame before matched it exactly only the damage is compared.
        // A batch holds each frame's patch and golden: at most 512 MiB of them.
        var stream = FrameStream(Array(times.indices), threads: threads)
        let bytesPerFrame = max(1, source.pixelSize.width * source.pixelSize.height) * 4 * 2
        stream.batchSize = max(1, min(stream.batchSize, (512 << 20) / bytesPerFrame))
        var actual = PatchedFrame()
        var previous: ComparedGolden?
        try stream.run(
            render: { i in
                let started = ContinuousClock.now
                let patch = try source.patch(at: times[i], after: i > 0 ? times[i - 1] : nil)
                var golden = GoldenFrame.none
                if comparesGoldens, let file = files[i] {
                    // Only a plain check may skip a file equal to the one before: recording may
                    // rewrite that one meanwhile.
                    golden = store.prepare(
                        file: file, previousFile: mode == .never && i > 0 ? files[i - 1] : nil,
                        size: PixelSize(width: patch.width, height: patch.height), as: pixels)
                }
                return (patch: patch, golden: golden, seconds: seconds(since: started))
            },
            consume: { i, prepared in
                let name = "frame \(i)"
                let started = ContinuousClock.now
                let damage = actual.apply(prepared.patch)
                frames.append(GoldenManifest.Frame(name: name, time: times[i]))
                guard let file = files[i] else {
                    previous = nil
                    let recorded = recordedTimes.map { formatSeconds($0) }.joined(separator: ", ")
                    results.append(
                        CheckResult(
                            name: name, time: times[i], passed: false,
                            message:
                                "no golden was recorded at this instant (the goldens hold \(recorded) s); "
                                + "check those, or record these instants with --record all"))
                    return
                }
                let frame = store.compare(
                    actual.bitmap, damage: damage, with: prepared.golden, file: file, previous: &previous, as: pixels)
                var result = try store.checkFrame(
                    name: name, time: times[i], file: file, frame: frame, as: pixels, mode: mode, report: report)
                result.duration = prepared.seconds + seconds(since: started)
                if !result.passed {
                    result.frameSize = PixelSize(actual.bitmap)
                    result.controlRegion = controlRegion(at: times[i], in: result.frameSize!)
                }
                results.append(result)
            })
        return (results, frames)
    }

    /// Where the refresh control shows at `time` in a frame of the whole screen, in pixels, clipped
    /// to the frame: the strip between the bars' bottom (the viewport's top without bars) and the
    /// first row that the control fills.
    func controlRegion(at time: Double, in size: PixelSize) -> PixelRect? {
        guard source.part == .screen, let scene = source.state(at: time).scene, scene.controlVisibleHeight > 0 else {
            return nil
        }
        let top = max(scene.stripTop, scene.controlFrame.y)
        let y = min(size.height, Int((top * source.scale).rounded(.down)))
        let bottom = min(size.height, Int(((top + scene.controlVisibleHeight) * source.scale).rounded(.up)))
        let x = max(0, Int((scene.controlFrame.x * source.scale).rounded(.down)))
        let right = min(size.width, Int((scene.controlFrame.maxX * source.scale).rounded(.up)))
        guard bottom > y, right > x else { return nil }
        return PixelRect(x: x, y: y, width: right - x, height: bottom - y)
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
    package var checksRecordedInstants: Bool {
        recordedTimes.isEmpty || goldenFiles().allSatisfy { $0 != nil } && times.count == recordedTimes.count
    }
}

/// The files of one golden directory: read through `read` (nil: the file is missing), written
/// through `write` when recording; both take a file's name inside the directory.
package struct GoldenStore: Sendable {
    package let directory: String
    private let read: @Sendable (String) throws -> [UInt8]?
    private let write: @Sendable (String, [UInt8]) throws -> Void

    package init(
        directory: String, read: @escaping @Sendable (_ file: String) throws -> [UInt8]?,
        write: @escaping @Sendable (_ file: String, _ bytes: [UInt8]) throws -> Void
    ) {
        self.directory = directory
        self.read = read
        self.write = write
    }

    package func path(_ file: String) -> String { (directory as NSString).appendingPathComponent(file) }

    package func contents(_ file: String) throws -> [UInt8]? { try read(file) }

    package func save(_ bytes: [UInt8], as file: String) throws { try write(file, bytes) }

    package func manifest() throws -> GoldenManifest? {
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
    package func check<Value>(
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

    /// Reads and decodes one frame's golden: pure work, done on any thread. A file byte for byte
    /// the same as `previousFile` is not decoded: the frame before decoded the same image.
    func prepare(file: String, previousFile: String?, size: PixelSize, as diffing: Diffing<Bitmap>) -> GoldenFrame {
        do {
            guard let bytes = try contents(file) else { return .missing }
            if let previousFile, try contents(previousFile) == bytes { return .undecoded(bytes) }
            // A golden of another size is a difference found without decoding it, however large it claims to be.
            if let claimed = GoldenDirectory.pngSize(bytes), claimed != (size.width, size.height) {
                return .sizeMismatch(PixelSize(width: claimed.width, height: claimed.height))
            }
            return .decoded(bytes, try decode(bytes, file: file, as: diffing))
        } catch {
            return .failed(error)
        }
    }

    /// Compares the whole `actual` frame with its prepared golden, in frame order. `damage` is where
    /// the frame may differ from the one before (nil: anywhere); `previous` is the golden the frame
    /// before was compared with. When the golden is that same image and the frame before matched it
    /// byte for byte, only the damage can differ, so only the damage is compared.
    func compare(
        _ actual: Bitmap, damage: [PixelRect]?, with golden: GoldenFrame, file: String,
        previous: inout ComparedGolden?, as diffing: Diffing<Bitmap>
    ) -> PreparedFrame {
        let before = previous
        previous = nil
        let bytes: [UInt8]
        let image: Bitmap
        switch golden {
        case .none, .missing:
            return PreparedFrame(actual: actual)
        case .failed(let error):
            return PreparedFrame(actual: actual, goldenError: error)
        case .sizeMismatch(let size):
            let difference = PixelDifference.sizeMismatch(actual: PixelSize(actual), golden: size)
            return PreparedFrame(
                actual: actual,
                outcome: CheckOutcome(passed: false, message: difference.summary, details: difference.details))
        case .decoded(let decodedBytes, let decoded):
            (bytes, image) = (decodedBytes, decoded)
        case .undecoded(let undecodedBytes):
            if let before, before.bytes == undecodedBytes {
                if before.identical, let damage, actual.samePixels(as: before.image, in: damage) {
                    previous = before
                    return PreparedFrame(actual: actual, outcome: before.outcome)
                }
                (bytes, image) = (undecodedBytes, before.image)
            } else {
                do {
                    (bytes, image) = (undecodedBytes, try decode(undecodedBytes, file: file, as: diffing))
                } catch {
                    return PreparedFrame(actual: actual, goldenError: error)
                }
            }
        }
        let outcome = diffing.compare(actual, image)
        let identical = actual.samePixels(
            as: image, in: [PixelRect(x: 0, y: 0, width: actual.width, height: actual.height)])
        previous = ComparedGolden(bytes: bytes, image: image, outcome: outcome, identical: identical)
        return PreparedFrame(actual: actual, outcome: outcome)
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

/// A frame's golden as read (and, unless it repeats the one before, decoded) on a render thread.
enum GoldenFrame: Sendable {
    /// Not compared: every golden is being recorded.
    case none
    case missing
    /// The same bytes as the previous instant's golden, left for the comparison to reuse.
    case undecoded([UInt8])
    case decoded([UInt8], Bitmap)
    /// A golden of another size, found from its header.
    case sizeMismatch(PixelSize)
    case failed(any Error)
}

/// The golden a frame was compared with, kept for the next frame.
struct ComparedGolden {
    var bytes: [UInt8]
    var image: Bitmap
    var outcome: CheckOutcome
    /// Whether the frame equalled the golden byte for byte.
    var identical: Bool
}

extension Bitmap {
    /// Whether `rects` hold the same bytes in both (bitmaps of one size).
    func samePixels(as other: Bitmap, in rects: [PixelRect]) -> Bool {
        guard width == other.width, height == other.height else { return false }
        guard !pixels.isEmpty else { return true }
        return pixels.withUnsafeBytes { a in
            other.pixels.withUnsafeBytes { b in
                rects.allSatisfy { rect in
                    (rect.y..<(rect.y + rect.height)).allSatisfy { y in
                        let offset = (y * width + rect.x) * 4
                        return memcmp(a.baseAddress! + offset, b.baseAddress! + offset, rect.width * 4) == 0
                    }
                }
            }
        }
    }
}

/// A whole frame compared with its golden, ready to be recorded or reported.
struct PreparedFrame: Sendable {
    var actual: Bitmap
    var outcome: CheckOutcome?
    var goldenError: (any Error)?
}

/// Seconds from `start` until now.
func seconds(since start: ContinuousClock.Instant) -> Double {
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}
