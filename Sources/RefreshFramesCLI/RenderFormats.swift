import Foundation
import RefreshFramesCommandLine
import RefreshFramesCore
import RefreshFramesExport

/// What `render` knows of its formats, all of it derived from `Exporter.all`: the help's phrases,
/// the suffix table, the messages, and which exporter a request means.
enum RenderFormats {
    static let formats = Exporter.all.map(\.format)

    /// `--format`'s values, each once, in the list's order: `gif, apng, webp, png, ansi, cast`.
    static let names: [String] = formats.map(\.name).reduce(into: []) { names, name in
        if !names.contains(name) { names.append(name) }
    }

    /// The first suffix of each format that has one: `.gif, .apng, .webp, .png, .ans, .cast`.
    static let suffixes: [String] = formats.compactMap(\.suffixes.first)

    /// `render`'s one-line abstract.
    static let abstract = "Render the animation to \(listed(formats.map(\.title), "or"))."

    /// The discussion's first sentence: every format's phrase.
    static let discussion = "The format follows the output: \(formats.map(\.help).joined(separator: "; "))."

    /// `-o`'s help: `.gif, .apng, .webp, .png, a directory, .ans, .cast`.
    static let outputHelp =
        "Where to write (\(formats.map { $0.output == .directory ? "a directory" : $0.suffixes[0] }.joined(separator: ", ")))."

    /// `--format`'s help.
    static let formatHelp = "\(listed(names, "or")) (default: from the output's name)."

    /// `--fps`'s help, with every format's limit.
    static let fpsHelp =
        "Frames per second (default 50"
        + formats.compactMap(\.fpsLimit).map { "; at most \(formatNumber($0.fps)) for \($0.noun): \($0.reason)" }
        .joined() + ")."

    /// The format an output's name means: its suffix, else a directory's format for a directory
    /// (an existing one, a name ending in `/` or without a dot); nil when it means none.
    static func format(ofOutput output: String) -> ExportFormat? {
        if let named = formats.first(where: { $0.isNamed(output) }) { return named }
        var isDirectory: ObjCBool = false
        if output.hasSuffix("/")
            || (FileManager.default.fileExists(atPath: output, isDirectory: &isDirectory) && isDirectory.boolValue)
            || !URL(fileURLWithPath: output).lastPathComponent.contains(".")
        {
            return formats.first { $0.output == .directory }
        }
        return nil
    }

    /// The format name `--format` gives (nil: none), else the one the output's name means; nil
    /// without either.
    static func name(format name: String?, output: String?, command: String) throws(CLIError) -> String? {
        if let name {
            guard names.contains(name) else {
                throw .usage(
                    "Invalid value '\(name)' for '--format': expected one of \(names.joined(separator: ", ")).",
                    command: command)
            }
            return name
        }
        guard let output else { return nil }
        guard let format = format(ofOutput: output) else {
            throw .usage(
                "Cannot tell the format of '\(output)': name it \(listed(suffixes, "or")), or give --format.",
                command: command)
        }
        return format.name
    }

    /// The exporter of the format `name` (nil: the first of the list) for the output, with or
    /// without `--at`. Of the formats sharing a name, the one the output's suffix names is taken,
    /// else the first that holds what `--at` asks (one frame, or the span); a format that cannot
    /// hold it refuses with its own message.
    static func exporter(name: String?, output: String?, at: Bool, command: String) throws(CLIError) -> Exporter {
        let candidates = Exporter.all.filter { $0.format.name == (name ?? formats[0].name) }
        if let output, let named = candidates.first(where: { $0.format.isNamed(output) }) {
            try check(named.format, at: at, command: command)
            return named
        }
        if let fits = candidates.first(where: { holds($0.format, at: at) }) { return fits }
        try check(candidates[0].format, at: at, command: command)
        return candidates[0]
    }

    /// Whether `format` holds one frame (`--at`) or the span (no `--at`).
    private static func holds(_ format: ExportFormat, at: Bool) -> Bool {
        switch format.frames {
        case .single: at
        case .animated: !at
        case .either: true
        }
    }

    private static func check(_ format: ExportFormat, at: Bool, command: String) throws(CLIError) {
        switch format.frames {
        case .single(let message) where !at, .animated(let message) where at:
            throw .usage(message, command: command)
        default:
            break
        }
    }

    /// `a, b or c`
    static func listed(_ items: [String], _ conjunction: String) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " \(conjunction) " + items.last!
    }

    /// `text` as lines of at most `width` characters, broken at spaces.
    static func wrapped(_ text: String, width: Int = 96) -> String {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty && line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        return (lines + [line]).joined(separator: "\n")
    }
}
