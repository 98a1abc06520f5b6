import Foundation
import RefreshFramesCore
import RefreshFramesRaster
import Testing

/// `--ansi kitty|iterm|sixel`, checked without trusting the encoder: every image in the stream is
/// decoded by other code (kitty's and iTerm2's PNGs by libpng through libgd, sixel by libsixel's
/// `sixel2png`), composited where the stream puts it (`GraphicsReplayer`), and compared with the
/// PNG frame `render --at T --scale S` writes at the same pixels.
struct TerminalGraphicsTests {
    static let sixel2png = "/usr/bin/sixel2png"
    static let hasSixel2png = FileManager.default.isExecutableFile(atPath: sixel2png)
    /// 40 columns of 10×20 pixels: the control's 375 points become 400 pixels.
    static let columns = 40
    static let cell = (width: 10, height: 20)
    static var scale: String { String(Double(columns * cell.width) / 375) }

    static func decodePNG(_ bytes: [UInt8]) throws -> Bitmap { try PNGCodec.decodeThroughGD(bytes) }

    /// libsixel's decoder, through `sixel2png`.
    static func decodeSixel(_ bytes: [UInt8]) throws -> Bitmap {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Data(bytes).write(to: URL(fileURLWithPath: dir + "/in.six"))
        let r = try run(["-i", dir + "/in.six", "-o", dir + "/out.png"], executable: sixel2png)
        guard r.status == 0 else { throw GraphicsReplayer.Failure(description: "sixel2png: \(r.stderr)") }
        return try decodePNG([UInt8](try Data(contentsOf: URL(fileURLWithPath: dir + "/out.png"))))
    }

    static func replayer(rows: Int = 60) -> GraphicsReplayer {
        GraphicsReplayer(
            columns: columns, rows: rows, cell: cell, decodePNG: decodePNG, decodeSixel: decodeSixel)
    }

    /// The frame as `render` writes it as a PNG, at the images' pixels.
    static func pngFrame(_ sample: String, at time: Double) throws -> Bitmap {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try run([
            "render", samplePath(sample), "-o", dir + "/f.png", "--at", String(time), "--only", "control", "--scale",
            scale,
        ])
        #expect(r.status == 0, "\(r.stderr)")
        return try decodePNG([UInt8](try Data(contentsOf: URL(fileURLWithPath: dir + "/f.png"))))
    }

    /// The top-left `width` × `height` pixels of `bitmap`.
    static func crop(_ bitmap: Bitmap, width: Int, height: Int) -> Bitmap {
        var pixels: [UInt8] = []
        for y in 0..<height { pixels += bitmap.pixels[(y * bitmap.width * 4)..<((y * bitmap.width + width) * 4)] }
        return Bitmap(width: width, height: height, pixels: pixels)
    }

    /// The largest difference of a channel, and the PSNR over RGB (infinite when equal).
    static func difference(_ a: Bitmap, _ b: Bitmap) -> (maxDelta: Int, psnr: Double) {
        var maxDelta = 0
        var squares = 0.0
        for i in 0..<(a.width * a.height) {
            for k in 0..<3 {
                let d = Int(a.pixels[i * 4 + k]) - Int(b.pixels[i * 4 + k])
                maxDelta = max(maxDelta, abs(d))
                squares += Double(d * d)
            }
        }
        let mse = squares / Double(a.width * a.height * 3)
        return (maxDelta, mse == 0 ? .infinity : 10 * log10(255 * 255 / mse))
    }

    static let instants: [(String, Double)] = [
        ("rotate-scale", 1.8), ("marquee", 2.0), ("color-dots", 1.3), ("classic-spinner", 1.0),
    ]

    static func frameStream(_ mode: String, _ sample: String, at time: Double) throws -> [UInt8] {
        let r = try run([
            "render", samplePath(sample), "--format", "ansi", "--ansi", mode, "--at", String(time), "--only", "control",
            "--cols", String(columns), "--cell-size", "\(cell.width)x\(cell.height)",
        ])
        #expect(r.status == 0, "\(r.stderr)")
        return r.stdoutBytes
    }

