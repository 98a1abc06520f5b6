import Foundation
import Testing

@testable import RefreshFramesCore
@testable import RefreshFramesRaster

/// `layer.cornerRadius` animated by the program is drawn at the instant's value: the background,
/// a clipped subview, the border and the shadow each follow it. Four 20 × 20 pt views (at 1×)
/// animate their radius from the spec's 0 to 10 in 1 s, linear, from 0 s, so at time t the radius
/// is 10·t (and 10 after 1 s). Each pixel's expected coverage is the area of the pixel inside the
/// rounded rectangle of that radius, integrated here by 32 × 32 samples, never read from the
/// renderer: a pixel wholly inside or outside must be exact, one on the edge within 0.08 (the
/// renderer's one-pixel ramp against the true area, at most 0.05 on a 45° edge).
@Suite struct AnimatedCornerRadiusRenderingTests {
    static let spec = """
        {"canvas": {"width": 130, "height": 70, "scale": 1, "background": "#FFFFFF"},
         "views": [
           {"tag": 1, "kind": "view", "backgroundColor": "#FF0000"},
           {"tag": 2, "kind": "view", "clipsToBounds": true},
           {"tag": 3, "kind": "view"},
           {"tag": 4, "kind": "view", "backgroundColor": "#FF0000"},
           {"tag": 5, "kind": "view", "superview": 2, "backgroundColor": "#0000FF"}],
         "constraints": [
           "1.left == superview.left + 10", "2.left == superview.left + 40", "3.left == superview.left + 70",
           "4.left == superview.left + 100", "1.top == superview.top + 10", "2.top == superview.top + 10",
           "3.top == superview.top + 10", "4.top == superview.top + 10",
           "1.width == 20", "1.height == 20", "2.width == 20", "2.height == 20", "3.width == 20",
           "3.height == 20", "4.width == 20", "4.height == 20",
           "5.left == 2.left", "5.top == 2.top", "5.width == 20", "5.height == 20"],
         "program": {"cycle": [
           {"animate": {"views": [3], "duration": 0, "wait": false,
                        "set": {"borderWidth": 3, "borderColor": "#00FF00"}}},
           {"animate": {"views": [4], "duration": 0, "wait": false,
                        "set": {"shadowOpacity": 1, "shadowRadius": 0, "shadowOffset": [0, 30]}}},
           {"animate": {"views": [1, 2, 3, 4], "duration": 1, "curve": "linear",
                        "set": {"cornerRadius": 10}}}]},
         "scenario": {"refreshAt": 0, "workDuration": 5, "controlHeight": 70}}
        """

    static func frame(at time: Double) throws -> (Bitmap, FrameState) {
        let spec = try Spec.decode(Array(Self.spec.utf8))
        let measurer = TextMeasurer { text, font in try FontBook.shared.measure(text, font: font) }
        let timeline = try Timeline.make(spec: spec, now: 1_455_451_200, measurer: measurer)
        let state = timeline.sample(at: time)
        let bitmap = try FrameRenderer(canvas: spec.canvas, views: spec.views, fonts: .shared).render(state, scale: 1)
        return (bitmap, state)
    }

    /// The fraction of the pixel at (px, py) (its top-left corner, points = pixels at 1×) for which `inside` holds.
    static func area(_ px: Int, _ py: Int, _ inside: (Double, Double) -> Bool) -> Double {
        let n = 32
        var hits = 0
        for j in 0..<n {
            for i in 0..<n
            where inside(Double(px) + (Double(i) + 0.5) / Double(n), Double(py) + (Double(j) + 0.5) / Double(n)) {
                hits += 1
            }
        }
        return Double(hits) / Double(n * n)
    }

    /// Whether (x, y) is inside the rectangle at (x0, y0) of size w × h with corners of radius r.
    static func inRoundedRect(_ x: Double, _ y: Double, x0: Double, y0: Double, w: Double, h: Double, r: Double) -> Bool
    {
        guard x >= x0, x <= x0 + w, y >= y0, y <= y0 + h else { return false }
        let cx = min(max(x, x0 + r), x0 + w - r)
        let cy = min(max(y, y0 + r), y0 + h - r)
        return (x - cx) * (x - cx) + (y - cy) * (y - cy) <= r * r
    }

