import CGD
import RefreshFramesCore

/// An animated lossless WebP, through libwebp's `WebPAnimEncoder` (libwebpmux): whole frames in,
/// with the millisecond each starts at; the file comes out whole at the end, as libwebp assembles
/// it only then. It finds each frame's changed rectangle and its blend and disposal itself.
/// Pixels are kept exactly, the colour under fully transparent ones too (`exact`).
package struct WebPAnimation {
    private final class Owner {
        let encoder: OpaquePointer
        init(_ encoder: OpaquePointer) { self.encoder = encoder }
        deinit { WebPAnimEncoderDelete(encoder) }
    }

    private let owner: Owner
    private var config = WebPConfig()
    package let width: Int
    package let height: Int
    private var lastMilliseconds = -1

    /// libwebp's lossless effort, 0…9 (`cwebp -z`): 9 is the smallest and slowest.
    package static let defaultEffort = 6

    /// - Parameter loopCount: 0 loops forever.
    package init(width: Int, height: Int, loopCount: Int = 0, effort: Int = defaultEffort) throws(WebPError) {
        guard (1...16383).contains(width), (1...16383).contains(height) else {
            throw .invalidCanvasSize(width: width, height: height)
        }
        var options = WebPAnimEncoderOptions()
        guard WebPAnimEncoderOptionsInit(&options) != 0 else { throw .libraryVersion }
        options.anim_params.loop_count = Int32(loopCount)
        options.anim_params.bgcolor = 0
        options.allow_mixed = 0
        guard let encoder = WebPAnimEncoderNew(Int32(width), Int32(height), &options) else {
            throw .encoderFailed("the encoder could not be created")
        }
        owner = Owner(encoder)
        guard WebPConfigInit(&config) != 0, WebPConfigLosslessPreset(&config, Int32(effort)) != 0 else {
            throw .libraryVersion
        }
        config.lossless = 1
        config.exact = 1
        self.width = width
        self.height = height
    }

    /// Adds `frame`, shown from `milliseconds` (after the frame before's) until the next frame's.
    package mutating func add(_ frame: Bitmap, milliseconds: Int) throws(WebPError) {
        guard frame.width == width, frame.height == height else {
            throw .encoderFailed("a \(frame.width)x\(frame.height) frame in a \(width)x\(height) animation")
        }
        guard milliseconds > lastMilliseconds else { throw .encoderFailed("frame times must increase") }
        lastMilliseconds = milliseconds
        var picture = WebPPicture()
        guard WebPPictureInit(&picture) != 0 else { throw .libraryVersion }
        picture.use_argb = 1
        picture.width = Int32(width)
        picture.height = Int32(height)
        defer { WebPPictureFree(&picture) }
        let imported = frame.pixels.withUnsafeBufferPointer {
            WebPPictureImportRGBA(&picture, $0.baseAddress, Int32(width * 4))
        }
        guard imported != 0 else { throw .encoderFailed("out of memory importing a frame") }
        guard WebPAnimEncoderAdd(owner.encoder, &picture, Int32(milliseconds), &config) != 0 else {
            throw .encoderFailed(message)
        }
    }

    /// The file, the last frame shown until `endMilliseconds`.
    package mutating func finish(endMilliseconds: Int) throws(WebPError) -> [UInt8] {
        guard endMilliseconds > lastMilliseconds else { throw .encoderFailed("the end must follow the last frame") }
        guard WebPAnimEncoderAdd(owner.encoder, nil, Int32(endMilliseconds), nil) != 0 else {
            throw .encoderFailed(message)
        }
        var data = WebPData()
        WebPDataInit(&data)
        defer { WebPDataClear(&data) }
        guard WebPAnimEncoderAssemble(owner.encoder, &data) != 0 else { throw .encoderFailed(message) }
        return Array(UnsafeBufferPointer(start: data.bytes, count: data.size))
    }

    private var message: String {
        WebPAnimEncoderGetError(owner.encoder).map { String(cString: $0) } ?? "libwebp failed"
    }
}

/// Why a WebP could not be written.
package enum WebPError: Error, Equatable, CustomStringConvertible {
    case invalidCanvasSize(width: Int, height: Int)
    /// The headers' ABI and the library's differ.
    case libraryVersion
    case encoderFailed(String)

    package var description: String {
        switch self {
        case .invalidCanvasSize(let width, let height):
            "a \(width)x\(height) WebP is not possible: each side must be 1 to 16383 pixels"
        case .libraryVersion: "libwebp's version does not match its headers"
        case .encoderFailed(let reason): "cannot encode WebP: \(reason)"
        }
    }
}
