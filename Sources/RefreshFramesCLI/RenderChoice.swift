import Foundation
import RefreshFrames
import RefreshFramesCommandLine
import RefreshFramesCore
import RefreshFramesExport

/// `render --max-size`, `--preset readme` and `--print-html`: every candidate is rendered in
/// memory, one is chosen, and only the chosen file is written (under a temporary name, then
/// renamed), so a refusal leaves nothing behind.
///
/// The budget's order, what keeps the picture sharpest first: identical frames are always merged
/// (every encoder does it); then fewer frames per second, from the asked rate down through 25,
/// 20 and 10; and only then a smaller scale (0.75, then 0.5 of the asked one), each with every
/// rate again. The first that fits is written and named on stderr; when even 10 fps at half the
/// scale does not fit, the render is refused (exit 2).
///
/// `--preset readme` tries GIF, APNG and WebP at each step and keeps the smallest; over a
/// background that is not opaque (`--background clear`) only APNG and WebP, whose alpha is exact.
enum RenderChoice {
    /// The rates tried below the asked one.
    static let fpsSteps: [Double] = [25, 20, 10]
    /// The scales tried after every rate, as shares of the asked scale.
    static let scaleSteps: [Double] = [0.75, 0.5]

    /// `--max-size`: a number of bytes with an optional unit (B, KB, MB in thousands; KiB, MiB in 1024s).
    struct Budget {
        var bytes: Int
        var text: String

        init?(parsing text: String) {
            let units: [(String, Double)] = [
                ("kib", 1024), ("mib", 1024 * 1024), ("kb", 1000), ("mb", 1_000_000), ("k", 1000), ("m", 1_000_000),
                ("b", 1),
            ]
            let lower = text.lowercased().trimmingCharacters(in: .whitespaces)
            let (digits, factor) =
                units.first { lower.hasSuffix($0.0) }.map { (String(lower.dropLast($0.0.count)), $0.1) } ?? (lower, 1)
            guard let value = Double(digits.trimmingCharacters(in: .whitespaces)), value.isFinite, value >= 1,
                value * factor <= 1e12
            else { return nil }
            bytes = Int(value * factor)
            self.text = text
        }
    }

    /// One candidate rendered: the format, rate and scale, and its bytes.
    struct Attempt {
        var exporter: Exporter
        var fps: Double
        var scale: Double
        var bytes: [UInt8]
        var summary: String
        /// Every candidate's bytes at this rate and scale: `GIF 126684, APNG 199042, WEBP 120844`.
        var sizes = ""

        var described: String {
            "\(formatNumber(fps)) fps at scale \(formatNumber(scale)) as \(exporter.format.name.uppercased())"
        }
    }

    static func run(_ args: ParsedArguments, environment: [String: String]) throws(CLIError) -> Int32 {
        let name = RenderCommand.definition.name
        var defaults = RenderCommand.Defaults()
        if let preset = args.value("preset") {
            guard preset == "readme" else {
                throw .usage("Invalid value '\(preset)' for '--preset': expected readme.", command: name)
            }
            defaults = RenderCommand.Defaults(part: .control, scale: 1, fps: 25)
        }
        let budget = try args.value("max-size").map { text throws(CLIError) in
            guard let budget = Budget(parsing: text) else {
                throw .usage(
                    "Invalid value '\(text)' for '--max-size': expected a size such as 500KB, 2MB or 1MiB.",
                    command: name)
            }
            return budget
        }
        if args.has("print-html") && args.value("appearance") != nil {
            throw .usage(
                "'--print-html' writes both appearances; it cannot be combined with '--appearance'.", command: name)
        }
        if args.value("at") != nil {
            throw .usage(
                "'--at' renders one frame; --max-size, --preset and --print-html make animations.", command: name)
        }
        let (candidates, stem) = try self.candidates(args, preset: args.value("preset") != nil)
        let appearances: [Appearance?] = args.has("print-html") ? [.light, .dark] : [nil]
        var written: [(path: String, attempt: Attempt)] = []
        var notes: [String] = []
        for appearance in appearances {
            let attempt = try choose(
                candidates, args, environment: environment, appearance: appearance, defaults: defaults,
                budget: budget, notes: &notes)
            let path = stem + (appearance.map { "-" + $0.rawValue } ?? "") + attempt.exporter.format.suffixes[0]
            written.append((path, attempt))
        }
        for (path, _) in written {
            try OutputFile.checkTarget(path, protecting: args.positionals.first.map { [$0] } ?? [], isDirectory: false)
        }
        if args.has("print-html"), written[0].attempt.bytes == written[1].attempt.bytes {
            notes.append(
                "note: --print-html: the light and dark pictures are the same; the spec's colours do not follow the appearance (name semantic colours such as systemBackground and label, or add --background clear)"
            )
        }
        for note in notes { Output.err(note + "\n") }
        for (path, attempt) in written {
            let file = try OutputFile(path)
            try file.write(attempt.bytes)
            try file.commit()
            Output.out("wrote \(path): \(attempt.summary), \(attempt.bytes.count) bytes\n")
        }
        if args.has("print-html") { Output.out(html(light: written[0], dark: written[1], alt: altText(args))) }
        return ExitCode.success
    }

