import Dispatch
import Foundation
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
/// own.
///
/// The header (and so the palette's order) is written only once the changed regions of every frame
/// are known, up to `holdLimitBytes` of held frames: the palette is then reordered as `gifsicle
/// -O3` orders it, giving the lowest indices to the colours the smallest changes need, so small
/// frames get small LZW code sizes. Past the limit the order stays the one the samples gave and
/// frames stream as they come, so memory stays bounded.
public struct GIFEncoder {
    public typealias Sink = (ArraySlice<UInt8>) throws -> Void

    public let width: Int
    public let height: Int
    public private(set) var palette: GIFPalette
    public let loopCount: Int

    /// Palette-index bytes of frames held back before the header is written, by default.
    public static let holdLimitBytes = 64 << 20
    private let holdLimit: Int

    private let sink: Sink
    private let colorTableBits: Int
    private var lookup: PaletteLookup
    private var lzw = LZWEncoder()
    private var output: [UInt8] = []
    /// Palette indices of the canvas as a decoder shows it after the frames written so far.
    private var displayed: [UInt8]
    /// Palette indices of the frame waiting to learn its delay.
    private var pending: [UInt8]
    private var pendingRect: PixelRect?
    private var pendingDelay = 0
    private var lastFrame: Bitmap?
    private var mapped: [UInt8] = []
    /// Scratch space for the second compression of a large image.
    private var deferredClear: [UInt8] = []
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
    public init(
        width: Int, height: Int, palette: GIFPalette, loopCount: Int = 0, holdLimit: Int = GIFEncoder.holdLimitBytes,
        sink: @escaping Sink
    ) throws {
        guard (1...65535).contains(width), (1...65535).contains(height) else {
            throw GIFError.invalidCanvasSize(width: width, height: height)
        }
        guard (0...65535).contains(loopCount) else { throw GIFError.invalidLoopCount(loopCount) }
        self.width = width
        self.height = height
        self.palette = palette
        self.loopCount = loopCount
        self.sink = sink
        self.holdLimit = holdLimit
        var bits = 1
        while 1 << bits < palette.colors.count + 1 { bits += 1 }
        colorTableBits = bits
        lookup = PaletteLookup(palette: palette)
        displayed = [UInt8](repeating: 0, count: width * height)
        pending = displayed
    }

