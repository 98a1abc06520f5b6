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
