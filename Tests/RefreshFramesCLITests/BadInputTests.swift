import Foundation
import Testing

/// A valid spec that every bad-input case breaks in one place. One key per line, so a case's
/// line:column is easy to check by eye.
private let base = """
    {
      "canvas": {"width": 100, "height": 60},
      "views": [{"tag": 1, "text": "A"}],
      "constraints": ["1.centerX == superview.centerX", "1.centerY == superview.centerY"],
      "program": {"cycle": [{"animate": {"views": "all", "duration": 0.5, "set": {"alpha": 0.5}}}]},
      "scenario": {"refreshAt": 0, "workDuration": 1}
    }

    """

/// `base` with each `(old, new)` replacement applied; a replacement that does not apply is a broken case.
private func spec(_ replacements: (String, String)...) -> String {
    var text = base
    for (old, new) in replacements {
        precondition(text.contains(old), "'\(old)' is not in the base spec")
        text = text.replacingOccurrences(of: old, with: new)
    }
    return text
}

/// `$SPEC` (the case's spec file) and `$DIR` (its temporary directory) in arguments and messages.
struct BadInput: CustomTestStringConvertible, Sendable {
    enum Content: Sendable {
        case text(String)
        case bytes([UInt8])
        /// A named pipe with no writer: reading it would block for ever.
        case fifo
        /// No spec file is written; the arguments name what to read.
        case none
    }

    var name: String
    var content: Content
    var arguments: [String] = ["validate", "$SPEC"]
    var status: Int32 = 2
    /// The first (for status 2 the only) line on stderr.
    var message: String

    var testDescription: String { name }

    static func spec(_ name: String, _ text: String, _ message: String, _ arguments: [String] = ["validate", "$SPEC"])
        -> BadInput
    {
        BadInput(name: name, content: .text(text), arguments: arguments, message: message)
    }

    static func usage(_ name: String, _ arguments: [String], _ message: String) -> BadInput {
        BadInput(name: name, content: .text(base), arguments: arguments, status: 64, message: message)
    }
}

