import Foundation
import RefreshFrames
import RefreshFramesCompare
import RefreshFramesTestSupport
import RefreshFramesTesting
import Testing

/// `assertFrames` worked out and run: recording loudly, then passing; failing with the frame, the
/// instant and its images when the spec changes; never recording on CI.
struct FramesAssertionTests {
    /// The example package's control spec (Examples/AppSnapshotTests).
    static let exampleSpec = repositoryRoot.appendingPathComponent(
        "Examples/AppSnapshotTests/Tests/AppSnapshotTests/Refresh.json"
    ).path
    /// A developer's machine: a fixed clock, no CI.
    static let local = ["SOURCE_DATE_EPOCH": "1455451200"]

    /// A new directory holding a copy of the example's spec as `Refresh.json`.
    static func workspace() throws -> String {
        let path = try scratchDirectory("frames-assertion-tests-")
        try FileManager.default.copyItem(atPath: exampleSpec, toPath: path + "/Refresh.json")
        return path
    }

    /// `assertFrames(of: "Refresh.json", at: [0.3, 0.55], named: "pull")` called from a test file in `directory`.
    static func pull(
        in directory: String, record: RecordMode? = nil, environment: [String: String] = local
    ) -> FramesAssertion {
        var assertion = FramesAssertion(
            spec: "Refresh.json", at: [0.3, 0.55], named: "pull", as: [.semantic, .frames()], record: record,
            goldens: nil, now: nil, relativeTo: directory, environment: environment)
        assertion.reportDirectory = directory + "/report"
        return assertion
    }

    /// Replaces `old` with `new` in the workspace's spec.
    static func edit(_ directory: String, _ old: String, _ new: String) throws {
        let path = directory + "/Refresh.json"
        let text = try String(contentsOfFile: path, encoding: .utf8)
        try #require(text.contains(old))
        try text.replacingOccurrences(of: old, with: new).write(toFile: path, atomically: true, encoding: .utf8)
    }

