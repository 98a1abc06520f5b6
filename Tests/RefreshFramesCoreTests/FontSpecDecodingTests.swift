import Testing

@testable import RefreshFramesCore

/// The spec's font keys: iOS families and text styles, italic, and the app's own font files.
struct FontSpecDecodingTests {
    static func font(_ json: String) throws -> FontSpec {
        try Spec.decode(Array(minimalSpec(views: #"[{"tag": 1, "text": "A", "font": \#(json)}]"#).utf8)).views[0].font
    }

    @Test(arguments: [
        (#"{"family": "System", "size": 17}"#, FontSpec(family: "System", size: 17)),
        (#"{"family": "Avenir-Book", "size": 20}"#, FontSpec(family: "Avenir-Book", size: 20)),
        (#"{"textStyle": "headline"}"#, FontSpec(family: "System", size: 17, weight: "semibold")),
        (#"{"textStyle": "caption1", "weight": "bold"}"#, FontSpec(family: "System", size: 12, weight: "bold")),
        (#"{"family": "Helvetica Neue", "italic": true}"#, FontSpec(family: "Helvetica Neue", italic: true)),
    ])
    func fontsDecodeAsWritten(json: String, expected: FontSpec) throws {
        #expect(try Self.font(json) == expected)
    }

    @Test func iOSNamesCarryTheirFamilyWeightAndSlant() throws {
        let font = FontSpec(family: "HelveticaNeue-BoldItalic", size: 16)
        #expect(font.iOS?.font.family == "Helvetica Neue")
        #expect(font.iOS?.weight == "bold")
        #expect(font.iOS?.italic == true)
        #expect(FontSpec(family: "WenQuanYi Micro Hei").iOS == nil)
    }

    /// `lineHeight × size`, rounded up to the 2× pixel grid, is UILabel's intrinsic height.
    @Test(arguments: [("System", 17.0, 20.5), ("Helvetica Neue", 17, 20.5), ("Avenir-Book", 20, 27.5)])
    func theTableGivesIOSsLineHeights(family: String, size: Double, height: Double) throws {
        let metrics = try #require(IOSFont.match(family)?.font.metrics)
        #expect((metrics.lineHeight * size * 2).rounded(.up) / 2 == height)
        #expect(!metrics.source.isEmpty)
    }

    @Test func everyIOSFamilyHasAStandIn() {
        for font in IOSFont.all {
            #expect(!font.standIns.isEmpty, "\(font.family)")
            #expect(IOSFont.match(font.family)?.font == font, "\(font.family)")
        }
    }

    @Test func theAppsFontFilesAreKeptAsWritten() throws {
        let spec = try Spec.decode(Array(minimalSpec(extra: #""fonts": ["Fonts/Brand-Regular.otf", "b.ttf"],"#).utf8))
        #expect(spec.fonts == ["Fonts/Brand-Regular.otf", "b.ttf"])
    }

    @Test(arguments: [
        (
            #"{"textStyle": "heading"}"#, "views[0].font.textStyle",
            "'heading' is not one of body, callout, caption1, caption2, footnote, headline, largeTitle, subheadline, title1, title2, title3; did you mean 'headline'?"
        ),
        (#"{"italic": "yes"}"#, "views[0].font.italic", "expected true or false, got a string"),
    ])
    func badFontKeysAreLocated(json: String, path: String, message: String) throws {
        let error = try #require(decodeError(minimalSpec(views: #"[{"tag": 1, "text": "A", "font": \#(json)}]"#)))
        #expect(error.path == path)
        #expect(error.message == message)
    }

    @Test func aFontFileMustBeAString() throws {
        let error = try #require(decodeError(minimalSpec(extra: #""fonts": [3],"#)))
        #expect(error.path == "fonts[0]")
    }
}
