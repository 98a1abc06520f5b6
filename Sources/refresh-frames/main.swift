import RefreshFramesCLI

RefreshFramesCommand.exit(RefreshFramesCommand.main(CommandLine.arguments))
