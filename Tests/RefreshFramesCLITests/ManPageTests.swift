import Foundation
import RefreshFramesTestSupport
import Testing

/// scripts/manpage (what scripts/install installs): every subcommand's --help reads in `man` as
/// it does in the terminal, line for line, not filled and hyphenated after the first section.
struct ManPageTests {
    static let man = "/usr/bin/man"

    @Test(
        .enabled(if: FileManager.default.isExecutableFile(atPath: man), "needs man (man-db)"),
        arguments: ["render", "preview", "check"])
    func eachCommandsHelpIsPreformatted(command: String) throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let script = repositoryRoot.appendingPathComponent("scripts/manpage").path
        let shown = try run(
            [
                "-c", "\"$0\" \"$1\" > \"$2/rf.1\" && MANWIDTH=200 man -l \"$2/rf.1\" | col -bx", script, binaryPath,
                dir,
            ],
            executable: "/bin/sh")
        #expect(shown.status == 0, "\(shown.stderr)")
        let lines = Set(shown.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) })
        let help = try run([command, "--help"]).stdout.split(separator: "\n")
        #expect(help.count > 5)
        for line in help {
            let text = line.trimmingCharacters(in: .whitespaces)
            if text.isEmpty { continue }
            #expect(lines.contains(text), "\(command): '\(text)' is not a line of the man page")
        }
    }
}
