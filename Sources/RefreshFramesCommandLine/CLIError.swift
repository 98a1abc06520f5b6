/// Every way a command can fail, each with the exit status the README documents.
package enum CLIError: Error, Sendable {
    /// Bad command line: exit 64, with the usage line and a pointer to `--help`.
    case usage(String, command: String?)
    /// Bad input (spec, files): exit 2, one line.
    case input(String)
    /// A golden check found differences: exit 1 (the report was already printed).
    case differences(String)

    /// The message alone, as one line.
    package var message: String {
        switch self {
        case .usage(let text, _), .input(let text), .differences(let text): text
        }
    }

    package var exitCode: Int32 {
        switch self {
        case .usage: 64
        case .input: 2
        case .differences: 1
        }
    }
}

package enum ExitCode {
    package static let success: Int32 = 0
    package static let differences: Int32 = 1
    package static let badInput: Int32 = 2
    package static let usage: Int32 = 64
}
