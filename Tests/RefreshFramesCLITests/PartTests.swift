import Foundation
import RefreshFramesTestSupport
import Testing

/// `--only screen` of a spec without a host is refused by every command alike, with the message
/// `check` always gave and its usage exit (64); before, `render` and `preview` drew the control.
struct PartTests {
    /// marquee without its host: the control alone.
    static func hostlessSpec() throws -> (directory: String, spec: String) {
        let directory = try temporaryDirectory()
        var json = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: samplePath("marquee"))))
                as? [String: Any])
        json["host"] = nil
        let spec = directory + "/hostless.json"
        try JSONSerialization.data(withJSONObject: json).write(to: URL(fileURLWithPath: spec))
        return (directory, spec)
    }

    @Test(arguments: [
        ["render", "$SPEC", "--only", "screen", "-o", "$DIR/out.gif"],
        ["render", "$SPEC", "--only", "screen", "--at", "1", "-o", "$DIR/out.png"],
        ["render", "$SPEC", "--only", "screen", "--format", "ansi", "-o", "$DIR/out.ans"],
        ["preview", "$SPEC", "--only", "screen"],
        ["check", "$SPEC", "--only", "screen", "--golden", "$DIR/golden"],
        ["record", "$SPEC", "--only", "screen", "--golden", "$DIR/golden"],
    ])
    func theScreenOfASpecWithoutAHostIsRefused(arguments: [String]) throws {
        let (directory, spec) = try Self.hostlessSpec()
        let command = arguments[0]
        let r = try run(
            arguments.map {
                $0.replacingOccurrences(of: "$SPEC", with: spec).replacingOccurrences(of: "$DIR", with: directory)
            })
        #expect(r.status == 64)
        let lines = r.stderr.split(separator: "\n").map(String.init)
        #expect(lines.first == "Error: '--only screen' needs a spec with a host (a table under the control).")
        #expect(lines.dropFirst().first?.hasPrefix("Usage: refresh-frames \(command) ") == true)
        #expect(lines.count == 3)
        #expect(r.stdout.isEmpty)
        // Nothing written: no output file, no golden. (`record` makes the golden directory before
        // it loads the spec, as it does before any other error of the spec; it stays empty.)
        #expect(contents(ofDirectory: directory).filter { $0 != "golden" } == ["hostless.json"])
        #expect(contents(ofDirectory: directory + "/golden").isEmpty)
    }

    /// Without `--only` the same spec draws its control, as before.
    @Test func withoutOnlyTheControlIsDrawn() throws {
        let (directory, spec) = try Self.hostlessSpec()
        let r = try run(["render", spec, "--at", "1", "-o", directory + "/out.png"])
        #expect(r.status == 0)
        #expect(r.stdout.contains("750x120"))
    }
}
