import Dispatch
import Foundation
import RefreshFramesCore
import Testing

@testable import RefreshFramesRaster

@Suite struct FrameRendererTests {
    static let label = ViewSpec(
        tag: 1, texts: [.idle: "下拉刷新"], font: FontSpec(size: 17), textColor: .magenta)

    func labelScene(
        transform: Transform = .identity, text: String = "下拉刷新", size: Double = 17, rendering: TextRendering = .hinted
    ) -> Scene {
        var scene = Scene()
        scene.text = rendering
        var spec = Self.label
        spec.font.size = size
        scene.add(spec, frame: Rect(x: 50, y: 45, width: 100, height: 30), text: text, transform: transform)
        return scene
    }

    @Test func sizeFollowsCanvasAndScale() throws {
        var scene = labelScene()
        scene.canvas.scale = 2
        let bitmap = try scene.render()
        #expect(bitmap.width == 400 && bitmap.height == 240)
        let third = try scene.render(scale: 3)
        #expect(third.width == 600 && third.height == 360)
    }

    @Test(arguments: [TextRendering.hinted, .unhinted])
    func cjkGlyphIsNotATofuBox(rendering: TextRendering) throws {
        var scene = Scene()
        scene.text = rendering
        scene.add(Self.label, frame: Rect(x: 20, y: 0, width: 160, height: 120), text: "我", textColor: .black)
        scene.specs[0].font.size = 100
        let bitmap = try scene.render()
        let ink = Ink(bitmap)
        #expect(ink.width > 60 && ink.height > 60)
        // A missing-glyph box is a hollow rectangle: no ink inside. 我 has strokes across its middle.
        #expect(ink.interiorDensity(bitmap) > 0.12, "interior density \(ink.interiorDensity(bitmap))")
        var crossings = 0
        let y = (ink.minY + ink.maxY) / 2
        for x in ink.minX...ink.maxX - 1
        where Ink.isInk(bitmap[x, y], (255, 255, 255), 64) != Ink.isInk(bitmap[x + 1, y], (255, 255, 255), 64) {
            crossings += 1
        }
        #expect(crossings >= 6, "stroke edges across the middle row: \(crossings)")
    }

    @Test(arguments: [TextRendering.hinted, .unhinted])
    func cjkTextInALatinFontFallsBackToRealGlyphs(rendering: TextRendering) throws {
        var scene = Scene()
        scene.text = rendering
        var spec = Self.label
        spec.font = FontSpec(family: "DejaVu Sans", size: 100)
        scene.add(spec, frame: Rect(x: 20, y: 0, width: 160, height: 120), text: "我", textColor: .black)
        let bitmap = try scene.render()
        #expect(Ink(bitmap).interiorDensity(bitmap) > 0.12)
    }

    @Test(arguments: [TextRendering.hinted, .unhinted])
    func textIsTheTextColor(rendering: TextRendering) throws {
        let bitmap = try labelScene(size: 30, rendering: rendering).render()
        let ink = Ink(bitmap, threshold: 200)
        #expect(ink.count > 50)
        var found = false
        for y in ink.minY...ink.maxY {
            for x in ink.minX...ink.maxX where bitmap[x, y].green < 10 {
                #expect(bitmap[x, y].red > 245 && bitmap[x, y].blue > 245)
                found = true
            }
        }
        #expect(found, "no fully inked magenta pixel")
    }

    @Test(arguments: [TextRendering.hinted, .unhinted])
    func rotationTiltsTheTextClockwise(rendering: TextRendering) throws {
        let upright = try labelScene(rendering: rendering).render()
        let rotated = try labelScene(transform: Transform(rotation: 45), rendering: rendering).render()
        let a = Ink(upright)
        let b = Ink(rotated)
        #expect(a.width > 2 * a.height, "upright ink \(a.width)x\(a.height)")
        #expect(b.height > 2 * a.height && b.width < a.width, "rotated ink \(b.width)x\(b.height)")
        // Clockwise on screen: the start of the line rises, its end drops.
        let left = Ink.meanY(rotated, columns: b.minX..<(b.minX + b.width / 3))
        let right = Ink.meanY(rotated, columns: (b.maxX - b.width / 3)..<(b.maxX + 1))
        #expect(left < right - 10, "left mean y \(left), right mean y \(right)")
        // Rotated about the view centre (100, 60).
        #expect(abs(Double(b.minX + b.maxX) / 2 - 100) < 4 && abs(Double(b.minY + b.maxY) / 2 - 60) < 4)
        // Re-rasterised, not smeared: some pixels are still the full text colour.
        #expect(rotated.pixels.indices.contains { $0 % 4 == 1 && rotated.pixels[$0] < 10 })
    }

