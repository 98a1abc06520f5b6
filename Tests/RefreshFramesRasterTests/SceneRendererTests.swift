import Foundation
import RefreshFramesTestSupport
import Testing

@testable import RefreshFramesCore
@testable import RefreshFramesRaster

private func sceneFrame(_ name: String, at time: Double, scale: Double = 2) throws -> (Bitmap, SceneState) {
    let bytes = [UInt8](try Data(contentsOf: repositoryRoot.appendingPathComponent("samples/\(name).json")))
    let spec = try Spec.decode(bytes)
    let measurer = TextMeasurer { text, font in try FontBook.shared.measure(text, font: font) }
    let timeline = try Timeline.make(spec: spec, now: 1_455_451_200, measurer: measurer)
    let control = FrameRenderer(canvas: spec.canvas, views: spec.views, fonts: .shared)
    let renderer = SceneRenderer(host: spec.host!, control: control, fonts: .shared)
    let state = timeline.sample(at: time)
    let bitmap = try renderer.render(state, scale: scale)
    if let dir = ProcessInfo.processInfo.environment["RASTER_DUMP_DIR"], let png = try? PNGCodec.encode(bitmap) {
        _ = FileManager.default.createFile(atPath: "\(dir)/scene-\(name)-\(time).png", contents: Data(png))
    }
    return (bitmap, state.scene!)
}

/// Pixels in a box (points at `scale`) whose channels differ by more than `spread`: colour, not grey.
private func colorful(_ b: Bitmap, _ r: Rect, scale: Double = 2, spread: Int = 40) -> Int {
    var n = 0
    for y in Int(r.y * scale)..<min(Int(r.maxY * scale), b.height) {
        for x in Int(r.x * scale)..<min(Int(r.maxX * scale), b.width) {
            let p = b[x, y]
            let channels = [Int(p.red), Int(p.green), Int(p.blue)]
            if channels.max()! - channels.min()! > spread { n += 1 }
        }
    }
    return n
}

struct ColorEmojiTests {
    @Test func theFontIsNotoColorEmoji() {
        #expect(ColorEmoji.shared.isAvailable)
        #expect(ColorEmoji.shared.file?.hasSuffix("NotoColorEmoji.ttf") == true)
    }

    @Test(arguments: ["🤗", "😅", "😆", "🏃", "💩", "👸", "❤️"])
    func emojiAreColorBitmapsScaledToTheFontSize(emoji: String) throws {
        let glyph = try #require(try ColorEmoji.shared.glyph(Character(emoji), pixelSize: 80))
        // Noto's strike is 136 px wide at 109 px per em.
        #expect(abs(glyph.width - 100) <= 1)
        #expect(abs(glyph.advance - 80 * 136 / 109) < 1)
        var colored = 0
        for i in stride(from: 0, to: glyph.pixels.count, by: 4) where glyph.pixels[i + 3] > 0.5 {
            let a = glyph.pixels[i + 3]
            let rgb = [glyph.pixels[i] / a, glyph.pixels[i + 1] / a, glyph.pixels[i + 2] / a]
            if rgb.max()! - rgb.min()! > 0.15 { colored += 1 }
        }
        #expect(colored > 500)
    }

    @Test func emojiDetection() {
        #expect(ColorEmoji.isEmoji("🤗"))
        #expect(ColorEmoji.isEmoji("❤️"))
        #expect(!ColorEmoji.isEmoji("❤"))
        #expect(!ColorEmoji.isEmoji("我"))
        #expect(!ColorEmoji.isEmoji("A"))
    }

    /// ZWJ sequences, flags, skin tones and keycaps are one glyph of their own, not their first part.
    @Test(
        arguments: [
            ("👨‍👩‍👧", "👨"), ("🇨🇳", "🇨"), ("👍🏽", "👍"), ("#️⃣", "#"), ("🏃‍♀️", "🏃"), ("🏳️‍🌈", "🏳"),
        ] as [(String, String)])
    func sequencesAreOneGlyph(sequence: String, first: String) throws {
        let whole = try #require(try ColorEmoji.shared.glyph(Character(sequence), pixelSize: 40))
        #expect(abs(whole.advance - 40 * 136 / 109) < 1, "one emoji wide")
        let part = try ColorEmoji.shared.glyph(Character(first), pixelSize: 40)
        #expect(whole.pixels != part?.pixels)
    }

    @Test func aSequenceTheFontLacksShowsItsFirstEmoji() throws {
        // 🤗 + ZWJ + 🚀 is no emoji: the hugging face stands for it.
        let lacking = try #require(try ColorEmoji.shared.glyph(Character("🤗\u{200D}🚀"), pixelSize: 40))
        #expect(lacking.pixels == (try ColorEmoji.shared.glyph(Character("🤗"), pixelSize: 40))?.pixels)
    }

    @Test func resamplingKeepsAFlatColorFlat() {
        let red: [Float] = Array(repeating: [1, 0, 0, 1], count: 109 * 109).flatMap { $0 }
        let out = ColorEmoji.resample(red, width: 109, height: 109, toWidth: 37, toHeight: 37)
        #expect(out.count == 37 * 37 * 4)
        #expect(out.enumerated().allSatisfy { abs($0.element - [1, 0, 0, 1][$0.offset % 4]) < 1e-5 })
    }
}

