import RefreshFramesCore

/// The result of one golden check: a frame, a text dump or a state checkpoint.
public struct CheckResult: Sendable, Equatable {
    public enum Kind: String, Sendable {
        case pixels
        case text
        case state
    }

    /// `frame 12`, `timeline`, `state 0.30 s`
    public var name: String
    /// The animation time the check looks at, in seconds.
    public var time: Double?
    public var kind: Kind
    public var passed: Bool
    /// A golden was written by this run instead of compared (counts as passed, always reported).
    public var recorded: Bool
    /// One line: `0.4% of pixels differ, max Δ 37, tolerance 0.1%`.
    public var message: String
    /// Longer text: exact counts, a unified diff, every changed property.
    public var details: String?
    /// Image paths as the report should link them (relative to the report's directory).
    public var actualPath: String?
    public var goldenPath: String?
    public var diffPath: String?
    /// Seconds the check took, for JUnit's `time`.
    public var duration: Double
    /// The pixels that differ, for a report's zoom and crop.
    public var changedRegion: PixelRect?
    /// A frame's size in pixels, for a report's crop.
    public var frameSize: PixelSize?
    /// Where the refresh control shows in a frame of the whole screen (nil: a frame of the control
    /// alone, or the control out of sight): what a report shows of a screen golden first.
    public var controlRegion: PixelRect?

    public init(
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

    public init(
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
    public var title: String {
        guard let time else { return name }
        return "\(name) (t=\(formatSeconds(time))s)"
    }

    /// `frame 12 (t=0.40s): 0.4% of pixels differ, max Δ 37, tolerance 0.1%`
    public var line: String { "\(title): \(message)" }
}

/// Every check of a run, rendered for the console, for CI (JUnit XML) and for people (HTML).
public struct CheckReport: Sendable, Equatable {
    public var suiteName: String
    public var results: [CheckResult]
    /// The fonts `manifest.json` says the goldens were rendered with, and the fonts of this run.
    public var goldenFonts: [FontFingerprint]?
    public var currentFonts: [FontFingerprint]?
    /// The image files `manifest.json` says the goldens were rendered with, and this run's (nil: none).
    public var goldenImages: [FontFingerprint]?
    public var currentImages: [FontFingerprint]?
    /// The spec hash `manifest.json` records, and the hash of the spec this run checked.
    public var goldenSpecHash: String?
    public var currentSpecHash: String?
    /// What changed in the spec since the goldens were recorded, a `path: old → new` line per value
    /// (`SpecChange.summary`); set on a failing check, printed before its failures.
    public var specChanges: [String] = []

    public init(
        suiteName: String, results: [CheckResult] = [], goldenFonts: [FontFingerprint]? = nil,
        currentFonts: [FontFingerprint]? = nil
    ) {
        self.suiteName = suiteName
        self.results = results
        self.goldenFonts = goldenFonts
        self.currentFonts = currentFonts
    }

    public mutating func append(_ result: CheckResult) {
        results.append(result)
    }

    public var passedCount: Int { results.count { $0.passed } }
    public var failedCount: Int { results.count { !$0.passed } }
    public var recordedCount: Int { results.count { $0.recorded } }
    public var passed: Bool { failedCount == 0 }

    /// When a pixel check failed and the fonts differ from the manifest's: the likely cause, in one line.
    public var fontHint: String? {
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
    public var imageHint: String? {
        guard results.contains(where: { !$0.passed && $0.kind == .pixels }) else { return nil }
        let differences = FontFingerprint.differences(golden: goldenImages ?? [], current: currentImages ?? [])
        guard !differences.isEmpty else { return nil }
        return "images differ from the goldens' manifest (\(differences.joined(separator: ", "))): "
            + "this is the likely cause; check the image's change, then re-record"
    }

    /// `N passed, M failed`, with `, K recorded` when goldens were written.
    public var totalsLine: String {
        "\(passedCount) passed, \(failedCount) failed" + (recordedCount > 0 ? ", \(recordedCount) recorded" : "")
    }

    /// The heading that introduces `specChanges`.
    public static let specChangesHeading = "what changed in the spec since the goldens were recorded:"

    /// The heading and a line per changed spec value, indented; empty when there is nothing to say.
    public var specChangeLines: [String] {
        guard !passed, !specChanges.isEmpty else { return [] }
        return [Self.specChangesHeading] + specChanges.map { "  " + $0 } + ["its effect:"]
    }

    /// How many lines of a text dump's diff the console shows.
    public static let diffLines = 16

    /// One line per failed (and recorded, loudly) check, the font hint, and the totals line last.
    public func consoleLines(includePassing: Bool = false) -> [String] {
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
        lines.append(totalsLine)
        return lines
    }
}
