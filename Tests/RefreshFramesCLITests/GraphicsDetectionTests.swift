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
        // tmux passes no images through (3.3a), whatever terminal it runs in.
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
}
