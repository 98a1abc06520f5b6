import Foundation
import RefreshFramesCore
import RefreshFramesExport
import RefreshFramesRaster
import RefreshFramesTestSupport
import Testing

private func png(_ path: String) throws -> Bitmap {
    try PNGCodec.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
}

/// Pixels whose colour is far from the background, inside a box (in pixels).
private func ink(_ b: Bitmap, x: Range<Int>, y: Range<Int>, background: (UInt8, UInt8, UInt8)) -> [(Int, Int)] {
    var points: [(Int, Int)] = []
    for yy in y {
        for xx in x {
            let p = b[xx, yy]
            let d =
                abs(Int(p.red) - Int(background.0)) + abs(Int(p.green) - Int(background.1))
                + abs(Int(p.blue) - Int(background.2))
            if d > 200 { points.append((xx, yy)) }
        }
    }
    return points
}

struct RenderTests {
    // rotate-scale: label 1 is at (80.5, 17, 22, 26) pt, i.e. x 161…205, y 34…86 px at 2×.
    let label1 = (x: 150..<216, y: 20..<100)
    let background: (UInt8, UInt8, UInt8) = (0xEC, 0xF0, 0xF1)

    @Test func theFirstLabelIsMagentaAndTiltedFiftyMillisecondsIntoTheRefresh() throws {
        let dir = try temporaryDirectory()
        #expect(
            try run(["render", "--only", "control", samplePath("rotate-scale"), "--at", "0.55", "-o", dir + "/a.png"])
                .status == 0)
        #expect(
            try run([
                "render", "--only", "control", samplePath("rotate-scale"), "--at", "0.599", "-o", dir + "/tilted.png",
            ]).status == 0)
        #expect(
            try run([
                "render", "--only", "control", samplePath("rotate-scale"), "--at", "5.7", "-o", dir + "/reset.png",
            ]).status == 0)
        let frame = try png(dir + "/a.png")
        let points = ink(frame, x: label1.x, y: label1.y, background: background)
        #expect(points.count > 100)
        let magenta = points.filter {
            let p = frame[$0.0, $0.1]
            return p.red > 200 && p.green < 60 && p.blue > 200
        }
        #expect(magenta.count > points.count / 2)
        // Tilted: 45° turns the glyph's ink box; the reset frame's is the upright one.
        let reset = try png(dir + "/reset.png")
        let upright = ink(reset, x: label1.x, y: label1.y, background: background)
        let tilted = ink(try png(dir + "/tilted.png"), x: label1.x, y: label1.y, background: background)
        func width(_ p: [(Int, Int)]) -> Int { p.map(\.0).max()! - p.map(\.0).min()! }
        func height(_ p: [(Int, Int)]) -> Int { p.map(\.1).max()! - p.map(\.1).min()! }
        #expect(width(tilted) > width(upright) + 6)
        #expect(height(tilted) > height(upright) + 6)
        // At the reset every label is black and upright: no coloured ink anywhere.
        for y in 0..<reset.height {
            for x in 0..<reset.width {
                let p = reset[x, y]
                #expect(max(p.red, p.green, p.blue) - min(p.red, p.green, p.blue) < 16)
                if max(p.red, p.green, p.blue) - min(p.red, p.green, p.blue) >= 16 { return }
            }
        }
    }

    @Test func theGIFDecodesToTheScenarioTiming() throws {
        let dir = try temporaryDirectory()
        let r = try run([
            "render", "--only", "control", samplePath("rotate-scale"), "-o", dir + "/rs.gif", "--loop", "3",
        ])
        #expect(r.status == 0)
        let gif = try GIFDecoder.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: dir + "/rs.gif"))))
        // The summary counts the frames the file holds (as APNG's and WebP's do), not the 297 drawn.
        #expect(r.stdout.hasPrefix("wrote \(dir)/rs.gif: \(gif.frames.count) frames, 5.95 s, 750x120, "), "\(r.stdout)")
        #expect(gif.width == 750 && gif.height == 120)
        #expect(gif.loopCount == 3)
        #expect(gif.totalDelayCentiseconds == 595)
        #expect(gif.frames.allSatisfy { $0.delayCentiseconds >= 2 })
        // Identical frames are merged into longer delays, never dropped: after the reset nothing moves.
        #expect(gif.frames.count < 297)
        #expect(gif.frames.last!.delayCentiseconds >= 45)
        // Decoded frames match the truecolor render closely (one global palette, no dithering).
        #expect(
            try run(["render", "--only", "control", samplePath("rotate-scale"), "--at", "0.56", "-o", dir + "/f3.png"])
                .status == 0)
        let truth = try png(dir + "/f3.png")
        var elapsed = 0
        let decoded = gif.frames.first { frame in
            defer { elapsed += frame.delayCentiseconds }
            return elapsed == 56
        }
        let frame = try #require(decoded).image
        var squared = 0.0
        for i in stride(from: 0, to: truth.pixels.count, by: 4) {
            for c in 0..<3 {
                let d = Double(truth.pixels[i + c]) - Double(frame.pixels[i + c])
                squared += d * d
            }
        }
        let mse = squared / Double(truth.width * truth.height * 3)
        let psnr = mse == 0 ? 99 : 10 * log10(255 * 255 / mse)
        #expect(psnr > 40)
    }

    /// The Swift marquee's labels turn magenta, brown, yellow… in its code's `getNextColor()`, a
    /// palette no field of the spec names; the GIF's colour table keeps every colour a view shows, so
    /// the third label's yellow at 1.0 s is yellow in the GIF too, not the nearest colour of a
    /// palette chosen from sample frames that never showed it (it was brown).
    @Test func aColorOnlyTheCodeNamesIsExactInTheGIF() throws {
        let dir = try temporaryDirectory()
        let spec = repositoryRoot.appendingPathComponent("samples/swift/marquee.json").path
        #expect(try run(["render", "--only", "control", spec, "-o", dir + "/m.gif"]).status == 0)
        #expect(try run(["render", "--only", "control", spec, "--at", "1.0", "-o", dir + "/m.png"]).status == 0)
        let gif = try GIFDecoder.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: dir + "/m.gif"))))
        var elapsed = 0
        let frame = try #require(
            gif.frames.first { frame in
                defer { elapsed += frame.delayCentiseconds }
                return elapsed == 100
            }
        ).image
        func yellowPixels(_ image: Bitmap) -> [Int] {
            stride(from: 0, to: image.pixels.count, by: 4).filter {
                image.pixels[$0] == 255 && image.pixels[$0 + 1] == 255 && image.pixels[$0 + 2] == 0
            }
        }
        // Every pixel of the truecolor frame that is yellow is yellow in the GIF (its antialiased
        // edges may round to yellow too).
        let truth = yellowPixels(try png(dir + "/m.png"))
        #expect(truth.count > 50)
        #expect(Set(truth).isSubset(of: yellowPixels(frame)))
        #expect(gif.globalColorTable?.contains(0xFF_FF00) == true)
    }

    @Test func outputIsByteIdenticalAcrossRunsAndThreadCounts() throws {
        let dir = try temporaryDirectory()
        for (name, threads) in [("a", "1"), ("b", "2"), ("c", "2")] {
            #expect(
                try run([
                    "render", "--only", "control", samplePath("marquee"), "-o", "\(dir)/\(name).gif", "--threads",
                    threads,
                ]).status == 0)
            #expect(
                try run([
                    "render", "--only", "control", samplePath("marquee"), "-o", "\(dir)/\(name)/", "--threads", threads,
                    "--fps", "10",
                ]).status == 0)
        }
        let a = FileManager.default.contents(atPath: dir + "/a.gif")
        #expect(a != nil)
        #expect(a == FileManager.default.contents(atPath: dir + "/b.gif"))
        #expect(a == FileManager.default.contents(atPath: dir + "/c.gif"))
        let frames = contents(ofDirectory: dir + "/a")
        #expect(frames.count == 44)  // 43 frames at 10 fps over 4.28 s, and frames.json
        #expect(frames.last == "frames.json")
        for f in frames {
            #expect(
                FileManager.default.contents(atPath: "\(dir)/a/\(f)")
                    == FileManager.default.contents(atPath: "\(dir)/b/\(f)"))
        }
    }

    @Test func thePNGSequenceManifestNamesFramesAndFonts() throws {
        let dir = try temporaryDirectory()
        #expect(
            try run(["render", "--only", "control", samplePath("classic-spinner"), "-o", dir + "/seq/", "--fps", "5"])
                .status == 0)
        let manifest =
            try JSONSerialization.jsonObject(with: try Data(contentsOf: URL(fileURLWithPath: dir + "/seq/frames.json")))
            as! [String: Any]
        let frames = manifest["frames"] as! [[String: Any]]
        #expect(frames.count == 10)
        #expect(frames[1]["file"] as? String == "frame-0001.png")
        #expect(frames[1]["time"] as? Double == 0.2)
        #expect((manifest["specSHA256"] as? String)?.count == 64)
        let fonts = manifest["fonts"] as! [[String: Any]]
        #expect(fonts.contains { ($0["file"] as? String)?.hasSuffix("wqy-microhei.ttc") == true })
    }

    @Test func badOutputsLeaveNoFileBehind() throws {
        let dir = try temporaryDirectory()
        let missing = try run(["render", "--only", "control", samplePath("marquee"), "-o", dir + "/nope/m.gif"])
        #expect(missing.status == 2)
        #expect(missing.stderr == "\(dir)/nope/m.gif: error: the directory '\(dir)/nope' does not exist\n")
        let copy = dir + "/spec.json"
        try FileManager.default.copyItem(atPath: samplePath("marquee"), toPath: copy)
        let overwrite = try run(["render", "--only", "control", copy, "--format", "gif", "-o", copy])
        #expect(overwrite.status == 2)
        #expect(
            overwrite.stderr == "\(copy): error: the output would overwrite the input '\(copy)'; choose another name\n")
        // A character no font covers fails the render after it started: no GIF and no temporary file.
        let uncovered = dir + "/uncovered.json"
        let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: samplePath("marquee"))), as: UTF8.self)
            .replacingOccurrences(of: "\"refreshing\": \"中\"", with: "\"refreshing\": \"\u{10000}\"")
        try Data(text.utf8).write(to: URL(fileURLWithPath: uncovered))
        let r = try run(["render", "--only", "control", uncovered, "-o", dir + "/out.gif"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("no installed font covers '\u{10000}' (U+10000)"))
        #expect(r.stderr.split(separator: "\n").count == 1)
        #expect(contents(ofDirectory: dir) == ["spec.json", "uncovered.json"])
    }

    /// Ctrl-C (SIGINT, exit 130) and SIGTERM (exit 143) alike.
    @Test(arguments: [(SIGINT, Int32(130)), (SIGTERM, Int32(143))])
    func anInterruptedRenderKeepsThePreviousFileAndLeavesNoTemporaryFile(signal: Int32, status: Int32) throws {
        let dir = try temporaryDirectory()
        let out = dir + "/long.gif"
        #expect(try run(["render", "--only", "control", samplePath("classic-spinner"), "-o", out]).status == 0)
        let before = FileManager.default.contents(atPath: out)
        // A long render: two minutes of animation at 50 fps and scale 4.
        let long = dir + "/long.json"
        let text = try String(contentsOfFile: samplePath("rotate-scale"), encoding: .utf8)
            .replacingOccurrences(of: "\"workDuration\": 4,", with: "\"workDuration\": 4, \"duration\": 120,")
        try Data(text.utf8).write(to: URL(fileURLWithPath: long))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binaryPath)
        process.arguments = [
            "render", "--only", "control", long, "-o", out, "--fps", "50", "--scale", "4", "--threads", "1",
        ]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        var sawTemporary = false
        // Up to 60 s: under the address sanitizer the first frames alone take several seconds.
        for _ in 0..<3000 where !sawTemporary {
            usleep(20_000)
            sawTemporary = contents(ofDirectory: dir).contains { $0.contains(".tmp-") }
        }
        #expect(sawTemporary)
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        #expect(process.terminationStatus == status)
        #expect(contents(ofDirectory: dir) == ["long.gif", "long.json"])
        #expect(FileManager.default.contents(atPath: out) == before)
    }
}

