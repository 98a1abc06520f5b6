import Foundation
import RefreshFrames
import RefreshFramesCommandLine
import RefreshFramesCore
import RefreshFramesExport

extension RefreshAnimation {
    /// What made a command's output, for manifests and cast headers.
    var provenance: Provenance {
        Provenance(tool: RefreshFramesCommand.version, specName: name, specBytes: bytes, now: now)
    }
}

/// The commands' way to `RefreshAnimation`: a spec named on the command line (or the built-in
/// default), its failures as exit-2 messages; and the clock of `--now`.
enum SpecLoader {
    /// Loads SPEC (or the built-in default when nil) with its side files, its Swift program run by
    /// `SwiftProgramLoader` (the code's warnings go to standard error, its error is the command's),
    /// its semantic colours resolved for `appearance` (nil: the spec's own, else light).
    /// `runsUntil`: a Swift program runs only as far as the state at that instant needs (`state --at`).
    static func load(_ path: String?, now: Int64, appearance: Appearance? = nil, runsUntil: Double? = nil)
        throws(CLIError) -> RefreshAnimation
    {
        try iOSFonts()
        guard let path else {
            return try input { () throws(LoadError) in try RefreshAnimation.builtIn(now: now, appearance: appearance) }
        }
        let swift = SwiftProgramLoader(
            directory: FilePath.directory(of: path), environment: ProcessInfo.processInfo.environment)
        swift.runsUntil = runsUntil
        do {
            let animation = try RefreshAnimation(contentsOf: path, now: now, programs: swift, appearance: appearance)
            for warning in swift.warnings { Output.err(warning.description + "\n") }
            // A program run only up to one instant has no whole run to look over.
            if runsUntil == nil {
                for view in animation.timeline.viewsNeverOnCanvas() {
                    Output.err(offCanvasWarning(view, animation) + "\n")
                }
            }
            return animation
        } catch {
            // The code's warnings first (they often say why it failed), then its error, or the spec's.
            for warning in swift.warnings { Output.err(warning.description + "\n") }
            throw .input(error.description)
        }
    }

    /// `spec.json: warning: view 2 draws but is never on the 375 × 140 pt canvas: …`.
    static func offCanvasWarning(_ view: OffCanvasView, _ animation: RefreshAnimation) -> String {
        let canvas = animation.spec.canvas
        let e = view.extent
        let named = view.name.map { " ('\($0)')" } ?? ""
        let rect = [e.x, e.y, e.width, e.height].map(formatNumber).joined(separator: ", ")
        return "\(animation.name): warning: view \(view.tag)\(named) draws but is never on the "
            + "\(formatNumber(canvas.width)) × \(formatNumber(canvas.height)) pt canvas: what it draws is "
            + "\(view.side.rawValue) it at each of \(view.samples) instants sampled over the run (at \(formatSeconds(view.time)) s, (\(rect)) in "
            + "the canvas's points)"
    }

    /// Takes `REFRESH_FRAMES_IOS_FONTS`'s fonts (its error is bad input), saying once when it found none.
    static func iOSFonts() throws(CLIError) {
        _ = try input { () throws(LoadError) in try IOSFontFiles.registered() }
        _ = warnedOnce
    }

    private static let warnedOnce: Void = {
        if let warning = IOSFontFiles.warning { Output.err(warning + "\n") }
    }()

    /// Runs `body`, turning what did not load into bad input (exit 2, its one line).
    static func input<T>(_ body: () throws(LoadError) -> T) throws(CLIError) -> T {
        do { return try body() } catch { throw .input(error.description) }
    }

    /// A command's `--appearance`, if given.
    static func appearance(_ args: ParsedArguments) throws(CLIError) -> Appearance? {
        try args.choice("appearance", command: args.command, as: Appearance.self)
    }

    /// The clock of a command's `--now`.
    static func clock(_ args: ParsedArguments, environment: [String: String]) throws(CLIError) -> Int64 {
        try clock(args.value("now"), environment: environment, command: args.command)
    }

    /// `--now` (seconds since 1970 or `yyyy-MM-ddTHH:mm:ssZ`), else SOURCE_DATE_EPOCH, else the real clock.
    static func clock(_ option: String?, environment: [String: String], command: String) throws(CLIError) -> Int64 {
        if let option {
            if let seconds = Int64(option) { return seconds }
            let formatter = ISO8601DateFormatter()
            if let date = formatter.date(from: option) { return Int64(date.timeIntervalSince1970) }
            throw .usage(
                "Invalid value '\(option)' for '--now': expected seconds since 1970 or 2016-02-14T12:00:00Z.",
                command: command)
        }
        return try input { () throws(LoadError) in try RefreshAnimation.defaultNow(environment: environment) }
    }
}
