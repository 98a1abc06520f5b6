import Foundation
import RefreshFramesCore
import Testing

/// Inputs that once crashed, hung or ate memory, found by `scripts/fuzz` or by reading the code
/// with it in mind. Each must now end quickly in a thrown diagnostic, never a trap.
///
/// The libFuzzer runs (several million executions, see the commit log) have found no crasher in
/// the decoder, solver or timeline; the cases below came from review and stay as regression tests.
struct FuzzRegressionTests {
    /// Decodes and builds the timeline as the fuzz target does; returns the first problem as text.
    private func problem(_ json: String) -> String? {
        do {
            let spec = try Spec.decode(Array(json.utf8))
            _ = try Timeline.make(spec: spec, now: 0, measurer: emMeasurer)
            return nil
        } catch let error as SpecDiagnostic {
            return error.formatted(file: "spec.json")
        } catch let error as SceneError {
            return "\(error.path): \(error.message)"
        } catch {
            return "\(error)"
        }
    }

    @Test func aCycleOfInstantChangesNoLongerSpinsUntilTheBlockLimit() {
        // Only textColor on a label: every block completes at once, so time never advanced and the
        // runner spun through 100000 blocks (and as many segments) before giving up.
        let program = #"{"cycle": [{"animate": {"views": "all", "duration": 0.5, "set": {"textColor": "red"}}}]}"#
        #expect(
            problem(minimalSpec(program: program))?.hasPrefix(
                "spec.json: error: program.cycle: the loop never advances") == true)
    }

    @Test func aProgramThatAnimatesEveryViewTooOftenHitsTheSegmentLimit() {
        // 256 views × 0.01 s steps × 600 s of refreshing: about 15 million segments, several GB.
        let views = "[" + (1...256).map { #"{"tag": \#($0), "kind": "view"}"# }.joined(separator: ", ") + "]"
        let constraints =
            "["
            + (1...256).flatMap {
                [
                    "\"\($0).width == 1\"", "\"\($0).height == 1\"", "\"\($0).left == superview.left\"",
                    "\"\($0).top == superview.top\"",
                ]
            }.joined(separator: ", ") + "]"
        let program = #"{"cycle": [{"animate": {"views": "all", "duration": 0.01, "set": {"alpha": 0.5}}}]}"#
        let json = minimalSpec(
            views: views, constraints: constraints, program: program,
            scenario: #"{"refreshAt": 0, "workDuration": 599}"#)
        #expect(problem(json)?.contains("over the limit animationSegments = 250000") == true)
    }

    @Test func aLoopThatStopsFarInTheFutureIsRefusedBeforeAnyFrameTimesAreMade() throws {
        // refreshAt 600 + workDuration 600 + a 600 s step: the timeline lasted ~1800 s, and
        // frameTimes(fps:) allocated an array for all of it before the frame limit was checked.
        let program = #"{"cycle": [{"animate": {"views": "all", "duration": 600, "set": {"alpha": 0.5}}}]}"#
        let json = minimalSpec(program: program, scenario: #"{"refreshAt": 600, "workDuration": 600}"#)
        #expect(problem(json)?.contains("over the limit totalDuration = 600 s") == true)
    }

    /// formatNumber printed 1e300 as 301 digits and a trailing '.'.
    @Test(arguments: [("1e300", "1e+300"), ("-1e300", "-1e+300"), ("1e20", "1e+20")])
    func hugeNumbersAreShortInMessages(literal: String, shown: String) {
        let json = minimalSpec(
            constraints:
                #"["1.centerX == superview.centerX", {"item": 1, "attribute": "centerY", "toItem": "superview", "constant": \#(literal)}]"#
        )
        let message = decodeError(json)?.message
        #expect(message == "expected a number from -100000 to 100000, got \(shown)")
    }

    @Test func aMisspeltRequiredKeyIsReportedAsTheTypo() {
        let json = minimalSpec(scenario: #"{"refreshAt": 0, "workDuraton": 1}"#)
        #expect(decodeError(json)?.path == "scenario.workDuraton")
        #expect(
            decodeError(json)?.message
                == "unknown key 'workDuraton'; did you mean 'workDuration'? ('workDuration' is required)")
    }

    @Test func deepNestingIsALimitNotAStackOverflow() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(decodeError(deep)?.message == "nesting deeper than the limit jsonDepth = 64")
    }

    @Test func everySampleSurvivesTheFuzzTargetsPipeline() throws {
        for name in ["rotate-scale", "color-dots", "marquee", "classic-spinner"] {
            #expect(problem(String(decoding: try sampleBytes(name), as: UTF8.self)) == nil)
        }
    }
}
