import Foundation
import RefreshFrames
import RefreshFramesCommandLine
import RefreshFramesCore
import RefreshFramesImport
import RefreshFramesRaster

enum ImportCommand {
    static let definition = CommandDefinition(
        name: "import", abstract: "Write a spec from an Interface Builder .xib (or a storyboard's first scene).",
        discussion: """
            Reads the root view, its subviews at every level (labels, plain and stack views, spinners,
            buttons drawn as their title, image views with the app's images from its asset catalogs or
            loose PNGs; others become placeholders with a warning) and every constraint with Xcode's
            defaults, then solves the layout as 'validate' does and compares it with the frames
            Interface Builder stored. Warnings, the font mapping and any frame that
            differs go to stderr; the spec goes to -o or stdout. The spec carries a default animation
            over the labels in tag order, so 'refresh-frames preview x.json' plays at once.
            """,
        arguments: [ArgumentDefinition(name: "file", help: "The .xib or .storyboard file.", isOptional: false)],
        options: [
            .value("output", short: "o", "spec.json", "Where to write the spec (default: stdout)."),
            .choice(
                "animation", "name", ImportAnimation.self,
                "rotate-scale (default), marquee, color-dots or none: the samples' programs."),
            .value("scene", "name|n", "A storyboard's scene to import: its identifier, class or label, or its number."),
            .value(
                "assets", "dir",
                "The app's asset catalog (default: the *.xcassets in the document's directory and its parents up to the repository root)."
            ),
        ])

    static let subcommand = RefreshFramesCommand.Subcommand(definition: definition) { args, _ throws(CLIError) in
        let path = args.positionals[0]
        let animation = try args.choice("animation", command: definition.name, as: ImportAnimation.self) ?? .rotateScale
        let output = args.value("output")
        if let output, output != "-" { try OutputFile.checkTarget(output, protecting: [path]) }
        let bytes = try SpecLoader.input { () throws(LoadError) in
            try InputFile.read(
                path, limit: Limits.specBytes, limitName: "specBytes", expected: "a .xib or .storyboard file")
        }
        try SpecLoader.iOSFonts()
        let images = try ImportImageFinder.images(
            document: path, output: output == "-" ? nil : output, assets: args.value("assets"))
        let result: ImportResult
        do {
            result = try XIBImporter.importDocument(
                bytes, fileName: path, animation: animation, measurer: .fonts,
                isFontInstalled: { FontBook.isInstalled(family: $0) },
                standIn: { try? FontBook.shared.standIn(for: $0) },
                scene: args.value("scene"), baselineOffset: { try? FontBook.shared.baselineOffset(font: $0) },
                images: images)
        } catch let error as ImportError {
            throw .input(error.formatted(file: path))
        } catch {
            throw .input("\(path): error: \(error)")
        }
        let fontNote = { (name: String) in FontBook.shared.metricsNote(for: FontSpec(family: name, size: 17)) }
        for line in ImportReport.lines(for: result, path: path, fontNote: fontNote) { Output.err(line + "\n") }
        if let output, output != "-" {
            try OutputFile.write(Array(result.specJSON.utf8), to: output)
            Output.err("wrote \(output): \(result.summary)\n")
        } else {
            Output.out(result.specJSON)
        }
        return ExitCode.success
    }
}
