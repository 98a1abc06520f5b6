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
            differs go to stderr; the spec goes to -o or stdout.

            With --code, the spec refers to the xib and to the app's Swift files instead of copying
            them ("xib": …, "program": {"swift": …}, paths relative to the spec's directory): render,
            preview --watch and check read the xib's layout and run the code as they are at every
            run, and a golden the code changed fails naming the file. The scenario is a pull to the
            control's height; the import plays it once and says what played. Without --code the
            spec carries one of the samples' animations over the labels in tag order (the summary
            names it), so 'refresh-frames preview x.json' plays at once.
            """,
        arguments: [ArgumentDefinition(name: "file", help: "The .xib or .storyboard file.", isOptional: false)],
        options: [
            .value("output", short: "o", "spec.json", "Where to write the spec (default: stdout)."),
            .repeatable(
                "code", "file.swift",
                "The app's Swift code that animates the xib, as the spec's program (again for more files)."),
            .value("class", "name", "The class to drive when the --code files hold several (as \"class\")."),
            .choice(
                "animation", "name", ImportAnimation.self,
                "Without --code: rotate-scale (default), marquee, color-dots or none: the samples' programs."),
            .value("scene", "name|n", "A storyboard's scene to import: its identifier, class or label, or its number."),
            .value(
                "assets", "dir",
                "The app's asset catalog (default: the *.xcassets in the document's directory and its parents up to the repository root)."
            ),
        ])

    static let subcommand = RefreshFramesCommand.Subcommand(definition: definition) { args, _ throws(CLIError) in
        let path = args.positionals[0]
        let code = args.all("code")
        if !code.isEmpty, args.has("animation") {
            throw .usage(
                "'--animation' and '--code' cannot be given together: the code is the animation.",
                command: definition.name)
        }
        if code.isEmpty, args.has("class") {
            throw .usage("'--class' names a class of the '--code' files; give '--code'.", command: definition.name)
        }
        let animation =
            code.isEmpty
            ? try args.choice("animation", command: definition.name, as: ImportAnimation.self) ?? .rotateScale : .none
        let output = args.value("output")
        if let output, output != "-" { try OutputFile.checkTarget(output, protecting: [path] + code) }
        try ImportCode.check(code)
        let bytes = try SpecLoader.input { () throws(LoadError) in
            try InputFile.read(
                path, limit: Limits.specBytes, limitName: "specBytes", expected: "a .xib or .storyboard file")
        }
        try SpecLoader.iOSFonts()
        let images = try ImportImageFinder.images(
            document: path, outputDirectory: output.map { $0 == "-" ? "" : FilePath.directory(of: $0) } ?? "",
            assets: args.value("assets"))
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
        let toFile = output.flatMap { $0 == "-" ? nil : $0 }
        var spec = result.specJSON
        let played: String
        if code.isEmpty {
            played = ImportCode.attachedAnimation(result, animation)
        } else {
            let written = try ImportCode.spec(
                document: path, scene: args.value("scene"), code: code, className: args.value("class"),
                imported: result, output: toFile)
            spec = written.json
            played = written.played
        }
        Output.err(played + "\n")
        if let toFile {
            try OutputFile.write(Array(spec.utf8), to: toFile)
            Output.err("wrote \(toFile): \(result.summary)\n")
        } else {
            Output.out(spec)
        }
        return ExitCode.success
    }
}
