import Foundation
import RefreshFramesCore
import RefreshFramesExport
import Testing

private func now() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

/// 300 frames, 750x120: flat background, three moving antialiased "labels", a spinner.
private func benchFrames() -> [Bitmap] {
    let w = 750, h = 120
    let bg: (Double, Double, Double) = (250, 250, 250)
    func mask(_ u: Double, _ v: Double, seed: Int) -> Double {
        // glyph-like strokes: soft stripes modulated per "character"
        let ch = Int(u / 9)
        let local = u - Double(ch) * 9
        let k = (ch * 7 + seed * 13) % 5
        let stroke = k < 2 ? abs(local - 4) : abs(v - Double(3 + k * 2))
        let d = min(stroke, abs(local - Double(1 + k)))
        return max(0, min(1, 1.5 - d))
    }
    var frames: [Bitmap] = []
    for f in 0..<300 {
        var px = [UInt8](repeating: 250, count: w * h * 4)
        for i in stride(from: 3, to: px.count, by: 4) { px[i] = 255 }
        let t = Double(f) / 299
        let labels: [(x: Double, y: Int, len: Int, color: (Double, Double, Double), seed: Int)] = [
            (40 + 300 * t, 20, 180, (30, 30, 30), 1),
            (500 - 200 * t * t, 55, 120, (0, 122, 255), 2),
            (100 + 20 * sin(t * 12), 90, 240, (255, 59, 48), 3),
        ]
        for label in labels {
            let x0 = Int(label.x.rounded(.down))
            for y in 0..<16 {
                for x in max(0, x0 - 1)..<min(w, x0 + label.len + 2) {
                    let u = Double(x) - label.x
                    guard u >= -1, u <= Double(label.len) else { continue }
                    let m = mask(max(0, u), Double(y), seed: label.seed)
                    guard m > 0 else { continue }
                    let i = ((label.y + y) * w + x) * 4
                    px[i] = UInt8((bg.0 + (label.color.0 - bg.0) * m).rounded())
                    px[i + 1] = UInt8((bg.1 + (label.color.1 - bg.1) * m).rounded())
                    px[i + 2] = UInt8((bg.2 + (label.color.2 - bg.2) * m).rounded())
                }
            }
        }
        // spinner: 8 spokes, greys rotating
        for s in 0..<8 {
            let a = Double(s) * .pi / 4
            let phase = (s + f / 3) % 8
            let grey = 120 + Double(phase) * 15
            for r in 6..<14 {
                let cx = 700 + Double(r) * cos(a), cy = 60 + Double(r) * sin(a)
                for dy in -1...1 {
                    for dx in -1...1 {
                        let x = Int(cx) + dx, y = Int(cy) + dy
                        let i = (y * w + x) * 4
                        px[i] = UInt8(grey); px[i + 1] = UInt8(grey); px[i + 2] = UInt8(grey)
                    }
                }
            }
        }
        frames.append(Bitmap(width: w, height: h, pixels: px))
    }
    return frames
}

@Test func benchGIF300() throws {
    let frames = benchFrames()
    var best = Double.infinity, bestPalette = Double.infinity
    var output: [UInt8] = []
    for _ in 0..<5 {
        let t0 = now()
        let palette = try GIFPalette(
            pinned: [RGBA(white: 250 / 255), RGBA(white: 30 / 255), RGBA(red: 0, green: 122 / 255, blue: 1),
                     RGBA(red: 1, green: 59 / 255, blue: 48 / 255)],
            samples: [0, 37, 75, 112, 150, 187, 225, 262, 299].map { frames[$0] })
        let t1 = now()
        var bytes: [UInt8] = []
        bytes.reserveCapacity(1 << 20)
        var encoder = try GIFEncoder(width: 750, height: 120, palette: palette, loopCount: 0) { bytes += $0 }
        for frame in frames { try encoder.add(frame, delayCentiseconds: 2) }
        try encoder.finish()
        let t2 = now()
        best = min(best, t2 - t1)
        bestPalette = min(bestPalette, t1 - t0)
        output = bytes
    }
    FileManager.default.createFile(atPath: "/tmp/bench.gif", contents: Data(output))
    let gif = try GIFDecoder.decode(output)
    var se = 0.0, n = 0
    for (k, d) in gif.frames.enumerated() where k % 50 == 0 || k == 299 {
        for i in 0..<d.image.pixels.count where i % 4 != 3 {
            let e = Double(d.image.pixels[i]) - Double(frames[k].pixels[i]); se += e * e; n += 1
        }
    }
    let psnr = 10 * log10(65025 / (se / Double(n)))
    print("BENCH palette \(bestPalette * 1000) ms, encode \(best * 1000) ms, bytes \(output.count), frames \(gif.frames.count), total cs \(gif.totalDelayCentiseconds), psnr \(psnr)")
}
