import Foundation
import RefreshFramesRaster
import Testing

/// The `<picture>` that `render --print-html` prints, in real browsers: a light reader sees the
/// light picture and a dark one the dark picture. The spec's canvas is systemBackground, white in
/// one screenshot and black in the other; the grey page around it shows the picture is in place.
@Suite struct PictureElementTests {
    /// Renders the pair as `format` and writes a page holding the printed snippet; returns its path.
    func page(_ format: String) throws -> (page: String, dir: String) {
        let dir = try temporaryDirectory()
        let spec = dir + "/hi.json"
        try Data(RenderChoiceTests.semanticSpec.utf8).write(to: URL(fileURLWithPath: spec))
        let r = try run(["render", spec, "--print-html", "--format", format, "-o", "hi"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        let snippet = r.stdout.split(separator: "\n").drop { !$0.hasPrefix("<picture>") }.joined(separator: "\n")
        #expect(snippet.contains("srcset=\"hi-dark.\(format)\""))
        let page = dir + "/page.html"
        try Data(("<html><body style=\"margin:0;background:#808080\">" + snippet + "</body></html>").utf8)
            .write(to: URL(fileURLWithPath: page))
        return (page, dir)
    }

    func expectCanvas(_ screenshot: String, white: Bool, _ what: String) throws {
        let pixels = try PNGCodec.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: screenshot))))
        let corner = pixels[2, 2]
        let canvas: UInt8 = white ? 255 : 0
        #expect([corner.red, corner.green, corner.blue] == [canvas, canvas, canvas], "\(what): the picture")
        let page = pixels[150, 50]
        #expect([page.red, page.green, page.blue] == [128, 128, 128], "\(what): the page")
    }

    /// Chromium's `--force-dark-mode` makes prefers-color-scheme dark.
    @Test(arguments: ["gif", "apng", "webp"])
    func chromiumShowsThePictureOfItsColourScheme(format: String) throws {
        let browser = try #require(HTMLReportTests.chromium, "chromium is missing: run scripts/setup")
        let (page, dir) = try page(format)
        for dark in [false, true] {
            let screenshot = dir + "/shot-\(dark).png"
            let shot = try run(
                ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--user-data-dir=\(dir)/profile"]
                    + (dark ? ["--force-dark-mode"] : []) + [
                        "--window-size=200,100", "--virtual-time-budget=1000", "--screenshot=\(screenshot)",
                        URL(fileURLWithPath: page).absoluteString,
                    ], environment: ["HOME": dir], executable: browser)
            #expect(shot.status == 0, "\(shot.stderr)")
            try expectCanvas(screenshot, white: !dark, "\(format), dark \(dark)")
        }
    }

    /// Firefox's profile preferences (`ui.systemUsesDarkTheme`, and the content's colour scheme
    /// `layout.css.prefers-color-scheme.content-override`, 0 dark, 1 light); where Firefox is
    /// installed (scripts/setup does not install it).
    @Test(
        .enabled(if: AnimatedFormatsTests.firefox != nil, "firefox-esr is not installed"),
        arguments: ["gif", "apng", "webp"])
    func firefoxShowsThePictureOfItsColourScheme(format: String) throws {
        let (page, dir) = try page(format)
        for dark in [false, true] {
            let profile = dir + "/profile-\(dark)"
            try FileManager.default.createDirectory(atPath: profile, withIntermediateDirectories: false)
            let preferences =
                "user_pref(\"layout.css.prefers-color-scheme.content-override\", \(dark ? 0 : 1));\n"
                + "user_pref(\"ui.systemUsesDarkTheme\", \(dark ? 1 : 0));\n"
            try Data(preferences.utf8).write(to: URL(fileURLWithPath: profile + "/user.js"))
            let screenshot = dir + "/shot-\(dark).png"
            let shot = try run(
                [
                    "--headless", "--profile", profile, "--window-size=200,100", "--screenshot", screenshot,
                    URL(fileURLWithPath: page).absoluteString,
                ], environment: ["HOME": dir], executable: AnimatedFormatsTests.firefox!)
            #expect(shot.status == 0, "\(shot.stderr)")
            try expectCanvas(screenshot, white: !dark, "\(format), dark \(dark)")
        }
    }
}
