import Foundation
import Testing

/// What `preview --watch` prints about a spec that does not load reaches a real terminal escaped
/// (issue 26): the same tmux session as the other preview tests (an extension, so they never run at once).
extension PreviewTests {
    /// A colour holding OSC 52 (set the clipboard) in a broken spec: with tmux accepting OSC 52
    /// (`set-clipboard on`), an unescaped status line would leave a paste buffer holding the payload.
    @Test func aBrokenSpecsErrorCannotSetTheClipboard() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let spec = dir + "/w.json"
        func save(_ text: String) throws {
            try Data(text.utf8).write(to: URL(fileURLWithPath: spec + ".tmp"))
            #expect(rename(spec + ".tmp", spec) == 0)
        }
        try save(validSpec)
        try start("cd \(dir) && \(binaryPath) preview w.json --ansi text --watch")
        defer { _ = try? tmux(["kill-session", "-t", session]) }
        _ = try tmux(["set-option", "-s", "set-clipboard", "on"])
        #expect(try waitFor("pull"))
        // "UFdORUQ=" is base64 for PWNED.
        try save(
            replacing(validSpec, #""text": "A""#, #""text": "A", "textColor": "\u001b]52;c;UFdORUQ=\u0007\u009b2J\n""#))
        let shown = try waitFor(#"\u{1B}]52;c;UFdORUQ=\u{7}\u{9B}2J\n"#, seconds: 5)
        let screen = try pane()
        #expect(shown, "\(screen)")
        usleep(300_000)
        #expect(try tmux(["list-buffers", "-F", "#{buffer_sample}"]).isEmpty, "a paste buffer was set")
        let rows = try pane().split(separator: "\n", omittingEmptySubsequences: false)
        #expect(rows.filter { $0.contains("error") }.count == 1, "the error stays on one row")
        _ = try tmux(["send-keys", "-t", session, "q"])
        #expect(try waitFor("EXIT=0"))
    }
}
