import Foundation
import RefreshFrames
import RefreshFramesCommandLine
import RefreshFramesCore

/// The `refresh-frames` program: parses the subcommand, runs it, maps every failure to its exit status.
package enum RefreshFramesCommand {
    package static let version = RefreshFramesVersion.current

    typealias Subcommand = RefreshFramesCommandLine.Subcommand

    static var subcommands: [Subcommand] {
        [ValidateCommand.subcommand, StateCommand.subcommand, TimelineCommand.subcommand] + extraSubcommands
    }

    static var tool: CommandLineTool {
        CommandLineTool(
            abstract: "Render custom pull-to-refresh animations from a JSON spec, without an iPhone.", version: version,
            subcommands: subcommands)
    }

    /// Runs with `arguments` (argv, program name first) and returns the exit status.
    package static func main(_ arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment)
        -> Int32
    {
        tool.main(arguments, environment: environment)
    }

    package static func exit(_ code: Int32) -> Never { Foundation.exit(code) }
}

/// `--now` appears on every command that builds a timeline.
let nowOption = OptionDefinition.value(
    "now", "seconds|date", "The clock for {now:…} titles (default: SOURCE_DATE_EPOCH, else the real time).")

/// `--appearance` appears on every command that builds a timeline, beside `--now`.
let appearanceOption = OptionDefinition.choice(
    "appearance", "light|dark", Appearance.self,
    "The appearance semantic colours (label, systemBackground…) resolve for (default: the spec's, else light).")
