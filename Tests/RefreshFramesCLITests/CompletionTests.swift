import Foundation
import Testing

/// `--generate-completion-script` prints scripts that the shells parse, and each shell's completion
/// runs them: bash's function, fish's `complete -C`, zsh's completion system in a terminal.
struct CompletionTests {
    static func shellPath(_ name: String) -> String? {
        ["/usr/bin/\(name)", "/bin/\(name)", "/usr/local/bin/\(name)", "/opt/homebrew/bin/\(name)"].first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }

    @Test(arguments: ["bash", "zsh", "fish"])
    func theScriptParsesAndNamesEveryCommand(shell: String) throws {
        let r = try run(["--generate-completion-script", shell])
        #expect(r.status == 0)
        for command in ["validate", "render", "preview", "check", "import", "fps", "watch"] {
            #expect(r.stdout.contains(command), "\(shell): \(command)")
        }
        guard let path = Self.shellPath(shell) else {
            print("skipped '\(shell) -n': \(shell) is not installed (scripts/setup installs it)")
            return
        }
        let dir = try temporaryDirectory()
        let file = dir + "/completion." + shell
        try Data(r.stdout.utf8).write(to: URL(fileURLWithPath: file))
        let check = try run(["-n", file], executable: path)
        #expect(check.status == 0, "\(shell) -n: \(check.stderr)")
    }

    @Test func bashCompletesSubcommandsAndOptions() throws {
        let r = try run(["--generate-completion-script", "bash"])
        let dir = try temporaryDirectory()
        try Data(r.stdout.utf8).write(to: URL(fileURLWithPath: dir + "/c.bash"))
        let completions = try run(
            [
                "-c",
                """
                source \(dir)/c.bash
                COMP_WORDS=(refresh-frames ren); COMP_CWORD=1; _refresh_frames; echo "${COMPREPLY[@]}"
                COMP_WORDS=(refresh-frames preview --w); COMP_CWORD=2; _refresh_frames; echo "${COMPREPLY[@]}"
                """,
            ], executable: "/bin/bash")
        #expect(completions.stdout == "render\n--watch\n")
    }

    /// After an option of fixed values, bash's completion function offers those values, not files.
    @Test(arguments: [
        ("render --ansi ''", "pixels text kitty iterm sixel auto"),
        ("preview --ansi s", "sixel"),
        ("render --colors 2", "256"),
        ("preview --only ''", "screen control"),
        ("import x.xib --animation ''", "rotate-scale marquee color-dots none"),
        ("check --record ''", "missing all failed"),
        ("render -o ''", "c.bash FILES"),
    ])
    func bashCompletesFixedValues(words: String, expected: String) throws {
        let r = try run(["--generate-completion-script", "bash"])
        let dir = try temporaryDirectory()
        try Data(r.stdout.utf8).write(to: URL(fileURLWithPath: dir + "/c.bash"))
        try Data().write(to: URL(fileURLWithPath: dir + "/FILES"))
        let completions = try run(
            [
                "-c",
                """
                cd \(dir) && source c.bash
                COMP_WORDS=(refresh-frames \(words)); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); _refresh_frames
                echo "${COMPREPLY[@]}"
                """,
            ], executable: "/bin/bash")
        #expect(completions.stdout == expected + "\n", "\(words): \(completions.stderr)")
    }

    /// The cases the zsh and fish tests complete: the words after `refresh-frames`, what is offered.
    /// The directory holds `FILES` (and the script): an option of any value offers files.
    static let fixedValueCases: [(words: String, offered: [String])] = [
        ("ren", ["render"]),
        ("render --ansi ", ["auto", "iterm", "kitty", "pixels", "sixel", "text"]),
        ("preview --colors 2", ["256"]),
        ("preview --only ", ["control", "screen"]),
        ("render --appearance ", ["dark", "light"]),
        ("render --preset ", ["readme"]),
        ("import x.xib --animation ", ["color-dots", "marquee", "none", "rotate-scale"]),
        ("check --record ", ["all", "failed", "missing"]),
        ("render -o ", ["FILES"]),
    ]

