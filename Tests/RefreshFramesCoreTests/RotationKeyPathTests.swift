import Foundation
import Testing

@testable import RefreshFramesCore

/// `transform.rotation.x` / `.y` (Core Animation Programming Guide, "Key-Value Coding Extensions",
/// the transform field key paths: "the rotation, in radians, in the x axis" / "y axis"): the number
/// is that rotation of the layer's transform, whose other parts stay, a perspective among them, and
/// the layer turns about its anchor point as with any transform. The matrices below are written
/// from `CATransform3DMakeRotation`'s rotation about (0, 1, 0) and (1, 0, 0) in row vectors, then
/// the perspective `m34 = −1/400` (CATransform3D.h; Programming Guide, "Changing a Layer's Perspective").
@Suite struct RotationKeyPathTests {
    static func matrix(_ steps: String, at t: Double) throws -> Transform3D {
        let json = """
            {"canvas": {"width": 100, "height": 60}, "views": [{"tag": 1, "kind": "view", "backgroundColor": "red"}],
             "constraints": ["1.left == superview.left + 40", "1.centerY == superview.centerY", "1.width == 20", "1.height == 20"],
             "program": {"cycle": [{"animate": {"views": [1], "duration": 0, "wait": false, "set": {"transform": {"perspective": 400}}}}, \(steps), {"animate": {"views": [1], "duration": 2, "set": {"backgroundColor": "blue"}}}]},
             "scenario": {"refreshAt": 0.2, "workDuration": 3, "controlHeight": 60}}
            """
        let timeline = try Timeline.make(spec: try Spec.decode(Array(json.utf8)), now: 0, measurer: emMeasurer)
        return timeline.sample(at: t).views.first { $0.tag == 1 }!.transform.matrix3D
    }

    static func expectClose(_ m: Transform3D, _ expected: [Double]) {
        for (i, (a, b)) in zip(m.elements, expected).enumerated() {
            #expect(abs(a - b) < 1e-12, "element \(i): \(a), expected \(b)")
        }
    }

    /// 0 → π over 0.8 s from 0.2 s, linear: π/4 at 0.4 s, through the perspective.
    @Test func rotationYTurnsAboutYUnderThePerspective() throws {
        let m = try Self.matrix(
            #"{"caAnimation": {"views": [1], "keyPath": "transform.rotation.y", "from": 0, "to": 3.141592653589793, "duration": 0.8}}"#,
            at: 0.4)
        let (c, s, d) = (cos(Double.pi / 4), sin(Double.pi / 4), 400.0)
        // Ry = [c 0 −s 0; 0 1 0 0; s 0 c 0; 0 0 0 1], then m34 = −1/d: column 4 gets −(column 3)/d.
        Self.expectClose(m, [c, 0, -s, s / d, 0, 1, 0, 0, s, 0, c, -c / d, 0, 0, 0, 1])
    }

    /// Keyframes 0, 0.6, 0 about x over 0.6 s from 0.2 s: 0.3 at 0.35 s (half of the first half).
    @Test func rotationXTurnsAboutXUnderThePerspective() throws {
        let m = try Self.matrix(
            #"{"caAnimation": {"views": [1], "keyPath": "transform.rotation.x", "values": [0, 0.6, 0], "duration": 0.6}}"#,
            at: 0.35)
        let (c, s, d) = (cos(0.3), sin(0.3), 400.0)
        // Rx = [1 0 0 0; 0 c s 0; 0 −s c 0; 0 0 0 1], then m34 = −1/d.
        Self.expectClose(m, [1, 0, 0, 0, 0, c, s, -s / d, 0, -s, c, -c / d, 0, 0, 0, 1])
    }
}
