import Foundation
import RefreshFrames
import RefreshFramesCompare
import RefreshFramesCore
import RefreshFramesExport
import RefreshFramesImport
import RefreshFramesRaster
import RefreshFramesTestSupport

/// libFuzzer's entry point. Input starting with `<` is a xib: `XIBImporter` → the spec it writes,
/// which must decode and lay out. Input starting with `G` is a golden directory: the rest is written
/// as each golden file in turn and read back through `GoldenDirectory`, the manifest decoder, the PNG
/// header check, the states decoder and the text diff. Anything else is a spec, loaded as every
/// command loads one (`RefreshAnimation`) but with a pure text measurer and no side files opened:
/// decoding → layout and timeline → a few samples, their text-mode terminal frames
/// (control and screen, encoded as a stream) and the dump. Any outcome but a crash, a hang or a leak
/// is fine: bad input must come back as a thrown diagnostic.
///
/// Built only by `scripts/fuzz`, which passes `-sanitize=fuzzer,address` and `-DFUZZING`. SwiftPM links
/// an executable's entry point as `<Target>_main`, so under FUZZING that symbol hands over to libFuzzer's
/// driver; a plain `swift build` compiles the stub `@main` below instead, so the package always builds.
@_cdecl("LLVMFuzzerTestOneInput")
package func fuzzSpec(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    FuzzTarget.run(bytes)
    return 0
}

enum FuzzTarget {
    /// A spec loaded from the input: no side file is opened, and every character is measured 1 em
    /// wide and 1.2 em tall (deterministic, no fonts).
    static func load(_ bytes: [UInt8], name: String) throws(LoadError) -> RefreshAnimation {
        try RefreshAnimation(bytes: bytes, name: name, files: .none, now: 1_455_451_200, measurer: measurer)
    }

    /// Every character 1 em wide and 1.2 em tall: deterministic, no fonts.
    static let measurer = TextMeasurer { text, font in
        IntrinsicSize(width: Double(text.unicodeScalars.count) * font.size, height: font.size * 1.2)
    }

    /// `REFRESH_FRAMES_FUZZ_TARGET` (`spec`, `xib`, `golden`, `png`, `swift` or `manifest`) sends every input to one target, whole,
    /// so that a run fuzzes that target alone and its execution count is that target's; without it the
    /// first byte chooses.
    static let forcedTarget = ProcessInfo.processInfo.environment["REFRESH_FRAMES_FUZZ_TARGET"]

    static func run(_ bytes: [UInt8]) {
        switch forcedTarget {
        case "spec": runSpec(bytes)
        case "xib": runImport(bytes)
        case "golden": runGoldens(bytes)
        case "png": runPNG(bytes)
        case "swift": runSwiftGenerator(bytes)
        case "manifest": runManifest(bytes)
        case let other?:
            fatalError("REFRESH_FRAMES_FUZZ_TARGET must be spec, xib, golden, png, swift or manifest, not '\(other)'")
        case nil:
            switch bytes.first {
            case UInt8(ascii: "<"): runImport(bytes)
            case UInt8(ascii: "G"): runGoldens(Array(bytes.dropFirst()))
            default: runSpec(bytes)
            }
        }
    }

    static func runImport(_ bytes: [UInt8]) {
        guard
            let result = try? XIBImporter.importDocument(
                bytes, fileName: "fuzz.xib", animation: .rotateScale, measurer: measurer, isFontInstalled: { _ in true }
            )
        else { return }
        // What import writes must be a spec the tool accepts: it decodes (its layout may still fail).
        do {
            _ = try load(Array(result.specJSON.utf8), name: "fuzz.json")
        } catch  where error.stage == .decode {
            fatalError("import wrote a spec that does not decode (\(error)):\n\(result.specJSON)")
        } catch {}
    }

    /// One directory for the whole run, rewritten by every input.
    static let goldenDirectory: String = {
        let path = NSTemporaryDirectory() + "refresh-frames-fuzz-goldens-\(getpid())"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }()

