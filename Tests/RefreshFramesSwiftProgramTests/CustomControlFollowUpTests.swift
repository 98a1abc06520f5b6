import Foundation
import RefreshFramesCore
import RefreshFramesSwiftCode
import RefreshFramesSwiftProgram
import Testing

/// What a control of the code's own is told and given: the error when its refresh never begins
/// names both ways one begins, and a `UIRefreshControl` subclass is laid out once installed.
@Suite struct CustomControlFollowUpTests {
    /// A `UIControl` added to the table view that never sends `.valueChanged`: the error names the
    /// stored flag it has (`isLoading`), or the four it could have.
    @Test(arguments: [
        ("", "it has no stored 'refreshing', 'isRefreshing', 'loading' or 'isLoading' that turns true"),
        ("var isLoading = false", "its 'isLoading' never turned true"),
    ])
    func theNeverBeganErrorNamesTheStoredFlagRoute(_ member: String, _ says: String) throws {
        let code = """
            import UIKit

            class Spin: UIControl {
                \(member)
            }

            class ViewController: UIViewController {
                @IBOutlet weak var tableView: UITableView!
                override func viewDidLoad() {
                    super.viewDidLoad()
                    tableView.addSubview(Spin(frame: CGRect(x: 0, y: -60, width: 200, height: 60)))
                }
            }
            """
        let error = try #require(throws: CodeDiagnostic.self) {
            _ = try swiftTimeline(try spec(smallSpec), try decode(code))
        }
        #expect(
            error.description.contains(
                "the refresh never began: Spin() never sent .valueChanged (sendActions(for:)) as the scenario pulled, and \(says)"
            ), "\(error)")
    }

    /// A `UIRefreshControl` subclass that sets itself up in `layoutSubviews()` and is installed
    /// through `tableView.refreshControl =` (no subview added to it) is laid out at the end of
    /// `viewDidLoad`'s turn, as `addSubview` would have it.
    @Test func aRefreshControlInstalledByRefreshControlIsLaidOut() throws {
        let code = """
            import UIKit

            class SetsItselfUp: UIRefreshControl {
                var passes = 0
                override func layoutSubviews() {
                    super.layoutSubviews()
                    passes += 1
                    print("layoutSubviews", passes)
                }
            }

            class ViewController: UIViewController {
                @IBOutlet weak var tableView: UITableView!
                let control = SetsItselfUp()
                override func viewDidLoad() {
                    super.viewDidLoad()
                    control.addTarget(self, action: #selector(refresh), for: .valueChanged)
                    tableView.refreshControl = control
                }
                @objc func refresh() {}
            }
            """
        let (printed, diagnostics) = try playPrinting(code)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(printed.first?.hasSuffix("layoutSubviews 1") == true, "\(printed)")
    }
}
