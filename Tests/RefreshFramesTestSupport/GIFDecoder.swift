import RefreshFramesCore
import RefreshFramesExport

/// Reads GIF87a/GIF89a files: colour tables, transparency, disposal 0–3, interlace, LZW.
///
/// Disposal 2 restores the image's area to clear (as browsers do), not to the background colour.
/// Image pixels outside the logical screen are clipped.
package enum GIFDecoder {
    /// Larger images are refused rather than allocated (a corrupt header could ask for 16 GB).
    static let maximumPixelCount = 1 << 26

    package static func decode(_ bytes: [UInt8]) throws -> DecodedGIF {
        var reader = ByteReader(bytes: bytes)
        let signature = try reader.bytes(6)
        guard signature == Array("GIF87a".utf8) || signature == Array("GIF89a".utf8) else {
            throw GIFError.notAGIF
        }
        let width = try reader.uint16()
        let height = try reader.uint16()
        guard width * height <= maximumPixelCount else { throw GIFError.tooLarge(width: width, height: height) }
        let screenFlags = try reader.byte()
        _ = try reader.bytes(2)  // background index, aspect ratio
        let globalTable = screenFlags & 0x80 != 0 ? try reader.colorTable(bits: Int(screenFlags & 7) + 1) : nil

        var result = DecodedGIF(
            width: width, height: height, loopCount: nil, globalColorTable: globalTable, frames: [])
        var canvas = [UInt8](repeating: 0, count: width * height * 4)
        var control = GraphicControl()
        var previous: (region: PixelRect, disposal: Int, saved: [UInt8]?)?

        while true {
            let introducerOffset = reader.offset
            switch try reader.byte() {
            case 0x21:
                let label = try reader.byte()
                switch label {
                case 0xF9:
                    let block = try reader.subBlocks()
                    guard block.count >= 4 else { throw GIFError.truncated(offset: reader.offset) }
                    control.disposal = Int(block[0] >> 2 & 7)
                    control.delay = Int(block[1]) | Int(block[2]) << 8
                    control.transparentIndex = block[0] & 1 != 0 ? Int(block[3]) : nil
                case 0xFF:
                    let identifierLength = Int(try reader.byte())
                    let identifier = try reader.bytes(identifierLength)
                    let data = try reader.subBlocks()
                    let isLoop = identifier == Array("NETSCAPE2.0".utf8) || identifier == Array("ANIMEXTS1.0".utf8)
                    if isLoop, data.count >= 3, data[0] == 1 {
                        result.loopCount = Int(data[1]) | Int(data[2]) << 8
                    }
                default:
                    _ = try reader.subBlocks()
                }
            case 0x2C:
                let frameNumber = result.frames.count
                let region = PixelRect(
                    x: try reader.uint16(), y: try reader.uint16(),
                    width: try reader.uint16(), height: try reader.uint16())
                guard region.width * region.height <= maximumPixelCount else {
                    throw GIFError.tooLarge(width: region.width, height: region.height)
                }
                let flags = try reader.byte()
                let localTable = flags & 0x80 != 0 ? try reader.colorTable(bits: Int(flags & 7) + 1) : nil
                guard let table = localTable ?? globalTable else {
                    throw GIFError.missingColorTable(frame: frameNumber)
                }
                let minimumCodeSize = Int(try reader.byte())
                let dataEnd = reader.offset
                let data = try reader.subBlocks()
                let indices = try LZWDecoder.decode(
                    data, minimumCodeSize: minimumCodeSize, pixelCount: region.width * region.height,
                    frame: frameNumber, offset: dataEnd)

                if let previous {
                    switch previous.disposal {
                    case 2: clear(&canvas, previous.region, canvasWidth: width, canvasHeight: height)
                    case 3: if let saved = previous.saved { canvas = saved }
                    default: break
                    }
                }
                let saved = control.disposal == 3 ? canvas : nil
                draw(
                    indices, region: region, interlaced: flags & 0x40 != 0, table: table,
                    transparentIndex: control.transparentIndex, onto: &canvas,
                    canvasWidth: width, canvasHeight: height)
                result.frames.append(
                    DecodedGIF.Frame(
                        image: Bitmap(width: width, height: height, pixels: canvas),
                        delayCentiseconds: control.delay, region: region, disposal: control.disposal,
                        transparentIndex: control.transparentIndex))
                previous = (region, control.disposal, saved)
                control = GraphicControl()
            case 0x3B:
                return result
            case let other:
                throw GIFError.unknownBlock(byte: other, offset: introducerOffset)
            }
        }
    }

    private struct GraphicControl {
        var disposal = 0
        var delay = 0
        var transparentIndex: Int?
    }

    /// Rows in the order an interlaced image stores them.
    package static func interlacedRows(height: Int) -> [Int] {
        let passes: [(start: Int, step: Int)] = [(0, 8), (4, 8), (2, 4), (1, 2)]
        return passes.flatMap { stride(from: $0.start, to: height, by: $0.step) }
    }

    private static func draw(
        _ indices: [UInt8], region: PixelRect, interlaced: Bool, table: [UInt32], transparentIndex: Int?,
        onto canvas: inout [UInt8], canvasWidth: Int, canvasHeight: Int
    ) {
        let rows = interlaced ? interlacedRows(height: region.height) : Array(0..<region.height)
        for (stored, row) in rows.enumerated() {
            let y = region.y + row
            guard y < canvasHeight else { continue }
            for column in 0..<region.width {
                let x = region.x + column
                guard x < canvasWidth else { break }
                let index = Int(indices[stored * region.width + column])
                if index == transparentIndex { continue }
                let rgb = index < table.count ? table[index] : 0
                let offset = (y * canvasWidth + x) * 4
                canvas[offset] = UInt8(rgb >> 16 & 0xFF)
                canvas[offset + 1] = UInt8(rgb >> 8 & 0xFF)
                canvas[offset + 2] = UInt8(rgb & 0xFF)
                canvas[offset + 3] = 255
            }
        }
    }

    private static func clear(_ canvas: inout [UInt8], _ region: PixelRect, canvasWidth: Int, canvasHeight: Int) {
        for y in region.y..<min(region.y + region.height, canvasHeight) {
            for x in region.x..<min(region.x + region.width, canvasWidth) {
                let offset = (y * canvasWidth + x) * 4
                for c in 0..<4 { canvas[offset + c] = 0 }
            }
        }
    }
}

