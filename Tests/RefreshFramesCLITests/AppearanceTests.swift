import Foundation
import Testing

/// `--appearance` through the binary: goldens record a dark appearance, `check` reuses it, and
/// goldens of one appearance are never compared with the other.
@Suite struct AppearanceTests {
    static let spec = """
        {"canvas": {"width": 80, "height": 30},
         "views": [{"tag": 1, "kind": "label", "text": "Hi", "textColor": "label", "font": {"size": 15}}],
         "constraints": ["1.centerX == superview.centerX", "1.centerY == superview.centerY"],
         "scenario": {"refreshAt": 0, "workDuration": 0.5}}
        """

    @Test func goldensRecordedDarkAreCheckedDarkAndRefuseLight() throws {
        let dir = try temporaryDirectory()
        let spec = dir + "/s.json"
        try Data(Self.spec.utf8).write(to: URL(fileURLWithPath: spec))
        let recorded = try run(["record", spec, "--golden", dir + "/g", "--appearance", "dark", "--kind", "pixels"])
        #expect(recorded.status == 0, "\(recorded.stderr)")
        let manifest = try String(contentsOfFile: dir + "/g/manifest.json", encoding: .utf8)
        #expect(manifest.hasPrefix("{\n  \"appearance\": \"dark\",\n"))
        let again = try run(["check", spec, "--golden", dir + "/g", "--kind", "pixels", "--report", dir + "/r"])
        #expect(again.status == 0, "\(again.stdout)\(again.stderr)")
        let light = try run(["check", spec, "--golden", dir + "/g", "--appearance", "light", "--report", dir + "/r"])
        #expect(light.status == 2)
        #expect(
            light.stderr.hasSuffix(
                "g: the goldens were recorded in the dark appearance and this check asks for light (--appearance light); check with --appearance dark, or record light goldens in a directory of their own\n"
            ))
    }

    @Test func aLightRecordingHasNoAppearanceKey() throws {
        let dir = try temporaryDirectory()
        let spec = dir + "/s.json"
        try Data(Self.spec.utf8).write(to: URL(fileURLWithPath: spec))
        #expect(try run(["record", spec, "--golden", dir + "/g", "--kind", "semantic"]).status == 0)
        let manifest = try String(contentsOfFile: dir + "/g/manifest.json", encoding: .utf8)
        #expect(!manifest.contains("appearance"))
        let dark = try run(["check", spec, "--golden", dir + "/g", "--appearance", "dark", "--kind", "semantic"])
        #expect(dark.status == 2)
        #expect(dark.stderr.contains("recorded in the light appearance and this check asks for dark"))
    }
}
