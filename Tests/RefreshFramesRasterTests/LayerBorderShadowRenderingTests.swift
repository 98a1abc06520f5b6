import Foundation
import RefreshFramesCore
import Testing

@testable import RefreshFramesRaster

/// Layer borders and shadows as Core Animation draws them (docs/uikit-semantics-sources.md, "Layer
/// borders and shadows"): a border inside the bounds, above the content and the subviews, following
/// the corner radius and the transform; a shadow below the layer from its composited alpha, offset
/// in points (y down), blurred by a Gaussian of deviation shadowRadius, at shadowOpacity × the
/// colour's alpha. Each expected pixel is worked out here by hand or from the Gaussian's integral,
/// never read from the renderer.
@Suite struct LayerBorderShadowRenderingTests {
    static let red = RGBA(red: 1, green: 0, blue: 0)
    static let blue = RGBA(red: 0, green: 0, blue: 1)
    static let white: [UInt8] = [255, 255, 255]

    static func rgb(_ p: (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8)) -> [UInt8] { [p.red, p.green, p.blue] }

    /// One view on the white 200 × 120 canvas, with `configure` applied to its state.
    func scene(
        frame: Rect, background: RGBA = .clear, cornerRadius: Double = 0, clips: Bool = false,
        transform: Transform = .identity, alpha: Double = 1, _ configure: (inout ViewState) -> Void
    ) -> Scene {
        var scene = Scene()
        scene.add(
            ViewSpec(
                tag: 1, kind: .view, backgroundColor: background, cornerRadius: .points(cornerRadius),
                clipsToBounds: clips),
            frame: frame, transform: transform, alpha: alpha)
        configure(&scene.states[0])
        return scene
    }

    /// A 10 × 10 view at (20, 20) with a 2 pt red border: at 1× the 2-pixel ring of the bounds is
    /// red, inside and outside white; at 2× the ring is 4 pixels. Every pixel from 2 pt outside
    /// the view to its centre is checked.
    @Test(arguments: [1.0, 2.0]) func aBorderIsARingInsideTheBounds(scale: Double) throws {
        let bitmap = try scene(frame: Rect(x: 20, y: 20, width: 10, height: 10)) {
            $0.borderWidth = 2
            $0.borderColor = Self.red
        }.render(scale: scale)
        let s = Int(scale)
        for y in (18 * s)..<(32 * s) {
            for x in (18 * s)..<(32 * s) {
                let inView = (20 * s..<30 * s).contains(x) && (20 * s..<30 * s).contains(y)
                let inInner = (22 * s..<28 * s).contains(x) && (22 * s..<28 * s).contains(y)
                let expected: [UInt8] = inView && !inInner ? [255, 0, 0] : Self.white
                #expect(Self.rgb(bitmap[x, y]) == expected, "pixel (\(x), \(y)) at \(scale)×")
            }
        }
    }

    /// The border is drawn above the subviews: a blue subview filling its superview shows only
    /// inside the ring.
    @Test func aBorderIsAboveTheSubviews() throws {
        var scene = scene(frame: Rect(x: 20, y: 20, width: 10, height: 10)) {
            $0.borderWidth = 2
            $0.borderColor = Self.red
        }
        var child = ViewSpec(tag: 2, kind: .view, backgroundColor: Self.blue)
        child.superview = 1
        scene.add(child, frame: Rect(x: 0, y: 0, width: 10, height: 10))
        let bitmap = try scene.render()
        #expect(Self.rgb(bitmap[20, 25]) == [255, 0, 0])
        #expect(Self.rgb(bitmap[21, 21]) == [255, 0, 0])
        #expect(Self.rgb(bitmap[22, 25]) == [0, 0, 255])
        #expect(Self.rgb(bitmap[25, 25]) == [0, 0, 255])
    }

    /// A 20 × 20 view with corner radius 10 (a circle) and a 2 pt border: a pixel whose centre is
    /// 8.5…9.5 pt from the centre is wholly in the ring (the one-pixel ramps of the outer edge at
    /// 10 and the inner at 8 give it full and zero coverage), one within 7.5 or beyond 10.5 is
    /// white; the square corner a border without the radius would paint is white.
    @Test func aRoundedBorderFollowsTheCornerRadius() throws {
        let bitmap = try scene(frame: Rect(x: 40, y: 40, width: 20, height: 20), cornerRadius: 10) {
            $0.borderWidth = 2
            $0.borderColor = Self.red
        }.render()
        var ring = 0
        for y in 36..<64 {
            for x in 36..<64 {
                let d =
                    ((Double(x) + 0.5 - 50) * (Double(x) + 0.5 - 50) + (Double(y) + 0.5 - 50) * (Double(y) + 0.5 - 50))
                    .squareRoot()
                if d >= 8.5 && d <= 9.5 {
                    ring += 1
                    #expect(Self.rgb(bitmap[x, y]) == [255, 0, 0], "pixel (\(x), \(y)), \(d) pt from the centre")
                } else if d <= 7.5 || d >= 10.5 {
                    #expect(Self.rgb(bitmap[x, y]) == Self.white, "pixel (\(x), \(y)), \(d) pt from the centre")
                }
            }
        }
        #expect(ring > 40)
        #expect(Self.rgb(bitmap[40, 40]) == Self.white)
    }