/// Bounds-checked little-endian reading; running off the end is `GIFError.truncated`.
private struct ByteReader {
    let bytes: [UInt8]
    var offset = 0

    mutating func byte() throws -> UInt8 {
        guard offset < bytes.count else { throw GIFError.truncated(offset: bytes.count) }
        defer { offset += 1 }
        return bytes[offset]
    }

    mutating func uint16() throws -> Int {
        let low = try byte()
        return Int(low) | Int(try byte()) << 8
    }

    mutating func bytes(_ count: Int) throws -> [UInt8] {
        guard offset + count <= bytes.count else { throw GIFError.truncated(offset: bytes.count) }
        defer { offset += count }
        return Array(bytes[offset..<(offset + count)])
    }

    /// Data sub-blocks up to and including the zero-length terminator, concatenated.
    mutating func subBlocks() throws -> [UInt8] {
        var data: [UInt8] = []
        while true {
            let length = Int(try byte())
            if length == 0 { return data }
            data += try bytes(length)
        }
    }

    mutating func colorTable(bits: Int) throws -> [UInt32] {
        let raw = try bytes(3 * (1 << bits))
        return stride(from: 0, to: raw.count, by: 3).map {
            UInt32(raw[$0]) << 16 | UInt32(raw[$0 + 1]) << 8 | UInt32(raw[$0 + 2])
        }
    }
}
