/// Everything that can go wrong while building a palette, encoding or decoding a GIF.
package enum GIFError: Error, Equatable, CustomStringConvertible {
    case tooManyPinnedColors(count: Int)
    case emptyPalette
    case invalidCanvasSize(width: Int, height: Int)
    case invalidLoopCount(Int)
    case frameSizeMismatch(expectedWidth: Int, expectedHeight: Int, width: Int, height: Int)
    case negativeDelay(Int)
    case encoderFinished
    case notAGIF
    case truncated(offset: Int)
    case unknownBlock(byte: UInt8, offset: Int)
    case invalidLZWCode(offset: Int)
    case imageDataTooShort(frame: Int, expected: Int, actual: Int)
    case missingColorTable(frame: Int)
    case tooLarge(width: Int, height: Int)

    package var description: String {
        switch self {
        case .tooManyPinnedColors(let count):
            return "\(count) pinned colours do not fit in a GIF palette (at most 255, one index is transparency)"
        case .emptyPalette:
            return "a GIF palette needs at least one colour"
        case .invalidCanvasSize(let width, let height):
            return "a GIF canvas must be 1…65535 pixels each way, not \(width)x\(height)"
        case .invalidLoopCount(let count):
            return "loop count \(count) is outside 0…65535 (0 loops forever)"
        case .frameSizeMismatch(let expectedWidth, let expectedHeight, let width, let height):
            return "frame is \(width)x\(height) but the GIF is \(expectedWidth)x\(expectedHeight)"
        case .negativeDelay(let delay):
            return "frame delay \(delay) cs is negative"
        case .encoderFinished:
            return "the GIF encoder has already been finished"
        case .notAGIF:
            return "not a GIF file (no GIF87a/GIF89a signature)"
        case .truncated(let offset):
            return "GIF file is truncated at byte \(offset)"
        case .unknownBlock(let byte, let offset):
            return "unknown GIF block 0x\(String(byte, radix: 16)) at byte \(offset)"
        case .invalidLZWCode(let offset):
            return "corrupt LZW image data in the block ending at byte \(offset)"
        case .imageDataTooShort(let frame, let expected, let actual):
            return "frame \(frame) has \(actual) of its \(expected) pixels"
        case .missingColorTable(let frame):
            return "frame \(frame) has neither a local nor a global colour table"
        case .tooLarge(let width, let height):
            return "a \(width)x\(height) GIF image is too large to decode (at most 2^26 pixels)"
        }
    }
}