    /// A 40 × 20 view centred on (100, 50), turned 90°: its border is on the turned bounds, 20 wide
    /// and 40 tall. Pixel (100, 31)'s centre is local (−18.5, −0.5): in the ring; (108, 50)'s is
    /// local (−0.5, −8.5): in the ring; (104, 50) and (100, 36) are inside it; (118, 50) is outside
    /// the turned view though inside the unturned one.
    @Test func aBorderTurnsWithTheView() throws {
        let bitmap = try scene(
            frame: Rect(x: 80, y: 40, width: 40, height: 20), transform: Transform(rotation: 90)
        ) {
            $0.borderWidth = 2
            $0.borderColor = Self.red
        }.render()
        #expect(Self.rgb(bitmap[100, 31]) == [255, 0, 0])
        #expect(Self.rgb(bitmap[108, 50]) == [255, 0, 0])
        #expect(Self.rgb(bitmap[91, 50]) == [255, 0, 0])
        #expect(Self.rgb(bitmap[104, 50]) == Self.white)
        #expect(Self.rgb(bitmap[100, 36]) == Self.white)
        #expect(Self.rgb(bitmap[118, 50]) == Self.white)
    }

    /// A view at alpha 0.5 with a blue background and a red border is one group: in the ring the
    /// border hides the background before the group fades, 0.5 · red + 0.5 · white = (255, 128, 128)
    /// (round half up), not red at 0.5 over blue at 0.5 over white, (191, 32, 96).
    @Test func aBorderAndItsBackgroundFadeAsOneGroup() throws {
        let bitmap = try scene(frame: Rect(x: 20, y: 20, width: 10, height: 10), background: Self.blue, alpha: 0.5) {
            $0.borderWidth = 2
            $0.borderColor = Self.red
        }.render()
        #expect(Self.rgb(bitmap[20, 25]) == [255, 128, 128])
        #expect(Self.rgb(bitmap[25, 25]) == [128, 128, 255])
    }

    /// A 20 × 20 blue view at (40, 40) with a hard shadow (radius 0) offset by (5, 8) pt: positive
    /// y is down. Black at opacity 0.5 × colour alpha 0.5 = 0.25 over white is 191.25 → 191; the
    /// view hides it where they overlap. At 2× the offset is (10, 16) pixels.
    @Test(arguments: [1.0, 2.0]) func aShadowIsOffsetInPointsBelowTheView(scale: Double) throws {
        let bitmap = try scene(frame: Rect(x: 40, y: 40, width: 20, height: 20), background: Self.blue) {
            $0.shadowOpacity = 0.5
            $0.shadowColor = RGBA(red: 0, green: 0, blue: 0, alpha: 0.5)
            $0.shadowRadius = 0
            $0.shadowOffset = Size(width: 5, height: 8)
        }.render(scale: scale)
        let s = Int(scale)
        for y in (36 * s)..<(72 * s) {
            for x in (36 * s)..<(68 * s) {
                let inView = (40 * s..<60 * s).contains(x) && (40 * s..<60 * s).contains(y)
                let inShadow = (45 * s..<65 * s).contains(x) && (48 * s..<68 * s).contains(y)
                let expected: [UInt8] = inView ? [0, 0, 255] : inShadow ? [191, 191, 191] : Self.white
                #expect(Self.rgb(bitmap[x, y]) == expected, "pixel (\(x), \(y)) at \(scale)×")
            }
        }
    }

