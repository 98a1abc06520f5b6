import Foundation
import Testing

/// A spec whose program is the team's Swift code, end to end: `state`, `check` against goldens
/// recorded from it, and the code's warnings and errors at their lines.
struct SwiftProgramCommandTests {
    /// samples/swift/marquee.json and its code, copied where the test may change the code.
    func marquee() throws -> String {
        let dir = try temporaryDirectory()
        for file in ["marquee.json", "marquee.swift"] {
            try FileManager.default.copyItem(
                atPath: repositoryRoot.appendingPathComponent("samples/swift/" + file).path, toPath: dir + "/" + file)
        }
        return dir
    }

    @Test func stateOfTheCodeIsTheHandWrittenSamplesAndTheWarningsNameTheirLines() throws {
        let dir = try marquee()
        let code = try run(["state", "marquee.json", "--at", "1"], in: dir)
        let hand = try run(["state", "samples/marquee.json", "--at", "1"], in: repositoryRoot.path)
        #expect(code.status == 0)
        #expect(code.stdout == hand.stdout)
        #expect(
            code.stderr == """
                marquee.swift:160:24: warning: 'UITableViewCell' is not supported: skipped
                marquee.swift:160:47: warning: 'UITableViewCellStyle' is not supported: skipped
                marquee.swift:145:28: warning: reloadData: the table's rows are the spec's "host" table: skipped

                """)
    }

    /// The code fades the nib's root view with the pull (`customView.alpha = -offset / 60`): the
    /// whole control's alpha, as the hand-written sample's `contentAlphaFollowsPull: 60` says.
    @Test(arguments: ["0.1", "0.3", "3.7"])
    func theCodesFadeOfItsNibIsTheWholeControlsAlpha(_ at: String) throws {
        let dir = try marquee()
        let code = try run(["state", "marquee.json", "--at", at], in: dir)
        let hand = try run(["state", "samples/marquee.json", "--at", at], in: repositoryRoot.path)
        #expect(code.status == 0)
        #expect(!hand.stdout.contains("\"contentAlpha\": 1.0"))
        #expect(code.stdout == hand.stdout)
    }

    /// classic-spinner.swift sets label 2's text when refreshing begins and never calls
    /// layoutIfNeeded(): UIKit lays the label out at the end of that run-loop turn, as the JSON twin
    /// does at the phase change. Its width is the text's in WenQuanYi Micro Hei 13 (FreeType through
    /// Pillow: 239.28 pt), rounded up to the 2× canvas's pixels: 239.5; centred in 375: x 68.
    @Test(arguments: ["1.5", "2.5"])
    func aLabelsNewTextIsLaidOutAtTheEndOfItsTurn(_ at: String) throws {
        func label2(_ spec: String) throws -> String? {
            let result = try run(["state", spec, "--at", at], in: repositoryRoot.path)
            #expect(result.status == 0)
            return result.stdout.split(separator: "\n").first { $0.contains("\"tag\": 2,") }.map(String.init)
        }
        let code = try label2("samples/swift/classic-spinner.json")
        #expect(code == (try label2("samples/classic-spinner.json")))
        #expect(code?.contains("\"frame\": [68.0, 57.0, 239.5, 15.5]") == true, "\(code ?? "no label 2")")
    }

    @Test func aGoldenFailsWhenTheCodeChangesAndSaysWhichCode() throws {
        let dir = try marquee()
        let recorded = try run(["record", "marquee.json", "--golden", "g", "--kind", "semantic"], in: dir)
        #expect(recorded.status == 0)
        #expect(try run(["check", "marquee.json", "--golden", "g", "--kind", "semantic"], in: dir).status == 0)
        let source = dir + "/marquee.swift"
        let text = try String(contentsOfFile: source, encoding: .utf8)
        try Data(text.replacingOccurrences(of: "animateWithDuration(0.15", with: "animateWithDuration(0.2").utf8)
            .write(to: URL(fileURLWithPath: source))
        let changed = try run(["check", "marquee.json", "--golden", "g", "--kind", "semantic"], in: dir)
        #expect(changed.status == 1)
        #expect(changed.stdout.contains("+   0.480 →   0.680  tag 1  transform        identity → scale(1.5)  linear"))
        #expect(
            changed.stdout.contains(
                "marquee.json: its program is the Swift code in marquee.swift: a change there changes these frames\n"))
        // The goldens recorded the code's lines: the changed one is named first, in its own words.
        #expect(
            changed.stdout.hasPrefix(
                """
                what changed in the spec since the goldens were recorded:
                  marquee.swift:99: "UIView.animateWithDuration(0.15, delay: 0.0," → "UIView.animateWithDuration(0.2, delay: 0.0,"
                its effect:

                """), "\(changed.stdout)")
        let manifest = try String(contentsOfFile: dir + "/g/manifest.json", encoding: .utf8)
        #expect(manifest.contains(",\n  \"swift\": [\n    {\n      \"file\": \"marquee.swift\",\n      \"hash\": \""))
        // Accepted, the set records the new code and passes.
        let accepted = try run(
            ["check", "marquee.json", "--golden", "g", "--kind", "semantic", "--record", "failed"], in: dir)
        #expect(accepted.status == 0, "\(accepted.stdout)")
        #expect(try run(["check", "marquee.json", "--golden", "g", "--kind", "semantic"], in: dir).status == 0)
    }

    @Test func anErrorInTheCodeIsItsLineAndExitsTwo() throws {
        let dir = try marquee()
        let source = dir + "/marquee.swift"
        let text = try String(contentsOfFile: source, encoding: .utf8)
        try Data(
            text.replacingOccurrences(
                of: "CGAffineTransformMakeScale(1.5, 1.5)", with: "CGAffineTransformMakeScale(1.5)"
            ).utf8
        )
        .write(to: URL(fileURLWithPath: source))
        let r = try run(["state", "marquee.json", "--at", "1"], in: dir)
        #expect(r.status == 2)
        #expect(r.stdout.isEmpty)
        #expect(
            r.stderr.hasSuffix(
                "marquee.swift:103:17: error: no function takes the arguments (_:): CGAffineTransformMakeScale(_:_:) does not\n"
            ))
    }
}
