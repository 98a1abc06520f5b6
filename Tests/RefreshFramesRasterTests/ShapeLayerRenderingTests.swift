import Foundation
import Testing

@testable import RefreshFramesCore
@testable import RefreshFramesRaster

/// A shape layer's stroke and fill, drawn from hand-built states on a white 100 × 100 canvas at
/// scale 1, black ink, the layer over the whole canvas (so its points are the canvas's pixels).
/// Expected extents come from the geometry and the one-pixel ramp: a pixel whose centre is half a
/// pixel or more outside the shape gets nothing, one half a pixel or more inside is full.
@Suite struct ShapeLayerRenderingTests {
    static func render(
        _ path: ShapePath, width: Double = 4, cap: LineCap = .butt, start: Double = 0, end: Double = 1,
        fill: RGBA = .clear, stroke: RGBA = .black
    ) throws -> Bitmap {
        var scene = Scene()
        scene.canvas = Canvas(width: 100, height: 100, scale: 1, background: .white)
        scene.add(ViewSpec(tag: 1, kind: .view), frame: Rect(x: 0, y: 0, width: 100, height: 100))
        scene.states[0].path = path
        scene.states[0].lineWidth = width
        scene.states[0].lineCap = cap
        scene.states[0].strokeStart = start
        scene.states[0].strokeEnd = end
        scene.states[0].fillColor = fill
        scene.states[0].strokeColor = stroke
        return try scene.render()
    }

    /// The columns and rows (inclusive) with any ink.
    static func extent(_ b: Bitmap) -> (x: ClosedRange<Int>, y: ClosedRange<Int>)? {
        var (x0, y0, x1, y1) = (Int.max, Int.max, Int.min, Int.min)
        for y in 0..<b.height {
            for x in 0..<b.width where b[x, y].red < 255 {
                (x0, y0, x1, y1) = (min(x0, x), min(y0, y), max(x1, x), max(y1, y))
            }
        }
        return x0 == .max ? nil : (x0...x1, y0...y1)
    }

    static let line = ShapePath([.move(Point(x: 10, y: 50)), .line(Point(x: 40, y: 50))])

    /// A line from (10, 50) to (40, 50), 4 wide: butt ends at x = 10 and 40 (columns 10…39); round
    /// and square ones reach 2 further (columns 8…41); rows 48…51 for all. At the corner pixel
    /// (8, 48), centre (8.5, 48.5), the square cap covers it fully (1.5 inside both edges), the round
    /// one is 2.12 from (10, 50): 0.12 outside, coverage 0.5 − 0.12 = 0.38, so 255 · 0.62 ≈ 158 white.
    @Test func capsEndTheLineAsTheyShould() throws {
        let butt = try Self.render(Self.line)
        #expect(
            Self.extent(butt).map { $0.x == 10...39 && $0.y == 48...51 } == true,
            "\(String(describing: Self.extent(butt)))")
        let square = try Self.render(Self.line, cap: .square)
        #expect(Self.extent(square).map { $0.x == 8...41 && $0.y == 48...51 } == true)
        #expect(square[8, 48].red == 0)
        let round = try Self.render(Self.line, cap: .round)
        #expect(Self.extent(round).map { $0.x == 8...41 && $0.y == 48...51 } == true)
        let expected = 255 * (1 - (0.5 - ((1.5 * 1.5 + 1.5 * 1.5).squareRoot() - 2)))
        #expect(abs(Double(round[8, 48].red) - expected) <= 1, "\(round[8, 48].red) vs \(expected)")
    }

    /// strokeStart 0.5 to strokeEnd 1 of a circle of radius 20 about (50, 50) from 12 o'clock
    /// clockwise: the left half, from 6 o'clock round to 12: columns 28…49, rows 28…71.
    @Test func strokeStartCutsTheBeginningOff() throws {
        let circle = ShapePath([
            .move(Point(x: 50, y: 30)),
            .arc(center: Point(x: 50, y: 50), radiusX: 20, radiusY: 20, start: -.pi / 2, sweep: 2 * .pi),
        ])
        let bitmap = try Self.render(circle, start: 0.5)
        #expect(Self.extent(bitmap).map { $0.x == 28...49 && $0.y == 28...71 } == true)
        #expect(try Self.render(circle, start: 0.6, end: 0.6).pixels.allSatisfy { $0 == 255 })
    }

    /// Two subpaths of 30 pt each: strokeEnd 0.5 is the whole first one and nothing of the second
    /// (one length over the whole path); the move between them adds no length.
    @Test func theCutIsAFractionOfTheWholePath() throws {
        let two = ShapePath([
            .move(Point(x: 10, y: 20)), .line(Point(x: 40, y: 20)), .move(Point(x: 10, y: 70)),
            .line(Point(x: 40, y: 70)),
        ])
        let bitmap = try Self.render(two, end: 0.5)
        #expect(Self.extent(bitmap).map { $0.x == 10...39 && $0.y == 18...21 } == true)
    }

    /// An oval of 40 × 20 at (30, 40), filled (nonzero), no stroke: the ellipse about (50, 50) with
    /// radii 20 and 10: columns 30…69, rows 40…59, full at its centre; a square ring (the inner
    /// square drawn the other way round) leaves its hole white.
    @Test func theFillFollowsTheNonzeroRule() throws {
        let oval = try Self.render(
            ShapePath(.ellipse(Rect(x: 30, y: 40, width: 40, height: 20))), fill: .black, stroke: .clear)
        #expect(Self.extent(oval).map { $0.x == 30...69 && $0.y == 40...59 } == true)
        #expect(oval[50, 50].red == 0 && oval[30, 41].red == 255)
        let ring = ShapePath(
            ShapePath(.rect(Rect(x: 20, y: 20, width: 60, height: 60))).elements + [
                .move(Point(x: 40, y: 40)), .line(Point(x: 40, y: 60)), .line(Point(x: 60, y: 60)),
                .line(Point(x: 60, y: 40)), .close,
            ])
        let bitmap = try Self.render(ring, fill: .black, stroke: .clear)
        #expect(bitmap[25, 25].red == 0 && bitmap[50, 50].red == 255 && bitmap[10, 10].red == 255)
        #expect(Self.extent(bitmap).map { $0.x == 20...79 && $0.y == 20...79 } == true)
    }
}
