import Foundation
import RefreshFramesCore
import RefreshFramesExport
import RefreshFramesRaster

enum RenderFormat: String, CaseIterable {
    case gif, png, ansi, cast
}

/// What `render` draws when the spec has a host: the whole screen, or the refresh control alone.
enum RenderPart: String, CaseIterable {
    case scene, control
}

/// Limits on a render, checked before the first frame is drawn; each is reported by its name.
///
/// | name           | value           | what it bounds                                              |
/// |----------------|-----------------|-------------------------------------------------------------|
/// | frames         | 50000           | frames in one render (1000 s at 50 fps; 30 000 keeps memory flat) |
/// | pixelsPerFrame | 4096 × 4096     | width × height of one frame, in pixels (canvas × scale)     |
/// | memory         | 2048 MiB        | frame buffers in flight: 4 bytes a pixel × (4 per thread + 4) × 2 |
enum RenderLimits {
    static let frames = 50_000
    static let pixelsPerFrame = 4096 * 4096
    static let memoryBytes = 2 << 30
}

/// What `render` was asked to do, checked before any frame is drawn.
struct RenderRequest {
    var loaded: LoadedSpec
    var format: RenderFormat
    var output: String?
    var at: Double?
    var times: [Double]
    var fps: Double
    var scale: Double
    var loop: Int
    var threads: Int
    var canvas: Canvas
    var from: Double
    var to: Double
    /// With a host: the whole screen (default) or only the control.
    var only: RenderPart = .scene

    /// Whether frames are the host's whole screen.
    var drawsScene: Bool { only == .scene && loaded.spec.host != nil }
}

enum RenderCommand {
    static let definition = CommandDefinition(
        name: "render", abstract: "Render the animation to an animated GIF, a PNG sequence, one PNG or an ANSI stream.",
        discussion: """
            The format follows the output: OUT.gif an animated GIF; a directory (or --format png) a PNG
            sequence frame-0000.png… with a frames.json manifest; OUT.png with --at one frame. Without
            SPEC the built-in default (samples/rotate-scale.json) is rendered; without -o the output is
            named after the spec (rotate-scale.gif). Files are written under a temporary name and
            renamed when complete.
            """,
        arguments: [
            ArgumentDefinition(
                name: "spec", help: "The JSON spec file (default: the built-in rotate-scale).", isOptional: true)
        ],
        options: [
            .value("output", short: "o", "path", "Where to write (.gif, .png, a directory, .ans, .cast)."),
            .value("format", "format", "gif, png, ansi or cast (default: from the output's name)."),
            .value("at", "seconds", "Render the single frame at this instant."),
            .value("fps", "n", "Frames per second (default 50; GIF delays are whole centiseconds, at least 2)."),
            .value("scale", "n", "Pixels per point (default: the spec's canvas scale)."),
            .value("from", "seconds", "Start time (default 0)."),
            .value("to", "seconds", "End time (default: the scenario's end)."),
            .value("loop", "n", "GIF loop count, 0 = forever (default 0)."),
            .value("background", "colour", "Canvas background, e.g. #FFFFFF or clear."),
            .value("threads", "n", "Render threads (default: the number of cores); output is identical for any value."),
            .value(
                "only", "part",
                "scene or control: for a spec with a host, the whole screen (default) or the refresh control alone."),
            nowOption,
        ] + AnsiOptions.options)

    static let subcommand = RefreshFramesCommand.Subcommand(definition: definition) { args, env throws(CLIError) in
        let request = try makeRequest(args, environment: env)
        switch request.format {
        case .gif: try renderGIF(request)
        case .png: try request.at == nil ? renderSequence(request) : renderPNG(request)
        case .ansi, .cast: try AnsiOptions.render(request, args: args, environment: env)
        }
        return ExitCode.success
    }

