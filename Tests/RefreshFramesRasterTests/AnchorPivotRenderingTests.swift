import Foundation
import Testing

@testable import RefreshFramesCore
@testable import RefreshFramesRaster

/// A 2-D transform turns and scales a view about its anchor point, as Core Animation applies a
/// layer's transform about its `position` (`CALayer.anchorPoint`: "all geometric manipulations to
/// the view occur about the specified point"; Core Animation Programming Guide, "Anchor Points
/// Affect Geometric Manipulations"). Expected rectangles worked out here from that rule: the
/// position stays where `anchorPoint = …` found it, the frame is `position − anchor × size`, and
/// each point's offset from the position goes through the transform (clockwise on screen, y down:
/// a quarter turn takes the offset (u, v) to (−v, u)).
@Suite struct AnchorPivotRenderingTests {
    /// A 20 × 10 view (tag 1) at (40, 20), its position (50, 25); `sub` puts a black subview (tag 2)
    /// over its top half and leaves view 1 clear, else view 1 is black.
    static func spec(anchor: [Double], transform: String, sub: Bool = false) -> String {
        let black = ##", "backgroundColor": "#000000""##
        return """
            {"canvas": {"width": 100, "height": 60, "scale": 1, "background": "#FFFFFF"},
             "views": [{"tag": 1, "kind": "view"\(sub ? "" : black)},
                       {"tag": 2, "kind": "view", "superview": 1\(sub ? black : "")},
                       {"tag": 3, "kind": "view"}],
             "constraints": [
               "1.left == superview.left + 40", "1.top == superview.top + 20", "1.width == 20", "1.height == 10",
               "2.left == 1.left", "2.top == 1.top", "2.width == 20", "2.height == 5",
               "3.left == superview.left + 200", "3.top == superview.top", "3.width == 10", "3.height == 10"],
             "program": {"cycle": [
               {"animate": {"views": [1], "duration": 0, "wait": false, "set": {"anchorPoint": [\(anchor[0]), \(anchor[1])]}}},
               {"animate": {"views": [1], "duration": 0, "wait": false, "set": {"transform": \(transform)}}},
               {"animate": {"views": [3], "duration": 1, "set": {"alpha": 0.5}}}]},
             "scenario": {"refreshAt": 0, "workDuration": 5, "controlHeight": 60}}
            """
    }

    /// The pixels that differ from black inside `x`, `y` (whole points) and white outside it, beyond
    /// an antialiased edge's ramp next to the rectangle's sides.
    static func wrongPixels(_ json: String, x: Range<Int>, y: Range<Int>) throws -> [String] {
        let spec = try Spec.decode(Array(json.utf8))
        let measurer = TextMeasurer { text, font in try FontBook.shared.measure(text, font: font) }
        let state = try Timeline.make(spec: spec, now: 1_455_451_200, measurer: measurer).sample(at: 0.5)
        let bitmap = try FrameRenderer(canvas: spec.canvas, views: spec.views, fonts: .shared).render(state, scale: 1)
        var wrong: [String] = []
        for py in 0..<60 {
            for px in 0..<100 {
                let inside = x.contains(px) && y.contains(py)
                let covered = 1 - Double(bitmap[px, py].green) / 255
                if abs(covered - (inside ? 1 : 0)) > 2.0 / 255 { wrong.append("(\(px), \(py)): \(covered)") }
            }
        }
        return wrong
    }

    /// Anchor (0, 0) keeps the position (50, 25), so the frame moves to (50, 25, 20, 10); a quarter
    /// turn about its top-left corner takes (50 + u, 25 + v) to (50 − v, 25 + u): x 40…50, y 25…45.
    /// (Turned about the frame's centre (60, 30) it would cover x 55…65, y 20…40.)
    @Test func aQuarterTurnPivotsAboutTheTopLeftAnchor() throws {
        let wrong = try Self.wrongPixels(
            Self.spec(anchor: [0, 0], transform: #"{"rotation": 90}"#), x: 40..<50, y: 25..<45)
        #expect(wrong.isEmpty, "\(wrong.prefix(8))")
    }

    /// Anchor (1, 1) moves the frame to (30, 15, 20, 10), its bottom-right corner at the position
    /// (50, 25); half scale about that corner leaves x 40…50, y 20…25.
    @Test func aScaleShrinksTowardTheBottomRightAnchor() throws {
        let wrong = try Self.wrongPixels(
            Self.spec(anchor: [1, 1], transform: #"{"scale": 0.5}"#), x: 40..<50, y: 20..<25)
        #expect(wrong.isEmpty, "\(wrong.prefix(8))")
    }

    /// A subview turns with its superview about the superview's anchor: the top half (v 0…5) of the
    /// view turned a quarter about (50, 25) lands at x 45…50, y 25…45; a translation adds on top,
    /// unturned (translate · rotate · scale): (10, 5) more gives x 55…60, y 30…50.
    @Test func aSubviewTurnsAboutItsSuperviewsAnchor() throws {
        let turned = try Self.wrongPixels(
            Self.spec(anchor: [0, 0], transform: #"{"rotation": 90}"#, sub: true), x: 45..<50, y: 25..<45)
        #expect(turned.isEmpty, "\(turned.prefix(8))")
        let moved = try Self.wrongPixels(
            Self.spec(anchor: [0, 0], transform: #"{"rotation": 90, "translation": [10, 5]}"#, sub: true),
            x: 55..<60, y: 30..<50)
        #expect(moved.isEmpty, "\(moved.prefix(8))")
    }
}
