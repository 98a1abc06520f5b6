import Foundation
import RefreshFramesCompare
import RefreshFramesCore
import RefreshFramesRaster

/// `check` compares a spec's frames and dumps with its goldens; `record` writes them.
enum CheckCommand {
    static let sharedOptions: [OptionDefinition] = [
        .value(
            "golden", "dir", "The golden directory: frame-NNN.png, timeline.txt, states.json, manifest.json (required)."
        ),
        .value(
            "at", "list", "Instants to check, e.g. 0,0.05,1.2 (default: the manifest's, else 6 across the scenario)."),
        .flag("checkpoints", "Check every instant where an animation segment starts or ends."),
        .value("fps", "n", "Check every frame at this rate instead."),
        .value("threshold", "0…1", "Per-pixel colour threshold in YIQ, as pixelmatch (default 0.1)."),
        .value("max-diff", "percent", "Share of pixels a frame may differ by (default 0)."),
        .value(
            "report", "dir",
            "Where actual frames and diff images go when frames differ (default: refresh-frames-report)."),
        .value("junit", "file", "Also write a JUnit XML report."),
        .value("html", "dir", "Also write a static HTML report (golden / actual / diff side by side)."),
        .value("only", "kind", "Check only 'pixels' or 'semantic' goldens (default: both)."),
        .flag("scene", "Pixel goldens of the whole screen with the spec's table (its host), not the control alone."),
        .value("scale", "n", "Pixels per point of pixel goldens (default: the canvas scale)."),
        nowOption,
    ]

    static let definition = CommandDefinition(
        name: "check", abstract: "Compare a spec's frames and timeline with golden files (exit 1 when they differ).",
        discussion: """
            Semantic goldens (timeline.txt, states.json) do not depend on fonts and are compared first;
            pixel goldens are truecolor PNG frames compared with a perceptual threshold that ignores
            anti-aliasing. On a difference the actual frame and a diff image are written to --report, each
            failing frame is named with its time and figures, and the exit status is 1. Recording never
            happens implicitly: use --record missing|all or 'refresh-frames record'; when CI is set,
            only an explicit --record writes.
            """,
        arguments: [ArgumentDefinition(name: "spec", help: "The JSON spec file.", isOptional: false)],
        options: sharedOptions + [.value("record", "mode", "missing or all: write goldens instead of failing.")])

    static let recordDefinition = CommandDefinition(
        name: "record",
        abstract: "Write (or overwrite) the golden files for a spec: shorthand for 'check --record all'.",
        arguments: [ArgumentDefinition(name: "spec", help: "The JSON spec file.", isOptional: false)],
        options: sharedOptions)

    static let subcommand = RefreshFramesCommand.Subcommand(definition: definition) { args, env throws(CLIError) in
        var mode = RecordMode.effective(requested: nil, environment: env)
        if let text = args.value("record") {
            guard let requested = RecordMode(rawValue: text), requested != .never else {
                throw .usage(
                    "Invalid value '\(text)' for '--record': expected missing or all.", command: definition.name)
            }
            mode = requested
        }
        return try run(args, environment: env, mode: mode, definition: definition)
    }

    static let recordSubcommand = RefreshFramesCommand.Subcommand(definition: recordDefinition) {
        args, env throws(CLIError) in
        try run(args, environment: env, mode: .all, definition: recordDefinition)
    }

    enum Only: String, CaseIterable { case pixels, semantic }