    static func makeRequest(_ args: ParsedArguments, environment: [String: String]) throws(CLIError) -> RenderRequest {
        let name = definition.name
        let specPath = args.positionals.first
        let output = args.value("output")
        var format = try args.choice("format", command: name, as: RenderFormat.self)
        if format == nil, let output {
            let lower = output.lowercased()
            var isDirectory: ObjCBool = false
            if lower.hasSuffix(".gif") {
                format = .gif
            } else if lower.hasSuffix(".png") {
                format = .png
            } else if lower.hasSuffix(".ans") || lower.hasSuffix(".ansi") {
                format = .ansi
            } else if lower.hasSuffix(".cast") {
                format = .cast
            } else if output.hasSuffix("/")
                || (FileManager.default.fileExists(atPath: output, isDirectory: &isDirectory) && isDirectory.boolValue)
                || !URL(fileURLWithPath: output).lastPathComponent.contains(".")
            {
                format = .png
            } else {
                throw .usage(
                    "Cannot tell the format of '\(output)': name it .gif, .png, .ans or .cast, or give --format.",
                    command: name)
            }
        }
        let resolvedFormat = format ?? .gif
        let at = try args.double("at", command: name, in: 0...Limits.scenarioDuration)
        if resolvedFormat == .png, let output, output.lowercased().hasSuffix(".png"), at == nil {
            throw .usage("A single PNG needs '--at <seconds>'; for a PNG sequence give a directory.", command: name)
        }
        if at != nil && (args.value("from") != nil || args.value("to") != nil) {
            throw .usage("'--at' renders one frame; it cannot be combined with '--from' or '--to'.", command: name)
        }
        if resolvedFormat == .gif && at != nil {
            throw .usage("'--at' renders one frame; write it as .png (or drop --at for a GIF).", command: name)
        }
        let fps = try args.double("fps", command: name, in: 1...100) ?? 50
        let loop = try args.integer("loop", command: name, in: 0...65535) ?? 0
        let threads =
            try args.integer("threads", command: name, in: 1...64) ?? ProcessInfo.processInfo.activeProcessorCount
        let scaleOption = try args.double("scale", command: name, in: 0.25...Limits.scale)
        var background: RGBA?
        if let text = args.value("background") {
            guard let c = RGBA(parsing: text) else {
                throw .usage(
                    "Invalid value '\(text)' for '--background': expected #RRGGBB, #RRGGBBAA or a UIKit colour name.",
                    command: name)
            }
            background = c
        }
        let now = try SpecLoader.clock(args.value("now"), environment: environment, command: name)
        let loaded = try SpecLoader.load(specPath, now: now)
        var canvas = loaded.spec.canvas
        if let background { canvas.background = background }
        let scale = scaleOption ?? canvas.scale
        let only = try args.choice("only", command: name, as: RenderPart.self) ?? .scene
        let frameSize = only == .scene ? loaded.spec.host.map { ($0.viewport.width, $0.viewport.height) } : nil
        let duration = loaded.timeline.duration
        let from = try args.double("from", command: name, in: 0...Limits.scenarioDuration) ?? 0
        let to = try args.double("to", command: name, in: 0...Limits.scenarioDuration) ?? duration
        guard to > from else {
            throw .usage("'--to' (\(formatNumber(to))) must be after '--from' (\(formatNumber(from))).", command: name)
        }
        // Counted before the times are made, so an absurd span cannot allocate first.
        let frameCount = at == nil ? Int(((to - from) * fps - 1e-9).rounded(.up)) : 1
        guard frameCount <= RenderLimits.frames else {
            throw .input(
                "\(loaded.path): error: \(frameCount) frames is over the limit frames = \(RenderLimits.frames); lower --fps or shorten --from/--to"
            )
        }
        let times = at.map { [$0] } ?? loaded.timeline.frameTimes(fps: fps, from: from, to: to)
        let width = Int(((frameSize?.0 ?? canvas.width) * scale).rounded())
        let height = Int(((frameSize?.1 ?? canvas.height) * scale).rounded())
        guard width * height <= RenderLimits.pixelsPerFrame else {
            throw .input(
                "\(loaded.path): error: a \(width)x\(height) frame is over the limit pixelsPerFrame = \(RenderLimits.pixelsPerFrame)"
            )
        }
        let memory = width * height * 4 * (threads * 4 + 4) * 2
        guard memory <= RenderLimits.memoryBytes else {
            throw .input(
                "\(loaded.path): error: rendering \(width)x\(height) frames on \(threads) threads needs about \(memory >> 20) MiB, over the limit memory = \(RenderLimits.memoryBytes >> 20) MiB; lower --scale or --threads"
            )
        }
        var resolvedOutput = output
        if resolvedOutput == nil && (resolvedFormat == .gif || resolvedFormat == .png) {
            let base =
                specPath.map { URL(fileURLWithPath: $0).deletingPathExtension().lastPathComponent } ?? "rotate-scale"
            resolvedOutput = resolvedFormat == .gif ? base + ".gif" : (at != nil ? base + ".png" : base + "-frames")
        }
        if let resolvedOutput, resolvedOutput != "-" {
            try OutputFile.checkTarget(
                resolvedOutput, protecting: specPath.map { [$0] } ?? [],
                isDirectory: resolvedFormat == .png && at == nil)
        }
        return RenderRequest(
            loaded: loaded, format: resolvedFormat, output: resolvedOutput, at: at, times: times, fps: fps,
            scale: scale,
            loop: loop, threads: threads, canvas: canvas, from: from, to: to, only: only)
    }

