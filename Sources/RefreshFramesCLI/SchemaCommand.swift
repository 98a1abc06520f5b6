import RefreshFramesCommandLine
import RefreshFramesCore

enum SchemaCommand {
    static let definition = CommandDefinition(
        name: "schema", abstract: "Print the JSON Schema (draft 2020-12) of a spec, for editors and validators.",
        discussion: """
            The same text as schema/refresh-frames.schema.json. A spec may name it in "$schema";
            docs/spec.md shows how to point VS Code at it.
            """)

    static let subcommand = RefreshFramesCommand.Subcommand(definition: definition) { _, _ throws(CLIError) in
        Output.out(SpecSchema.text)
        return ExitCode.success
    }
}
