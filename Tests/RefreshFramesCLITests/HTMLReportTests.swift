import Foundation
import RefreshFramesRaster
import Testing

/// The `--html` report in a real browser (Debian's chromium, headless; scripts/setup installs it),
/// opened from a copy in another directory, as a CI artifact is.
struct HTMLReportTests {
    static let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    /// Runs headless chromium on `page` at `width` pixels; returns the DOM after the page's scripts ran.
    func browse(_ page: String, width: Int, screenshot: String) throws -> String {
        let browser = try #require(Self.chromium, "chromium is missing: run scripts/setup")
        let profile = try temporaryDirectory()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: browser)
        let common = [
            "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--user-data-dir=\(profile)",
            "--window-size=\(width),1000", "--virtual-time-budget=3000",
        ]
        process.arguments = common + ["--dump-dom", URL(fileURLWithPath: page).absoluteString]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let dom = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let shot = Process()
        shot.executableURL = URL(fileURLWithPath: browser)
        shot.arguments = common + ["--screenshot=\(screenshot)", URL(fileURLWithPath: page).absoluteString]
        shot.standardOutput = FileHandle.nullDevice
        shot.standardError = FileHandle.nullDevice
        try shot.run()
        shot.waitUntilExit()
        return dom
    }

    @Test func theReportOpensFromAnywhereWithEveryImageSideBySide() throws {
        let dir = try temporaryDirectory()
        let golden = dir + "/golden"
        #expect(try run(["record", samplePath("rotate-scale"), "--golden", golden, "--only", "control"]).status == 0)
        let spec = dir + "/rotate-scale.json"
        let text = try String(contentsOfFile: samplePath("rotate-scale"), encoding: .utf8)
        try Data(text.replacingOccurrences(of: "\"duration\": 0.1,", with: "\"duration\": 0.12,").utf8).write(
            to: URL(fileURLWithPath: spec))
        let r = try run(["check", spec, "--golden", golden, "--report", dir + "/report", "--html", dir + "/html"])
        #expect(r.status == 1)
        // Uploaded elsewhere, without the goldens or the report directory next to it.
        let artifact = try temporaryDirectory() + "/artifact"
        try FileManager.default.moveItem(atPath: dir + "/html", toPath: artifact)
        try FileManager.default.removeItem(atPath: dir + "/report")
        try FileManager.default.removeItem(atPath: golden)
        for width in [1400, 600] {
            let screenshot = artifact + "/shot-\(width).png"
            let dom = try browse(artifact + "/index.html", width: width, screenshot: screenshot)
            // 4 failed frames × (golden, actual, diff, and the two compared in the viewer), 2 passed thumbnails.
            #expect(dom.contains("data-images=\"22/22\""), "\(width): \(dom.prefix(400))")
            #expect(dom.contains("data-overflow=\"false\""))
            #expect(dom.contains("data-side-by-side=\"true\""))
            #expect(dom.contains("<span class=\"del\">-   0.500 →   0.600  tag 1  transform"))
            let shot = try PNGCodec.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: screenshot))))
            #expect(shot.width == width)
        }
    }

    /// Several specs in one run: one directory with a part per spec, every image inside it.
    @Test func oneReportCoversEverySpecOfARun() throws {
        let dir = try temporaryDirectory()
        let specs = [samplePath("rotate-scale"), samplePath("color-dots")]
        let goldens = dir + "/goldens"
        let record = try run(["record"] + specs + ["--golden", goldens, "--only", "control", "--at", "0.05,1.36"])
        #expect(record.status == 0, "\(record.stderr)")
        let changed = dir + "/rotate-scale.json"
        let text = try String(contentsOfFile: samplePath("rotate-scale"), encoding: .utf8)
        try Data(text.replacingOccurrences(of: "\"duration\": 0.1,", with: "\"duration\": 0.12,").utf8).write(
            to: URL(fileURLWithPath: changed))
        let r = try run(
            ["check", changed, specs[1], "--golden", goldens, "--report", dir + "/report", "--html", dir + "/html"])
        #expect(r.status == 1)
        // The report directory names each image after its spec.
        let images = contents(ofDirectory: dir + "/report")
        #expect(!images.isEmpty && images.allSatisfy { $0.hasPrefix("rotate-scale.frame-") })
        let artifact = try temporaryDirectory() + "/artifact"
        try FileManager.default.moveItem(atPath: dir + "/html", toPath: artifact)
        try FileManager.default.removeItem(atPath: dir + "/report")
        try FileManager.default.removeItem(atPath: goldens)
        let dom = try browse(artifact + "/index.html", width: 1400, screenshot: artifact + "/shot.png")
        let counts = try #require(
            dom.firstRange(of: "data-images=\"").map { dom[$0.upperBound...].prefix { $0 != "\"" } })
        let parts = counts.split(separator: "/")
        #expect(parts.count == 2 && parts[0] == parts[1] && parts[0] != "0", "\(counts)")
        #expect(dom.contains("data-overflow=\"false\""))
        #expect(dom.contains("\(changed) → \(goldens)/rotate-scale"))
        #expect(dom.contains("\(specs[1]) → \(goldens)/color-dots"))
    }
}
