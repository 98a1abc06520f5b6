import Foundation
import RefreshFramesCore
import RefreshFramesExport

/// What a `check` or `record` command line asks of every spec of the run; with a spec and its
/// golden manifest it becomes that spec's `GoldenCheck` and, after recording, its new manifest.
package struct GoldenRequest: Sendable {
    package var mode: RecordMode
    package var kinds: GoldenCheck.Kinds = .all
    /// `--only`
    package var part: FrameSource.Part?
    package var threshold: Double?
    /// Percent.
    package var maxDiff: Double?
    package var fps: Double?
    package var scale: Double?
    /// `--at`
    package var times: [Double]?
    package var checkpoints = false
    /// `--appearance`
    package var appearance: Appearance?

    package init(mode: RecordMode) { self.mode = mode }

    /// The appearance to draw: `--appearance`, else the one the goldens were recorded in (nil:
    /// neither, the spec's own). Checking goldens of another appearance is refused with the
    /// message, since every colour would differ for that reason alone.
    package func appearance(manifest: GoldenManifest?, golden: String) throws(CompareError) -> Appearance? {
        let recorded = manifest.map { $0.appearance.flatMap(Appearance.init(rawValue:)) ?? .light }
        guard let appearance else { return recorded }
        if let recorded, recorded != appearance, mode == .never {
            throw .invalidRun(
                "\(golden): the goldens were recorded in the \(recorded.rawValue) appearance and this check asks for \(appearance.rawValue) (--appearance \(appearance.rawValue)); check with --appearance \(recorded.rawValue), or record \(appearance.rawValue) goldens in a directory of their own"
            )
        }
        return appearance
    }

    /// What the pixel goldens are asked to show: `--only`, else what they were recorded as (nil:
    /// neither, so `FrameSource` draws the whole screen when the spec has one).
    package func part(manifest: GoldenManifest?) -> FrameSource.Part? {
        part ?? manifest?.part.flatMap(FrameSource.Part.init(rawValue:))
    }

    /// The check of one spec against goldens recorded with `manifest` (nil: none yet). A set that
    /// holds no frames (recorded with `--kind semantic`) is a semantic set: a check of every kind
    /// that records nothing new looks at its semantic goldens, at the instants of its `states.json`
    /// (`stateTimes`), so a plain check of such a set recorded at any instants passes.
    package func check(
        _ source: FrameSource, manifest: GoldenManifest?, threads: Int, stateTimes: [Double]? = nil
    ) -> GoldenCheck {
        let semanticSet = manifest.map(\.frames.isEmpty) ?? false
        let times = GoldenCheck.instants(
            at: self.times, checkpoints: checkpoints, fps: fps, timeline: source.timeline, manifest: manifest,
            stateTimes: semanticSet ? stateTimes : nil)
        let tolerance = PixelTolerance.resolved(
            threshold: threshold, maxDiff: maxDiff, spec: source.spec.golden, manifest: manifest)
        let kinds = semanticSet && self.kinds == .all && mode != .all ? .semantic : self.kinds
        var check = GoldenCheck(
            source: source, times: times, kinds: kinds, mode: mode, tolerance: tolerance, threads: threads)
        if kinds != .semantic { check.recordedTimes = manifest?.frames.map(\.time) ?? [] }
        return check
    }

    /// `--at 0,0.05,1.2`; nil unless every item is a number of seconds ≥ 0.
    package static func instants(_ list: String) -> [Double]? {
        var times: [Double] = []
        for item in list.split(separator: ",", omittingEmptySubsequences: false) {
            guard let t = Double(item.trimmingCharacters(in: .whitespaces)), t.isFinite, t >= 0 else { return nil }
            times.append(t)
        }
        return times
    }
}

extension GoldenCheck {
    /// When the check looks at instants other than the recorded ones, the note that says so.
    package func instantsNote(_ manifest: GoldenManifest?) -> String? {
        guard !checksRecordedInstants else { return nil }
        let recorded = manifest?.frames.map { formatSeconds($0.time) }.joined(separator: ", ") ?? ""
        return "note: checking instants other than the recorded ones (\(recorded) s); instants without a golden fail"
    }