    @Test(arguments: [TextRendering.hinted, .unhinted])
    func scaleWidensTheInk(rendering: TextRendering) throws {
        let normal = Ink(try labelScene(rendering: rendering).render())
        let scaled = Ink(try labelScene(transform: Transform(scaleX: 1.5, scaleY: 1.5), rendering: rendering).render())
        let ratio = Double(scaled.width) / Double(normal.width)
        #expect(ratio > 1.4 && ratio < 1.6, "width ratio \(ratio)")
        #expect(abs(Double(scaled.minX + scaled.maxX) / 2 - Double(normal.minX + normal.maxX) / 2) < 3)
    }

    @Test(arguments: [TextRendering.hinted, .unhinted])
    func translationMovesInPoints(rendering: TextRendering) throws {
        var scene = labelScene(transform: Transform(translationX: 10, translationY: -5), rendering: rendering)
        scene.canvas.scale = 2
        let moved = Ink(try scene.render())
        var still = labelScene(rendering: rendering)
        still.canvas.scale = 2
        let base = Ink(try still.render())
        #expect(moved.minX - base.minX == 20 && moved.minY - base.minY == -10)
    }

    @Test func roundedBackgroundIsAntialiased() throws {
        var scene = Scene()
        let spec = ViewSpec(
            tag: 1, kind: .view, backgroundColor: RGBA(red: 1, green: 0, blue: 0),
            cornerRadius: .quarterOfWidthPlusHeight)
        scene.add(spec, frame: Rect(x: 30, y: 30, width: 40, height: 40))
        let bitmap = try scene.render(scale: 2)
        #expect(bitmap[100, 100] == (255, 0, 0, 255))
        #expect(bitmap[61, 61] == (255, 255, 255, 255))
        #expect(bitmap[139, 139] == (255, 255, 255, 255))
        // On row 80 the circle's edge (x ≈ 65.4) ramps from white to red through an intermediate value.
        let ramp = (61...69).map { Int(bitmap[$0, 80].green) }
        #expect(ramp.contains { $0 > 20 && $0 < 235 }, "edge \(ramp)")
        #expect(ramp.first == 255 && ramp.last == 0)
        // The whole rim is smooth: about one partially covered pixel per pixel of circumference.
        let partial = bitmap.pixels.indices.filter { $0 % 4 == 1 && bitmap.pixels[$0] > 20 && bitmap.pixels[$0] < 235 }
        #expect(partial.count > 150, "partially covered pixels: \(partial.count)")
    }

    @Test func viewAlphaBlendsOverTheBackground() throws {
        var scene = Scene()
        scene.add(
            ViewSpec(tag: 1, kind: .view, backgroundColor: .black), frame: Rect(x: 10, y: 10, width: 50, height: 50),
            alpha: 0.5)
        #expect(try scene.render()[30, 30] == (128, 128, 128, 255))
        scene.contentAlpha = 0.5
        #expect(try scene.render()[30, 30] == (191, 191, 191, 255))
    }

    @Test func aViewsTextAndBackgroundBlendOnceAsAGroup() throws {
        var scene = Scene()
        var spec = Self.label
        spec.backgroundColor = .black
        spec.textColor = .black
        scene.add(spec, frame: Rect(x: 50, y: 45, width: 100, height: 30), alpha: 0.5)
        let bitmap = try scene.render()
        let values = Set((46..<74).flatMap { y in (51..<149).map { x in bitmap[x, y].red } })
        #expect(values == [128], "values inside the label \(values.sorted())")
    }

    @Test(arguments: [TextRendering.hinted, .unhinted])
    func clipsToBoundsCutsTheText(rendering: TextRendering) throws {
        var scene = labelScene(text: "下拉刷新数据下拉刷新数据", rendering: rendering)
        // Drawn whole past the frame: UILabel's default truncation would end the line with "…" inside it.
        scene.specs[0].lines.lineBreakMode = .byClipping
        let unclipped = Ink(try scene.render())
        scene.specs[0].clipsToBounds = true
        let clipped = Ink(try scene.render())
        #expect(unclipped.minX < 50 && unclipped.maxX > 150)
        #expect(clipped.minX >= 50 && clipped.maxX < 150)
    }

    /// Characters beyond the BMP (emoji) come from the fallback font as one glyph each, not as
    /// their UTF-8 bytes read as Latin-1 nor as missing-glyph boxes; "&" is not an entity.
    @Test(arguments: ["😀", "🚀", "a&amp;b", "我😀是", "🂡"], [TextRendering.hinted, .unhinted])
    func astralCharactersDrawOneGlyphEach(text: String, rendering: TextRendering) throws {
        var scene = Scene()
        scene.text = rendering
        scene.add(Self.label, frame: Rect(x: 0, y: 0, width: 200, height: 120), text: text, textColor: .black)
        scene.specs[0].font.size = 60
        let bitmap = try scene.render()
        let ink = Ink(bitmap)
        let advance = try FontBook.shared.measure(text, font: scene.specs[0].font).width
        #expect(ink.width > 20 && Double(ink.width) <= advance * 1.15 + 4, "ink \(ink.width) px, advance \(advance)")
        #expect(abs(Double(ink.minX + ink.maxX) / 2 - 100) < 0.1 * advance + 3, "ink centred")
    }

