import Foundation
import RefreshFramesCommandLine
import RefreshFramesCompare
import RefreshFramesCore
import RefreshFramesExport

/// `check` compares specs' frames and dumps with their goldens; `record` writes them.
enum CheckCommand {
    static let sharedOptions: [OptionDefinition] = [
        .value(
            "golden", "dir",
            "The golden directory of one spec: frame-NNN.png, timeline.txt, states.json, manifest.json; with several specs, the root holding a directory per spec, named by its file name (required)."
        ),
        .value(
            "at", "list", "Instants to check, e.g. 0,0.05,1.2 (default: the manifest's, else 6 across the scenario)."),
        .flag("checkpoints", "Check every instant where an animation segment starts or ends."),
        .value("fps", "n", "Check every frame at this rate instead."),
        .value(
            "threshold", "0…1",
            "Per-pixel colour threshold in YIQ, as pixelmatch (default: the spec's golden.threshold, else the manifest's, else 0.1)."
        ),
        .value(
            "max-diff", "percent",
            "Share of pixels a frame may differ by (default: the spec's golden.maxDiff, else the manifest's, else 0)."),
        .value(
            "report", "dir",
            "Where actual frames and diff images go when frames differ (default: refresh-frames-report)."),
        .value("junit", "file", "Also write a JUnit XML report (a test suite per spec)."),
        .value("html", "dir", "Also write a static HTML report (golden / actual / diff side by side)."),
        .value(
            "markdown", "file",
            "Also write a Markdown summary, e.g. for a pull-request comment (appended to $GITHUB_STEP_SUMMARY whenever that is set)."
        ),
        .choice("kind", "kind", GoldenCheck.Kinds.self, "Check only 'pixels' or 'semantic' goldens (default: all)."),
        .choice(
            "only", "part", FrameSource.Part.self,
            "screen or control: pixel goldens of the whole screen with its table (the default with a host) or of the control alone (default: as recorded)."
        ),
        .value("scale", "n", "Pixels per point of pixel goldens (default: the canvas scale)."),
        .value(
            "shard", "i/n",
            "Check only shard i of n (1-based): the specs sorted by file name, every n-th from the i-th (default: Bazel's TEST_SHARD_INDEX of TEST_TOTAL_SHARDS when set)."
        ),
        nowOption,
        appearanceOption,
    ]

    static let specs = ArgumentDefinition(
        name: "spec", help: "The JSON spec files, checked in parallel (docs/ci.md).", isOptional: false,
        isVariadic: true)

    static let definition = CommandDefinition(
        name: "check", abstract: "Compare specs' frames and timelines with golden files (exit 1 when they differ).",
        discussion: """
            Semantic goldens (timeline.txt, states.json) do not depend on fonts and are compared first;
            pixel goldens are truecolor PNG frames compared with a perceptual threshold that ignores
            anti-aliasing. On a difference the actual frame and a diff image are written to --report, each
            failing frame is named with its time and figures, and the exit status is 1. Recording never
            happens implicitly: use --record missing|failed|all or 'refresh-frames record'; when CI is
            set, only an explicit --record writes. Several specs share one run: --golden is then their root.
            """,
        arguments: [specs],
        options: sharedOptions + [
            .value(
                "record", "mode", choices: RecordMode.allCases.filter { $0 != .never }.map(\.rawValue),
                "missing, failed or all: write those goldens instead of failing.")
        ])

