import RefreshFramesCore
import RefreshFramesRaster

/// An animated PNG (APNG): 8-bit RGBA frames, each after the first stored as the rectangle that
/// changed since the frame before, at its offset (`fcTL`), with a blend chosen per frame as the GIF
/// encoder chooses its forms: the rectangle's pixels replacing what was there (`blend_op` SOURCE,
/// which also makes pixels transparent), or, when every changed pixel is opaque, only the changed
/// pixels over the frame before, the others fully transparent (`blend_op` OVER), whichever
/// compresses smaller. Frames are never disposed (`dispose_op` NONE): SOURCE already clears what
/// must turn transparent, and a disposed rectangle would have to be drawn again by the next frame.
///
/// A frame identical to the one before it is not stored: its delay goes to the earlier frame. The
/// frame count comes first in the file (`acTL`), so the compressed frames are kept until `finish`;
/// they are filtered and compressed (libdeflate) on every core, a batch at a time.
package struct APNGEncoder {
    package let width: Int
    package let height: Int
    package let loopCount: Int
    /// libdeflate's level for the image data.
    package let level: Int

    /// The canvas as a decoder shows it after the frames added so far.
    private var canvas: Bitmap?
    /// The frame waiting for its delay.
    private var pending: Capture?
    private var batch: [Capture] = []
    private var frames: [EncodedFrame] = []
    private var isFinished = false

    /// Frames stored so far (all of them after `finish`).
    package var frameCount: Int { frames.count + batch.count + (pending == nil ? 0 : 1) }

    /// - Parameter loopCount: how many times the animation plays; 0 loops forever.
    package init(width: Int, height: Int, loopCount: Int = 0, level: Int = 12) throws(APNGError) {
        guard (1...Int(Int32.max)).contains(width), (1...Int(Int32.max)).contains(height) else {
            throw .invalidCanvasSize(width: width, height: height)
        }
        guard (0...Int(Int32.max)).contains(loopCount) else { throw .invalidLoopCount(loopCount) }
        self.width = width
        self.height = height
        self.loopCount = loopCount
        self.level = level
    }

    /// Adds a frame given as what changed since the frame added before it (the first: the whole
    /// frame), shown `delayCentiseconds`.
    package mutating func add(_ patch: FramePatch, delayCentiseconds: Int) throws(APNGError) {
        guard !isFinished else { throw .encoderFinished }
        guard patch.width == width, patch.height == height else {
            throw .frameSizeMismatch(expected: (width, height), got: (patch.width, patch.height))
        }
        guard (0...65535).contains(delayCentiseconds) else { throw .invalidDelay(delayCentiseconds) }
        guard var frame = canvas else {
            var whole = PatchedFrame()
            whole.apply(patch)
            canvas = whole.bitmap
            pending = Capture(
                rect: PixelRect(x: 0, y: 0, width: width, height: height), delay: delayCentiseconds,
                new: whole.bitmap.pixels, old: nil)
            return
        }
        guard let changed = patch.changed(against: frame) else {
            pending?.delay += delayCentiseconds
            return
        }
        canvas = nil  // uniquely referenced while the regions are copied in
        let old = frame.crop(changed)
        for (rect, pixels) in patch.regions { frame.paste(pixels, at: rect) }
        canvas = frame
        if let pending { hold(pending) }
        pending = Capture(rect: changed, delay: delayCentiseconds, new: frame.crop(changed), old: old)
    }

    /// The file: every frame, the last shown for its delay.
    package mutating func finish() throws(APNGError) -> [UInt8] {
        guard !isFinished else { throw .encoderFinished }
        guard let last = pending else { throw .noFrames }
        isFinished = true
        hold(last)
        pending = nil
        compressBatch()
        var file = APNGWriter(width: width, height: height)
        return file.bytes(frames, loopCount: loopCount)
    }

    private mutating func hold(_ capture: Capture) {
        batch.append(capture)
        if batch.count >= Parallel.cores * 4 { compressBatch() }
    }

    private mutating func compressBatch() {
        let inputs = batch
        let level = self.level
        frames += Parallel.map(
            inputs.count, state: { ZlibCompressor(level: level) },
            { compressor, i in APNGFrameForms.smaller(inputs[i], compressor: compressor) })
        batch.removeAll(keepingCapacity: true)
    }

    /// A frame's rectangle, new and as it was.
    struct Capture: Sendable {
        var rect: PixelRect
        var delay: Int
        /// RGBA, row by row.
        var new: [UInt8]
        /// Nil for the first frame.
        var old: [UInt8]?
    }
}

/// A frame as the file stores it.
struct EncodedFrame: Sendable {
    var rect: PixelRect
    var delay: Int
    /// `blend_op`: 0 SOURCE, 1 OVER.
    var blend: UInt8
    /// The zlib stream of the filtered rows.
    var data: [UInt8]
}

/// Why an APNG could not be written.
package enum APNGError: Error, Equatable, CustomStringConvertible {
    case invalidCanvasSize(width: Int, height: Int)
    case invalidLoopCount(Int)
    case invalidDelay(Int)
    case frameSizeMismatch(expected: (Int, Int), got: (Int, Int))
    case noFrames
    case encoderFinished

    package var description: String {
        switch self {
        case .invalidCanvasSize(let width, let height): "an APNG cannot be \(width)x\(height) pixels"
        case .invalidLoopCount(let count): "an APNG cannot loop \(count) times"
        case .invalidDelay(let delay): "an APNG frame cannot last \(delay) centiseconds"
        case .frameSizeMismatch(let expected, let got):
            "a \(got.0)x\(got.1) frame in a \(expected.0)x\(expected.1) APNG"
        case .noFrames: "an APNG needs at least one frame"
        case .encoderFinished: "the APNG is already finished"
        }
    }

    package static func == (a: APNGError, b: APNGError) -> Bool { a.description == b.description }
}
