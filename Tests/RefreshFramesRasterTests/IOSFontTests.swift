import RefreshFramesCore
import Testing

@testable import RefreshFramesRaster

/// iOS family names, their stand-ins and metrics, and the faces drawn for weights a family lacks.
@Suite struct IOSFontTests {
    let book = FontBook.shared

    /// UILabel's intrinsic height: UIFont.lineHeight rounded up to the 2× pixel grid. The first four
    /// System sizes and both Avenir-Book sizes are heights Interface Builder stores for such labels.
    @Test(arguments: [
        ("System", 12.0, 14.5), ("System", 15, 18), ("System", 17, 20.5), ("System", 38, 45.5),
        ("Helvetica Neue", 16, 19.5), ("Helvetica Neue", 17, 20.5), ("Avenir-Book", 17, 23.5),
        ("Avenir-Book", 20, 27.5), ("Avenir", 20, 27.5),
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
        ("Menlo", "regular", "DejaVu Sans Mono Book"),
        ("WenQuanYi Micro Hei", "bold", "WenQuanYi Micro Hei Regular with synthetic bold"),
        ("PingFang SC", "semibold", "WenQuanYi Micro Hei Regular with synthetic bold"),
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
