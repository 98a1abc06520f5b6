import RefreshFramesCore
import Testing

/// `layer.shadowPath = UIBezierPath(…).cgPath` (and `= nil`) in a control's code sets the same state
/// as the spec's `"shadowPath"`: the shapes of `UIBezierPath(rect:)`, `(roundedRect:cornerRadius:)`
/// and `(ovalIn:)` in the view's points, the radius as written (the rasteriser clamps it), nil the
/// alpha's shadow again. A path is no animatable block property: it changes when the line runs,
/// inside a block too, while the block's alpha animates.
@Suite struct ShadowPathBindingTests {
    @Test func bezierPathsSetTheSpecsShapesWhenTheLineRuns() throws {
        let code = controller(
            """
                @objc func refresh() {
                    square.layer.shadowOpacity = 0.5
                    square.layer.shadowPath = UIBezierPath(roundedRect: square.bounds, cornerRadius: 30).cgPath
                    UIView.animate(withDuration: 0.3, animations: { self.square.alpha = 0.9 }, completion: { _ in
                        UIView.animate(withDuration: 0.2, delay: 0, options: [.curveLinear], animations: {
                            self.square.alpha = 0.5
                            self.square.layer.shadowPath = UIBezierPath(ovalIn: CGRect(x: -2, y: 4, width: 24, height: 12)).cgPath
                        }, completion: { _ in
                            let flipped = CGRect(x: 20, y: 20, width: -16, height: -16)
                            self.square.layer.shadowPath = UIBezierPath(rect: flipped).cgPath
                            UIView.animate(withDuration: 0.2, animations: { self.square.alpha = 1 }, completion: { _ in
                                self.square.layer.shadowPath = nil
                                self.control.endRefreshing()
                            })
                        })
                    })
                }
            """)
        let (timeline, diagnostics) = try swiftTimeline(try spec(smallSpec), try decode(code))
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        // The refresh begins at 0.4 s (the pull reaches 60 pt); the blocks end at 0.7, 0.9 and 1.1 s.
        let square = Rect(x: 0, y: 0, width: 20, height: 20)
        let expected: [(Double, ShadowPath)] = [
            (0.39, .none),
            (0.4, .roundedRect(square, cornerRadius: 30)), (0.69, .roundedRect(square, cornerRadius: 30)),
            // At the second block's start, not its end: the path does not animate.
            (0.7, .ellipse(Rect(x: -2, y: 4, width: 24, height: 12))),
            (0.8, .ellipse(Rect(x: -2, y: 4, width: 24, height: 12))),
            // (20, 20) − (16, 16) standardised: the rectangle from (4, 4), 16 × 16.
            (0.9, .rect(Rect(x: 4, y: 4, width: 16, height: 16))),
            (1.09, .rect(Rect(x: 4, y: 4, width: 16, height: 16))),
            (1.1, .none),
        ]
        for (t, path) in expected { #expect(state(timeline, 2, at: t).shadowPath == path, "at \(t) s") }
        // The alpha beside it animates, linearly 0.9 → 0.5 over 0.7…0.9 s: 0.7 at 0.8 s.
        #expect(abs(state(timeline, 2, at: 0.8).alpha - 0.7) < 1e-9)
    }

    @Test func anythingButAPathIsNamed() throws {
        let code = controller(
            """
                @objc func refresh() {
                    square.layer.shadowPath = UIColor.red
                }
            """)
        #expect(throws: (any Error).self) { try swiftTimeline(try spec(smallSpec), try decode(code)) }
    }
}
