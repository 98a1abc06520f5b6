import RefreshFramesCore
import RefreshFramesExport

/// libFuzzer's entry point: bytes → `Spec.decode` → layout and timeline with a pure text measurer →
/// a few samples, their text-mode terminal frames (control and screen, encoded as a stream) and the
/// dump. Any outcome but a crash, a hang or a leak is fine: bad input must come back as a thrown
/// diagnostic.
///
/// Built only by `scripts/fuzz`, which passes `-sanitize=fuzzer,address` and `-DFUZZING`. SwiftPM links
/// an executable's entry point as `<Target>_main`, so under FUZZING that symbol hands over to libFuzzer's
/// driver; a plain `swift build` compiles the stub `@main` below instead, so the package always builds.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSpec(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    FuzzTarget.run(bytes)
    return 0
}

enum FuzzTarget {
    /// Every character 1 em wide and 1.2 em tall: deterministic, no fonts.
    static let measurer = TextMeasurer { text, font in
        IntrinsicSize(width: Double(text.unicodeScalars.count) * font.size, height: font.size * 1.2)
    }

    static func run(_ bytes: [UInt8]) {
        guard let spec = try? Spec.decode(bytes) else { return }
        guard let timeline = try? Timeline.make(spec: spec, now: 1_455_451_200, measurer: measurer) else { return }
        var encoder = ANSIEncoder(colorMode: .truecolor)
        let text = ANSITextRenderer(columns: 1 + bytes.count % 97)
        for time in [0, timeline.refreshBeganAt, timeline.refreshEndedAt, timeline.duration / 2, timeline.duration] {
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
    public func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
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
