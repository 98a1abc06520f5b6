import Foundation
import RefreshFramesCore
import Testing

/// A plain `CALayer()` added with `addSublayer(_:)` is drawn as a view with the same frame,
/// background and corner radius would be (a view is its layer's delegate and draws nothing else
/// for a plain view); what the engine does not model about layers is named at its line.
@Suite struct StandaloneLayerTests {
    /// The run, and its warnings but the one every view added after `viewDidLoad` has (here at the
    /// refresh, 0.4 s: "… is drawn from the start", CodeViewsTests).
    private func run(_ body: String) throws -> (Timeline, [String]) {
        let (timeline, diagnostics) = try swiftTimeline(
            try spec(smallSpec), try decode(controller(body)), workDurationGiven: true)
        return (timeline, diagnostics.filter { !$0.contains("is added to its superview at 0.4 s") })
    }

    @Test func aPlainLayerIsDrawnAsAView() throws {
        let (timeline, diagnostics) = try run(
            """
                @objc func refresh() {
                    let dot = CALayer()
                    dot.frame = CGRect(x: 5, y: 6, width: 12, height: 8)
                    dot.backgroundColor = UIColor.red.cgColor
                    dot.cornerRadius = 4
                    dot.masksToBounds = true
                    square.layer.addSublayer(dot)
                }
            """)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        // smallSpec has tags 1 and 2: the layer is the third view, under the square (tag 2).
        let dot = state(timeline, 3, at: 0.6)
        #expect(dot.frame == Rect(x: 5, y: 6, width: 12, height: 8))
        #expect(dot.backgroundColor == RGBA(red: 1, green: 0, blue: 0, alpha: 1))
        #expect(dot.cornerRadius == 4)
        #expect(dot.alpha == 1 && dot.transform.rotation == 0 && dot.transform.scaleX == 1)
    }

    /// A change once the layer is in a tree is an implicit animation Core Animation runs; the engine
    /// shows the value at once and says so at the line.
    @Test func aChangeInTheTreeIsNamedAsAnImplicitAnimation() throws {
        let (timeline, diagnostics) = try run(
            """
                @objc func refresh() {
                    let dot = CALayer()
                    square.layer.addSublayer(dot)
                    dot.opacity = 0.5
                }
            """)
        #expect(diagnostics.count == 1, "\(diagnostics)")
        #expect(
            diagnostics.first?.hasPrefix(
                "RefreshView.swift:21:13: warning: CALayer().opacity changed while in a layer tree")
                == true, "\(diagnostics)")
        #expect(state(timeline, 3, at: 0.6).alpha == 0.5)
    }

    @Test(arguments: [
        ("let g = CAGradientLayer()", "CAGradientLayer"),
        ("let t = CATransformLayer()", "CATransformLayer"),
        ("square.layer.sublayerTransform = CATransform3DIdentity", "sublayerTransform"),
    ])
    func whatIsNotDrawnIsNamedAtItsLine(_ line: String, _ name: String) throws {
        var said: [String] = []
        do {
            let (_, diagnostics) = try run(
                """
                    @objc func refresh() {
                        \(line)
                    }
                """)
            said = diagnostics
        } catch {
            said = ["\(error)"]
        }
        #expect(said.contains { $0.contains("RefreshView.swift:19:") && $0.contains(name) }, "\(said)")
    }
}
