import Foundation
import Testing

/// One run of the real binary: its exit status, its peak resident memory (wait4(2)'s `ru_maxrss`)
/// and what it printed on stderr.
private func measuredRun(_ arguments: [String], in directory: String) throws -> (
    status: Int32, peak: Int, stderr: String
) {
    let errors = directory + "/stderr-\(UUID().uuidString)"
    defer { unlink(errors) }
    let child = try ChildProcess([binaryPath] + arguments, stderr: errors)
    let exitStatus = child.shellStatus
    let text = String(decoding: FileManager.default.contents(atPath: errors) ?? Data(), as: UTF8.self)
    return (exitStatus, child.usage.ru_maxrss * 1024, text)
}

/// Each workload runs in a process of its own, so that suites running in parallel in the test
/// process cannot disturb what is measured (measured in the test process, this was flaky).
struct LeakTests {
    /// One label, still: its glyphs are rasterised once, so any growth past the first frames is a leak.
    static let spec = """
        {
          "canvas": {"width": 375, "height": 60, "scale": 1, "background": "#ECF0F1"},
          "views": [{"tag": 1, "text": "下拉刷新", "font": {"size": 20}, "textColor": "red"}],
          "constraints": ["1.centerX == superview.centerX", "1.centerY == superview.centerY"],
          "scenario": {"pull": [[0, 0], [0.5, 60]], "refreshAtPull": 60, "workDuration": 1, "duration": 60}
        }
        """

    /// Every gd image and every gd…Ptr buffer is freed: a PNG sequence of 500 frames peaks no higher
    /// than one of 50 frames. Each frame is a 375 × 60 bitmap of 90 KB and its PNG, so a bitmap
    /// leaked per frame would add 40 MB (checked once by hand, with gdImageDestroy left out).
    @Test func renderAndEncodeLoopsDoNotLeak() throws {
        let dir = try temporaryDirectory()
        try Data(Self.spec.utf8).write(to: URL(fileURLWithPath: dir + "/still.json"))
        func render(frames: Int) throws -> Int {
            let output = dir + "/frames-\(frames)"
            let seconds = String(Double(frames) / 50)
            let run = try measuredRun(
                ["render", dir + "/still.json", "-o", output, "--fps", "50", "--to", seconds, "--threads", "1"], in: dir
            )
            #expect(run.status == 0, "\(run.stderr)")
            #expect(contents(ofDirectory: output).count == frames + 1, "the frames and frames.json")
            return run.peak
        }
        let short = try render(frames: 50)
        let long = try render(frames: 500)
        #expect(long - short < 16 << 20, "500 frames peaked \((long - short) >> 20) MiB above 50 frames")
    }
}