    static func runGoldens(_ bytes: [UInt8]) {
        // The bytes go through the file system as one golden file (its name chosen by the input's
        // length): `read` treats every name alike, and four files per input made this the slowest target.
        let directory = GoldenDirectory(path: goldenDirectory)
        let names = [GoldenManifest.fileName, "states.json", "timeline.txt", "frame-000.png"]
        let name = names[bytes.count % names.count]
        // Plain POSIX writes: FileManager's atomic write syncs to disk, a tenth of the run.
        let descriptor = open(directory.path(name), O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        precondition(descriptor >= 0, "cannot create \(name)")
        _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        guard let read = try? directory.read(name) else { fatalError("cannot read back \(name)") }
        precondition(read == bytes, "\(name) read back differently")
        unlink(directory.path(name))
        _ = try? GoldenManifest.decode(bytes)
        _ = GoldenDirectory.pngSize(bytes)
        if let dump = try? StatesDump(bytes: bytes) {
            _ = StateComparison.compare(actual: dump.node, golden: StatesDump([]).node)
        }
        let text = String(decoding: bytes, as: UTF8.self)
        _ = TextComparison.compare(actual: "tag 1: x=0 y=0 w=10 h=10\n", golden: text).unifiedDiff
    }

    /// A golden PNG, as `check` reads one: decoded (RefreshFrames' own RGBA PNGs by `RGBA8PNG`,
    /// others by libgd) only when its header claims a frame's size at most, as `check` compares sizes
    /// first. Whatever decodes must be what libgd decodes, pixel for pixel. Input starting with `R`
    /// is raw rows instead (width, height, then each row's filter byte and pixels), wrapped here in a
    /// valid RGBA PNG, so that mutations reach the unfiltering rather than stop at a checksum.
    static func runPNG(_ bytes: [UInt8]) {
        if bytes.first == UInt8(ascii: "R"), bytes.count >= 3 {
            let width = Int(bytes[1] % 64) + 1
            let height = Int(bytes[2] % 64) + 1
            var rows = Array(bytes.dropFirst(3).prefix(height * (width * 4 + 1)))
            rows += [UInt8](repeating: 0, count: height * (width * 4 + 1) - rows.count)
            return runPNG(HandMadePNG.file(width: width, height: height, colorType: 6, rows: [rows]))
        }
        guard let size = GoldenDirectory.pngSize(bytes), size.width <= 512, size.height <= 512 else { return }
        guard let decoded = try? PNGCodec.decode(bytes) else { return }
        guard let throughGD = try? PNGCodec.decodeThroughGD(bytes) else {
            fatalError("a PNG decoded fast that libgd does not decode")
        }
        precondition(decoded == throughGD, "the fast decoder's pixels differ from libgd's")
    }

    static func runSpec(_ bytes: [UInt8]) {
        guard let animation = try? load(bytes, name: "fuzz.json") else { return }
        let spec = animation.spec
        let timeline = animation.timeline
        var encoder = ANSIEncoder(colorMode: .truecolor)
        let text = ANSITextRenderer(columns: 1 + bytes.count % 97)
        let times = [0, timeline.refreshBeganAt, timeline.refreshEndedAt, timeline.duration / 2, timeline.duration]
        for time in times where time.isFinite {
            let state = timeline.sample(at: time)
            _ = state.json
            _ = encoder.encode(frame: text.render(state, views: spec.views, canvas: spec.canvas))
            if let host = spec.host {
                _ = text.render(state, views: spec.views, canvas: spec.canvas, host: host)
            }
        }
        _ = timeline.frameTimes(fps: 10).count
        _ = timeline.dump
    }
}

#if FUZZING
    @_silgen_name("LLVMFuzzerRunDriver")
    private func runFuzzerDriver(
        _ argc: UnsafeMutablePointer<Int32>,
        _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
        _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
    ) -> Int32

    @_cdecl("RefreshFramesFuzz_main")
    package func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
        var argc = argc
        var argv = argv
        return runFuzzerDriver(&argc, &argv) { data, size in fuzzSpec(data, size) }
    }
#else
    @main
    enum FuzzStub {
        static func main() {
            print("RefreshFramesFuzz is a libFuzzer target; build and run it with scripts/fuzz [SECONDS].")
        }
    }
#endif
