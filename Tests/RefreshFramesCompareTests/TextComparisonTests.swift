import RefreshFramesCompare
import Testing

@Suite struct TextComparisonTests {
    @Test func identicalTextPasses() {
        let difference = TextComparison.compare(actual: "a\nb\n", golden: "a\nb\n")
        #expect(difference.passed)
        #expect(difference.unifiedDiff == "")
        #expect(difference.summary == "identical")
    }

    @Test func changedLineShowsUnifiedDiffWithContext() {
        let golden = (1...10).map { "line \($0)" }.joined(separator: "\n")
        let actual = golden.replacingOccurrences(of: "line 6", with: "line six")
        let difference = TextComparison.compare(actual: actual, golden: golden, context: 2)
        #expect(!difference.passed)
        #expect(difference.firstDifferingLine == 6)
        #expect(difference.summary == "1 line removed, 1 added (-golden / +actual), first difference at line 6")
        #expect(
            difference.unifiedDiff == """
                --- golden
                +++ actual
                @@ -4,5 +4,5 @@
                 line 4
                 line 5
                -line 6
                +line six
                 line 7
                 line 8
                """)
    }

    @Test func insertionAndRemovalHeaders() {
        let difference = TextComparison.compare(actual: "a\nb\nX\nc", golden: "a\nb\nc", context: 0)
        #expect(difference.unifiedDiff == "--- golden\n+++ actual\n@@ -2,0 +3,1 @@\n+X")
        let removal = TextComparison.compare(actual: "a\nc", golden: "a\nb\nc", context: 0)
        #expect(removal.unifiedDiff == "--- golden\n+++ actual\n@@ -2,1 +1,0 @@\n-b")
    }

    @Test func longDiffsAreCut() {
        let golden = (1...50).map { "g\($0)" }.joined(separator: "\n")
        let actual = (1...50).map { "a\($0)" }.joined(separator: "\n")
        let difference = TextComparison.compare(actual: actual, golden: golden, maxLines: 5)
        #expect(difference.unifiedDiff.split(separator: "\n").last == "… 98 more lines")
        #expect(difference.removedLineCount == 50 && difference.addedLineCount == 50)
    }
}

@Suite struct LabelComparisonTests {
    @Test func messagesNameTagPropertyTimeAndGolden() {
        let golden = [
            LabelSample(tag: 1, time: 0.05, textColor: "#996633FF", text: "Pull"),
            LabelSample(tag: 3, time: 0.3, rotation: 45),
        ]
        let actual = [
            LabelSample(tag: 1, time: 0.05, textColor: "#FF00FFFF", text: "Pull"),
            LabelSample(tag: 3, time: 0.3, rotation: 40, translationY: 2.5),
        ]
        #expect(
            LabelComparison.compare(actual: actual, golden: golden) == [
                "tag 1: textColor #FF00FFFF at 0.05 s, golden #996633FF",
                "tag 3: rotation 40.0° at 0.30 s, golden 45.0°",
                "tag 3: translationY 2.5 pt at 0.30 s, golden 0.0 pt",
            ])
    }

    @Test func smallNumericDifferencesAreEqual() {
        let golden = [LabelSample(tag: 2, time: 0.1, rotation: 10, alpha: 0.5)]
        let actual = [LabelSample(tag: 2, time: 0.1, rotation: 10.0009, alpha: 0.5009)]
        #expect(LabelComparison.compare(actual: actual, golden: golden) == [])
        let beyond = [LabelSample(tag: 2, time: 0.1, rotation: 10, alpha: 0.502)]
        #expect(LabelComparison.compare(actual: beyond, golden: golden) == ["tag 2: alpha 0.502 at 0.10 s, golden 0.5"])
    }

    @Test func missingExtraAndTextChanges() {
        let golden = [LabelSample(tag: 1, time: 0, text: "Loading"), LabelSample(tag: 2, time: 0)]
        let actual = [LabelSample(tag: 1, time: 0, text: nil), LabelSample(tag: 4, time: 0)]
        #expect(
            LabelComparison.compare(actual: actual, golden: golden) == [
                "tag 1: text none at 0.00 s, golden \"Loading\"",
                "tag 2: missing at 0.00 s, the golden has it",
                "tag 4: present at 0.00 s, the golden has no such label",
            ])
    }

    @Test func diffingStrategyListsTheFirstFive() {
        let outcome = Diffing<[LabelSample]>.labels().compare(
            [LabelSample(tag: 3, time: 0.3, rotation: 40, scaleX: 2)], [LabelSample(tag: 3, time: 0.3, rotation: 45)])
        #expect(!outcome.passed)
        #expect(
            outcome.message == "tag 3: rotation 40.0° at 0.30 s, golden 45.0°; tag 3: scaleX 2.0 at 0.30 s, golden 1.0")
    }
}
