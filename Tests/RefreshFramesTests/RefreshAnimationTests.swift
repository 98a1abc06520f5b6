import Foundation
import RefreshFrames
import RefreshFramesCore
import RefreshFramesTestSupport
import Testing

/// Loading a spec through the one entry point: its side files found beside it, every failure one
/// line that says which step failed.
struct RefreshAnimationTests {
    /// A spec whose one label is drawn in the font file it names.
    static func brandSpec(fonts: [String]) -> String {
        let list = fonts.map { "\"\($0)\"" }.joined(separator: ", ")
        return """
            {
              "canvas": {"width": 200, "height": 60},
              "fonts": [\(list)],
              "views": [{"tag": 1, "text": "Brand", "font": {"family": "\(FontFixture.family)", "size": 24}}],
              "constraints": ["1.centerX == superview.centerX", "1.centerY == superview.centerY"],
              "scenario": {"refreshAt": 0, "workDuration": 1}
            }

            """
    }

    /// Every character 1 em wide and 1 em tall: no fonts.
    static let em = TextMeasurer { text, font in IntrinsicSize(width: Double(text.count) * font.size, height: font.size)
    }

    /// A new directory holding the brand font (made from `font`) as `brand.ttf`.
    static func directoryWithFont(from font: String = FontFixture.source) throws -> String {
        let path = try scratchDirectory("refresh-animation-tests-")
        try FontFixture.write(to: path + "/brand.ttf", from: font)
        return path
    }

    /// Two animations in one process (as one test target records two specs' goldens), each with its
    /// own font file under the one family name: DejaVu Sans and DejaVu Serif, both renamed to the
    /// brand family. Each measures, draws and counts its own file, whichever was registered first
    /// and whatever other tests register; the label's frame is fixed, so a text mask cached for the
    /// first would be drawn again for the second if the cache did not know which file drew it.
    @Test func twoAnimationsWithOneFamilyFromTwoFilesEachUseTheirOwn() throws {
        let sans = try Self.directoryWithFont()
        let serif = try Self.directoryWithFont(from: "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf")
        let spec = Self.brandSpec(fonts: ["brand.ttf"]).replacingOccurrences(
            of: "\"constraints\": [", with: "\"constraints\": [\"1.width == 150\", \"1.height == 40\", ")
        for dir in [sans, serif] { try spec.write(toFile: dir + "/s.json", atomically: true, encoding: .utf8) }
        let first = try RefreshAnimation(contentsOf: sans + "/s.json", now: 0)
        let second = try RefreshAnimation(contentsOf: serif + "/s.json", now: 0)
        let drawn = try [first, second].map { try $0.frames().bitmap(at: 0.3) }
        #expect(first.fontUsage.filesUsed == [sans + "/brand.ttf"])
        #expect(second.fontUsage.filesUsed == [serif + "/brand.ttf"])
        let sameDrawing = drawn[0] == drawn[1]
        #expect(!sameDrawing)
        let sansWidth = try TextMeasurer.fonts.measure("Brand", FontSpec(family: "DejaVu Sans", size: 24)).width
        let serifWidth = try TextMeasurer.fonts.measure("Brand", FontSpec(family: "DejaVu Serif", size: 24)).width
        #expect(sansWidth != serifWidth)
        let measure = { (animation: RefreshAnimation) in
            try animation.measurer.measure("Brand", FontSpec(family: FontFixture.family, size: 24)).width
        }
        #expect(try measure(first) == sansWidth)
        #expect(try measure(second) == serifWidth)
    }

    @Test func aSpecFilesFontsAreFoundBesideIt() throws {
        let dir = try Self.directoryWithFont()
        try Self.brandSpec(fonts: ["brand.ttf"]).write(toFile: dir + "/s.json", atomically: true, encoding: .utf8)
        let animation = try RefreshAnimation(contentsOf: dir + "/s.json", now: 0)
        #expect(animation.name == dir + "/s.json")
        #expect(animation.sourceFiles == [dir + "/s.json", dir + "/brand.ttf"])
        #expect(animation.timeline.layout.frames[1]!.width > 0)
    }

    @Test func bytesFindTheirFontsInTheDirectoryGiven() throws {
        let dir = try Self.directoryWithFont()
        let bytes = Array(Self.brandSpec(fonts: ["brand.ttf"]).utf8)
        let animation = try RefreshAnimation(bytes: bytes, name: "Refresh.json", directory: dir, now: 0)
        #expect(animation.sourceFiles == [dir + "/brand.ttf"])
        #expect(throws: LoadError.self) { try RefreshAnimation(bytes: bytes, name: "Refresh.json", now: 0) }
    }