/// With a host, `render` draws the phone screen; `--only control` the control alone.
struct SceneRenderTests {
    @Test func aSpecWithAHostRendersTheViewport() throws {
        let dir = try temporaryDirectory()
        let r = try run(["render", samplePath("rotate-scale"), "--at", "4.65", "-o", dir + "/scene.png"])
        #expect(r.status == 0)
        #expect(r.stdout.hasPrefix("wrote \(dir)/scene.png: frame at 4.65 s, 750x1334, "))
        let control = try run([
            "render", samplePath("rotate-scale"), "--only", "control", "--at", "4.65", "-o", dir + "/control.png",
        ])
        #expect(control.stdout.hasPrefix("wrote \(dir)/control.png: frame at 4.65 s, 750x120, "))
        let bad = try run(["render", samplePath("rotate-scale"), "--only", "table", "--at", "1", "-o", dir + "/x.png"])
        #expect(bad.status == 64)
        #expect(bad.stderr.hasPrefix("Error: Invalid value 'table' for '--only': expected one of screen, control."))
    }

    @Test func stateListsTheVisibleRows() throws {
        let r = try run(["state", samplePath("rotate-scale"), "--at", "4.8"])
        #expect(r.status == 0)
        let object = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as! [String: Any]
        #expect(object["contentOffset"] as? [Double] == [0, 0])
        #expect((object["refreshControl"] as? [String: Any])?["visibleHeight"] as? Double == 0)
        let rows = object["rows"] as! [[String: Any]]
        #expect(rows.map { $0["text"] as! String } == ["情人节快乐", "我喜欢你", "你喜欢我吗？", "其实我也喜欢你"])
        #expect(rows[3]["indexPath"] as? [Int] == [0, 3])
        #expect(rows[3]["frame"] as? [Double] == [0, 132, 375, 44])
        #expect(rows[3]["alpha"] as? Double == 1)
    }
}

