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

    /// The implicit-animation warnings of a run (the line and column of each).
    private func implicit(_ diagnostics: [String]) -> [String] {
        diagnostics.filter { $0.contains("changed while in a layer tree") }.map {
            String($0.prefix { $0 != " " })
        }
    }

    /// `CATransaction.setDisableActions(true)` in an explicit transaction: the layer's action is
    /// looked up when the property is set, and none is given, so UIKit jumps as the engine does and
    /// nothing is said; after `commit()` a change animates again (named); a nested transaction
    /// that sets nothing keeps the enclosing one's setting, one that enables actions again does not.
    @Test func noImplicitAnimationInsideADisabledTransaction() throws {
        let (timeline, diagnostics) = try run(
            """
                @objc func refresh() {
                    let dot = CALayer()
                    square.layer.addSublayer(dot)
                    CATransaction.begin()
                    CATransaction.setDisableActions(true)
                    dot.opacity = 0.5
                    CATransaction.begin()
                    dot.cornerRadius = 3
                    CATransaction.setDisableActions(false)
                    dot.borderWidth = 1
                    CATransaction.commit()
                    dot.frame = CGRect(x: 1, y: 2, width: 3, height: 4)
                    CATransaction.commit()
                    dot.backgroundColor = UIColor.red.cgColor
                }
            """)
        #expect(
            implicit(diagnostics) == ["RefreshView.swift:27:13:", "RefreshView.swift:31:13:"], "\(diagnostics)")
        // The values as UIKit gives them with actions disabled: at once, at the refresh (0.4 s).
        let dot = state(timeline, 3, at: 0.4)
        #expect(dot.alpha == 0.5 && dot.cornerRadius == 3)
        #expect(dot.frame == Rect(x: 1, y: 2, width: 3, height: 4))
    }

    /// Without `begin()`, the setting goes to the run-loop turn's implicit transaction: it holds
    /// for the rest of the turn and ends with it (a later turn's change animates, named). Setting
    /// it after the change does not undo that change's action.
    @Test func theImplicitTransactionsSettingLastsTheTurn() throws {
        let (timeline, diagnostics) = try run(
            """
                @objc func refresh() {
                    let dot = CALayer()
                    square.layer.addSublayer(dot)
                    dot.cornerRadius = 2
                    CATransaction.setDisableActions(true)
                    dot.opacity = 0.5
                    DispatchQueue.main.asyncAfter(deadline: .now() + 0.3) {
                        dot.opacity = 0.25
                    }
                }
            """)
        #expect(
            implicit(diagnostics) == ["RefreshView.swift:21:13:", "RefreshView.swift:25:17:"], "\(diagnostics)")
        #expect(state(timeline, 3, at: 0.4).alpha == 0.5)
        #expect(state(timeline, 3, at: 0.7).alpha == 0.25)
    }

    /// `setAnimationDuration(_:)` and the reads: the warning says the duration UIKit animates over;
    /// `disableActions()` and `animationDuration()` read back what is in force (0.25 s by default).
    @Test func theTransactionsDurationIsSaidAndReadBack() throws {
        let (_, diagnostics) = try run(
            """
                @objc func refresh() {
                    let dot = CALayer()
                    square.layer.addSublayer(dot)
                    print(CATransaction.animationDuration(), CATransaction.disableActions())
                    CATransaction.begin()
                    CATransaction.setAnimationDuration(0.4)
                    dot.opacity = 0.5
                    CATransaction.setValue(true, forKey: kCATransactionDisableActions)
                    print(CATransaction.animationDuration(), CATransaction.disableActions())
                    CATransaction.commit()
                    print(CATransaction.animationDuration(), CATransaction.disableActions())
                }
            """)
        let said = diagnostics.filter { $0.contains("changed while in a layer tree") }
        #expect(said.count == 1, "\(diagnostics)")
        #expect(said.first?.contains("implicitly (over 0.4 s, CATransaction.setAnimationDuration)") == true)
        let (printed, _) = try playPrinting(
            controller(
                """
                    @objc func refresh() {
                        print(CATransaction.animationDuration(), CATransaction.disableActions())
                        CATransaction.begin()
                        CATransaction.setAnimationDuration(0.4)
                        CATransaction.setValue(true, forKey: kCATransactionDisableActions)
                        print(CATransaction.animationDuration(), CATransaction.disableActions())
                        CATransaction.commit()
                        print(CATransaction.animationDuration(), CATransaction.disableActions())
                    }
                """))
        // Each line is "TIME s TEXT".
        #expect(
            printed.map { $0.split(separator: " ", maxSplits: 2).last.map(String.init) ?? "" } == [
                "0.25 false", "0.4 true", "0.25 false",
            ], "\(printed)")
    }

    /// A `begin()` the turn never commits is named at its line (iOS would show nothing of it).
    @Test func aTransactionLeftOpenIsNamed() throws {
        let (_, diagnostics) = try run(
            """
                @objc func refresh() {
                    CATransaction.begin()
                }
            """)
        #expect(
            diagnostics.contains {
                $0.hasPrefix("RefreshView.swift:19:23: warning: CATransaction.begin() without a commit()")
            }, "\(diagnostics)")
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
