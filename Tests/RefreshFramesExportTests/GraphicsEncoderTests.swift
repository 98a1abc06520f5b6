import Foundation
import RefreshFramesCore
import RefreshFramesRaster
import RefreshFramesTestSupport
import Testing

@testable import RefreshFramesExport

/// The pieces of the graphics protocols that the end-to-end tests (TerminalGraphicsTests) reach only
/// by chance: base64, kitty's one-chunk edits, the cells a damage takes.
struct GraphicsEncoderTests {
    @Test func base64IsFoundations() {
        var generator = SplitMix64(seed: 7)
        for count in Array(0...9) + [100, 4095, 4096, 4097] {
            let bytes = (0..<count).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            #expect(String(decoding: Base64.encode(bytes), as: UTF8.self) == Data(bytes).base64EncodedString())
        }
    }

    /// A noisy rectangle's PNG is far over one chunk: it is split until every edit fits one (kitty
    /// 0.26 misdraws chunked edits), and the edits still put every pixel in place.
    @Test func aLargeKittyEditIsSplitIntoOneChunkEdits() throws {
        var generator = SplitMix64(seed: 1)
        let width = 300
        let height = 200
        let pixels = (0..<(width * height)).flatMap { _ -> [UInt8] in
            let v = generator.next()
            return [
                UInt8(truncatingIfNeeded: v), UInt8(truncatingIfNeeded: v >> 8), UInt8(truncatingIfNeeded: v >> 16),
                255,
            ]
        }
        let noise = Bitmap(width: width, height: height, pixels: pixels)
        let blank = Bitmap(width: width, height: height, fill: .white)
        let id = GraphicsEncoder.kittyImageID
        let rect = PixelRect(x: 20, y: 10, width: 250, height: 150)
        var stream = KittyGraphics.display(png: try PNGCodec.encode(blank), id: id, columns: 30, rows: 10)
        let edits = try KittyGraphics.edits(of: rect, in: noise, id: id)
        stream += edits
        #expect(String(decoding: edits, as: UTF8.self).components(separatedBy: "a=f").count > 30)
        var terminal = GraphicsReplayer(
            columns: 30, rows: 10, cell: (10, 20), decodePNG: PNGCodec.decodeThroughGD,
            decodeSixel: { _ in throw GraphicsReplayer.Failure(description: "no sixel here") })
        try terminal.apply(stream)
        for y in 0..<height {
            for x in 0..<width {
                let inside = x >= rect.x && x <= rect.maxX && y >= rect.y && y <= rect.maxY
                #expect(terminal.canvas[x, y] == (inside ? noise[x, y] : blank[x, y]))
            }
        }
    }

    /// The damage becomes whole cells, overlapping areas merged, clipped to the image.
    @Test func damageBecomesMergedCells() throws {
        var encoder = GraphicsEncoder(.iterm, cell: CellSize(width: 10, height: 20))
        _ = try encoder.encode(FramePatch(whole: Bitmap(width: 95, height: 50, fill: .white)))
        #expect(encoder.columns == 10 && encoder.rows == 3)
        let areas = encoder.cellAreas([
            PixelRect(x: 5, y: 5, width: 10, height: 10), PixelRect(x: 12, y: 18, width: 3, height: 5),
            PixelRect(x: 80, y: 45, width: 40, height: 40),
        ])
        #expect(areas == [CellRect(columns: 0..<2, rows: 0..<2), CellRect(columns: 8..<10, rows: 2..<3)])
    }

