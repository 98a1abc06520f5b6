import RefreshFramesCore
import RefreshFramesRaster

extension Exporter {
    /// The frame at the job's single time.
    package static let png = Exporter(
        ExportFormat(
            name: "png", title: "one PNG", suffixes: [".png"],
            frames: .single(withoutAt: "A single PNG needs '--at <seconds>'; for a PNG sequence give a directory."),
            defaultOutput: { $0 + ".png" }, help: "OUT.png with --at one frame")
    ) { job, destination throws(ExportError) in
        let time = job.times[0]
        let bitmap = try attributing(ExportError.render) { try job.source.bitmap(at: time) }
        let bytes = try attributing(ExportError.render) { try PNGCodec.encode(bitmap) }
        try destination.append(bytes)
        return "frame at \(formatDuration(time)), \(bitmap.width)x\(bitmap.height)"
    }

    /// `frame-0000.png`… and `frames.json`: each frame's time, the spec's hash, the tool, the fonts and
    /// (when the spec names any) the image files, as a golden manifest records them.
    package static let pngSequence = Exporter(
        ExportFormat(
            name: "png", title: "a PNG sequence", suffixes: [], output: .directory,
            frames: .animated(withAt: "'--at' renders one frame; write it as .png (or drop --at for a PNG sequence)."),
            defaultOutput: { $0 + "-frames" },
            help: "a directory (or --format png) a PNG sequence frame-0000.png… with a frames.json manifest")
    ) { job, destination throws(ExportError) in
        var entries: [String] = []
        try attributing(ExportError.render) {
            try FrameStream(job.times, threads: job.threads).run(render: job.source.bitmap(at:)) { i, bitmap in
                let name = "frame-" + zeroPadded(i, width: 4) + ".png"
                let bytes = try attributing(ExportError.render) { try PNGCodec.encode(bitmap) }
                try destination.file(name, bytes)
                entries.append("    {\"file\": \(jsonQuoted(name)), \"time\": \(formatNumber(job.times[i]))}")
                destination.progress(i + 1, job.times.count)
            }
        }
        try destination.file("frames.json", Array(frameManifest(job, frames: entries).utf8))
        return "\(job.times.count) PNG frames at \(formatNumber(job.fps)) fps and frames.json"
    }

    static func frameManifest(_ job: ExportJob, frames: [String]) -> String {
        func entry(_ file: String, _ sha256: String) -> String {
            "    {\"file\": \(jsonQuoted(file)), \"sha256\": \(jsonQuoted(sha256))}"
        }
        let fonts = (job.source.fontUsage?.fingerprints ?? FontBook.shared.fingerprints).map {
            entry($0.file, $0.sha256)
        }
        // A spec without images keeps the bytes it always had: the key is written only when there are some.
        let images = job.source.spec.images.files.map { entry($0.file, $0.sha256) }
        let imagesKey = images.isEmpty ? "" : "\n  \"images\": [\n" + images.joined(separator: ",\n") + "\n  ],"
        return """
            {
              "tool": \(jsonQuoted("refresh-frames " + job.provenance.tool)),
              "spec": \(jsonQuoted(job.provenance.specName)),
              "specSHA256": "\(SHA256.hex(job.provenance.specBytes))",
              "fps": \(formatNumber(job.fps)),
              "scale": \(formatNumber(job.source.scale)),
              "fonts": [
            \(fonts.joined(separator: ",\n"))
              ],\(imagesKey)
              "frames": [
            \(frames.joined(separator: ",\n"))
              ]
            }

            """
    }
}

/// `7` as `0007` for width 4; wider numbers as they are.
package func zeroPadded(_ n: Int, width: Int) -> String {
    let digits = String(n)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
}
