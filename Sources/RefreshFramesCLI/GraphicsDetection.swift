import RefreshFramesCommandLine
import RefreshFramesExport

/// `--ansi auto`: the way of drawing this terminal supports best, from its environment and, for
/// sixel, its answer to DA1; half blocks when nothing says more.
enum GraphicsDetection {
    /// The terminal's answers, asked once (only when stdin and stdout are a terminal).
    static let probe: TerminalReply? = TerminalProbe.ask()

    /// In order: tmux (which passes no images through, as Debian 12's 3.3a) → half blocks; kitty
    /// (`KITTY_WINDOW_ID`, `TERM=xterm-kitty`) → kitty; iTerm2 (`TERM_PROGRAM=iTerm.app`,
    /// `LC_TERMINAL=iTerm2`) and WezTerm (`TERM_PROGRAM=WezTerm`, any `WEZTERM_*`; its kitty
    /// graphics are off unless enabled) → iterm; a DA1 answer listing attribute 4 → sixel;
    /// otherwise half blocks. `reply` is asked for only when the environment does not decide.
    static func mode(environment: [String: String], reply: @autoclosure () -> TerminalReply?) -> TerminalOptions.Mode {
        let term = environment["TERM"] ?? ""
        if environment["TMUX"] != nil || term.hasPrefix("tmux") || term.hasPrefix("screen") { return .pixels }
        if environment["KITTY_WINDOW_ID"] != nil || term == "xterm-kitty" { return .kitty }
        if environment["TERM_PROGRAM"] == "iTerm.app" || environment["LC_TERMINAL"] == "iTerm2" { return .iterm }
        if environment["TERM_PROGRAM"] == "WezTerm" || environment.keys.contains(where: { $0.hasPrefix("WEZTERM_") }) {
            return .iterm
        }
        if reply()?.drawsSixel == true { return .sixel }
        return .pixels
    }
}
