import RefreshFramesCore

/// The verdict of one check.
public struct CheckOutcome: Sendable, Equatable {
    public var passed: Bool
    /// One line: `0.4% of pixels differ, max Δ 37, tolerance 0.1%`.
    public var message: String
    /// Longer text for reports: exact counts, a unified diff, one line per changed property.
    public var details: String?
    /// For pixel checks that failed: what to write beside the report.
    public var diffImage: Bitmap?

    public init(passed: Bool, message: String, details: String? = nil, diffImage: Bitmap? = nil) {
        self.passed = passed
        self.message = message
        self.details = details
        self.diffImage = diffImage
    }
}

/// A way to compare an actual value with its golden: a value holding a closure, with built-ins
/// `.pixels(tolerance:)`, `.lines` and `.labels(tolerance:)`.
public struct Diffing<Value>: Sendable {
    public var compare: @Sendable (_ actual: Value, _ golden: Value) -> CheckOutcome

    public init(compare: @escaping @Sendable (_ actual: Value, _ golden: Value) -> CheckOutcome) {
        self.compare = compare
    }
}

extension Diffing where Value == Bitmap {
    /// pixelmatch-style comparison; a failing outcome carries the diff image.
    public static func pixels(tolerance: PixelTolerance = .default) -> Diffing {
        Diffing { actual, golden in
            let difference = PixelComparison.compare(actual: actual, golden: golden, tolerance: tolerance)
            return CheckOutcome(
                passed: difference.passed, message: difference.summary, details: difference.details,
                diffImage: difference.passed
                    ? nil : DiffImage.make(actual: actual, golden: golden, difference: difference))
        }
    }
}

extension Diffing where Value == String {
    /// Line diff of text dumps.
    public static var lines: Diffing {
        Diffing { actual, golden in
            let difference = TextComparison.compare(actual: actual, golden: golden)
            return CheckOutcome(
                passed: difference.passed, message: difference.summary,
                details: difference.passed ? nil : difference.unifiedDiff)
        }
    }
}

extension Diffing where Value == [LabelSample] {
    /// Property-by-property comparison of `state` dumps.
    public static func labels(tolerance: Double = LabelComparison.defaultTolerance) -> Diffing {
        Diffing { actual, golden in
            let messages = LabelComparison.compare(actual: actual, golden: golden, tolerance: tolerance)
            guard let first = messages.first else { return CheckOutcome(passed: true, message: "identical") }
            let more = messages.count > 1 ? " (and \(messages.count - 1) more)" : ""
            return CheckOutcome(passed: false, message: first + more, details: messages.joined(separator: "\n"))
        }
    }
}
