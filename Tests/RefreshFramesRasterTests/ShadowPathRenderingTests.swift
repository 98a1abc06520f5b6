import Foundation
import Testing

@testable import RefreshFramesCore
@testable import RefreshFramesRaster

/// `layer.shadowPath` casts the shadow from the path instead of the composited alpha (Apple's
/// shadowPath page), in the view's own points, offset by `shadowOffset`. With `shadowRadius` 0 the
/// shadow is the path's shape itself, so each pixel's expected coverage is the area of the pixel
/// inside the shape, integrated here by 32 × 32 samples, never read from the renderer.
@Suite struct ShadowPathRenderingTests {
    /// View 1: clear and empty, a rounded-rect path of radius 6 over its bounds: it casts a shadow
    /// although it draws nothing. View 2: red, an oval path below its bounds, the shadow offset 30 pt
    /// right: the oval shows, the square its alpha would cast does not. View 3, off the canvas,
    /// gives the loop a block that takes time.
    static let spec = """
        {"canvas": {"width": 130, "height": 60, "scale": 1, "background": "#FFFFFF"},
         "views": [{"tag": 1, "kind": "view"}, {"tag": 2, "kind": "view", "backgroundColor": "#FF0000"},
                   {"tag": 3, "kind": "view"}],
         "constraints": [
           "1.left == superview.left + 10", "1.top == superview.top + 10", "1.width == 20", "1.height == 20",
           "2.left == superview.left + 50", "2.top == superview.top + 10", "2.width == 20", "2.height == 20",
           "3.left == superview.left + 200", "3.top == superview.top", "3.width == 10", "3.height == 10"],
         "program": {"cycle": [
           {"animate": {"views": [1], "duration": 0, "wait": false,
                        "set": {"shadowOpacity": 1, "shadowRadius": 0, "shadowOffset": [0, 0],
                                "shadowPath": {"roundedRect": [0, 0, 20, 20], "cornerRadius": 6}}}},
           {"animate": {"views": [2], "duration": 0, "wait": false,
                        "set": {"shadowOpacity": 1, "shadowRadius": 0, "shadowOffset": [30, 0],
                                "shadowPath": {"ellipse": [0, 25, 40, 20]}}}},
           {"animate": {"views": [3], "duration": 1, "set": {"alpha": 0.5}}}]},
         "scenario": {"refreshAt": 0, "workDuration": 5, "controlHeight": 60}}
        """

    static func timeline(_ json: String = spec) throws -> Timeline {
        let spec = try Spec.decode(Array(json.utf8))
        let measurer = TextMeasurer { text, font in try FontBook.shared.measure(text, font: font) }
        return try Timeline.make(spec: spec, now: 1_455_451_200, measurer: measurer)
    }

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

    @Test func theShadowIsThePathsShape() throws {
        let spec = try Spec.decode(Array(Self.spec.utf8))
        let state = try Self.timeline().sample(at: 0.5)
        let bitmap = try FrameRenderer(canvas: spec.canvas, views: spec.views, fonts: .shared).render(state, scale: 1)
        // Root coordinates: view 1's rounded rect at (10, 10), 20 × 20, r 6; view 2's oval at
        // (50 + 30, 10 + 25), 40 × 20.
        func roundedRect(_ x: Double, _ y: Double) -> Bool {
            guard (10...30).contains(x), (10...30).contains(y) else { return false }
            let cx = min(max(x, 16), 24)
            let cy = min(max(y, 16), 24)
            return (x - cx) * (x - cx) + (y - cy) * (y - cy) <= 36
        }
        func oval(_ x: Double, _ y: Double) -> Bool {
            let u = (x - 100) / 20
            let v = (y - 45) / 10
            return u * u + v * v <= 1
        }
        var partial = 0
        for (x0, y0, x1, y1, inside) in [(8, 8, 32, 32, roundedRect), (76, 8, 124, 58, oval)] {
            for py in y0..<y1 {
                for px in x0..<x1 {
                    let expected = Self.area(px, py, inside)
                    let p = bitmap[px, py]
                    // Black over white, and nothing else drawn here: every channel is 255·(1 − c).
                    #expect(p.red == p.green && p.green == p.blue, "pixel (\(px), \(py)) is grey")
                    let covered = 1 - Double(p.green) / 255
                    let tolerance = expected == 0 || expected == 1 ? 1.0 / 255 : 0.08
                    if expected > 0 && expected < 1 { partial += 1 }
                    #expect(
                        abs(covered - expected) <= tolerance,
                        "pixel (\(px), \(py)): coverage \(covered), expected \(expected)")
                }
            }
        }
        #expect(partial >= 8)
        // View 2 itself is drawn above its shadow, red.
        #expect(bitmap[60, 20].red == 255 && bitmap[60, 20].green == 0)
    }

    @Test func stateAndTimelinePrintThePath() throws {
        let timeline = try Self.timeline()
        let json = timeline.sample(at: 0.5).json
        #expect(json.contains(#""shadowPath": {"roundedRect": [0.0, 0.0, 20.0, 20.0], "cornerRadius": 6.0}"#))
        #expect(json.contains(#""shadowPath": {"ellipse": [0.0, 25.0, 40.0, 20.0]}"#))
    }

    @Test(arguments: [
        (
            #"{"roundedRect": [0, 0, 20, 20]}"#, "program.cycle[0].animate.set.shadowPath",
            "missing required key 'cornerRadius'"
        ),
        (
            #"{"rect": [0, 0, 20]}"#, "program.cycle[0].animate.set.shadowPath.rect",
            "expected [x, y, width, height] in the view's points"
        ),
        (
            #"{"rect": [0, 0, 20, 20], "ellipse": [0, 0, 4, 4]}"#, "program.cycle[0].animate.set.shadowPath",
            "give one of 'rect', 'roundedRect' or 'ellipse', not rect and ellipse"
        ),
        (
            #"{"oval": [0, 0, 20, 20]}"#, "program.cycle[0].animate.set.shadowPath",
            "expected one of 'rect', 'roundedRect' or 'ellipse' ([x, y, width, height] in the view's points)"
        ),
        (
            #""bounds""#, "program.cycle[0].animate.set.shadowPath",
            "expected \"none\" or an object with 'rect', 'roundedRect' or 'ellipse'"
        ),
        (
            #"{"ellipse": [0, 0, -4, 4]}"#, "program.cycle[0].animate.set.shadowPath.ellipse",
            "a path's width and height are not negative"
        ),
    ])
    func badPathsAreLocated(value: String, path: String, message: String) {
        let json = """
            {"canvas": {"width": 100, "height": 60, "scale": 1}, "views": [{"tag": 1, "kind": "view"}],
             "constraints": ["1.left == superview.left", "1.top == superview.top", "1.width == 20", "1.height == 20"],
             "program": {"cycle": [{"animate": {"views": [1], "duration": 1, "set": {"shadowPath": \(value)}}}]}}
            """
        var found: SpecDiagnostic?
        do { _ = try Spec.decode(Array(json.utf8)) } catch { found = error }
        #expect(found?.path == path)
        #expect(found?.message.hasPrefix(message) == true, "\(found?.message ?? "no error")")
    }
}
