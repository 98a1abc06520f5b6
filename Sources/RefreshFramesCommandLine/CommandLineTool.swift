import Foundation
import RefreshFramesCore

/// One subcommand: its interface and what it does with the parsed arguments and the environment.
package struct Subcommand: Sendable {
    package var definition: CommandDefinition
    package var run: @Sendable (ParsedArguments, [String: String]) throws(CLIError) -> Int32

    package init(
        definition: CommandDefinition,
        run: @escaping @Sendable (ParsedArguments, [String: String]) throws(CLIError) -> Int32
    ) {
        self.definition = definition
        self.run = run
    }
}

/// The program around the subcommands: `--help`, `--version`, `help NAME`, completion scripts,
/// unknown subcommands, and every failure mapped to its exit status with one message.
package struct CommandLineTool: Sendable {
    /// The first line of `--help`.
    package var abstract: String
    package var version: String
    package var subcommands: [Subcommand]

    package init(abstract: String, version: String, subcommands: [Subcommand]) {
        self.abstract = abstract
        self.version = version
        self.subcommands = subcommands
    }

    package static let exitCodes = """
        EXIT STATUS:
          0   success
          1   a golden check found differences
          2   bad input (spec, files)
          64  command-line usage error

        """

    package var help: String {
        var out = "OVERVIEW: \(abstract)\n\nUSAGE: refresh-frames <subcommand> [<arguments>] [options]\n"
        out += "\nOPTIONS:\n" + row("--version", "Show the version.") + row("-h, --help", "Show help information.")
        out += row("--generate-completion-script <shell>", "Print the bash, zsh or fish completion script.")
        out += "\nSUBCOMMANDS:\n"
        for s in subcommands { out += row(s.definition.name, s.definition.abstract) }
        out += "\n  See 'refresh-frames help <subcommand>' for detailed help.\n"
        out += "\n" + Self.exitCodes
        return out
    }

    /// Runs with `arguments` (argv, program name first) and returns the exit status.
    package func main(_ arguments: [String], environment: [String: String]) -> Int32 {
        // A closed pipe is a write error (exit 2, one line), not a silent kill.
        signal(SIGPIPE, SIG_IGN)
        let args = Array(arguments.dropFirst())
        switch args.first {
        case nil, "--help", "-h":
            Output.out(help)
            return ExitCode.success
        case "--version":
            Output.out("\(version)\n")
            return ExitCode.success
        case "--generate-completion-script":
            guard args.count == 2, let shell = CompletionScript.Shell(rawValue: args[1]) else {
                Output.err(
                    "Error: '--generate-completion-script' expects one of bash, zsh, fish.\nUsage: refresh-frames --generate-completion-script bash|zsh|fish\n"
                )
                return ExitCode.usage
            }
            Output.out(CompletionScript.make(shell, commands: subcommands.map(\.definition)))
            return ExitCode.success
        case "help":
            if args.count > 1, let s = subcommands.first(where: { $0.definition.name == args[1] }) {
                Output.out(s.definition.help + "\n" + Self.exitCodes)
            } else {
                Output.out(help)
            }
            return ExitCode.success
        default: break
        }
        let name = args[0]
        guard let subcommand = subcommands.first(where: { $0.definition.name == name }) else {
            var message = "Error: Unknown subcommand '\(name)'."
            if let m = closestMatch(to: name, in: subcommands.map(\.definition.name)) {
                message += " Did you mean '\(m)'?"
            }
            Output.err(
                message
                    + "\nUsage: refresh-frames <subcommand> [<arguments>] [options]\n  See 'refresh-frames --help'.\n")
            return ExitCode.usage
        }
        do {
            let parsed = try subcommand.definition.parse(Array(args.dropFirst()))
            if parsed.wantsHelp {
                Output.out(subcommand.definition.help + "\n" + Self.exitCodes)
                return ExitCode.success
            }
            // From here a signal that ends the command first removes what it has not finished writing.
            TemporaryFiles.shared.installSignalHandlers()
            try FontEnvironment.check(environment)
            return try subcommand.run(parsed, environment)
        } catch {
            Self.report(error, definition: subcommand.definition)
            return error.exitCode
        }
    }

    static func report(_ error: CLIError, definition: CommandDefinition) {
        switch error {
        case .usage(let message, _):
            Output.err(
                "Error: \(TerminalText.escaped(message, oneLine: true))\nUsage: \(definition.usage)\n  See 'refresh-frames \(definition.name) --help'.\n"
            )
        case .input(let message):
            // One line, whatever a path or a value in it holds.
            Output.err(TerminalText.escaped(message, oneLine: true) + "\n")
        case .differences(let message):
            if !message.isEmpty { Output.err(message + "\n") }
        }
    }
}