    /// kitty's and iTerm2's images are PNGs of the frame itself: decoded, they are the PNG frame,
    /// pixel for pixel, and the padding to whole cells is transparent.
    @Test(arguments: ["kitty", "iterm"], instants)
    func pngImagesDecodeToThePNGFrame(mode: String, instant: (String, Double)) throws {
        let (sample, time) = instant
        var terminal = Self.replayer()
        try terminal.apply(try Self.frameStream(mode, sample, at: time))
        #expect(terminal.decoded[mode] == 1)
        let frame = try Self.pngFrame(sample, at: time)
        #expect(Self.crop(terminal.canvas, width: frame.width, height: frame.height) == frame)
        let rows = (frame.height + Self.cell.height - 1) / Self.cell.height
        for y in frame.height..<(rows * Self.cell.height) {
            #expect(terminal.canvas[0, y].alpha == 0, "the padding below the frame is transparent")
        }
    }

    /// A sixel image is the frame in at most 255 colours, each pixel in the one nearest it: decoded
    /// by libsixel, every pixel is at most 2√3 farther from the PNG frame's pixel than the register
    /// nearest to it (the encoder picks the nearest of its exact palette; a register is that colour
    /// within 1 level a channel, as percent holds it, and so is the decoded pixel), and the whole
    /// image is within 40 dB PSNR of the frame (measured: 48 to 73 dB).
    @Test(.enabled(if: hasSixel2png, "needs sixel2png (libsixel-bin; scripts/setup installs it)"), arguments: instants)
    func sixelDecodesToTheQuantisedFrame(instant: (String, Double)) throws {
        let (sample, time) = instant
        let stream = try Self.frameStream("sixel", sample, at: time)
        var terminal = Self.replayer()
        try terminal.apply(stream)
        #expect(terminal.decoded["sixel"] == 1)
        let frame = try Self.pngFrame(sample, at: time)
        let shown = Self.crop(terminal.canvas, width: frame.width, height: frame.height)
        let registers = Self.registers(stream)
        #expect(!registers.isEmpty && registers.count <= 255)
        var far = 0
        for i in 0..<(frame.width * frame.height) {
            let p = (Int(frame.pixels[i * 4]), Int(frame.pixels[i * 4 + 1]), Int(frame.pixels[i * 4 + 2]))
            let nearest = registers.map { Self.distance($0, p) }.min()!
            let q = (Int(shown.pixels[i * 4]), Int(shown.pixels[i * 4 + 1]), Int(shown.pixels[i * 4 + 2]))
            if Double(Self.distance(q, p)).squareRoot() > Double(nearest).squareRoot() + 2 * 3.0.squareRoot() {
                far += 1
            }
        }
        #expect(far == 0, "\(far) pixels are farther than their nearest register")
        let (_, psnr) = Self.difference(shown, frame)
        #expect(psnr >= 40, "PSNR \(psnr) dB")
    }

    /// The colour registers a sixel stream defines (`#i;2;r;g;b`, percent), as 8-bit colours.
    static func registers(_ stream: [UInt8]) -> [(Int, Int, Int)] {
        let text = String(decoding: stream, as: UTF8.self)
        var out: [(Int, Int, Int)] = []
        for match in text.matches(of: #/#\d+;2;(\d+);(\d+);(\d+)/#) {
            func back(_ s: Substring) -> Int { (Int(s)! * 255 + 50) / 100 }
            out.append((back(match.1), back(match.2), back(match.3)))
        }
        return out
    }

    static func distance(_ a: (Int, Int, Int), _ b: (Int, Int, Int)) -> Int {
        (a.0 - b.0) * (a.0 - b.0) + (a.1 - b.1) * (a.1 - b.1) + (a.2 - b.2) * (a.2 - b.2)
    }