    static func run(
        _ args: ParsedArguments, environment: [String: String], mode: RecordMode, definition: CommandDefinition
    ) throws(CLIError) -> Int32 {
        let name = definition.name
        guard let golden = args.value("golden") else {
            throw .usage("Missing expected option '--golden <dir>'.", command: name)
        }
        let only = try args.choice("only", command: name, as: Only.self)
        let threshold = try args.double("threshold", command: name, in: 0...1) ?? 0.1
        let maxDiff = try args.double("max-diff", command: name, in: 0...100) ?? 0
        let fps = try args.double("fps", command: name, in: 1...100)
        let selections = [args.value("at") != nil, args.has("checkpoints"), fps != nil].filter { $0 }.count
        guard selections <= 1 else {
            throw .usage("Choose one of '--at', '--checkpoints' and '--fps'.", command: name)
        }
        var requestedTimes: [Double]?
        if let list = args.value("at") {
            var times: [Double] = []
            for part in list.split(separator: ",", omittingEmptySubsequences: false) {
                guard let t = Double(part.trimmingCharacters(in: .whitespaces)), t.isFinite, t >= 0 else {
                    throw .usage(
                        "Invalid value '\(list)' for '--at': expected seconds separated by commas, e.g. 0,0.05,1.2.",
                        command: name)
                }
                times.append(t)
            }
            requestedTimes = times
        }
        let specPath = args.positionals[0]
        let now = try SpecLoader.clock(args.value("now"), environment: environment, command: name)
        let loaded = try SpecLoader.load(specPath, now: now)
        let timeline = loaded.timeline
        try OutputSafety.checkGoldenRun(
            spec: specPath, golden: golden, recording: mode != .never,
            report: args.value("report") ?? "refresh-frames-report", junit: args.value("junit"),
            html: args.value("html"))
        var store = GoldenStore(directory: golden)
        try store.prepare(recording: mode != .never, spec: specPath)
        if mode != .never { try store.startRecording() }
        let manifest = try store.manifest()
        let times: [Double]
        if let requestedTimes {
            times = requestedTimes
        } else if args.has("checkpoints") {
            times = timeline.checkpoints
        } else if let fps {
            times = timeline.frameTimes(fps: fps)
        } else if let manifest, !manifest.frames.isEmpty {
            times = manifest.frames.map(\.time)
        } else {
            times = defaultInstants(timeline)
        }
        guard times.count <= 2000 else {
            throw .input("\(specPath): error: \(times.count) frames to check is over the limit checkFrames = 2000")
        }

        var report = CheckReport(suiteName: "refresh-frames check \(specPath)")
        let reportDirectory = args.value("report") ?? "refresh-frames-report"
        var reportFiles = ReportFiles(directory: reportDirectory)

        // Semantic goldens first: font-independent, and they say in words what changed.
        if only != .pixels {
            let dump = timeline.dump
            report.append(try store.checkText(name: "timeline", file: "timeline.txt", actual: dump, mode: mode))
            let samples = times.map { t in labelSamples(timeline.sample(at: t)) }.flatMap { $0 }
            report.append(try store.checkStates(actual: samples, mode: mode))
        }
        var frames: [GoldenManifest.Frame] = []
        if only != .semantic {
            let control = FrameRenderer(canvas: loaded.spec.canvas, views: loaded.spec.views, fonts: .shared)
            let scale = try args.double("scale", command: name, in: 0.25...Limits.scale)
            if args.has("scene") && loaded.spec.host == nil {
                throw .usage("'--scene' needs a spec with a host (a table under the control).", command: name)
            }
            try RenderLimits.checkFrameSize(
                points: args.has("scene") ? loaded.spec.host.map { ($0.viewport.width, $0.viewport.height) } : nil,
                canvas: loaded.spec.canvas, scale: scale, path: loaded.path)
            let scene =
                args.has("scene")
                ? loaded.spec.host.map { SceneRenderer(host: $0, control: control, fonts: .shared) } : nil
            let renderer = { @Sendable (state: FrameState) throws -> Bitmap in
                try scene?.render(state, scale: scale) ?? control.render(state, scale: scale)
            }
            let tolerance = PixelTolerance(threshold: threshold, maxDifferingFraction: maxDiff / 100)
            let threads = ProcessInfo.processInfo.activeProcessorCount
            // Frames render, goldens decode and compare in batches on every core; results are
            // recorded and reported in order.
            let comparesGoldens = mode != .all
            let batchSize = RenderLimits.checkBatch(
                threads: threads, canvas: loaded.spec.canvas, scale: scale,
                points: args.has("scene") ? loaded.spec.host.map { ($0.viewport.width, $0.viewport.height) } : nil)
            for start in stride(from: 0, to: times.count, by: batchSize) {
                let batch = Array(times[start..<min(start + batchSize, times.count)])
                let indices = Array(start..<start + batch.count)
                let prepared: [PreparedFrame]
                do {
                    let reader = store.reader
                    prepared = try renderConcurrently(indices.map(Double.init), threads: threads) { index in
                        let i = Int(index)
                        let actual = try renderer(timeline.sample(at: times[i]))
                        guard comparesGoldens else { return PreparedFrame(actual: actual) }
                        return GoldenStore(directory: reader.path).prepare(
                            actual: actual, file: String(format: "frame-%03d.png", i), tolerance: tolerance)
                    }
                } catch {
                    throw .input("\(specPath): error: \(error)")
                }
                for (offset, frame) in prepared.enumerated() {
                    let i = start + offset
                    let frameName = String(format: "frame %d", i)
                    let file = String(format: "frame-%03d.png", i)
                    frames.append(GoldenManifest.Frame(name: frameName, time: times[i]))
                    report.append(
                        try store.checkFrame(
                            name: frameName, time: times[i], file: file, frame: frame, mode: mode,
                            reportFiles: &reportFiles))
                }
            }
        }
        let fonts = FontBook.shared.filesUsed.map { path in
            FontFingerprint(
                file: path,
                hash: FileManager.default.contents(atPath: path).map { SHA256.hex([UInt8]($0)) } ?? "unreadable")
        }
        report.goldenFonts = manifest?.fonts
        report.currentFonts = fonts
        if report.recordedCount > 0 || manifest == nil && mode != .never {
            let newManifest = GoldenManifest(
                toolVersion: RefreshFramesCommand.version, specHash: SHA256.hex(loaded.bytes), fonts: fonts,
                frames: only == .semantic ? (manifest?.frames ?? []) : frames)
            try store.writeGolden(newManifest.encode(), GoldenManifest.fileName)
        }
        try store.finishRecording()
        for line in report.consoleLines() { Output.out(line + "\n") }
        if report.recordedCount > 0 {
            Output.err("recorded \(report.recordedCount) golden file(s) in \(golden)\n")
        }
        if let junit = args.value("junit") {
            try OutputFile.checkTarget(junit, protecting: [specPath])
            try OutputFile.write(Array(report.junitXML().utf8), to: junit)
        }
        if let html = args.value("html") {
            try reportFiles.writeHTML(report, to: html, golden: golden)
        }
        if !report.passed {
            if reportFiles.wroteImages { Output.out("actual frames and diff images: \(reportDirectory)/\n") }
            return ExitCode.differences
        }
        return ExitCode.success
    }

