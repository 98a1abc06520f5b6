import Foundation
import RefreshFramesCore
import RefreshFramesSwiftProgram
import Testing

/// A computed property of the code's own `extension UIScrollView`, named bare inside another method
/// of that extension (jcavar/refresher's `stopPullToRefresh()` reads `pullToRefreshView` so), is
/// the extension's property, not an unknown name.
@Suite struct HostExtensionTests {
    @Test func aBareNameInAHostExtensionIsItsOwnMember() throws {
        let code =
            controller(
                """
                    @objc func refresh() { print(tableView.doubledMarker()) }
                """)
                + """

                extension UIScrollView {
                    var marker: Int { return 7 }
                    func doubledMarker() -> Int { return marker * 2 }
                }
                """
        var runner = SwiftProgramRunner(module: try decode(code))
        runner.workDurationGiven = true
        var printed: [String] = []
        var diagnostics: [String] = []
        _ = try Timeline.make(spec: try spec(smallSpec), now: testNow, measurer: measurer) { base in
            let result = try runner.run(over: base, now: testNow)
            printed = result.printed.map(\.description)
            diagnostics = result.diagnostics.map(\.description)
            return result.run
        }
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(printed.count == 1 && printed[0].hasSuffix("14"), "\(printed)")
    }
}