    static func renderer(_ request: RenderRequest) -> @Sendable (Double) throws -> Bitmap {
        let renderer = FrameRenderer(canvas: request.canvas, views: request.loaded.spec.views, fonts: .shared)
        let timeline = request.loaded.timeline
        let scale = request.scale
        if request.drawsScene, let host = request.loaded.spec.host {
            let scene = SceneRenderer(host: host, control: renderer, fonts: .shared)
            return { t in try scene.render(timeline.sample(at: t), scale: scale) }
        }
        return { t in try renderer.render(timeline.sample(at: t), scale: scale) }
    }

    /// Renders every frame in order through `consume`, with progress on a terminal.
    static func stream(_ request: RenderRequest, consume: (Int, Bitmap) throws(CLIError) -> Void) throws(CLIError) {
        let render = renderer(request)
        let progress = Progress(total: request.times.count)
        do {
            try FrameStream(times: request.times, threads: request.threads).run(render: render) { i, bitmap in
                try consume(i, bitmap)
                progress.update(i + 1)
            }
        } catch let error as CLIError {
            throw error
        } catch {
            throw .input("\(request.loaded.path): error: \(error)")
        }
        progress.finish()
    }

    static func renderGIF(_ request: RenderRequest) throws(CLIError) {
        let output = request.output!
        let render = renderer(request)
        let times = request.times
        let sampleIndices = Set(
            (0..<min(12, times.count)).map { $0 * (times.count - 1) / max(1, min(12, times.count) - 1) })
        let samples: [Bitmap]
        do {
            samples = try renderConcurrently(sampleIndices.sorted().map { times[$0] }, threads: request.threads, render)
        } catch {
            throw .input("\(request.loaded.path): error: \(error)")
        }
        let palette: GIFPalette
        do {
            palette = try GIFPalette(pinned: pinnedColors(request), samples: samples)
        } catch {
            throw .input("\(output): error: \(error)")
        }
        let slots = GIFTiming.delays(frameTimes: times, totalDuration: request.to - request.from)
        let file = try OutputFile(output)
        var encoder: GIFEncoder
        do {
            encoder = try GIFEncoder(
                width: samples[0].width, height: samples[0].height, palette: palette, loopCount: request.loop,
                sink: { bytes in try file.write(bytes) })
        } catch {
            throw .input("\(output): error: \(error)")
        }
        // Only the frames that keep a delay of their own are rendered.
        var kept = request
        kept.times = slots.map { times[$0.frameIndex] }
        let keptDelays = slots.map(\.delay)
        try stream(kept) { i, bitmap throws(CLIError) in
            do {
                try encoder.add(bitmap, delayCentiseconds: keptDelays[i])
            } catch let e as CLIError {
                throw e
            } catch {
                throw .input("\(output): error: \(error)")
            }
        }
        do {
            try encoder.finish()
        } catch let error as CLIError {
            throw error
        } catch {
            throw .input("\(output): error: \(OutputFile.describe(error))")
        }
        try file.commit()
        let bytes = (try? FileManager.default.attributesOfItem(atPath: output)[.size] as? Int) ?? 0
        Output.out(
            "wrote \(output): \(slots.count) frames, \(formatSeconds(request.to - request.from)), \(samples[0].width)x\(samples[0].height), \(bytes) bytes\n"
        )
    }

