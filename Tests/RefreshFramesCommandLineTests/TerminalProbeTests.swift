import RefreshFramesCommandLine
import Testing

/// What the terminal answers to `CSI 16 t`, `CSI 14 t` and DA1, as real terminals answer.
struct TerminalProbeTests {
    static let answers: [(String, String, TerminalReply)] = [
        // kitty 0.26.5 under Xvfb (8×17 cells, 816×510 text area).
        (
            "kitty", "\u{1B}[6;17;8t\u{1B}[4;510;816t\u{1B}[?62;c",
            TerminalReply(cellPixels: (8, 17), textAreaPixels: (816, 510), attributes: [62])
        ),
        // xterm 379 -ti vt340 under Xvfb: no answer to the window ops (disallowed by default; its
        // TIOCGWINSZ has the pixels), DA1 with 4 (sixel).
        (
            "xterm vt340", "\u{1B}[?63;1;2;4;6;9;15;16;22;28c",
            TerminalReply(attributes: [63, 1, 2, 4, 6, 9, 15, 16, 22, 28])
        ),
        // tmux 3.3a: its own DA1, no sixel.
        ("tmux", "\u{1B}[?1;2c", TerminalReply(attributes: [1, 2])),
        // A key typed meanwhile, then the answer cut before DA1 came.
        ("typed, cut", "k\u{1B}[6;20;10t\u{1B}[?6", TerminalReply(cellPixels: (10, 20))),
        ("nothing", "", TerminalReply()),
    ]

    @Test(arguments: answers)
    func answersParse(name: String, bytes: String, expected: TerminalReply) {
        #expect(TerminalReply.parse(Array(bytes.utf8)) == expected, "\(name)")
    }

    @Test func theCellComesFromCSI16tElseTheTextArea() {
        #expect(TerminalReply(cellPixels: (8, 17)).cell(columns: 100, rows: 30)! == (8, 17))
        #expect(TerminalReply(textAreaPixels: (800, 510)).cell(columns: 100, rows: 30)! == (8, 17))
        #expect(TerminalReply(attributes: [4]).cell(columns: 100, rows: 30) == nil)
        #expect(TerminalReply(attributes: [63, 4]).drawsSixel)
        #expect(!TerminalReply(attributes: [62]).drawsSixel)
    }
}