    /// Six instants that show the animation: its start, just after refreshing begins, and across the rest.
    static func defaultInstants(_ timeline: Timeline) -> [Double] {
        let d = timeline.duration
        let instants = [0, timeline.refreshBeganAt + 0.05, d * 0.25, d * 0.5, d * 0.75, max(0, d - 0.01)]
        return Array(Set(instants.map { ($0 * 1000).rounded() / 1000 })).sorted()
    }

    static func labelSamples(_ state: FrameState) -> [LabelSample] {
        state.views.map { v in
            LabelSample(
                tag: v.tag, time: (state.time * 1_000_000).rounded() / 1_000_000, rotation: v.transform.rotation,
                scaleX: v.transform.scaleX, scaleY: v.transform.scaleY, translationX: v.transform.translationX,
                translationY: v.transform.translationY, alpha: v.alpha, textColor: v.textColor.hexString,
                backgroundColor: v.backgroundColor.hexString, text: v.text)
        }
    }
}

/// The files of one golden directory, read and (when recording) written atomically.
struct GoldenStore {
    let directory: String
    /// While recording: the new set, put in place as a unit by `finishRecording()`.
    var writer: GoldenSetWriter?

    func path(_ file: String) -> String { (directory as NSString).appendingPathComponent(file) }

    /// Opens goldens only as regular files inside the directory (see `GoldenDirectory`).
    var reader: GoldenDirectory { GoldenDirectory(path: directory) }

    func exists(_ file: String) -> Bool { reader.exists(file) }