/// `--from 0.5 --to 1.0` is that half second in every format: 25 frames at 50 fps from 0.5 s.
struct RenderSpanTests {
    @Test func theGIFLastsTheSpan() throws {
        let dir = try temporaryDirectory()
        let r = try run(["render", samplePath("rotate-scale"), "--from", "0.5", "--to", "1.0", "-o", dir + "/x.gif"])
        #expect(r.status == 0)
        #expect(r.stdout.hasPrefix("wrote \(dir)/x.gif: 25 frames, 0.50 s, "))
        let gif = try GIFDecoder.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: dir + "/x.gif"))))
        #expect(gif.totalDelayCentiseconds == 50)
        #expect(gif.frames.map(\.delayCentiseconds) == Array(repeating: 2, count: 25))
    }

    @Test func thePNGSequenceStartsAtTheSpan() throws {
        let dir = try temporaryDirectory()
        let r = try run(["render", samplePath("rotate-scale"), "--from", "0.5", "--to", "1.0", "-o", dir + "/seq/"])
        #expect(r.status == 0)
        let manifest =
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: URL(fileURLWithPath: dir + "/seq/frames.json"))) as! [String: Any]
        let times = (manifest["frames"] as! [[String: Any]]).map { $0["time"] as! Double }
        #expect(times.count == 25)
        #expect(times.first == 0.5)
        #expect(abs(times.last! - 0.98) < 1e-9)
    }

    @Test func theCastCountsFromTheSpansStart() throws {
        let dir = try temporaryDirectory()
        let r = try run(["render", samplePath("rotate-scale"), "--from", "0.5", "--to", "1.0", "-o", dir + "/x.cast"])
        #expect(r.status == 0)
        let lines = try String(contentsOf: URL(fileURLWithPath: dir + "/x.cast"), encoding: .utf8).split(
            separator: "\n")
        let times = try lines.dropFirst().map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [Any] }
            .map { $0[0] as! Double }
        // 25 frames, then at the span's end the cursor moves below the frame, as the .ans ends.
        #expect(times.count == 26)
        #expect(times.first == 0)
        #expect(times.dropLast().last == 0.48)
        #expect(times.last == 0.5)
    }

    /// The stream's last screen is the frame at 0.98 s, rendered alone.
    @Test func theANSIStreamEndsAtTheSpansLastFrame() throws {
        let dir = try temporaryDirectory()
        let r = try run(["render", samplePath("rotate-scale"), "--from", "0.5", "--to", "1.0", "-o", dir + "/x.ans"])
        #expect(r.status == 0)
        #expect(r.stdout.hasPrefix("wrote \(dir)/x.ans: 25 frames, 80x71 cells, "))
        let last = try run(["render", samplePath("rotate-scale"), "--at", "0.98", "-o", dir + "/last.ans"])
        #expect(last.status == 0)
        let stream = [UInt8](try Data(contentsOf: URL(fileURLWithPath: dir + "/x.ans")))
        let alone = [UInt8](try Data(contentsOf: URL(fileURLWithPath: dir + "/last.ans")))
        #expect(try screen(stream, width: 80, height: 71) == (try screen(alone, width: 80, height: 71)))
    }
}

