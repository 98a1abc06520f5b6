import RefreshFramesCommandLine
import RefreshFramesExport
import Testing

@testable import RefreshFramesCLI

/// `--ansi auto`: the environment first, then DA1 for sixel, else half blocks.
struct GraphicsDetectionTests {
    static let sixel = TerminalReply(attributes: [63, 1, 2, 4, 6])
    static let noSixel = TerminalReply(attributes: [62])

    static let cases: [([String: String], TerminalReply?, TerminalOptions.Mode)] = [
        (["TERM": "xterm-kitty"], nil, .kitty),
        (["TERM": "xterm-256color", "KITTY_WINDOW_ID": "1"], nil, .kitty),
        (["TERM_PROGRAM": "iTerm.app"], nil, .iterm),
        (["LC_TERMINAL": "iTerm2", "TERM": "xterm-256color"], nil, .iterm),
        (["TERM_PROGRAM": "WezTerm"], sixel, .iterm),
        (["WEZTERM_PANE": "0", "TERM": "xterm-256color"], nil, .iterm),
        (["TERM": "xterm"], sixel, .sixel),
        (["TERM": "xterm"], noSixel, .pixels),
        (["TERM": "xterm"], nil, .pixels),
        // tmux without its passthrough (not asked here) passes no images, whatever terminal it runs in.
        (["TERM": "tmux-256color", "KITTY_WINDOW_ID": "1"], sixel, .pixels),
        (["TERM": "screen", "TMUX": "/tmp/tmux-0/default,1,0"], sixel, .pixels),
    ]

    @Test(arguments: cases)
    func picksTheTerminalsGraphics(environment: [String: String], reply: TerminalReply?, expected: TerminalOptions.Mode)
    {
        #expect(GraphicsDetection.mode(environment: environment, reply: reply) == expected)
    }

    /// The terminal is asked only when the environment does not decide.
    @Test func asksTheTerminalOnlyWhenNeeded() {
        var asked = 0
        func reply() -> TerminalReply? {
            asked += 1
            return Self.sixel
        }
        _ = GraphicsDetection.mode(environment: ["TERM": "xterm-kitty"], reply: reply())
        _ = GraphicsDetection.mode(environment: ["TMUX": "x"], reply: reply())
        #expect(asked == 0)
        _ = GraphicsDetection.mode(environment: ["TERM": "xterm"], reply: reply())
        #expect(asked == 1)
    }

    /// tmux's answer to `display -p` (`TmuxReply.format`): passthrough from 3.3 with
    /// `allow-passthrough` on (`1` in 3.3, `on`/`all` in 3.4), the pane's place moved down by a
    /// status line at the top.
    @Test(arguments: [
        ("3.3a|0|0|on|bottom|1|xterm-kitty", TmuxPassthrough(top: 0, left: 0), "xterm-kitty"),
        ("3.3a|0|0|on|bottom|0|xterm-kitty", nil, "xterm-kitty"),
        ("3.2a|0|0|on|bottom|1|xterm-kitty", nil, "xterm-kitty"),
        ("3.4|5|51|on|top|on|xterm-256color", TmuxPassthrough(top: 6, left: 51), "xterm-256color"),
        ("next-3.4|0|0|2|top|all|xterm", TmuxPassthrough(top: 2, left: 0), "xterm"),
        ("3.5a|3|0|off|top|all|xterm", TmuxPassthrough(top: 3, left: 0), "xterm"),
        ("3.3a|0|0|on|bottom|off|xterm", nil, "xterm"),
    ])
    func readsTmuxsAnswer(line: String, passthrough: TmuxPassthrough?, outer: String) throws {
        let reply = try #require(GraphicsDetection.TmuxReply(line + "\n"))
        #expect(reply.passthrough == passthrough)
        #expect(reply.outerTerm == outer)
        #expect(GraphicsDetection.TmuxReply("3.3a|0|0") == nil)
    }

    /// In tmux, kitty or iTerm2 outside it are used through passthrough when tmux says it is on.
    @Test(arguments: [
        (
            ["TMUX": "/tmp/t,1,0", "TERM": "tmux-256color"], "3.3a|0|0|on|bottom|1|xterm-kitty",
            TerminalOptions.Mode.kitty
        ),
        (["TMUX": "/tmp/t,1,0", "KITTY_WINDOW_ID": "1"], "3.3a|0|0|on|bottom|1|tmux-256color", .kitty),
        (["TMUX": "/tmp/t,1,0", "LC_TERMINAL": "iTerm2"], "3.3a|0|0|on|bottom|1|xterm-256color", .iterm),
        (["TMUX": "/tmp/t,1,0", "TERM": "tmux-256color"], "3.3a|0|0|on|bottom|1|xterm-256color", .pixels),
        (["TMUX": "/tmp/t,1,0", "KITTY_WINDOW_ID": "1"], "3.3a|0|0|on|bottom|0|xterm-kitty", .pixels),
    ])
    func tmuxsPassthroughCarriesKittyAndITerm(
        environment: [String: String], answer: String, expected: TerminalOptions.Mode
    ) {
        #expect(
            GraphicsDetection.mode(
                environment: environment, reply: Self.sixel, tmux: GraphicsDetection.TmuxReply(answer))
                == expected)
    }
}
