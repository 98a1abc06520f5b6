import Foundation
import RefreshFramesCompare
import RefreshFramesCore
import RefreshFramesExport
import RefreshFramesRaster

/// One spec checked against (or recorded into) its golden directory, the same way wherever it is
/// asked for: `refresh-frames check` and `record` run one for each spec, RefreshFramesTesting's
/// assertions one for each call. Goldens are read only as regular files inside the directory
/// (`GoldenDirectory`); a recording is a new set assembled beside it and put in place as a unit by
/// `finish()` (`GoldenSetWriter`), so an interrupted run leaves the old set. The golden directory
/// is never made beforehand: a new one is the new set, renamed into place by `finish()`.
package final class GoldenSession: @unchecked Sendable {
    package let directory: String
    package let store: GoldenStore
    /// The goldens' `manifest.json`; nil when there is none yet.
    package let manifest: GoldenManifest?
    /// The new set being recorded; nil for a plain check.
    package let recording: GoldenSetWriter?

    /// A golden that could not be written while recording (the caller words it; other failures of a
    /// run are `CompareError`s or the report's own).
    package struct RecordingError: Error {
        package var error: CompareError
    }

    /// How each write of a recording and its commit are run: at once by default; the command line
    /// runs them only while no signal's clean-up is removing the new set (`TemporaryFiles.whileOpen`).
    package typealias Writing = @Sendable (_ write: () throws(CompareError) -> Void) throws(CompareError) -> Void
    private let writing: Writing

    /// Opens `directory` (a real directory, or none yet) and reads its manifest; when recording,
    /// takes its lock (a second recording of it fails here) and starts the new set beside it,
    /// making missing parent directories (removed again if the recording is given up).
    package init(directory: String, recording: Bool, writing: @escaping Writing = { try $0() }) throws {
        self.directory = directory
        self.writing = writing
        let reader = GoldenDirectory(path: directory)
        _ = try reader.checkDirectory()
        var writer: GoldenSetWriter?
        if recording {
            do throws(CompareError) { writer = try GoldenSetWriter(directory: directory) } catch {
                throw RecordingError(error: error)
            }
        }
        // Written from one thread at a time: the check records in frame order.
        let recorded = writer
        self.recording = recorded
        store = GoldenStore(
            directory: directory, read: { try reader.read($0) },
            write: { file, bytes in
                guard let recorded else { return }
                do throws(CompareError) {
                    try writing { () throws(CompareError) in try recorded.write(bytes, name: file) }
                } catch {
                    throw RecordingError(error: error)
                }
            })
        manifest = try store.manifest()
    }

    /// The check of `animation` that `request` asks for: what its pixel goldens show (`--only`, else
    /// as recorded, else the whole screen when there is one), at which scale and instants, with which
    /// tolerance. Throws `CompareError.invalidRun` for a part the spec does not have (the screen of a
    /// spec without a host: `FrameSource` decides the part).
    package func check(_ animation: RefreshAnimation, _ request: GoldenRequest, threads: Int) throws(CompareError)
        -> GoldenCheck
    {
        let source: FrameSource
        do throws(FrameSource.PartError) {
            source = try animation.frames(
                part: request.part(manifest: manifest), scale: request.scale ?? manifest?.scale)
        } catch {
            throw .invalidRun(error.description)
        }
        // A set without frames is checked at the instants its states.json holds (an unreadable one
        // is reported by the check itself).
        let stateTimes =
            manifest?.frames.isEmpty == true
            ? (try? store.contents("states.json")).flatMap { $0 }.flatMap { try? StatesDump(bytes: $0) }?.times : nil
        return request.check(source, manifest: manifest, threads: threads, stateTimes: stateTimes)
    }

    /// Compares (or records) every golden of `check`; `report` receives each failing frame's actual
    /// frame and diff image (PNG) and returns where it put them. Writes the manifest when one is due;
    /// a recording stays staged until `finish()`.
    package func run(
        _ check: GoldenCheck, of animation: RefreshAnimation, name: String,
        report: (_ file: String, _ actual: [UInt8], _ diff: [UInt8]) throws -> (String, String)
    ) throws -> CheckReport {
        let (results, frames) = try check.run(store: store, report: report)
        var report = CheckReport(suiteName: name, results: results)
        report.goldenFonts = manifest?.fonts
        report.goldenImages = manifest?.images
        let images = animation.spec.images.files.map { FontFingerprint(file: $0.file, hash: $0.sha256) }
        report.currentImages = images.isEmpty ? nil : images
        // Hashing the fonts takes a while (a CJK font is tens of MiB): only for the font hint of
        // a failed pixel check and for a manifest about to be written.
        if manifest == nil || report.recordedCount > 0
            || results.contains(where: { !$0.passed && $0.kind == .pixels })
        {
            report.currentFonts = animation.fontUsage.fingerprints.map {
                FontFingerprint(file: $0.file, hash: $0.sha256)
            }
        }
        report.goldenSpecHash = manifest?.specHash
        let specHash = SHA256.hex(animation.bytes)
        report.currentSpecHash = specHash
        let swift = Self.swiftFiles(of: animation)
        report.goldenSwift = manifest?.spec?.swift.map { FontFingerprint(file: $0.file, hash: $0.hash) }
        report.currentSwift = swift.map { FontFingerprint(file: $0.file, hash: $0.hash) }
        report.goldenXIB = manifest?.xib
        report.currentXIB = Self.xibFile(of: animation)
        if !report.passed {
            report.specChanges = SpecChange.summary(
                recorded: manifest?.spec, recordedHash: manifest?.specHash, current: animation.bytes,
                currentHash: specHash, currentSwift: swift)
        }
        if let manifest = check.manifest(
            after: report, previous: manifest, frames: frames, toolVersion: RefreshFramesVersion.current,
            specHash: specHash, now: animation.now, spec: RecordedSpec(specBytes: animation.bytes, swift: swift))
        {
            try store.save(manifest.encode(), as: GoldenManifest.fileName)
        }
        return report
    }

    /// The files of the animation's Swift program as they are now, named as the spec names them
    /// (empty for a JSON program; a file that cannot be read now is left out).
    static func swiftFiles(of animation: RefreshAnimation) -> [RecordedSwiftFile] {
        guard let names = animation.spec.swift?.files, !names.isEmpty else { return [] }
        return names.compactMap { name in
            guard let data = FileManager.default.contents(atPath: animation.files.path(name)) else { return nil }
            let bytes = [UInt8](data)
            return RecordedSwiftFile(file: name, hash: SHA256.hex(bytes), text: String(decoding: bytes, as: UTF8.self))
        }
    }

    /// The xib the animation's layout is read from, as the spec names it, and its hash now (nil: none,
    /// or it cannot be read now).
    static func xibFile(of animation: RefreshAnimation) -> FontFingerprint? {
        guard let name = animation.spec.xib?.file,
            let data = FileManager.default.contents(atPath: animation.files.path(name))
        else { return nil }
        return FontFingerprint(file: name, hash: SHA256.hex([UInt8](data)))
    }

    /// Puts a recorded set in place (nothing to do for a plain check, or when nothing was recorded).
    package func finish() throws(CompareError) {
        guard let recording else { return }
        try writing { () throws(CompareError) in try recording.commit() }
    }
}

/// The tool's version: what `--version` prints and manifests record.
package enum RefreshFramesVersion {
    package static let current = "0.1.0"
}
