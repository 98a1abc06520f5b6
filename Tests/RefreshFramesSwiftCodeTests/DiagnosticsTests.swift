import RefreshFramesSwiftCode
import Testing

/// What the code does outside the supported set is named where it is: a warning when only something
/// whose value nothing uses is skipped, an error when what follows would depend on it.
@Suite struct DiagnosticsTests {
    @Test func aCallOfSomethingNotSupportedIsSkippedWithAWarningWhenNothingUsesItsValue() throws {
        let lines = try run(
            """
            let formatter = NSDateFormatter()
            formatter.dateFormat = "yyyy"
            let table = UITableView()
            table.reloadData()
            let attributes = [NSForegroundColorAttributeName: 1]
            print("still playing")
            """, file: "Refresh.swift")
        #expect(
            lines == [
                "0 s still playing",
                "Refresh.swift:1:17: warning: 'NSDateFormatter(…)' is not supported: skipped",
                "Refresh.swift:3:13: warning: 'UITableView(…)' is not supported: skipped",
                "Refresh.swift:5:19: warning: 'NSForegroundColorAttributeName' is not supported: skipped",
            ])
    }

    @Test func anUnknownValueDecidingWhatHappensIsAnErrorNamingWhereItCameFrom() throws {
        let message = try failure(
            """
            let formatter = NSDateFormatter()
            let label = formatter.stringFromDate(NSDate())
            if label.isEmpty { print("empty") }
            """)
        #expect(
            message
                == "Test.swift:3:10: error: this depends on 'NSDateFormatter(…)' (Test.swift:1:17), which is not supported"
        )
    }

    @Test func aMemberOfAHostSuperclassThatIsNotBoundIsNamedWithItsClass() throws {
        let lines = try run(
            """
            class Spinner: UIRefreshControl {
                var turns = 0
                func begin() {
                    tintColor = UIColor.redColor()
                    beginRefreshing()
                    turns += 1
                    print("turns", turns)
                }
            }
            Spinner().begin()
            """, file: "Spinner.swift")
        #expect(
            lines == [
                "0 s turns 1",
                "Spinner.swift:10:1: warning: UIRefreshControl is not supported: its part of Spinner is skipped",
                "Spinner.swift:4:21: warning: 'UIColor' is not supported: skipped",
                "Spinner.swift:4:9: warning: 'tintColor' of UIRefreshControl is not supported: skipped setting it",
                "Spinner.swift:5:9: warning: 'beginRefreshing(…)' of UIRefreshControl is not supported: skipped",
            ])
    }

    @Test(arguments: [
        ("let xs = [1, 2]\nprint(xs[2])", "Test.swift:2:9: error: index 2 is out of range (the array has 2 elements)"),
        (
            "var n: Int! = nil\nn += 1",
            "Test.swift:2:3: error: unexpectedly found nil in '+' (an optional that is nil, used as a number)"
        ),
        (
            "let big = Int.max\nlet x = big + 1",
            "Test.swift:2:13: error: arithmetic overflow: 9223372036854775807 + 1 does not fit in Int"
        ),
        (
            "let v: [Any] = [1, \"a\"]\nlet n = v[1] as! Int",
            "Test.swift:2:14: error: could not cast a String to Int (UIKit would crash here)"
        ),
        (
            "class Node { var next: Node! }\nlet n = Node()\nprint(n.next.next)",
            "Test.swift:3:14: error: unexpectedly found nil reading 'next' (an implicitly unwrapped optional that is nil)"
        ),
        ("let x = 7 / (3 - 3)", "Test.swift:1:11: error: division by zero"),
        ("func f(a: Int) {}\nf(b: 1)", "Test.swift:2:1: error: no function takes the arguments (b:): f(a:) does not"),
        (
            "class A: NSObject { func go() {} }\nlet t = Timer.scheduledTimer(timeInterval: 1, target: A(), selector: \"missing:\", userInfo: nil, repeats: false)",
            "Test.swift:2:15: error: unrecognized selector 'missing:' sent to A (UIKit would crash here)"
        ),
        (
            "fatalError(\"not implemented\")",
            "Test.swift:1:1: error: fatalError(\"not implemented\"): the app would stop here"
        ),
    ])
    func aMistakeTheAppWouldCrashOnIsAnErrorWhereItHappens(source: String, message: String) throws {
        #expect(try failure(source) == message)
    }

    @Test func aMessageInsideMigratedCodeNamesTheLineAndColumnTheUserWrote() throws {
        let message = try failure(
            """
            var labels = [0, 0]
            for var i = 0; i <= labels.count; ++i {
                labels[i] = i
            }
            """)
        #expect(message == "Test.swift:3:11: error: index 2 is out of range (the array has 2 elements)")
    }
}
