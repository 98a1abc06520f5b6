import RefreshFramesCore
import RefreshFramesRaster

extension Exporter {
    /// Full colour with alpha; the GIF's frames and delays, each frame exactly the PNG frame of
    /// the same instant.
    package static let apng = Exporter(
        ExportFormat(
            name: "apng", title: "an animated PNG", suffixes: [".apng"],
            frames: .animated(withAt: "'--at' renders one frame; write it as .png (or drop --at for an APNG)."),
            fpsLimit: ExportFormat.FPSLimit(
                fps: 50, noun: "an APNG", reason: "it keeps the GIF's delays, whole centiseconds of at least 2"),
            defaultOutput: { $0 + ".apng" }, help: "OUT.apng an animated PNG (full colour and alpha)",
            isPicture: true)
    ) { job, destination throws(ExportError) in
        let timing = job.gifTiming
        var encoder = try attributing(ExportError.encode) {
            try APNGEncoder(width: job.source.pixelSize.width, height: job.source.pixelSize.height, loopCount: job.loop)
        }
        let source = job.source
        try attributing(ExportError.render) {
            try FrameStream(Array(timing.times.indices), threads: job.threads).run(
                render: { i in try source.filePatch(at: timing.times[i], after: i > 0 ? timing.times[i - 1] : nil) }
            ) { i, patch in
                try attributing(ExportError.encode) { try encoder.add(patch, delayCentiseconds: timing.slots[i].delay) }
                destination.progress(i + 1, timing.times.count)
            }
        }
        try destination.append(try attributing(ExportError.encode) { try encoder.finish() })
        return "\(encoder.frameCount) frames, \(formatDuration(job.to - job.from)), \(encoder.width)x\(encoder.height)"
    }

    /// Lossless, through libwebp's animation encoder; the GIF's frames and delays (in
    /// milliseconds), each frame exactly the PNG frame of the same instant.
    package static let webp = Exporter(
        ExportFormat(
            name: "webp", title: "an animated WebP", suffixes: [".webp"],
            frames: .animated(withAt: "'--at' renders one frame; write it as .png (or drop --at for a WebP)."),
            fpsLimit: ExportFormat.FPSLimit(
                fps: 50, noun: "a WebP", reason: "it keeps the GIF's delays, whole centiseconds of at least 2"),
            defaultOutput: { $0 + ".webp" }, help: "OUT.webp an animated lossless WebP",
            isPicture: true)
    ) { job, destination throws(ExportError) in
        let timing = job.gifTiming
        let (width, height) = job.source.pixelSize
        var animation = try attributing(ExportError.encode) {
            try WebPAnimation(width: width, height: height, loopCount: job.loop)
        }
        let source = job.source
        var frame: Bitmap?
        var count = 0
        var start = 0
        try attributing(ExportError.render) {
            try FrameStream(Array(timing.times.indices), threads: job.threads).run(
                render: { i in try source.filePatch(at: timing.times[i], after: i > 0 ? timing.times[i - 1] : nil) }
            ) { i, patch in
                defer { start += timing.slots[i].delay }
                // Only frames that change something: the one before shows longer instead.
                if var shown = frame, patch.width == shown.width, patch.height == shown.height {
                    guard patch.changed(against: shown) != nil else { return }
                    frame = nil
                    for (rect, pixels) in patch.regions { shown.paste(pixels, at: rect) }
                    frame = shown
                } else {
                    var whole = PatchedFrame()
                    whole.apply(patch)
                    frame = whole.bitmap
                }
                try attributing(ExportError.encode) { try animation.add(frame!, milliseconds: start * 10) }
                count += 1
                destination.progress(i + 1, timing.times.count)
            }
        }
        let bytes = try attributing(ExportError.encode) { try animation.finish(endMilliseconds: start * 10) }
        try destination.append(bytes)
        return "\(count) frames, \(formatDuration(job.to - job.from)), \(width)x\(height)"
    }
}

extension ExportJob {
    /// The frames a GIF keeps and their delays (whole centiseconds from the span's start): the
    /// times drawn and, for each, its slot.
    var gifTiming: (times: [Double], slots: [GIFTiming.Slot]) {
        // Delays count from the span's start: the times are absolute, the total is the span's length.
        let slots = GIFTiming.delays(frameTimes: times.map { $0 - from }, totalDuration: to - from)
        return (slots.map { times[$0.frameIndex] }, slots)
    }
}

extension FrameSource {
    /// `patch(at:after:)` with alpha as PNG files hold it (gd's 7 bits), so APNG and WebP frames
    /// equal the PNG frames; opaque frames are unchanged.
    func filePatch(at time: Double, after previous: Double?) throws -> FramePatch {
        var patch = try patch(at: time, after: previous)
        guard !isOpaque else { return patch }
        for k in patch.regions.indices { patch.regions[k].pixels = PNGCodec.alphaAsStored(patch.regions[k].pixels) }
        return patch
    }
}
