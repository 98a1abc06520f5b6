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
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = ["-n", file]
        let err = Pipe()
        process.standardError = err
        try process.run()
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(shell) -n: \(message)")
    }

    @Test func bashCompletesSubcommandsAndOptions() throws {
        let r = try run(["--generate-completion-script", "bash"])
        let dir = try temporaryDirectory()
        try Data(r.stdout.utf8).write(to: URL(fileURLWithPath: dir + "/c.bash"))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [
            "-c",
            """
            source \(dir)/c.bash
            COMP_WORDS=(refresh-frames ren); COMP_CWORD=1; _refresh_frames; echo "${COMPREPLY[@]}"
            COMP_WORDS=(refresh-frames preview --w); COMP_CWORD=2; _refresh_frames; echo "${COMPREPLY[@]}"
            """,
        ]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(text == "render\n--watch\n")
    }

    @Test func anUnknownShellIsAUsageError() throws {
        let r = try run(["--generate-completion-script", "tcsh"])
        #expect(r.status == 64)
        #expect(r.stderr.hasPrefix("Error: '--generate-completion-script' expects one of bash, zsh, fish.\n"))
    }
}
