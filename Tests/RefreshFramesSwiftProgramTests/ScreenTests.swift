import RefreshFramesCore
import RefreshFramesSwiftProgram
import Testing

/// `UIScreen.main` is the screen the table view fills: kalvish21/shapelayertest's LoadingView
/// makes itself `UIScreen.main.bounds.width` wide and centres its ring by it.
@Suite struct ScreenTests {
    @Test func theMainScreenIsTheCanvasAtItsScaleInBothSpellings() throws {
        let code = controller(
            """
                @objc func refresh() {
                    let bounds = UIScreen.main.bounds
                    print(bounds.width, bounds.height, UIScreen.main.scale, UIScreen.main.nativeBounds.width)
                    print(UIScreen.mainScreen().bounds.size.width / 2)
                }
            """)
        let (printed, diagnostics) = try playPrinting(code)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        // Each printed line starts with the time it was printed at.
        #expect(printed.count == 2, "\(printed)")
        #expect(printed.first?.hasSuffix(" 200.0 60.0 2.0 400.0") == true, "\(printed)")
        #expect(printed.last?.hasSuffix(" 100.0") == true, "\(printed)")
    }

    @Test func withAHostItIsTheHostsViewport() throws {
        let code = controller(
            """
                @objc func refresh() { print(UIScreen.main.bounds.width, UIScreen.main.bounds.height) }
            """)
        var json = smallSpec
        json.removeLast()  // the closing brace
        json += #", "host": {"viewport": "iPhone SE", "table": {"rows": ["a"]}}}"#
        let printed = try swiftRun(try spec(json), try decode(code)).printed.map(\.description)
        #expect(printed.count == 1 && printed[0].hasSuffix("320.0 568.0"), "\(printed)")
    }

    /// A view controller's view fills the screen by the time `viewDidLoad` runs (a storyboard
    /// scene's is the device's size; UIViewController's own loadView() gives the screen's bounds):
    /// EvilPluto/tableUpdate sizes its refresh view by `view.bounds.width`, which was 0.
    @Test func aViewControllersViewIsTheScreensSizeInViewDidLoad() throws {
        let code = tableController(
            viewDidLoad: """
                print(view.bounds.width, view.bounds.height, view.frame.origin.x, view.frame.origin.y)
                let other = UIViewController()
                print(other.view.frame.size.width)
                """)
        let printed = try swiftRun(try spec(smallSpec), try decode(code)).printed.map(\.text)
        #expect(printed == ["200.0 60.0 0.0 0.0", "200.0"])
    }
}
