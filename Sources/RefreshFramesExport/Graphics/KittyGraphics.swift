import RefreshFramesCore
import RefreshFramesRaster

/// kitty's graphics protocol commands (APC `ESC _ G keys ; base64 ESC \`), always quiet (`q=2`): a
/// terminal that answered would put its answers in the preview's keys.
enum KittyGraphics {
    /// The payload's base64 goes in chunks of at most 4096 bytes, as the protocol requires.
    static let chunkSize = 4096

    /// Transmits a PNG as image `id` and shows it at the cursor, scaled to `columns` × `rows`
    /// cells, leaving the cursor where it is (`C=1`).
    static func display(png: [UInt8], id: Int, columns: Int, rows: Int) -> [UInt8] {
        command("a=T,f=100,i=\(id),c=\(columns),r=\(rows),C=1,q=2", payload: png)
    }

    /// Replaces the pixels of image `id` from (`x`, `y`) with a PNG's (`X=1`: no blending), in its
    /// one frame (`r=1`), which every placement of it then shows. The PNG must fit one chunk.
    static func edit(png: [UInt8], id: Int, x: Int, y: Int) -> [UInt8] {
        precondition(png.count <= maxEditBytes, "a frame edit is sent in one chunk")
        return command("a=f,r=1,f=100,i=\(id),x=\(x),y=\(y),X=1,q=2", payload: png)
    }

    /// The largest PNG whose base64 fits one chunk.
    static let maxEditBytes = chunkSize / 4 * 3

    /// The edits that put `rect` of `bitmap` into image `id`, each in one chunk: a rectangle whose
    /// PNG is larger is split in halves, rows first. (kitty before 0.36 — Debian 12 has 0.26.5 —
    /// takes a frame edit sent in several chunks for a whole new image, stretched over the old one:
    /// kitty issue 7742, seen here in kitty 0.26.5 under Xvfb.)
    static func edits(of rect: PixelRect, in bitmap: Bitmap, id: Int) throws -> [UInt8] {
        let png = try PNGCodec.encode(bitmap.cropped(to: rect))
        // A PNG of one pixel is some 70 bytes, so the halving ends.
        if png.count <= maxEditBytes { return edit(png: png, id: id, x: rect.x, y: rect.y) }
        let halves: [PixelRect]
        if rect.height > 1 {
            let top = rect.height / 2
            halves = [
                PixelRect(x: rect.x, y: rect.y, width: rect.width, height: top),
                PixelRect(x: rect.x, y: rect.y + top, width: rect.width, height: rect.height - top),
            ]
        } else {
            let left = rect.width / 2
            halves = [
                PixelRect(x: rect.x, y: rect.y, width: left, height: 1),
                PixelRect(x: rect.x + left, y: rect.y, width: rect.width - left, height: 1),
            ]
        }
        return try halves.flatMap { try edits(of: $0, in: bitmap, id: id) }
    }

    /// Deletes image `id`, its placements and its data.
    static func delete(id: Int) -> [UInt8] {
        Array("\u{1B}_Ga=d,d=I,i=\(id),q=2\u{1B}\\".utf8)
    }

    /// One command: the keys with the first chunk, `m=1` on every chunk but the last.
    static func command(_ keys: String, payload: [UInt8]) -> [UInt8] {
        let data = Base64.encode(payload)
        var out: [UInt8] = []
        out.reserveCapacity(data.count + data.count / chunkSize * 12 + keys.utf8.count + 16)
        var start = 0
        repeat {
            let end = min(data.count, start + chunkSize)
            out += Array("\u{1B}_G".utf8)
            if start == 0 { out += Array(keys.utf8) + [UInt8(ascii: ",")] }
            out += Array((end < data.count ? "m=1;" : "m=0;").utf8)
            out += data[start..<end]
            out += [0x1B, UInt8(ascii: "\\")]
            start = end
        } while start < data.count
        return out
    }
}

/// iTerm2's inline images (`ESC ] 1337 ; File=… : base64 BEL`), sized in cells so that an image
/// fills exactly the cells it was made for at any cell size.
enum ITermGraphics {
    static func image(png: [UInt8], columns: Int, rows: Int) -> [UInt8] {
        Array(
            "\u{1B}]1337;File=inline=1;size=\(png.count);width=\(columns);height=\(rows);preserveAspectRatio=0:".utf8)
            + Base64.encode(png) + [0x07]
    }
}