    static let recordDefinition = CommandDefinition(
        name: "record",
        abstract: "Write (or overwrite) the golden files for specs: shorthand for 'check --record all'.",
        arguments: [specs], options: sharedOptions)

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
        var request = GoldenRequest(mode: mode)
        request.fps = try args.double("fps", command: name, in: 1...100)
        guard [args.value("at") != nil, args.has("checkpoints"), request.fps != nil].filter({ $0 }).count <= 1 else {
            throw .usage("Choose one of '--at', '--checkpoints' and '--fps'.", command: name)
        }
        request.kinds = try args.choice("kind", command: name, as: GoldenCheck.Kinds.self) ?? .all
        request.part = try args.choice("only", command: name, as: FrameSource.Part.self)
        request.threshold = try args.double("threshold", command: name, in: 0...1)
        request.maxDiff = try args.double("max-diff", command: name, in: 0...100)
        request.scale = try args.double("scale", command: name, in: 0.25...Limits.scale)
        request.checkpoints = args.has("checkpoints")
        request.appearance = try SpecLoader.appearance(args)
        if let list = args.value("at") {
            guard let times = GoldenRequest.instants(list) else {
                throw .usage(
                    "Invalid value '\(list)' for '--at': expected seconds separated by commas, e.g. 0,0.05,1.2.",
                    command: name)
            }
            request.times = times
        }
        let reportDirectory = args.value("report") ?? "refresh-frames-report"
        let suite = try usage(name) { () throws(CompareError) in
            let shard = try Shard.chosen(option: args.value("shard"), environment: environment)
            return try GoldenSuite(specs: args.positionals, golden: golden, shard: shard)
        }
        try GoldenRun.reporting { try Shard.acknowledge(environment) }
        for member in suite.members {
            try OutputSafety.checkGoldenRun(
                spec: member.spec, golden: member.golden, recording: mode != .never, report: reportDirectory,
                junit: args.value("junit"), html: args.value("html"))
            if let markdown = args.value("markdown") {
                try OutputSafety.check(
                    markdown, option: "--markdown", inputs: [member.spec], goldenDirectory: member.golden)
            }
        }
        // Every report file can be written (its missing parents made) before any spec is checked.
        let outputs = ReportOutputs(args, report: reportDirectory, environment: environment)
        try outputs.check(specs: suite.specs)
        let runs = try suite.members.map { member throws(CLIError) in
            try GoldenRun(member, request, now: args.value("now"), environment: environment, command: name)
        }
        try ReportFiles.clean(reportDirectory)
        let (parallel, threads) = suite.parallelism(cores: ProcessInfo.processInfo.activeProcessorCount)
        let reportOutput = ReportDirectory(reportDirectory)
        let outcomes = GoldenSuite.concurrentMap(runs.count, workers: parallel) { i in
            runs[i].run(threads: threads, report: reportOutput)
        }
        let reports: [CheckReport]
        do throws(CLIError) {
            reports = try outcomes.map { outcome throws(CLIError) in try outcome.get() }
        } catch {
            // A run that failed (a full disk) leaves no half-written report.
            reportOutput.discard()
            throw error
        }
        let report = SuiteReport(suite: suite, reports: reports)
        for line in report.consoleLines() { Output.out(line + "\n") }
        for (run, result) in zip(runs, reports) where result.recordedCount > 0 {
            Output.err("recorded \(result.recordedCount) golden file(s) in \(run.member.golden)\n")
            Output.err("clock: \(run.clock.now) (\(isoDate(run.clock.now))) from \(run.clock.from)\n")
        }
        let failedRuns = zip(runs, reports).filter { !$0.1.passed }.map(\.0)
        let accept = report.acceptCommand(options: acceptOptions(args, failed: failedRuns))
        try outputs.write(report, command: name, accept: accept, specs: suite.specs)
        guard let accept else { return ExitCode.success }
        // A spec whose program is the team's Swift code, or whose layout is its xib: its frames
        // change when those files do.
        for (run, result) in zip(runs, reports) where result.results.contains(where: { !$0.passed }) {
            let spec = run.loaded.spec
            var reads: [String] = []
            let shown = { (file: String) in FilePath.lexicallyNormalized(run.loaded.files.path(file)) }
            if let xib = spec.xib { reads.append("its layout is read from \(shown(xib.file))") }
            if let swift = spec.swift {
                let files = swift.files.map(shown).joined(separator: ", ")
                reads.append("its program is the Swift code in \(files)")
            }
            guard !reads.isEmpty else { continue }
            Output.out(
                "\(run.member.spec): \(reads.joined(separator: " and ")): a change there changes these frames\n")
        }
        if runs.contains(where: \.wroteImages) { Output.out("actual frames and diff images: \(reportDirectory)/\n") }
        Output.out("to accept these changes: \(accept)\n")
        return ExitCode.differences
    }

    /// The options a run was given that the command accepting its changes repeats: the command,
    /// run as printed, must leave sets that the next plain `check` passes. What the manifest keeps
    /// (`--only`, `--scale`, `--now`) is repeated; the instants only when recording them keeps each
    /// set consistent; `--kind` only for a set that holds that kind alone; never a tolerance (the
    /// recording must take in what fails at the set's own).
    static func acceptOptions(_ args: ParsedArguments, failed runs: [GoldenRun]) -> [String] {
        var options = ["only", "scale", "now"]
        let kinds = Set(runs.map(\.acceptedKinds))
        if kinds.count == 1, kinds.first != .all { options.insert("kind", at: 1) }
        let keepsInstants = runs.allSatisfy(\.acceptKeepsInstants)
        if keepsInstants { options = ["at", "fps"] + options }
        let words = options.flatMap { option in args.value(option).map { ["--" + option, $0] } ?? [] }
        return words + (keepsInstants && args.has("checkpoints") ? ["--checkpoints"] : [])
    }

    /// Runs `body`, turning a run the command line cannot have into a usage error (exit 64).
    static func usage<T>(_ command: String, _ body: () throws(CompareError) -> T) throws(CLIError) -> T {
        do { return try body() } catch { throw .usage(error.description, command: command) }
    }
}
