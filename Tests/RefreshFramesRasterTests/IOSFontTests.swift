import RefreshFramesCore
import Testing

@testable import RefreshFramesRaster

/// iOS family names, their stand-ins and metrics, and the faces drawn for weights a family lacks.
@Suite struct IOSFontTests {
    let book = FontBook.shared

    /// UILabel's intrinsic height: UIFont.lineHeight rounded up to the 2× pixel grid. The first four
    /// System sizes, both Avenir-Book sizes and both Verdana sizes are heights Interface Builder stores
    /// for such labels (Verdana: 12 × 2489/2048 = 14.58 → 15, 17 × 2489/2048 = 20.66 → 21; DejaVu Sans,
    /// its stand-in, would give 14 and 20).
    @Test(arguments: [
        ("System", 12.0, 14.5), ("System", 15, 18), ("System", 17, 20.5), ("System", 38, 45.5),
        ("Helvetica Neue", 16, 19.5), ("Helvetica Neue", 17, 20.5), ("Avenir-Book", 17, 23.5),
        ("Avenir-Book", 20, 27.5), ("Avenir", 20, 27.5), ("Verdana", 12, 15), ("Verdana", 17, 21),
    ])
    func intrinsicHeightsAreIOSs(family: String, size: Double, height: Double) throws {
        let measured = try book.measure("Ag", font: FontSpec(family: family, size: size))
        #expect((measured.height * 2).rounded(.up) / 2 == height, "\(family) \(size): \(measured.height)")
    }

    @Test func systemLineHeightIsUIFontsMeasuredValue() throws {
        // [UIFont systemFontOfSize:15].lineHeight == 17.900391 on iOS.
        let measured = try book.measure("A", font: FontSpec(family: "System", size: 15))
        #expect(abs(measured.height - 17.900391) < 1e-6)
    }

    @Test(arguments: [
        ("System", "regular", "Inter Regular"), ("System", "semibold", "Inter Semi Bold"),
        ("System", "bold", "Inter Bold"), ("Helvetica Neue", "regular", "Nimbus Sans Regular"),
        ("HelveticaNeue-Bold", "regular", "Nimbus Sans Bold"), ("Arial", "regular", "Liberation Sans Regular"),
        ("Menlo", "regular", "DejaVu Sans Mono Book"), ("HoeflerText-Regular", "regular", "P052 Roman"),
        ("WenQuanYi Micro Hei", "bold", "WenQuanYi Micro Hei Regular with synthetic bold"),
        ("PingFang SC", "regular", "Noto Sans CJK SC Regular"), ("PingFang SC", "semibold", "Noto Sans CJK SC Bold"),
        ("PingFangTC-Regular", "regular", "Noto Sans CJK TC Regular"),
        ("PingFang HK", "regular", "Noto Sans CJK HK Regular"),
        // iOS's other families: the installed face nearest in kind (they fell to WenQuanYi Micro Hei).
        ("Baskerville-Bold", "regular", "C059 Bold"), ("GillSans", "regular", "DejaVu Sans Book"),
        ("SnellRoundhand", "regular", "Z003 Medium Italic"), ("Didot-Italic", "regular", "Nimbus Roman Italic"),
        ("HiraginoSans-W6", "regular", "Noto Sans CJK JP Bold"),
        ("HiraginoMinchoProN-W3", "regular", "Noto Serif CJK JP Regular"),
        ("AppleSDGothicNeo-Regular", "regular", "Noto Sans CJK KR Regular"),
        ("STSongti-SC-Regular", "regular", "Noto Serif CJK SC Regular"),
    ])
    func standInsAreTheFacesThatDraw(family: String, weight: String, standIn: String) throws {
        #expect(try book.standIn(for: FontSpec(family: family, size: 17, weight: weight)) == standIn)
    }

