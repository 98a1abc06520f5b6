import Foundation
import Testing

/// `--generate-completion-script` prints scripts that the shells parse; fish is checked only
/// where it is installed (scripts/setup installs zsh, not fish).
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
            // Not installed here (fish on this project's machine): only the text is checked.
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

    /// zsh's `_arguments` specs and fish's `-a` lists name the same values (their functions need an
    /// interactive completion system; the scripts are parsed by `zsh -n` above).
    @Test func zshAndFishNameTheFixedValues() throws {
        let zsh = try run(["--generate-completion-script", "zsh"]).stdout
        #expect(zsh.contains(":mode:(pixels text kitty iterm sixel auto)'"))
        #expect(
            zsh.contains(
                "'--colors[auto, truecolor, 256, 16 or none (default auto)]:mode:(auto truecolor 256 16 none)'"))
        #expect(!zsh.contains(":mode:_files"))
        let fish = try run(["--generate-completion-script", "fish"]).stdout
        #expect(fish.contains("-l ansi -x -a 'pixels text kitty iterm sixel auto'"))
        #expect(fish.contains("-l output -s o -r -F"))
    }

    @Test func anUnknownShellIsAUsageError() throws {
        let r = try run(["--generate-completion-script", "tcsh"])
        #expect(r.status == 64)
        #expect(r.stderr.hasPrefix("Error: '--generate-completion-script' expects one of bash, zsh, fish.\n"))
    }
}
