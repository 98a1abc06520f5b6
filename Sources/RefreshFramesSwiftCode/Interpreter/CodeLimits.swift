/// The limits on what a team's Swift code may ask of the interpreter, so that CI on untrusted code
/// stays bounded in time and memory. Hitting one stops the run with a message naming it, as
/// `Limits` does for specs (`… over the limit codeSteps = 5 000 000`).
package struct CodeLimits: Sendable, Equatable {
    /// One Swift file.
    package static let sourceBytes = 1 << 20
    /// Nesting of declarations, statements and expressions in the parse.
    package static let nesting = 200

    /// Statements and expressions evaluated in one run.
    package var steps = 5_000_000
    /// Steps in one callback (an event of the run loop, a call from the host) before the code is taken
    /// to loop without yielding.
    package var stepsPerEvent = 1_000_000
    /// Calls inside calls (interpreted functions, closures, initializers).
    package var callDepth = 100
    /// Events run (timers firing, completions, dispatched blocks).
    package var events = 100_000
    /// Events waiting at once.
    package var pendingEvents = 10_000
    /// Elements of one array or dictionary, UTF-8 bytes of one string.
    package var collectionCount = 100_000
    /// Arrays, dictionaries, tuples and structs inside one another.
    package var valueNesting = 256
    /// Objects of the program's classes and closures made in one run.
    package var objects = 200_000

    package init() {}

    /// What every run gets.
    package static let standard = CodeLimits()

    /// The table of limits, as docs list them.
    package var table: [(name: String, value: Int, bounds: String)] {
        [
            ("codeSourceBytes", Self.sourceBytes, "bytes of one Swift file"),
            ("codeNesting", Self.nesting, "nesting of declarations, statements and expressions"),
            ("codeSteps", steps, "statements and expressions evaluated in one run"),
            (
                "codeStepsPerEvent", stepsPerEvent,
                "steps in one callback before the code is taken to loop without yielding"
            ),
            ("codeCallDepth", callDepth, "calls inside calls"),
            ("codeEvents", events, "timers fired, completions and dispatched blocks run"),
            ("codePendingEvents", pendingEvents, "timers and callbacks waiting at once"),
            ("codeCollectionCount", collectionCount, "elements of one array or dictionary, bytes of one string"),
            ("codeValueNesting", valueNesting, "arrays, dictionaries, tuples and structs inside one another"),
            ("codeObjects", objects, "objects of the program's classes and closures made in one run"),
        ]
    }

    /// `100 000`: thousands separated by a space, as the limits' messages write them.
    package static func grouped(_ n: Int) -> String {
        var digits = String(n)
        var groups: [String] = []
        while digits.count > 3 {
            groups.insert(String(digits.suffix(3)), at: 0)
            digits.removeLast(3)
        }
        return ([digits] + groups).joined(separator: " ")
    }
}
