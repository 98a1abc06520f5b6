extension RefreshFramesCommand {
    static var extraSubcommands: [Subcommand] { [RenderCommand.subcommand, PreviewCommand.subcommand, ImportCommand.subcommand] }
}