    /// The formats to try, and the output's name without its suffix (a directory's: the spec's
    /// name in it): a picture suffix or `--format` fixes one; otherwise the preset tries every
    /// picture format (without a preset: GIF).
    static func candidates(_ args: ParsedArguments, preset: Bool) throws(CLIError) -> ([Exporter], String) {
        let name = RenderCommand.definition.name
        let pictures = Exporter.all.filter(\.format.isPicture)
        let output = args.value("output")
        let specName =
            args.positionals.first.map { URL(fileURLWithPath: $0).deletingPathExtension().lastPathComponent }
            ?? "rotate-scale"
        if let output, let named = pictures.first(where: { $0.format.isNamed(output) }) {
            let suffix = named.format.suffixes.first { output.lowercased().hasSuffix($0) }!
            if let format = args.value("format"), format != named.format.name {
                throw .usage("'--format \(format)' contradicts the output's name '\(output)'.", command: name)
            }
            return ([named], String(output.dropLast(suffix.count)))
        }
        if let output,
            output == "-" || RenderFormats.format(ofOutput: output).map({ !$0.isPicture && $0.output == .file }) == true
        {
            throw .usage(
                "--max-size, --preset and --print-html write a GIF, APNG or WebP file; '\(output)' names another format.",
                command: name)
        }
        var isDirectory: ObjCBool = false
        let stem =
            output.map {
                $0.hasSuffix("/")
                    || (FileManager.default.fileExists(atPath: $0, isDirectory: &isDirectory)
                        && isDirectory.boolValue)
                    ? URL(fileURLWithPath: $0).appendingPathComponent(specName).relativePath : $0
            } ?? specName
        if let format = args.value("format") {
            guard let exporter = pictures.first(where: { $0.format.name == format }) else {
                throw .usage(
                    "--max-size, --preset and --print-html write \(RenderFormats.listed(pictures.map(\.format.name), "or")); not '\(format)'.",
                    command: name)
            }
            return ([exporter], stem)
        }
        return (preset ? pictures : [Exporter.gif], stem)
    }

    /// The candidate to write: the asked render, else the first step of the budget's order that
    /// fits; at each step the smallest of `candidates`.
    static func choose(
        _ candidates: [Exporter], _ args: ParsedArguments, environment: [String: String], appearance: Appearance?,
        defaults: RenderCommand.Defaults, budget: Budget?, notes: inout [String]
    ) throws(CLIError) -> Attempt {
        let (base, _, _) = try RenderCommand.makeJob(
            args, environment: environment, exporter: candidates[0], appearance: appearance, defaults: defaults)
        // A GIF shows a pixel clear or opaque: over a background that is not opaque its edges
        // are jagged, so the preset chooses between the formats that keep alpha.
        let candidates =
            candidates.count > 1 && base.source.canvas.background.alpha < 1
            ? candidates.filter { $0.format.name != Exporter.gif.format.name } : candidates
        func smallest(fps: Double, scale: Double) throws(CLIError) -> Attempt {
            var best: Attempt?
            var sizes: [String] = []
            let job = try RenderChoice.job(base, fps: fps, scale: scale)
            for exporter in candidates {
                let attempt = try render(job, exporter, fps: fps, scale: scale)
                sizes.append("\(exporter.format.name.uppercased()) \(attempt.bytes.count)")
                if best == nil || attempt.bytes.count < best!.bytes.count { best = attempt }
            }
            best!.sizes = sizes.joined(separator: ", ")
            return best!
        }
        func fitted() throws(CLIError) -> Attempt {
            let asked = try smallest(fps: base.fps, scale: base.source.scale)
            guard let budget else { return asked }
            let prefix = "note: --max-size \(budget.text)\(label(appearance)): "
            guard asked.bytes.count > budget.bytes else {
                notes.append(prefix + "\(asked.described) fits as asked (\(asked.bytes.count) bytes)")
                return asked
            }
            let steps = ladder(fps: base.fps, scale: base.source.scale)
            let last = try smallest(fps: steps.last!.fps, scale: steps.last!.scale)
            guard last.bytes.count <= budget.bytes else {
                throw .input(
                    "\(args.positionals.first ?? RefreshAnimation.builtInName): error: --max-size \(budget.text)\(label(appearance)): even \(last.described) is \(last.bytes.count) bytes; allow more, or shorten it with --from/--to"
                )
            }
            var chosen = last
            for step in steps.dropLast() {
                let attempt = try smallest(fps: step.fps, scale: step.scale)
                if attempt.bytes.count <= budget.bytes {
                    chosen = attempt
                    break
                }
            }
            notes.append(
                prefix
                    + "\(chosen.described) fits (\(chosen.bytes.count) bytes; as asked, \(asked.described), \(asked.bytes.count))"
            )
            return chosen
        }
        let chosen = try fitted()
        if candidates.count > 1 {
            notes.append(
                "note: --preset readme\(label(appearance)): \(chosen.exporter.format.name.uppercased()) is the smallest (bytes: \(chosen.sizes))"
            )
        }
        return chosen
    }

