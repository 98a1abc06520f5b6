import Foundation
import Testing

@testable import RefreshFramesCLI

/// `render --max-size`, `--preset readme` and `--print-html`: the budget's order, the smallest
/// format, the light and dark pair, and the refusals.
@Suite struct RenderChoiceTests {
    @Test(arguments: [
        ("500KB", 500_000), ("2MB", 2_000_000), ("1MiB", 1_048_576), ("64KiB", 65_536), ("1200", 1200),
        ("1.5mb", 1_500_000), ("80k", 80_000), ("10 KB", 10_000),
    ])
    func aBudgetIsBytesWithAUnit(text: String, bytes: Int) {
        #expect(RenderChoice.Budget(parsing: text)?.bytes == bytes)
    }

    @Test(arguments: ["", "KB", "10QB", "-5KB", "0", "0.5", "nanKB", "2e13"])
    func aBudgetThatIsNoSizeIsRefused(text: String) {
        #expect(RenderChoice.Budget(parsing: text) == nil)
    }

    /// Lower rates first at the asked scale, then each smaller scale with every rate again.
    @Test func theBudgetsOrderLowersTheRateBeforeTheScale() {
        let steps = RenderChoice.ladder(fps: 50, scale: 2).map { "\($0.fps)@\($0.scale)" }
        #expect(
            steps == [
                "25.0@2.0", "20.0@2.0", "10.0@2.0", "50.0@1.5", "25.0@1.5", "20.0@1.5", "10.0@1.5", "50.0@1.0",
                "25.0@1.0", "20.0@1.0", "10.0@1.0",
            ])
        let readme = RenderChoice.ladder(fps: 25, scale: 1).map { "\($0.fps)@\($0.scale)" }
        #expect(
            readme == [
                "20.0@1.0", "10.0@1.0", "25.0@0.75", "20.0@0.75", "10.0@0.75", "25.0@0.5", "20.0@0.5", "10.0@0.5",
            ])
        #expect(RenderChoice.ladder(fps: 5, scale: 0.25).map { "\($0.fps)@\($0.scale)" } == ["5.0@0.25"])
    }

    /// The preset's file is byte for byte the smallest of the three formats rendered as its
    /// recipe says (control, 1x, 25 fps), and stderr says which it was.
    @Test(arguments: [("rotate-scale", "webp"), ("marquee", "gif")])
    func theReadmePresetWritesTheSmallestFormat(sample: String, smallest: String) throws {
        let dir = try temporaryDirectory()
        let preset = try run(["render", samplePath(sample), "--preset", "readme", "-o", dir + "/readme"])
        #expect(preset.status == 0, "\(preset.stderr)")
        #expect(contents(ofDirectory: dir) == ["readme." + smallest])
        var sizes: [String: Int] = [:]
        for format in ["gif", "apng", "webp"] {
            let path = dir + "/explicit." + format
            let r = try run([
                "render", samplePath(sample), "--only", "control", "--scale", "1", "--fps", "25", "-o", path,
            ])
            #expect(r.status == 0, "\(r.stderr)")
            sizes[format] = try Data(contentsOf: URL(fileURLWithPath: path)).count
        }
        #expect(sizes.min { $0.value < $1.value }?.key == smallest)
        let written = try Data(contentsOf: URL(fileURLWithPath: dir + "/readme." + smallest))
        #expect(written == (try Data(contentsOf: URL(fileURLWithPath: dir + "/explicit." + smallest))))
        #expect(
            preset.stderr
                == "note: --preset readme: \(smallest.uppercased()) is the smallest (bytes: GIF \(sizes["gif"]!), APNG \(sizes["apng"]!), WEBP \(sizes["webp"]!))\n"
        )
    }

    /// `-o DIR/` puts the picture in that (existing) directory under the spec's name.
    @Test func aDirectoryGetsThePictureUnderTheSpecsName() throws {
        let dir = try temporaryDirectory()
        try FileManager.default.createDirectory(atPath: dir + "/pictures", withIntermediateDirectories: false)
        let r = try run(["render", samplePath("classic-spinner"), "--preset", "readme", "-o", "pictures/"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.hasPrefix("wrote pictures/classic-spinner.webp: "))
        #expect(contents(ofDirectory: dir + "/pictures") == ["classic-spinner.webp"])
    }

    /// Over a clear background a GIF's edges are jagged (a pixel is clear or opaque): the preset
    /// chooses between APNG and WebP.
    @Test func overAClearBackgroundThePresetKeepsAlpha() throws {
        let dir = try temporaryDirectory()
        let r = try run(
            ["render", samplePath("rotate-scale"), "--preset", "readme", "--background", "clear", "-o", dir + "/c"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(contents(ofDirectory: dir) == ["c.webp"])
        #expect(r.stderr.hasPrefix("note: --preset readme: WEBP is the smallest (bytes: APNG "), "\(r.stderr)")
        #expect(!r.stderr.contains("GIF"))
    }

    /// On every sample a budget under the preset's size is met by the first step that fits, and
    /// stderr names it.
    @Test(arguments: [
        ("rotate-scale", 110_000, "20 fps at scale 1 as WEBP"), ("marquee", 15_000, "10 fps at scale 0.75 as GIF"),
        ("color-dots", 40_000, "10 fps at scale 1 as WEBP"), ("classic-spinner", 5000, "20 fps at scale 1 as WEBP"),
    ])
    func aBudgetIsMetOnEverySample(sample: String, budget: Int, choice: String) throws {
        let dir = try temporaryDirectory()
        let r = try run(
            ["render", samplePath(sample), "--preset", "readme", "--max-size", "\(budget)B", "-o", dir + "/out"])
        #expect(r.status == 0, "\(r.stderr)")
        let written = try #require(contents(ofDirectory: dir).first)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: dir + "/" + written)).count
        #expect(bytes <= budget)
        #expect(r.stderr.contains("note: --max-size \(budget)B: \(choice) fits (\(bytes) bytes; as asked, 25 fps"))
    }

    @Test func aBudgetTheAskedRenderMeetsChangesNothing() throws {
        let dir = try temporaryDirectory()
        let plain = try run(["render", samplePath("classic-spinner"), "-o", dir + "/plain.gif", "--only", "control"])
        let fits = try run(
            [
                "render", samplePath("classic-spinner"), "-o", dir + "/fits.gif", "--only", "control", "--max-size",
                "1MB",
            ])
        #expect(plain.status == 0 && fits.status == 0, "\(fits.stderr)")
        #expect(fits.stderr.contains("fits as asked"))
        let a = try Data(contentsOf: URL(fileURLWithPath: dir + "/plain.gif"))
        #expect(a == (try Data(contentsOf: URL(fileURLWithPath: dir + "/fits.gif"))))
    }

    /// Even the last step too big: one line, exit 2, nothing written.
    @Test func aBudgetNothingMeetsIsRefusedAndWritesNothing() throws {
        let dir = try temporaryDirectory()
        let spec = samplePath("classic-spinner")
        let r = try run(["render", spec, "--preset", "readme", "--max-size", "1KB", "-o", dir + "/out.webp"])
        #expect(r.status == 2)
        #expect(
            r.stderr
                == "\(spec): error: --max-size 1KB: even 10 fps at scale 0.5 as WEBP is 2322 bytes; allow more, or shorten it with --from/--to\n"
        )
        #expect(contents(ofDirectory: dir).isEmpty)
    }

    static let semanticSpec = """
        {"canvas": {"width": 80, "height": 30, "scale": 1, "background": "systemBackground"},
         "views": [{"tag": 1, "kind": "label", "text": "Hi", "textColor": "label", "font": {"size": 15}}],
         "constraints": ["1.centerX == superview.centerX", "1.centerY == superview.centerY"],
         "scenario": {"refreshAt": 0, "workDuration": 0.5}}
        """

    /// A light and a dark picture, and the `<picture>` that chooses between them.
    @Test func printHTMLWritesALightAndADarkPicture() throws {
        let dir = try temporaryDirectory()
        let spec = dir + "/hi.json"
        try Data(Self.semanticSpec.utf8).write(to: URL(fileURLWithPath: spec))
        let r = try run(["render", spec, "--print-html", "--format", "webp", "-o", dir + "/hi"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(contents(ofDirectory: dir) == ["hi-dark.webp", "hi-light.webp", "hi.json"])
        let light = try Data(contentsOf: URL(fileURLWithPath: dir + "/hi-light.webp"))
        let dark = try Data(contentsOf: URL(fileURLWithPath: dir + "/hi-dark.webp"))
        #expect(light != dark)
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 7)
        #expect(lines[0] == "wrote \(dir)/hi-light.webp: \(try frameSummary(r, "light")), \(light.count) bytes")
        #expect(
            Array(lines[2...]) == [
                "<picture>",
                "  <source media=\"(prefers-color-scheme: dark)\" srcset=\"\(dir)/hi-dark.webp\">",
                "  <source media=\"(prefers-color-scheme: light)\" srcset=\"\(dir)/hi-light.webp\">",
                "  <img alt=\"hi\" src=\"\(dir)/hi-light.webp\" width=\"80\" height=\"30\">",
                "</picture>",
            ])
        #expect(r.stderr.isEmpty)
    }

    /// The summary the binary wrote for one picture (frames, seconds, size).
    func frameSummary(_ r: RunResult, _ appearance: String) throws -> String {
        let line = try #require(r.stdout.split(separator: "\n").first { $0.contains("-\(appearance).webp: ") })
        let summary = line.split(separator: ": ", maxSplits: 1)[1]
        return String(summary[..<summary.range(of: ", ", options: .backwards)!.lowerBound])
    }

    @Test func printHTMLSaysWhenTheSpecDoesNotFollowTheAppearance() throws {
        let dir = try temporaryDirectory()
        let r = try run(
            [
                "render", samplePath("classic-spinner"), "--print-html", "--preset", "readme", "--format", "gif", "-o",
                dir + "/s",
            ])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(
            r.stderr.hasSuffix(
                "note: --print-html: the light and dark pictures are the same; the spec's colours do not follow the appearance (name semantic colours such as systemBackground and label, or add --background clear)\n"
            ))
    }

    @Test(arguments: [
        (["--max-size", "big"], "Invalid value 'big' for '--max-size': expected a size such as 500KB, 2MB or 1MiB."),
        (["--preset", "docs"], "Invalid value 'docs' for '--preset': expected readme."),
        (
            ["--print-html", "--appearance", "dark"],
            "'--print-html' writes both appearances; it cannot be combined with '--appearance'."
        ),
        (
            ["--preset", "readme", "--at", "1"],
            "'--at' renders one frame; --max-size, --preset and --print-html make animations."
        ),
        (
            ["--preset", "readme", "-o", "x.ans"],
            "--max-size, --preset and --print-html write a GIF, APNG or WebP file; 'x.ans' names another format."
        ),
        (
            ["--preset", "readme", "--format", "ansi"],
            "--max-size, --preset and --print-html write gif, apng or webp; not 'ansi'."
        ),
        (
            ["--preset", "readme", "--format", "gif", "-o", "x.webp"],
            "'--format gif' contradicts the output's name 'x.webp'."
        ),
    ])
    func usageMistakesExit64(arguments: [String], message: String) throws {
        let dir = try temporaryDirectory()
        let r = try run(["render"] + arguments, in: dir)
        #expect(r.status == 64)
        #expect(r.stderr.hasPrefix("Error: \(message)\n"), "\(r.stderr)")
        #expect(contents(ofDirectory: dir).isEmpty)
    }
}