struct SceneRendererTests {
    @Test func theDarkTablesEmojiRowsAreInColor() throws {
        let (bitmap, scene) = try sceneFrame("classic-spinner", at: 2)
        #expect(bitmap.width == 750 && bitmap.height == 1334)
        for row in scene.rows where row.text.unicodeScalars.first!.properties.isEmojiPresentation {
            #expect(colorful(bitmap, row.frame) > 2000, "row \(row.indexPath) '\(row.text)'")
        }
        // 我是新增的 is black text on the dark table: no colour.
        let words = try #require(scene.rows.first { $0.text == "我是新增的" })
        #expect(colorful(bitmap, words.frame, spread: 30) == 0)
        // Below the last row: the table's background (0.092, 0.096, 0.116).
        let p = bitmap[10, 1330]
        #expect((p.red, p.green, p.blue) == (23, 24, 30))
    }

    @Test func theListShowsItsRowsBelowTheControlWhileRefreshing() throws {
        let (bitmap, scene) = try sceneFrame("rotate-scale", at: 1)
        #expect(scene.rows.map(\.frame.y) == [60, 104, 148])
        // The control's background fills the 60 pt strip above the rows.
        let strip = bitmap[4, 20]
        #expect((strip.red, strip.green, strip.blue) == (0xEC, 0xF0, 0xF1))
        for row in scene.rows {
            // Text ink in the label's area, on a white cell.
            var dark = 0
            for y in Int(row.frame.y * 2)..<Int(row.frame.maxY * 2) {
                for x in 30..<250 where bitmap[x, y].red < 100 { dark += 1 }
            }
            #expect(dark > 100, "row \(row.indexPath)")
            #expect(bitmap[700, Int(row.frame.y * 2) + 10].red == 255)
            // The separator: one pixel at the cell's bottom, inset 15 pt.
            let separator = bitmap[400, Int(row.frame.maxY * 2) - 1]
            #expect((separator.red, separator.green, separator.blue) == (200, 199, 204))
            #expect(bitmap[20, Int(row.frame.maxY * 2) - 1].red == 255)
        }
        // Under the last row, empty white table.
        #expect(bitmap[400, 600].red == 255 && bitmap[400, 600].blue == 255)
    }

    @Test func theControlIsRevealedAsTheTableMovesDown() throws {
        // classic-spinner at 0.45 s: pulled 60 pt, the 90 pt control shows its bottom 60 pt.
        let (bitmap, scene) = try sceneFrame("classic-spinner", at: 0.45)
        #expect(scene.controlVisibleHeight == 60)
        let control = bitmap[4, 100]
        #expect((control.red, control.green, control.blue) == (29, 29, 37))
        let firstRow = try #require(scene.rows.first)
        #expect(firstRow.frame.y == 60)
        #expect(colorful(bitmap, firstRow.frame) > 2000)
    }

    @Test func sceneFramesAreDeterministic() throws {
        let (a, _) = try sceneFrame("color-dots", at: 5.1, scale: 1)
        let (b, _) = try sceneFrame("color-dots", at: 5.1, scale: 1)
        #expect(a.pixels == b.pixels)
        #expect(a.width == 375 && a.height == 667)
    }
}

struct SceneCanvasTests {
    @Test func drawingOutsideTheSurfaceIsClippedAway() throws {
        var canvas = SceneCanvas(surface: Surface(width: 10, height: 10, background: .white), scale: 1)
        let glyph = try #require(try ColorEmoji.shared.glyph("🤗", pixelSize: 8))
        for (x, y) in [(20, 3), (3, 20), (-30, 3), (3, -30)] {
            canvas.blend(glyph, x: x, y: y, alpha: 1)
            canvas.blend(
                Bitmap(width: 4, height: 4, pixels: Array(repeating: 255, count: 64)), x: x, y: y, clipY: 0..<10)
        }
        canvas.fill(PixelBox(x0: 20, y0: 20, x1: 30, y1: 30), .black, alpha: 1)
        #expect(canvas.surface.bitmap().pixels.allSatisfy { $0 == 255 })
    }
}

/// The host's bars are drawn over the table, and the control shows below them.
struct SceneBarsTests {
    func frame(_ keys: String, at time: Double) throws -> Bitmap {
        var json = String(
            decoding: try Data(contentsOf: repositoryRoot.appendingPathComponent("samples/color-dots.json")),
            as: UTF8.self)
        json = json.replacingOccurrences(of: "\"host\": {", with: "\"host\": {\(keys), ")
        let spec = try Spec.decode(Array(json.utf8))
        let measurer = TextMeasurer { text, font in try FontBook.shared.measure(text, font: font) }
        let timeline = try Timeline.make(spec: spec, now: 1_455_451_200, measurer: measurer)
        let control = FrameRenderer(canvas: spec.canvas, views: spec.views, fonts: .shared)
        return try SceneRenderer(host: spec.host!, control: control, fonts: .shared)
            .render(timeline.sample(at: time), scale: 2)
    }

    /// Refreshing under a 64 pt bar: the bar is grey with no colour in it, the colour dots show in
    /// the 60 pt below it; with `never` they are under the bar, so no colour shows above the rows.
    @Test func theControlShowsBelowTheBarUnlessTheInsetIsNeverAdjusted() throws {
        let automatic = try frame(#""navigationBar": "Dots""#, at: 1.5)
        let bar = automatic[4, 4]
        #expect(bar.red == 248 && bar.green == 248 && bar.blue == 248 && bar.alpha == 255)
        #expect(colorful(automatic, Rect(x: 0, y: 0, width: 375, height: 64)) == 0)
        #expect(colorful(automatic, Rect(x: 0, y: 64, width: 375, height: 60)) > 50)
        let never = try frame(#""navigationBar": "Dots", "contentInsetAdjustmentBehavior": "never""#, at: 1.5)
        #expect(colorful(never, Rect(x: 0, y: 0, width: 375, height: 60)) == 0)
    }
}
