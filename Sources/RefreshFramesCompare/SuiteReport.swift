import Foundation
import RefreshFramesCore

/// The reports of one run over a `GoldenSuite`, rendered as one: a summary on the console, one
/// JUnit file with a `<testsuite>` per spec, one HTML page with a part per spec. A run of one spec
/// renders exactly as that spec's `CheckReport` does.
package struct SuiteReport: Sendable {
    package var suite: GoldenSuite
    /// One per member, in the same order.
    package var reports: [CheckReport]

    package init(suite: GoldenSuite, reports: [CheckReport]) {
        self.suite = suite
        self.reports = reports
    }

    package var passed: Bool { reports.allSatisfy(\.passed) }

    package var failedMembers: [GoldenSuite.Member] {
        zip(suite.members, reports).filter { !$0.1.passed }.map(\.0)
    }

    /// A lone spec's report as it has always been; else a line per spec (`spec → golden: totals`)
    /// with its failures indented under it, and a summary line last.
    package func consoleLines() -> [String] {
        if let line = suite.emptyShardLine { return [line] }
        if !suite.usesRoot, let report = reports.first { return report.consoleLines() }
        var lines: [String] = []
        for (member, report) in zip(suite.members, reports) {
            lines.append("\(member.spec) → \(member.golden): \(report.totalsLine)")
            lines += report.consoleLines().dropLast().map { "  " + $0 }
        }
        lines.append(summaryLine)
        return lines
    }

    /// `3 specs: 2 passed, 1 failed (shard 1/2 of 5 specs); checks: 23 passed, 1 failed`
    package var summaryLine: String {
        let failed = failedMembers.count
        var line = "\(reports.count) spec(s): \(reports.count - failed) passed, \(failed) failed"
        if let shard = suite.shard { line += " (shard \(shard) of \(suite.specs.count) spec(s))" }
        let passedChecks = reports.reduce(0) { $0 + $1.passedCount }
        let failedChecks = reports.reduce(0) { $0 + $1.failedCount }
        let recorded = reports.reduce(0) { $0 + $1.recordedCount }
        line += "; checks: \(passedChecks) passed, \(failedChecks) failed"
        return line + (recorded > 0 ? ", \(recorded) recorded" : "")
    }

    /// One `<testsuites>` with a `<testsuite>` per spec (a lone spec's report unchanged).
    package func junitXML(name: String) -> String {
        if !suite.usesRoot, let report = reports.first { return report.junitXML() }
        let tests = reports.reduce(0) { $0 + $1.results.count }
        let failures = reports.reduce(0) { $0 + $1.failedCount }
        let time = formatFixed(reports.reduce(0) { $0 + $1.totalSeconds }, decimals: 3)
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out +=
            "<testsuites name=\"\(xmlEscape(name))\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"0\" time=\"\(time)\">\n"
        for report in reports { out += report.junitTestSuite() }
        return out + "</testsuites>\n"
    }

    /// One page: a part per spec, headed by the spec and its golden directory (a lone spec's page unchanged).
    package func html(name: String) -> String {
        if !suite.usesRoot, let report = reports.first { return report.html() }
        var body = suite.emptyShardLine.map { "<p>\(xmlEscape($0))</p>\n" } ?? ""
        for (index, (member, report)) in zip(suite.members, reports).enumerated() {
            body += "<h1 id=\"spec-\(index)\">\(xmlEscape("\(member.spec) → \(member.golden)"))"
            body +=
                " <small>\(xmlEscape(report.totalsLine))</small></h1>\n" + report.htmlSections(idPrefix: "s\(index)-")
        }
        return CheckReport.htmlPage(heading: "\(name): golden check", totals: summaryLine, body: body)
    }

    /// The reports with each pixel image renamed to a file of `images/`, and the copies that makes:
    /// an HTML directory that opens from anywhere. `exists` tells which source images there are.
    package func withImagesCopied(exists: (String) -> Bool) -> (reports: [CheckReport], copies: [(String, String)]) {
        var copies: [(String, String)] = []
        let reports = self.reports.enumerated().map { specIndex, report in
            var copy = report
            for (index, result) in report.results.enumerated() {
                var r = result
                func copied(_ path: String?, _ role: String) -> String? {
                    guard r.kind == .pixels, let path, exists(path) else { return nil }
                    let name = "images/" + (suite.usesRoot ? "\(specIndex)-" : "") + "\(index)-\(role).png"
                    copies.append((path, name))
                    return name
                }
                r.goldenPath = copied(result.goldenPath, "golden")
                r.actualPath = copied(result.actualPath, "actual")
                r.diffPath = copied(result.diffPath, "diff")
                copy.results[index] = r
            }
            return copy
        }
        return (reports, copies)
    }

    /// The command that re-records what failed: the failing specs with `options` and `--record failed`.
    /// One failing spec of a suite is named with its own directory, so the command keeps its layout.
    package func acceptCommand(options: [String]) -> String? {
        let failed = failedMembers
        guard let first = failed.first else { return nil }
        let targets =
            failed.count == 1
            ? [first.spec, "--golden", first.golden] : failed.map(\.spec) + ["--golden", suite.golden]
        let words = ["refresh-frames", "check"] + targets + options + ["--record", "failed"]
        return words.map(Self.shellQuoted).joined(separator: " ")
    }

    /// A word as a POSIX shell reads it back: bare when safe, else in single quotes.
    package static func shellQuoted(_ word: String) -> String {
        let safe = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./,:=@%+")
        if !word.isEmpty && word.allSatisfy(safe.contains) { return word }
        return "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}

extension PixelTolerance {
    /// Each value from the first place that sets it: the command line, the spec's `golden`, the
    /// golden manifest; else the defaults (threshold 0.1, no differing pixels).
    package static func resolved(
        threshold: Double?, maxDiff: Double?, spec: GoldenTolerance?, manifest: GoldenManifest?
    ) -> PixelTolerance {
        let t = threshold ?? spec?.threshold ?? manifest?.threshold ?? 0.1
        let m = maxDiff ?? spec?.maxDiff ?? manifest?.maxDiff ?? 0
        return PixelTolerance(threshold: t, maxDifferingFraction: m / 100)
    }
}

extension GoldenCheck {
    /// The instants to check: `--at`, else every checkpoint, else every frame at `fps`, else the
    /// manifest's, else those of a semantic set's `states.json` (`stateTimes`), else `defaultInstants`.
    package static func instants(
        at requested: [Double]?, checkpoints: Bool, fps: Double?, timeline: Timeline, manifest: GoldenManifest?,
        stateTimes: [Double]? = nil
    ) -> [Double] {
        if let requested { return requested }
        if checkpoints { return timeline.checkpoints }
        if let fps { return timeline.frameTimes(fps: fps) }
        if let manifest, !manifest.frames.isEmpty { return manifest.frames.map(\.time) }
        if let stateTimes, !stateTimes.isEmpty { return stateTimes }
        return defaultInstants(timeline)
    }
}
