import RefreshFramesExport
import Testing

/// The facts `render` derives its help, suffix table and choices from: they must leave no request
/// ambiguous, whatever format is added to `Exporter.all`.
struct ExportFormatTests {
    static let formats = Exporter.all.map(\.format)

    @Test func everySuffixNamesOneFormat() {
        let suffixes = Self.formats.flatMap(\.suffixes)
        #expect(Set(suffixes).count == suffixes.count)
        for suffix in suffixes { #expect(suffix.hasPrefix(".") && suffix == suffix.lowercased(), "\(suffix)") }
    }

    /// A file format is chosen by a suffix, a directory format by a directory: never both.
    @Test func filesHaveSuffixesAndDirectoriesNone() {
        for format in Self.formats {
            #expect(format.suffixes.isEmpty == (format.output == .directory), "\(format.title)")
        }
        #expect(Self.formats.filter { $0.output == .directory }.count <= 1)
    }

    /// Formats sharing a `--format` name are told apart by `--at`: one holds one frame, the other the span.
    @Test func formatsSharingANameHoldDifferentFrames() {
        for name in Set(Self.formats.map(\.name)) {
            let sharing = Self.formats.filter { $0.name == name }
            guard sharing.count > 1 else { continue }
            #expect(sharing.count == 2, "\(name)")
            let single = sharing.filter { if case .single = $0.frames { true } else { false } }
            let animated = sharing.filter { if case .animated = $0.frames { true } else { false } }
            #expect(single.count == 1 && animated.count == 1, "\(name)")
        }
    }

    /// The first format is what `render` writes without `--format` or `-o`: it must take the span.
    @Test func theDefaultFormatIsAnimatedAndNamed() {
        let first = Self.formats[0]
        #expect(first.frames != .either || first.defaultOutput != nil)
        if case .single = first.frames { Issue.record("the default format cannot need --at") }
        #expect(first.defaultOutput?("rotate-scale") == "rotate-scale.gif")
    }
}
