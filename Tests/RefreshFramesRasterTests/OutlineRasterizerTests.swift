import RefreshFramesCore
import Testing

@testable import RefreshFramesRaster

/// The terminal's text path (`TextRendering.unhinted`) against gd's hinted one.
@Suite struct OutlineRasterizerTests {
    static let label = ViewSpec(tag: 1, texts: [.idle: "下拉刷新"], font: FontSpec(size: 17), textColor: .black)

    func render(
        _ rendering: TextRendering, text: String = "下拉刷新", size: Double = 17, scale: Double = 1,
        canvasWidth: Double = 200, transform: Transform = .identity
    ) throws -> Bitmap {
        var scene = Scene()
        scene.canvas = Canvas(width: canvasWidth, height: 60, scale: 2, background: .white)
        scene.text = rendering
        var spec = Self.label
        spec.font.size = size
        scene.add(spec, frame: Rect(x: 0, y: 0, width: canvasWidth, height: 60), text: text, transform: transform)
        return try scene.render(scale: scale)
    }

    @Test func unhintedTextLandsWhereHintedTextDoes() throws {
        let hinted = Ink(try render(.hinted, scale: 2))
        let unhinted = Ink(try render(.unhinted, scale: 2))
        for (a, b) in [
            (hinted.minX, unhinted.minX), (hinted.maxX, unhinted.maxX), (hinted.minY, unhinted.minY),
            (hinted.maxY, unhinted.maxY),
        ] {
            #expect(abs(a - b) <= 2, "hinted ink \(hinted), unhinted \(unhinted)")
        }
        let ratio = Double(unhinted.count) / Double(hinted.count)
        #expect(ratio > 0.8 && ratio < 1.25, "inked pixels unhinted/hinted \(ratio)")
    }

    /// Both paths draw text at whole pixels per em: a scale too small to reach the next pixel size
    /// leaves the glyphs as they were (a stream of frames stays small), a larger one grows them.
    @Test(arguments: [TextRendering.hinted, .unhinted])
    func sizesStepInWholePixelsPerEm(rendering: TextRendering) throws {
        let base = Ink(try render(rendering, transform: Transform(scaleX: 1, scaleY: 1)))
        let nudged = Ink(try render(rendering, transform: Transform(scaleX: 1.02, scaleY: 1.02)))
        let grown = Ink(try render(rendering, transform: Transform(scaleX: 1.15, scaleY: 1.15)))
        #expect(nudged.height == base.height && nudged.count == base.count, "\(base) vs \(nudged)")
        #expect(grown.height > base.height)
    }

    /// FreeType counts an outline's points in 16 bits and its rasteriser's cells in a fixed pool;
    /// a longer line is filled in pieces and still reaches its last glyph.
    @Test func aLineOfMoreThan32767PointsIsFilledToItsEnd() throws {
        let text = String(repeating: "新", count: 500)
        let layout = try FontBook.shared.layout(text, font: FontSpec(size: 4))
        let points = layout.runs.flatMap(\.glyphs).reduce(0) { $0 + $1.outline.points.count }
        #expect(points > Int(Int16.max), "only \(points) points")
        let bitmap = try render(.unhinted, text: text, size: 4, canvasWidth: 2100)
        let ink = Ink(bitmap)
        #expect(ink.minX < 60 && ink.maxX > 2040, "ink from \(ink.minX) to \(ink.maxX) of 2 000 pt of text")
    }

    @Test func glyphsSitAtTheirPenPositions() throws {
        let layout = try FontBook.shared.layout("AV我", font: FontSpec(family: "DejaVu Sans", size: 10))
        let glyphs = layout.runs.flatMap(\.glyphs)
        #expect(glyphs.count == 3)
        #expect(glyphs[0].x == 0)
        #expect(glyphs[1].x > 0.4 && glyphs[1].x < glyphs[2].x && glyphs[2].x < layout.width)
        #expect(glyphs.allSatisfy { !$0.outline.points.isEmpty })
        #expect(try FontBook.shared.layout(" ", font: FontSpec(size: 10)).runs[0].glyphs[0].outline.points.isEmpty)
    }
}