    /// A view's region to check (its box grown by 2 pt) and what covers each pixel there.
    struct Case: CustomStringConvertible, Sendable {
        var description: String
        var x0: Double
        var y0: Double
        /// Whether a point is painted, given the radius.
        var inside: @Sendable (Double, Double, Double) -> Bool
    }

    static let cases: [Case] = [
        Case(description: "background", x0: 10, y0: 10) { x, y, r in
            inRoundedRect(x, y, x0: 10, y0: 10, w: 20, h: 20, r: r)
        },
        Case(description: "subview clipped by its superview", x0: 40, y0: 10) { x, y, r in
            inRoundedRect(x, y, x0: 40, y0: 10, w: 20, h: 20, r: r)
        },
        // Apple's borderWidth page: inset into the bounds; the inner corners of radius r − 3.
        Case(description: "border", x0: 70, y0: 10) { x, y, r in
            inRoundedRect(x, y, x0: 70, y0: 10, w: 20, h: 20, r: r)
                && !inRoundedRect(x, y, x0: 73, y0: 13, w: 14, h: 14, r: max(r - 3, 0))
        },
        // With shadowRadius 0 the shadow is the view's own alpha, 30 pt lower.
        Case(description: "shadow", x0: 100, y0: 40) { x, y, r in
            inRoundedRect(x, y, x0: 100, y0: 40, w: 20, h: 20, r: r)
        },
    ]

    @Test(arguments: [0.25, 0.5, 0.8, 1.5], cases)
    func theCornersFollowTheAnimatedRadius(time: Double, view: Case) throws {
        let radius = 10 * min(time, 1)
        let (bitmap, state) = try Self.frame(at: time)
        // The state carries the instant's radius (a linear animation: 10·t).
        #expect(abs(state.views[0].cornerRadius - radius) < 1e-9)
        var partial = 0
        for py in Int(view.y0) - 2..<Int(view.y0) + 22 {
            for px in Int(view.x0) - 2..<Int(view.x0) + 22 {
                let expected = Self.area(px, py) { view.inside($0, $1, radius) }
                let p = bitmap[px, py]
                // Every ink here is a pure channel colour or black over white: the lowest channel is 255·(1 − c).
                let covered = 1 - Double(min(p.red, p.green, p.blue)) / 255
                let tolerance = expected == 0 || expected == 1 ? 1.0 / 255 : 0.08
                if expected > 0 && expected < 1 { partial += 1 }
                #expect(
                    abs(covered - expected) <= tolerance,
                    "\(view) pixel (\(px), \(py)) at r = \(radius): coverage \(covered), expected \(expected)")
            }
        }
        // The corners are round: some pixels are only partly covered.
        #expect(partial >= 4)
    }
}

/// A radius that follows the size (`quarterOfWidthPlusHeight`, which the tutorial sets in
/// `layoutSubviews`) follows the bounds the program animates: 20 → 40 pt square in 1 s, linear, is
/// 30 pt at 0.5 s, so the radius is (30 + 30) / 4 = 15 there, and 20 at the end.
@Test(arguments: [(0.5, 15.0), (1.5, 20.0)])
func aRadiusThatFollowsTheSizeFollowsAnimatedBounds(time: Double, radius: Double) throws {
    let json = """
        {"canvas": {"width": 100, "height": 60, "scale": 1},
         "views": [{"tag": 1, "kind": "view", "backgroundColor": "#FF0000", "cornerRadius": "quarterOfWidthPlusHeight"}],
         "constraints": ["1.left == superview.left + 10", "1.top == superview.top + 10", "1.width == 20", "1.height == 20"],
         "program": {"cycle": [{"animate": {"views": [1], "duration": 1, "curve": "linear", "set": {"bounds": [40, 40]}}}]},
         "scenario": {"refreshAt": 0, "workDuration": 5, "controlHeight": 60}}
        """
    let spec = try Spec.decode(Array(json.utf8))
    let measurer = TextMeasurer { text, font in try FontBook.shared.measure(text, font: font) }
    let state = try Timeline.make(spec: spec, now: 1_455_451_200, measurer: measurer).sample(at: time)
    #expect(abs(state.views[0].frame.width - radius * 2) < 1e-9)
    #expect(abs(state.views[0].cornerRadius - radius) < 1e-9)
}