    func prepare(recording: Bool, spec: String) throws(CLIError) {
        do {
            if try reader.checkDirectory() { return }
        } catch {
            throw .input("\(error)")
        }
        guard recording else { return }
        let parent = URL(fileURLWithPath: directory).deletingLastPathComponent().path
        guard FileManager.default.fileExists(atPath: parent) else {
            throw .input("\(directory): error: the directory '\(parent)' does not exist")
        }
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
        } catch {
            throw .input("\(directory): error: cannot create the golden directory (\(OutputFile.describe(error)))")
        }
    }

    func manifest() throws(CLIError) -> GoldenManifest? {
        guard let data = try read(GoldenManifest.fileName) else { return nil }
        do {
            return try GoldenManifest.decode(data, path: path(GoldenManifest.fileName))
        } catch {
            throw .input("\(error)")
        }
    }

    func read(_ file: String) throws(CLIError) -> [UInt8]? {
        do { return try reader.read(file) } catch { throw .input("\(error)") }
    }

    private func missing(_ name: String, time: Double?, kind: CheckResult.Kind, file: String) -> CheckResult {
        CheckResult(
            name: name, time: time, kind: kind, passed: false,
            message: "golden missing (\(path(file))); record it with --record missing or 'refresh-frames record'",
            goldenPath: path(file))
    }

    func checkText(name: String, file: String, actual: String, mode: RecordMode) throws(CLIError) -> CheckResult {
        if mode.records(goldenExists: exists(file)) {
            try writeGolden(Array(actual.utf8), file)
            return CheckResult(
                name: name, kind: .text, passed: true, recorded: true, message: "recorded", goldenPath: path(file))
        }
        guard let golden = try read(file) else { return missing(name, time: nil, kind: .text, file: file) }
        let difference = TextComparison.compare(actual: actual, golden: String(decoding: golden, as: UTF8.self))
        return CheckResult(
            name: name, kind: .text, passed: difference.passed,
            message: difference.passed ? "matches" : difference.summary,
            details: difference.passed ? nil : difference.unifiedDiff, goldenPath: path(file))
    }

    func checkStates(actual: [LabelSample], mode: RecordMode) throws(CLIError) -> CheckResult {
        let file = "states.json"
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        if mode.records(goldenExists: exists(file)) {
            guard let data = try? encoder.encode(actual) else {
                throw .input("\(path(file)): error: cannot encode the states")
            }
            try writeGolden([UInt8](data) + [10], file)
            return CheckResult(
                name: "states", kind: .state, passed: true, recorded: true, message: "recorded", goldenPath: path(file))
        }
        guard let bytes = try read(file) else { return missing("states", time: nil, kind: .state, file: file) }
        guard let golden = try? JSONDecoder().decode([LabelSample].self, from: Data(bytes)) else {
            throw .input("\(path(file)): error: not a states golden (expected a JSON array of label samples)")
        }
        let messages = LabelComparison.compare(actual: actual, golden: golden)
        return CheckResult(
            name: "states", kind: .state, passed: messages.isEmpty,
            message: messages.isEmpty
                ? "matches"
                : messages.prefix(5).joined(separator: "; ")
                    + (messages.count > 5 ? "; and \(messages.count - 5) more" : ""),
            details: messages.joined(separator: "\n"), goldenPath: path(file))
    }

    /// Decodes the golden and compares it with the actual frame: pure work, done on any thread.
    func prepare(actual: Bitmap, file: String, tolerance: PixelTolerance) -> PreparedFrame {
        let bytes: [UInt8]
        do {
            guard let read = try reader.read(file) else { return PreparedFrame(actual: actual) }
            bytes = read
        } catch {
            return PreparedFrame(actual: actual, unreadable: "\(error)")
        }
        // A golden of another size is a difference found without decoding it, however large it claims to be.
        if let size = GoldenDirectory.pngSize(bytes), size != (actual.width, actual.height) {
            return PreparedFrame(
                actual: actual,
                difference: .sizeMismatch(
                    actual: PixelSize(actual), golden: PixelSize(width: size.width, height: size.height)))
        }
        do {
            let golden = try PNGCodec.decode(bytes)
            return PreparedFrame(
                actual: actual, golden: golden,
                difference: PixelComparison.compare(actual: actual, golden: golden, tolerance: tolerance))
        } catch {
            return PreparedFrame(actual: actual, goldenError: "\(error)")
        }
    }

    func checkFrame(
        name: String, time: Double, file: String, frame: PreparedFrame, mode: RecordMode, reportFiles: inout ReportFiles
    ) throws(CLIError) -> CheckResult {
        let actual = frame.actual
        if mode.records(goldenExists: exists(file)) {
            do {
                try writeGolden(try PNGCodec.encode(actual), file)
            } catch let e as CLIError {
                throw e
            } catch {
                throw .input("\(path(file)): error: \(error)")
            }
            return CheckResult(
                name: name, time: time, passed: true, recorded: true, message: "recorded", goldenPath: path(file))
        }
        if let unreadable = frame.unreadable { throw .input(unreadable) }
        if frame.golden == nil, let difference = frame.difference {
            return CheckResult(
                name: name, time: time, passed: false, message: difference.summary, details: difference.details,
                goldenPath: path(file))
        }
        if let goldenError = frame.goldenError {
            throw .input("\(path(file)): error: not a readable PNG (\(goldenError))")
        }
        guard let golden = frame.golden, let difference = frame.difference else {
            return missing(name, time: time, kind: .pixels, file: file)
        }
        guard !difference.passed else {
            return CheckResult(
                name: name, time: time, passed: true, message: difference.summary, goldenPath: path(file))
        }
        let (actualPath, diffPath) = try reportFiles.write(
            actual: actual, diff: DiffImage.make(actual: actual, golden: golden, difference: difference), file: file)
        return CheckResult(
            name: name, time: time, passed: false, message: difference.summary, details: difference.details,
            actualPath: actualPath, goldenPath: path(file), diffPath: diffPath)
    }
}

