import RefreshFrames
import RefreshFramesCommandLine
import RefreshFramesCore
import RefreshFramesSwiftGen

enum SwiftCommand {
    static let definition = CommandDefinition(
        name: "swift", abstract: "Write the spec as UIKit Swift: a UIView subclass for a UIRefreshControl (iOS 13+).",
        discussion: """
            The class holds the views and labels (texts, fonts, colours, corner radii, tags), the
            constraints as layout anchors, and the animation program as UIView.animate chains with the
            spec's curves, palette, check points, wrap and reset; beginRefreshing() and endRefreshing()
            drive it. The same spec always gives the same bytes; the header names the spec and its
            SHA-256. A spec whose program is already Swift code ("program": {"swift": …}, e.g. from
            import --code) is refused (exit 2) before its code runs: swift writes code only for a JSON
            program, and the app already has that code. See docs/swift.md.
            """,
        arguments: [ArgumentDefinition(name: "spec", help: "The JSON spec file.", isOptional: false)],
        options: [
            .value("output", short: "o", "File.swift", "Where to write the source (default: stdout)."),
            .value(
                "name", "TypeName", "The class name (default: from the spec's file name, e.g. RotateScaleRefreshView)."),
        ])

    static let subcommand = RefreshFramesCommand.Subcommand(definition: definition) { args, _ throws(CLIError) in
        let path = args.positionals[0]
        let name = args.value("name") ?? SwiftGenerator.typeName(forSpecPath: path)
        guard SwiftGenerator.isValidTypeName(name) else {
            throw .usage(
                "Invalid value '\(name)' for '--name': expected a Swift type name (letters, digits, _).",
                command: definition.name)
        }
        let output = args.value("output")
        if let output, output != "-" { try OutputFile.checkTarget(output, protecting: [path]) }
        // Loading builds the timeline too, so a spec the engine refuses is refused here with the same
        // message; a Swift program is refused before its code runs (its warnings would come first).
        try SpecLoader.iOSFonts()
        let loaded = try SpecLoader.input { () throws(LoadError) in
            try RefreshAnimation(contentsOf: path, now: 0) { swift, _ in
                throw SwiftGenerator.refusal(ofSwiftProgram: swift)
            }
        }
        let source: String
        do throws(SpecDiagnostic) {
            source = try SwiftGenerator.generate(
                loaded.spec, specName: path, specBytes: loaded.bytes, typeName: name)
        } catch {
            throw .input(loaded.document.located(error).formatted(file: path))
        }
        if let output, output != "-" {
            try OutputFile.write(Array(source.utf8), to: output)
        } else {
            Output.out(source)
        }
        return ExitCode.success
    }
}
