import Foundation
import RefreshFramesCommandLine
import RefreshFramesExport

/// `--ansi auto`: the way of drawing this terminal supports best, from its environment and, for
/// sixel, its answer to DA1; half blocks when nothing says more.
enum GraphicsDetection {
    /// The terminal's answers, asked once (only when stdin and stdout are a terminal).
    static let probe: TerminalReply? = TerminalProbe.ask()

    /// In order: tmux → kitty or iterm through its passthrough when `tmux` (asked only there: the
    /// preview's, nil for a stream) says it is on and the outer terminal is kitty (its `TERM`
    /// `xterm-kitty`, or `KITTY_WINDOW_ID` from where tmux started) or iTerm2/WezTerm
    /// (`LC_TERMINAL=iTerm2`, `WEZTERM_*`), else half blocks (tmux draws no sixel here: Debian 12's
    /// 3.3a is built without it); kitty (`KITTY_WINDOW_ID`, `TERM=xterm-kitty`) → kitty; iTerm2
    /// (`TERM_PROGRAM=iTerm.app`, `LC_TERMINAL=iTerm2`) and WezTerm (`TERM_PROGRAM=WezTerm`, any
    /// `WEZTERM_*`; its kitty graphics are off unless enabled) → iterm; a DA1 answer listing
    /// attribute 4 → sixel; otherwise half blocks. `reply` is asked for only when the environment
    /// does not decide.
    static func mode(
        environment: [String: String], reply: @autoclosure () -> TerminalReply?,
        tmux: @autoclosure () -> TmuxReply? = nil
    ) -> TerminalOptions.Mode {
        let term = environment["TERM"] ?? ""
        if environment["TMUX"] != nil || term.hasPrefix("tmux") || term.hasPrefix("screen") {
            guard let tmux = tmux(), tmux.passthrough != nil else { return .pixels }
            if tmux.outerTerm == "xterm-kitty" || environment["KITTY_WINDOW_ID"] != nil { return .kitty }
            if environment["LC_TERMINAL"] == "iTerm2" || environment.keys.contains(where: { $0.hasPrefix("WEZTERM_") })
            {
                return .iterm
            }
            return .pixels
        }
        if environment["KITTY_WINDOW_ID"] != nil || term == "xterm-kitty" { return .kitty }
        if environment["TERM_PROGRAM"] == "iTerm.app" || environment["LC_TERMINAL"] == "iTerm2" { return .iterm }
        if environment["TERM_PROGRAM"] == "WezTerm" || environment.keys.contains(where: { $0.hasPrefix("WEZTERM_") }) {
            return .iterm
        }
        if reply()?.drawsSixel == true { return .sixel }
        return .pixels
    }

    /// tmux's answer about the pane the preview runs in (`tmux display -p`): whether it passes
    /// graphics through, where the pane is on the outer terminal, and that terminal's `TERM`.
    struct TmuxReply: Equatable {
        var passthrough: TmuxPassthrough?
        var outerTerm: String

        /// The format `ask` prints.
        static let format =
            "#{version}|#{pane_top}|#{pane_left}|#{status}|#{status-position}|#{allow-passthrough}|#{client_termname}"

        /// Reads `format`'s line. Passthrough needs tmux 3.3 or later (`next-3.4` and a `master`
        /// build count as later) and `allow-passthrough` on (`1` in 3.3, `on` or `all` in 3.4). A
        /// status line at the top (`status` on, or its number of rows) moves the window down.
        init?(_ line: String) {
            let fields = line.trimmingCharacters(in: .whitespacesAndNewlines).split(
                separator: "|", omittingEmptySubsequences: false
            ).map(String.init)
            guard fields.count == 7, let top = Int(fields[1]), let left = Int(fields[2]) else { return nil }
            let version = fields[0].hasPrefix("next-") ? String(fields[0].dropFirst(5)) : fields[0]
            let digits = version.split(separator: ".").map { Int($0.prefix { $0.isNumber }) ?? 0 }
            let recent =
                version == "master" || (digits.first ?? 0) > 3
                || ((digits.first ?? 0) == 3 && digits.count > 1 && digits[1] >= 3)
            let statusRows = fields[4] == "top" ? (fields[3] == "on" ? 1 : Int(fields[3]) ?? 0) : 0
            outerTerm = fields[6]
            passthrough =
                recent && ["1", "on", "all"].contains(fields[5])
                ? TmuxPassthrough(top: top + statusRows, left: left) : nil
        }

        /// Asks the tmux whose pane this is (`TMUX`, `TMUX_PANE`); nil outside tmux or without an answer.
        static func ask(environment: [String: String]) -> TmuxReply? {
            guard environment["TMUX"] != nil else { return nil }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments =
                ["tmux", "display", "-p"] + (environment["TMUX_PANE"].map { ["-t", $0] } ?? []) + [format]
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardError = FileHandle.nullDevice
            process.standardInput = FileHandle.nullDevice
            guard (try? process.run()) != nil else { return nil }
            let data = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            guard process.terminationStatus == 0 else { return nil }
            return TmuxReply(String(decoding: data, as: UTF8.self))
        }
    }
}
