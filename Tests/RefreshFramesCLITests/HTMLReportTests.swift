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
    func browse(_ page: String, width: Int, height: Int = 1000, screenshot: String) throws -> String {
        let browser = try #require(Self.chromium, "chromium is missing: run scripts/setup")
        let profile = try temporaryDirectory()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: browser)
        let common = [
            "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--user-data-dir=\(profile)",
            "--window-size=\(width),\(height)", "--virtual-time-budget=3000",
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
            // 4 failed frames × (golden, actual, diff, and the two compared in the viewer), the
            // before and after of the failing span, 2 passed thumbnails.
            #expect(dom.contains("data-images=\"24/24\""), "\(width): \(dom.prefix(400))")
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

    struct Failure: CustomTestStringConvertible, Sendable {
        var name: String
        /// The samples, each with the change made to it, and the options they are recorded with.
        var specs: [(sample: String, old: String, new: String)]
        var record: [String]
        /// The page's height at most, in CSS pixels at a 1200×900 window.
        var limit: Int
        var testDescription: String { name }
    }

    /// A reviewer reads a failure in one screen: a 1200×900 window shows the report of one changed
    /// constraint whole (≤ 900 px), and each failing spec's part of a run fits one such screen (two
    /// specs ≤ 1800 px). Before crops, a one-constraint report was 2319 px and a two-spec one of
    /// whole-screen goldens 22628 px.
    static let failures: [Failure] = [
        Failure(
            name: "one constraint of marquee's control",
            specs: [("marquee", "\"3.centerX == superview.centerX - 19\"", "\"3.centerX == superview.centerX - 18\"")],
            record: ["--only", "control"], limit: 900),
        Failure(
            name: "two specs of whole-screen goldens",
            specs: [
                ("marquee", "\"3.centerX == superview.centerX - 19\"", "\"3.centerX == superview.centerX - 18\""),
                ("rotate-scale", "\"duration\": 0.1,", "\"duration\": 0.12,"),
            ], record: [], limit: 1800),
    ]

    @Test(
        .enabled(
            if: HTMLReportTests.chromium != nil,
            "chromium is not installed (scripts/setup installs it): the report's height in a browser is not checked"),
        arguments: failures)
    func theReportOfAFailureFitsItsScreens(failure: Failure) throws {
        let dir = try temporaryDirectory()
        let samples = failure.specs.map { samplePath($0.sample) }
        let golden = dir + "/goldens" + (samples.count == 1 ? "/" + failure.specs[0].sample : "")
        let record = try run(["record"] + samples + ["--golden", golden] + failure.record)
        #expect(record.status == 0, "\(record.stderr)")
        var changed: [String] = []
        for spec in failure.specs {
            let text = try String(contentsOfFile: samplePath(spec.sample), encoding: .utf8)
            #expect(text.contains(spec.old))
            changed.append(dir + "/" + spec.sample + ".json")
            try Data(text.replacingOccurrences(of: spec.old, with: spec.new).utf8).write(
                to: URL(fileURLWithPath: changed.last!))
        }
        let r = try run(
            ["check"] + changed + ["--golden", golden, "--report", dir + "/report", "--html", dir + "/html"])
        #expect(r.status == 1, "\(r.stdout)\(r.stderr)")
        let screenshot = dir + "/html-1200x900.png"
        let dom = try browse(dir + "/html/index.html", width: 1200, height: 900, screenshot: screenshot)
        func attribute(_ name: String) -> String? {
            dom.firstRange(of: "data-\(name)=\"").map { String(dom[$0.upperBound...].prefix { $0 != "\"" }) }
        }
        let height = try #require(attribute("height").flatMap { Int($0) }, "\(dom.prefix(400))")
        #expect(height <= failure.limit, "the page is \(height) px high; see \(screenshot)")
        // Every failed frame is shown cropped, each crop loaded and smaller than its frame.
        let crops = try #require(attribute("crops")).split(separator: "/").compactMap { Int($0) }
        #expect(crops.count == 2 && crops[0] == crops[1] && crops[0] >= 3 * 4 + 2, "crops \(crops)")
        #expect(attribute("images").map { $0.split(separator: "/").count == 2 } == true)
        #expect(dom.contains("data-overflow=\"false\""))
        // The failing span before and after, and the whole-frame views kept (folded).
        #expect(dom.contains("<section class=\"flip\""))
        #expect(dom.contains("value=\"swipe\"") && dom.contains("value=\"onion\""))
        let shot = try PNGCodec.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: screenshot))))
        #expect(shot.width == 1200)
        if failure.record.isEmpty {
            // Whole-screen goldens show the control first.
            #expect(dom.contains("golden: the control · <a href="))
        }
    }
}
