import Testing

@testable import RefreshFramesCore

/// Every character 10 points wide: line widths follow from the text alone.
private func width(_ text: String) -> Double { Double(text.count) * 10 }

private func lines(
    _ text: String, width: Double?, numberOfLines: Int = 0, mode: LineBreakMode = .byTruncatingTail
) -> [String] {
    var settings = LabelLines()
    settings.numberOfLines = numberOfLines
    settings.lineBreakMode = mode
    return settings.lines(text, width: width, measure: RefreshFramesCoreTests.width).map(\.text)
}

struct WrapCase: Sendable, CustomTestStringConvertible {
    var text: String
    var width: Double?
    var numberOfLines = 0
    var mode = LineBreakMode.byTruncatingTail
    var expected: [String]
    var testDescription: String { "\(text) at \(width.map { "\($0)" } ?? "any width"), \(mode)" }
}

@Test(arguments: [
    // Greedy by word: "aaa bbb" is 70 wide, "aaa bbb ccc" 110; trailing spaces hang.
    WrapCase(text: "aaa bbb ccc", width: 75, expected: ["aaa bbb", "ccc"]),
    WrapCase(text: "aaa bbb ccc", width: 65, expected: ["aaa", "bbb", "ccc"]),
    WrapCase(text: "aaa bbb ccc", width: nil, expected: ["aaa bbb ccc"]),
    WrapCase(text: "a\nb\nc", width: nil, expected: ["a", "b", "c"]),
    // By character: "aaa b" is 50 wide.
    WrapCase(text: "aaa bbb ccc", width: 55, mode: .byCharWrapping, expected: ["aaa b", "bb cc", "c"]),
    WrapCase(text: "aaa bbb ccc", width: 55, mode: .byWordWrapping, expected: ["aaa", "bbb", "ccc"]),
    // A word wider than the line breaks between its characters.
    WrapCase(text: "abcdefghij", width: 45, mode: .byWordWrapping, expected: ["abcd", "efgh", "ij"]),
    // Two lines of "aaa", "bbb", "ccc", "ddd": the second is truncated by the mode.
    WrapCase(text: "aaa bbb ccc ddd", width: 65, numberOfLines: 2, expected: ["aaa", "bbb c…"]),
    WrapCase(
        text: "aaa bbb ccc ddd", width: 65, numberOfLines: 2, mode: .byTruncatingHead, expected: ["aaa", "…c ddd"]),
    WrapCase(
        text: "aaa bbb ccc ddd", width: 65, numberOfLines: 2, mode: .byTruncatingMiddle, expected: ["aaa", "bbb…dd"]),
    WrapCase(text: "aaa bbb ccc ddd", width: 65, numberOfLines: 2, mode: .byWordWrapping, expected: ["aaa", "bbb"]),
    WrapCase(text: "aaa bbb ccc ddd", width: 65, numberOfLines: 2, mode: .byClipping, expected: ["aaa", "bbb"]),
    WrapCase(text: "a\nb\nc", width: nil, numberOfLines: 2, expected: ["a", "b…"]),
    // One line, too wide: truncated to what fits with the ellipsis ("Pull to…" is 80 wide).
    WrapCase(text: "Pull to refresh", width: 80, numberOfLines: 1, expected: ["Pull to…"]),
    WrapCase(text: "Pull to refresh", width: 79, numberOfLines: 1, expected: ["Pull t…"]),
    WrapCase(text: "Pull to refresh", width: 150, numberOfLines: 1, expected: ["Pull to refresh"]),
    // Kinsoku: "，" and "。" never start a line.
    WrapCase(text: "你好，世界。", width: 35, expected: ["你好，", "世界。"]),
    WrapCase(text: "你好，世界。", width: 25, expected: ["你", "好，", "世", "界。"]),
    WrapCase(text: "（测试）文本", width: 35, expected: ["（测", "试）文", "本"]),
])
func wrapping(_ c: WrapCase) {
    #expect(lines(c.text, width: c.width, numberOfLines: c.numberOfLines, mode: c.mode) == c.expected)
}

@Test func lineWidthsLeaveOutTrailingSpaces() {
    var settings = LabelLines()
    settings.numberOfLines = 0
    let found = settings.lines("aaa bbb ccc", width: 75, measure: width)
    #expect(found == [TextLine(text: "aaa bbb", width: 70), TextLine(text: "ccc", width: 30)])
}

@Test(arguments: [
    // (text width, label width, minimum scale factor) → the factor.
    (200.0, 100.0, 0.25, 0.5), (200, 100, 0.75, 0.75), (80, 100, 0.5, 1), (200, 100, 0, 1),
])
func shrinkFactor(_ textWidth: Double, _ labelWidth: Double, _ minimum: Double, _ expected: Double) {
    var settings = LabelLines()
    settings.adjustsFontSizeToFitWidth = true
    settings.minimumScaleFactor = minimum
    #expect(settings.shrinkFactor(textWidth: textWidth, width: labelWidth) == expected)
}

/// A label's intrinsic size follows its lines, and views below it move (the em measurer: every
/// character 1 em, line height 1.2 em; size 10, so "aaa bbb ccc" is 110 wide and a line 12 high).
@Test func multiLineLabelsInTheLayout() throws {
    let spec = try Spec.decode(
        Array(
            minimalSpec(
                views: """
                    [{"tag": 1, "text": "aaa bbb ccc", "numberOfLines": 0, "font": {"size": 10}},
                     {"tag": 2, "text": "x", "font": {"size": 10}},
                     {"tag": 3, "text": "aaa bbb ccc", "numberOfLines": 0, "preferredMaxLayoutWidth": 50, "font": {"size": 10}},
                     {"tag": 4, "text": "aaa bbb ccc", "numberOfLines": 0, "font": {"size": 10}}]
                    """,
                constraints: """
                    ["1.leading == superview.leading", "1.trailing == superview.trailing", "1.top == superview.top",
                     "2.top == 1.bottom", "2.leading == superview.leading",
                     "3.top == 2.bottom", "3.leading == superview.leading", "3.trailing == superview.trailing",
                     "4.top == 3.bottom", "4.leading == superview.leading"]
                    """
            ).utf8))
    let layout = try Timeline.make(spec: spec, now: 0, measurer: emMeasurer).layout
    // Pinned to the 100-point canvas: wrapped there in the second pass, "aaa bbb" / "ccc".
    #expect(layout.frame(tag: 1) == Rect(x: 0, y: 0, width: 100, height: 24))
    #expect(layout.frame(tag: 2).y == 24)
    // A preferred width of 50 wraps it in three lines, whatever its frame's width.
    #expect(layout.frame(tag: 3) == Rect(x: 0, y: 36, width: 100, height: 36))
    // Nothing limits its width: one line, as wide as its text.
    #expect(layout.frame(tag: 4) == Rect(x: 0, y: 72, width: 110, height: 12))
}

@Test(arguments: [
    (#""numberOfLines": -1"#, "views[0].numberOfLines: expected an integer from 0 to 200, got -1"),
    (#""lineBreakMode": "wrap""#, "views[0].lineBreakMode: 'wrap' is not one of byWordWrapping, byCharWrapping"),
    (
        #""kind": "view", "numberOfLines": 2"#,
        "views[0].numberOfLines: 'numberOfLines' is a label's; this view's kind is 'view'"
    ),
])
func lineKeysAreChecked(_ keys: String, _ message: String) throws {
    let error = try #require(decodeError(minimalSpec(views: "[{\"tag\": 1, \(keys)}]")))
    #expect("\(error.path): \(error.message)".hasPrefix(message))
}
