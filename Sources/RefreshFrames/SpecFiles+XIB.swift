import Foundation
import RefreshFramesCommandLine
import RefreshFramesCore
import RefreshFramesImport
import RefreshFramesRaster

extension SpecFiles {
    /// The layout a spec's `"xib"` names, as `refresh-frames import` writes it (no animation): the
    /// document read now, its fonts mapped and its images found as `import` finds them (relative to
    /// the spec's directory), its layout solved. What the import warns of is not repeated here:
    /// `import` printed it. A document that cannot be read or imported is bad input at `xib`.
    package func layout(_ reference: XIBReference) throws(SpecDiagnostic) -> [UInt8] {
        func fail(_ message: String) -> SpecDiagnostic { SpecDiagnostic(path: "xib", location: nil, message: message) }
        guard opensFiles else { throw fail("the layout's file '\(reference.file)' is not opened here") }
        let resolved = path(reference.file)
        var info = stat()
        guard stat(resolved, &info) == 0 else {
            throw fail("xib file '\(reference.file)' not found (looked for '\(resolved)')")
        }
        let bytes: [UInt8]
        do {
            bytes = try InputFile.read(
                resolved, limit: Limits.specBytes, limitName: "specBytes", expected: "a .xib or .storyboard file")
        } catch {
            throw fail(error.description)
        }
        let images: ImportImages
        do {
            images = try ImportImageFinder.images(document: resolved, outputDirectory: directory, assets: nil)
        } catch {
            throw fail(error.message)
        }
        do {
            let result = try XIBImporter.importDocument(
                bytes, fileName: resolved, animation: .none, measurer: .fonts,
                isFontInstalled: { FontBook.isInstalled(family: $0) },
                standIn: { try? FontBook.shared.standIn(for: $0) }, scene: reference.scene,
                baselineOffset: { try? FontBook.shared.baselineOffset(font: $0) }, images: images,
                rootSize: reference.canvasSize)
            return Array(result.specJSON.utf8)
        } catch {
            throw fail("\(resolved):\(error.line): \(error.message)")
        }
    }
}
