import Foundation
import RefreshFrames
import RefreshFramesCommandLine
import RefreshFramesCore
import RefreshFramesRaster

enum ValidateCommand {
    static let definition = CommandDefinition(
        name: "validate", abstract: "Check a spec: decoding, layout and program; print a one-line summary.",
        arguments: [ArgumentDefinition(name: "spec", help: "The JSON spec file.", isOptional: false)],
        options: [nowOption, appearanceOption])

    static let subcommand = RefreshFramesCommand.Subcommand(definition: definition) { args, env throws(CLIError) in
        let now = try SpecLoader.clock(args, environment: env)
        let loaded = try SpecLoader.load(args.positionals[0], now: now, appearance: try SpecLoader.appearance(args))
        let t = loaded.timeline
        let labels = loaded.spec.views.count
        var summary =
            "\(loaded.name): ok: \(labels) view\(labels == 1 ? "" : "s"), \(loaded.spec.constraints.count) constraints, "
        summary += "\(t.segments.count) animation segments, "
        if t.refreshBegins {
            summary += "refresh \(formatSeconds(t.refreshBeganAt)) s–\(formatSeconds(t.refreshEndedAt)) s"
        } else {
            summary += "no refresh (the pull alone)"
        }
        if let stop = t.programStoppedAt { summary += ", \(t.stopPhrase) \(formatSeconds(stop)) s" }
        summary += ", duration \(formatSeconds(t.duration)) s\n"
        Output.out(summary)
        for line in fontNotes(loaded) { Output.err(line + "\n") }
        return ExitCode.success
    }
}

extension ValidateCommand {
    /// One note per iOS font the spec's labels use: the face that draws it here and where its
    /// layout metrics come from (`samples/x.json: note: font 'Avenir-Book' is drawn with 'Inter Regular'; …`).
    static func fontNotes(_ loaded: RefreshAnimation) -> [String] {
        var seen: Set<FontSpec> = []
        var lines: [String] = []
        for view in loaded.spec.views where view.kind == .label && view.font.iOS != nil {
            guard seen.insert(view.font).inserted,
                let face = try? FontBook.shared.standIn(for: view.font, usage: loaded.fontUsage)
            else {
                continue
            }
            let font = view.font
            let name =
                font.family + (font.weight == "regular" ? "" : " \(font.weight)") + (font.italic ? " italic" : "")
            let line =
                "\(loaded.name): note: font '\(name)' is drawn with '\(face)'"
                + FontBook.shared.metricsNote(for: font)
            if !lines.contains(line) { lines.append(line) }
        }
        return lines
    }
}

enum StateCommand {
    static let definition = CommandDefinition(
        name: "state", abstract: "Print every view's state at one instant as JSON.",
        discussion: """
            Times are seconds from the start of the scenario. The object lists time, phase
            (idle, pulling, refreshing, ending, ended), refreshBeganAt, refreshEndedAt, contentAlpha,
            pull and labels: every tagged view by tag with text, frame [x, y, w, h] in points (before
            the transform), rotation (degrees, clockwise), scale, translation, alpha, textColor and
            backgroundColor (#RRGGBBAA). See docs/spec.md.
            """,
        arguments: [ArgumentDefinition(name: "spec", help: "The JSON spec file.", isOptional: false)],
        options: [.value("at", "seconds", "The instant to sample (required)."), nowOption, appearanceOption])

    static let subcommand = RefreshFramesCommand.Subcommand(definition: definition) { args, env throws(CLIError) in
        guard args.value("at") != nil else {
            throw .usage("Missing expected option '--at <seconds>'.", command: definition.name)
        }
        let at = try args.double("at", command: definition.name, in: 0...Limits.scenarioDuration)!
        let now = try SpecLoader.clock(args, environment: env)
        let loaded = try SpecLoader.load(
            args.positionals[0], now: now, appearance: try SpecLoader.appearance(args), runsUntil: at)
        Output.out(loaded.timeline.sample(at: at).json + "\n")
        return ExitCode.success
    }
}

enum TimelineCommand {
    static let definition = CommandDefinition(
        name: "timeline", abstract: "Print the layout and every animation segment as text (a font-independent golden).",
        arguments: [ArgumentDefinition(name: "spec", help: "The JSON spec file.", isOptional: false)],
        options: [nowOption, appearanceOption])

    static let subcommand = RefreshFramesCommand.Subcommand(definition: definition) { args, env throws(CLIError) in
        let now = try SpecLoader.clock(args, environment: env)
        let loaded = try SpecLoader.load(args.positionals[0], now: now, appearance: try SpecLoader.appearance(args))
        Output.out(loaded.timeline.dump)
        return ExitCode.success
    }
}
