import RefreshFramesCore

/// A streaming animated GIF89a writer with one global palette.
///
/// The first frame is stored whole. Every later frame is stored as the bounding box of the
/// pixels whose palette index changed, with unchanged pixels inside the box written as the
/// transparent index (disposal "do not dispose"). A frame identical to the one before it is not
/// stored: its delay is added to the earlier frame's, so one frame is always held back until the
/// next differing frame (or `finish()`) fixes its delay.
///
/// Pixels with partial alpha are composited over black; the GIF has no transparent pixels of its
/// own. A `transparent` GIF instead shows pixels under half alpha as clear and the others in
/// their own colour: a frame that leaves clear pixels where the one before showed colour makes
/// that one clear a rectangle holding them after it is shown (disposal 2, restore to the
/// background), and redraws what it must keep of that rectangle.
///
/// The header (and so the palette's order) is written only once the changed regions of every frame
/// are known, up to `holdLimitBytes` of held frames: the palette is then reordered
/// (`GIFPaletteOrder`), giving the lowest indices to the colours the smallest changes need, so
/// small frames get small LZW code sizes. Past the limit the order stays the one the samples gave
/// and frames stream as they come, so memory stays bounded.
///
/// The jobs are apart: this type finds what changed (in RGBA, then in palette indices) and holds
/// frames until the order is known; `GIFFrameForms` prepares the ways of writing a rectangle,
/// `GIFCompressor` (with `LZWEncoder`) keeps the smallest, and `GIFWriter` lays out the bytes.
package struct GIFEncoder {
    package typealias Sink = (ArraySlice<UInt8>) throws -> Void

    package let width: Int
    package let height: Int
    package private(set) var palette: GIFPalette
    package let loopCount: Int
    /// Whether pixels under half alpha are clear.
    package let transparent: Bool

    /// Palette-index bytes of frames held back before the header is written, by default.
    package static let holdLimitBytes = 64 << 20
    private let holdLimit: Int

    private var writer: GIFWriter
    private var compressor = GIFCompressor()
    private let colorTableBits: Int
    private var lookup: PaletteLookup
    /// Palette indices of the canvas as a decoder shows it after the frames written so far.
    private var displayed: GIFIndexCanvas
    /// Palette indices of the frame waiting to learn its delay.
    private var pending: GIFIndexCanvas
    private var pendingRect: PixelRect?
    private var pendingDelay = 0
    /// Whether the pending frame clears its rectangle once shown.
    private var pendingClears = false
    private var lastFrame: Bitmap?
    private var mapped: [UInt8] = []
    private var hasWrittenFrame = false
    private var isFinished = false
    /// Frames waiting for the palette's final order; nil once the header is written.
    private var held: [HeldFrame]? = []
    private var heldBytes = 0
    /// Old palette index → new, once the palette has been reordered.
    private var permutation: [UInt8]?

    /// - Parameter loopCount: how many times the animation repeats; 0 loops forever.
    /// - Parameter sink: receives the file's bytes in order, a frame at a time.
    /// - Parameter holdLimit: how many palette-index bytes of frames may wait for the palette's order.
    /// - Parameter transparent: pixels under half alpha are clear, the others keep their colour.
    package init(
        width: Int, height: Int, palette: GIFPalette, loopCount: Int = 0, holdLimit: Int = GIFEncoder.holdLimitBytes,
        transparent: Bool = false, sink: @escaping Sink
    ) throws {
        guard (1...65535).contains(width), (1...65535).contains(height) else {
            throw GIFError.invalidCanvasSize(width: width, height: height)
        }
        guard (0...65535).contains(loopCount) else { throw GIFError.invalidLoopCount(loopCount) }
        self.width = width
        self.height = height
        self.palette = palette
        self.loopCount = loopCount
        self.transparent = transparent
        writer = GIFWriter(sink: sink)
        self.holdLimit = holdLimit
        var bits = 1
        while 1 << bits < palette.colors.count + 1 { bits += 1 }
        colorTableBits = bits
        lookup = PaletteLookup(palette: palette, transparent: transparent)
        displayed = GIFIndexCanvas(width: width, height: height, fill: transparent ? GIFFrameForms.placeholder : 0)
        pending = displayed
    }

    /// The frames the file holds so far (a frame that looks like the one before lengthens it instead).
    package private(set) var frameCount = 0

    /// Adds a frame shown for `delayCentiseconds` (merged into the previous frame's delay when
    /// the two look the same).
    package mutating func add(_ frame: Bitmap, delayCentiseconds: Int) throws {
        guard !isFinished else { throw GIFError.encoderFinished }
        guard frame.width == width, frame.height == height else {
            throw GIFError.frameSizeMismatch(
                expectedWidth: width, expectedHeight: height, width: frame.width, height: frame.height)
        }
        guard delayCentiseconds >= 0 else { throw GIFError.negativeDelay(delayCentiseconds) }
        if held != nil && heldBytes > holdLimit { try release() }

        guard let last = lastFrame else {
            let whole = PixelRect(x: 0, y: 0, width: width, height: height)
            map(frame, whole)
            pending.indices = mapped
            pendingRect = whole
            pendingDelay = delayCentiseconds
            lastFrame = frame
            return
        }
        let changed = frame.pixels.withUnsafeBytes { a in
            last.pixels.withUnsafeBytes { b in PixelRect.changed(between: a, and: b, width: width, height: height) }
        }
        lastFrame = frame
        try add(frame, changed: changed, delayCentiseconds: delayCentiseconds)
    }

    /// Adds a frame given as what changed since the frame added before it: only the patch's
    /// pixels are compared and kept, so nobody needs to put whole frames together. The bytes
    /// written are those of adding the whole frame.
    package mutating func add(_ patch: FramePatch, delayCentiseconds: Int) throws {
        guard let last = lastFrame, patch.width == width, patch.height == height else {
            var whole = PatchedFrame()
            whole.apply(patch)
            return try add(whole.bitmap, delayCentiseconds: delayCentiseconds)
        }
        guard !isFinished else { throw GIFError.encoderFinished }
        guard delayCentiseconds >= 0 else { throw GIFError.negativeDelay(delayCentiseconds) }
        if held != nil && heldBytes > holdLimit { try release() }
        let changed = patch.changed(against: last)
        lastFrame = nil  // uniquely referenced while the regions are copied in
        var frame = last
        if changed != nil { for (rect, pixels) in patch.regions { frame.paste(pixels, at: rect) } }
        lastFrame = frame
        try add(frame, changed: changed, delayCentiseconds: delayCentiseconds)
    }

    /// The rest of adding `frame`, where `changed` bounds its pixels that differ from the frame
    /// before: a frame whose palette indices do not change either only lengthens the one before.
    private mutating func add(_ frame: Bitmap, changed: PixelRect?, delayCentiseconds: Int) throws {
        guard let changed else {
            pendingDelay += delayCentiseconds
            return
        }
        map(frame, changed)
        guard var changedIndices = pending.changedRect(mapped, within: changed) else {
            pendingDelay += delayCentiseconds
            return
        }
        let clear = GIFFrameForms.placeholder
        if transparent, let clears = pending.turning(to: clear, mapped, within: changed) {
            // The frame before clears a rectangle holding what turns clear, once shown.
            pendingRect = pendingRect.map { $0.union(clears) } ?? clears
            pendingClears = true
        }
        let cleared = pendingClears ? pendingRect : nil
        try writePending()
        pending.paste(mapped, changed)
        // What the cleared rectangle must show again.
        if let cleared, let redrawn = pending.boundingBox(notEqualTo: clear, within: cleared) {
            changedIndices = changedIndices.union(redrawn)
        }
        pendingRect = changedIndices
        pendingDelay = delayCentiseconds
    }

    /// Writes the held-back frame and the trailer. The encoder takes no frames afterwards.
    package mutating func finish() throws {
        guard !isFinished else { throw GIFError.encoderFinished }
        try writePending()
        if held != nil { try release() }
        try writer.trailer()
        isFinished = true
    }

    /// Palette indices of `rect` of `frame` into `mapped`, row by row.
    private mutating func map(_ frame: Bitmap, _ rect: PixelRect) {
        if mapped.count < rect.width * rect.height {
            mapped = [UInt8](repeating: 0, count: rect.width * rect.height)
        }
        let frameWidth = width
        frame.pixels.withUnsafeBufferPointer { pixels in
            mapped.withUnsafeMutableBufferPointer { out in
                lookup.map(
                    pixels, frameWidth: frameWidth, left: rect.x, top: rect.y,
                    width: rect.width, height: rect.height, into: out)
            }
        }
        if mapped.count > rect.width * rect.height {
            mapped.removeLast(mapped.count - rect.width * rect.height)
        }
        if let permutation {
            mapped.withUnsafeMutableBufferPointer { out in
                for k in out.indices { out[k] = permutation[Int(out[k])] }
            }
        }
    }

    /// Writes the pending frame (cropped to what changed) and makes it the displayed canvas; while
    /// the palette's order is unknown, holds it instead.
    private mutating func writePending() throws {
        guard let rect = pendingRect else { return }
        frameCount += 1
        if held != nil {
            hold(rect)
            return
        }
        let clears = pendingClears
        let forms = GIFFrameForms(capture(rect, delay: pendingDelay, clears: clears))
        try writer.frame(
            compressor.smallest(of: forms), rect: rect, delay: forms.delay, clears: clears, compressor: &compressor)
        pendingRect = nil
        pendingClears = false
    }

    /// The pending frame's `rect`, new and old, and the displayed canvas advanced to it: the part of
    /// preparing a frame that depends on the frames before it.
    private mutating func capture(_ rect: PixelRect, delay: Int, clears: Bool) -> GIFFrameForms.Capture {
        let new = pending.crop(rect)
        let old = hasWrittenFrame ? displayed.crop(rect) : nil
        hasWrittenFrame = true
        displayed.paste(new, rect)
        if clears { displayed.fill(rect, with: GIFFrameForms.placeholder) }
        return GIFFrameForms.Capture(rect: rect, delay: delay, clears: clears, new: new, old: old)
    }

    // MARK: - Holding frames until the palette's order is known

    /// A frame's changed rectangle in palette indices, with what its changed pixels need.
    private struct HeldFrame {
        var rect: PixelRect
        var indices: [UInt8]
        var delay: Int
        var clears: Bool
        var changedColors: ColorSet
    }

    /// Keeps the pending frame (instead of writing it) and advances `displayed` past it.
    private mutating func hold(_ rect: PixelRect) {
        let isFirst = held?.isEmpty ?? true
        let indices = pending.crop(rect)
        var changed = ColorSet()
        var out = 0
        for y in rect.y..<(rect.y + rect.height) {
            for x in rect.x..<(rect.x + rect.width) {
                let index = indices[out]
                if isFirst || index != displayed.indices[y * width + x] {
                    if index != GIFFrameForms.placeholder { changed.insert(index) }
                    displayed.indices[y * width + x] = index
                }
                out += 1
            }
        }
        if pendingClears { displayed.fill(rect, with: GIFFrameForms.placeholder) }
        held?.append(
            HeldFrame(rect: rect, indices: indices, delay: pendingDelay, clears: pendingClears, changedColors: changed))
        heldBytes += indices.count
        pendingRect = nil
        pendingClears = false
    }

    /// Reorders the palette from the held frames' changes, writes the header, then the held
    /// frames, and maps every later frame through the same reordering.
    private mutating func release() throws {
        guard let frames = held else { return }
        held = nil
        let order = GIFPaletteOrder.order(
            changedColors: frames.map(\.changedColors), indices: frames.map(\.indices),
            colorCount: palette.colors.count)
        let permutation = GIFPaletteOrder.permutation(order, unused: GIFFrameForms.placeholder)
        palette = try GIFPalette(colors: order.map { palette.colors[$0] })
        self.permutation = permutation
        writer.header(
            width: width, height: height, palette: palette, colorTableBits: colorTableBits, loopCount: loopCount)
        // The frame still waiting for its delay (when the limit, not `finish`, releases) stays pending.
        let waitingRect = pendingRect
        let waitingDelay = pendingDelay
        // Replay the held frames in the new index space, as if they had just arrived.
        displayed = GIFIndexCanvas(width: width, height: height, fill: transparent ? GIFFrameForms.placeholder : 0)
        pending.remap(permutation)
        var canvas = GIFIndexCanvas(width: width, height: height)
        swap(&canvas, &pending)
        // A batch at a time: captured in order (each depends on the canvas before it), then
        // prepared and compressed on every core, then written in order.
        let batchSize = Parallel.cores * 8
        var next = 0
        while next < frames.count {
            let batch = frames[next..<min(next + batchSize, frames.count)]
            next = batch.endIndex
            var captures: [GIFFrameForms.Capture] = []
            captures.reserveCapacity(batch.count)
            for frame in batch {
                pending.paste(frame.indices.map { permutation[Int($0)] }, frame.rect)
                captures.append(capture(frame.rect, delay: frame.delay, clears: frame.clears))
            }
            let inputs = captures
            let images = Parallel.map(
                inputs.count, state: { GIFCompressor() },
                { compressor, i in compressor.smallest(of: GIFFrameForms(inputs[i])) })
            for (capture, image) in zip(inputs, images) {
                try writer.frame(
                    image, rect: capture.rect, delay: capture.delay, clears: capture.clears, compressor: &compressor)
            }
        }
        pendingRect = nil
        // The canvas the next frame is compared with: the newest frame's, in the new index space.
        swap(&canvas, &pending)
        pendingRect = waitingRect
        pendingDelay = waitingDelay
    }
}
