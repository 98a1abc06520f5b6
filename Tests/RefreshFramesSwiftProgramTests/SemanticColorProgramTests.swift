import Foundation
import RefreshFramesCore
import Testing

/// iOS 13's semantic colours in the code (`UIColor.systemBlue`, `.label`, …) resolve for the spec's
/// appearance from the spec's own table, as UIKit resolves a dynamic colour for the trait
/// collection it is drawn in. The expected values are Apple's published ones (the HIG's colour
/// table for the system colours, UIKit's printed values for the element colours), as 8-bit sRGB.
@Suite struct SemanticColorProgramTests {
    /// `smallSpec` in `appearance`, and the run's warnings.
    private func run(_ body: String, _ appearance: String) throws -> (Timeline, [String]) {
        let json = smallSpec.replacingOccurrences(
            of: "\"canvas\":", with: "\"appearance\": \"\(appearance)\", \"canvas\":")
        let (timeline, diagnostics) = try swiftTimeline(
            try spec(json), try decode(controller(body)), workDurationGiven: true)
        return (timeline, diagnostics.filter { !$0.contains("is added to its superview at 0.4 s") })
    }

    typealias Case = (appearance: String, blue: String, red: String, gray6: String, label: String, secondary: String)

    static let cases: [Case] = [
        ("light", "#007AFFFF", "#FF3B30FF", "#F2F2F7FF", "#000000FF", "#3C3C4399"),
        ("dark", "#0A84FFFF", "#FF453AFF", "#1C1C1EFF", "#FFFFFFFF", "#EBEBF599"),
    ]

    /// Both spellings: `UIColor.systemBlue` and `.systemRed` where a UIColor is expected (a
    /// property's type, an argument's).
    @Test(arguments: 0..<cases.count)
    func semanticColoursResolveForTheSpecsAppearance(k: Int) throws {
        let c = Self.cases[k]
        let (timeline, diagnostics) = try run(
            """
                @objc func refresh() {
                    square.backgroundColor = UIColor.systemBlue
                    label.textColor = .systemRed
                    UIView.animate(withDuration: 0.2) { self.square.backgroundColor = .systemGray6 }
                }
            """, c.appearance)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        // The refresh begins at 0.4 s: the blue at once, then the block to gray 6 by 0.6 s.
        #expect(state(timeline, 2, at: 0.4).backgroundColor.hexString == c.blue)
        #expect(state(timeline, 1, at: 0.4).textColor.hexString == c.red)
        #expect(state(timeline, 2, at: 0.7).backgroundColor.hexString == c.gray6)
    }

    @Test(arguments: 0..<cases.count)
    func elementColoursReadBackAsUIKitGivesThem(k: Int) throws {
        let c = Self.cases[k]
        let (timeline, _) = try run(
            """
                @objc func refresh() {
                    label.textColor = primary()
                    square.backgroundColor = UIColor.secondaryLabel
                }
                func primary() -> UIColor { return .label }
            """, c.appearance)
        #expect(state(timeline, 1, at: 0.5).textColor.hexString == c.label)
        #expect(state(timeline, 2, at: 0.5).backgroundColor.hexString == c.secondary)
    }

    /// `tintColor` reads as UIKit's does: the view's own, else its superview's, else the system blue.
    @Test(arguments: 0..<cases.count)
    func tintColorIsInheritedAndDefaultsToTheSystemBlue(k: Int) throws {
        let c = Self.cases[k]
        let (timeline, diagnostics) = try run(
            """
                @objc func refresh() {
                    square.backgroundColor = square.tintColor
                    let inner = UIView(frame: CGRect(x: 0, y: 0, width: 4, height: 4))
                    square.addSubview(inner)
                    square.tintColor = .systemRed
                    inner.backgroundColor = inner.tintColor
                }
            """, c.appearance)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(state(timeline, 2, at: 0.5).backgroundColor.hexString == c.blue)
        #expect(state(timeline, 3, at: 0.5).backgroundColor.hexString == c.red)
    }

    @Test func aSemanticNameTheTableLacksIsNamed() throws {
        var said: [String] = []
        do {
            said = try run(
                """
                    @objc func refresh() {
                        square.backgroundColor = UIColor.systemBlu
                    }
                """, "light"
            ).1
        } catch {
            said = ["\(error)"]
        }
        #expect(said.contains { $0.contains("RefreshView.swift:19:") && $0.contains("systemBlu") }, "\(said)")
    }
}
