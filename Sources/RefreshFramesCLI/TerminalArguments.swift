import Foundation
import RefreshFramesCommandLine
import RefreshFramesExport

/// `--ansi pixels|text`, `--cols`, `--colors`: how `render` draws terminal frames.
enum TerminalArguments {
    static let options: [OptionDefinition] = [
        .value(
            "ansi", "mode",
            "For ANSI and cast output: pixels (half blocks) or text (labels and table rows as characters); default pixels."
        ),
        .value(
            "cols", "n",
            "Columns for ANSI and cast output (default: 80 for a file; the terminal's width, else 80, for stdout)."),
        .value(
            "colors", "mode",
            "auto, truecolor, 256, 16 or none (default: truecolor for a file; auto for stdout: COLORTERM/TERM, none under NO_COLOR)."
        ),
    ]

    enum ColorsOption: String, CaseIterable {
        case auto, truecolor
        case _256 = "256"
        case _16 = "16"
        case none
    }

    /// `toFile`: the frames go to a file, whose bytes must not depend on the terminal that wrote
    /// it, so the defaults are fixed (80 columns, 24-bit colour); stdout and the live terminal
    /// follow the terminal's width and `COLORTERM`/`TERM`/`NO_COLOR`.
    static func options(_ args: ParsedArguments, environment: [String: String], command: String, toFile: Bool = false)
        throws(CLIError) -> TerminalOptions
    {
        TerminalOptions(
            mode: try args.choice("ansi", command: command, as: FrameSource.TerminalMode.self) ?? .pixels,
            columns: try args.integer("cols", command: command, in: 10...1000)
                ?? (toFile ? 80 : Terminal.size()?.columns ?? 80),
            colors: try colorMode(args, environment: environment, command: command, toFile: toFile))
    }

    static func colorMode(
        _ args: ParsedArguments, environment: [String: String], command: String, toFile: Bool = false
    ) throws(CLIError) -> ColorMode {
        switch try args.choice("colors", command: command, as: ColorsOption.self) ?? (toFile ? .truecolor : .auto) {
        case .auto: return ColorMode.detect(environment: environment)
        case .truecolor: return .truecolor
        case ._256: return .palette256
        case ._16: return .palette16
        case .none: return .none
        }
    }
}

/// The controlling terminal's size, when stdout is one.
enum Terminal {
    static func size() -> (columns: Int, rows: Int)? {
        var w = winsize()
        guard isatty(1) == 1, ioctl(1, UInt(TIOCGWINSZ), &w) == 0, w.ws_col > 0 else { return nil }
        return (Int(w.ws_col), Int(w.ws_row))
    }
}
