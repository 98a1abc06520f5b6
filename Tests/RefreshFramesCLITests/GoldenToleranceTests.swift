import Foundation
import Testing

/// Where a check's tolerance comes from (the command line, then the spec's `golden`, then the
/// manifest) and what the report blames, through the real binary.
struct GoldenToleranceTests {
    /// rotate-scale's control recorded at one instant, and a spec whose frame there differs.
    static func recordedAndChanged(specGolden: String?) throws -> (spec: String, golden: String) {
        let dir = try temporaryDirectory()
        let golden = dir + "/golden"
        let r = try run(
            [
                "record", samplePath("rotate-scale"), "--golden", golden, "--only", "control", "--kind", "pixels",
                "--at", "1.36",
            ])
        #expect(r.status == 0, "\(r.stderr)")
        var text = try String(contentsOfFile: samplePath("rotate-scale"), encoding: .utf8)
        text = text.replacingOccurrences(of: "\"duration\": 0.1,", with: "\"duration\": 0.12,")
        if let specGolden { text = "{\"golden\": \(specGolden)," + text.drop { $0 != "{" }.dropFirst() }
        let spec = dir + "/rotate-scale.json"
        try Data(text.utf8).write(to: URL(fileURLWithPath: spec))
        return (spec, golden)
    }

    /// Sets keys of the golden manifest, as a team that keeps its tolerance there would.
    static func editManifest(_ golden: String, _ edit: (inout [String: Any]) -> Void) throws {
        let url = URL(fileURLWithPath: golden + "/manifest.json")
        var object = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as! [String: Any]
        edit(&object)
        try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]).write(to: url)
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var spec: String?
        var manifestMaxDiff: Double?
        var flag: [String]
        var status: Int32
        var testDescription: String {
            "spec \(spec ?? "-"), manifest \(manifestMaxDiff.map { "\($0)" } ?? "-"), \(flag)"
        }
    }

    @Test(arguments: [
        Case(spec: nil, manifestMaxDiff: nil, flag: [], status: 1),
        Case(spec: "{\"maxDiff\": 100}", manifestMaxDiff: nil, flag: [], status: 0),
        Case(spec: "{\"maxDiff\": 100}", manifestMaxDiff: nil, flag: ["--max-diff", "0"], status: 1),
        Case(spec: nil, manifestMaxDiff: 100, flag: [], status: 0),
        Case(spec: "{\"maxDiff\": 0}", manifestMaxDiff: 100, flag: [], status: 1),
        Case(spec: "{\"threshold\": 1}", manifestMaxDiff: nil, flag: [], status: 0),
    ])
    func theCommandLineWinsThenTheSpecThenTheManifest(_ c: Case) throws {
        let (spec, golden) = try Self.recordedAndChanged(specGolden: c.spec)
        if let maxDiff = c.manifestMaxDiff { try Self.editManifest(golden) { $0["maxDiff"] = maxDiff } }
        let r = try run(
            ["check", spec, "--golden", golden, "--kind", "pixels", "--report", golden + "-report"] + c.flag)
        #expect(r.status == c.status, "\(r.stdout)\(r.stderr)")
    }

    @Test func aBadGoldenObjectIsBadInputAtItsPath() throws {
        let (spec, golden) = try Self.recordedAndChanged(specGolden: "{\"maxDiff\": 101}")
        let r = try run(["check", spec, "--golden", golden])
        #expect(r.status == 2)
        #expect(r.stderr.contains("golden.maxDiff"), "\(r.stderr)")
    }

    /// Both the spec and a font changed since recording: the hint names both instead of blaming the font.
    @Test func aChangedSpecAndFontAreBothNamed() throws {
        let (spec, golden) = try Self.recordedAndChanged(specGolden: nil)
        try Self.editManifest(golden) { manifest in
            let fonts = manifest["fonts"] as! [[String: Any]]
            manifest["fonts"] = fonts.map { font in font.merging(["hash": String(repeating: "0", count: 64)]) { $1 } }
        }
        let r = try run(["check", spec, "--golden", golden, "--kind", "pixels", "--report", golden + "-report"])
        #expect(r.status == 1)
        let hint = r.stdout.split(separator: "\n").first { $0.contains("changed since the goldens were recorded") }
        #expect(hint?.hasPrefix("both the spec (") == true, "\(r.stdout)")
        #expect(hint?.contains(") and the fonts (") == true)
        #expect(!r.stdout.contains("this is the likely cause"))
        // The spec as recorded draws the same frame: different font hashes alone fail nothing.
        let same = try run(
            [
                "check", samplePath("rotate-scale"), "--golden", golden, "--kind", "pixels", "--report",
                golden + "-report",
            ])
        #expect(same.status == 0, "\(same.stdout)")
    }
}
