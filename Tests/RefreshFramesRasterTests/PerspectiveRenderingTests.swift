import Foundation
import Testing

@testable import RefreshFramesCore
@testable import RefreshFramesRaster

/// A 3-D transform is drawn projected with the layer's perspective, about its anchor point
/// (CATransform3D.h; Core Animation Programming Guide, "Changing a Layer's Perspective": m34 =
/// −1/d). A black 20 × 20 view centred at (50, 30), turned 60° about y with the eye 100 pt away:
/// a point (x, y) of the view (from its centre) goes, through CATransform3DMakeRotation(60°, 0,
/// 1, 0) then m34 = −1/100 in row vectors, to X = x·cos 60° / w, Y = y / w with w = 1 + x·sin 60°/100
/// (the right edge, further away, shorter). The expected coverage of each pixel is the area of
/// it inside that trapezoid, integrated by 32 × 32 samples, never read from the renderer.
///
/// The rasteriser maps each pixel back through the homography of the layer's plane (`Projection`);
/// drawn flat (as before it did), every pixel of (40…59, 20…39) was black and this failed.
@Suite struct PerspectiveRenderingTests {
    static let spec = """
        {"canvas": {"width": 100, "height": 60, "scale": 1, "background": "#FFFFFF"},
         "views": [{"tag": 1, "kind": "view", "backgroundColor": "#000000"}, {"tag": 2, "kind": "view"}],
         "constraints": [
           "1.left == superview.left + 40", "1.top == superview.top + 20", "1.width == 20", "1.height == 20",
           "2.left == superview.left + 200", "2.top == superview.top", "2.width == 10", "2.height == 10"],
         "program": {"cycle": [
           {"animate": {"views": [1], "duration": 0, "wait": false,
                        "set": {"transform": {"rotationY": 60, "perspective": 100}}}},
           {"animate": {"views": [2], "duration": 1, "set": {"alpha": 0.5}}}]},
         "scenario": {"refreshAt": 0, "workDuration": 5, "controlHeight": 60}}
        """

    /// Whether the screen point (X, Y) is on the turned view: the projection inverted,
    /// x = X / (cos θ − X·sin θ / d), then y = Y·w.
    static func inside(_ px: Double, _ py: Double) -> Bool {
        let (c, s, d) = (cos(Double.pi / 3), sin(Double.pi / 3), 100.0)
        let (X, Y) = (px - 50, py - 30)
        let x = X / (c - X * s / d)
        let w = 1 + x * s / d
        return w > 0 && abs(x) <= 10 && abs(Y * w) <= 10
    }

    @Test func aTurnAboutYIsDrawnThroughThePerspective() throws {
        let spec = try Spec.decode(Array(Self.spec.utf8))
        let measurer = TextMeasurer { text, font in try FontBook.shared.measure(text, font: font) }
        let state = try Timeline.make(spec: spec, now: 1_455_451_200, measurer: measurer).sample(at: 0.5)
        let bitmap = try FrameRenderer(canvas: spec.canvas, views: spec.views, fonts: .shared).render(state, scale: 1)
        var (partial, full) = (0, 0)
        for py in 15..<45 {
            for px in 38..<62 {
                let expected = ShadowPathRenderingTests.area(px, py, Self.inside)
                let covered = 1 - Double(bitmap[px, py].green) / 255
                let tolerance = expected == 0 || expected == 1 ? 1.0 / 255 : 0.15
                if expected > 0 && expected < 1 { partial += 1 }
                if expected == 1 { full += 1 }
                #expect(
                    abs(covered - expected) <= tolerance,
                    "pixel (\(px), \(py)): coverage \(covered), expected \(expected)")
            }
        }
        // The trapezoid spans x 44.53…54.60 (w = 0.913 and 1.087 at the edges): about 10 columns by
        // 18–22 rows, with partial pixels along every edge (counted from the expected areas).
        #expect(full >= 150 && partial >= 30, "\(full) full, \(partial) partial pixels")
    }
}
