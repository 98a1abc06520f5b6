import RefreshFramesCore
import RefreshFramesRaster

extension Exporter {
    /// One global palette from a dozen frames spread over the span (`sampleFrames`), the spec's colours and
    /// those its views show in any frame (`pinnedColors(over:)`);
    /// frames that would share a delay are merged, so only frames with a delay of their own are drawn.
    /// Over a background that is not opaque (`--background clear`), pixels under half alpha are
    /// transparent and the others keep their own colour.
    package static let gif = Exporter(
        ExportFormat(
            name: "gif", title: "an animated GIF", suffixes: [".gif"],
            frames: .animated(withAt: "'--at' renders one frame; write it as .png (or drop --at for a GIF)."),
            fpsLimit: ExportFormat.FPSLimit(
                fps: 50, noun: "a GIF", reason: "its delays are whole centiseconds, at least 2"),
            defaultOutput: { $0 + ".gif" }, help: "OUT.gif an animated GIF",
            isPicture: true)
    ) { job, destination throws(ExportError) in
        let source = job.source
        let times = job.times
        let transparent = !source.isOpaque
        let samples = try attributing(ExportError.render) {
            try sampleFrames(source, times: times, threads: job.threads)
        }.map { transparent ? $0.thresholdedAlpha() : $0 }
        let palette = try attributing(ExportError.encode) {
            try GIFPalette(pinned: source.pinnedColors(over: times), samples: samples)
        }
        let (keptTimes, slots) = job.gifTiming
        var sink = destination
        defer { destination = sink }
        var encoder = try attributing(ExportError.encode) {
            try GIFEncoder(
                width: samples[0].width, height: samples[0].height, palette: palette, loopCount: job.loop,
                transparent: transparent, sink: { bytes in try sink.append(bytes) })
        }
        // Each frame drawn only where it changed since the one before, and compared only there.
        try attributing(ExportError.render) {
            try FrameStream(Array(keptTimes.indices), threads: job.threads).run(
                render: { i in try source.patch(at: keptTimes[i], after: i > 0 ? keptTimes[i - 1] : nil) }
            ) { i, patch in
                try attributing(ExportError.encode) { try encoder.add(patch, delayCentiseconds: slots[i].delay) }
                sink.progress(i + 1, keptTimes.count)
            }
        }
        try attributing(ExportError.encode) { try encoder.finish() }
        return
            "\(encoder.frameCount) frames, \(formatDuration(job.to - job.from)), \(samples[0].width)x\(samples[0].height)"
    }
}

extension Bitmap {
    /// Pixels as a transparent GIF shows them, for choosing its palette: opaque in their own colour
    /// from half alpha up, clear (black) below.
    func thresholdedAlpha() -> Bitmap {
        var out = self
        out.pixels.withUnsafeMutableBufferPointer { p in
            for i in stride(from: 0, to: p.count, by: 4) {
                if p[i + 3] >= 128 {
                    p[i + 3] = 255
                } else {
                    (p[i], p[i + 1], p[i + 2], p[i + 3]) = (0, 0, 0, 0)
                }
            }
        }
        return out
    }
}
