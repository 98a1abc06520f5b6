import Foundation
import Testing

/// What CI says when a golden check fails (issue 32), through the real binary: the accepting
/// command it prints keeps the set whole, report paths are checked before the work, and the
/// failure starts with what changed in the spec, by JSON path, old and new.
struct CIReportTests {
    /// marquee's control, recorded at the default instants, into a new directory.
    static func recordedMarquee(_ dir: String) throws -> String {
        let golden = dir + "/goldens/marquee"
        let r = try run(["record", samplePath("marquee"), "--golden", golden, "--only", "control"])
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        return golden
    }

    /// marquee with each `old` text replaced by its `new`, as `dir/marquee.json`.
    static func changedMarquee(_ dir: String, _ changes: [(String, String)]) throws -> String {
        var text = try String(contentsOfFile: samplePath("marquee"), encoding: .utf8)
        for (old, new) in changes {
            #expect(text.contains(old))
            text = text.replacingOccurrences(of: old, with: new)
        }
        let path = dir + "/marquee.json"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    static let movedLabel = ("\"3.centerX == superview.centerX - 19\"", "\"3.centerX == superview.centerX - 18\"")

    /// The options of a failing check; each case's printed accept command, run as printed, must
    /// make the next plain check pass.
    static let failingRuns: [[String]] = [
        [],
        ["--at", "0.3,0.55"],
        ["--kind", "semantic"],
        ["--kind", "pixels", "--threshold", "0.5"],
        ["--fps", "5"],
        ["--checkpoints"],
        ["--at", "0.3,0.55", "--kind", "semantic", "--max-diff", "50"],
    ]

    @Test(arguments: failingRuns)
    func theAcceptCommandAsPrintedMakesThePlainCheckPass(options: [String]) throws {
        let dir = try temporaryDirectory()
        let golden = try Self.recordedMarquee(dir)
        let spec = try Self.changedMarquee(dir, [Self.movedLabel])
        let report = dir + "/report"
        let failed = try run(["check", spec, "--golden", golden, "--report", report] + options)
        #expect(failed.status == 1, "\(failed.stdout)\(failed.stderr)")
        let prefix = "to accept these changes: "
        let last = try #require(failed.stdout.split(separator: "\n").last.map(String.init))
        #expect(last.hasPrefix(prefix + "refresh-frames check "), "\(last)")
        // The temporary paths need no quoting: the words are the command's arguments.
        #expect(!last.contains("'"))
        let words = last.dropFirst(prefix.count).split(separator: " ").dropFirst(1).map(String.init)
        let accepted = try run(words + ["--report", report])
        #expect(accepted.status == 0, "\(words)\n\(accepted.stdout)\(accepted.stderr)")
        let plain = try run(["check", spec, "--golden", golden, "--report", report])
        #expect(plain.status == 0, "after \(words):\n\(plain.stdout)\(plain.stderr)")
    }

    /// Typed by hand, '--record failed' at other instants than the set's is refused before anything is written.
    @Test func recordingFailedAtOtherInstantsIsRefusedAndLeavesTheSet() throws {
        let dir = try temporaryDirectory()
        let golden = try Self.recordedMarquee(dir)
        let before = try Data(contentsOf: URL(fileURLWithPath: golden + "/states.json"))
        let spec = try Self.changedMarquee(dir, [Self.movedLabel])
        let r = try run(["check", spec, "--golden", golden, "--at", "0.3,0.55", "--record", "failed"])
        #expect(r.status == 64, "\(r.stdout)\(r.stderr)")
        #expect(
            r.stderr.hasPrefix(
                "Error: '--record failed' at these instants would leave states.json at other instants than the ones a plain check uses (0.00, "
            ), "\(r.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: golden + "/states.json")) == before)
        #expect(contents(ofDirectory: dir + "/goldens") == ["marquee"])
        #expect(try run(["check", samplePath("marquee"), "--golden", golden]).status == 0)
    }

    /// `--junit` into a directory that does not exist yet: made, as `--html` and `--report` make theirs.
    @Test func everyReportFileHasItsParentsMade() throws {
        let dir = try temporaryDirectory()
        let golden = try Self.recordedMarquee(dir)
        let spec = try Self.changedMarquee(dir, [Self.movedLabel])
        let r = try run([
            "check", spec, "--golden", golden, "--junit", dir + "/out/a/junit.xml", "--html", dir + "/out/b/html",
            "--report", dir + "/out/c/images",
        ])
        #expect(r.status == 1, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.split(separator: "\n").last?.hasPrefix("to accept these changes: ") == true)
        #expect(FileManager.default.fileExists(atPath: dir + "/out/a/junit.xml"))
        #expect(FileManager.default.fileExists(atPath: dir + "/out/b/html/index.html"))
        #expect(!contents(ofDirectory: dir + "/out/c/images").isEmpty)
    }

    struct BadOutput: CustomTestStringConvertible, Sendable {
        var option: String
        var path: String
        var expected: String
        var testDescription: String { "\(option) \(path)" }
    }

    /// A report path that cannot be made fails at once (exit 2), before any spec is checked.
    static let badOutputs: [BadOutput] = [
        BadOutput(
            option: "--junit", path: "file/junit.xml",
            expected: "file/junit.xml: error: --junit: 'file' is not a directory"),
        BadOutput(option: "--html", path: "file/html", expected: "file/html: error: --html: 'file' is not a directory"),
        BadOutput(
            option: "--report", path: "file/r/images",
            expected: "file/r/images: error: --report: 'file' is not a directory"),
    ]

    @Test(arguments: badOutputs)
    func aReportPathThatCannotBeMadeFailsBeforeTheWork(output: BadOutput) throws {
        let dir = try temporaryDirectory()
        let golden = try Self.recordedMarquee(dir)
        let spec = try Self.changedMarquee(dir, [Self.movedLabel])
        try Data("x".utf8).write(to: URL(fileURLWithPath: dir + "/file"))
        var arguments = ["check", spec, "--golden", golden, output.option, output.path]
        if output.option != "--report" { arguments += ["--report", dir + "/images"] }
        let r = try run(arguments, in: dir)
        #expect(r.status == 2, "\(r.stdout)\(r.stderr)")
        #expect(r.stderr == output.expected + "\n")
        #expect(r.stdout.isEmpty)
        #expect(contents(ofDirectory: dir) == ["file", "goldens", "marquee.json"])
    }

    struct SpecEdit: CustomTestStringConvertible, Sendable {
        var old: String
        var new: String
        var line: String
        var testDescription: String { line }
    }

    /// The three changes of issue 32, each named by its JSON path with the old and new value.
    static let specEdits: [SpecEdit] = [
        SpecEdit(
            old: "{\"duration\": 0.1, \"curve\": \"linear\", \"set\": {\"transform\": \"identity\"",
            new: "{\"duration\": 0.12, \"curve\": \"linear\", \"set\": {\"transform\": \"identity\"",
            line: "program.cycle[0].each.steps[1].animate.duration: 0.1 → 0.12"),
        SpecEdit(
            old: movedLabel.0, new: movedLabel.1,
            line: "constraints[12]: \"3.centerX == superview.centerX - 19\" → \"3.centerX == superview.centerX - 18\""),
        SpecEdit(
            old: "\"palette\": [\"magenta\",", new: "\"palette\": [\"#F000F0\",", line: "palette[0]: magenta → #F000F0"),
    ]

    @Test(arguments: specEdits)
    func aFailureStartsWithWhatChangedInTheSpec(edit: SpecEdit) throws {
        let dir = try temporaryDirectory()
        let golden = try Self.recordedMarquee(dir)
        let spec = try Self.changedMarquee(dir, [(edit.old, edit.new)])
        let r = try run([
            "check", spec, "--golden", golden, "--report", dir + "/images", "--junit", dir + "/junit.xml", "--html",
            dir + "/html",
        ])
        #expect(r.status == 1, "\(r.stdout)\(r.stderr)")
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(
            Array(lines.prefix(3)) == [
                "what changed in the spec since the goldens were recorded:", "  " + edit.line, "its effect:",
            ], "\(r.stdout)")
        let junit = try String(contentsOfFile: dir + "/junit.xml", encoding: .utf8)
        #expect(junit.contains("<failure message=\"spec changed: \(xmlText(edit.line)) — "), "\(junit)")
        let html = try String(contentsOfFile: dir + "/html/index.html", encoding: .utf8)
        #expect(html.contains("<li><code>\(xmlText(edit.line))</code></li>"))
    }

    /// Goldens recorded before manifests kept their spec still check; the summary says only that the spec changed.
    @Test func goldensWithoutARecordedSpecStillCheck() throws {
        let dir = try temporaryDirectory()
        let golden = try Self.recordedMarquee(dir)
        let manifestPath = golden + "/manifest.json"
        let manifest = try String(contentsOfFile: manifestPath, encoding: .utf8)
        let start = try #require(manifest.range(of: ",\n  \"spec\": {"))
        let end = try #require(manifest.range(of: ",\n  \"specHash\""))
        let old = manifest.replacingCharacters(in: start.lowerBound..<end.lowerBound, with: "")
        try Data(old.utf8).write(to: URL(fileURLWithPath: manifestPath))
        #expect(try run(["check", samplePath("marquee"), "--golden", golden]).status == 0)
        let spec = try Self.changedMarquee(dir, [Self.movedLabel])
        let r = try run(["check", spec, "--golden", golden, "--report", dir + "/images"])
        #expect(r.status == 1)
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "what changed in the spec since the goldens were recorded:")
        #expect(
            lines.dropFirst().first?.hasPrefix("  the spec changed since the goldens were recorded (") == true,
            "\(r.stdout)")
        #expect(
            lines.dropFirst().first?.hasSuffix(
                "); their manifest records no spec to say what changed (re-recording records it)") == true)
    }

    /// `--markdown FILE` and `$GITHUB_STEP_SUMMARY`: the same summary, the step's appended to what is there.
    @Test func aMarkdownSummaryForThePullRequestAndTheStepSummary() throws {
        let dir = try temporaryDirectory()
        let golden = try Self.recordedMarquee(dir)
        let spec = try Self.changedMarquee(dir, [Self.movedLabel])
        let step = dir + "/step-summary.md"
        try Data("an earlier step's summary\n".utf8).write(to: URL(fileURLWithPath: step))
        let r = try run(
            [
                "check", spec, "--golden", golden, "--report", dir + "/images", "--html", dir + "/html",
                "--markdown", dir + "/out/summary.md",
            ],
            environment: [
                "GITHUB_STEP_SUMMARY": step, "GITHUB_SERVER_URL": "https://github.com",
                "GITHUB_REPOSITORY": "team/app", "GITHUB_RUN_ID": "42",
            ])
        #expect(r.status == 1, "\(r.stdout)\(r.stderr)")
        let markdown = try String(contentsOfFile: dir + "/out/summary.md", encoding: .utf8)
        let accept = try #require(r.stdout.split(separator: "\n").last).dropFirst("to accept these changes: ".count)
        let expectedStart = """
            ## refresh-frames check: 1 of 1 spec(s) failed

            | spec | golden | checks |
            |---|---|---|
            | ❌ `\(spec)` | `\(golden)` |
            """
        #expect(markdown.hasPrefix(expectedStart), "\(markdown)")
        #expect(
            markdown.contains(
                "What changed in the spec since the goldens were recorded:\n\n- `constraints[12]: \"3.centerX == superview.centerX - 19\" → \"3.centerX == superview.centerX - 18\"`\n\nIts effect:\n\n- `timeline: 6 lines removed, 6 added (-golden / +actual), first difference at line 3`\n- `states: tags 1–6: x +1 pt at every instant`\n"
            ), "\(markdown)")
        #expect(markdown.contains("```sh\n\(accept)\n```\n"))
        #expect(
            markdown.hasSuffix(
                "Reports: the HTML report: `\(dir)/html/index.html`, [the run's artifacts](https://github.com/team/app/actions/runs/42#artifacts)\n"
            ), "\(markdown)")
        #expect(try String(contentsOfFile: step, encoding: .utf8) == "an earlier step's summary\n" + markdown)
        // A passing run appends its table too.
        let passing = try run(
            ["check", samplePath("marquee"), "--golden", golden, "--report", dir + "/images"],
            environment: ["GITHUB_STEP_SUMMARY": step])
        #expect(passing.status == 0)
        #expect(
            try String(contentsOfFile: step, encoding: .utf8).hasSuffix(
                "## refresh-frames check: every golden matched\n\n| spec | golden | checks |\n|---|---|---|\n| ✅ `\(samplePath("marquee"))` | `\(golden)` | 8 passed, 0 failed |\n"
            ))
    }

    /// One shift of every label (a constraint's constant) is one line in the output, the HTML and
    /// JUnit's message, not a line per label and instant.
    @Test func aRepeatedStateDifferenceIsOneLine() throws {
        let dir = try temporaryDirectory()
        let golden = try Self.recordedMarquee(dir)
        let spec = try Self.changedMarquee(dir, [Self.movedLabel])
        let r = try run([
            "check", spec, "--golden", golden, "--report", dir + "/images", "--junit", dir + "/junit.xml", "--html",
            dir + "/html",
        ])
        #expect(r.status == 1, "\(r.stdout)\(r.stderr)")
        let line = "tags 1–6: x +1 pt at every instant"
        #expect(r.stdout.split(separator: "\n").contains { $0 == "states: " + line }, "\(r.stdout)")
        #expect(!r.stdout.contains("golden [98.5"))
        let junit = try String(contentsOfFile: dir + "/junit.xml", encoding: .utf8)
        #expect(junit.contains(" — \(line)\" type=\"state mismatch\">"), "\(junit)")
        let html = try String(contentsOfFile: dir + "/html/index.html", encoding: .utf8)
        #expect(html.contains("<h2>states</h2>\n<p>\(line)</p>"), "\(html)")
    }

    /// A semantic set recorded at chosen instants into a new directory is whole: a plain check
    /// passes, checks its states at those instants, and the accept command of a change keeps it so.
    @Test func aSemanticSetAtChosenInstantsPassesAPlainCheck() throws {
        let dir = try temporaryDirectory()
        let golden = dir + "/goldens/marquee"
        let recorded = try run([
            "record", samplePath("marquee"), "--golden", golden, "--kind", "semantic", "--at", "0.3,0.55",
        ])
        #expect(recorded.status == 0, "\(recorded.stdout)\(recorded.stderr)")
        let plain = try run(["check", samplePath("marquee"), "--golden", golden, "--report", dir + "/images"])
        #expect(plain.status == 0, "\(plain.stdout)\(plain.stderr)")
        #expect(plain.stdout == "2 passed, 0 failed\n")
        let spec = try Self.changedMarquee(dir, [Self.movedLabel])
        let failed = try run(["check", spec, "--golden", golden, "--report", dir + "/images"])
        #expect(failed.status == 1, "\(failed.stdout)\(failed.stderr)")
        #expect(failed.stdout.contains("states: tags 1–6: x +1 pt at every instant\n"), "\(failed.stdout)")
        let prefix = "to accept these changes: refresh-frames "
        let last = try #require(failed.stdout.split(separator: "\n").last.map(String.init))
        #expect(last.hasPrefix(prefix), "\(last)")
        let accepted = try run(
            last.dropFirst(prefix.count).split(separator: " ").map(String.init) + ["--report", dir + "/images"])
        #expect(accepted.status == 0, "\(accepted.stdout)\(accepted.stderr)")
        let after = try run(["check", spec, "--golden", golden, "--report", dir + "/images"])
        #expect(after.status == 0, "\(after.stdout)\(after.stderr)")
        let states = try String(contentsOfFile: golden + "/states.json", encoding: .utf8)
        #expect(states.hasPrefix("[\n{\"time\": 0.3,"), "\(states.prefix(80))")
        #expect(contents(ofDirectory: golden) == ["manifest.json", "states.json", "timeline.txt"])
    }

    /// XML text as the reports escape it.
    func xmlText(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }
}
