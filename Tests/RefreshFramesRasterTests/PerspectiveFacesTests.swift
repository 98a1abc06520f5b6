import Foundation
import Testing

@testable import RefreshFramesCore
@testable import RefreshFramesRaster

/// The far side of a 3-D turn, drawn as Core Animation draws a flat layer (`isDoubleSided` true,
/// its default, the only value the spec has): past 90° the back shows, mirrored; at 90° the
/// layer is edge-on and covers nothing; points of the plane behind the eye (w ≤ 0) are not drawn.
/// Every expected coverage is the area of each pixel inside the projected shape, worked out here
/// from the projection inverted (never read from the renderer).
@Suite struct PerspectiveFacesTests {
    /// A 40 × 20 clear view centred at (50, 30) turned `degrees` about y with the eye `eye` points
    /// away; its subview (tag 2, black) fills its left half.
    static func spec(degrees: Double, eye: Double, width: Double = 40) -> String {
        """
        {"canvas": {"width": 100, "height": 60, "scale": 1, "background": "#FFFFFF"},
         "views": [{"tag": 1, "kind": "view"}, {"tag": 2, "kind": "view", "superview": 1, "backgroundColor": "#000000"},
                   {"tag": 3, "kind": "view"}],
         "constraints": [
           "1.left == superview.left \(width <= 100 ? "+" : "-") \(abs(50 - width / 2))", "1.top == superview.top + 20", "1.width == \(width)", "1.height == 20",
           "2.left == 1.left", "2.top == 1.top", "2.width == \(width / 2)", "2.height == 20",
           "3.left == superview.left + 200", "3.top == superview.top", "3.width == 10", "3.height == 10"],
         "program": {"cycle": [
           {"animate": {"views": [1], "duration": 0, "wait": false,
                        "set": {"transform": {"rotationY": \(degrees), "perspective": \(eye)}}}},
           {"animate": {"views": [3], "duration": 1, "set": {"alpha": 0.5}}}]},
         "scenario": {"refreshAt": 0, "workDuration": 5, "controlHeight": 60}}
        """
    }

    static func render(_ json: String) throws -> Bitmap {
        let spec = try Spec.decode(Array(json.utf8))
        let measurer = TextMeasurer { text, font in try FontBook.shared.measure(text, font: font) }
        let state = try Timeline.make(spec: spec, now: 1_455_451_200, measurer: measurer).sample(at: 0.5)
        return try FrameRenderer(canvas: spec.canvas, views: spec.views, fonts: .shared).render(state, scale: 1)
    }

    /// Whether screen point (X, Y) is on the subview's points x ∈ [−w/2, 0] (from the turned view's
    /// centre): X = x·cos θ / w′, Y = y / w′, w′ = 1 + x·sin θ / d, inverted as x = X / (cos θ − X·sin θ / d).
    static func onSubview(_ px: Double, _ py: Double, degrees: Double, eye: Double, width: Double) -> Bool {
        let theta = degrees * .pi / 180
        let (c, s) = (cos(theta), sin(theta))
        let (X, Y) = (px - 50, py - 30)
        let x = X / (c - X * s / eye)
        let w = 1 + x * s / eye
        return w > 0 && x >= -width / 2 && x <= 0 && abs(Y * w) <= 10
    }

    /// Counts the pixels whose coverage is off by more than the antialiasing allows, and the pixels
    /// the shape covers fully, in each half of the canvas.
    static func compare(_ bitmap: Bitmap, degrees: Double, eye: Double, width: Double = 40) -> (
        wrong: [String], leftFull: Int, rightFull: Int
    ) {
        var wrong: [String] = []
        var (left, right) = (0, 0)
        let area = (0..<60).map { py in
            (0..<100).map { px in
                ShadowPathRenderingTests.area(px, py) { onSubview($0, $1, degrees: degrees, eye: eye, width: width) }
            }
        }
        for py in 0..<60 {
            for px in 0..<100 {
                let expected = area[py][px]
                let covered = 1 - Double(bitmap[px, py].green) / 255
                // Exact inside and outside; on an edge (a pixel or a neighbour partly covered, as
                // where an edge runs along pixels' sides) the one-pixel ramp's error.
                let neighbours = [(-1, 0), (1, 0), (0, -1), (0, 1)].compactMap { dx, dy in
                    area[safe: py + dy]?[safe: px + dx]
                }
                let interior = neighbours.allSatisfy { $0 == expected } && (expected == 0 || expected == 1)
                let tolerance = interior ? 1.0 / 255 : 0.15
                if abs(covered - expected) > tolerance { wrong.append("(\(px), \(py)): \(covered) vs \(expected)") }
                if expected == 1 { if px < 50 { left += 1 } else { right += 1 } }
            }
        }
        return (wrong, left, right)
    }

    /// Turned 150° with the eye 100 pt away, the left half is seen from behind on the right:
    /// x = −20 lands at X = −20·cos 150° / 0.9 = 19.2.
    @Test func pastAQuarterTurnTheBackShowsMirrored() throws {
        let bitmap = try Self.render(Self.spec(degrees: 150, eye: 100))
        let seen = Self.compare(bitmap, degrees: 150, eye: 100)
        #expect(seen.wrong.isEmpty, "\(seen.wrong.count) pixels off: \(seen.wrong.prefix(5))")
        #expect(
            seen.leftFull == 0 && seen.rightFull >= 200, "full pixels: \(seen.leftFull) left, \(seen.rightFull) right")
    }

    /// At exactly 90° the plane is seen edge-on: no pixel changes.
    @Test func edgeOnNothingIsDrawn() throws {
        let bitmap = try Self.render(Self.spec(degrees: 90, eye: 500))
        var marked: [(Int, Int)] = []
        for y in 0..<60 { for x in 0..<100 where bitmap[x, y].green != 255 { marked.append((x, y)) } }
        #expect(marked.isEmpty, "\(marked.count) pixels drawn, first \(marked.prefix(3))")
    }

    /// A view 200 pt wide turned 60° with the eye 50 pt away: its left end, x < −50/sin 60° = −57.7,
    /// is behind the eye (w ≤ 0) and is not drawn; what is in front runs off the canvas's left edge.
    @Test func whatIsBehindTheEyeIsClipped() throws {
        let bitmap = try Self.render(Self.spec(degrees: 60, eye: 50, width: 200))
        let seen = Self.compare(bitmap, degrees: 60, eye: 50, width: 200)
        #expect(seen.wrong.isEmpty, "\(seen.wrong.count) pixels off: \(seen.wrong.prefix(5))")
        #expect(seen.leftFull >= 300, "full pixels on the left: \(seen.leftFull)")
    }
}

extension Array {
    fileprivate subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