    @Test func anItalicFaceIsUsedWhenThereIsOne() throws {
        #expect(try book.standIn(for: FontSpec(family: "System", size: 17, italic: true)) == "Inter Italic")
        #expect(
            try book.standIn(for: FontSpec(family: "WenQuanYi Micro Hei", size: 17, italic: true))
                == "WenQuanYi Micro Hei Regular with synthetic oblique")
    }

    /// WenQuanYi Micro Hei has no bold face: bold is drawn emboldened, with visibly more ink.
    @Test(arguments: [TextRendering.hinted, .unhinted])
    func syntheticBoldHasMoreInkThanRegular(rendering: TextRendering) throws {
        func ink(_ weight: String) throws -> Ink {
            var scene = Scene(text: rendering)
            scene.add(
                ViewSpec(tag: 1, texts: [.idle: "粗体 Bold"], font: FontSpec(size: 24, weight: weight)),
                frame: Rect(x: 0, y: 30, width: 200, height: 40))
            return Ink(try scene.render(scale: 2))
        }
        let regular = try ink("regular")
        let bold = try ink("bold")
        #expect(Double(bold.count) > Double(regular.count) * 1.25, "regular \(regular.count), bold \(bold.count)")
        #expect(abs(bold.minX - regular.minX) <= 2 && abs(bold.minY - regular.minY) <= 2)
    }

    /// Oblique leans right: the top of a vertical stroke lies further right than its foot.
    @Test func syntheticObliqueLeansRight() throws {
        func ink(_ italic: Bool) throws -> Ink {
            var scene = Scene()
            scene.add(
                ViewSpec(tag: 1, texts: [.idle: "l"], font: FontSpec(size: 40, italic: italic)),
                frame: Rect(x: 0, y: 20, width: 200, height: 60))
            return Ink(try scene.render(scale: 1))
        }
        let upright = try ink(false)
        let oblique = try ink(true)
        #expect(oblique.width >= upright.width + 4, "upright \(upright.width) px, oblique \(oblique.width) px wide")
    }

    /// PingFang's text is drawn with the Noto Sans CJK face of its region (a face inside a collection
    /// file); the table has no PingFang metrics, so the line height is that face's own.
    @Test func pingFangIsDrawnWithNotoSansCJK() throws {
        let font = FontSpec(family: "PingFang SC", size: 17)
        let layout = try book.layout("下拉刷新", font: font)
        #expect(layout.runs.map(\.file) == ["/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"])
        #expect(layout.runs.map(\.index) == [2])
        #expect(layout.runs.map(\.scale) == [1])
        // Noto Sans CJK's hhea: ascender 1160, descender −288 per 1000.
        #expect(abs(try book.measure("下拉刷新", font: font).height - 1.448 * 17) < 1e-9)
    }

    /// Installing Noto Sans CJK changes nothing for other families: their CJK falls back to WenQuanYi.
    @Test(arguments: ["DejaVu Sans", "Inter", "System", "sans-serif"])
    func otherFamiliesCJKFallsBackToWenQuanYi(family: String) throws {
        let runs = try book.layout("Pull 下拉", font: FontSpec(family: family, size: 17)).runs
        #expect(runs.last?.file == "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc")
        #expect(runs.last?.index == 0)
    }

    /// A stand-in is drawn at the size that gives its capitals iOS's cap height (System: SF's
    /// 1443/2048 em): the ink of an "H" at 2× is iOS's cap height within a pixel.
    @Test(arguments: [
        ("System", 17.0, 1443.0 / 2048), ("System", 48.0, 1443.0 / 2048), ("System", 64.0, 1443.0 / 2048),
        ("Helvetica Neue", 64.0, 0.714),
    ])
    func standInsHaveIOSsCapHeight(family: String, size: Double, capHeight: Double) throws {
        var scene = Scene()
        scene.add(
            ViewSpec(tag: 1, texts: [.idle: "H"], font: FontSpec(family: family, size: size)),
            frame: Rect(x: 0, y: 10, width: 200, height: size * 1.5))
        let ink = Ink(try scene.render(scale: 2))
        let expected = capHeight * size * 2
        #expect(abs(Double(ink.height) - expected) <= 1, "\(family) \(size): \(ink.height) px, iOS \(expected)")
    }

    /// The factor each stand-in is drawn at: iOS's cap height over the stand-in's (the top of its "H"),
    /// as docs/fonts.md lists them; 1 where the table has no cap height (Avenir; Arial and Times New Roman,
    /// whose stand-ins are metric-compatible) and for other families.
    @Test(arguments: [
        // Inter's H is 2048/2816 em, Nimbus Sans's 0.729; System's cap height is SF's 1443/2048, Helvetica
        // Neue's 0.714, Helvetica's 1469/2048.
        ("System", 0.968811), ("System Bold", 0.968811), ("Helvetica Neue", 0.979424), ("HelveticaNeue-Bold", 0.979424),
        ("Helvetica", 0.983930), ("Arial", 1), ("Times New Roman", 1), ("Avenir-Book", 1), ("PingFang SC", 1),
        ("Menlo", 1), ("WenQuanYi Micro Hei", 1), ("Inter", 1),
    ])
    func standInsAreScaledToIOSsCapHeight(family: String, scale: Double) throws {
        let run = try #require(try book.layout("H", font: FontSpec(family: family, size: 17)).runs.first)
        #expect(abs(run.scale - scale) < 1e-6, "\(family): \(run.scale)")
    }

    @Test(arguments: [
        ("System", "System", nil as String?, false), ("Helvetica Neue", "Helvetica Neue", nil, false),
        ("HelveticaNeue-BoldItalic", "Helvetica Neue", "bold", true), ("Avenir-Book", "Avenir", "regular", false),
        ("Avenir-Heavy", "Avenir", "heavy", false), ("AvenirNext-DemiBold", "Avenir Next", "semibold", false),
        (".SFUIText-Semibold", "System", "semibold", false), ("ArialMT", "Arial", nil, false),
        ("TimesNewRomanPSMT", "Times New Roman", "regular", false),
        ("PingFangSC-Regular", "PingFang SC", "regular", false),
    ])
    func iOSNamesAndPostScriptNamesMatch(name: String, family: String, weight: String?, italic: Bool) throws {
        let match = try #require(IOSFont.match(name))
        #expect(match.font.family == family)
        #expect(match.weight == weight)
        #expect(match.italic == italic)
    }

    @Test(arguments: ["WenQuanYi Micro Hei", "DejaVu Sans", "Helvetica Neue Wide", "sans-serif"])
    func otherFamiliesAreNotIOSs(name: String) {
        #expect(IOSFont.match(name) == nil)
    }
}
