import Foundation
import RefreshFramesCore
import RefreshFramesExport
import RefreshFramesRaster
import Testing

/// One frame as Pillow shows it (`scripts/animation-frames`): how long it lasts, a hash of its
/// RGBA pixels and one of its alpha thresholded at half.
struct PillowFrame: Equatable {
    var milliseconds: Int
    var rgba: String
    var mask: String
}

/// What Pillow (scripts/setup installs it) shows of each file, frame by frame.
func pillowFrames(_ paths: [String]) throws -> [String: [PillowFrame]] {
    let r = try run(
        [repositoryRoot.appendingPathComponent("scripts/animation-frames").path] + paths, executable: "/usr/bin/env")
    guard r.status == 0 else {
        Issue.record("scripts/animation-frames failed (Pillow missing? run scripts/setup): \(r.stderr)")
        return [:]
    }
    var frames: [String: [PillowFrame]] = [:]
    for line in r.stdout.split(separator: "\n") {
        let f = line.split(separator: " ").map(String.init)
        frames[f[0], default: []].append(PillowFrame(milliseconds: Int(f[3])!, rgba: f[4], mask: f[5]))
    }
    return frames
}

/// The PNG frame each animation frame should equal: the one of the instant it starts.
func pngFrames(at frames: [PillowFrame], fps: Double, in directory: String) -> [String] {
    var start = 0
    return frames.map { frame in
        defer { start += frame.milliseconds }
        return directory + "/frame-" + zeroPadded(Int((Double(start) / 1000 * fps).rounded()), width: 4) + ".png"
    }
}

@Suite struct AnimatedFormatsTests {
    static let samples = ["rotate-scale", "marquee", "color-dots", "classic-spinner"]

    /// Renders `spec` as `extensions` (and a PNG sequence) with the same options; returns the paths.
    func render(_ spec: String, _ options: [String], _ extensions: [String], in dir: String) throws -> [String: String]
    {
        var paths: [String: String] = [:]
        for e in extensions + ["frames/"] {
            let path = dir + "/out." + e
            let r = try run(["render", spec] + options + ["-o", path])
            #expect(r.status == 0, "\(e): \(r.stderr)")
            paths[e] = path
        }
        return paths
    }

    /// APNG and WebP hold the GIF's frames for as long, and each frame is exactly the PNG frame of
    /// the instant it starts.
    @Test(arguments: samples)
    func apngAndWebPAreTheGIFsFramesExactly(sample: String) throws {
        let dir = try temporaryDirectory()
        let paths = try render(
            samplePath(sample), ["--only", "control", "--scale", "1", "--fps", "25"], ["gif", "apng", "webp"], in: dir)
        let shown = try pillowFrames([paths["gif"]!, paths["apng"]!, paths["webp"]!])
        let gif = try #require(shown[paths["gif"]!])
        for format in ["apng", "webp"] {
            let frames = try #require(shown[paths[format]!])
            #expect(frames.map(\.milliseconds) == gif.map(\.milliseconds), "\(format): the GIF's durations")
            let pngs = pngFrames(at: frames, fps: 25, in: paths["frames/"]!)
            let expected = try pillowFrames(pngs)
            for (k, frame) in frames.enumerated() {
                #expect(frame.rgba == expected[pngs[k]]?.first?.rgba, "\(format) frame \(k) differs from \(pngs[k])")
            }
        }
    }

    /// Over a clear background the GIF is transparent where the PNG frames are under half alpha
    /// and opaque elsewhere, frame by frame; APNG and WebP keep the PNG frames' alpha exactly.
    @Test(arguments: ["rotate-scale", "color-dots"])
    func aClearBackgroundIsTransparentInEveryFormat(sample: String) throws {
        let dir = try temporaryDirectory()
        let paths = try render(
            samplePath(sample), ["--only", "control", "--scale", "1", "--fps", "25", "--background", "clear"],
            ["gif", "apng", "webp"], in: dir)
        let shown = try pillowFrames([paths["gif"]!, paths["apng"]!, paths["webp"]!])
        for format in ["gif", "apng", "webp"] {
            let frames = try #require(shown[paths[format]!])
            let pngs = pngFrames(at: frames, fps: 25, in: paths["frames/"]!)
            let expected = try pillowFrames(pngs)
            for (k, frame) in frames.enumerated() {
                let png = try #require(expected[pngs[k]]?.first)
                if format == "gif" {
                    #expect(frame.mask == png.mask, "gif frame \(k): transparency differs from \(pngs[k])")
                } else {
                    #expect(frame.rgba == png.rgba, "\(format) frame \(k) differs from \(pngs[k])")
                }
            }
        }
    }

    static let firefox = ["/usr/bin/firefox-esr", "/usr/bin/firefox"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    /// The clear-background GIF, APNG and WebP on a dark page in headless Chromium: the page shows
    /// through where the control is clear (an opaque GIF would be black there), and the labels are
    /// drawn. Checked on the screenshot's pixels.
    @Test func aClearBackgroundShowsADarkPageThroughInChromium() throws {
        let browser = try #require(HTMLReportTests.chromium, "chromium is missing: run scripts/setup")
        try checkDarkPage(browser: browser) { page, screenshot, dir in
            [
                "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--user-data-dir=\(dir)/profile",
                "--window-size=400,200", "--virtual-time-budget=1500", "--screenshot=\(screenshot)", page,
            ]
        }
    }

    /// The same in headless Firefox (not installed by scripts/setup: about 250 MB; the test runs
    /// where it is installed, `apt-get install firefox-esr`).
    @Test(.enabled(if: firefox != nil, "firefox-esr is not installed"))
    func aClearBackgroundShowsADarkPageThroughInFirefox() throws {
        try checkDarkPage(browser: Self.firefox!) { page, screenshot, _ in
            ["--headless", "--window-size=400,200", "--screenshot", screenshot, page]
        }
    }

    func checkDarkPage(
        browser: String, _ arguments: (_ page: String, _ screenshot: String, _ dir: String) -> [String]
    ) throws {
        let dir = try temporaryDirectory()
        _ = try render(
            samplePath("rotate-scale"),
            ["--only", "control", "--scale", "1", "--fps", "25", "--background", "clear", "--to", "1"],
            ["gif", "apng", "webp"], in: dir)
        let page = dir + "/page.html"
        let images = ["gif", "apng", "webp"].map { "<img src=\"out.\($0)\" style=\"display:block\">" }
        try Data(("<html><body style=\"margin:0;background:#203040\">" + images.joined() + "</body></html>").utf8)
            .write(to: URL(fileURLWithPath: page))
        let screenshot = dir + "/shot.png"
        let r = try run(
            arguments(URL(fileURLWithPath: page).absoluteString, screenshot, dir), environment: ["HOME": dir],
            executable: browser)
        #expect(r.status == 0, "\(r.stderr)")
        let shot = try PNGCodec.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: screenshot))))
        let pageColor = (UInt8(0x20), UInt8(0x30), UInt8(0x40))
        for (k, format) in ["gif", "apng", "webp"].enumerated() {
            let top = k * 60
            let corner = shot[3, top + 3]
            #expect((corner.red, corner.green, corner.blue) == pageColor, "\(format): the page shows through")
            let drawn = (top..<(top + 60)).contains { y in
                (0..<375).contains { x in
                    let p = shot[x, y]
                    return (p.red, p.green, p.blue) != pageColor
                }
            }
            #expect(drawn, "\(format): the labels are drawn")
        }
    }
}
