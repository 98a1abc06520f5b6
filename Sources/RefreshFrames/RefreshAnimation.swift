import Foundation
import RefreshFramesCore
import RefreshFramesExport
import RefreshFramesRaster

/// A spec loaded for use: read, decoded, its side files opened relative to its directory (its font
/// files), its labels measured with the fonts that draw them, its layout solved and its timeline
/// built. The one way in for the command line, the preview, the fuzzer and the tests; whatever goes
/// wrong is one `LoadError` line.
public struct RefreshAnimation: Sendable {
    /// The spec's name in messages: its path as given, `<built-in rotate-scale>`, or the name given
    /// with its bytes.
    public let name: String
    /// Where the spec's side files are, and how they are opened.
    package let files: SpecFiles
    package let document: SpecDocument
    /// How labels are measured: with the fonts that draw them, unless the caller chose otherwise.
    package let measurer: TextMeasurer
    /// The measurer the caller chose (nil: the fonts that draw the labels, counted in `fontUsage`).
    private let chosenMeasurer: TextMeasurer?
    /// The font files this animation's texts are laid out with, measured and drawn: what its golden
    /// manifests record, whatever else the process draws.
    package let fontUsage: FontUsage
    /// What runs a Swift program (`"program": {"swift": …}`): a `SwiftProgramLoader`, which parses
    /// with the swiftc on PATH, for the public loads and the command line; nil (the fuzzer) refuses
    /// such a spec.
    package let program: SwiftProgramHook?
    /// The appearance asked for (`--appearance`) that the spec's semantic colours resolve for
    /// (nil: the spec's own, else light); kept for `reloaded()`.
    package let appearance: Appearance?

    /// Runs a spec's Swift program over the timeline of the spec without one.
    package typealias SwiftProgramHook = @Sendable (SwiftProgramReference, Timeline) throws -> RuntimeRun

    /// The name the README and messages use for the built-in default.
    package static let builtInName = "<built-in rotate-scale>"

    /// Loads the spec file at `path` (at most 4 MiB), its side files beside it (its fonts, images
    /// and Swift program: a `"program": {"swift": …}` runs as on the command line, read with the
    /// `swiftc` on PATH). `now` is the clock `{now:…}` texts show, in seconds since 1970 (nil:
    /// `SOURCE_DATE_EPOCH`, else the real clock).
    public init(contentsOf path: String, now: Int64? = nil) throws(LoadError) {
        let bytes = try Self.readSpec(path)
        let files = SpecFiles(spec: path)
        try self.init(
            bytes: bytes, name: path, files: files, now: try now.orDefault(),
            programs: SwiftProgramLoader(directory: files.directory, environment: ProcessInfo.processInfo.environment))
    }

    /// Loads a spec from its bytes; `name` names it in messages and `directory` is where its side
    /// files are (nil: the working directory).
    public init(bytes: [UInt8], name: String, directory: String? = nil, now: Int64? = nil) throws(LoadError) {
        let files = SpecFiles(directory: directory)
        try self.init(
            bytes: bytes, name: name, files: files, now: try now.orDefault(),
            programs: SwiftProgramLoader(directory: files.directory, environment: ProcessInfo.processInfo.environment))
    }

    /// Loads a spec whose Swift program, if it has one, `loader` runs (it keeps the code's
    /// warnings); the code's own error is its one line (`File.swift:3:5: error: …`), as the command
    /// line prints it.
    package init(
        bytes: [UInt8], name: String, files: SpecFiles, now: Int64, programs loader: SwiftProgramLoader,
        appearance: Appearance? = nil
    ) throws(LoadError) {
        do {
            try self.init(
                bytes: bytes, name: name, files: files, now: now,
                program: { reference, base in try loader.run(reference, over: base, now: now) }, appearance: appearance)
        } catch {
            if let failure = loader.failure { throw LoadError(failure, stage: .build) }
            throw error
        }
    }