    /// As on iOS, an emoji in a label keeps its own colours (the text colour gives only its alpha)
    /// and turns and scales with the label.
    @Test(arguments: [TextRendering.hinted, .unhinted])
    func emojiInALabelAreInColor(rendering: TextRendering) throws {
        var scene = Scene()
        scene.text = rendering
        scene.add(Self.label, frame: Rect(x: 20, y: 0, width: 160, height: 120), text: "😀", textColor: .black)
        scene.specs[0].font.size = 80
        let bitmap = try scene.render()
        let ink = Ink(bitmap)
        #expect(ink.width > 60 && ink.height > 60)
        #expect(coloredPixels(bitmap) > 1000, "a yellow face, not a black outline")
        #expect(abs(Double(ink.minX + ink.maxX) / 2 - 100) < 4, "centred in the label")
        scene.states[0].transform = Transform(scaleX: 0.5, scaleY: 0.5)
        let halved = try scene.render()
        #expect(abs(Double(Ink(halved).width) - Double(ink.width) / 2) < 4, "\(Ink(halved).width) vs \(ink.width)")
        scene.states[0].transform = Transform(rotation: 45, scaleX: 0.5, scaleY: 0.5)
        let turned = try scene.render()
        #expect(coloredPixels(turned) > 200 && turned != halved)
        scene.states[0].transform = .identity
        scene.states[0].textColor = RGBA(red: 0, green: 0, blue: 0, alpha: 0.5)
        let faded = try scene.render()
        #expect(coloredPixels(faded) > 0 && faded[100, 60].blue > bitmap[100, 60].blue)
    }

    private func coloredPixels(_ bitmap: Bitmap) -> Int {
        var n = 0
        for y in 0..<bitmap.height {
            for x in 0..<bitmap.width {
                let p = bitmap[x, y]
                let channels = [Int(p.red), Int(p.green), Int(p.blue)]
                if channels.max()! - channels.min()! > 60 { n += 1 }
            }
        }
        return n
    }

    @Test func uncoveredCharacterFailsTheFrame() throws {
        let scene = labelScene(text: "刷新\u{10000}")
        #expect(throws: RasterError.noFontCovers("\u{10000}")) { try scene.render() }
    }

    @Test func spinnerDrawsVisibleSpokesWithATrail() throws {
        var scene = Scene()
        let spec = ViewSpec(tag: 1, kind: .spinner, tintColor: .black)
        scene.add(
            spec, frame: Rect(x: 80, y: 40, width: 40, height: 40),
            spinner: SpinnerState(visibleSpokes: 8, leadingSpoke: 0))
        let full = try scene.render(scale: 2)
        // Spoke 0 at 12 o'clock is the leading one (opaque); spoke 1 (1:30) is furthest behind (1/8).
        let top = full[200, 92]
        let behind = (x: 200 + Int(30 * sin(Double.pi / 4)), y: 120 - Int(30 * cos(Double.pi / 4)))
        #expect(top.red < 10, "leading spoke \(top)")
        let faded = full[behind.x, behind.y].red
        #expect(faded > 200 && faded < 240, "trailing spoke \(faded)")
        scene.states[0].spinner = SpinnerState(visibleSpokes: 3, leadingSpoke: 0)
        let partial = try scene.render(scale: 2)
        #expect(partial[200, 92].red < 10)
        #expect(partial[200, 148] == (255, 255, 255, 255), "6 o'clock spoke should be hidden")
        #expect(partial[behind.x, behind.y].red < 10)
    }

    @Test(arguments: [TextRendering.hinted, .unhinted])
    func renderingIsDeterministicAcrossThreads(rendering: TextRendering) throws {
        var scene = labelScene(transform: Transform(rotation: 30, scaleX: 1.5, scaleY: 1.5), rendering: rendering)
        scene.canvas.scale = 2
        var pill = Self.label
        pill.tag = 2
        pill.backgroundColor = RGBA(red: 0.2, green: 0.6, blue: 1, alpha: 0.7)
        pill.cornerRadius = .quarterOfWidthPlusHeight
        scene.add(
            pill, frame: Rect(x: 20, y: 20, width: 90, height: 26), text: "我是 pull",
            transform: Transform(rotation: -45), alpha: 0.8)
        let first = try scene.render()
        #expect(try scene.render() == first)
        let renderer = FrameRenderer(canvas: scene.canvas, views: scene.specs, fonts: .shared, text: rendering)
        let state = scene.state
        nonisolated(unsafe) let results = UnsafeMutableBufferPointer<Bitmap?>.allocate(capacity: 8)
        results.initialize(repeating: nil)
        defer { results.deallocate() }
        DispatchQueue.concurrentPerform(iterations: 8) { i in results[i] = try? renderer.render(state) }
        for result in results { #expect(result == first) }
    }
}
