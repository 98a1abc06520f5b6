import Foundation
import RefreshFramesCommandLine
import RefreshFramesCompare
import RefreshFramesCore
import RefreshFramesExport
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
        .value("kind", "kind", "Check only 'pixels' or 'semantic' goldens (default: all)."),
        .value(
            "only", "part",
            "screen or control: pixel goldens of the whole screen with its table (the default with a host) or of the control alone (default: as recorded)."
        ),
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
        options: sharedOptions + [
            .value("record", "mode", "missing, failed or all: write those goldens instead of failing.")
        ])

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
                    "Invalid value '\(text)' for '--record': expected missing, failed or all.",
                    command: definition.name)
            }
            mode = requested
        }
        return try run(args, environment: env, mode: mode)
    }

    static let recordSubcommand = RefreshFramesCommand.Subcommand(definition: recordDefinition) {
        args, env throws(CLIError) in
        try run(args, environment: env, mode: .all)
    }

    static func run(_ args: ParsedArguments, environment: [String: String], mode: RecordMode) throws(CLIError) -> Int32
    {
        let name = args.command
        guard let golden = args.value("golden") else {
            throw .usage("Missing expected option '--golden <dir>'.", command: name)
        }
        let kinds = try args.choice("kind", command: name, as: GoldenCheck.Kinds.self) ?? .all
        let requestedPart = try args.choice("only", command: name, as: FrameSource.Part.self)
        let requestedThreshold = try args.double("threshold", command: name, in: 0...1)
        let requestedMaxDiff = try args.double("max-diff", command: name, in: 0...100)
        let fps = try args.double("fps", command: name, in: 1...100)
        let requestedScale = try args.double("scale", command: name, in: 0.25...Limits.scale)
        guard [args.value("at") != nil, args.has("checkpoints"), fps != nil].filter({ $0 }).count <= 1 else {
            throw .usage("Choose one of '--at', '--checkpoints' and '--fps'.", command: name)
        }
        let requestedTimes = try args.value("at").map { list throws(CLIError) in try instants(list, command: name) }
        let specPath = args.positionals[0]
        let reportDirectory = args.value("report") ?? "refresh-frames-report"
        try OutputSafety.checkGoldenRun(
            spec: specPath, golden: golden, recording: mode != .never, report: reportDirectory,
            junit: args.value("junit"), html: args.value("html"))
        try prepareDirectory(golden, recording: mode != .never)
        // Goldens are read only as regular files inside the directory; a recording is a new set put
        // in place as a unit when the run ends.
        let reader = GoldenDirectory(path: golden)
        let recording = mode == .never ? nil : try GoldenRecording(directory: golden)
        let store = GoldenStore(
            directory: golden, read: { try reader.read($0) },
            write: { file, bytes in try recording?.write(bytes, file) })
        let manifest = try reporting { try store.manifest() }
        // The clock: --now, else the one the goldens were recorded with, else SOURCE_DATE_EPOCH, else the real one.
        let clock: (now: Int64, from: String)
        if args.value("now") != nil {
            clock = (try SpecLoader.clock(args, environment: environment), "--now")
        } else if let now = manifest?.now {
            clock = (now, "the manifest")
        } else if environment["SOURCE_DATE_EPOCH"] != nil {
            clock = (try SpecLoader.clock(args, environment: environment), "SOURCE_DATE_EPOCH")
        } else {
            clock = (try SpecLoader.clock(args, environment: environment), "the real clock")
        }
        let loaded = try SpecLoader.load(specPath, now: clock.now)
        // What the goldens show: --only, else what they were recorded as, else the whole screen when there is one.
        let recordedPart = manifest?.part.flatMap(FrameSource.Part.init(rawValue:))
        let part = requestedPart ?? recordedPart ?? (loaded.spec.host == nil ? .control : .screen)
        if part == .screen && loaded.spec.host == nil {
            throw .usage("'--only screen' needs a spec with a host (a table under the control).", command: name)
        }
        let scale = requestedScale ?? manifest?.scale
        let threshold = requestedThreshold ?? manifest?.threshold ?? 0.1
        let maxDiff = requestedMaxDiff ?? manifest?.maxDiff ?? 0
        let timeline = loaded.timeline
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
            times = GoldenCheck.defaultInstants(timeline)
        }
        guard times.count <= Limits.checkFrames else {
            throw .input(
                "\(specPath): error: \(times.count) frames to check is over the limit checkFrames = \(Limits.checkFrames)"
            )
        }
        let source = FrameSource(spec: loaded.spec, timeline: timeline, part: part, scale: scale)
        let threads = ProcessInfo.processInfo.activeProcessorCount
        if kinds != .semantic {
            try RenderLimits.check(frames: times.count, source: source, threads: threads, file: loaded.path)
        }
        var check = GoldenCheck(
            source: source, times: times, kinds: kinds, mode: mode,
            tolerance: PixelTolerance(threshold: threshold, maxDifferingFraction: maxDiff / 100),
            threads: threads)
        if kinds != .semantic { check.recordedTimes = manifest?.frames.map(\.time) ?? [] }
        if !check.checksRecordedInstants {
            Output.err(
                "note: checking instants other than the recorded ones (\(manifest?.frames.map { formatSeconds($0.time) }.joined(separator: ", ") ?? "") s); "
                    + "instants without a golden fail\n")
        }
        try ReportFiles.clean(reportDirectory)
        var report = CheckReport(suiteName: "refresh-frames check \(specPath)")
        var wroteImages = false
        let (results, frames) = try reporting(spec: specPath) {
            try check.run(store: store) { file, actual, diff in
                wroteImages = true
                return try ReportFiles.write(actual: actual, diff: diff, file: file, in: reportDirectory)
            }
        }
        report.results = results
        report.goldenFonts = manifest?.fonts
        report.currentFonts = FontBook.shared.fingerprints.map { FontFingerprint(file: $0.file, hash: $0.sha256) }
        if report.recordedCount > 0 || manifest == nil && mode != .never {
            let newManifest = GoldenManifest(
                toolVersion: RefreshFramesCommand.version, specHash: SHA256.hex(loaded.bytes),
                fonts: report.currentFonts ?? [],
                frames: kinds == .semantic || mode != .all && !(manifest?.frames.isEmpty ?? true)
                    ? (manifest?.frames ?? frames) : frames,
                now: clock.now, part: part.rawValue, scale: source.scale, threshold: manifest?.threshold,
                maxDiff: manifest?.maxDiff)
            try reporting { try store.save(newManifest.encode(), as: GoldenManifest.fileName) }
        }
        try recording?.finish()
        for line in report.consoleLines() { Output.out(line + "\n") }
        if report.recordedCount > 0 {
            Output.err("recorded \(report.recordedCount) golden file(s) in \(golden)\n")
            Output.err("clock: \(clock.now) (\(isoDate(clock.now))) from \(clock.from)\n")
        }
        if let junit = args.value("junit") {
            try OutputFile.checkTarget(junit, protecting: [specPath])
            try OutputFile.write(Array(report.junitXML().utf8), to: junit)
        }
        if let html = args.value("html") { try ReportFiles.writeHTML(report, to: html) }
        if !report.passed {
            if wroteImages { Output.out("actual frames and diff images: \(reportDirectory)/\n") }
            Output.out("to accept these changes: \(acceptCommand(args))\n")
            return ExitCode.differences
        }
        return ExitCode.success
    }

    /// The command that re-records what this run found different: the same options, `--record failed`.
    static func acceptCommand(_ args: ParsedArguments) -> String {
        var words = ["refresh-frames", "check"] + args.positionals
        for option in ["golden", "at", "fps", "only", "kind", "scale", "now", "threshold", "max-diff"] {
            if let value = args.value(option) { words += ["--" + option, value] }
        }
        if args.has("checkpoints") { words.append("--checkpoints") }
        words += ["--record", "failed"]
        return words.map(shellQuoted).joined(separator: " ")
    }

    /// A word as a POSIX shell reads it back: bare when safe, else in single quotes.
    static func shellQuoted(_ word: String) -> String {
        let safe = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./,:=@%+")
        if !word.isEmpty && word.allSatisfy(safe.contains) { return word }
        return "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// `2016-02-14T12:00:00Z`
    static func isoDate(_ seconds: Int64) -> String {
        ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: Double(seconds)))
    }

    /// `--at 0,0.05,1.2`
    static func instants(_ list: String, command: String) throws(CLIError) -> [Double] {
        var times: [Double] = []
        for part in list.split(separator: ",", omittingEmptySubsequences: false) {
            guard let t = Double(part.trimmingCharacters(in: .whitespaces)), t.isFinite, t >= 0 else {
                throw .usage(
                    "Invalid value '\(list)' for '--at': expected seconds separated by commas, e.g. 0,0.05,1.2.",
                    command: command)
            }
            times.append(t)
        }
        return times
    }

    /// An existing golden directory, or (when recording) a new one with any missing parents.
    static func prepareDirectory(_ directory: String, recording: Bool) throws(CLIError) {
        do {
            if try GoldenDirectory(path: directory).checkDirectory() { return }
        } catch {
            throw .input("\(error)")
        }
        guard recording else { return }
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw .input("\(directory): error: cannot create the golden directory (\(OutputFile.describe(error)))")
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
