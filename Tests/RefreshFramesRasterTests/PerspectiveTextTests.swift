import Foundation
import RefreshFramesCore
import Testing

@testable import RefreshFramesRaster

/// Text on a view under a 3-D transform is drawn as Core Animation draws a flat layer's contents:
/// rasterised flat in the layer's own plane, then projected with the rest of it (`TextMask`'s
/// projected path). So on the back face (past 90°, `isDoubleSided` true, UIKit's default) it is
/// mirrored, and through a perspective it is foreshortened: the near end taller and wider than
/// the far end. Every expected value here comes from the flat rendering and the 4 × 4 matrix
/// multiplied out in the test (CATransform3DMakeRotation(θ, 0, 1, 0), then m34 = −1/d, row
/// vectors), never from the renderer's projection.
@Suite struct PerspectiveTextTests {
    static func turned(degrees: Double, eye: Double) -> Transform {
        var transform = Transform.identity
        transform.rotationY = degrees
        transform.perspective = eye
        return transform
    }

    /// A black label `text` in a `frame` (points) on a white canvas of `width` × 60 pt at 2×.
    static func label(
        _ text: String, frame: Rect, width: Double, size: Double, transform: Transform, rendering: TextRendering
    ) throws -> Bitmap {
        var scene = Scene()
        scene.canvas = Canvas(width: width, height: 60, scale: 2, background: .white)
        scene.text = rendering
        let spec = ViewSpec(tag: 1, texts: [.idle: text], font: FontSpec(size: size), textColor: .black)
        scene.add(spec, frame: frame, text: text, transform: transform)
        return try scene.render()
    }

    /// A button titled `title` (black) in `frame`, as `label` draws a label.
    static func button(_ title: String, frame: Rect, transform: Transform) throws -> Bitmap {
        var spec = ViewSpec(tag: 1, kind: .button, font: FontSpec(size: 32))
        var button = ButtonSpec()
        button.states = [.normal: .init(title: title, titleColor: .black)]
        spec.button = button
        let state = ViewState(
            tag: 1, text: nil, frame: frame, transform: transform, alpha: 1, textColor: .black, backgroundColor: .clear)
        let frameState = FrameState(
            time: 0, phase: .idle, refreshBeganAt: nil, refreshEndedAt: nil, contentAlpha: 1, pull: 0, views: [state])
        let canvas = Canvas(width: 160, height: 60, scale: 2, background: .white)
        return try FrameRenderer(canvas: canvas, views: [spec], fonts: .shared).render(frameState)
    }

    /// The largest channel difference between `turned` and `flat` reflected about pixel column
    /// boundary `axis` (x ↦ 2·axis − 1 − x), and how many pixels of `flat` are ink.
    static func mirrorDifference(_ turned: Bitmap, _ flat: Bitmap, axis: Int) -> (worst: Int, at: (Int, Int), ink: Int)
    {
        var worst = 0
        var at = (0, 0)
        var ink = 0
        for y in 0..<flat.height {
            for x in 0..<flat.width {
                let a = turned[x, y]
                let mirrored = 2 * axis - 1 - x
                let b = mirrored >= 0 && mirrored < flat.width ? flat[mirrored, y] : (255, 255, 255, 255)
                if flat[x, y].green < 128 { ink += 1 }
                let d = max(
                    abs(Int(a.red) - Int(b.0)), abs(Int(a.green) - Int(b.1)), abs(Int(a.blue) - Int(b.2)))
                if d > worst { (worst, at) = (d, (x, y)) }
            }
        }
        return (worst, at, ink)
    }

    /// "F" on a 80 × 40 pt label centred at x = 80 pt (pixel column boundary 160 at 2×) turned 180°
    /// about y with the eye 500 pt away: every point stays in the plane z = 0 (w = 1), and x ↦ −x, so
    /// the pixels are the flat label's reflected about column boundary 160, the pixel centres
    /// landing on pixel centres. Tolerance: 1 level of 255 (the projected path samples the flat
    /// rasterisation bilinearly at points that equal its texel centres up to rounding of the
    /// inverted matrix, ~1e-13 of a texel). The old drawing (the text turned 180° in the screen's
    /// plane, upside down) differs from it by up to 255 levels. (Unhinted, the old first-order map
    /// already reflected the text at exactly 180°: its affine kept the sign of the turn.)
    @Test(arguments: [TextRendering.hinted, .unhinted])
    func aLabelOnItsBackFaceShowsItsTextMirrored(rendering: TextRendering) throws {
        let frame = Rect(x: 40, y: 10, width: 80, height: 40)
        let flat = try Self.label("F", frame: frame, width: 160, size: 32, transform: .identity, rendering: rendering)
        let back = try Self.label(
            "F", frame: frame, width: 160, size: 32, transform: Self.turned(degrees: 180, eye: 500),
            rendering: rendering)
        let seen = Self.mirrorDifference(back, flat, axis: 160)
        #expect(seen.ink > 100, "the flat F has \(seen.ink) ink pixels")
        #expect(seen.worst <= 1, "worst difference \(seen.worst) at \(seen.at)")
        // Not merely symmetric: the F's reflection is not the F.
        #expect(Self.mirrorDifference(flat, flat, axis: 160).worst > 200)
    }

