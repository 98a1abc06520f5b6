import Foundation
import RefreshFramesCore
import RefreshFramesSwiftCode
import RefreshFramesSwiftProgram
import Testing

/// The four tutorials' own code (Swift 2, as printed) against the hand-written samples: the
/// labels' states agree at every 60 Hz instant of the hand-written sample, aligned at the first
/// animation when the code starts it on a later callback than the sample's refresh start.
@Suite struct TutorialTests {
    struct Case: CustomStringConvertible, Sendable {
        var name: String
        /// The class to drive, when the code declares several view controllers.
        var className: String?
        /// Where the code's first animation starts after the sample's, by UIKit's rule.
        var offset: Double
        var description: String { name }
    }

    /// rotate-scale and color-dots start their loop in `scrollViewDidEndDecelerating`: the finger
    /// lifts at the deepest pull (0.5 s in both scenarios; color-dots' Swift twin pulls as
    /// rotate-scale, its code needs a pull) and the bounce settles 0.687 s later (research §12.8),
    /// while the samples start it when refreshing begins (0.5 s; color-dots' sample at 0 s, it has
    /// no pull). The marquee starts in the `.valueChanged` action, at the instant the pull reaches
    /// 60 pt, as its sample does; the spinner's title changes there too.
    static let cases = [
        Case(name: "rotate-scale", offset: 0.5 + 0.687 - 0.5),
        Case(name: "color-dots", offset: 0.5 + 0.687 - 0),
        Case(name: "marquee", offset: 0),
        Case(name: "classic-spinner", className: "ViewController", offset: 0),
    ]

    /// The hand-written sample, and its twin in samples/swift/ whose program is the tutorial's code.
    static func timelines(_ c: Case) throws -> (hand: Timeline, code: Timeline, diagnostics: [String]) {
        let hand = try SpecDocument(bytes: try packageFile("samples/\(c.name).json"), now: testNow, measurer: measurer)
        let (code, diagnostics) = try swiftSample("samples/swift/\(c.name).json")
        return (hand.timeline, code, diagnostics)
    }

    @Test(arguments: cases)
    func theTutorialsCodeGivesTheSamplesLabelStatesAtEveryInstant(_ c: Case) throws {
        let (hand, code, _) = try Self.timelines(c)
        let first = code.segments.first { $0.end > $0.start }!.start
        let handFirst = hand.segments.first { $0.end > $0.start }!.start
        #expect(abs((first - handFirst) - c.offset) < 1e-9)
        var differing: [String] = []
        let count = Int((hand.duration * 60).rounded(.down))
        for k in 0..<count {
            let t = Double(k) / 60
            // A nanosecond later, so that `t + offset` rounding down never lands before an instant change.
            if !sameLabelStates(hand.sample(at: t), code.sample(at: t + c.offset + 1e-9)) {
                differing.append(String(format: "%.4f", t))
            }
        }
        #expect(differing == [], "\(differing.count) of \(count) instants differ")
        #expect(count > 100)
    }

    @Test func theTutorialsWarningsNameWhatTheyDoNotDraw() throws {
        let (_, _, diagnostics) = try Self.timelines(Self.cases[0])
        #expect(
            diagnostics == [
                // Named before the run by the pass over every name the code uses.
                "rotate-scale.swift:163:25: warning: 'NSIndexPath' is not supported: skipped",
                "rotate-scale.swift:18:16: warning: the refresh control's backgroundColor #FF0000FF is not drawn: the spec's canvas background #ECF0F1FF is",
                "rotate-scale.swift:163:25: warning: 'NSIndexPath(…)' is not supported: skipped",
                "rotate-scale.swift:169:13: warning: beginUpdates: the table's rows are the spec's \"host\" table: skipped",
                "rotate-scale.swift:170:71: warning: '.Middle' is not supported (no type here has it): skipped",
                "rotate-scale.swift:170:13: warning: insertRowsAtIndexPaths: the table's rows are the spec's \"host\" table: skipped",
                "rotate-scale.swift:171:13: warning: endUpdates: the table's rows are the spec's \"host\" table: skipped",
            ])
    }
}
