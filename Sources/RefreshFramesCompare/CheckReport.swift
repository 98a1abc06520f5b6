import RefreshFramesCore

/// The result of one golden check: a frame, a text dump or a state checkpoint.
package struct CheckResult: Sendable, Equatable {
    package enum Kind: String, Sendable {
        case pixels
        case text
        case state
    }

    /// `frame 12`, `timeline`, `state 0.30 s`
    package var name: String
    /// The animation time the check looks at, in seconds.
    package var time: Double?
    package var kind: Kind
    package var passed: Bool
    /// A golden was written by this run instead of compared (counts as passed, always reported).
    package var recorded: Bool
    /// One line: `0.4% of pixels differ, max Δ 37, tolerance 0.1%`.
    package var message: String
    /// Longer text: exact counts, a unified diff, every changed property.
    package var details: String?
    /// Image paths as the report should link them (relative to the report's directory).
    package var actualPath: String?
    package var goldenPath: String?
    package var diffPath: String?
    /// Seconds the check took, for JUnit's `time`.
    package var duration: Double
    /// The pixels that differ, for a report's zoom and crop.
    package var changedRegion: PixelRect?
    /// A frame's size in pixels, for a report's crop.
    package var frameSize: PixelSize?
    /// Where the refresh control shows in a frame of the whole screen (nil: a frame of the control
    /// alone, or the control out of sight): what a report shows of a screen golden first.
    package var controlRegion: PixelRect?

    package init(
        name: String, time: Double? = nil, kind: Kind = .pixels, passed: Bool, recorded: Bool = false, message: String,
        details: String? = nil, actualPath: String? = nil, goldenPath: String? = nil, diffPath: String? = nil,
        duration: Double = 0
    ) {
        self.name = name
        self.time = time
        self.kind = kind
        self.passed = passed
        self.recorded = recorded
        self.message = message
        self.details = details
        self.actualPath = actualPath
        self.goldenPath = goldenPath
        self.diffPath = diffPath
        self.duration = duration
    }

    package init(
        name: String, time: Double? = nil, kind: Kind = .pixels, outcome: CheckOutcome, actualPath: String? = nil,
        goldenPath: String? = nil, diffPath: String? = nil, duration: Double = 0
    ) {
        self.init(
            name: name, time: time, kind: kind, passed: outcome.passed, message: outcome.message,
            details: outcome.details, actualPath: actualPath, goldenPath: goldenPath, diffPath: diffPath,
            duration: duration)
        changedRegion = outcome.changedRegion
    }

    /// `frame 12 (t=0.40s)`
    package var title: String {
        guard let time else { return name }
        return "\(name) (t=\(formatSeconds(time))s)"
    }

    /// `frame 12 (t=0.40s): 0.4% of pixels differ, max Δ 37, tolerance 0.1%`
    package var line: String { "\(title): \(message)" }
}

