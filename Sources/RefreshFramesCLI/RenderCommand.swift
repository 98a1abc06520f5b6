import Foundation
import RefreshFramesCommandLine
import RefreshFramesCore
import RefreshFramesExport

/// `render`: parses and checks the request, then hands it to the format's exporter.
enum RenderCommand {
    static let definition = CommandDefinition(
        name: "render", abstract: RenderFormats.abstract,
        discussion: RenderFormats.wrapped(
            RenderFormats.discussion
                + " Without SPEC the built-in default (samples/rotate-scale.json) is rendered; without -o the"
                + " output is named after the spec (rotate-scale.gif), or a stream goes to stdout. Files are"
                + " written under a temporary name and renamed when complete."),
        arguments: [
            ArgumentDefinition(
                name: "spec", help: "The JSON spec file (default: the built-in rotate-scale).", isOptional: true)
        ],
        options: [
            .value("output", short: "o", "path", RenderFormats.outputHelp),
            .value("format", "format", choices: RenderFormats.names, RenderFormats.formatHelp),
            .value("at", "seconds", "Render the single frame at this instant."),
            .value("fps", "n", RenderFormats.fpsHelp),
            .value("scale", "n", "Pixels per point (default: the spec's canvas scale)."),
            .value("from", "seconds", "Start time (default 0)."),
            .value("to", "seconds", "End time (default: the scenario's end)."),
            .value("loop", "n", "GIF loop count, 0 = forever (default 0)."),
            .value("background", "colour", "Canvas background, e.g. #FFFFFF or clear."),
            .value("threads", "n", "Render threads (default: the number of cores); output is identical for any value."),
            onlyOption,
            nowOption,
            appearanceOption,
            .value(
                "max-size", "size",
                "A GIF, APNG or WebP of at most this size, e.g. 500KB, 2MB or 1MiB: fewer frames per second (25, 20, 10), then a smaller scale (0.75, 0.5 of it), until one fits; stderr says which (exit 2 if none)."
            ),
            .value(
                "preset", "name",
                "readme: the control alone at 1x and 25 fps, as the smallest of GIF, APNG and WebP (over a clear background: of APNG and WebP); the output's suffix, or --format, fixes one."
            ),
            .flag(
                "print-html",
                "Write a light and a dark picture (OUT-light.*, OUT-dark.*) and print a <picture> element choosing them by prefers-color-scheme."
            ),
        ] + TerminalArguments.options)

    static let subcommand = RefreshFramesCommand.Subcommand(definition: definition) { args, env throws(CLIError) in
        if args.value("max-size") != nil || args.value("preset") != nil || args.has("print-html") {
            return try RenderChoice.run(args, environment: env)
        }
        let (job, exporter, output) = try makeJob(args, environment: env)
        try ExportRun.write(job, with: exporter, to: output)
        return ExitCode.success
    }

    /// What a preset sets unless the command line does.
    struct Defaults {
        var part: FrameSource.Part?
        var scale: Double?
        var fps: Double?
    }