private let deepArray = String(repeating: "[", count: 70) + String(repeating: "]", count: 70)
private func nestedEach(_ depth: Int) -> String {
    var step = #"{"animate": {"duration": 0.5, "set": {"alpha": 0.5}}}"#
    for _ in 0..<depth { step = #"{"each": {"views": "all", "steps": [\#(step)]}}"# }
    return step
}
private let manyViews = (1...257).map { #"{"tag": \#($0), "kind": "view"}"# }.joined(separator: ", ")

private let syntax: [BadInput] = [
    .spec(
        "trailing comma", spec(("\"workDuration\": 1}", "\"workDuration\": 1,}")),
        "$SPEC:6:50: error: unexpected '}'; expected a quoted key"),
    .spec(
        "missing closing brace", spec(("\n}\n", "\n")), "$SPEC:7:1: error: unexpected end of file; expected ',' or '}'"),
    .spec("unquoted key", spec(("\"canvas\"", "canvas")), "$SPEC:2:3: error: unexpected 'c'; expected a quoted key"),
    .spec("single quotes", spec(("\"A\"", "'A'")), "$SPEC:3:32: error: unexpected '''; expected a value"),
    .spec("comment", spec(("{\n", "{\n  // a comment\n")), "$SPEC:2:3: error: unexpected '/'; expected a quoted key"),
    .spec(
        "leading zero", spec(("\"workDuration\": 1", "\"workDuration\": 01")),
        "$SPEC:6:49: error: invalid number; leading zeros are not allowed"),
    .spec(
        "NaN literal", spec(("\"duration\": 0.5", "\"duration\": NaN")),
        "$SPEC:5:66: error: unexpected 'N'; expected a value"),
    .spec(
        "Infinity literal", spec(("\"duration\": 0.5", "\"duration\": Infinity")),
        "$SPEC:5:66: error: unexpected 'I'; expected a value"),
    .spec(
        "number out of range", spec(("\"duration\": 0.5", "\"duration\": 1e400")),
        "$SPEC:5:66: error: number 1e400 is out of range"),
    .spec(
        "duplicate key", spec(("\"height\": 60", "\"height\": 60, \"width\": 5")),
        "$SPEC:2:42: error: duplicate key 'width' (first at 2:14)"),
    .spec(
        "control character in a string", spec(("\"A\"", "\"A\tB\"")),
        "$SPEC:3:34: error: control character 0x9 inside a string; escape it"),
    .spec("invalid escape", spec(("\"A\"", #""A\x""#)), #"$SPEC:3:35: error: invalid escape '\x' in a string"#),
    .spec(
        "unpaired surrogate", spec(("\"A\"", #""\uD800""#)),
        #"$SPEC:3:39: error: unpaired UTF-16 surrogate in \u escape"#),
    .spec(
        "garbage after the document", base + "x\n", "$SPEC:8:1: error: unexpected 'x' after the end of the JSON value"),
    .spec("empty file", "", "$SPEC:1:1: error: the file is empty; expected a JSON object"),
    .spec("only whitespace", "  \n\n", "$SPEC:3:1: error: the file is empty; expected a JSON object"),
    BadInput(
        name: "byte-order mark", content: .bytes([0xEF, 0xBB, 0xBF] + Array(base.utf8)),
        message: "$SPEC:1:1: error: the file starts with a UTF-8 byte-order mark; save it as UTF-8 without BOM"),
    BadInput(
        name: "Latin-1, not UTF-8",
        content: .bytes(Array(spec(("\"A\"", "\"Ä\"")).utf8).replacing([0xC3, 0x84], with: [0xC4])),
        message: "$SPEC:3:33: error: the file is not valid UTF-8 (byte 0xC4)"),
    .spec(
        "JSON nested too deep", spec(("\"A\"", deepArray)),
        "$SPEC:3:93: error: nesting deeper than the limit jsonDepth = 64"),
    .spec(
        "a top-level array", "[]\n",
        "$SPEC:1:1: error: expected a spec object with 'canvas', 'views' and 'scenario', got an array"),
]

private let types: [BadInput] = [
    .spec(
        "canvas is a string", spec(("{\"width\": 100, \"height\": 60}", "\"big\"")),
        "$SPEC:2:13: error: canvas: expected an object, got a string"),
    .spec(
        "width is a string", spec(("\"width\": 100", "\"width\": \"100\"")),
        "$SPEC:2:23: error: canvas.width: expected a number, got a string"),
    .spec(
        "tag is a string", spec(("\"tag\": 1", "\"tag\": \"one\"")),
        "$SPEC:3:21: error: views[0].tag: expected an integer, got a string"),
    .spec(
        "tag is a fraction", spec(("\"tag\": 1", "\"tag\": 1.5")),
        "$SPEC:3:21: error: views[0].tag: expected an integer, got 1.5"),
    .spec(
        "views is an object", spec(("[{\"tag\": 1, \"text\": \"A\"}]", "{\"tag\": 1}")),
        "$SPEC:3:12: error: views: expected an array, got an object"),
    .spec(
        "clipsToBounds is a string", spec(("\"text\": \"A\"", "\"text\": \"A\", \"clipsToBounds\": \"yes\"")),
        "$SPEC:3:54: error: views[0].clipsToBounds: expected true or false, got a string"),
    .spec(
        "a constraint is a number", spec(("\"1.centerY == superview.centerY\"", "7")),
        "$SPEC:4:53: error: constraints[1]: expected an object, got a number"),
]

private let keys: [BadInput] = [
    .spec(
        "unknown top-level key", spec(("\"program\"", "\"programme\"")),
        "$SPEC:5:3: error: programme: unknown key 'programme'; did you mean 'program'?"),
    .spec(
        "unknown view key", spec(("\"text\"", "\"txet\"")),
        "$SPEC:3:24: error: views[0].txet: unknown key 'txet'; did you mean 'text'?"),
    .spec(
        "misspelt required key", spec(("\"width\"", "\"widht\"")),
        "$SPEC:2:14: error: canvas.widht: unknown key 'widht'; did you mean 'width'? ('width' is required)"),
    .spec(
        "required key in the wrong case", spec(("\"workDuration\"", "\"workduration\"")),
        "$SPEC:6:32: error: scenario.workduration: unknown key 'workduration'; did you mean 'workDuration'? ('workDuration' is required)"
    ),
    .spec(
        "unknown step", spec(("{\"animate\":", "{\"animat\":")),
        "$SPEC:5:26: error: program.cycle[0].animat: unknown step 'animat'; did you mean 'animate'?"),
    .spec(
        "unknown kind", spec(("\"text\": \"A\"", "\"kind\": \"lable\"")),
        "$SPEC:3:32: error: views[0].kind: 'lable' is not one of label, view, spinner, stack, image, button; did you mean 'label'?"
    ),
    .spec(
        "unknown curve", spec(("\"duration\": 0.5", "\"duration\": 0.5, \"curve\": \"easeinout\"")),
        "$SPEC:5:80: error: program.cycle[0].animate.curve: 'easeinout' is not a curve; did you mean 'easeInOut'?"),
    .spec("empty document", "{}\n", "$SPEC:1:1: error: missing required key 'canvas'"),
    .spec(
        "no views", spec(("[{\"tag\": 1, \"text\": \"A\"}]", "[]")),
        "$SPEC:3:12: error: views: expected at least one view"),
    .spec("missing tag", spec(("\"tag\": 1, ", "")), "$SPEC:3:13: error: views[0]: missing required key 'tag'"),
    .spec(
        "duplicate tag",
        spec(("[{\"tag\": 1, \"text\": \"A\"}]", "[{\"tag\": 1, \"text\": \"A\"}, {\"tag\": 1, \"text\": \"B\"}]")),
        "$SPEC:3:38: error: views[1].tag: duplicate tag 1 (also used by views[0])"),
    .spec(
        "tag out of range", spec(("\"tag\": 1", "\"tag\": 0")),
        "$SPEC:3:21: error: views[0].tag: expected an integer from 1 to 1000000, got 0"),
]

/// 64 plain views in a row, 1 pt each from the left edge, and a last constraint that contradicts the chain.
private let chain =
    (1...64).flatMap { i in
        [
            "\"\(i).width == 1\"", "\"\(i).height == 1\"", "\"\(i).top == superview.top\"",
            i == 1 ? "\"1.left == superview.left\"" : "\"\(i).left == \(i - 1).right\"",
        ]
    }.joined(separator: ", ") + ", \"64.right == superview.left\""

private let constraints: [BadInput] = [
    .spec(
        "a conflict among many constraints",
        spec(
            (
                "[{\"tag\": 1, \"text\": \"A\"}]",
                "[" + (1...64).map { "{\"tag\": \($0), \"kind\": \"view\"}" }.joined(separator: ", ") + "]"
            ), ("\"1.centerX == superview.centerX\", \"1.centerY == superview.centerY\"", chain)),
        "$SPEC:4:5420: error: constraints[256]: cannot hold together with the 384 required constraints before it (view 64 right == superview left); too many to narrow down to the ones it conflicts with"
    ),
    .spec(
        "shorthand names a missing view", spec(("1.centerY == superview.centerY", "9.centerY == superview.centerY")),
        "$SPEC:4:53: error: constraints[1]: no view with tag 9 (in '9.centerY == superview.centerY')"),
    .spec(
        "toItem names a missing view",
        spec(("\"1.centerY == superview.centerY\"", "{\"item\": 1, \"attribute\": \"centerY\", \"toItem\": 9}")),
        "$SPEC:4:99: error: constraints[1].toItem: no view with tag 9"),
    .spec(
        "program names a missing view", spec(("\"views\": \"all\"", "\"views\": [1, 9]")),
        "$SPEC:5:47: error: program.cycle[0].animate.views: no view with tag 9"),
    .spec(
        "misspelt attribute", spec(("1.centerY ==", "1.centrY ==")),
        "$SPEC:4:53: error: constraints[1]: 'centrY' in '1.centrY == superview.centerY' is not a layout attribute; did you mean 'centerY'?"
    ),
    .spec(
        "no relation", spec(("1.centerY == superview.centerY", "1.centerY superview.centerY")),
        "$SPEC:4:53: error: constraints[1]: '1.centerY superview.centerY' has no relation; expected TAG.attribute (==|<=|>=) [MULTIPLIER *] ITEM.attribute [(+|-) CONSTANT] [@PRIORITY], or TAG.attribute (==|<=|>=) CONSTANT [@PRIORITY]"
    ),
    .spec(
        "position related to a size", spec(("1.centerY == superview.centerY", "1.centerY == superview.height")),
        "$SPEC:4:53: error: constraints[1]: cannot relate a position (centerY) to a size (height)"),
    .spec(
        "contradictory constraints",
        spec(
            ("\"1.centerY == superview.centerY\"", "\"1.centerY == superview.centerY\", \"1.centerY == superview.top\"")
        ),
        "$SPEC:4:87: error: constraints[2]: conflicts with constraints[1] (view 1 centerY == superview top vs view 1 centerY == superview centerY)"
    ),
    .spec(
        "under-determined position", spec((", \"1.centerY == superview.centerY\"", "")),
        "$SPEC:3:13: error: views[0]: view 1 has an ambiguous vertical position; constrain its top, centerY or bottom"),
    .spec(
        "a plain view with no size", spec(("\"text\": \"A\"", "\"kind\": \"view\"")),
        "$SPEC:3:13: error: views[0]: view 1 has an ambiguous width; constrain its width, or its left and right"),
    .spec(
        "a cycle that contradicts",
        spec(
            ("\"text\": \"A\"}]", "\"kind\": \"view\"}, {\"tag\": 2, \"kind\": \"view\"}]"),
            (
                "[\"1.centerX",
                "[\"1.width == 2.width + 10\", \"2.width == 1.width + 10\", \"1.height == 10\", \"2.height == 10\", \"2.centerX == 1.centerX\", \"2.centerY == 1.centerY\", \"1.centerX"
            )),
        "$SPEC:4:46: error: constraints[1]: conflicts with constraints[0] (view 2 width == view 1 width + 10 vs view 1 width == view 2 width + 10)"
    ),
    .spec(
        "a cycle that determines nothing",
        spec(
            ("\"text\": \"A\"}]", "\"kind\": \"view\"}, {\"tag\": 2, \"kind\": \"view\"}]"),
            (
                "[\"1.centerX",
                "[\"1.width == 2.width\", \"2.width == 1.width\", \"1.height == 10\", \"2.height == 10\", \"2.centerX == 1.centerX\", \"2.centerY == 1.centerY\", \"1.centerX"
            )), "$SPEC:3:13: error: views[0]: view 1 has an ambiguous width; constrain its width, or its left and right"
    ),
]

private let durations: [BadInput] = [
    .spec(
        "negative duration", spec(("\"duration\": 0.5", "\"duration\": -1")),
        "$SPEC:5:66: error: program.cycle[0].animate.duration: expected a number from 0 to 600, got -1"),
    .spec(
        "NaN duration", spec(("\"duration\": 0.5", "\"duration\": \"NaN\"")),
        "$SPEC:5:66: error: program.cycle[0].animate.duration: expected a number, got a string"),
    .spec(
        "absurd duration", spec(("\"duration\": 0.5", "\"duration\": 1e9")),
        "$SPEC:5:66: error: program.cycle[0].animate.duration: 1000000000 is over the limit stepDuration = 600"),
    .spec(
        "negative delay", spec(("\"duration\": 0.5", "\"duration\": 0.5, \"delay\": -0.1")),
        "$SPEC:5:80: error: program.cycle[0].animate.delay: expected a number from 0 to 600, got -0.1"),
    .spec(
        "negative workDuration", spec(("\"workDuration\": 1", "\"workDuration\": -1")),
        "$SPEC:6:48: error: scenario.workDuration: expected a number from 0 to 600, got -1"),
    .spec(
        "zero scenario duration", spec(("\"workDuration\": 1", "\"workDuration\": 1, \"duration\": 0")),
        "$SPEC:6:63: error: scenario.duration: expected a number from 0.01 to 600, got 0"),
    .spec(
        "a loop that takes no time", spec(("\"duration\": 0.5", "\"duration\": 0")),
        "$SPEC:5:24: error: program.cycle: the cycle takes no time, so the loop would never advance; give a step a duration"
    ),
    .spec(
        "a loop that never advances", spec(("\"set\": {\"alpha\": 0.5}", "\"set\": {\"textColor\": \"red\"}")),
        "$SPEC:5:24: error: program.cycle: the loop never advances: its steps only make instant changes (a label's textColor or backgroundColor), so no block takes time; animate transform or alpha"
    ),
    .spec(
        "a loop with no end in sight",
        spec(("\"duration\": 0.5", "\"duration\": 0.001"), ("\"workDuration\": 1", "\"workDuration\": 500")),
        "$SPEC:5:14: error: program: the program runs more than 100000 animation blocks before the refresh ends, over the limit animationBlocks = 100000; lengthen its steps or shorten scenario.workDuration"
    ),
    .spec(
        "refresh never begins", spec(("\"refreshAt\": 0", "\"pull\": [[0, 0], [1, 30]], \"refreshAtPull\": 60")),
        "$SPEC:6:60: error: scenario.refreshAtPull: the pull never reaches 60 points, so refreshing would never begin"),
    .spec(
        "pull keyframes go back in time", spec(("\"refreshAt\": 0", "\"pull\": [[1, 0], [0.5, 30]], \"refreshAt\": 0")),
        "$SPEC:6:34: error: scenario.pull[1][0]: keyframe times must increase; 0.5 follows 1"),
]

private let appearance: [BadInput] = [
    .spec(
        "colour that does not parse", spec(("\"text\": \"A\"", "\"text\": \"A\", \"textColor\": \"#GG0000\"")),
        "$SPEC:3:50: error: views[0].textColor: '#GG0000' is not a colour; expected #RRGGBB, #RRGGBBAA, a UIKit name (red, magenta, clear…) or a semantic colour (label, systemBlue…)"
    ),
    .spec(
        "misspelt colour name", spec(("\"text\": \"A\"", "\"text\": \"A\", \"textColor\": \"magneta\"")),
        "$SPEC:3:50: error: views[0].textColor: 'magneta' is not a colour; expected #RRGGBB, #RRGGBBAA, a UIKit name (red, magenta, clear…) or a semantic colour (label, systemBlue…); did you mean 'magenta'?"
    ),
    .spec(
        "colour component out of range",
        spec(("\"text\": \"A\"", "\"text\": \"A\", \"textColor\": {\"red\": 2, \"green\": 0, \"blue\": 0}")),
        "$SPEC:3:58: error: views[0].textColor.red: expected a number from 0 to 1, got 2"),
    .spec(
        "palette.next without a palette",
        spec(("{\"alpha\": 0.5}", "{\"transform\": \"identity\", \"textColor\": \"palette.next\"}")),
        "$SPEC:5:14: error: palette: the program asks for 'palette.next' but the spec has no palette"),
    .spec(
        "font not installed", spec(("\"text\": \"A\"", "\"text\": \"A\", \"font\": {\"family\": \"No Such Family\"}")),
        "$SPEC:3:56: error: views[0].font.family: font family 'No Such Family' is not installed (fontconfig would substitute 'DejaVu Sans'); install it, pick an installed family (fc-list : family), or give a pattern such as 'No Such Family:lang=en' to accept the closest match"
    ),
    .spec(
        "character no font covers", spec(("\"A\"", "\"A\\uD800\\uDC00\"")),
        "$SPEC:3:32: error: views[0].text: no installed font covers '\u{10000}' (U+10000)"),
    .spec(
        "font size zero", spec(("\"text\": \"A\"", "\"text\": \"A\", \"font\": {\"size\": 0}")),
        "$SPEC:3:54: error: views[0].font.size: expected a number from 1 to 500, got 0"),
    .spec(
        "text over the limit", spec(("\"A\"", "\"" + String(repeating: "A", count: 201) + "\"")),
        "$SPEC:3:32: error: views[0].text: text is over the limit textLength = 200"),
]

private let limits: [BadInput] = [
    .spec(
        "canvas over the limit", spec(("\"width\": 100", "\"width\": 1e6")),
        "$SPEC:2:23: error: canvas.width: 1000000 is over the limit canvasPoints = 4096"),
    .spec(
        "scale over the limit", spec(("\"height\": 60", "\"height\": 60, \"scale\": 100")),
        "$SPEC:2:51: error: canvas.scale: 100 is over the limit scale = 4"),
    .spec(
        "huge constant",
        spec(
            (
                "\"1.centerY == superview.centerY\"",
                "{\"item\": 1, \"attribute\": \"centerY\", \"toItem\": \"superview\", \"constant\": 1e300}"
            )), "$SPEC:4:124: error: constraints[1].constant: expected a number from -100000 to 100000, got 1e+300"),
    .spec(
        "huge tag", spec(("\"tag\": 1", "\"tag\": 1e20")),
        "$SPEC:3:21: error: views[0].tag: expected an integer, got 1e+20"),
    .spec(
        "too many views", spec(("[{\"tag\": 1, \"text\": \"A\"}]", "[" + manyViews + "]")),
        "$SPEC:3:12: error: views: 257 views is over the limit views = 256"),
    .spec(
        "font size over the limit", spec(("\"text\": \"A\"", "\"text\": \"A\", \"font\": {\"size\": 501}")),
        "$SPEC:3:54: error: views[0].font.size: 501 is over the limit fontSize = 500"),
    .spec(
        "too many constraints",
        spec(("[\"1.centerX", "[" + String(repeating: "\"1.width >= 0\", ", count: 4095) + "\"1.centerX")),
        "$SPEC:4:18: error: constraints: 4097 constraints is over the limit constraints = 4096"),
    .spec(
        "too many pull keyframes",
        spec(
            (
                "\"refreshAt\": 0",
                "\"pull\": [" + (0...1000).map { "[\($0), 0]" }.joined(separator: ", ") + "], \"refreshAt\": 0"
            )), "$SPEC:6:24: error: scenario.pull: 1001 keyframes is over the limit pullKeyframes = 1000"),
    .spec(
        "program nested too deep",
        spec(
            (
                "[{\"animate\": {\"views\": \"all\", \"duration\": 0.5, \"set\": {\"alpha\": 0.5}}}]",
                "[" + nestedEach(8) + "]"
            )),
        "$SPEC:5:312: error: program.cycle[0].each.steps[0].each.steps[0].each.steps[0].each.steps[0].each.steps[0].each.steps[0].each.steps[0].each.steps: steps nested deeper than the limit programDepth = 8"
    ),
    .spec(
        "scenario over the limit", spec(("\"workDuration\": 1", "\"workDuration\": 601")),
        "$SPEC:6:48: error: scenario.workDuration: 601 is over the limit scenarioDuration = 600"),
    .spec(
        "animation over the total limit",
        spec(("\"refreshAt\": 0, \"workDuration\": 1", "\"refreshAt\": 400, \"workDuration\": 400")),
        "$SPEC:6:15: error: scenario: the animation lasts 800.8 s (refreshing 400–800 s, the loop stops at 800 s), over the limit totalDuration = 600 s"
    ),
    .spec(
        "too many animations",
        spec(
            (
                "[{\"tag\": 1, \"text\": \"A\"}]",
                "[" + manyViews.replacingOccurrences(of: ", {\"tag\": 257, \"kind\": \"view\"}", with: "") + "]"
            ),
            (
                "\"1.centerX == superview.centerX\", \"1.centerY == superview.centerY\"",
                (1...256).flatMap {
                    [
                        "\"\($0).width == 1\"", "\"\($0).height == 1\"", "\"\($0).left == superview.left\"",
                        "\"\($0).top == superview.top\"",
                    ]
                }.joined(separator: ", ")
            ), ("\"duration\": 0.5", "\"duration\": 0.01"), ("\"workDuration\": 1", "\"workDuration\": 10")),
        "$SPEC:5:14: error: program: the program makes more than 250000 property animations before the refresh ends, over the limit animationSegments = 250000; animate fewer views or shorten scenario.workDuration"
    ),
    .spec(
        "frames over the limit", spec(("\"workDuration\": 1", "\"workDuration\": 1, \"duration\": 600")),
        "$SPEC: error: 60000 frames is over the limit frames = 50000; lower --fps or shorten --from/--to",
        ["render", "$SPEC", "--fps", "100", "-o", "$DIR/out/"]),
    .spec(
        "frame over the pixel limit", spec(("\"width\": 100, \"height\": 60", "\"width\": 4096, \"height\": 4096")),
        "$SPEC: error: a 16384x16384 frame is over the limit pixelsPerFrame = 16777216",
        ["render", "$SPEC", "--scale", "4", "--at", "0", "-o", "$DIR/out.png"]),
    .spec(
        "render over the memory budget", spec(("\"width\": 100, \"height\": 60", "\"width\": 4096, \"height\": 4096")),
        "$SPEC: error: rendering 4096x4096 frames on 8 threads needs about 4608 MiB, over the limit memory = 2048 MiB; lower --scale or --threads",
        ["render", "$SPEC", "--scale", "1", "--threads", "8", "-o", "$DIR/out.gif"]),
]

private let files: [BadInput] = [
    BadInput(
        name: "missing file", content: .none, arguments: ["validate", "$DIR/missing.json"],
        message: "$DIR/missing.json: error: no such file"),
    BadInput(
        name: "a directory", content: .none, arguments: ["validate", "$DIR"],
        message: "$DIR: error: is a directory; expected a JSON spec file"),
    BadInput(
        name: "a FIFO that would block", content: .fifo,
        message: "$SPEC: error: is not a regular file; expected a JSON spec file"),
    BadInput(
        name: "a device that never ends", content: .none, arguments: ["validate", "/dev/zero"],
        message: "/dev/zero: error: is not a regular file; expected a JSON spec file"),
    // chmod 000 does not stop root (CI runs as root); /proc/self/mem fails to read for everyone.
    BadInput(
        name: "an unreadable file", content: .none, arguments: ["validate", "/proc/self/mem"],
        message: "/proc/self/mem: error: cannot read the file (Input/output error)"),
    BadInput(
        name: "a file over the size limit",
        content: .text("{\"description\": \"" + String(repeating: "x", count: 4 << 20) + "\"}"),
        message: "$SPEC: error: the file is 4194323 bytes, over the limit specBytes = 4194304"),
]

private let commandLine: [BadInput] = [
    .usage(
        "unknown option", ["render", "$SPEC", "--fsp", "30"], "Error: Unknown option '--fsp'. Did you mean '--fps'?"),
    .usage("missing value", ["render", "$SPEC", "-o"], "Error: Missing value for '--output <path>'."),
    .usage(
        "bad number", ["render", "$SPEC", "--fps", "fast"],
        "Error: Invalid value 'fast' for '--fps': expected a number."),
    .usage(
        "NaN number", ["render", "$SPEC", "--scale", "nan"],
        "Error: Invalid value 'nan' for '--scale': expected a number."),
    .usage(
        "--threads out of range", ["render", "$SPEC", "--threads", "0"],
        "Error: Invalid value '0' for '--threads': expected a whole number from 1 to 64."),
    .usage(
        "--scale over the limit", ["render", "$SPEC", "--scale", "5"],
        "Error: Invalid value '5' for '--scale': expected a number from 0.25 to 4."),
    .usage(
        "option given twice", ["render", "$SPEC", "-o", "$DIR/a.gif", "-o", "$DIR/b.gif"],
        "Error: '--output' was given more than once."),
    .usage(
        "--at with --from", ["render", "$SPEC", "--at", "1", "--from", "0", "-o", "$DIR/x.png"],
        "Error: '--at' renders one frame; it cannot be combined with '--from' or '--to'."),
    .usage(
        "--to before --from", ["render", "$SPEC", "--from", "2", "--to", "1", "-o", "$DIR/x.gif"],
        "Error: '--to' (1) must be after '--from' (2)."),
    .usage(
        "GIF faster than 50 fps", ["render", "$SPEC", "--fps", "60", "-o", "$DIR/x.gif"],
        "Error: '--fps 60' is too fast for a GIF: its delays are whole centiseconds, at least 2, so at most 50 frames per second."
    ),
    .usage(
        "unknown format", ["render", "$SPEC", "--format", "bmp"],
        "Error: Invalid value 'bmp' for '--format': expected one of gif, apng, webp, png, ansi, cast."),
    .usage(
        "bad --now", ["validate", "$SPEC", "--now", "yesterday"],
        "Error: Invalid value 'yesterday' for '--now': expected seconds since 1970 or 2016-02-14T12:00:00Z."),
    .spec(
        "output in a missing directory", base, "$DIR/nope/out.gif: error: the directory '$DIR/nope' does not exist",
        ["render", "$SPEC", "-o", "$DIR/nope/out.gif"]),
    .spec(
        "output in a read-only directory", base,
        "/proc/out.gif: error: cannot create the file (No such file or directory)",
        ["render", "$SPEC", "-o", "/proc/out.gif"]),
    .spec(
        "output over the spec", base, "$SPEC: error: the output would overwrite the input '$SPEC'; choose another name",
        ["render", "$SPEC", "--format", "gif", "-o", "$SPEC"]),
    .spec(
        "output is a directory", base, "$DIR: error: is a directory; expected a file name",
        ["render", "$SPEC", "--format", "gif", "-o", "$DIR"]),
    .spec(
        "PNG sequence over a file", base,
        "$SPEC: error: exists and is not a directory; a PNG sequence needs a directory",
        ["render", "$SPEC", "--format", "png", "-o", "$SPEC"]),
    .spec(
        "PNG sequence into a device", base,
        "/dev/full: error: exists and is not a directory; a PNG sequence needs a directory",
        ["render", "$SPEC", "--format", "png", "-o", "/dev/full"]),
    .spec(
        "a single PNG on a full disk", base, "/dev/full: error: writing failed: No space left on device",
        ["render", "$SPEC", "--at", "0.5", "--format", "png", "-o", "/dev/full"]),
    .spec(
        "a cast on a full disk", base, "/dev/full: error: writing failed: No space left on device",
        ["render", "$SPEC", "--format", "cast", "-o", "/dev/full"]),
    .spec(
        "bad spec for state", spec(("\"tag\": 1", "\"tag\": \"one\"")),
        "$SPEC:3:21: error: views[0].tag: expected an integer, got a string", ["state", "$SPEC", "--at", "1"]),
    .spec(
        "bad spec for timeline", spec(("\"tag\": 1", "\"tag\": \"one\"")),
        "$SPEC:3:21: error: views[0].tag: expected an integer, got a string", ["timeline", "$SPEC"]),
    .spec(
        "bad spec for render", spec(("\"tag\": 1", "\"tag\": \"one\"")),
        "$SPEC:3:21: error: views[0].tag: expected an integer, got a string", ["render", "$SPEC", "-o", "$DIR/out.gif"]),
    .spec(
        "output on a full disk", base, "/dev/full: error: writing failed: No space left on device",
        ["render", "$SPEC", "-o", "/dev/full", "--format", "gif"]),
]

let badInputs = syntax + types + keys + constraints + durations + appearance + limits + files + commandLine

/// Whatever it is given, the tool answers with one clear line and the documented status, and
/// leaves no file behind: no output and no `.tmp-` leftovers.
struct BadInputTests {
    @Test func theCorpusCoversAtLeastSixtyCases() {
        #expect(badInputs.count >= 60)
        #expect(Set(badInputs.map(\.name)).count == badInputs.count)
    }

    @Test(arguments: badInputs)
    func answersWithOneLineAndLeavesNothingBehind(_ input: BadInput) throws {
        let dir = try temporaryDirectory()
        let specPath = dir + "/spec.json"
        switch input.content {
        case .text(let text): try Data(text.utf8).write(to: URL(fileURLWithPath: specPath))
        case .bytes(let bytes): try Data(bytes).write(to: URL(fileURLWithPath: specPath))
        case .fifo: #expect(mkfifo(specPath, 0o644) == 0)
        case .none: break
        }
        func expand(_ s: String) -> String {
            s.replacingOccurrences(of: "$SPEC", with: specPath).replacingOccurrences(of: "$DIR", with: dir)
        }
        let before = contents(ofDirectory: dir)
        let r = try run(input.arguments.map(expand))
        #expect(r.status == input.status)
        #expect(r.stdout.isEmpty)
        let lines = r.stderr.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first == expand(input.message))
        if input.status == 64 {
            #expect(lines.count == 4 && lines[1].hasPrefix("Usage: refresh-frames ") && lines[3].isEmpty)
        } else {
            #expect(lines.count == 2 && lines[1].isEmpty, "exactly one line on stderr")
        }
        #expect(!r.stderr.contains("Fatal error") && !r.stderr.contains("Stack dump"))
        #expect(contents(ofDirectory: dir) == before, "no output and no temporary file")
        #expect(!contents(ofDirectory: "/proc").contains { $0.hasPrefix("out.gif") })
    }
}
