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
        let (printed, diagnostics) = try playPrinting(code)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(printed.count == 1 && printed[0].hasSuffix("14"), "\(printed)")
    }
}