    /// What each step's failure says, and that it names the step.
    @Test(arguments: [
        (
            "missing.json", nil, LoadError.Stage.read,
            "missing.json: error: no such file"
        ),
        (
            "bad.json", #"{"canvas": 3}"#, .decode,
            "bad.json:1:12: error: canvas: expected an object, got a number"
        ),
        (
            "font.json", brandSpec(fonts: ["nowhere.ttf"]), .open,
            "font.json:3:13: error: fonts[0]: font file 'nowhere.ttf' not found (looked for 'DIR/nowhere.ttf')"
        ),
        (
            "family.json", brandSpec(fonts: []).replacingOccurrences(of: FontFixture.family, with: "Nowhere Sans"),
            .build,
            "family.json:4:60: error: views[0].font.family: font family 'Nowhere Sans' is not installed"
        ),
    ])
    func eachStepFailsWithOneLine(file: String, spec: String?, stage: LoadError.Stage, message: String) throws {
        let dir = try Self.directoryWithFont()
        try spec?.write(toFile: dir + "/" + file, atomically: true, encoding: .utf8)
        let error = try #require(throws: LoadError.self) { try RefreshAnimation(contentsOf: dir + "/" + file, now: 0) }
        #expect(error.stage == stage)
        #expect(error.description.replacingOccurrences(of: dir, with: "DIR").hasPrefix("DIR/" + message))
    }

    /// The fuzzer's way: no side file is opened, texts measured by arithmetic.
    @Test func noSideFilesOpensNone() throws {
        let bytes = Array(Self.brandSpec(fonts: ["nowhere.ttf"]).utf8)
        let animation = try RefreshAnimation(bytes: bytes, name: "f.json", files: .none, now: 0, measurer: Self.em)
        #expect(animation.timeline.layout.frames[1]!.width == 5 * 24)
    }

    @Test func reloadingReadsTheSpecAgain() throws {
        let dir = try Self.directoryWithFont()
        let path = dir + "/s.json"
        try Self.brandSpec(fonts: ["brand.ttf"]).write(toFile: path, atomically: true, encoding: .utf8)
        let before = try RefreshAnimation(contentsOf: path, now: 0)
        try Self.brandSpec(fonts: ["brand.ttf"]).replacingOccurrences(of: "\"Brand\"", with: "\"Brand new\"")
            .write(toFile: path, atomically: true, encoding: .utf8)
        let after = try before.reloaded()
        #expect(before.spec.views[0].texts[.idle] == "Brand")
        #expect(after.spec.views[0].texts[.idle] == "Brand new")
    }

    /// The part is decided as for every command (`FrameSource.Part.resolved`): nil is the whole
    /// screen when the spec has a host, else the control; the screen of a spec without a host is
    /// refused with the command line's message.
    @Test func thePartIsDecidedAsForEveryCommand() throws {
        let hosted = try RefreshAnimation(contentsOf: samplePath("rotate-scale"), now: 0)
        let screen = try hosted.frame(at: 0.5, part: .screen, scale: 1)
        let control = try hosted.frame(at: 0.5, part: .control, scale: 1)
        #expect((screen.width, screen.height) != (control.width, control.height))
        let chosen = try hosted.frame(at: 0.5, scale: 1)
        #expect((chosen.width, chosen.height) == (screen.width, screen.height))
        let json = """
            {"canvas": {"width": 200, "height": 60}, "views": [{"tag": 1, "text": "A"}],
             "constraints": ["1.centerX == superview.centerX", "1.centerY == superview.centerY"],
             "scenario": {"refreshAt": 0, "workDuration": 1}}
            """
        let bare = try RefreshAnimation(bytes: Array(json.utf8), name: "bare.json", now: 0)
        #expect(try bare.frame(at: 0.5, scale: 1).width == 200)
        let error = try #require(throws: RefreshAnimation.RenderError.self) { try bare.png(at: 0.5, part: .screen) }
        #expect(
            error.description
                == "bare.json: error: '--only screen' needs a spec with a host (a table under the control).")
        #expect(throws: RefreshAnimation.RenderError.self) { try bare.gif(part: .screen, fps: 10) }
    }

    /// Side files are found in the spec's directory, split without NSString's
    /// `deletingLastPathComponent` (Foundation 6.3 traps on a one-character name).
    @Test(arguments: [("a", "", "f.ttf"), ("d/a", "d", "d/f.ttf"), ("d/s.json", "d", "d/f.ttf")])
    func sideFilesAreBesideTheSpec(spec: String, directory: String, font: String) {
        let files = SpecFiles(spec: spec)
        #expect(files.directory == directory)
        #expect(files.path("f.ttf") == font)
    }

    @Test func endingRefreshEarlyShortensTheRefresh() throws {
        let animation = try RefreshAnimation(contentsOf: samplePath("rotate-scale"), now: 0)
        let t = animation.timeline
        #expect(animation.endingRefresh(at: t.refreshBeganAt - 0.01) == nil)
        let ended = try #require(animation.endingRefresh(at: t.refreshBeganAt + 0.2))
        #expect(ended.refreshEndedAt < t.refreshEndedAt)
    }
}