    private static func label(_ appearance: Appearance?) -> String {
        appearance.map { " (\($0.rawValue))" } ?? ""
    }

    /// The budget's steps after the asked one, in order: lower rates, then smaller scales.
    static func ladder(fps: Double, scale: Double) -> [(fps: Double, scale: Double)] {
        let rates = [fps] + fpsSteps.filter { $0 < fps }
        let scales = [scale] + scaleSteps.map { max(0.25, scale * $0) }.filter { $0 < scale }
        var steps: [(fps: Double, scale: Double)] = []
        for s in scales {
            for r in rates where !(s == scale && r == fps) && !steps.contains(where: { $0 == (r, s) }) {
                steps.append((r, s))
            }
        }
        return steps.isEmpty ? [(fps, scale)] : steps
    }

    /// `job` at another rate and scale.
    static func job(_ job: ExportJob, fps: Double, scale: Double) throws(CLIError) -> ExportJob {
        var changed = job
        changed.fps = fps
        changed.times = job.source.timeline.frameTimes(fps: fps, from: job.from, to: job.to)
        let s = job.source
        do throws(FrameSource.PartError) {
            changed.source = try FrameSource(
                spec: s.spec, timeline: s.timeline, part: s.part, canvas: s.canvas, scale: scale, text: s.text,
                fontUsage: s.fontUsage)
        } catch {
            throw .usage(error.description, command: RenderCommand.definition.name)
        }
        return changed
    }

    /// The file's bytes, in memory.
    static func render(_ job: ExportJob, _ exporter: Exporter, fps: Double, scale: Double) throws(CLIError) -> Attempt {
        final class Bytes: @unchecked Sendable { var bytes: [UInt8] = [] }
        let bytes = Bytes()
        var destination = ExportDestination(append: { bytes.bytes += $0 }, note: { Output.err($0 + "\n") })
        let summary = try ExportRun.run(exporter, job, &destination, output: "-")
        return Attempt(exporter: exporter, fps: fps, scale: scale, bytes: bytes.bytes, summary: summary)
    }

    /// The spec's file name, for the picture's `alt`.
    static func altText(_ args: ParsedArguments) -> String {
        args.positionals.first.map { URL(fileURLWithPath: $0).deletingPathExtension().lastPathComponent }
            ?? "rotate-scale"
    }

    /// A `<picture>` whose sources follow the reader's colour scheme; the light picture is the
    /// `<img>` for browsers without `prefers-color-scheme`.
    static func html(light: (path: String, attempt: Attempt), dark: (path: String, attempt: Attempt), alt: String)
        -> String
    {
        func attribute(_ s: String) -> String {
            s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;")
                .replacingOccurrences(of: "<", with: "&lt;")
        }
        let size = light.attempt.summary.split(separator: " ").last.map(String.init) ?? ""
        let parts = size.split(separator: "x").compactMap { Int($0) }
        let scale = light.attempt.scale
        let dimensions =
            parts.count == 2
            ? " width=\"\(Int((Double(parts[0]) / max(scale, 1)).rounded()))\" height=\"\(Int((Double(parts[1]) / max(scale, 1)).rounded()))\""
            : ""
        return """
            <picture>
              <source media="(prefers-color-scheme: dark)" srcset="\(attribute(dark.path))">
              <source media="(prefers-color-scheme: light)" srcset="\(attribute(light.path))">
              <img alt="\(attribute(alt))" src="\(attribute(light.path))"\(dimensions)>
            </picture>

            """
    }
}
