import Foundation
import RefreshFramesCommandLine
import RefreshFramesCore
import RefreshFramesExport
import RefreshFramesRaster

/// A spec read from disk and turned into a timeline, with what is needed to report on it.
struct LoadedSpec {
    /// The file name as the user gave it, or `<built-in rotate-scale>`.
    var path: String
    var document: SpecDocument
    /// The document's timeline, or one rebuilt from it (the preview's, after it ends refreshing early).
    var timeline: Timeline

    var bytes: [UInt8] { document.bytes }
    var spec: Spec { document.spec }
    var now: Int64 { document.now }

    var provenance: Provenance {
        Provenance(tool: RefreshFramesCommand.version, specName: path, specBytes: bytes, now: now)
    }
}

enum SpecLoader {
    /// The name the README and messages use for the built-in default.
    static let builtInName = "<built-in rotate-scale>"

    /// Reads a spec file (limit: specBytes).
    static func readSpec(_ path: String) throws(CLIError) -> [UInt8] {
        try InputFile.read(path, limit: Limits.specBytes, limitName: "specBytes", expected: "a JSON spec file")
    }

    /// Loads SPEC (or the built-in default when nil) and builds its timeline.
    static func load(_ path: String?, now: Int64) throws(CLIError) -> LoadedSpec {
        let name = path ?? builtInName
        let bytes = try path.map { p throws(CLIError) in try readSpec(p) } ?? Array(BuiltInSpec.rotateScale.utf8)
        let directory = path.map(FilePath.directory(of:)) ?? ""
        do {
            let document = try SpecDocument(bytes: bytes, now: now, measurer: fontMeasurer) {
                spec throws(SpecDiagnostic) in
                try registerFonts(of: spec, directory: directory)
                spec.images = try ImageFiles.load(spec, directory: directory)
            }
            return LoadedSpec(path: name, document: document, timeline: document.timeline)
        } catch {
            throw .input(error.formatted(file: name))
        }
    }

    /// Opens the spec's own font files (`"fonts"`, relative to the spec's directory) so its labels can
    /// name their families. A missing or unreadable file is bad input at its JSON path.
    static func registerFonts(of spec: Spec, directory: String) throws(SpecDiagnostic) {
        for (index, file) in spec.fonts.enumerated() {
            let resolved = fontFile(file, directory: directory)
            func fail(_ message: String) -> SpecDiagnostic {
                SpecDiagnostic(path: "fonts[\(index)]", location: nil, message: message)
            }
            var info = stat()
            guard stat(resolved, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
                throw fail("font file '\(file)' not found (looked for '\(resolved)')")
            }
            do {
                try FontBook.shared.register(fontFile: resolved)
            } catch {
                throw fail("'\(file)' is not a font file FreeType can read")
            }
        }
    }

    /// A `"fonts"` entry as a path: relative to the spec's directory.
    static func fontFile(_ file: String, directory: String) -> String {
        file.hasPrefix("/") || directory.isEmpty ? file : directory + "/" + file
    }

    /// The files a loaded spec reads: the spec itself and its font files (none for the built-in).
    static func files(of loaded: LoadedSpec) -> [String] {
        guard loaded.path != builtInName else { return [] }
        let directory = FilePath.directory(of: loaded.path)
        let images = loaded.spec.images.files.map { fontFile($0.file, directory: directory) }
        return [loaded.path] + loaded.spec.fonts.map { fontFile($0, directory: directory) } + images
    }

    static let fontMeasurer = TextMeasurer { text, font in
        try FontBook.shared.measure(text, font: font)
    }

    /// The clock of a command's `--now`.
    static func clock(_ args: ParsedArguments, environment: [String: String]) throws(CLIError) -> Int64 {
        try clock(args.value("now"), environment: environment, command: args.command)
    }

    /// `--now` (seconds since 1970 or `yyyy-MM-ddTHH:mm:ssZ`), else SOURCE_DATE_EPOCH, else the real clock.
    static func clock(_ option: String?, environment: [String: String], command: String) throws(CLIError) -> Int64 {
        if let option {
            if let seconds = Int64(option) { return seconds }
            let formatter = ISO8601DateFormatter()
            if let date = formatter.date(from: option) { return Int64(date.timeIntervalSince1970) }
            throw .usage(
                "Invalid value '\(option)' for '--now': expected seconds since 1970 or 2016-02-14T12:00:00Z.",
                command: command)
        }
        if let epoch = environment["SOURCE_DATE_EPOCH"] {
            guard let seconds = Int64(epoch) else {
                throw .input("SOURCE_DATE_EPOCH: error: '\(epoch)' is not a whole number of seconds")
            }
            return seconds
        }
        return Int64(Date().timeIntervalSince1970)
    }
}
