import RefreshFramesCore
import RefreshFramesExport

/// A GIF decoded into what a viewer shows: the logical screen after each image.
package struct DecodedGIF: Sendable, Equatable {
    package struct Frame: Sendable, Equatable {
        /// The whole logical screen after this image was drawn; never-drawn pixels are clear.
        package var image: Bitmap
        package var delayCentiseconds: Int
        /// Where the image descriptor placed this image.
        package var region: PixelRect
        /// The graphic control extension's disposal method (0 when it has none).
        package var disposal: Int
        package var transparentIndex: Int?
    }

    package var width: Int
    package var height: Int
    /// The NETSCAPE2.0 repeat count (0 loops forever), or nil when the file has none.
    package var loopCount: Int?
    /// The global colour table as `0xRRGGBB`, if there is one.
    package var globalColorTable: [UInt32]?
    package var frames: [Frame]

    package var totalDelayCentiseconds: Int { frames.reduce(0) { $0 + $1.delayCentiseconds } }
}
