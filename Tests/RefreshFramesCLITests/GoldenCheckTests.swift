import Foundation
import RefreshFramesCore
import RefreshFramesRaster
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

private let goldens = repositoryRoot.appendingPathComponent("Tests/Goldens")
private let samples = ["arrow-spinner", "classic-spinner", "color-dots", "marquee", "rotate-scale"]

/// Copies a sample's goldens, so a test may break them without touching the repository's.
private func goldenCopy(_ name: String) throws -> String {
    let dir = try temporaryDirectory() + "/golden"
    try FileManager.default.copyItem(atPath: goldens.appendingPathComponent(name).path, toPath: dir)
    return dir
}

/// A sample with one textual change, in a temporary file.
private func mutatedSample(_ name: String, replacing old: String, with new: String) throws -> String {
    let text = try String(contentsOfFile: samplePath(name), encoding: .utf8)
    #expect(text.contains(old))
    let path = try temporaryDirectory() + "/\(name).json"
    try Data(text.replacingOccurrences(of: old, with: new).utf8).write(to: URL(fileURLWithPath: path))
    return path
}

struct GoldenCheckTests {
    @Test func everySampleHasGoldensAndEveryGoldenASample() throws {
        #expect(contents(ofDirectory: goldens.path) == samples)
        // A sample's side files (its images) are in a directory of its name; samples/swift holds the
        // tutorials' own code as programs of the same views: their states are the samples'
        // (TutorialTests), so they have no goldens of their own.
        #expect(
            contents(ofDirectory: repositoryRoot.appendingPathComponent("samples").path)
                == (samples.map { $0 + ".json" } + ["arrow-spinner", "swift"]).sorted())
    }

    @Test(arguments: samples)
    func unchangedRendersPass(name: String) throws {
        let dir = try temporaryDirectory()
        let r = try run([
            "check", samplePath(name), "--golden", goldens.appendingPathComponent(name).path, "--report",
            dir + "/report",
        ])
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.hasSuffix(" passed, 0 failed\n"))
        #expect(contents(ofDirectory: dir).isEmpty)
    }

    /// The whole screen, table included, at scale 1: the scene's own goldens, checked as their manifest says.
    @Test(arguments: samples)
    func unchangedScenesPass(name: String) throws {
        let r = try run([
            "check", samplePath(name), "--golden", goldens.appendingPathComponent("\(name)/scene").path, "--kind",
            "pixels", "--report", try temporaryDirectory(),
        ])
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout == "2 passed, 0 failed\n")
    }

    @Test func aDifferentRowAnimationFailsTheSceneGolden() throws {
        let spec = try mutatedSample(
            "rotate-scale", replacing: "\"animation\": \"middle\"", with: "\"animation\": \"fade\"")
        let r = try run([
            "check", spec, "--golden", goldens.appendingPathComponent("rotate-scale/scene").path, "--only", "screen",
            "--scale",
            "1",
            "--kind", "pixels", "--report", try temporaryDirectory(),
        ])
        #expect(r.status == 1)
        #expect(r.stdout.contains("frame 1 (t=4.65s): "))
        #expect(!r.stdout.contains("frame 0 (t=0.80s)"))
    }

    @Test func aOneFrameTimingShiftFailsAndNamesTheFrame() throws {
        // The first label's tilt takes 0.12 s instead of 0.1 s: 0.05 s into the refresh it is 18.75°, not 22.5°.
        let spec = try mutatedSample("rotate-scale", replacing: "\"duration\": 0.1,", with: "\"duration\": 0.12,")
        let report = try temporaryDirectory()
        let r = try run(["check", spec, "--golden", try goldenCopy("rotate-scale"), "--report", report])
        #expect(r.status == 1)
        #expect(r.stdout.contains("states: tag 1: rotation 18.75 at 0.55 s, golden 22.5;"))
        // The timeline names the step that changed and shows the first differing lines.
        #expect(
            r.stdout.contains(
                "first difference at line 1; first changed segment comes from program.cycle[0].each.steps[0].animate.duration\n"
            ))
        #expect(
            r.stdout.contains("\n    -   0.500 →   0.600  tag 1  transform        identity → rotate(45°)  linear\n"))
        #expect(
            r.stdout.contains("\n    +   0.500 →   0.620  tag 1  transform        identity → rotate(45°)  linear\n"))
        #expect(r.stdout.contains("\nframe 0 (t=0.55s): "))
        #expect(contents(ofDirectory: report).contains("frame-000.diff.png"))
        #expect(contents(ofDirectory: report).contains("frame-000.actual.png"))
    }

    @Test func aChangedPaletteColorFails() throws {
        let spec = try mutatedSample(
            "rotate-scale", replacing: "\"magenta\", \"brown\"", with: "\"magenta\", \"purple\"")
        let report = try temporaryDirectory()
        let r = try run([
            "check", spec, "--golden", try goldenCopy("rotate-scale"), "--kind", "pixels", "--report", report,
        ])
        #expect(r.status == 1)
        #expect(r.stdout.contains("frame 1 (t=0.70s): "))
        #expect(!r.stdout.contains("frame 0 (t=0.55s)"))
        #expect(contents(ofDirectory: report).contains("frame-001.diff.png"))
        // The diff image marks changed pixels in red.
        let diff = try PNGCodec.decode(
            [UInt8](try Data(contentsOf: URL(fileURLWithPath: report + "/frame-001.diff.png"))))
        var red = 0
        for i in stride(from: 0, to: diff.pixels.count, by: 4)
        where diff.pixels[i] > 200 && diff.pixels[i + 1] < 60 && diff.pixels[i + 2] < 60 { red += 1 }
        #expect(red > 20)
    }

    @Test func aLabelMovedByOnePointFails() throws {
        let spec = try mutatedSample(
            "marquee", replacing: "\"3.centerX == superview.centerX - 19\"",
            with: "\"3.centerX == superview.centerX - 18\"")
        let r = try run([
            "check", spec, "--golden", try goldenCopy("marquee"), "--kind", "pixels", "--report",
            try temporaryDirectory(),
        ])
        #expect(r.status == 1)
        for i in 0..<5 { #expect(r.stdout.contains("frame \(i) (t=")) }
    }

    @Test func aReEncodedGoldenStillPasses() throws {
        let golden = try goldenCopy("marquee")
        for file in contents(ofDirectory: golden) where file.hasSuffix(".png") {
            let path = golden + "/" + file
            let bitmap = try PNGCodec.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
            let reencoded = try PNGCodec.encode(bitmap, level: 9)
            #expect(reencoded != [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
            try Data(reencoded).write(to: URL(fileURLWithPath: path))
        }
        let r = try run(["check", samplePath("marquee"), "--golden", golden, "--report", try temporaryDirectory()])
        #expect(r.status == 0)
    }

    @Test func missingGoldensFailClearlyAndRecordWritesThem() throws {
        let golden = try temporaryDirectory() + "/new"
        let missing = try run(["check", samplePath("marquee"), "--golden", golden, "--at", "0.3"])
        #expect(missing.status == 1)
        #expect(
            missing.stdout.contains(
                "frame 0 (t=0.30s): golden missing (\(golden)/frame-000.png); record it with --record missing or 'refresh-frames record'"
            ))
        #expect(!FileManager.default.fileExists(atPath: golden))
        let recorded = try run([
            "check", samplePath("marquee"), "--golden", golden, "--at", "0.3", "--record", "missing",
        ])
        #expect(recorded.status == 0)
        #expect(
            recorded.stderr
                == "recorded 3 golden file(s) in \(golden)\nclock: 1455451200 (2016-02-14T12:00:00Z) from SOURCE_DATE_EPOCH\n"
        )
        #expect(contents(ofDirectory: golden) == ["frame-000.png", "manifest.json", "states.json", "timeline.txt"])
        #expect(try run(["check", samplePath("marquee"), "--golden", golden]).status == 0)
    }

    @Test func ciNeverRecordsImplicitly() throws {
        let golden = try temporaryDirectory() + "/g"
        let r = try run(
            ["check", samplePath("marquee"), "--golden", golden, "--at", "0.3"],
            environment: ["CI": "true", "REFRESH_FRAMES_RECORD": "all"])
        #expect(r.status == 1)
        #expect(!FileManager.default.fileExists(atPath: golden))
    }

    @Test func junitXMLCountsEveryCheck() throws {
        let dir = try temporaryDirectory()
        let spec = try mutatedSample("rotate-scale", replacing: "\"duration\": 0.1,", with: "\"duration\": 0.12,")
        let r = try run([
            "check", spec, "--golden", try goldenCopy("rotate-scale"), "--junit", dir + "/junit.xml", "--html",
            dir + "/html", "--report", dir + "/report",
        ])
        #expect(r.status == 1)
        final class Counter: NSObject, XMLParserDelegate {
            var suites: [[String: String]] = []
            var cases = 0
            var failures = 0
            var caseSeconds: [Double] = []
            func parser(
                _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]
            ) {
                if name == "testsuite" { suites.append(attributes) }
                if name == "testcase" {
                    cases += 1
                    caseSeconds.append(Double(attributes["time"] ?? "") ?? -1)
                }
                if name == "failure" { failures += 1 }
            }
        }
        let counter = Counter()
        let parser = XMLParser(data: try Data(contentsOf: URL(fileURLWithPath: dir + "/junit.xml")))
        parser.delegate = counter
        #expect(parser.parse())
        #expect(counter.cases == 8)
        #expect(counter.failures == Int(counter.suites.first?["failures"] ?? ""))
        #expect(counter.failures >= 3)
        // Real durations: every case has one, and drawing and comparing a 750×120 frame takes some.
        #expect(counter.caseSeconds.allSatisfy { $0 >= 0 })
        #expect(counter.caseSeconds.filter { $0 > 0 }.count >= 6)
        #expect(abs((Double(counter.suites.first?["time"] ?? "") ?? -1) - counter.caseSeconds.reduce(0, +)) < 0.01)
        let html = try String(contentsOfFile: dir + "/html/index.html", encoding: .utf8)
        #expect(html.contains("<img src=\"images/2-diff.png\" alt=\"diff\" style=\"width: "))
        #expect(FileManager.default.fileExists(atPath: dir + "/html/images/2-diff.png"))
    }
}
