import Foundation
import RefreshFramesCore

/// The process's standard streams, written without buffering surprises.
///
/// Text goes through `TerminalText.escaped`, so a string from a spec cannot reach the terminal as a
/// control sequence; a failed write (a full disk, a closed pipe) ends the process with one line on
/// stderr and exit status 2.
package enum Output {
    package static func out(_ text: String) {
        write(Data(TerminalText.escaped(text).utf8), to: .standardOutput, name: "standard output")
    }

    package static func err(_ text: String) {
        write(Data(TerminalText.escaped(text).utf8), to: .standardError, name: "standard error")
    }

    /// Bytes as they are: images, ANSI streams, the terminal's own control sequences.
    package static func outBytes(_ bytes: [UInt8]) {
        write(Data(bytes), to: .standardOutput, name: "standard output")
    }

    /// Control sequences of our own (progress) on stderr, unescaped.
    package static func errControl(_ text: String) {
        write(Data(text.utf8), to: .standardError, name: "standard error")
    }

    private static func write(_ data: Data, to handle: FileHandle, name: String) {
        do {
            try handle.write(contentsOf: data)
        } catch {
            let reason = OutputFile.describe(error)
            if handle !== FileHandle.standardError {
                try? FileHandle.standardError.write(
                    contentsOf: Data("refresh-frames: error: cannot write to \(name) (\(reason))\n".utf8))
            }
            TemporaryFiles.shared.removeAll()
            exit(ExitCode.badInput)
        }
    }

    package static var stderrIsTerminal: Bool { isatty(2) == 1 }
    package static var stdoutIsTerminal: Bool { isatty(1) == 1 }
}