    /// A cast of kitty or iTerm2 images: every event, replayed in order, leaves the screen showing
    /// that instant's PNG frame exactly (the frames after the first are edits or cell patches).
    @Test(arguments: ["kitty", "iterm"])
    func everyFrameOfACastIsThePNGFrame(mode: String) throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let common = ["--only", "control", "--from", "1.6", "--to", "2.4", "--fps", "10"]
        let cast = try run(
            [
                "render", samplePath("rotate-scale"), "-o", dir + "/m.cast", "--ansi", mode, "--cols",
                String(Self.columns),
                "--cell-size", "10x20",
            ] + common)
        #expect(cast.status == 0, "\(cast.stderr)")
        let pngs = try run(
            ["render", samplePath("rotate-scale"), "-o", dir + "/frames/", "--scale", Self.scale] + common)
        #expect(pngs.status == 0, "\(pngs.stderr)")
        let lines = try String(contentsOfFile: dir + "/m.cast", encoding: .utf8).split(separator: "\n")
        var terminal = Self.replayer()
        var frame = 0
        for line in lines.dropFirst().dropLast() {
            let event = try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [Any]
            try terminal.apply(Array((event[2] as! String).utf8))
            let png = try Self.decodePNG(
                [UInt8](
                    try Data(
                        contentsOf: URL(fileURLWithPath: dir + "/frames/frame-\(String(format: "%04d", frame)).png"))))
            #expect(Self.crop(terminal.canvas, width: png.width, height: png.height) == png, "frame \(frame)")
            frame += 1
        }
        #expect(frame == 8)
        #expect(terminal.decoded[mode]! > 1, "later frames are patches")
    }

    /// A sixel stream's patches: replayed, the last frame is within the sixel tolerance of the PNG frame.
    @Test(.enabled(if: hasSixel2png, "needs sixel2png (libsixel-bin; scripts/setup installs it)"))
    func aSixelStreamsPatchesMakeTheLastFrame() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try run([
            "render", samplePath("marquee"), "-o", dir + "/m.ans", "--ansi", "sixel", "--cols", String(Self.columns),
            "--cell-size", "10x20", "--only", "control", "--from", "1.0", "--to", "1.6", "--fps", "10",
        ])
        #expect(r.status == 0, "\(r.stderr)")
        var terminal = Self.replayer()
        try terminal.apply([UInt8](try Data(contentsOf: URL(fileURLWithPath: dir + "/m.ans"))))
        #expect(terminal.decoded["sixel"]! > 3, "frames after the first are patches")
        let frame = try Self.pngFrame("marquee", at: 1.5)
        let (_, psnr) = Self.difference(Self.crop(terminal.canvas, width: frame.width, height: frame.height), frame)
        #expect(psnr >= 40, "PSNR \(psnr) dB")
    }

    @Test func aCastRefusesSixel() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try run(["render", samplePath("marquee"), "-o", dir + "/m.cast", "--ansi", "sixel"])
        #expect(r.status == 64)
        #expect(
            r.stderr.hasPrefix(
                "Error: '--ansi sixel' cannot go in a cast: a cast plays in terminals of any cell size, and sixel images are pixels placed for one; use --ansi kitty or iterm (sized in cells), or write the sixel stream as .ans.\n"
            ))
        #expect(contents(ofDirectory: dir).isEmpty)
    }

    @Test(arguments: [
        ("10x20", true), ("8x17", true), ("0x20", false), ("10", false), ("10x20x3", false), ("axb", false),
    ])
    func cellSizeIsWidthByHeight(text: String, valid: Bool) throws {
        let r = try run([
            "render", samplePath("marquee"), "--format", "ansi", "--ansi", "kitty", "--at", "1", "--cell-size", text,
        ])
        #expect(r.status == (valid ? 0 : 64), "\(r.stderr)")
    }
}
