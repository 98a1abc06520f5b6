import Foundation
import RefreshFramesCore
import Testing

/// `CATransform3D` in a control's code (a card flip): the makers, `CATransform3DRotate`/`Concat`,
/// `t.m34 = …`, `layer.transform =` and `view.transform3D =`, outside and inside a `UIView.animate`
/// block, and a `CABasicAnimation(keyPath: "transform")` of them. The matrices are worked out by
/// hand in row vectors (CATransform3D.h: `p′ = p · M`; `CATransform3DRotate(t, …)` is `R · t`).
@Suite struct Transform3DProgramTests {
    func near(_ m: Transform3D, _ expected: [Double], _ what: String) {
        for (i, (a, b)) in zip(m.elements, expected).enumerated() {
            #expect(abs(a - b) < 1e-12, "\(what) element \(i): \(a), expected \(b)")
        }
    }

    /// P is the identity with m34 = −1/500; R, a quarter turn about y, has m11 = m33 = cos = 0,
    /// m13 = −sin = −1, m31 = sin = 1. `CATransform3DRotate(P, π/2, 0, 1, 0)` = R · P: P only
    /// adds to column 4 of each row i R[i][3] · (−1/500), so m14 = −(−1)/500 = 0.002 and m34 = 0 · … = 0.
    /// The spec's `{"rotationY": 90, "perspective": 500}` (S · Rx · Ry · Rz · P · T) is the same matrix.
    static let flipped: [Double] = [0, 0, -1, 0.002, 0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1]

    @Test func aCardFlipOutsideABlockIsSetAtOnce() throws {
        let code = controller(
            """
                @objc func refresh() {
                    var t = CATransform3DIdentity
                    t.m34 = -1.0 / 500
                    t = CATransform3DRotate(t, .pi / 2, 0, 1, 0)
                    square.layer.transform = t
                    print(square.layer.transform.m14, square.layer.transform.m34, t.m34)
                }
            """)
        let (timeline, diagnostics) = try swiftTimeline(try spec(smallSpec), try decode(code))
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(state(timeline, 2, at: 0.39).transform.matrix3D == .identity)
        near(state(timeline, 2, at: 0.4).transform.matrix3D, Self.flipped, "at the refresh")
        var spec = Transform()
        spec.rotationY = 90
        spec.perspective = 500
        near(spec.matrix3D, Self.flipped, "the spec's rotationY 90, perspective 500")
    }

    /// The same flip in a 1 s linear block from the refresh (0.4 s) animates as the spec's
    /// `animate` of `{"rotationY": 90, "perspective": 500}` does: the two timelines' matrices are
    /// the same at every 0.05 s of the block; a quarter in (0.65 s) it is part-way (m11 neither 1 nor 0).
    @Test func aCardFlipInsideABlockAnimatesAsTheSpecsDoes() throws {
        let code = controller(
            """
                @objc func refresh() {
                    UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: {
                        var t = CATransform3DIdentity
                        t.m34 = -1.0 / 500
                        self.square.layer.transform = CATransform3DRotate(t, CGFloat.pi / 2, 0, 1, 0)
                    }, completion: nil)
                }
            """)
        let (timeline, diagnostics) = try swiftTimeline(try spec(smallSpec), try decode(code))
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let programSpec = smallSpec.replacingOccurrences(
            of: "\"scenario\"",
            with: """
                "program": {"check": "afterCycle", "cycle": [{"animate": {"views": [2], "duration": 1, "curve": "linear",
                  "set": {"transform": {"rotationY": 90, "perspective": 500}}}}]},
                "scenario"
                """)
        let specTimeline = try Timeline.make(spec: try spec(programSpec), now: testNow, measurer: measurer)
        for k in 8...28 {
            let t = Double(k) * 0.05
            near(
                state(timeline, 2, at: t).transform.matrix3D, state(specTimeline, 2, at: t).transform.matrix3D.elements,
                "at \(t) s")
        }
        let quarter = state(timeline, 2, at: 0.65).transform.matrix3D
        #expect(quarter.m11 > 0.1 && quarter.m11 < 0.99, "\(quarter)")
        near(state(timeline, 2, at: 1.45).transform.matrix3D, Self.flipped, "after the block")
    }

    /// `view.transform3D` is the same property: `CATransform3DConcat(scale 2, translation 10)` is
    /// the scale then the translation (m11 = m22 = 2, m41 = 10), and `view.transform` reads its
    /// affine part back. A scale inside a linear 1 s block is 1.25 a quarter in (1 + 0.25 · 1).
    @Test func transform3DAndConcatAndABlocksScale() throws {
        let code = controller(
            """
                @objc func refresh() {
                    square.transform3D = CATransform3DConcat(CATransform3DMakeScale(2, 2, 1), CATransform3DMakeTranslation(10, 0, 0))
                    print(square.transform.a, square.transform.tx, CATransform3DIsAffine(square.layer.transform))
                    label.layer.transform = CATransform3DMakeScale(1, 1, 1)
                    UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: {
                        self.label.layer.transform = CATransform3DMakeScale(2, 2, 1)
                    }, completion: nil)
                }
            """)
        let (timeline, diagnostics) = try swiftTimeline(try spec(smallSpec), try decode(code))
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        near(
            state(timeline, 2, at: 0.5).transform.matrix3D, [2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 1, 0, 10, 0, 0, 1], "square")
        near(
            state(timeline, 1, at: 0.65).transform.matrix3D, [1.25, 0, 0, 0, 0, 1.25, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1],
            "label")
    }

    /// `CABasicAnimation(keyPath: "transform")` from the identity to a quarter turn about z
    /// (`CATransform3DMakeRotation(π/2, 0, 0, 1)`: m11 = m22 = cos, m12 = sin, m21 = −sin), 1 s,
    /// linear (a basic animation's default timing): a quarter in (0.65 s) the layer is turned
    /// π/8 (Core Animation interpolates the decomposed rotation); the model stays the identity.
    @Test func aBasicAnimationOfTransformTakesCATransform3DValues() throws {
        let code = controller(
            """
                @objc func refresh() {
                    let turn = CABasicAnimation(keyPath: "transform")
                    turn.fromValue = NSValue(caTransform3D: CATransform3DIdentity)
                    turn.toValue = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
                    turn.duration = 1
                    square.layer.add(turn, forKey: "turn")
                }
            """)
        let (timeline, diagnostics) = try swiftTimeline(try spec(smallSpec), try decode(code))
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let (c, s) = (cos(Double.pi / 8), sin(Double.pi / 8))
        near(
            state(timeline, 2, at: 0.65).transform.matrix3D, [c, s, 0, 0, -s, c, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1], "0.65 s"
        )
        #expect(state(timeline, 2, at: 1.5).transform.matrix3D == .identity)
    }
}
