extension RefreshFramesCommand {
    static var extraSubcommands: [Subcommand] { [] }
}
