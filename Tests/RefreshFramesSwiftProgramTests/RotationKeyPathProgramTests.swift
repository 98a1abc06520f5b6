import Foundation
import RefreshFramesCore
import Testing

/// `CABasicAnimation(keyPath: "transform.rotation.y")` / `.x` in a control's code turn the layer
/// about its y / x axis (Core Animation's transform field key paths, radians), as the spec's
/// `caAnimation` does: 0 → π over 0.8 s from the refresh (0.4 s) is π/4 at 0.6 s, the matrix
/// `CATransform3DMakeRotation(π/4, 0, 1, 0)` (row vectors: m11 = cos, m13 = −sin, m31 = sin).
@Suite struct RotationKeyPathProgramTests {
    @Test(arguments: [("transform.rotation.y", 0.0, 1.0), ("transform.rotation.x", 1.0, 0.0)])
    func aRotationKeyPathTurnsTheLayer(_ keyPath: String, _ x: Double, _ y: Double) throws {
        let code = controller(
            """
                @objc func refresh() {
                    let turn = CABasicAnimation(keyPath: "\(keyPath)")
                    turn.fromValue = 0
                    turn.toValue = CGFloat.pi
                    turn.duration = 0.8
                    square.layer.add(turn, forKey: "flip")
                }
            """)
        let (timeline, diagnostics) = try swiftTimeline(try spec(smallSpec), try decode(code), workDurationGiven: true)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let m = state(timeline, 2, at: 0.6).transform.matrix3D
        let (c, s) = (cos(Double.pi / 4), sin(Double.pi / 4))
        let expected =
            y == 1
            ? [c, 0, -s, 0, 0, 1, 0, 0, s, 0, c, 0, 0, 0, 0, 1]
            : [1, 0, 0, 0, 0, c, s, 0, 0, -s, c, 0, 0, 0, 0, 1]
        for (i, (a, b)) in zip(m.elements, expected).enumerated() {
            #expect(abs(a - b) < 1e-12, "\(keyPath) element \(i): \(a), expected \(b)")
        }
        // Over at 1.2 s: the model, the identity.
        #expect(state(timeline, 2, at: 1.2).transform.matrix3D.elements == Transform.identity.matrix3D.elements)
    }
}