    /// The job a command line asks for. `exporter` (with `appearance` and `defaults`) is
    /// `RenderChoice`'s: the format it tries, the output then named by the caller.
    static func makeJob(
        _ args: ParsedArguments, environment: [String: String], exporter chosen: Exporter? = nil,
        appearance: Appearance? = nil, defaults: Defaults = Defaults()
    ) throws(CLIError)
        -> (ExportJob, Exporter, String?)
    {
        let name = definition.name
        let specPath = args.positionals.first
        var output = chosen == nil ? args.value("output") : nil
        let at = try args.double("at", command: name, in: 0...Limits.scenarioDuration)
        if at != nil && (args.value("from") != nil || args.value("to") != nil) {
            throw .usage("'--at' renders one frame; it cannot be combined with '--from' or '--to'.", command: name)
        }
        let exporter: Exporter
        if let chosen {
            exporter = chosen
        } else {
            let formatName = try RenderFormats.name(format: args.value("format"), output: output, command: name)
            exporter = try RenderFormats.exporter(name: formatName, output: output, at: at != nil, command: name)
        }
        let fps = try args.double("fps", command: name, in: 1...100) ?? defaults.fps ?? 50
        if let limit = exporter.format.fpsLimit, fps > limit.fps {
            throw .usage(
                "'--fps \(formatNumber(fps))' is too fast for \(limit.noun): \(limit.reason), so at most \(formatNumber(limit.fps)) frames per second.",
                command: name)
        }
        let loop = try args.integer("loop", command: name, in: 0...65535) ?? 0
        let threads =
            try args.integer("threads", command: name, in: 1...64) ?? ProcessInfo.processInfo.activeProcessorCount
        let scale = try args.double("scale", command: name, in: 0.25...Limits.scale) ?? defaults.scale
        var background: RGBA?
        if let text = args.value("background") {
            guard let c = RGBA(parsing: text) else {
                throw .usage(
                    "Invalid value '\(text)' for '--background': expected #RRGGBB, #RRGGBBAA or a UIKit colour name.",
                    command: name)
            }
            background = c
        }
        let part = try args.choice("only", command: name, as: FrameSource.Part.self) ?? defaults.part
        let terminal = try TerminalArguments.options(
            args, environment: environment, command: name, toFile: output != nil && output != "-")
        if let graphics = terminal.mode.graphics, let refusal = exporter.format.refusedGraphics[graphics] {
            throw .usage(refusal, command: name)
        }
        let askedAppearance = try SpecLoader.appearance(args)
        let loaded = try SpecLoader.load(
            specPath, now: try SpecLoader.clock(args, environment: environment),
            appearance: appearance ?? askedAppearance)
        var canvas = loaded.spec.canvas
        if let background { canvas.background = background }
        let source = try FrameSource.made(loaded, part: part, canvas: canvas, scale: scale, command: name)
        let from = try args.double("from", command: name, in: 0...Limits.scenarioDuration) ?? 0
        let to = try args.double("to", command: name, in: 0...Limits.scenarioDuration) ?? loaded.timeline.duration
        guard to > from else {
            throw .usage("'--to' (\(formatNumber(to))) must be after '--from' (\(formatNumber(from))).", command: name)
        }
        try RenderLimits.check(
            frames: at == nil ? Int(((to - from) * fps - 1e-9).rounded(.up)) : 1, source: source, threads: threads,
            file: loaded.name)
        let times = at.map { [$0] } ?? loaded.timeline.frameTimes(fps: fps, from: from, to: to)
        if output == nil, chosen == nil, let named = exporter.format.defaultOutput {
            output = named(
                specPath.map { URL(fileURLWithPath: $0).deletingPathExtension().lastPathComponent } ?? "rotate-scale")
        }
        if let output, output != "-" {
            try OutputFile.checkTarget(
                output, protecting: specPath.map { [$0] } ?? [], isDirectory: exporter.writesDirectory)
        }
        let job = ExportJob(
            source: source, times: times, from: from, to: to, fps: fps, loop: loop, threads: threads,
            terminal: terminal, provenance: loaded.provenance)
        return (job, exporter, output)
    }
}

/// The render limits of `Limits`, checked before the first frame is drawn.
enum RenderLimits {
    /// Counted before the times are made, so an absurd span cannot allocate first.
    static func check(frames: Int, source: FrameSource, threads: Int, file: String) throws(CLIError) {
        guard frames <= Limits.frames else {
            throw .input(
                "\(file): error: \(frames) frames is over the limit frames = \(Limits.frames); lower --fps or shorten --from/--to"
            )
        }
        let (width, height) = source.pixelSize
        guard width * height <= Limits.pixelsPerFrame else {
            throw .input(
                "\(file): error: a \(width)x\(height) frame is over the limit pixelsPerFrame = \(Limits.pixelsPerFrame)"
            )
        }
        let memory = width * height * 4 * (threads * 4 + 4) * 2
        guard memory <= Limits.memoryBytes else {
            throw .input(
                "\(file): error: rendering \(width)x\(height) frames on \(threads) threads needs about \(memory >> 20) MiB, over the limit memory = \(Limits.memoryBytes >> 20) MiB; lower --scale or --threads"
            )
        }
    }
}
