import RefreshFramesCore
import RefreshFramesSwiftCode
import RefreshFramesSwiftProgram
import Testing

/// A bar the code places with constraints, written for these tests: 20 × 4 at the control's leading
/// edge, with `extra` in the activated list (line 13).
func barView(_ extra: String) -> String {
    """
    import UIKit

    final class Bars: UIView {
        let bar = UIView()

        override init(frame: CGRect) {
            super.init(frame: frame)
            bar.translatesAutoresizingMaskIntoConstraints = false
            addSubview(bar)
            NSLayoutConstraint.activate([
                bar.widthAnchor.constraint(equalToConstant: 20),
                bar.heightAnchor.constraint(equalToConstant: 4),
                bar.leadingAnchor.constraint(equalTo: leadingAnchor),
                \(extra)
            ])
        }

        required init?(coder: NSCoder) { fatalError() }

        func beginRefreshing() {}
        func endRefreshing() {}
    }
    """
}

@Suite struct CodeLayoutErrorTests {
    func error(_ extra: String) throws -> String? {
        do {
            _ = try swiftTimeline(try spec(stackViewsSpec), try decode(barView(extra), file: "Bars.swift"))
            return nil
        } catch let error as CodeDiagnostic {
            return error.description
        }
    }

    /// With a top, the bar is placed: no error.
    @Test func aLayoutTheConstraintsFixPlays() throws {
        #expect(try error("bar.topAnchor.constraint(equalTo: topAnchor, constant: 8),") == nil)
    }

    /// Nothing places the bar vertically: UIKit would put it at one of the places its constraints
    /// allow, logging nothing; here it is an error at the line that made it (4:15), the bar named so.
    @Test func anAmbiguousLayoutIsNamedAtTheLineThatMadeTheView() throws {
        #expect(
            try error("")
                == "Bars.swift:4:15: error: the code's constraints: UIView() (Bars.swift:4:15) has an ambiguous vertical position; constrain its top, centerY or bottom"
        )
    }

    /// Two required widths: UIKit would break one of them and log it; here the one that cannot hold
    /// is the error, at its `constraint(` (line 14, after 12 spaces and the 46 characters of the top
    /// constraint and `bar.widthAnchor.`: column 75), naming the one it conflicts with (line 11,
    /// column 13 + 16 = 29), the bar named as the code made it.
    @Test func anUnsatisfiableLayoutIsNamedAtTheConstraintThatCannotHold() throws {
        #expect(
            try error("bar.topAnchor.constraint(equalTo: topAnchor), bar.widthAnchor.constraint(equalToConstant: 30),")
                == "Bars.swift:14:75: error: the code's constraints: conflicts with Bars.swift:11:29 (UIView() (Bars.swift:4:15) width == 30 vs UIView() (Bars.swift:4:15) width == 20)"
        )
    }
}
