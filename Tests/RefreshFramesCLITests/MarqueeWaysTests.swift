import Foundation
import Testing

/// The marquee sample with its views and constraints replaced by the block of docs/spec.md marked
/// `<!-- marquee: NAME -->` (a stack view's labels are named `{"from": 1, "to": 6}` in the program).
func marqueeWrittenAs(_ name: String) throws -> String {
    let docs = try String(contentsOf: repositoryRoot.appendingPathComponent("docs/spec.md"), encoding: .utf8)
    let marker = try #require(docs.range(of: "<!-- marquee: \(name) -->\n```json\n"))
    let end = try #require(docs.range(of: "\n```", range: marker.upperBound..<docs.endIndex))
    let block = docs[marker.upperBound..<end.lowerBound]
    var sample = try String(contentsOfFile: samplePath("marquee"), encoding: .utf8)
    let start = try #require(sample.range(of: "  \"views\": ["))
    let palette = try #require(sample.range(of: "  \"palette\""))
    sample.replaceSubrange(start.lowerBound..<palette.lowerBound, with: block + "\n")
    if name == "stack view" {
        sample = sample.replacingOccurrences(
            of: #"{"each": {"views": "all""#, with: #"{"each": {"views": {"from": 1, "to": 6}"#)
    }
    return sample
}

@Suite struct MarqueeWaysTests {
    /// Constraints, one visual-format line, one stack view: every frame of the control's GIF is the
    /// same, byte for byte, as the sample's own.
    @Test(arguments: ["constraints", "visual format", "stack view"])
    func theMarqueeRowWrittenEachWayDrawsTheSameFrames(way: String) throws {
        let dir = try temporaryDirectory()
        let spec = dir + "/marquee.json"
        try Data(try marqueeWrittenAs(way).utf8).write(to: URL(fileURLWithPath: spec))
        let validated = try run(["validate", spec])
        #expect(validated.status == 0, "\(validated.stderr)")
        let sample = try run([
            "render", samplePath("marquee"), "--only", "control", "--fps", "10", "--from", "0.4", "--to", "1.4", "-o",
            dir + "/a.gif",
        ])
        let written = try run([
            "render", spec, "--only", "control", "--fps", "10", "--from", "0.4", "--to", "1.4", "-o", dir + "/b.gif",
        ])
        #expect(sample.status == 0 && written.status == 0, "\(written.stderr)")
        let a = FileManager.default.contents(atPath: dir + "/a.gif")
        let b = FileManager.default.contents(atPath: dir + "/b.gif")
        #expect(a != nil && a == b)
    }
}
