import Foundation
import RefreshFramesCompare
import RefreshFramesCore
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Many specs in one run: where their goldens live, which shard holds which, and one report over all.
@Suite struct GoldenSuiteTests {
    @Test(arguments: [
        ("1/1", Shard(index: 0, count: 1)), ("2/3", Shard(index: 1, count: 3)), ("3/3", Shard(index: 2, count: 3)),
        ("0/3", nil), ("4/3", nil), ("1/0", nil), ("-1/3", nil), ("2", nil), ("1/2/3", nil), ("a/b", nil), ("", nil),
    ])
    func shardOptionIsOneBased(text: String, shard: Shard?) {
        #expect(Shard(parsing: text) == shard)
    }

    @Test(arguments: [
        ([:], nil, nil),
        (["TEST_TOTAL_SHARDS": "3", "TEST_SHARD_INDEX": "0"], Shard(index: 0, count: 3), nil),
        (["TEST_TOTAL_SHARDS": "3", "TEST_SHARD_INDEX": "2"], Shard(index: 2, count: 3), nil),
        (
            ["TEST_TOTAL_SHARDS": "3", "TEST_SHARD_INDEX": "3"], nil,
            "TEST_SHARD_INDEX is '3': expected 0 to 2 with TEST_TOTAL_SHARDS=3."
        ),
        (["TEST_TOTAL_SHARDS": "3"], nil, "TEST_SHARD_INDEX is '': expected 0 to 2 with TEST_TOTAL_SHARDS=3."),
        (
            ["TEST_TOTAL_SHARDS": "0", "TEST_SHARD_INDEX": "0"], nil,
            "TEST_TOTAL_SHARDS is '0': expected a whole number of shards, at least 1."
        ),
    ])
    func bazelShardIsZeroBased(environment: [String: String], shard: Shard?, error: String?) {
        if let error {
            #expect(throws: CompareError.invalidRun(error)) { try Shard.bazel(environment) }
        } else {
            #expect((try? Shard.bazel(environment)) == shard)
        }
    }

    @Test(arguments: [1, 2, 3, 4, 7])
    func shardsPartitionTheSpecsBySortedName(count: Int) {
        let names = ["marquee", "b", "rotate-scale", "a", "color-dots", "classic-spinner"]
        var seen: [Int] = []
        for index in 0..<count {
            let mine = Shard(index: index, count: count)!.select(names)
            #expect(mine == mine.sorted())
            seen += mine
        }
        #expect(seen.sorted() == Array(names.indices))
        // Sorted: a b classic-spinner color-dots marquee rotate-scale; the second of two takes b, color-dots, rotate-scale.
        #expect(Shard(index: 1, count: 2)!.select(names) == [1, 4, 2].sorted())
    }

