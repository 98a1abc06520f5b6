import RefreshFramesCommandLine

extension RefreshFramesCommand {
    static var extraSubcommands: [Subcommand] {
        [
            RenderCommand.subcommand, PreviewCommand.subcommand, CheckCommand.subcommand, CheckCommand.recordSubcommand,
            ImportCommand.subcommand, SwiftCommand.subcommand, SchemaCommand.subcommand,
        ]
    }
}
