import Testing

@testable import RefreshFramesCLI

/// The progress line's words: the frames, the time so far and the time left, then the total.
struct ProgressTests {
    @Test(arguments: [
        (0, 300, 0.0, "rendering 0/300 frames, 0.00 s"),
        (100, 300, 0.5, "rendering 100/300 frames, 0.50 s, about 1.00 s left"),
        (299, 300, 2.99, "rendering 299/300 frames, 2.99 s, about 0.01 s left"),
        (300, 300, 3.0, "rendering 300/300 frames, 3.00 s"),
    ])
    func theLineSaysWhatIsLeft(done: Int, total: Int, elapsed: Double, expected: String) {
        #expect(Progress.line(done: done, total: total, elapsed: elapsed) == expected)
    }

    @Test func theEndSaysHowLongItTook() {
        #expect(Progress.finished(frames: 297, elapsed: 0.954) == "rendered 297 frames in 0.95 s")
    }
}