    /// Adds a frame shown for `delayCentiseconds` (merged into the previous frame's delay when
    /// the two look the same).
    public mutating func add(_ frame: Bitmap, delayCentiseconds: Int) throws {
        guard !isFinished else { throw GIFError.encoderFinished }
        guard frame.width == width, frame.height == height else {
            throw GIFError.frameSizeMismatch(
                expectedWidth: width, expectedHeight: height, width: frame.width, height: frame.height)
        }
        guard delayCentiseconds >= 0 else { throw GIFError.negativeDelay(delayCentiseconds) }
        if held != nil && heldBytes > holdLimit { try release() }

        guard let last = lastFrame else {
            map(frame, PixelRect(x: 0, y: 0, width: width, height: height))
            pending = mapped
            pendingRect = PixelRect(x: 0, y: 0, width: width, height: height)
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
    public mutating func add(_ patch: FramePatch, delayCentiseconds: Int) throws {
        guard let last = lastFrame, patch.width == width, patch.height == height else {
            var whole = PatchedFrame()
            whole.apply(patch)
            return try add(whole.bitmap, delayCentiseconds: delayCentiseconds)
        }
        guard !isFinished else { throw GIFError.encoderFinished }
        guard delayCentiseconds >= 0 else { throw GIFError.negativeDelay(delayCentiseconds) }
        if held != nil && heldBytes > holdLimit { try release() }
        var changed: PixelRect?
        for (rect, pixels) in patch.regions {
            if let region = PixelRect.changed(in: pixels, at: rect, against: last) {
                changed = changed.map { $0.union(region) } ?? region
            }
        }
        lastFrame = nil  // uniquely referenced while the regions are copied in
        var frame = last
        if changed != nil { for (rect, pixels) in patch.regions { frame.paste(pixels, at: rect) } }
        lastFrame = frame
        try add(frame, changed: changed, delayCentiseconds: delayCentiseconds)
    }

    /// The rest of adding `frame`, where `changed` bounds its pixels that differ from the frame before.
    private mutating func add(_ frame: Bitmap, changed: PixelRect?, delayCentiseconds: Int) throws {
        guard let changed else {
            pendingDelay += delayCentiseconds
            return
        }
        map(frame, changed)
        guard let changedIndices = changedIndexRect(within: changed) else {
            pendingDelay += delayCentiseconds
            return
        }
        try writePending()
        paste(mapped, into: &pending, changed)
        pendingRect = changedIndices
        pendingDelay = delayCentiseconds
    }

    /// Writes the held-back frame and the trailer. The encoder takes no frames afterwards.
    public mutating func finish() throws {
        guard !isFinished else { throw GIFError.encoderFinished }
        try writePending()
        if held != nil { try release() }
        output.append(0x3B)
        try flush()
        isFinished = true
    }

    // MARK: - Frames

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

    // MARK: - Holding frames until the palette's order is known

    /// A frame's changed rectangle in palette indices, with what its changed pixels need.
    private struct HeldFrame {
        var rect: PixelRect
        var indices: [UInt8]
        var delay: Int
        var changedColors: ColorSet
    }

    /// Keeps the pending frame (instead of writing it) and advances `displayed` past it.
    private mutating func hold(_ rect: PixelRect) {
        let isFirst = held?.isEmpty ?? true
        var indices = [UInt8](repeating: 0, count: rect.width * rect.height)
        var changed = ColorSet()
        let canvasWidth = width
        var out = 0
        for y in rect.y..<(rect.y + rect.height) {
            for x in rect.x..<(rect.x + rect.width) {
                let index = pending[y * canvasWidth + x]
                indices[out] = index
                if isFirst || index != displayed[y * canvasWidth + x] {
                    changed.insert(index)
                    displayed[y * canvasWidth + x] = index
                }
                out += 1
            }
        }
        held?.append(HeldFrame(rect: rect, indices: indices, delay: pendingDelay, changedColors: changed))
        heldBytes += indices.count
        pendingRect = nil
    }

    /// Reorders the palette from the held frames' changes (gifsicle's rule: repeatedly give the
    /// highest free index to the colour the fewest changed regions still need), writes the header,
    /// then the held frames, and maps every later frame through the same reordering.
    private mutating func release() throws {
        guard let frames = held else { return }
        held = nil
        let count = palette.colors.count
        var needs = RegionNeeds(frames.map(\.changedColors), colorCount: count)
        var uses = [Int](repeating: 0, count: 256)
        for frame in frames { for index in frame.indices { uses[Int(index)] += 1 } }
        var placed = [Bool](repeating: false, count: count)
        var order = [Int](repeating: 0, count: count)
        for position in stride(from: count - 1, through: 0, by: -1) {
            var pick = -1
            for c in 0..<count where !placed[c] {
                if pick < 0 || (needs.need[c], uses[c], c) < (needs.need[pick], uses[pick], pick) { pick = c }
            }
            placed[pick] = true
            order[position] = pick
            needs.drop(regionsNeeding: UInt8(pick))
        }
        var permutation = [UInt8](repeating: Self.placeholder, count: 256)
        for (new, old) in order.enumerated() { permutation[old] = UInt8(new) }
        palette = try GIFPalette(colors: order.map { palette.colors[$0] })
        self.permutation = permutation
        writeHeader()
        // The frame still waiting for its delay (when the limit, not `finish`, releases) stays pending.
        let waitingRect = pendingRect
        let waitingDelay = pendingDelay
        // Replay the held frames in the new index space, as if they had just arrived.
        displayed = [UInt8](repeating: 0, count: width * height)
        for k in pending.indices { pending[k] = permutation[Int(pending[k])] }
        var canvas = [UInt8](repeating: 0, count: width * height)
        swap(&canvas, &pending)
        // A batch at a time: captured in order (each depends on the canvas before it), then
        // prepared and compressed on every core, then written in order.
        let workers = max(1, ProcessInfo.processInfo.activeProcessorCount)
        var next = 0
        while next < frames.count {
            let batch = frames[next..<min(next + workers * 8, frames.count)]
            next = batch.endIndex
            var captures: [Capture] = []
            captures.reserveCapacity(batch.count)
            for frame in batch {
                let canvasWidth = width
                var source = 0
                for y in frame.rect.y..<(frame.rect.y + frame.rect.height) {
                    for x in frame.rect.x..<(frame.rect.x + frame.rect.width) {
                        pending[y * canvasWidth + x] = permutation[Int(frame.indices[source])]
                        source += 1
                    }
                }
                captures.append(capture(frame.rect, delay: frame.delay))
            }
            var chosen = [(rect: PixelRect, delay: Int, candidate: Candidate)?](repeating: nil, count: captures.count)
            let inputs = captures
            chosen.withUnsafeMutableBufferPointer { buffer in
                nonisolated(unsafe) let out = buffer
                let threads = min(workers, inputs.count)
                DispatchQueue.concurrentPerform(iterations: threads) { worker in
                    var lzw = LZWEncoder()
                    var scratch: [UInt8] = []
                    for i in stride(from: worker, to: inputs.count, by: threads) {
                        let image = Self.forms(inputs[i])
                        out[i] = (image.rect, image.delay, Self.compress(image, lzw: &lzw, scratch: &scratch))
                    }
                }
            }
            for case (let rect, let delay, let candidate)? in chosen {
                write(candidate, rect: rect, delay: delay)
                try flush()
            }
        }
        pendingRect = nil
        // The canvas the next frame is compared with: the newest frame's, in the new index space.
        swap(&canvas, &pending)
        pendingRect = waitingRect
        pendingDelay = waitingDelay
    }

    /// The bounding box, within `rect`, of `mapped` pixels whose index differs from `pending`.
    private func changedIndexRect(within rect: PixelRect) -> PixelRect? {
        var left = Int.max
        var right = -1
        var top = Int.max
        var bottom = -1
        let canvasWidth = width
        mapped.withUnsafeBufferPointer { new in
            pending.withUnsafeBufferPointer { old in
                for row in 0..<rect.height {
                    let newRow = row * rect.width
                    let oldRow = (rect.y + row) * canvasWidth + rect.x
                    var first = 0
                    while first < rect.width && new[newRow + first] == old[oldRow + first] { first += 1 }
                    guard first < rect.width else { continue }
                    var last = rect.width - 1
                    while new[newRow + last] == old[oldRow + last] { last -= 1 }
                    left = min(left, first)
                    right = max(right, last)
                    top = min(top, row)
                    bottom = row
                }
            }
        }
        guard bottom >= 0 else { return nil }
        return PixelRect(
            x: rect.x + left, y: rect.y + top, width: right - left + 1, height: bottom - top + 1)
    }

    /// `rect` of a canvas of palette indices, row by row.
    private func crop(_ canvas: [UInt8], _ rect: PixelRect) -> [UInt8] {
        let canvasWidth = width
        return [UInt8](unsafeUninitializedCapacity: rect.width * rect.height) { out, initialized in
            canvas.withUnsafeBufferPointer { canvas in
                for row in 0..<rect.height {
                    (out.baseAddress! + row * rect.width).initialize(
                        from: canvas.baseAddress! + (rect.y + row) * canvasWidth + rect.x, count: rect.width)
                }
            }
            initialized = rect.width * rect.height
        }
    }

    /// Copies `indices` (`rect`'s, row by row) into `rect` of a canvas.
    private func paste(_ indices: [UInt8], into canvas: inout [UInt8], _ rect: PixelRect) {
        let canvasWidth = width
        indices.withUnsafeBufferPointer { source in
            canvas.withUnsafeMutableBufferPointer { canvas in
                for row in 0..<rect.height {
                    let to = canvas.baseAddress! + (rect.y + row) * canvasWidth + rect.x
                    to.update(from: source.baseAddress! + row * rect.width, count: rect.width)
                }
            }
        }
    }

    /// Writes the pending frame (cropped to what changed) and makes it the displayed canvas.
    private mutating func writePending() throws {
        guard let rect = pendingRect else { return }
        if held != nil {
            hold(rect)
            return
        }
        let image = prepare(rect, delay: pendingDelay)
        write(Self.compress(image, lzw: &lzw, scratch: &deferredClear), rect: image.rect, delay: image.delay)
        pendingRect = nil
        try flush()
    }

    /// A frame's rectangle in up to three forms that all decode to the same picture.
    private struct PreparedImage: @unchecked Sendable {
        var rect: PixelRect
        var delay: Int
        var opaque = Candidate()
        var runs: Candidate?
        var clear: Candidate?
        var allColors = ColorSet()
        var changedColors = ColorSet()
    }

    /// Builds the forms of the pending frame's `rect` and makes it the displayed canvas.
    private mutating func prepare(_ rect: PixelRect, delay: Int) -> PreparedImage {
        Self.forms(capture(rect, delay: delay))
    }

    /// A frame's rectangle as `forms` needs it: its palette indices and those it replaces.
    private struct Capture: @unchecked Sendable {
        var rect: PixelRect
        var delay: Int
        var new: [UInt8]
        /// Nil for the first frame, which replaces nothing.
        var old: [UInt8]?
    }

    /// The pending frame's `rect`, new and old, and the displayed canvas advanced to it: the part of
    /// preparing a frame that depends on the frames before it.
    private mutating func capture(_ rect: PixelRect, delay: Int) -> Capture {
        let new = crop(pending, rect)
        let old = hasWrittenFrame ? crop(displayed, rect) : nil
        hasWrittenFrame = true
        paste(new, into: &displayed, rect)
        return Capture(rect: rect, delay: delay, new: new, old: old)
    }

    /// Builds the forms of a captured rectangle; pure, so frames are prepared on every core.
    ///
    /// Every frame after the first can be written three ways, and the smallest is written (the
    /// choice `gifsicle -O3` makes): every pixel with its colour; runs of unchanged pixels made
    /// transparent only where a run holds more than one colour; every unchanged pixel transparent.
    /// Each form gets the lowest transparent index its pixels leave free and the smallest LZW code
    /// size its indices allow.
    private static func forms(_ capture: Capture) -> PreparedImage {
        let count = capture.new.count
        var image = PreparedImage(rect: capture.rect, delay: capture.delay)
        var runsPixels = [UInt8](repeating: 0, count: count)
        var clearPixels = runsPixels
        let isFirst = capture.old == nil
        var unchangedCount = 0
        var runsTransparentCount = 0
        // Colours the changed pixels need; the mixed-runs form shows unchanged pixels of other
        // colours as transparent, since keeping them would only add colours to the image. Marks
        // per index, turned into sets at the end: cheaper per pixel than inserting.
        var needed = [Bool](repeating: false, count: 256)
        var used = [Bool](repeating: false, count: 256)
        let old = capture.old ?? []
        capture.new.withUnsafeBufferPointer { new in
            old.withUnsafeBufferPointer { old in
                needed.withUnsafeMutableBufferPointer { needed in
                    for k in 0..<count where isFirst || new[k] != old[k] { needed[Int(new[k])] = true }
                }
            }
        }
        capture.new.withUnsafeBufferPointer { new in
            old.withUnsafeBufferPointer { old in
                needed.withUnsafeBufferPointer { needed in
                    used.withUnsafeMutableBufferPointer { used in
                        runsPixels.withUnsafeMutableBufferPointer { runs in
                            clearPixels.withUnsafeMutableBufferPointer { clear in
                                // Runs of unchanged pixels: 0 none, 1 one colour so far (kept), 2 mixed (transparent).
                                var runState = 0
                                var runStart = 0
                                for out in 0..<count {
                                    let index = new[out]
                                    used[Int(index)] = true
                                    if isFirst || index != old[out] {
                                        clear[out] = index
                                        runs[out] = index
                                        runState = 0
                                    } else {
                                        unchangedCount += 1
                                        clear[out] = placeholder
                                        let shown = needed[Int(index)] ? index : placeholder
                                        if runState == 0 {
                                            runStart = out
                                            runState = 1
                                        } else if runState == 1 && shown != runs[out - 1] {
                                            for k in runStart..<out { runs[k] = placeholder }
                                            runsTransparentCount += out - runStart
                                            runState = 2
                                        }
                                        if runState == 2 || shown == placeholder {
                                            runs[out] = placeholder
                                            runsTransparentCount += 1
                                        } else {
                                            runs[out] = shown
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        var changedColors = ColorSet()
        var allColors = ColorSet()
        for index in 0..<256 {
            if needed[index] { changedColors.insert(UInt8(index)) }
            if used[index] { allColors.insert(UInt8(index)) }
        }
        image.opaque.pixels = capture.new
        image.allColors = allColors
        image.changedColors = changedColors
        if unchangedCount > 0 {
            // The mixed-runs form is worth trying only when it differs from both others.
            if runsTransparentCount > 0 && runsTransparentCount < unchangedCount {
                var runs = Candidate()
                runs.pixels = runsPixels
                prepareTransparent(&runs, colors: changedColors)
                image.runs = runs
            }
            var clear = Candidate()
            clear.pixels = clearPixels
            prepareTransparent(&clear, colors: changedColors)
            image.clear = clear
        }
        return image
    }

    /// Compresses every form of `image` and returns the smallest (the first on a tie). A later
    /// form stops compressing as soon as it cannot be shorter than the best so far.
    private static func compress(_ image: PreparedImage, lzw: inout LZWEncoder, scratch: inout [UInt8]) -> Candidate {
        var best = image.opaque
        best.transparentIndex = nil
        encode(&best, colors: image.allColors, lzw: &lzw, scratch: &scratch)
        for form in [image.runs, image.clear] {
            guard var form else { continue }
            if encode(
                &form, colors: image.changedColors, limit: best.compressed.count - 1, lzw: &lzw, scratch: &scratch)
            {
                best = form
            }
        }
        return best
    }

    /// Writes `candidate` as the image of `rect`; a delay longer than a GIF can hold continues
    /// on 1x1 frames that change nothing.
    private mutating func write(_ candidate: Candidate, rect: PixelRect, delay: Int) {
        var delay = delay
        writeImage(rect, delay: min(delay, 65535), candidate)
        delay -= 65535
        if delay > 0 {
            var nothing = Candidate()
            nothing.pixels = [Self.placeholder]
            Self.prepareTransparent(&nothing, colors: ColorSet())
            Self.encode(&nothing, colors: ColorSet(), lzw: &lzw, scratch: &deferredClear)
            while delay > 0 {
                writeImage(PixelRect(x: 0, y: 0, width: 1, height: 1), delay: min(delay, 65535), nothing)
                delay -= 65535
            }
        }
    }

    /// Marks pixels still to be given the transparent index; never a colour (there are at most 255).
    private static let placeholder: UInt8 = 255

    /// Gives `candidate` the lowest index none of `colors` uses as its transparent index, written
    /// where the placeholder stands.
    private static func prepareTransparent(_ candidate: inout Candidate, colors: ColorSet) {
        let transparent = colors.lowestAbsent
        candidate.transparentIndex = transparent
        guard transparent != placeholder else { return }
        candidate.pixels.withUnsafeMutableBufferPointer { pixels in
            for k in pixels.indices where pixels[k] == placeholder { pixels[k] = transparent }
        }
    }

    /// LZW-compresses `candidate.pixels` with the smallest code size that holds every index used;
    /// false (and nothing compressed) when that takes more than `limit` bytes.
    @discardableResult
    private static func encode(
        _ candidate: inout Candidate, colors: ColorSet, limit: Int = .max, lzw: inout LZWEncoder,
        scratch: inout [UInt8]
    ) -> Bool {
        var highest = colors.highest ?? 0
        if let transparent = candidate.transparentIndex { highest = max(highest, transparent) }
        var codeSize = 2
        while 1 << codeSize <= Int(highest) { codeSize += 1 }
        candidate.compressed.removeAll(keepingCapacity: true)
        let cleared = candidate.pixels.withUnsafeBufferPointer { data in
            lzw.encode(data, minimumCodeSize: codeSize, limit: limit, into: &candidate.compressed)
        }
        // A large image filled the code table: see whether keeping the full table does better.
        guard cleared.filled else { return !cleared.overLimit }
        scratch.removeAll(keepingCapacity: true)
        let kept = candidate.pixels.withUnsafeBufferPointer { data in
            lzw.encode(
                data, minimumCodeSize: codeSize, clearsWhenFull: false,
                limit: cleared.overLimit ? limit : candidate.compressed.count - 1, into: &scratch)
        }
        if !kept.overLimit { swap(&scratch, &candidate.compressed) }
        return !(cleared.overLimit && kept.overLimit)
    }

    // MARK: - Bytes

    private mutating func writeHeader() {
        output += Array("GIF89a".utf8)
        appendUInt16(width)
        appendUInt16(height)
        output.append(0x80 | 0x70 | UInt8(colorTableBits - 1))  // global table, 8-bit colour resolution
        output += [0, 0]  // background index, aspect ratio
        for i in 0..<(1 << colorTableBits) {
            let rgb = i < palette.colors.count ? palette.colors[i] : 0
            output += [UInt8(rgb >> 16 & 0xFF), UInt8(rgb >> 8 & 0xFF), UInt8(rgb & 0xFF)]
        }
        output += [0x21, 0xFF, 0x0B] + Array("NETSCAPE2.0".utf8) + [0x03, 0x01]
        appendUInt16(loopCount)
        output.append(0)
    }

    private mutating func writeImage(_ rect: PixelRect, delay: Int, _ image: Candidate) {
        // Graphic control extension: disposal 1 (do not dispose), transparency when the image uses it.
        output += [0x21, 0xF9, 0x04, 1 << 2 | (image.transparentIndex == nil ? 0 : 1)]
        appendUInt16(delay)
        output += [image.transparentIndex ?? 0, 0]
        output.append(0x2C)
        appendUInt16(rect.x)
        appendUInt16(rect.y)
        appendUInt16(rect.width)
        appendUInt16(rect.height)
        output.append(0)  // no local colour table, not interlaced
        output += image.compressed
    }

    private mutating func appendUInt16(_ value: Int) {
        output.append(UInt8(value & 0xFF))
        output.append(UInt8(value >> 8 & 0xFF))
    }

    private mutating func flush() throws {
        guard !output.isEmpty else { return }
        try sink(output[...])
        output.removeAll(keepingCapacity: true)
    }
}

/// One way of writing a frame's rectangle, and its compressed image data.
private struct Candidate: @unchecked Sendable {
    var pixels: [UInt8] = []
    var transparentIndex: UInt8?
    var compressed: [UInt8] = []
}