    /// fish's own completion machinery (`complete -C`, what Tab calls) over the loaded script. fish
    /// is installed by scripts/setup; where it is absent the test says so and is skipped.
    @Test(.enabled(if: shellPath("fish") != nil, "fish is not installed (scripts/setup installs it)"))
    func fishCompletesFixedValues() throws {
        let dir = try temporaryDirectory()
        try Data(try run(["--generate-completion-script", "fish"]).stdout.utf8).write(
            to: URL(fileURLWithPath: dir + "/c.fish"))
        try Data().write(to: URL(fileURLWithPath: dir + "/FILES"))
        for (words, offered) in Self.fixedValueCases {
            let r = try run(
                ["--no-config", "-c", "cd \(dir); and source c.fish; and complete -C 'refresh-frames \(words)'"],
                executable: Self.shellPath("fish")!)
            #expect(r.status == 0, "\(words): \(r.stderr)")
            // Each candidate is a line: the value, then a tab and its description.
            let values = r.stdout.split(separator: "\n").map { String($0.split(separator: "\t")[0]) }
                .filter { $0 != "c.fish" }.sorted()
            #expect(values == offered, "refresh-frames \(words)")
        }
    }

    /// zsh's completion system as a user meets it: an interactive `zsh -f` in tmux with the script
    /// autoloaded from `fpath` (it is a `#compdef` file) and `compinit`, each line typed and Tab
    /// pressed; the pane shows the completed line or the list of candidates.
    @Test(
        .enabled(
            if: shellPath("zsh") != nil && FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux"),
            "zsh or tmux is not installed (scripts/setup installs both)"))
    func zshCompletesFixedValues() throws {
        let dir = try temporaryDirectory()
        try Data(try run(["--generate-completion-script", "zsh"]).stdout.utf8).write(
            to: URL(fileURLWithPath: dir + "/_refresh_frames"))
        try Data().write(to: URL(fileURLWithPath: dir + "/FILES"))
        // A tmux server of its own: the preview tests' may run at the same time.
        let terminal = PreviewTests(session: "rf-zsh-\(getpid())")
        try terminal.newSession("cd \(dir) && env -i HOME=\(dir) TERM=xterm PS1='%% ' /usr/bin/zsh -f -i", columns: 150)
        defer { _ = try? terminal.tmux(["kill-session", "-t", terminal.session]) }
        _ = try terminal.tmux([
            "send-keys", "-t", terminal.session,
            "fpath=(\(dir) $fpath); autoload -U compinit; compinit -u -D; echo READY$((1 + 1))",
            "Enter",
        ])
        // The output, not the typed line: a key sent before compinit ends would interrupt it.
        #expect(try terminal.waitFor("READY2"))
        for (words, listed) in Self.fixedValueCases {
            // The directory holds the script too, under its autoload name.
            let offered = listed == ["FILES"] ? ["FILES", "_refresh_frames"] : listed
            _ = try terminal.tmux(["send-keys", "-t", terminal.session, "C-c"])
            _ = try terminal.tmux(["send-keys", "-t", terminal.session, "clear", "Enter"])
            for _ in 0..<100 where try terminal.pane().contains("READY") { usleep(50_000) }
            _ = try terminal.tmux(["send-keys", "-t", terminal.session, "refresh-frames " + words, "Tab"])
            // One candidate completes the line; several are listed below it (here, one row).
            let expected =
                offered.count == 1
                ? "% refresh-frames "
                    + words.split(separator: " ").dropLast(words.hasSuffix(" ") ? 0 : 1)
                    .map { $0 + " " }.joined() + offered[0]
                : offered.joined(separator: " ")
            var shown: [String] = []
            for _ in 0..<100 {
                shown = try terminal.pane().split(separator: "\n").map {
                    $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
                }.filter { !$0.isEmpty }
                if shown.contains(where: { $0.hasPrefix(expected) }) { break }
                usleep(50_000)
            }
            #expect(shown.contains { $0.hasPrefix(expected) }, "refresh-frames \(words): \(shown)")
        }
    }

    @Test func anUnknownShellIsAUsageError() throws {
        let r = try run(["--generate-completion-script", "tcsh"])
        #expect(r.status == 64)
        #expect(r.stderr.hasPrefix("Error: '--generate-completion-script' expects one of bash, zsh, fish.\n"))
    }
}
