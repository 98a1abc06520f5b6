import Foundation
import RefreshFramesCommandLine
import RefreshFramesExport

/// `--ansi`, `--cols`, `--colors`, `--cell-size`: how `render` draws terminal frames.
enum TerminalArguments {
    static let options: [OptionDefinition] = [
        .choice(
            "ansi", "mode", ANSIChoice.self,
            "For ANSI and cast output: pixels (half blocks), text (labels and table rows as characters), kitty, iterm or sixel (images in those graphics protocols), or auto (the terminal's own: see 'refresh-frames preview --help'); default pixels."
        ),
        .value(
            "cols", "n",
            "Columns for ANSI and cast output (default: 80 for a file; the terminal's width, else 80, for stdout)."),
        .choice(
            "colors", "mode", ColorsOption.self,
            "auto, truecolor, 256, 16 or none (default: truecolor for a file; auto for stdout: COLORTERM/TERM, none under NO_COLOR)."
        ),
        .value(
            "cell-size", "WxH",
            "Pixels of a terminal cell for kitty, iterm and sixel images (default: the terminal's on stdout, else 10x20)."
        ),
    ]

    /// `--ansi`'s values: each way of drawing, or `auto`.
    enum ANSIChoice: RawRepresentable, CaseIterable, Equatable {
        case auto
        case mode(TerminalOptions.Mode)

        static var allCases: [ANSIChoice] { TerminalOptions.Mode.allCases.map(ANSIChoice.mode) + [.auto] }

        init?(rawValue: String) {
            if rawValue == "auto" {
                self = .auto
            } else if let mode = TerminalOptions.Mode(rawValue: rawValue) {
                self = .mode(mode)
            } else {
                return nil
            }
        }

        var rawValue: String {
            switch self {
            case .auto: "auto"
            case .mode(let mode): mode.rawValue
            }
        }
    }

    enum ColorsOption: String, CaseIterable {
        case auto, truecolor
        case _256 = "256"
        case _16 = "16"
        case none
    }

    /// `toFile`: the frames go to a file, whose bytes must not depend on the terminal that wrote
    /// it, so the defaults are fixed (80 columns, 24-bit colour, 10×20-pixel cells); stdout and
    /// the live terminal follow the terminal's width, cell size and `COLORTERM`/`TERM`/`NO_COLOR`.
    static func options(_ args: ParsedArguments, environment: [String: String], command: String, toFile: Bool = false)
        throws(CLIError) -> TerminalOptions
    {
        let mode = try mode(args, environment: environment, command: command)
        let columns = try args.integer("cols", command: command, in: 10...1000)
        let cell = try cellSize(args, command: command, asking: mode.graphics != nil && !toFile)
        return TerminalOptions(
            mode: mode, columns: columns ?? (toFile ? 80 : Terminal.size()?.columns ?? 80),
            colors: try colorMode(args, environment: environment, command: command, toFile: toFile), cell: cell)
    }

    /// `--ansi`, with `auto` worked out from the terminal (`GraphicsDetection`).
    static func mode(_ args: ParsedArguments, environment: [String: String], command: String) throws(CLIError)
        -> TerminalOptions.Mode
    {
        switch try args.choice("ansi", command: command, as: ANSIChoice.self) ?? .mode(.pixels) {
        case .mode(let mode): return mode
        case .auto: return GraphicsDetection.mode(environment: environment, reply: GraphicsDetection.probe)
        }
    }

    /// `--cell-size WxH`, else (`asking`) the terminal's, else `CellSize.standard`.
    static func cellSize(_ args: ParsedArguments, command: String, asking: Bool) throws(CLIError) -> CellSize {
        if let text = args.value("cell-size") {
            let parts = text.split(separator: "x", omittingEmptySubsequences: false)
            guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]), (1...200).contains(width),
                (1...400).contains(height)
            else {
                throw .usage(
                    "Invalid value '\(text)' for '--cell-size': expected WIDTHxHEIGHT in pixels, e.g. 10x20 (width 1 to 200, height 1 to 400).",
                    command: command)
            }
            return CellSize(width: width, height: height)
        }
        return asking ? Terminal.cellSize() : .standard
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

    /// The cell's pixels: the kernel's window size, else the terminal's answer to `CSI 16 t` /
    /// `CSI 14 t`, else `CellSize.standard`.
    static func cellSize() -> CellSize {
        if let cell = TerminalProbe.windowCell() { return CellSize(width: cell.width, height: cell.height) }
        let size = Terminal.size() ?? (80, 24)
        if let cell = GraphicsDetection.probe?.cell(columns: size.columns, rows: size.rows) {
            return CellSize(width: max(1, cell.width), height: max(1, cell.height))
        }
        return .standard
    }
}