    /// A button's title is its title label's text: on the back face it is mirrored too.
    @Test func aButtonTitleOnItsBackFaceIsMirrored() throws {
        let frame = Rect(x: 40, y: 10, width: 80, height: 40)
        let flat = try Self.button("F", frame: frame, transform: .identity)
        let back = try Self.button("F", frame: frame, transform: Self.turned(degrees: 180, eye: 500))
        let seen = Self.mirrorDifference(back, flat, axis: 160)
        #expect(seen.ink > 100, "the flat title has \(seen.ink) ink pixels")
        #expect(seen.worst <= 1, "worst difference \(seen.worst) at \(seen.at)")
    }

    /// (x, y, 0, 1) · CATransform3DMakeRotation(θ, 0, 1, 0) · (identity with m34 = −1/d), divided by
    /// w: the point of the plane (from the anchor, here the centre) where it lands, in points.
    static func project(_ x: Double, _ y: Double, degrees: Double, eye: Double) -> (x: Double, y: Double) {
        let t = degrees * .pi / 180
        let rotation: [[Double]] = [[cos(t), 0, -sin(t), 0], [0, 1, 0, 0], [sin(t), 0, cos(t), 0], [0, 0, 0, 1]]
        var perspective: [[Double]] = (0..<4).map { i in (0..<4).map { $0 == i ? 1 : 0 } }
        perspective[2][3] = -1 / eye
        let m = (0..<4).map { i in
            (0..<4).map { j in (0..<4).reduce(0.0) { $0 + rotation[i][$1] * perspective[$1][j] } }
        }
        let p = [x, y, 0, 1]
        let out = (0..<4).map { j in (0..<4).reduce(0.0) { $0 + p[$1] * m[$1][j] } }
        return (out[0] / out[3], out[1] / out[3])
    }

    /// The ink's columns, and its rows within columns `columns`.
    static func ink(_ bitmap: Bitmap, columns: ClosedRange<Int>? = nil) -> (minX: Int, maxX: Int, minY: Int, maxY: Int)
    {
        var (minX, maxX, minY, maxY) = (Int.max, Int.min, Int.max, Int.min)
        for y in 0..<bitmap.height {
            for x in 0..<bitmap.width where bitmap[x, y].green < 128 && (columns?.contains(x) ?? true) {
                (minX, maxX, minY, maxY) = (min(minX, x), max(maxX, x), min(minY, y), max(maxY, y))
            }
        }
        return (minX, maxX, minY, maxY)
    }

    /// "HHHHHHHH" (24 pt) on a 200 × 40 pt label centred at (150, 30) pt, turned 60° about y with
    /// m34 = −1/500. Its flat ink's left and right edges (x₀, x₁ in points from the centre, the
    /// outer sides of the first and last stems) land at the projected x of those points: the near
    /// (left) end further out than cos 60° · x₀, the far end nearer in. And the stems at either end,
    /// of flat height h, are h / w tall there (w = 1 + x·sin θ / d: taller near, shorter far).
    /// Tolerance 1.5 pixels: each edge is the first pixel at least half covered, and the rasterised
    /// glyph's edges sit anywhere within a pixel (and hinting snaps them) in both renderings. The
    /// centre's first-order map, what was drawn before, misses the edges by 6–8 pixels and gives
    /// both ends one height.
    @Test(arguments: [TextRendering.hinted, .unhinted])
    func atSixtyDegreesTheTextIsForeshortenedThroughThePerspective(rendering: TextRendering) throws {
        let frame = Rect(x: 50, y: 10, width: 200, height: 40)
        let (degrees, eye, scale, cx, cy) = (60.0, 500.0, 2.0, 150.0, 30.0)
        let flat = try Self.label(
            "HHHHHHHH", frame: frame, width: 300, size: 24, transform: .identity, rendering: rendering)
        let turned = try Self.label(
            "HHHHHHHH", frame: frame, width: 300, size: 24, transform: Self.turned(degrees: degrees, eye: eye),
            rendering: rendering)
        let f = Self.ink(flat)
        let t = Self.ink(turned)
        // The flat ink's edges and stems' top and bottom, in points from the label's centre.
        let (x0, x1) = (Double(f.minX) / scale - cx, Double(f.maxX + 1) / scale - cx)
        let (y0, y1) = (Double(f.minY) / scale - cy, Double(f.maxY + 1) / scale - cy)
        let left = Self.project(x0, 0, degrees: degrees, eye: eye).x
        let right = Self.project(x1, 0, degrees: degrees, eye: eye).x
        let (expectedMinX, expectedMaxX) = ((cx + left) * scale, (cx + right) * scale - 1)
        #expect(abs(Double(t.minX) - expectedMinX) <= 1.5, "left edge \(t.minX), expected \(expectedMinX)")
        #expect(abs(Double(t.maxX) - expectedMaxX) <= 1.5, "right edge \(t.maxX), expected \(expectedMaxX)")
        // The first-order map would put them at cos 60° · x: far from both.
        #expect(abs((cx + x0 / 2) * scale - expectedMinX) > 6 && abs((cx + x1 / 2) * scale - 1 - expectedMaxX) > 6)
        // Each end's stem, a few pixels wide: its height through the projection at its outer side.
        for (columns, x) in [(t.minX...(t.minX + 3), x0), ((t.maxX - 3)...t.maxX, x1)] {
            let stem = Self.ink(turned, columns: columns)
            let top = (cy + Self.project(x, y0, degrees: degrees, eye: eye).y) * scale
            let bottom = (cy + Self.project(x, y1, degrees: degrees, eye: eye).y) * scale - 1
            #expect(
                abs(Double(stem.minY) - top) <= 1.5 && abs(Double(stem.maxY) - bottom) <= 1.5,
                "stem at x \(x): rows \(stem.minY)…\(stem.maxY), expected \(top)…\(bottom)")
        }
    }
}
