import Foundation
import RefreshFramesCore
import Testing

/// A property that draws nothing set to a value the interpreter does not know is one warning, at
/// the value, not two for one line (konkab/Respinner's `autoresizingMask = .FlexibleWidth` was named
/// twice by `state`); set from a variable made on another line it is still named at the set.
@Suite struct WarningsOnceTests {
    @Test func anUnknownValueSetOnADrawsNothingPropertyIsNamedOnce() throws {
        let code = controller(
            """
                @objc func refresh() {
                    square.contentMode = .ScaleAspectFoo
                    let mode = UIViewContentMode.ScaleAspectBar
                    label.contentMode = mode
                }
            """)
        let (_, diagnostics) = try swiftTimeline(try spec(smallSpec), try decode(code))
        let lines = diagnostics.map { $0.split(separator: ":").prefix(2).joined(separator: ":") }
        #expect(lines.filter { $0 == "RefreshView.swift:19" }.count == 1, "\(diagnostics)")
        #expect(lines.filter { $0 == "RefreshView.swift:20" }.count == 1, "\(diagnostics)")
        #expect(lines.filter { $0 == "RefreshView.swift:21" }.count == 1, "\(diagnostics)")
        #expect(diagnostics.count == 3, "\(diagnostics)")
    }
}
