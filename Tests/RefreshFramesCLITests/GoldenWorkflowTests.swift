import Foundation
import RefreshFramesCore
import RefreshFramesRaster
import Testing

/// A spec with textual changes, in a temporary file.
private func changedSample(_ name: String, _ changes: [(String, String)]) throws -> String {
    var text = try String(contentsOfFile: samplePath(name), encoding: .utf8)
    for (old, new) in changes {
        #expect(text.contains(old))
        text = text.replacingOccurrences(of: old, with: new)
    }
    let path = try temporaryDirectory() + "/\(name).json"
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
}

/// Goldens recorded with the defaults into a new directory.
private func recorded(_ spec: String, _ extra: [String] = [], unsetting: [String] = []) throws -> String {
    let golden = try temporaryDirectory() + "/goldens/nested/set"
    let r = try run(["record", spec, "--golden", golden] + extra, unsetting: unsetting)
    #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
    return golden
}

private func manifest(_ golden: String) throws -> [String: Any] {
    let data = try Data(contentsOf: URL(fileURLWithPath: golden + "/manifest.json"))
    return try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
}

/// Each case is a change a user sees, and the check that must catch it with the default goldens.
struct GoldenWorkflowTests {
    struct Change: CustomTestStringConvertible, Sendable {
        var sample: String
        var old: String
        var new: String
        var kind: String
        var expected: String
        var testDescription: String { "\(sample): \(old) → \(new) (\(kind))" }
    }

    static let visibleChanges: [Change] = [
        // A row of the table reads differently: only the screen shows it.
        Change(
            sample: "rotate-scale", old: "\"我喜欢你\"", new: "\"我爱你\"", kind: "pixels",
            expected: "frame 0 (t=0.00s): "),
        // The content fades in over 80 pt instead of 60: the semantic golden holds contentAlpha.
        Change(
            sample: "marquee", old: "\"contentAlphaFollowsPull\": 60", new: "\"contentAlphaFollowsPull\": 80",
            kind: "semantic", expected: "states: contentAlpha 0.8281 at 0.53 s, golden 1.0; "),
        // A label moved by 1 pt: the semantic golden holds frames.
        Change(
            sample: "marquee", old: "\"3.centerX == superview.centerX - 19\"",
            new: "\"3.centerX == superview.centerX - 18\"", kind: "semantic",
            expected: "states: tags 1–6: x +1 pt at every instant\n"),
        // The inserted rows' text: the semantic golden holds the rows.
        Change(
            sample: "marquee", old: "\"新闻标题{random:1000}\", \"detail\": \"{now:yyyy-MM-dd HH:mm:ss}\", \"seed\": 2",
            new: "\"快讯{random:1000}\", \"detail\": \"{now:yyyy-MM-dd HH:mm:ss}\", \"seed\": 2", kind: "semantic",
            expected: "states: row [0, 0]: text \"快讯110\" at 4.27 s, golden \"新闻标题110\"; "),
    ]

    @Test(arguments: visibleChanges)
    func aVisibleChangeFailsTheDefaultGoldens(change: Change) throws {
        let golden = try recorded(samplePath(change.sample))
        let spec = try changedSample(change.sample, [(change.old, change.new)])
        let r = try run([
            "check", spec, "--golden", golden, "--kind", change.kind, "--report", try temporaryDirectory(),
        ])
        #expect(r.status == 1, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.contains(change.expected), "\(r.stdout)")
    }