    static func pinnedColors(_ request: RenderRequest) -> [RGBA] {
        let spec = request.loaded.spec
        var colors: [RGBA] = [request.canvas.background, .black, .white]
        for v in spec.views { colors += [v.textColor, v.backgroundColor, v.tintColor] }
        colors += spec.palette
        if request.drawsScene, let table = spec.host?.table {
            colors += [
                table.backgroundColor, table.separatorColor, table.cell.backgroundColor, table.cell.textColor,
                table.cell.detailTextColor,
            ]
        }
        var unique: [RGBA] = []
        for c in colors where c.alpha == 1 && !unique.contains(c) { unique.append(c) }
        return unique
    }

    static func renderPNG(_ request: RenderRequest) throws(CLIError) {
        let output = request.output!
        let bitmap: Bitmap
        let bytes: [UInt8]
        do {
            bitmap = try renderer(request)(request.at!)
            bytes = try PNGCodec.encode(bitmap)
        } catch {
            throw .input("\(request.loaded.path): error: \(error)")
        }
        if output == "-" {
            Output.outBytes(bytes)
            return
        }
        try OutputFile.write(bytes, to: output)
        Output.out(
            "wrote \(output): frame at \(formatSeconds(request.at!)), \(bitmap.width)x\(bitmap.height), \(bytes.count) bytes\n"
        )
    }

    static func renderSequence(_ request: RenderRequest) throws(CLIError) {
        let output = request.output!
        let directory = try OutputDirectory(output)
        var entries: [String] = []
        try stream(request) { i, bitmap throws(CLIError) in
            let name = String(format: "frame-%04d.png", i)
            do {
                try directory.write(try PNGCodec.encode(bitmap), name: name)
            } catch let e as CLIError {
                throw e
            } catch {
                throw .input("\(output)/\(name): error: \(error)")
            }
            entries.append("    {\"file\": \"\(name)\", \"time\": \(formatNumber(request.times[i]))}")
        }
        let manifest = FrameManifest.json(request: request, frames: entries)
        try directory.write(Array(manifest.utf8), name: "frames.json")
        try directory.commit()
        Output.out(
            "wrote \(output.hasSuffix("/") ? output : output + "/"): \(request.times.count) PNG frames at \(formatNumber(request.fps)) fps and frames.json\n"
        )
    }
}

enum FrameManifest {
    static func json(request: RenderRequest, frames: [String]) -> String {
        let fonts = FontBook.shared.filesUsed.map { path -> String in
            let hash = FileManager.default.contents(atPath: path).map { SHA256.hex([UInt8]($0)) } ?? "unreadable"
            return "    {\"file\": \"\(path)\", \"sha256\": \"\(hash)\"}"
        }
        return """
            {
              "tool": "refresh-frames \(RefreshFramesCommand.version)",
              "spec": "\(request.loaded.path)",
              "specSHA256": "\(SHA256.hex(request.loaded.bytes))",
              "fps": \(formatNumber(request.fps)),
              "scale": \(formatNumber(request.scale)),
              "fonts": [
            \(fonts.joined(separator: ",\n"))
              ],
              "frames": [
            \(frames.joined(separator: ",\n"))
              ]
            }

            """
    }
}

/// `rendering 120/272 frames` on stderr, only when stderr is a terminal.
final class Progress {
    let total: Int
    let enabled: Bool
    private var last = -1

    init(total: Int) {
        self.total = total
        enabled = Output.stderrIsTerminal && total > 20
    }

    func update(_ done: Int) {
        guard enabled else { return }
        let percent = done * 100 / total
        if percent != last {
            last = percent
            Output.errControl("\rrendering \(done)/\(total) frames")
        }
    }

    func finish() {
        if enabled { Output.errControl("\r\u{1B}[K") }
    }
}
