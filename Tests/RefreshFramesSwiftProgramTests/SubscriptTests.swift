import Foundation
import RefreshFramesCore
import RefreshFramesSwiftCode
import RefreshFramesSwiftProgram
import Testing

/// The code's own subscripts: the `safe:` subscript apps add to `Array` (MediaMonks' refresh view
/// reads `labels[safe: currentLabelIndex]` in a `guard`), a struct's two-index subscript, and a
/// labelled subscript the code never declares, which must not be read as the array's own (dropping
/// the label would turn "nil past the end" into an index out of range, or a wrong element).
@Suite struct SubscriptTests {
    @Test func anArrayExtensionsSafeSubscriptReturnsNilPastTheEnds() throws {
        // Worked out by hand: [10, 20, 30] has indices 0..<3, so [safe: 1] is 20 and 3 and -1 are nil.
        let code =
            controller(
                """
                    @objc func refresh() {
                        let xs = [10, 20, 30]
                        print(xs[safe: 1] ?? -1, xs[safe: 3] ?? -1, xs[safe: -1] ?? -1, xs[2])
                    }
                """)
                + """

                extension Array {
                    subscript(safe index: Int) -> Element? {
                        return indices.contains(index) ? self[index] : nil
                    }
                }
                """
        let (printed, diagnostics) = try playPrinting(code)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(printed.count == 1 && printed[0].hasSuffix("20 -1 -1 30"), "\(printed)")
    }

    @Test func aStructsSubscriptsReadThroughTheirGetters() throws {
        // cells laid out row by row, width 2: (1, 0) is cells[2] = 3, (row: 1, column: 1) cells[3] = 4.
        let code =
            controller(
                """
                    @objc func refresh() {
                        let grid = Grid()
                        print(grid[1, 0], grid[row: 1, column: 1])
                    }
                """)
                + """

                struct Grid {
                    var cells = [1, 2, 3, 4]
                    let width = 2
                    subscript(row: Int, column: Int) -> Int {
                        return cells[row * width + column]
                    }
                    subscript(row row: Int, column column: Int) -> Int {
                        get { cells[row * width + column] }
                    }
                }
                """
        let (printed, diagnostics) = try playPrinting(code)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(printed.count == 1 && printed[0].hasSuffix("3 4"), "\(printed)")
    }

    @Test func aLabelNoSubscriptTakesIsAnErrorNotTheArraysOwnSubscript() throws {
        let code = controller(
            """
                @objc func refresh() {
                    let xs = [10, 20, 30]
                    print(xs[safe: 1] ?? -1)
                }
            """)
        #expect {
            _ = try playPrinting(code)
        } throws: { error in
            "\(error)".contains("RefreshView.swift:20:17: error: no subscript of an array takes the arguments [safe:]")
        }
    }

    @Test func aSubscriptsSetterIsNamed() throws {
        let code =
            controller(
                """
                    @objc func refresh() {}
                """)
                + """

                struct Box {
                    var xs = [0]
                    subscript(i: Int) -> Int {
                        get { xs[i] }
                        set { xs[i] = newValue }
                    }
                }
                """
        let diagnostics = try decode(code).diagnostics.map(\.description)
        #expect(
            diagnostics == [
                "RefreshView.swift:24:9: warning: a subscript's 'set' is not supported: assigning through this subscript stops the code"
            ])
    }

    /// `extension UIView { func pin(_:) }` called bare from a `UIView` subclass's initializer, as
    /// MediaMonks' refresh view calls its app's `constrainToEdges(stackView)`: the subview is pinned
    /// to the 100 × 40 view it is added to (it was skipped, leaving the subview 0 × 0).
    @Test func aHostExtensionsMethodIsCalledBareFromASubclass() throws {
        let code =
            controller(
                """
                    @objc func refresh() {
                        let box = Boxed(frame: CGRect(x: 0, y: 0, width: 100, height: 40))
                        control.addSubview(box)
                        box.layoutIfNeeded()
                        print(box.inner.frame.width, box.inner.frame.height, box.doubled)
                    }
                """)
                + """

                final class Boxed: UIView {
                    let inner = UIView()
                    override init(frame: CGRect) {
                        super.init(frame: frame)
                        addSubview(inner)
                        pin(inner)
                    }
                    required init?(coder: NSCoder) { fatalError() }
                }

                extension UIView {
                    var doubled: CGFloat { return bounds.width * 2 }
                    func pin(_ view: UIView) {
                        view.translatesAutoresizingMaskIntoConstraints = false
                        NSLayoutConstraint.activate([
                            view.leadingAnchor.constraint(equalTo: leadingAnchor),
                            view.trailingAnchor.constraint(equalTo: trailingAnchor),
                            view.topAnchor.constraint(equalTo: topAnchor),
                            view.bottomAnchor.constraint(equalTo: bottomAnchor),
                        ])
                    }
                }
                """
        let (printed, diagnostics) = try playPrinting(code)
        #expect(!diagnostics.contains { $0.contains("not supported") }, "\(diagnostics)")
        #expect(printed.count == 1 && printed[0].hasSuffix("100.0 40.0 200.0"), "\(printed)")
    }
}
