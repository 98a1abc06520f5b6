import RefreshFramesCore

extension SuiteReport {
    /// A Markdown summary of the run, for `$GITHUB_STEP_SUMMARY` or a pull-request comment: a
    /// table of the specs, then for each failing one what changed in its spec, what that did (its
    /// failures), and the command that accepts it; `links` name the reports (`--html`, `--junit`),
    /// `runURL` the CI run that holds them as artifacts.
    package func markdown(name: String, accept: String?, links: [(String, String)] = [], runURL: String? = nil)
        -> String
    {
        let failed = failedMembers.count
        var out = "## \(name): "
        out += failed == 0 ? "every golden matched\n\n" : "\(failed) of \(reports.count) spec(s) failed\n\n"
        if let line = suite.emptyShardLine { return out + line + "\n" }
        out += "| spec | golden | checks |\n|---|---|---|\n"
        for (member, report) in zip(suite.members, reports) {
            let mark = report.passed ? "✅" : "❌"
            out +=
                "| \(mark) \(Self.code(member.spec, inTable: true)) | \(Self.code(member.golden, inTable: true)) | \(report.totalsLine) |\n"
        }
        for (member, report) in zip(suite.members, reports) where !report.passed {
            out += "\n### \(Self.code(member.spec))\n\n"
            if !report.specChanges.isEmpty {
                out += "What changed in the spec since the goldens were recorded:\n\n"
                for change in report.specChanges { out += "- \(Self.code(change))\n" }
                out += "\nIts effect:\n\n"
            }
            let failures = report.results.filter { !$0.passed }
            for result in failures.prefix(Self.markdownFailures) { out += "- \(Self.code(result.line))\n" }
            if failures.count > Self.markdownFailures {
                out += "- … and \(failures.count - Self.markdownFailures) more failed checks\n"
            }
            if let fontHint = report.fontHint { out += "\n> \(fontHint)\n" }
        }
        if let accept {
            out += "\nTo accept these changes, run this locally and commit the goldens it writes:\n\n"
            out += "```sh\n\(accept)\n```\n"
        }
        if !links.isEmpty || runURL != nil {
            out += "\n"
            var parts = links.map { "\($0.0): \(Self.code($0.1))" }
            if let runURL { parts.append("[the run's artifacts](\(runURL)#artifacts)") }
            out += "Reports: " + parts.joined(separator: ", ") + "\n"
        }
        return out
    }

    /// How many failed checks a spec's part lists.
    package static let markdownFailures = 10

    /// `text` as a Markdown code span, whatever backticks it holds; one line (in a table, its `|` escaped).
    static func code(_ text: String, inTable: Bool = false) -> String {
        var line = text.replacingOccurrences(of: "\n", with: " ")
        if inTable { line = line.replacingOccurrences(of: "|", with: "\\|") }
        var fence = "`"
        while line.contains(fence) { fence += "`" }
        let pad = line.hasPrefix("`") || line.hasSuffix("`") ? " " : ""
        return fence + pad + line + pad + fence
    }
}
