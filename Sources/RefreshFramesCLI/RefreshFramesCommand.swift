import Foundation
import RefreshFramesCore

/// The `refresh-frames` program: parses the subcommand, runs it, maps every failure to its exit status.
public enum RefreshFramesCommand {
    public static let version = "0.1.0"

    struct Subcommand: Sendable {
        var definition: CommandDefinition
        var run: @Sendable (ParsedArguments, [String: String]) throws(CLIError) -> Int32
    }

    static var subcommands: [Subcommand] {
        [ValidateCommand.subcommand, StateCommand.subcommand, TimelineCommand.subcommand] + extraSubcommands
    }

    static let overview = """
        OVERVIEW: Render custom pull-to-refresh animations from a JSON spec, without an iPhone.

        USAGE: refresh-frames <subcommand> [<arguments>] [options]

        """

    static let exitCodes = """
        EXIT STATUS:
          0   success
          1   a golden check found differences
          2   bad input (spec, files)
          64  command-line usage error

        """

    static var help: String {
        var out =
            overview + "\nOPTIONS:\n" + row("--version", "Show the version.")
            + row("-h, --help", "Show help information.")
            + row("--generate-completion-script <shell>", "Print the bash, zsh or fish completion script.")
        out += "\nSUBCOMMANDS:\n"
        for s in subcommands { out += row(s.definition.name, s.definition.abstract) }
        out += "\n  See 'refresh-frames help <subcommand>' for detailed help.\n"
        out += "\n" + exitCodes
        return out
    }

    /// Runs with `arguments` (argv, program name first) and returns the exit status.
    public static func main(_ arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment)
        -> Int32
    {
        // A closed pipe is a write error (exit 2, one line), not a silent kill.
        signal(SIGPIPE, SIG_IGN)
        let args = Array(arguments.dropFirst())
        guard let first = args.first else {
            Output.out(help)
            return ExitCode.success
        }
        if first == "--help" || first == "-h" {
            Output.out(help)
            return ExitCode.success
        }
        if first == "--version" {
            Output.out("\(version)\n")
            return ExitCode.success
        }
        if first == "--generate-completion-script" {
            guard args.count == 2, let shell = CompletionScript.Shell(rawValue: args[1]) else {
                Output.err(
                    "Error: '--generate-completion-script' expects one of bash, zsh, fish.\nUsage: refresh-frames --generate-completion-script bash|zsh|fish\n"
                )
                return ExitCode.usage
            }
            Output.out(CompletionScript.make(shell, commands: subcommands.map(\.definition)))
            return ExitCode.success
        }
        if first == "help" {
            if args.count > 1, let s = subcommands.first(where: { $0.definition.name == args[1] }) {
                Output.out(s.definition.help + "\n" + exitCodes)
            } else {
                Output.out(help)
            }
            return ExitCode.success
        }
        guard let subcommand = subcommands.first(where: { $0.definition.name == first }) else {
            var message = "Error: Unknown subcommand '\(first)'."
            if let m = closestMatch(to: first, in: subcommands.map(\.definition.name)) {
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
                Output.out(subcommand.definition.help + "\n" + exitCodes)
                return ExitCode.success
            }
            return try subcommand.run(parsed, environment)
        } catch {
            report(error, definition: subcommand.definition)
            return error.exitCode
        }
    }

    static func report(_ error: CLIError, definition: CommandDefinition) {
        switch error {
        case .usage(let message, _):
            Output.err(
                "Error: \(message)\nUsage: \(definition.usage)\n  See 'refresh-frames \(definition.name) --help'.\n")
        case .input(let message):
            Output.err(message + "\n")
        case .differences(let message):
            if !message.isEmpty { Output.err(message + "\n") }
        }
    }

    public static func exit(_ code: Int32) -> Never { Foundation.exit(code) }
}

/// `--now` appears on every command that builds a timeline.
let nowOption = OptionDefinition.value(
    "now", "seconds|date", "The clock for {now:…} titles (default: SOURCE_DATE_EPOCH, else the real time).")
