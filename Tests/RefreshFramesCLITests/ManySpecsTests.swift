import Foundation
import Testing

/// `check a.json b.json … --golden ROOT` and its shards, through the real binary.
struct ManySpecsTests {
    static let samples = ["classic-spinner", "color-dots", "marquee", "rotate-scale"]

    /// The specs a run's console lines name (`spec → golden: totals`), as file names.
    func checkedSpecs(_ stdout: String) -> [String] {
        stdout.split(separator: "\n").compactMap { line in
            guard let arrow = line.range(of: " → "), !line.hasPrefix(" ") else { return nil }
            return ((String(line[..<arrow.lowerBound]) as NSString).lastPathComponent as NSString)
                .deletingPathExtension
        }
    }

    @Test func oneRunKeepsADirectoryPerSpecAndReportsEachAsATestSuite() throws {
        let dir = try temporaryDirectory()
        let specs = Self.samples.map(samplePath)
        let record = try run(["record"] + specs + ["--golden", dir + "/goldens", "--kind", "semantic"])
        #expect(record.status == 0, "\(record.stderr)")
        #expect(contents(ofDirectory: dir + "/goldens") == Self.samples)
        #expect(contents(ofDirectory: dir + "/goldens/marquee") == ["manifest.json", "states.json", "timeline.txt"])
        #expect(record.stdout.hasSuffix("4 spec(s): 4 passed, 0 failed; checks: 8 passed, 0 failed, 8 recorded\n"))
        // One spec changes: only its suite fails, and the accepting command names its own directory.
        let changed = dir + "/marquee.json"
        let text = try String(contentsOfFile: samplePath("marquee"), encoding: .utf8)
        try Data(
            text.replacingOccurrences(of: "\"contentAlphaFollowsPull\": 60", with: "\"contentAlphaFollowsPull\": 80")
                .utf8
        )
        .write(to: URL(fileURLWithPath: changed))
        let others = ["classic-spinner", "color-dots", "rotate-scale"].map(samplePath)
        let check = try run(
            ["check", changed] + others + [
                "--golden", dir + "/goldens", "--kind", "semantic", "--junit", dir + "/junit.xml", "--html",
                dir + "/html",
            ])
        #expect(check.status == 1)
        #expect(checkedSpecs(check.stdout) == ["marquee", "classic-spinner", "color-dots", "rotate-scale"])
        let lines = check.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains("\(changed) → \(dir)/goldens/marquee: 1 passed, 1 failed"))
        #expect(lines.contains("4 spec(s): 3 passed, 1 failed; checks: 7 passed, 1 failed"))
        #expect(
            lines.last
                == "to accept these changes: refresh-frames check \(changed) --golden \(dir)/goldens/marquee --kind semantic --record failed"
        )
        let junit = try String(contentsOfFile: dir + "/junit.xml", encoding: .utf8)
        #expect(junit.components(separatedBy: "<testsuite ").count - 1 == 4)
        #expect(junit.contains("<testsuites name=\"refresh-frames check\" tests=\"8\" failures=\"1\""))
        let html = try String(contentsOfFile: dir + "/html/index.html", encoding: .utf8)
        #expect(html.contains("\(changed) → \(dir)/goldens/marquee"))
        // Accepted as printed, the suite passes again.
        let accept = try run(
            ["check", changed, "--golden", dir + "/goldens/marquee", "--kind", "semantic", "--record", "failed"])
        #expect(accept.status == 0)
        #expect(
            try run(["check", changed] + others + ["--golden", dir + "/goldens", "--kind", "semantic"]).status == 0)
    }

    /// Checked at other instants than those recorded, each spec's note names it.
    @Test func eachSpecsNoteNamesIt() throws {
        let dir = try temporaryDirectory()
        let specs = ["marquee", "classic-spinner"].map(samplePath)
        let record = try run(
            ["record"] + specs + ["--golden", dir, "--kind", "pixels", "--only", "control", "--at", "0.3"])
        #expect(record.status == 0, "\(record.stderr)")
        let check = try run(
            ["check"] + specs + ["--golden", dir, "--kind", "pixels", "--only", "control", "--at", "0.5"])
        #expect(check.status == 1)
        let notes = check.stderr.split(separator: "\n").map(String.init).filter {
            $0.contains("note: checking instants")
        }
        #expect(
            notes
                == specs.map {
                    "\($0): note: checking instants other than the recorded ones (0.30 s); instants without a golden fail"
                })
    }

    @Test func twoSpecsWithOneFileNameAreAUsageError() throws {
        let dir = try temporaryDirectory()
        try FileManager.default.copyItem(atPath: samplePath("marquee"), toPath: dir + "/marquee.json")
        let r = try run(["check", samplePath("marquee"), dir + "/marquee.json", "--golden", dir + "/g"])
        #expect(r.status == 64)
        #expect(
            r.stderr.split(separator: "\n").first
                == "Error: '\(samplePath("marquee"))' and '\(dir)/marquee.json' have the same file name: their goldens would share '\(dir)/g/marquee'; rename one or check them in separate runs."
        )
        #expect(!FileManager.default.fileExists(atPath: dir + "/g"))
    }

    /// Every shard count, by `--shard i/n` and by Bazel's variables: each spec is checked by exactly one shard.
    @Test(arguments: [2, 5])
    func shardsCoverEverySpecExactlyOnce(count: Int) throws {
        let dir = try temporaryDirectory()
        let specs = Self.samples.map(samplePath)
        var byOption: [String] = []
        var byBazel: [String] = []
        for index in 0..<count {
            let golden = "\(dir)/option-\(index)"
            let r = try run(
                ["record"] + specs + ["--golden", golden, "--kind", "semantic", "--shard", "\(index + 1)/\(count)"])
            #expect(r.status == 0, "\(r.stderr)")
            byOption += checkedSpecs(r.stdout)
            #expect(contents(ofDirectory: golden) == checkedSpecs(r.stdout).sorted())
            let status = "\(dir)/status-\(index)"
            let bazel = try run(
                ["record"] + specs.reversed() + ["--golden", "\(dir)/bazel-\(index)", "--kind", "semantic"],
                environment: [
                    "TEST_TOTAL_SHARDS": "\(count)", "TEST_SHARD_INDEX": "\(index)", "TEST_SHARD_STATUS_FILE": status,
                ])
            #expect(bazel.status == 0, "\(bazel.stderr)")
            #expect(FileManager.default.fileExists(atPath: status))
            // The same partition whatever order the specs are given in.
            #expect(checkedSpecs(bazel.stdout).sorted() == checkedSpecs(r.stdout).sorted())
            byBazel += checkedSpecs(bazel.stdout)
            if checkedSpecs(r.stdout).isEmpty {
                #expect(r.stdout == "shard \(index + 1)/\(count) holds none of the 4 spec(s): nothing to check\n")
            }
        }
        #expect(byOption.sorted() == Self.samples)
        #expect(byBazel.sorted() == Self.samples)
    }

    @Test(
        arguments: [
            (
                ["--shard", "0/2"], [:],
                "Error: Invalid value '0/2' for '--shard': expected i/n with 1 ≤ i ≤ n, e.g. 2/3."
            ),
            (
                ["--shard", "3/2"], [:],
                "Error: Invalid value '3/2' for '--shard': expected i/n with 1 ≤ i ≤ n, e.g. 2/3."
            ),
            (
                ["--shard", "half"], [:],
                "Error: Invalid value 'half' for '--shard': expected i/n with 1 ≤ i ≤ n, e.g. 2/3."
            ),
            (
                [], ["TEST_TOTAL_SHARDS": "2", "TEST_SHARD_INDEX": "2"],
                "Error: TEST_SHARD_INDEX is '2': expected 0 to 1 with TEST_TOTAL_SHARDS=2."
            ),
            (
                [], ["TEST_TOTAL_SHARDS": "two", "TEST_SHARD_INDEX": "0"],
                "Error: TEST_TOTAL_SHARDS is 'two': expected a whole number of shards, at least 1."
            ),
        ] as [([String], [String: String], String)])
    func badShardsAreUsageErrors(options: [String], environment: [String: String], message: String) throws {
        let dir = try temporaryDirectory()
        let r = try run(
            ["check", samplePath("marquee"), "--golden", dir + "/g"] + options, environment: environment)
        #expect(r.status == 64)
        #expect(r.stderr.split(separator: "\n").first.map(String.init) == message)
        #expect(r.stdout.isEmpty)
    }
}
