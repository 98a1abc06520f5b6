import Foundation
import RefreshFrames
import RefreshFramesTesting
import Testing

/// One golden directory, two ways in: what `refresh-frames record` writes, RefreshFramesTesting's
/// `assertFrames` passes, and what `assertFrames` records, `refresh-frames check` passes.
struct LibraryGoldensTests {
    static let exampleSpec = repositoryRoot.appendingPathComponent(
        "Examples/AppSnapshotTests/Tests/AppSnapshotTests/Refresh.json"
    ).path

    /// A new directory with the example package's control spec as `Refresh.json`.
    static func workspace() throws -> String {
        let dir = try temporaryDirectory()
        try FileManager.default.copyItem(atPath: exampleSpec, toPath: dir + "/Refresh.json")
        return dir
    }

    /// `assertFrames(of: "Refresh.json", at: times, goldens: goldens)` from a test file in `directory`.
    static func assertion(in directory: String, at times: [Double]?, goldens: String) -> FramesAssertion {
        var assertion = FramesAssertion(
            spec: "Refresh.json", at: times, named: nil, as: [.semantic, .frames()], record: nil, goldens: goldens,
            now: nil, relativeTo: directory, environment: ["SOURCE_DATE_EPOCH": "1455451200"])
        assertion.reportDirectory = directory + "/report"
        return assertion
    }

    @Test func goldensRecordedByTheCommandPassTheAssertion() throws {
        let dir = try Self.workspace()
        let record = try run(["record", "Refresh.json", "--golden", "g", "--at", "0.3,0.55"], in: dir)
        #expect(record.status == 0, "\(record.stderr)")
        // No instants: the recorded ones, as `check` takes them from the manifest.
        #expect(try Self.assertion(in: dir, at: nil, goldens: "g").run() == [])
        // A spec the goldens no longer show fails the assertion as it fails `check`.
        let spec = dir + "/Refresh.json"
        try String(contentsOfFile: spec, encoding: .utf8).replacingOccurrences(of: "#FF3B30", with: "#0000FF")
            .write(toFile: spec, atomically: true, encoding: .utf8)
        let failures = try Self.assertion(in: dir, at: nil, goldens: "g").run().map(\.message)
        #expect(failures.contains { $0.hasPrefix("frame 0 (t=0.30s): ") })
        #expect(try run(["check", "Refresh.json", "--golden", "g"], in: dir).status == 1)
    }

    @Test func goldensRecordedByTheAssertionPassTheCommand() throws {
        let dir = try Self.workspace()
        let recorded = try Self.assertion(in: dir, at: [0.3, 0.55], goldens: "Goldens/pull").run()
        #expect(recorded.count == 1 && recorded[0].message.hasPrefix("recorded 4 golden file(s)"))
        let check = try run(["check", "Refresh.json", "--golden", "Goldens/pull"], in: dir)
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        #expect(check.stdout.hasSuffix("4 passed, 0 failed\n"))
    }

    /// The library draws what `render` writes, byte for byte, and reads what `state` and `timeline` print.
    @Test func theLibraryDrawsWhatRenderWrites() throws {
        let dir = try Self.workspace()
        let animation = try RefreshAnimation(contentsOf: dir + "/Refresh.json", now: 1_455_451_200)
        #expect(try run(["render", "Refresh.json", "-o", "f.png", "--at", "0.3"], in: dir).status == 0)
        #expect(try animation.png(at: 0.3) == Array(try Data(contentsOf: URL(fileURLWithPath: dir + "/f.png"))))
        #expect(try run(["render", "Refresh.json", "-o", "a.gif", "--fps", "25"], in: dir).status == 0)
        #expect(try animation.gif(fps: 25) == Array(try Data(contentsOf: URL(fileURLWithPath: dir + "/a.gif"))))
        #expect(
            try run(["state", "Refresh.json", "--at", "0.3"], in: dir).stdout == animation.stateJSON(at: 0.3) + "\n")
        #expect(try run(["timeline", "Refresh.json"], in: dir).stdout == animation.timelineText)
        #expect(abs(animation.duration - 2.814) < 0.0005)
    }
}