/// A rendered frame with its golden decoded and compared, ready to be reported.
struct PreparedFrame: Sendable {
    var actual: Bitmap
    var golden: Bitmap?
    var difference: PixelDifference?
    var goldenError: String?
    /// The golden is not a regular file in the golden directory, or too large: the whole message.
    var unreadable: String?
}

/// The report directory: actual frames and diff images of failing frames, and the HTML page.
struct ReportFiles {
    let directory: String
    private(set) var wroteImages = false

    init(directory: String) {
        self.directory = directory
    }

    mutating func write(actual: Bitmap, diff: Bitmap, file: String) throws(CLIError) -> (String, String) {
        if !FileManager.default.fileExists(atPath: directory) {
            do {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            } catch {
                throw .input("\(directory): error: cannot create the report directory (\(OutputFile.describe(error)))")
            }
        }
        let base = (file as NSString).deletingPathExtension
        let actualPath = (directory as NSString).appendingPathComponent(base + ".actual.png")
        let diffPath = (directory as NSString).appendingPathComponent(base + ".diff.png")
        do {
            try OutputFile.write(try PNGCodec.encode(actual), to: actualPath)
            try OutputFile.write(try PNGCodec.encode(diff), to: diffPath)
        } catch let e as CLIError {
            throw e
        } catch {
            throw .input("\(directory): error: \(error)")
        }
        wroteImages = true
        return (actualPath, diffPath)
    }

    /// The HTML page refers to images relative to itself, so it opens from disk wherever it is.
    func writeHTML(_ report: CheckReport, to html: String, golden: String) throws(CLIError) {
        do {
            try FileManager.default.createDirectory(atPath: html, withIntermediateDirectories: true)
        } catch {
            throw .input("\(html): error: cannot create the directory (\(OutputFile.describe(error)))")
        }
        let base = URL(fileURLWithPath: html).standardizedFileURL
        func relative(_ path: String?) -> String? {
            guard let path else { return nil }
            let target = URL(fileURLWithPath: path).standardizedFileURL.pathComponents
            let from = base.pathComponents
            var common = 0
            while common < min(target.count, from.count) && target[common] == from[common] { common += 1 }
            return (Array(repeating: "..", count: from.count - common) + target[common...]).joined(separator: "/")
        }
        var relativeReport = report
        relativeReport.results = report.results.map { r in
            var r = r
            r.actualPath = relative(r.actualPath)
            r.goldenPath = relative(r.goldenPath)
            r.diffPath = relative(r.diffPath)
            return r
        }
        try OutputFile.write(
            Array(relativeReport.html().utf8), to: (html as NSString).appendingPathComponent("index.html"))
    }
}