    /// `SOURCE_DATE_EPOCH` (seconds since 1970) when it is set, else the real clock.
    package static func defaultNow(
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(LoadError) -> Int64 {
        guard let epoch = environment["SOURCE_DATE_EPOCH"] else { return Int64(Date().timeIntervalSince1970) }
        guard let seconds = Int64(epoch) else {
            throw LoadError("SOURCE_DATE_EPOCH: error: '\(epoch)' is not a whole number of seconds")
        }
        return seconds
    }

    /// Loads a spec whose side files are found (or, with `.none`, not opened) as `files` says and
    /// whose labels `measurer` measures (the fuzzer's is pure arithmetic).
    package init(
        bytes: [UInt8], name: String, files: SpecFiles, now: Int64, measurer chosen: TextMeasurer? = nil,
        program: SwiftProgramHook? = nil, appearance: Appearance? = nil
    ) throws(LoadError) {
        try IOSFontFiles.registered()
        let fontUsage = FontUsage()
        let measurer = chosen ?? .fonts(usage: fontUsage)
        var stage = LoadError.Stage.decode
        do {
            document = try SpecDocument(
                bytes: bytes, now: now, appearance: appearance, measurer: measurer,
                prepare: { spec throws(SpecDiagnostic) in
                    stage = .open
                    try files.open(&spec, fonts: fontUsage)
                    stage = .build
                }, program: program, layout: { reference throws(SpecDiagnostic) in try files.layout(reference) })
        } catch {
            throw LoadError(error, file: name, stage: stage)
        }
        self.name = name
        self.files = files
        self.measurer = measurer
        chosenMeasurer = chosen
        self.fontUsage = fontUsage
        self.program = program
        self.appearance = appearance
    }

    /// Loads the spec file at `path` whose Swift program `loader` runs (the command line's, which
    /// prints its warnings).
    package init(
        contentsOf path: String, now: Int64, programs loader: SwiftProgramLoader, appearance: Appearance? = nil
    ) throws(LoadError) {
        let bytes = try Self.readSpec(path)
        try self.init(
            bytes: bytes, name: path, files: SpecFiles(spec: path), now: now, programs: loader, appearance: appearance)
    }

    /// Loads the spec file at `path` whose Swift program, if it has one, `program` stands for (the
    /// `swift` command's, which refuses it before the code runs).
    package init(
        contentsOf path: String, now: Int64, program: @escaping SwiftProgramHook, appearance: Appearance? = nil
    ) throws(LoadError) {
        let bytes = try Self.readSpec(path)
        try self.init(
            bytes: bytes, name: path, files: SpecFiles(spec: path), now: now, program: program, appearance: appearance)
    }

    /// A spec file's bytes (at most `Limits.specBytes`).
    private static func readSpec(_ path: String) throws(LoadError) -> [UInt8] {
        try InputFile.read(path, limit: Limits.specBytes, limitName: "specBytes", expected: "a JSON spec file")
    }

    /// The built-in default, `samples/rotate-scale.json`.
    package static func builtIn(now: Int64, appearance: Appearance? = nil) throws(LoadError) -> RefreshAnimation {
        try RefreshAnimation(
            bytes: Array(BuiltInSpec.rotateScale.utf8), name: builtInName, files: SpecFiles(directory: nil), now: now,
            appearance: appearance)
    }

    package var bytes: [UInt8] { document.bytes }
    package var spec: Spec { document.spec }
    package var timeline: Timeline { document.timeline }
    /// The clock `{now:…}` texts were expanded with, in seconds since 1970.
    package var now: Int64 { document.now }

    /// Every file the animation was read from: the spec file (none for bytes) and its side files,
    /// which `--watch` watches.
    package var sourceFiles: [String] { files.all(of: spec) }

    /// The spec and its side files read again from disk, as they are now (`--watch`).
    package func reloaded() throws(LoadError) -> RefreshAnimation {
        files.forget(spec)
        guard let path = files.spec else {
            return try RefreshAnimation(
                bytes: bytes, name: name, files: files, now: now, measurer: chosenMeasurer, program: program,
                appearance: appearance)
        }
        let bytes = try Self.readSpec(path)
        return try RefreshAnimation(
            bytes: bytes, name: name, files: files, now: now, measurer: chosenMeasurer, program: program,
            appearance: appearance)
    }

    /// The timeline of the same scenario with refreshing ended at `t` (the preview's `e`): the work
    /// lasts until `t`, and the loop still runs to its check point. Nil outside the refresh.
    package func endingRefresh(at t: Double) -> Timeline? {
        // A Swift program decides its own refresh: its code is not re-run from here yet.
        guard spec.swift == nil, t >= timeline.refreshBeganAt, t < timeline.refreshEndedAt else { return nil }
        var spec = self.spec
        spec.scenario.workDuration = max(0, t - timeline.refreshBeganAt)
        spec.scenario.duration = nil
        return try? Timeline.make(spec: spec, now: now, measurer: measurer)
    }

    /// How frames of this animation are drawn: `part` (nil: the whole screen when the spec has a
    /// host, else the control; the screen of a spec without one is refused, as `FrameSource`
    /// decides for every caller) at `scale` pixels per point (default: the canvas's).
    package func frames(
        part: FrameSource.Part? = nil, canvas: Canvas? = nil, scale: Double? = nil, text: TextRendering = .hinted
    ) throws(FrameSource.PartError) -> FrameSource {
        try FrameSource(
            spec: spec, timeline: timeline, part: part, canvas: canvas, scale: scale, text: text, fontUsage: fontUsage)
    }
}

extension Int64? {
    /// The clock given, else `RefreshAnimation.defaultNow()`.
    fileprivate func orDefault() throws(LoadError) -> Int64 {
        if let self { return self }
        return try RefreshAnimation.defaultNow()
    }
}