    /// The falloff: a 60 × 30 blue view at (70, 20) at 2×, its black shadow at opacity 0.8 offset
    /// (0, 10) pt with radius 4 pt: a Gaussian of deviation 4 pt = 8 pixels (σ = shadowRadius,
    /// docs/uikit-semantics-sources.md). Down the middle column, below the view (its bottom at pixel
    /// 100), the shadow's lower edge is at pixel 120; a pixel centre at y has 0.8 · Φ((120 − y) / 8)
    /// of black over white (the other edges are 5 deviations or more away). Within 1 of 255 for the
    /// sampling of the kernel and the 8-bit rounding.
    @Test func aShadowFallsOffAsAGaussianOfTheRadius() throws {
        let bitmap = try scene(frame: Rect(x: 70, y: 20, width: 60, height: 30), background: Self.blue) {
            $0.shadowOpacity = 0.8
            $0.shadowRadius = 4
            $0.shadowOffset = Size(width: 0, height: 10)
        }.render(scale: 2)
        func phi(_ z: Double) -> Double { 0.5 * erfc(-z / 2.squareRoot()) }
        var seen: [Int] = []
        for y in 100..<150 {
            let a = 0.8 * phi((120 - (Double(y) + 0.5)) / 8)
            let expected = 255 * (1 - a)
            let actual = Double(bitmap[200, y].red)
            #expect(abs(actual - expected) <= 1, "row \(y): \(actual), expected \(expected)")
            seen.append(Int(actual))
        }
        // It falls off: darkest just below the view, white past three deviations.
        #expect(seen.first! < 60 && seen.last! == 255 && seen == seen.sorted())
    }

    /// A label with no background casts the shadow of its glyphs: with a hard red shadow 30 pt
    /// below, each pixel there is red at the coverage the text has 30 pt above: the text pixel
    /// over white is 255 · (1 − c), the shadow pixel (255, 255 · (1 − c), 255 · (1 − c)).
    @Test func aLabelWithoutBackgroundCastsItsGlyphs() throws {
        var scene = Scene()
        scene.add(
            ViewSpec(tag: 1, kind: .label, font: FontSpec(size: 14)), frame: Rect(x: 20, y: 10, width: 100, height: 20),
            text: "Hi there")
        scene.states[0].shadowOpacity = 1
        scene.states[0].shadowColor = Self.red
        scene.states[0].shadowRadius = 0
        scene.states[0].shadowOffset = Size(width: 0, height: 30)
        let bitmap = try scene.render()
        var inked = 0
        for y in 10..<30 {
            for x in 20..<120 {
                let text = bitmap[x, y]
                let shadow = bitmap[x, y + 30]
                if text.red < 200 { inked += 1 }
                #expect(shadow.red == 255 && abs(Int(shadow.green) - Int(text.red)) <= 1, "pixel (\(x), \(y + 30))")
                #expect(shadow.green == shadow.blue)
            }
        }
        #expect(inked > 30)
    }

    /// A view that clips to its bounds clips its shadow (Core Animation's masksToBounds does).
    @Test func aViewThatClipsHidesItsShadow() throws {
        let bitmap = try scene(frame: Rect(x: 40, y: 40, width: 20, height: 20), background: Self.blue, clips: true) {
            $0.shadowOpacity = 1
            $0.shadowRadius = 0
            $0.shadowOffset = Size(width: 5, height: 8)
        }.render()
        #expect(Self.rgb(bitmap[62, 65]) == Self.white)
        #expect(Self.rgb(bitmap[50, 50]) == [0, 0, 255])
    }

    /// A region of a frame is exactly those pixels of the whole frame with borders and shadows, and
    /// the damage when a subview moves covers its superview's shadow, which the subview casts.
    @Test func regionsAndDamageStayExactWithBordersAndShadows() throws {
        var before = scene(frame: Rect(x: 40, y: 30, width: 60, height: 40)) {
            $0.shadowOpacity = 0.7
            $0.shadowRadius = 3
            $0.shadowOffset = Size(width: 4, height: 6)
            $0.borderWidth = 1.5
            $0.borderColor = Self.red
        }
        var child = ViewSpec(tag: 2, kind: .view, backgroundColor: Self.blue)
        child.superview = 1
        before.add(child, frame: Rect(x: 10, y: 10, width: 20, height: 20))
        var after = before
        after.states[1].frame.x = 30
        let renderer = FrameRenderer(canvas: before.canvas, views: before.specs, fonts: .shared)
        let whole = try renderer.render(after.state)
        let part = PixelRect(x: 60, y: 45, width: 40, height: 35)
        let region = try renderer.render(after.state, region: part)
        for y in 0..<part.height {
            for x in 0..<part.width {
                #expect(Self.rgb(region[x, y]) == Self.rgb(whole[part.x + x, part.y + y]))
            }
        }
        var patched = try renderer.render(before.state)
        for rect in try renderer.damage(from: before.state, to: after.state) {
            let patch = try renderer.render(after.state, region: rect)
            for y in 0..<rect.height {
                let from = y * rect.width * 4
                let to = ((rect.y + y) * patched.width + rect.x) * 4
                patched.pixels[to..<(to + rect.width * 4)] = patch.pixels[from..<(from + rect.width * 4)]
            }
        }
        #expect(patched == whole)
    }
}
