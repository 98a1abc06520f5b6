import Foundation
import RefreshFramesCore
import RefreshFramesRaster

/// The verdict of one check.
package struct CheckOutcome: Sendable, Equatable {
    package var passed: Bool
    /// One line: `0.4% of pixels differ, max Δ 37, tolerance 0.1%`.
    package var message: String
    /// Longer text for reports: exact counts, a unified diff, one line per changed property.
    package var details: String?
    /// For pixel checks that failed: what to write beside the report.
    package var diffImage: Bitmap?
    /// For pixel checks that failed: the bounds of the differing pixels.
    package var changedRegion: PixelRect?

    package init(
        passed: Bool, message: String, details: String? = nil, diffImage: Bitmap? = nil,
        changedRegion: PixelRect? = nil
    ) {
        self.passed = passed
        self.message = message
        self.details = details
        self.diffImage = diffImage
        self.changedRegion = changedRegion
    }
}

/// One kind of golden: how a value is saved (`toData`), loaded (`fromData`) and compared with its
/// golden, as a value holding closures. Built-ins: `.pixels(tolerance:)`, `.lines`, `.states`.
package struct Diffing<Value>: Sendable {
    package var toData: @Sendable (Value) throws -> [UInt8]
    /// Throws a message that says what the file should have been.
    package var fromData: @Sendable ([UInt8]) throws -> Value
    package var compare: @Sendable (_ actual: Value, _ golden: Value) -> CheckOutcome

    package init(
        toData: @escaping @Sendable (Value) throws -> [UInt8], fromData: @escaping @Sendable ([UInt8]) throws -> Value,
        compare: @escaping @Sendable (_ actual: Value, _ golden: Value) -> CheckOutcome
    ) {
        self.toData = toData
        self.fromData = fromData
        self.compare = compare
    }
}

/// A golden file that is not what its kind expects.
struct UnreadableGolden: Error, CustomStringConvertible {
    var description: String
}

extension Diffing where Value == Bitmap {
    /// Truecolor PNGs compared as pixelmatch does; a failing outcome carries the diff image.
    package static func pixels(tolerance: PixelTolerance = .default) -> Diffing {
        Diffing(
            toData: { try PNGCodec.encode($0) },
            fromData: { bytes in
                do {
                    return try PNGCodec.decode(bytes)
                } catch {
                    throw UnreadableGolden(description: "not a readable PNG (\(error))")
                }
            },
            compare: { actual, golden in
                let difference = PixelComparison.compare(actual: actual, golden: golden, tolerance: tolerance)
                return CheckOutcome(
                    passed: difference.passed, message: difference.summary,
                    details: difference.passed ? nil : difference.details,
                    diffImage: difference.passed
                        ? nil : DiffImage.make(actual: actual, golden: golden, difference: difference),
                    changedRegion: difference.passed ? nil : difference.statistics?.bounds)
            })
    }
}

extension Diffing where Value == String {
    /// Line diff of text dumps.
    package static var lines: Diffing {
        Diffing(
            toData: { Array($0.utf8) }, fromData: { String(decoding: $0, as: UTF8.self) },
            compare: { actual, golden in
                let difference = TextComparison.compare(actual: actual, golden: golden)
                return CheckOutcome(
                    passed: difference.passed, message: difference.passed ? "matches" : difference.summary,
                    details: difference.passed ? nil : difference.unifiedDiff)
            })
    }
}

extension Diffing where Value == String {
    /// `.lines` for `timeline.txt`, naming the program step behind the first differing segment
    /// (its JSON path in the spec, with `.duration` when that segment's length changed).
    package static func timeline(_ timeline: Timeline) -> Diffing {
        let lines = Diffing.lines
        return Diffing(
            toData: lines.toData, fromData: lines.fromData,
            compare: { actual, golden in
                var outcome = lines.compare(actual, golden)
                if !outcome.passed, let step = TimelineStep.first(actual: actual, golden: golden, timeline: timeline) {
                    outcome.message += "; first changed segment comes from \(step)"
                }
                return outcome
            })
    }
}

/// Which spec step made the first differing segment of a timeline dump.
enum TimelineStep {
    static func first(actual: String, golden: String, timeline: Timeline) -> String? {
        let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
        let g = golden.split(separator: "\n", omittingEmptySubsequences: false)
        // Segment lines follow `segments:` in both dumps, one per segment in order.
        guard let aHeader = a.firstIndex(of: "segments:"), let gHeader = g.firstIndex(of: "segments:") else {
            return nil
        }
        let aSegments = a[(aHeader + 1)...].filter { !$0.isEmpty }
        let gSegments = g[(gHeader + 1)...].filter { !$0.isEmpty }
        let common = min(aSegments.count, gSegments.count, timeline.segments.count)
        guard
            let index = (0..<common).first(where: { aSegments[$0] != gSegments[$0] }),
            let step = timeline.segments[index].step
        else { return nil }
        func length(_ text: Substring) -> Double {
            let parts = text.split(separator: " ", omittingEmptySubsequences: true)
            guard parts.count > 2, parts[1] == "→", let start = Double(parts[0]), let end = Double(parts[2]) else {
                return 0
            }
            return end - start
        }
        if (length(gSegments[index]) - length(aSegments[index])).magnitude > 1e-9 {
            return step + ".duration"
        }
        return step
    }
}