    @Test func oneSpecKeepsItsDirectorySeveralShareARoot() throws {
        let one = try GoldenSuite(specs: ["samples/marquee.json"], golden: "goldens/marquee")
        #expect(
            one.members == [
                .init(spec: "samples/marquee.json", name: "marquee", golden: "goldens/marquee", reportPrefix: "")
            ])
        let two = try GoldenSuite(specs: ["samples/marquee.json", "x/rotate-scale.json"], golden: "goldens")
        #expect(two.members.map(\.golden) == ["goldens/marquee", "goldens/rotate-scale"])
        #expect(two.members.map(\.reportPrefix) == ["marquee.", "rotate-scale."])
        let sharded = try GoldenSuite(
            specs: ["samples/marquee.json", "x/rotate-scale.json"], golden: "goldens", shard: Shard(index: 1, count: 2))
        #expect(sharded.members.map(\.golden) == ["goldens/rotate-scale"])
        #expect(sharded.usesRoot)
        let empty = try GoldenSuite(specs: ["a.json"], golden: "g", shard: Shard(index: 1, count: 2))
        #expect(empty.members.isEmpty)
        #expect(empty.emptyShardLine == "shard 2/2 holds none of the 1 spec(s): nothing to check")
    }

    @Test func twoSpecsWithOneFileNameAreRefused() {
        #expect(
            throws: CompareError.invalidRun(
                "'a/marquee.json' and 'b/marquee.json' have the same file name: their goldens would share 'g/marquee'; rename one or check them in separate runs."
            )
        ) { try GoldenSuite(specs: ["a/marquee.json", "b/marquee.json"], golden: "g") }
    }

    @Test func concurrentMapKeepsTheOrder() {
        #expect(GoldenSuite.concurrentMap(50, workers: 4) { $0 * $0 } == (0..<50).map { $0 * $0 })
        #expect(GoldenSuite.concurrentMap(0, workers: 4) { $0 }.isEmpty)
    }

    /// Each value from the first that sets it: the command line, the spec, the manifest, the default.
    @Test(
        arguments: [
            (nil, nil, nil, 0.1, 0.0),
            (nil, nil, 3.0, 0.1, 0.03),
            (nil, 2.0, 3.0, 0.1, 0.02),
            (1.0, 2.0, 3.0, 0.1, 0.01),
            (1.0, nil, nil, 0.1, 0.01),
        ] as [(Double?, Double?, Double?, Double, Double)])
    func toleranceComesFromFlagThenSpecThenManifest(
        flag: Double?, spec: Double?, manifest: Double?, threshold: Double, fraction: Double
    ) {
        let recorded = GoldenManifest(toolVersion: "1", specHash: "", fonts: [], frames: [], maxDiff: manifest)
        let tolerance = PixelTolerance.resolved(
            threshold: nil, maxDiff: flag, spec: spec.map { GoldenTolerance(maxDiff: $0) }, manifest: recorded)
        #expect(tolerance.threshold == threshold)
        #expect(abs(tolerance.maxDifferingFraction - fraction) < 1e-12)
        let thresholds = PixelTolerance.resolved(
            threshold: 0.3, maxDiff: nil, spec: GoldenTolerance(threshold: 0.2), manifest: nil)
        #expect(thresholds.threshold == 0.3)
        #expect(
            PixelTolerance.resolved(threshold: nil, maxDiff: nil, spec: GoldenTolerance(threshold: 0.2), manifest: nil)
                .threshold == 0.2)
    }

    static func suiteReport() throws -> SuiteReport {
        let suite = try GoldenSuite(specs: ["s/a.json", "s/b.json", "s/c.json"], golden: "root")
        let pass = CheckResult(name: "timeline", kind: .text, passed: true, message: "same")
        let fail = CheckResult(
            name: "states", kind: .state, passed: false, message: "tag 1: alpha 1 at 0.00 s, golden 0")
        return SuiteReport(
            suite: suite,
            reports: [
                CheckReport(suiteName: "refresh-frames check s/a.json", results: [pass, fail]),
                CheckReport(suiteName: "refresh-frames check s/b.json", results: [pass]),
                CheckReport(suiteName: "refresh-frames check s/c.json", results: [fail]),
            ])
    }

    @Test func oneSummaryOverEverySpec() throws {
        #expect(
            try Self.suiteReport().consoleLines() == [
                "s/a.json → root/a: 1 passed, 1 failed",
                "  states: tag 1: alpha 1 at 0.00 s, golden 0",
                "s/b.json → root/b: 1 passed, 0 failed",
                "s/c.json → root/c: 0 passed, 1 failed",
                "  states: tag 1: alpha 1 at 0.00 s, golden 0",
                "3 spec(s): 1 passed, 2 failed; checks: 2 passed, 2 failed",
            ])
    }

    @Test func acceptingNamesOnlyTheFailedSpecs() throws {
        var report = try Self.suiteReport()
        #expect(
            report.acceptCommand(options: ["--kind", "semantic"])
                == "refresh-frames check s/a.json s/c.json --golden root --kind semantic --record failed")
        // One failed spec of a suite: named with its own directory, so the command keeps the layout.
        report.reports[2].results = []
        #expect(
            report.acceptCommand(options: []) == "refresh-frames check s/a.json --golden root/a --record failed")
        report.reports[0].results = []
        #expect(report.acceptCommand(options: []) == nil)
    }

    @Test func oneJUnitFileWithATestSuitePerSpec() throws {
        let xml = try Self.suiteReport().junitXML(name: "refresh-frames check")
        let document = try XMLDocument(data: Data(xml.utf8))
        let root = try #require(document.rootElement())
        #expect(root.name == "testsuites")
        #expect(root.attribute(forName: "tests")?.stringValue == "4")
        #expect(root.attribute(forName: "failures")?.stringValue == "2")
        let suites = root.elements(forName: "testsuite")
        #expect(
            suites.map { $0.attribute(forName: "name")?.stringValue } == [
                "refresh-frames check s/a.json", "refresh-frames check s/b.json", "refresh-frames check s/c.json",
            ])
        #expect(suites.map { $0.attribute(forName: "failures")?.stringValue } == ["1", "0", "1"])
    }

    @Test func oneHTMLPageWithAPartPerSpecAndUniqueIds() throws {
        let html = try Self.suiteReport().html(name: "refresh-frames check")
        for heading in ["s/a.json → root/a", "s/b.json → root/b", "s/c.json → root/c"] {
            #expect(html.contains(heading))
        }
        #expect(html.contains("id=\"s0-check-1\"") && html.contains("id=\"s2-check-0\""))
        #expect(html.contains("3 spec(s): 1 passed, 2 failed; checks: 2 passed, 2 failed"))
    }

    @Test func imagesAreCopiedUnderNamesPerSpec() throws {
        var report = try Self.suiteReport()
        report.reports[1].results = [
            CheckResult(
                name: "frame 0", time: 0, passed: false, message: "differs", actualPath: "rep/b.frame-000.actual.png",
                goldenPath: "root/b/frame-000.png", diffPath: "gone.png")
        ]
        let (reports, copies) = report.withImagesCopied { $0 != "gone.png" }
        #expect(copies.map(\.1) == ["images/1-0-golden.png", "images/1-0-actual.png"])
        #expect(copies.map(\.0) == ["root/b/frame-000.png", "rep/b.frame-000.actual.png"])
        #expect(reports[1].results[0].diffPath == nil)
    }
}