/// Every check of a run, rendered for the console, for CI (JUnit XML) and for people (HTML).
package struct CheckReport: Sendable, Equatable {
    package var suiteName: String
    package var results: [CheckResult]
    /// The fonts `manifest.json` says the goldens were rendered with, and the fonts of this run.
    package var goldenFonts: [FontFingerprint]?
    package var currentFonts: [FontFingerprint]?
    /// The image files `manifest.json` says the goldens were rendered with, and this run's (nil: none).
    package var goldenImages: [FontFingerprint]?
    package var currentImages: [FontFingerprint]?
    /// The app's own files the spec reads, as `manifest.json` records them and as they are now: the
    /// Swift program's files (nil or empty: a JSON program) and the xib of its layout (nil: none).
    package var goldenSwift: [FontFingerprint]?
    package var currentSwift: [FontFingerprint]?
    package var goldenXIB: FontFingerprint?
    package var currentXIB: FontFingerprint?
    /// The spec hash `manifest.json` records, and the hash of the spec this run checked.
    package var goldenSpecHash: String?
    package var currentSpecHash: String?
    /// What changed in the spec since the goldens were recorded, a `path: old → new` line per value
    /// (`SpecChange.summary`); set on a failing check, printed before its failures.
    package var specChanges: [String] = []

    package init(
        suiteName: String, results: [CheckResult] = [], goldenFonts: [FontFingerprint]? = nil,
        currentFonts: [FontFingerprint]? = nil
    ) {
        self.suiteName = suiteName
        self.results = results
        self.goldenFonts = goldenFonts
        self.currentFonts = currentFonts
    }

    package mutating func append(_ result: CheckResult) {
        results.append(result)
    }

    package var passedCount: Int { results.count { $0.passed } }
    package var failedCount: Int { results.count { !$0.passed } }
    package var recordedCount: Int { results.count { $0.recorded } }
    package var passed: Bool { failedCount == 0 }

    /// When a pixel check failed and the fonts differ from the manifest's: the likely cause, in one line.
    package var fontHint: String? {
        guard results.contains(where: { !$0.passed && $0.kind == .pixels }), let goldenFonts, let currentFonts else {
            return nil
        }
        let differences = FontFingerprint.differences(golden: goldenFonts, current: currentFonts)
        guard !differences.isEmpty else { return nil }
        if let goldenSpecHash, let currentSpecHash, goldenSpecHash != currentSpecHash {
            return "both the spec (\(goldenSpecHash.prefix(12)) → \(currentSpecHash.prefix(12))) and the fonts "
                + "(\(differences.joined(separator: ", "))) changed since the goldens were recorded: either can cause "
                + "these differences; check the spec's change first, then re-record or install the same fonts"
        }
        return "fonts differ from the goldens' manifest (\(differences.joined(separator: ", "))): "
            + "re-record or install the same fonts; this is the likely cause"
    }

    /// When a pixel check failed and the spec's image files differ from the manifest's: the likely
    /// cause, naming them, in one line.
    package var imageHint: String? {
        guard results.contains(where: { !$0.passed && $0.kind == .pixels }) else { return nil }
        let differences = FontFingerprint.differences(golden: goldenImages ?? [], current: currentImages ?? [])
        guard !differences.isEmpty else { return nil }
        return "images differ from the goldens' manifest (\(differences.joined(separator: ", "))): "
            + "this is the likely cause; check the image's change, then re-record"
    }

    /// When a check failed and the app's Swift code or xib differs from what the goldens recorded:
    /// the likely cause, naming the changed files, in one line. Nothing for files the manifest never
    /// recorded (older goldens, or a spec that did not read them then: its own change says so).
    package var sourceHint: String? {
        guard !passed else { return nil }
        let swift =
            (goldenSwift ?? []).isEmpty
            ? [] : FontFingerprint.differences(golden: goldenSwift ?? [], current: currentSwift ?? [])
        let xib =
            goldenXIB.map { FontFingerprint.differences(golden: [$0], current: currentXIB.map { [$0] } ?? []) } ?? []
        guard !swift.isEmpty || !xib.isEmpty else { return nil }
        let what = xib.isEmpty ? "Swift code" : swift.isEmpty ? "xib" : "Swift code and xib"
        return "the app's \(what) changed since the goldens were recorded (\((swift + xib).joined(separator: ", "))): "
            + "this is the likely cause; check the change, then re-record"
    }

    /// `N passed, M failed`, with `, K recorded` when goldens were written.
    package var totalsLine: String {
        "\(passedCount) passed, \(failedCount) failed" + (recordedCount > 0 ? ", \(recordedCount) recorded" : "")
    }

    /// The heading that introduces `specChanges`.
    package static let specChangesHeading = "what changed in the spec since the goldens were recorded:"

    /// The heading and a line per changed spec value, indented; empty when there is nothing to say.
    package var specChangeLines: [String] {
        guard !passed, !specChanges.isEmpty else { return [] }
        return [Self.specChangesHeading] + specChanges.map { "  " + $0 } + ["its effect:"]
    }

    /// How many lines of a text dump's diff the console shows.
    package static let diffLines = 16

    /// One line per failed (and recorded, loudly) check, the font hint, and the totals line last.
    package func consoleLines(includePassing: Bool = false) -> [String] {
        var lines = specChangeLines
        for result in results {
            if result.recorded {
                lines.append("\(result.title): RECORDED new golden" + (result.goldenPath.map { " '\($0)'" } ?? ""))
            } else if !result.passed || includePassing {
                lines.append(result.line)
                // A text dump's first differing lines, as a unified diff.
                if !result.passed, result.kind == .text, let details = result.details {
                    let diff = details.split(separator: "\n", omittingEmptySubsequences: false)
                    lines += diff.prefix(Self.diffLines).map { "    " + $0 }
                    if diff.count > Self.diffLines { lines.append("    … \(diff.count - Self.diffLines) more lines") }
                }
            }
        }
        if let fontHint { lines.append(fontHint) }
        if let imageHint { lines.append(imageHint) }
        if let sourceHint { lines.append(sourceHint) }
        lines.append(totalsLine)
        return lines
    }
}
