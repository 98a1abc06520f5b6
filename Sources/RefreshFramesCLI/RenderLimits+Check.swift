import RefreshFramesCore

extension RenderLimits {
    /// Throws when a frame of `points` (default: the canvas) at `scale` (default: the canvas's) is
    /// over `pixelsPerFrame`: `render`, `check` and `record` refuse it before allocating anything.
    static func checkFrameSize(points: (Double, Double)?, canvas: Canvas, scale: Double?, path: String)
        throws(CLIError)
    {
        let scale = scale ?? canvas.scale
        let width = ((points?.0 ?? canvas.width) * scale).rounded()
        let height = ((points?.1 ?? canvas.height) * scale).rounded()
        guard width * height <= Double(pixelsPerFrame) else {
            throw .input(
                "\(path): error: a \(Int(width))x\(Int(height)) frame is over the limit pixelsPerFrame = \(pixelsPerFrame)"
            )
        }
    }

    /// Frames `check` renders and compares at once: 8 a thread, fewer when the actual, golden and
    /// diff bitmaps of a batch would take more than 512 MiB.
    static func checkBatch(threads: Int, canvas: Canvas, scale: Double?, points: (Double, Double)?) -> Int {
        let scale = scale ?? canvas.scale
        let pixels = ((points?.0 ?? canvas.width) * scale).rounded() * ((points?.1 ?? canvas.height) * scale).rounded()
        let bytesPerFrame = max(1, Int(min(pixels, Double(pixelsPerFrame)))) * 4 * 3
        return max(1, min(threads * 8, (512 << 20) / bytesPerFrame))
    }
}