/// A file's bytes do not depend on the terminal that wrote it: 80 columns, 24-bit colour.
struct TerminalIndependentFileTests {
    static let environments: [[String: String]] = [
        [:],
        ["TERM": "xterm", "COLUMNS": "200"],
        ["TERM": "xterm-256color", "COLORTERM": "truecolor", "COLUMNS": "40", "LINES": "10"],
        ["NO_COLOR": "1", "TERM": "dumb"],
    ]

    @Test(arguments: ["x.cast", "x.ans"])
    func theSameCommandWritesTheSameBytesUnderAnyTerminal(name: String) throws {
        let dir = try temporaryDirectory()
        var outputs: [[UInt8]] = []
        for (i, environment) in Self.environments.enumerated() {
            let r = try run(
                ["render", samplePath("marquee"), "--fps", "10", "-o", "\(dir)/\(i)-\(name)"], environment: environment)
            #expect(r.status == 0)
            #expect(r.stdout.contains(", 80x"))
            outputs.append([UInt8](try Data(contentsOf: URL(fileURLWithPath: "\(dir)/\(i)-\(name)"))))
        }
        #expect(Set(outputs).count == 1)
        // 24-bit colour: truecolor escapes.
        #expect(String(decoding: outputs[0], as: UTF8.self).contains("38;2;"))
    }

