import Foundation
import RefreshFramesCore
@_spi(Fuzzing) import RefreshFramesRaster
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
}
