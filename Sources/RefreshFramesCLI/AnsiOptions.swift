/// The terminal options of `render` (filled in by the ANSI exporter).
enum AnsiOptions {
    static let options: [OptionDefinition] = []

    static func render(_ request: RenderRequest, args: ParsedArguments, environment: [String: String]) throws(CLIError) {
        throw .usage("ANSI output is not available yet.", command: "render")
    }
}
