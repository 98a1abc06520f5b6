import Foundation
import RefreshFramesCore
import Testing

/// A spec's own font files (`"fonts"`), as an app lists them in `UIAppFonts`.
struct FontFileTests {
    /// A label in the family of the spec's own font file; the family is installed nowhere.
    static func brandSpec(fonts: String) -> String {
        """
        {
          "canvas": {"width": 200, "height": 60},
          \(fonts)
          "views": [{"tag": 1, "text": "Brand", "font": {"family": "\(FontFixture.family)", "size": 24}}],
          "constraints": ["1.centerX == superview.centerX", "1.centerY == superview.centerY"],
          "scenario": {"refreshAt": 0, "workDuration": 1}
        }

        """
    }

    @Test func theFamilyIsNotInstalledWithoutTheFile() throws {
        let dir = try temporaryDirectory()
        try Self.brandSpec(fonts: "").write(toFile: dir + "/spec.json", atomically: true, encoding: .utf8)
        let result = try run(["validate", "spec.json"], in: dir)
        #expect(result.status == 2)
        #expect(result.stderr.contains("font family '\(FontFixture.family)' is not installed"))
    }

    @Test func aSpecRendersWithItsOwnFontFileAndListsItsHash() throws {
        let dir = try temporaryDirectory()
        try FileManager.default.createDirectory(atPath: dir + "/Fonts", withIntermediateDirectories: true)
        let font = try FontFixture.write(to: dir + "/Fonts/Brand-Regular.ttf")
        try Self.brandSpec(fonts: #""fonts": ["Fonts/Brand-Regular.ttf"],"#)
            .write(toFile: dir + "/spec.json", atomically: true, encoding: .utf8)
        let result = try run(["render", "spec.json", "-o", "frames/", "--to", "0.04"], in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        let manifest = try String(contentsOfFile: dir + "/frames/frames.json", encoding: .utf8)
        #expect(manifest.contains(#"{"file": "Fonts/Brand-Regular.ttf", "sha256": "\#(SHA256.hex(font))"}"#))

        let check = try run(
            ["check", "spec.json", "--golden", "goldens", "--record", "missing", "--at", "0.5"], in: dir)
        #expect(check.status == 0, "\(check.stderr)")
        let golden = try String(contentsOfFile: dir + "/goldens/manifest.json", encoding: .utf8)
        #expect(golden.contains("\"file\": \"Fonts/Brand-Regular.ttf\",\n      \"hash\": \"\(SHA256.hex(font))\""))
    }

    @Test(arguments: [
        (
            #""fonts": ["Fonts/Missing.otf"],"#,
            "error: fonts[0]: font file 'Fonts/Missing.otf' not found (looked for 'Fonts/Missing.otf')"
        ),
        (#""fonts": ["spec.json"],"#, "error: fonts[0]: 'spec.json' is not a font file FreeType can read"),
        (#""fonts": [""],"#, "error: fonts[0]: expected a font file path, got an empty string"),
    ])
    func aBadFontFileIsBadInputAtItsJSONPath(fonts: String, message: String) throws {
        let dir = try temporaryDirectory()
        try Self.brandSpec(fonts: fonts).write(toFile: dir + "/spec.json", atomically: true, encoding: .utf8)
        let result = try run(["validate", "spec.json"], in: dir)
        #expect(result.status == 2)
        #expect(result.stderr == "spec.json:3:13: \(message)\n")
        #expect(result.stdout == "")
    }
}
