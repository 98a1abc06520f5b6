import RefreshFramesCore
import Testing

@testable import RefreshFramesRaster

@Suite struct FontBookTests {
    let book = FontBook.shared
    let wqy = FontSpec(family: "WenQuanYi Micro Hei", size: 17)

    @Test func measuresSixCJKGlyphsAsSixEms() throws {
        let size = try book.measure("下拉刷新数据", font: wqy)
        #expect(abs(size.width - 6 * 17) < 6 * 17 * 0.1, "width \(size.width)")
        #expect(size.height > 17 && size.height < 17 * 1.6, "line height \(size.height)")
    }

    @Test func theBaselineLiesOneAscenderBelowTheCenteredLineBoxsTop() throws {
        // WenQuanYi Micro Hei: ascender 1918, line height 2401 per 2048 units.
        let offset = try book.baselineOffset(font: FontSpec(family: "WenQuanYi Micro Hei", size: 20))
        #expect(abs(offset - (1918.0 / 2048 - 2401.0 / 4096) * 20) < 1e-9, "offset \(offset)")
    }

    @Test func measuresOneGlyphAndScalesWithSize() throws {
        let small = try book.measure("我", font: wqy)
        let large = try book.measure("我", font: FontSpec(family: wqy.family, size: 34))
        #expect(small.width > 0)
        #expect(abs(large.width - 2 * small.width) < 1e-9)
        #expect(abs(large.height - 2 * small.height) < 1e-9)
    }

    @Test func measuresMixedScripts() throws {
        let mixed = try book.measure("我是 pull", font: wqy)
        let cjk = try book.measure("我是", font: wqy)
        let latin = try book.measure(" pull", font: wqy)
        #expect(abs(mixed.width - (cjk.width + latin.width)) < 0.5)
        #expect(mixed.height == cjk.height)
    }

    @Test func fallsBackPerCharacterForCJKInALatinFont() throws {
        let layout = try book.layout("Hi 我", font: FontSpec(family: "DejaVu Sans", size: 17))
        #expect(layout.runs.count == 2)
        #expect(layout.runs[0].file.contains("DejaVu"))
        #expect(layout.runs[0].text == "Hi ")
        #expect(layout.runs[1].file.contains("wqy"))
        #expect(layout.runs[1].text == "我")
        #expect(book.filesUsed.contains(layout.runs[1].file))
        #expect(book.filesUsed == book.filesUsed.sorted())
    }

    @Test func dropsVariationSelectors() throws {
        let outlinesOnly = FontBook(emoji: nil)
        let layout = try outlinesOnly.layout("☺\u{FE0F}", font: wqy)
        #expect(layout.runs.map(\.text).joined() == "☺")
    }

    /// Colour emoji leave the runs: each is a cluster at its pen position, as wide as the colour
    /// font's advance (Noto: 136 / 109 em).
    @Test func colorEmojiAreLaidOutApartFromTheRuns() throws {
        let layout = try book.layout("刷新☺\u{FE0F}👨‍👩‍👧", font: wqy)
        #expect(layout.runs.map(\.text) == ["刷新"])
        #expect(layout.emoji.map(\.character) == ["☺\u{FE0F}", "👨‍👩‍👧"])
        let textWidth = layout.runs[0].advance
        #expect(abs(layout.emoji[0].x - textWidth) < 1e-9)
        #expect(abs(layout.emoji[1].x - layout.emoji[0].x - 136.0 / 109) < 0.01)
        #expect(abs(layout.width - textWidth - 2 * 136.0 / 109) < 0.02)
        // Its font counts among the files used, for goldens' and frames.json's font hashes.
        #expect(book.filesUsed.contains { $0.hasSuffix("NotoColorEmoji.ttf") })
    }

    @Test(arguments: ["\u{10000}", "ab\u{10000}c"])
    func uncoveredCharacterIsATypedError(text: String) {
        #expect(throws: RasterError.noFontCovers("\u{10000}")) { try book.measure(text, font: wqy) }
        do {
            _ = try book.measure(text, font: wqy)
        } catch {
            #expect("\(error)" == "no installed font covers '\u{10000}' (U+10000)")
        }
    }

    @Test func codePointsHaveAtLeastFourDigits() {
        #expect(RasterError.noFontCovers("A").description == "no installed font covers 'A' (U+0041)")
        #expect(RasterError.noFontCovers("𝄞").description == "no installed font covers '𝄞' (U+1D11E)")
    }
}