    /// What the terminal outside tmux receives from a passthrough stream: the inside of each
    /// `ESC P tmux ; … ESC \`, its doubled ESCs made single again (tmux's own drawing left out).
    static func passedThrough(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        var i = 0
        let start = Array("\u{1B}Ptmux;".utf8)
        while i < bytes.count {
            guard bytes[i...].starts(with: start) else {
                i += 1
                continue
            }
            i += start.count
            while i < bytes.count {
                if bytes[i] == 0x1B, i + 1 < bytes.count, bytes[i + 1] == 0x1B {
                    out.append(0x1B)
                    i += 2
                } else if bytes[i] == 0x1B, i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "\\") {
                    i += 2
                    break
                } else {
                    out.append(bytes[i])
                    i += 1
                }
            }
        }
        return out
    }

    /// Inside tmux, kitty's and iTerm2's commands go through its passthrough, each after a cursor
    /// move of its own: what reaches the outer terminal alone draws the same frames, the first
    /// whole and the next as patches, as the stream outside tmux does.
    @Test(arguments: [GraphicsProtocol.kitty, .iterm])
    func passthroughDeliversTheSameImages(graphics: GraphicsProtocol) throws {
        let cell = CellSize(width: 10, height: 20)
        var plain = GraphicsEncoder(graphics, cell: cell)
        var wrapped = GraphicsEncoder(graphics, cell: cell, passthrough: TmuxPassthrough(top: 0, left: 0))
        let first = Bitmap(width: 95, height: 50, fill: .white)
        var second = first
        for y in 22..<37 {
            for x in 31..<58 {
                second.pixels.replaceSubrange(((y * 95 + x) * 4)..<((y * 95 + x) * 4 + 4), with: [200, 30, 40, 255])
            }
        }
        let rect = PixelRect(x: 31, y: 22, width: 27, height: 15)
        let patch = FramePatch(width: 95, height: 50, regions: [(rect, second.cropped(to: rect))])
        func replay(_ stream: [UInt8]) throws -> Bitmap {
            var terminal = GraphicsReplayer(
                columns: 10, rows: 3, cell: (10, 20), decodePNG: PNGCodec.decodeThroughGD,
                decodeSixel: { _ in throw GraphicsReplayer.Failure(description: "no sixel here") })
            try terminal.apply(stream)
            return terminal.canvas
        }
        let plainStream = try plain.encode(FramePatch(whole: first)) + plain.encode(patch)
        let wrappedStream = try wrapped.encode(FramePatch(whole: first)) + wrapped.encode(patch)
        #expect(String(decoding: wrappedStream, as: UTF8.self).contains("\u{1B}Ptmux;\u{1B}\u{1B}"))
        let outside = Self.passedThrough(wrappedStream)
        #expect(!outside.isEmpty)
        #expect(try replay(outside) == replay(plainStream))
        let drawn = try replay(plainStream)[40, 30]
        #expect(drawn.red == 200 && drawn.green == 30 && drawn.blue == 40 && drawn.alpha == 255)
        if graphics == .kitty {
            #expect(Self.passedThrough(wrapped.clear()).starts(with: Array("\u{1B}[1;1H\u{1B}_Ga=d".utf8)))
        }
    }

    /// Each command is placed at the pane's cell on the outer terminal: the pane's offset plus the
    /// cell the stream moved to; the pane's own bytes (the moves and clears) go to tmux unchanged.
    @Test func passthroughPlacesEachCommandAtThePanesCell() {
        let inner =
            "\u{1B}[0m\u{1B}[H\u{1B}[2J\u{1B}]1337;File=inline=1:AAAA\u{07}\u{1B}[3;5H\u{1B}]1337;File=inline=1:BBBB\u{07}"
        let wrapped = TmuxPassthrough(top: 2, left: 40).wrap(Array(inner.utf8))
        #expect(
            String(decoding: wrapped, as: UTF8.self)
                == "\u{1B}[0m\u{1B}[H\u{1B}[2J"
                + "\u{1B}Ptmux;\u{1B}\u{1B}[3;41H\u{1B}\u{1B}]1337;File=inline=1:AAAA\u{07}\u{1B}\\"
                + "\u{1B}[3;5H"
                + "\u{1B}Ptmux;\u{1B}\u{1B}[5;45H\u{1B}\u{1B}]1337;File=inline=1:BBBB\u{07}\u{1B}\\")
    }
}