    @Test func withAHostTheDefaultGoldensAreTheWholeScreen() throws {
        let golden = try recorded(samplePath("rotate-scale"))
        let m = try manifest(golden)
        #expect(m["part"] as? String == "screen")
        #expect(m["scale"] as? Double == 2)
        let frame = try PNGCodec.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: golden + "/frame-000.png"))))
        #expect(frame.width == 750 && frame.height == 1334)
        // Asked for, the control alone; the manifest keeps it so a plain check compares the same thing.
        let control = try recorded(samplePath("rotate-scale"), ["--only", "control"])
        #expect(try manifest(control)["part"] as? String == "control")
        #expect(try run(["check", samplePath("rotate-scale"), "--golden", control]).status == 0)
    }

    @Test func aClockGoldenRecordedOnTheRealClockPassesLater() throws {
        let golden = try recorded(samplePath("marquee"), ["--at", "3.6"], unsetting: ["SOURCE_DATE_EPOCH"])
        let now = try #require(try manifest(golden)["now"] as? Int)
        #expect(abs(Double(now) - Date().timeIntervalSince1970) < 60)
        // Another day, another clock: the recorded one is used.
        let r = try run(["check", samplePath("marquee"), "--golden", golden], environment: ["SOURCE_DATE_EPOCH": "0"])
        #expect(r.status == 0, "\(r.stdout)")
        // Told otherwise, the texts differ.
        let told = try run(["check", samplePath("marquee"), "--golden", golden, "--now", "0", "--kind", "semantic"])
        #expect(told.status == 1)
        // Every row's detail, one line.
        #expect(
            told.stdout.contains("states: rows [0, 0], [0, 1], [0, 2], [0, 3], [0, 4]: detail \"20"), "\(told.stdout)")
        #expect(told.stdout.contains(" → \"1970-01-01 00:00:03\" at 3.60 s\n"))
    }

    @Test func recordSaysWhichClockItUsed() throws {
        let golden = try temporaryDirectory() + "/g"
        let r = try run(["record", samplePath("marquee"), "--golden", golden, "--at", "0.3", "--now", "86400"])
        #expect(r.stderr.hasSuffix("clock: 86400 (1970-01-02T00:00:00Z) from --now\n"))
        let again = try run(["record", samplePath("marquee"), "--golden", golden])
        #expect(again.stderr.hasSuffix("clock: 86400 (1970-01-02T00:00:00Z) from the manifest\n"))
    }

    @Test func otherInstantsThanTheRecordedOnesAreNamedNotMisCompared() throws {
        let golden = try recorded(samplePath("marquee"), ["--at", "0.3,1.2"])
        let r = try run(["check", samplePath("marquee"), "--golden", golden, "--at", "1.2,2"])
        #expect(r.status == 1)
        #expect(
            r.stderr
                == "\(samplePath("marquee")): note: checking instants other than the recorded ones (0.30, 1.20 s); instants without a golden fail\n"
        )
        #expect(!r.stdout.contains("frame 0 (t=1.20s)"))
        #expect(
            r.stdout.contains(
                "frame 1 (t=2.00s): no golden was recorded at this instant (the goldens hold 0.30, 1.20 s); check those, or record these instants with --record all\n"
            ))
        #expect(r.stdout.contains("states: a state at 2.00 s that the golden does not have"))
    }

    @Test func everyFailureEndsWithTheCommandThatAcceptsItAndThatCommandWorks() throws {
        let golden = try recorded(samplePath("rotate-scale"), ["--only", "control", "--at", "0.55,0.7"])
        let before = try Data(contentsOf: URL(fileURLWithPath: golden + "/frame-000.png"))
        let spec = try changedSample("rotate-scale", [("\"magenta\", \"brown\"", "\"magenta\", \"purple\"")])
        let report = try temporaryDirectory()
        try Data().write(to: URL(fileURLWithPath: report + "/frame-009.diff.png"))
        let r = try run(["check", spec, "--golden", golden, "--report", report])
        #expect(r.status == 1)
        let accept = try #require(r.stdout.split(separator: "\n").last)
        #expect(accept == "to accept these changes: refresh-frames check \(spec) --golden \(golden) --record failed")
        // The report holds this run's images only (a directory with other files is refused: HostileInputTests).
        #expect(contents(ofDirectory: report) == ["frame-001.actual.png", "frame-001.diff.png"])
        let accepted = try run(Array(accept.split(separator: " ").dropFirst(5).map(String.init)))
        #expect(accepted.status == 0, "\(accepted.stdout)\(accepted.stderr)")
        #expect(accepted.stdout.contains("frame 1 (t=0.70s): RECORDED new golden"))
        #expect(!accepted.stdout.contains("frame 0 (t=0.55s): RECORDED"))
        #expect(accepted.stdout.hasSuffix("4 passed, 0 failed, 3 recorded\n"), "\(accepted.stdout)")
        // What passed was left alone.
        #expect(try Data(contentsOf: URL(fileURLWithPath: golden + "/frame-000.png")) == before)
        #expect(try run(["check", spec, "--golden", golden]).status == 0)
    }

    @Test func aGoldenSetsOwnToleranceAppliesUnlessTheCommandLineSetsOne() throws {
        let golden = try recorded(samplePath("rotate-scale"), ["--only", "control", "--kind", "pixels", "--at", "0.7"])
        let spec = try changedSample("rotate-scale", [("\"magenta\", \"brown\"", "\"magenta\", \"purple\"")])
        var text = try String(contentsOfFile: golden + "/manifest.json", encoding: .utf8)
        text = text.replacingOccurrences(of: "\n  \"now\"", with: "\n  \"maxDiff\": 5,\n  \"now\"")
        try Data(text.utf8).write(to: URL(fileURLWithPath: golden + "/manifest.json"))
        #expect(try run(["check", spec, "--golden", golden, "--kind", "pixels"]).status == 0)
        // Its actual frame and diff image go to a temporary directory, not the working directory's default.
        let report = try temporaryDirectory()
        #expect(
            try run(["check", spec, "--golden", golden, "--kind", "pixels", "--max-diff", "0", "--report", report])
                .status == 1)
    }
}