    @Test func aFirstRunRecordsLoudlyAndTheNextPasses() throws {
        let dir = try Self.workspace()
        let first = try Self.pull(in: dir).run()
        #expect(
            first.map(\.message) == [
                "recorded 4 golden file(s) in \(dir)/Goldens/pull (timeline, states, frame 0 (t=0.30s), frame 1 (t=0.55s)) with clock 1455451200 (2016-02-14T12:00:00Z): look at them, commit them and run the test again"
            ])
        let files = try FileManager.default.contentsOfDirectory(atPath: dir + "/Goldens/pull").sorted()
        #expect(files == ["frame-000.png", "frame-001.png", "manifest.json", "states.json", "timeline.txt"])
        #expect(try Self.pull(in: dir).run() == [])
    }

    @Test func aChangedSpecFailsNamingTheFrameWithItsImages() throws {
        let dir = try Self.workspace()
        _ = try Self.pull(in: dir).run()
        // The dots grow for 0.3 s instead of 0.2 s: at 0.55 s the first is still large, where it had
        // shrunk back (at 0.3 s, a little smaller, it is within the tolerance).
        try Self.edit(dir, #""duration": 0.2,"#, #""duration": 0.3,"#)
        let failures = try Self.pull(in: dir).run()
        let messages = failures.map(\.message)
        #expect(messages.contains { $0.hasPrefix("timeline: ") && $0.contains("program.cycle[0].each.steps[0]") })
        #expect(messages.contains { $0.hasPrefix("states: tag 2: ") })
        let frame = try #require(failures.first { $0.message.hasPrefix("frame 1 (t=0.55s): ") })
        #expect(frame.message.contains("% of pixels differ"))
        #expect(
            frame.attachments.map(\.name) == [
                "pull.frame-001.golden.png", "pull.frame-001.actual.png", "pull.frame-001.diff.png",
            ])
        #expect(
            frame.attachments[0].bytes
                == Array(try Data(contentsOf: URL(fileURLWithPath: dir + "/Goldens/pull/frame-001.png"))))
        for attachment in frame.attachments {
            #expect(attachment.path == dir + "/report/" + attachment.name)
            #expect(FileManager.default.contents(atPath: attachment.path).map(Array.init) == attachment.bytes)
        }
        #expect(
            frame.message.hasSuffix(
                "; golden, actual and diff: " + frame.attachments.map(\.path).joined(separator: ", ")))
    }

    @Test func onCINothingIsRecorded() throws {
        let dir = try Self.workspace()
        let failures = try Self.pull(in: dir, record: .all, environment: ["CI": "true"]).run()
        #expect(
            failures.first?.message
                == "record: .all is ignored on CI (CI is set): goldens are recorded only where CI is not set")
        #expect(failures.dropFirst().allSatisfy { $0.message.contains("golden missing") })
        #expect(failures.count == 5)
        #expect(!FileManager.default.fileExists(atPath: dir + "/Goldens/pull"))
    }

    /// A record mode asked for (or not) in an environment, and the mode a run takes.
    struct ModeCase: Sendable, CustomStringConvertible {
        var requested: RecordMode?
        var environment: [String: String]
        var mode: RecordMode
        var noted = false
        var description: String { "\(requested.map { "." + $0.rawValue } ?? "nil") in \(environment)" }
    }

    @Test(arguments: [
        ModeCase(requested: nil, environment: [:], mode: .missing),
        ModeCase(requested: .failed, environment: [:], mode: .failed),
        ModeCase(requested: nil, environment: ["REFRESH_FRAMES_RECORD": "all"], mode: .all),
        ModeCase(requested: .never, environment: ["REFRESH_FRAMES_RECORD": "all"], mode: .never),
        ModeCase(requested: nil, environment: ["CI": "1", "REFRESH_FRAMES_RECORD": "all"], mode: .never),
        ModeCase(requested: .missing, environment: ["CI": "true"], mode: .never, noted: true),
        ModeCase(requested: .missing, environment: ["CI": "false"], mode: .missing),
    ])
    func theRecordMode(_ c: ModeCase) {
        let (mode, note) = FramesAssertion.mode(requested: c.requested, environment: c.environment)
        #expect(mode == c.mode)
        #expect((note != nil) == c.noted)
    }

    /// A recording given up (here: the spec does not load) leaves nothing: the golden directory is
    /// made only by the final rename, and the lock, the staging directory and the parent
    /// directories the writer made go with it, as `record` leaves nothing (InterruptTests).
    @Test func aRecordingThatCannotRunLeavesNothingBehind() throws {
        let dir = try Self.workspace()
        try Self.edit(dir, #""duration": 0.2,"#, #""duration": "soon","#)
        var assertion = Self.pull(in: dir, record: .all)
        assertion.golden = dir + "/deep/er/pull"
        #expect(throws: LoadError.self) { try assertion.run() }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["Refresh.json"])
    }

    /// Two specs' goldens recorded in one process, as a test target records them: each manifest
    /// names the font files its own labels are drawn with (the brand font file; DejaVu Sans), not
    /// every file the process has drawn with, so the second does not name the first's font.
    @Test func aManifestNamesOnlyTheFontsOfItsOwnSpec() throws {
        let brand = try Self.workspace()
        try FontFixture.write(to: brand + "/brand.ttf")
        try """
        {
          "canvas": {"width": 200, "height": 60},
          "fonts": ["brand.ttf"],
          "views": [{"tag": 1, "text": "Brand", "font": {"family": "\(FontFixture.family)", "size": 24}}],
          "constraints": ["1.centerX == superview.centerX", "1.centerY == superview.centerY"],
          "scenario": {"refreshAt": 0, "workDuration": 1}
        }
        """.write(toFile: brand + "/Brand.json", atomically: true, encoding: .utf8)
        var first = FramesAssertion(
            spec: "Brand.json", at: [0.3], named: "brand", as: [.frames()], record: nil, goldens: nil, now: nil,
            relativeTo: brand, environment: Self.local)
        first.reportDirectory = brand + "/report"
        _ = try first.run()
        let dir = try Self.workspace()
        _ = try Self.pull(in: dir).run()
        func fonts(_ golden: String) throws -> [String] {
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: golden + "/manifest.json")))
            return try GoldenManifest.decode(bytes).fonts.map(\.file)
        }
        #expect(try fonts(brand + "/Goldens/brand") == [brand + "/brand.ttf"])
        #expect(try fonts(dir + "/Goldens/pull") == [FontFixture.source])
    }

    /// The public assertion, as a test target calls it: the failure is an issue of the calling test.
    @Test func assertFramesRecordsAnIssueNamingTheFrame() throws {
        let dir = try Self.workspace()
        _ = try Self.pull(in: dir).run()
        try Self.edit(dir, #""duration": 0.2,"#, #""duration": 0.3,"#)
        _ = Self.publicReport
        defer { Self.removeReport(named: "known-issue") }
        try withKnownIssue {
            try assertFrames(
                of: dir + "/Refresh.json", at: [0.3, 0.55], named: "known-issue", as: [.frames()],
                goldens: dir + "/Goldens/pull")
        } matching: { issue in
            issue.comments.contains { $0.rawValue.hasPrefix("frame 1 (t=0.55s): ") }
        }
    }

    /// Where the public assertion writes its images: `REFRESH_FRAMES_REPORT` when the run sets it,
    /// else a temporary directory these tests set it to before their first public assertion, so
    /// that they leave no `refresh-frames-report/` in the working directory (the repository's).
    static let publicReport: String = {
        if let report = ProcessInfo.processInfo.environment[FramesAssertion.reportVariable] { return report }
        let report = NSTemporaryDirectory() + "frames-assertion-report-" + UUID().uuidString
        setenv(FramesAssertion.reportVariable, report, 1)
        return report
    }()

    /// The images the public assertion wrote to its report directory.
    static func removeReport(named name: String) {
        let report = publicReport
        for file in (try? FileManager.default.contentsOfDirectory(atPath: report)) ?? []
        where file.hasPrefix(name + ".") {
            try? FileManager.default.removeItem(atPath: report + "/" + file)
        }
        rmdir(report)  // only when nothing else is in it
    }
}