    /// `cat x.ans` needs the frame's rows and one for the prompt; the cast is that tall too.
    @Test func theCastIsAsTallAsTheANSIStreamNeeds() throws {
        let dir = try temporaryDirectory()
        for name in ["x.ans", "x.cast"] {
            #expect(try run(["render", samplePath("rotate-scale"), "--fps", "10", "-o", "\(dir)/\(name)"]).status == 0)
        }
        let cast = try String(contentsOf: URL(fileURLWithPath: dir + "/x.cast"), encoding: .utf8)
        let header = cast.prefix { $0 != "\n" }
        #expect(header.contains("\"width\": 80, \"height\": 72,"))
        // The stream ends on row 72, below the frame's 71 rows.
        let ans = [UInt8](try Data(contentsOf: URL(fileURLWithPath: dir + "/x.ans")))
        #expect(String(decoding: ans.suffix(12), as: UTF8.self).hasSuffix("\u{1B}[72;1H\r\n"))
        #expect(cast.hasSuffix(#"\u001b[72;1H\r\n"]"# + "\n"))
    }

    @Test func oneTextFrameWithoutColorsIsPlainLines() throws {
        let r = try run([
            "render", samplePath("rotate-scale"), "--only", "control", "--format", "ansi", "--ansi", "text", "--at",
            "1", "--cols", "60", "--colors", "none",
        ])
        #expect(r.status == 0)
        #expect(!r.stdoutBytes.contains(0x1B))
        let lines = r.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.last == "")
        #expect(lines.dropLast().allSatisfy { $0.count <= 60 && $0.last != " " })
        #expect(lines.contains { $0.contains("我") && $0.contains("新") })
    }
}
