import RefreshFramesCore
import RefreshFramesExport

/// A GIF decoded into what a viewer shows: the logical screen after each image.
public struct DecodedGIF: Sendable, Equatable {
    public struct Frame: Sendable, Equatable {
        /// The whole logical screen after this image was drawn; never-drawn pixels are clear.
        public var image: Bitmap
        public var delayCentiseconds: Int
        /// Where the image descriptor placed this image.
        public var region: PixelRect
        /// The graphic control extension's disposal method (0 when it has none).
        public var disposal: Int
        public var transparentIndex: Int?
    }

    public var width: Int
    public var height: Int
    /// The NETSCAPE2.0 repeat count (0 loops forever), or nil when the file has none.
    public var loopCount: Int?
    /// The global colour table as `0xRRGGBB`, if there is one.
    public var globalColorTable: [UInt32]?
    public var frames: [Frame]

    public var totalDelayCentiseconds: Int { frames.reduce(0) { $0 + $1.delayCentiseconds } }
}
