import Foundation

/// The process's standard streams, written without buffering surprises.
enum Output {
    static func out(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    static func err(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }

    static func outBytes(_ bytes: [UInt8]) {
        FileHandle.standardOutput.write(Data(bytes))
    }

    static var stderrIsTerminal: Bool { isatty(2) == 1 }
    static var stdoutIsTerminal: Bool { isatty(1) == 1 }
}
