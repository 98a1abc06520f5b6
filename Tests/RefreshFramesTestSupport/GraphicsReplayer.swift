import Foundation
import RefreshFramesCore

/// A terminal that draws images, as far as RefreshFrames' graphics streams need: it decodes every
/// kitty, iTerm2 and sixel image with decoders it is given (not the encoder's code) and composites
/// them onto a canvas of the screen's pixels, so a stream can be compared with the frames it draws.
///
/// Understood: CSI `H` (position), `J` 2 (clears what sixel and iTerm2 drew: their images are the
/// cells' content), `m` (ignored), CR, LF; kitty's APC `G` with `a=T` (transmit and show at the
/// cursor, `c`×`r` cells), `a=f,r=1` (edit the image's pixels at `x`,`y`, `X=1`), `a=d` (delete),
/// chunked with `m=1`; iTerm2's OSC 1337 `File=inline=1;width=N;height=M` (in cells); sixel DCS `q`.
/// An image that does not fill exactly the cells it is given is an error: this terminal never scales.
package struct GraphicsReplayer {
    package struct Failure: Error, CustomStringConvertible {
        package var description: String

        package init(description: String) { self.description = description }
    }

    package let cell: (width: Int, height: Int)
    /// What the screen shows, in pixels: `columns × cell.width` by `rows × cell.height`, transparent
    /// where nothing was drawn.
    package private(set) var canvas: Bitmap
    package private(set) var row = 0
    package private(set) var column = 0
    /// Images decoded, by kind, for tests that count them.
    package private(set) var decoded: [String: Int] = [:]
    private let decodePNG: ([UInt8]) throws -> Bitmap
    private let decodeSixel: ([UInt8]) throws -> Bitmap
    /// kitty images by id, and where each is shown (its top-left cell).
    private var kittyImages: [Int: (image: Bitmap, origin: (row: Int, column: Int)?)] = [:]
    /// A kitty command being received in chunks: its first chunk's keys and the payload so far.
    private var kittyLoading: (keys: [String: String], payload: [UInt8])?

    package init(
        columns: Int, rows: Int, cell: (width: Int, height: Int), decodePNG: @escaping ([UInt8]) throws -> Bitmap,
        decodeSixel: @escaping ([UInt8]) throws -> Bitmap
    ) {
        self.cell = cell
        canvas = Bitmap(width: columns * cell.width, height: rows * cell.height)
        self.decodePNG = decodePNG
        self.decodeSixel = decodeSixel
    }

    package mutating func apply(_ bytes: [UInt8]) throws {
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            if b == 0x0D {
                column = 0
                i += 1
            } else if b == 0x0A {
                row += 1
                i += 1
            } else if b == 0x1B, i + 1 < bytes.count {
                if bytes[i + 1] == 0x5B {
                    i = try csi(bytes, i + 2)
                    continue
                }
                let (body, next) = try stringSequence(bytes, i + 2, bell: bytes[i + 1] == 0x5D)
                switch bytes[i + 1] {
                case 0x5F: try kitty(body)
                case 0x5D: try osc(body)
                case 0x50:
                    let image = try decodeSixel([0x1B, 0x50] + body + [0x1B, 0x5C])
                    decoded["sixel", default: 0] += 1
                    blit(image, row: row, column: column)
                default: throw Failure(description: "unexpected ESC \(bytes[i + 1]) at \(i)")
                }
                i = next
            } else {
                i += 1  // text (a status line, a note): not what this terminal checks
            }
        }
    }

    /// Where the image of kitty id `id` is, if shown.
    package func kittyImage(_ id: Int) -> Bitmap? { kittyImages[id]?.image }

    private mutating func csi(_ bytes: [UInt8], _ start: Int) throws -> Int {
        var j = start
        while j < bytes.count, (0x30...0x3F).contains(bytes[j]) { j += 1 }
        guard j < bytes.count else { throw Failure(description: "a CSI cut short") }
        let parameters = String(decoding: bytes[start..<j], as: UTF8.self).split(
            separator: ";", omittingEmptySubsequences: false
        ).map { Int($0) ?? 0 }
        switch bytes[j] {
        case 0x48:
            row = max(1, parameters.first ?? 1) - 1
            column = max(1, parameters.count > 1 ? parameters[1] : 1) - 1
        case 0x4A where parameters.first == 2:
            canvas = Bitmap(width: canvas.width, height: canvas.height)
            for shown in kittyImages.values {
                if let origin = shown.origin { blit(shown.image, row: origin.row, column: origin.column) }
            }
        case 0x6D, 0x4A, 0x4B: break
        default: throw Failure(description: "unexpected CSI final \(bytes[j])")
        }
        return j + 1
    }

    /// The body of a string sequence (APC, OSC, DCS) from `start`, and the index after its end (ST,
    /// or for OSC also BEL).
    private func stringSequence(_ bytes: [UInt8], _ start: Int, bell: Bool) throws -> (body: [UInt8], next: Int) {
        var j = start
        while j < bytes.count {
            if bell && bytes[j] == 0x07 { return (Array(bytes[start..<j]), j + 1) }
            if bytes[j] == 0x1B, j + 1 < bytes.count, bytes[j + 1] == 0x5C { return (Array(bytes[start..<j]), j + 2) }
            j += 1
        }
        throw Failure(description: "a string sequence without its end")
    }

    private mutating func kitty(_ body: [UInt8]) throws {
        guard body.first == 0x47 else { throw Failure(description: "an APC that is not kitty's G") }
        let text = String(decoding: body.dropFirst(), as: UTF8.self)
        let parts = text.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)
        var keys: [String: String] = [:]
        for pair in parts[0].split(separator: ",") {
            let kv = pair.split(separator: "=", maxSplits: 1)
            guard kv.count == 2 else { throw Failure(description: "kitty key without value: \(pair)") }
            keys[String(kv[0])] = String(kv[1])
        }
        let chunk = parts.count > 1 ? Array(parts[1].utf8) : []
        guard chunk.count <= 4096 else { throw Failure(description: "a kitty chunk of \(chunk.count) bytes") }
        if var loading = kittyLoading {
            loading.payload += chunk
            kittyLoading = loading
        } else {
            kittyLoading = (keys, chunk)
        }
        guard keys["m"] != "1" else { return }
        let (command, payload) = kittyLoading!
        kittyLoading = nil
        guard command["q"] == "2" else { throw Failure(description: "a kitty command that is not quiet: \(command)") }
        let id = Int(command["i"] ?? "") ?? 0
        func image() throws -> Bitmap {
            guard command["f"] == "100" else { throw Failure(description: "kitty data not PNG: \(command)") }
            guard let data = Data(base64Encoded: Data(payload)) else { throw Failure(description: "bad base64") }
            decoded["kitty", default: 0] += 1
            return try decodePNG([UInt8](data))
        }
        switch command["a"] {
        case "d":
            kittyImages[id] = nil
        case "T":
            let bitmap = try image()
            let columns = Int(command["c"] ?? "") ?? 0
            let rows = Int(command["r"] ?? "") ?? 0
            guard bitmap.width == columns * cell.width, bitmap.height == rows * cell.height else {
                throw Failure(
                    description: "a kitty image of \(bitmap.width)x\(bitmap.height) shown on \(columns)x\(rows) cells")
            }
            kittyImages[id] = (bitmap, (row, column))
            blit(bitmap, row: row, column: column)
        case "f":
            // kitty before 0.36 takes a chunked frame edit for a new image (kitty issue 7742).
            guard keys == command else { throw Failure(description: "a kitty frame edit in several chunks") }
            guard command["r"] == "1", command["X"] == "1", var shown = kittyImages[id] else {
                throw Failure(description: "a kitty frame command this terminal does not take: \(command)")
            }
            let edit = try image()
            let x = Int(command["x"] ?? "") ?? 0
            let y = Int(command["y"] ?? "") ?? 0
            guard x + edit.width <= shown.image.width, y + edit.height <= shown.image.height else {
                throw Failure(description: "a kitty edit outside its image")
            }
            shown.image = Self.pasting(edit, into: shown.image, x: x, y: y)
            kittyImages[id] = shown
            if let origin = shown.origin {
                canvas = Self.pasting(
                    edit, into: canvas, x: origin.column * cell.width + x, y: origin.row * cell.height + y)
            }
        default:
            throw Failure(description: "a kitty action this terminal does not take: \(command)")
        }
    }

    private mutating func osc(_ body: [UInt8]) throws {
        let text = String(decoding: body, as: UTF8.self)
        guard text.hasPrefix("1337;File="), let colon = text.firstIndex(of: ":") else {
            throw Failure(description: "an OSC that is not an iTerm2 file")
        }
        var arguments: [String: String] = [:]
        for pair in text[text.index(text.startIndex, offsetBy: 10)..<colon].split(separator: ";") {
            let kv = pair.split(separator: "=", maxSplits: 1)
            if kv.count == 2 { arguments[String(kv[0])] = String(kv[1]) }
        }
        guard arguments["inline"] == "1", let data = Data(base64Encoded: String(text[text.index(after: colon)...]))
        else { throw Failure(description: "an iTerm2 file that is not an inline image") }
        guard Int(arguments["size"] ?? "") == data.count else { throw Failure(description: "iTerm2 size differs") }
        let bitmap = try decodePNG([UInt8](data))
        decoded["iterm", default: 0] += 1
        guard let columns = Int(arguments["width"] ?? ""), let rows = Int(arguments["height"] ?? ""),
            bitmap.width == columns * cell.width, bitmap.height == rows * cell.height
        else {
            throw Failure(description: "an iTerm2 image of \(bitmap.width)x\(bitmap.height) given \(arguments)")
        }
        blit(bitmap, row: row, column: column)
    }

    private mutating func blit(_ image: Bitmap, row: Int, column: Int) {
        canvas = Self.pasting(image, into: canvas, x: column * cell.width, y: row * cell.height)
    }

    /// `image` over `target` at (`x`, `y`), clipped, replacing the pixels.
    static func pasting(_ image: Bitmap, into target: Bitmap, x: Int, y: Int) -> Bitmap {
        var out = target
        for iy in 0..<image.height where y + iy >= 0 && y + iy < target.height {
            for ix in 0..<image.width where x + ix >= 0 && x + ix < target.width {
                let from = (iy * image.width + ix) * 4
                let to = ((y + iy) * target.width + x + ix) * 4
                for k in 0..<4 { out.pixels[to + k] = image.pixels[from + k] }
            }
        }
        return out
    }
}
