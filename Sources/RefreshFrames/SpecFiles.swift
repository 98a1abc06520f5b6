import Foundation
import RefreshFramesCore
import RefreshFramesRaster

/// The files a spec names beside itself, found relative to its directory and listed for `--watch`
/// (`all(of:)`); its font files (`"fonts"`) and its images (`ImageFiles`) are opened here, its xib
/// by `layout(_:)`, its Swift program's files by `SwiftProgramLoader`.
package struct SpecFiles: Sendable {
    /// The spec's own file; nil for a spec given as bytes.
    package var spec: String?
    /// What relative names resolve against: the spec's directory ("" for the working directory).
    package var directory: String
    /// Whether side files are opened at all: the fuzzer's specs name files it must not open.
    package var opensFiles = true

    /// The side files of the spec file at `path`: beside it.
    package init(spec path: String) {
        spec = path
        directory = FilePath.directory(of: path)
    }

    /// The side files of a spec given as bytes: in `directory` (nil: the working directory).
    package init(directory: String?) {
        spec = nil
        self.directory = directory ?? ""
    }

    /// No side files are opened: a spec that names any loads as if they were there.
    package static let none = {
        var files = SpecFiles(directory: nil)
        files.opensFiles = false
        return files
    }()

    /// A side file's name as a path: relative to the spec's directory.
    package func path(_ file: String) -> String {
        file.hasPrefix("/") || directory.isEmpty ? file : directory + "/" + file
    }

    /// Every file a spec loaded from here reads: the spec itself and its side files (its fonts,
    /// its images, its Swift program's files, then the xib its layout is read from).
    package func all(of spec: Spec) -> [String] {
        var files: [String] = self.spec.map { [$0] } ?? []
        files += spec.fonts.map(path)
        files += spec.images.files.map { path($0.file) }
        files += (spec.swift?.files ?? []).map(path)
        if let xib = spec.xib { files.append(path(xib.file)) }
        return files
    }

    /// Opens the side files `spec` names: registers its font files (into `fonts`, the animation's)
    /// so that its labels can name their families, and decodes its images into `spec.images`. A missing or unreadable file is
    /// bad input at its JSON path.
    package func open(_ spec: inout Spec, fonts usage: FontUsage? = nil) throws(SpecDiagnostic) {
        guard opensFiles else { return }
        for (index, file) in spec.fonts.enumerated() {
            let resolved = path(file)
            func fail(_ message: String) -> SpecDiagnostic {
                SpecDiagnostic(path: "fonts[\(index)]", location: nil, message: message)
            }
            var info = stat()
            guard stat(resolved, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
                throw fail("font file '\(file)' not found (looked for '\(resolved)')")
            }
            do {
                try FontBook.shared.register(fontFile: resolved, into: usage)
            } catch {
                throw fail("'\(file)' is not a font file FreeType can read")
            }
        }
        spec.images = try ImageFiles.load(spec, directory: directory)
    }

    /// Forgets what was read of `spec`'s side files, so that opening them again reads them anew
    /// (`--watch`, after one was saved).
    package func forget(_ spec: Spec) {
        guard opensFiles else { return }
        FontBook.shared.reload(fontFiles: spec.fonts.map(path))
    }
}

extension TextMeasurer {
    /// Text measured with the fonts that draw it: the iOS families' stand-ins and the spec's own files.
    package static let fonts = TextMeasurer { text, font in
        try FontBook.shared.measure(text, font: font)
    }

    /// `fonts`, counting the font files it measures with in `usage` (one animation's).
    package static func fonts(usage: FontUsage) -> TextMeasurer {
        TextMeasurer { text, font in try FontBook.shared.measure(text, font: font, usage: usage) }
    }
}
