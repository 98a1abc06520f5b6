import Foundation
import Testing

@testable import RefreshFramesCore

struct SpecDecodingTests {
    @Test(arguments: ["rotate-scale", "color-dots", "marquee", "classic-spinner"])
    func everySampleDecodes(name: String) throws {
        let spec = try Spec.decode(try sampleBytes(name))
        #expect(spec.description?.isEmpty == false)
        #expect(!spec.views.isEmpty)
    }

    @Test func theRotateScaleSampleIsReadAsWritten() throws {
        let spec = try Spec.decode(try sampleBytes("rotate-scale"))
        #expect(spec.views.map(\.tag) == [1, 2, 3, 4, 5, 6, 7])
        #expect(spec.views[0].texts[.idle] == "我")
        #expect(spec.palette.first == RGBA(red: 1, green: 0, blue: 1))
        #expect(spec.program?.check == .afterCycle)
        #expect(spec.scenario.workDuration == 4)
        let c = spec.constraints[1]
        #expect(
            c.item == .view(tag: 3) && c.attribute == .trailing && c.toItem == .view(tag: 4)
                && c.toAttribute == .leading && c.constant == -10)
    }

    @Test(arguments: [
        (
            minimalSpec(extra: "\"pallete\": [\"red\"],\n"), "pallete", "5:1",
            "unknown key 'pallete'; did you mean 'palette'?"
        ),
        (
            minimalSpec(views: #"[{"tag": "1", "text": "我"}]"#), "views[0].tag", "3:19",
            "expected an integer, got a string"
        ),
        (minimalSpec(views: #"[{"tag": 1.5}]"#), "views[0].tag", "3:19", "expected an integer, got 1.5"),
        (
            minimalSpec(views: #"[{"tag": 1, "text": "我"}, {"tag": 1}]"#), "views[1].tag", "3:36",
            "duplicate tag 1 (also used by views[0])"
        ),
        (
            minimalSpec(views: #"[{"tag": 1, "txet": "我"}]"#), "views[0].txet", "3:22",
            "unknown key 'txet'; did you mean 'text'?"
        ),
        (
            minimalSpec(views: #"[{"tag": 1, "textColor": "magneta"}]"#), "views[0].textColor", "3:35",
            "'magneta' is not a colour; expected #RRGGBB, #RRGGBBAA, a UIKit name (red, magenta, clear…) or a semantic colour (label, systemBlue…); did you mean 'magenta'?"
        ),
        (minimalSpec(views: "[]"), "views", "3:10", "expected at least one view"),
        (
            minimalSpec(constraints: #"["1.centerX == 9.centerX"]"#), "constraints[0]", "4:17",
            "no view with tag 9 (in '1.centerX == 9.centerX')"
        ),
        (
            minimalSpec(constraints: #"["1.centreX == superview.centerX"]"#), "constraints[0]", "4:17",
            "'centreX' in '1.centreX == superview.centerX' is not a layout attribute; did you mean 'centerX'?"
        ),
        (
            minimalSpec(constraints: #"[{"item": 1, "attribute": "width", "toItem": 7}]"#), "constraints[0].toItem",
            "4:61", "no view with tag 7"
        ),
        (
            minimalSpec(constraints: #"["1.width = 20"]"#), "constraints[0]", "4:17",
            "'1.width = 20' has no relation; expected \(ConstraintShorthand.grammar)"
        ),
        (
            minimalSpec(scenario: #"{"refreshAt": 0, "workDuration": -1}"#), "scenario.workDuration", "5:46",
            "expected a number from 0 to 600, got -1"
        ),
        (
            minimalSpec(scenario: #"{"refreshAt": 0, "workDuration": 1e6}"#), "scenario.workDuration", "5:46",
            "1000000 is over the limit scenarioDuration = 600"
        ),
        (
            minimalSpec(scenario: #"{"workDuration": 1}"#), "scenario", "5:13",
            "missing 'refreshAt' (seconds) or 'refreshAtPull' (points)"
        ),
        (
            minimalSpec(scenario: #"{"refreshAtPull": 60, "pull": [[0, 0], [1, 40]], "workDuration": 1}"#),
            "scenario.refreshAtPull", "5:31", "the pull never reaches 60 points, so refreshing would never begin"
        ),
        (
            minimalSpec(scenario: #"{"refreshAt": 0, "pull": [[1, 0], [0.5, 40]], "workDuration": 1}"#),
            "scenario.pull[1][0]", "5:48", "keyframe times must increase; 0.5 follows 1"
        ),
        (
            minimalSpec(program: #"{"cycle": [{"animate": {"views": "all", "duration": 0, "set": {"alpha": 0.5}}}]}"#),
            "program.cycle", "6:22", "the cycle takes no time, so the loop would never advance; give a step a duration"
        ),
        (
            minimalSpec(program: #"{"cycle": [{"animate": {"duration": 1, "set": {"alpha": 0.5}}}]}"#),
            "program.cycle[0].animate", "6:35",
            "missing required key 'views' (outside an 'each', say which views: \"all\" or a list of tags)"
        ),
        (
            minimalSpec(program: #"{"cycle": [{"animte": {}}]}"#), "program.cycle[0].animte", "6:24",
            "unknown step 'animte'; did you mean 'animate'?"
        ),
        (
            minimalSpec(
                program:
                    #"{"cycle": [{"animate": {"views": "all", "duration": 1, "curve": "easeInOt", "set": {"alpha": 0.5}}}]}"#
            ), "program.cycle[0].animate.curve", "6:76", "'easeInOt' is not a curve; did you mean 'easeInOut'?"
        ),
        (
            minimalSpec(program: #"{"cycle": [{"animate": {"views": [1, 4], "duration": 1, "set": {"alpha": 0.5}}}]}"#),
            "program.cycle[0].animate.views", "6:45", "no view with tag 4"
        ),
        (
            minimalSpec(
                program:
                    #"{"check": "afterEachView", "cycle": [{"animate": {"views": "all", "duration": 1, "set": {"alpha": 0.5}}}]}"#
            ), "program.cycle", "6:48", "with \"check\": \"afterEachView\" the cycle must be a single 'each' step"
        ),
        (
            minimalSpec(program: #"{"cycle": [{"animate": {"views": "all", "duration": 1, "set": {}}}]}"#),
            "program.cycle[0].animate.set", "6:74",
            "expected at least one of transform, alpha, backgroundColor, textColor, image, hidden, center, bounds, anchorPoint, cornerRadius, borderWidth, borderColor, shadowOpacity, shadowOffset, shadowRadius, shadowColor, highlighted, selected, enabled, shadowPath"
        ),
        (minimalSpec(extra: "\"canvas2\": 1,\n"), "canvas2", "5:1", "unknown key 'canvas2'; did you mean 'canvas'?"),
        ("[1, 2]", "", "1:1", "expected a spec object with 'canvas', 'views' and 'scenario', got an array"),
    ])
    func diagnosticsNameThePathAndWhatWasExpected(json: String, path: String, location: String, message: String) {
        let error = decodeError(json)
        #expect(error?.path == path)
        #expect(error?.location?.description == location)
        #expect(error?.message == message)
    }

    @Test func paletteNextNeedsAPalette() {
        let json = minimalSpec(
            program: #"{"cycle": [{"animate": {"views": "all", "duration": 1, "set": {"textColor": "palette.next"}}}]}"#
        )
        .replacingOccurrences(of: "\"palette\": [\"red\", \"blue\"],\n", with: "")
        #expect(decodeError(json)?.message == "the program asks for 'palette.next' but the spec has no palette")
    }

    @Test func diagnosticsPrintAsOneLine() {
        let d = SpecDiagnostic(
            path: "views[2].tag", location: SourceLocation(line: 12, column: 7),
            message: "expected an integer, got a string")
        #expect(
            d.formatted(file: "samples/x.json")
                == "samples/x.json:12:7: error: views[2].tag: expected an integer, got a string")
    }

    @Test(arguments: [
        (
            "3.centerX == superview.centerX - 19", LayoutItem.view(tag: 3), LayoutAttribute.centerX,
            LayoutItem?.some(.superview), -19.0, 1.0, 1000.0
        ),
        ("2.trailing == 3.leading - 10 @750", .view(tag: 2), .trailing, .view(tag: 3), -10, 1, 750),
        ("1.width == 20", .view(tag: 1), .width, nil, 20, 1, 1000),
        ("1.width == -20", .view(tag: 1), .width, nil, -20, 1, 1000),
        ("4.width == 0.5 * 3.width + 2", .view(tag: 4), .width, .view(tag: 3), 2, 0.5, 1000),
    ])
    func constraintShorthand(
        text: String, item: LayoutItem, attribute: LayoutAttribute, toItem: LayoutItem?, constant: Double,
        multiplier: Double, priority: Double
    ) throws {
        let c = try ConstraintShorthand.parse(
            text, path: "c", location: SourceLocation(line: 1, column: 1), tags: [1, 2, 3, 4])
        #expect(c.item == item)
        #expect(c.attribute == attribute)
        #expect(c.toItem == toItem)
        #expect(c.constant == constant)
        #expect(c.multiplier == multiplier)
        #expect(c.priority == priority)
    }
}