    /// The manifest to write after this check ran with `report` over goldens that had `previous`
    /// (nil when none need writing: nothing was recorded and a manifest exists or nothing records).
    package func manifest(
        after report: CheckReport, previous: GoldenManifest?, frames: [GoldenManifest.Frame], toolVersion: String,
        specHash: String, now: Int64, spec: RecordedSpec? = nil
    ) -> GoldenManifest? {
        guard report.recordedCount > 0 || previous == nil && mode != .never else { return nil }
        let keepsFrames = kinds == .semantic || mode != .all && !(previous?.frames.isEmpty ?? true)
        var manifest = GoldenManifest(
            toolVersion: toolVersion, specHash: specHash, fonts: report.currentFonts ?? [],
            frames: keepsFrames ? (previous?.frames ?? frames) : frames, now: now,
            part: source.part.rawValue,
            scale: source.scale, threshold: previous?.threshold, maxDiff: previous?.maxDiff,
            appearance: source.spec.appearance == .light ? nil : source.spec.appearance.rawValue, spec: spec)
        manifest.images = report.currentImages
        manifest.xib = report.currentXIB
        return manifest
    }
}

extension Shard {
    /// `--shard i/n` when given, else Bazel's variables, else none.
    package static func chosen(option: String?, environment: [String: String]) throws(CompareError) -> Shard? {
        guard let option else { return try bazel(environment) }
        guard let shard = Shard(parsing: option) else {
            throw .invalidRun("Invalid value '\(option)' for '--shard': expected i/n with 1 ≤ i ≤ n, e.g. 2/3.")
        }
        return shard
    }

    /// Touches Bazel's `TEST_SHARD_STATUS_FILE`, when set, to say the test honours sharding.
    package static func acknowledge(_ environment: [String: String]) throws(CompareError) {
        guard let path = environment["TEST_SHARD_STATUS_FILE"] else { return }
        let manager = FileManager.default
        let done =
            manager.fileExists(atPath: path)
            ? (try? manager.setAttributes([.modificationDate: Date()], ofItemAtPath: path)) != nil
            : manager.createFile(atPath: path, contents: nil)
        if !done { throw .cannotWrite(path: path, reason: "cannot touch TEST_SHARD_STATUS_FILE") }
    }
}

/// `2016-02-14T12:00:00Z`
package func isoDate(_ seconds: Int64) -> String {
    ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: Double(seconds)))
}

extension GoldenCheck {
    /// Whether recording this check's instants in `mode` leaves a set a plain check passes: the
    /// states golden holds the instants that the manifest (or, without frames, `defaultInstants`)
    /// makes a plain check look at. `--record failed` at other instants than the recorded ones
    /// rewrote `states.json` with those instants only, and every plain check after it failed.
    /// `kinds` is what the recording covers; `previous` the set's manifest (nil: a new set).
    package func recordingKeepsSetConsistent(
        mode: RecordMode, kinds: Kinds, previous: GoldenManifest?
    ) -> Bool {
        let runFrames = kinds == .semantic ? [] : times
        let keepsFrames = kinds == .semantic || mode != .all && !(previous?.frames.isEmpty ?? true)
        let frames = keepsFrames ? (previous?.frames.map(\.time) ?? runFrames) : runFrames
        // A set without frames is checked at the instants of its states.json: these, when recorded.
        if frames.isEmpty && kinds != .pixels { return true }
        let plain = frames.isEmpty ? Self.defaultInstants(source.timeline) : frames
        // The instants states.json holds after the recording: these, when states are recorded.
        let states: [Double]
        if kinds != .pixels {
            states = times
        } else {
            guard let previous else { return true }
            states = previous.frames.isEmpty ? Self.defaultInstants(source.timeline) : previous.frames.map(\.time)
        }
        return states.count == plain.count && zip(states, plain).allSatisfy { abs($0 - $1) < 0.0005 }
    }

    /// Why recording this check in `mode` over the set of `previous` would damage it, or nil: an
    /// existing set is only ever written whole and consistent.
    package func recordingProblem(mode: RecordMode, previous: GoldenManifest?) -> String? {
        guard mode != .never, let previous,
            !recordingKeepsSetConsistent(mode: mode, kinds: kinds, previous: previous)
        else { return nil }
        let recorded =
            previous.frames.isEmpty
            ? Self.defaultInstants(source.timeline) : previous.frames.map(\.time)
        return
            "'--record \(mode.rawValue)' at these instants would leave states.json at other instants than the ones a plain check uses (\(recorded.map { formatSeconds($0) }.joined(separator: ", ")) s); accept at those instants (leave out '--at', '--fps' and '--checkpoints'), or re-record the whole set at these instants with '--record all' and every kind"
    }
}
