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
public struct GIFEncoder {
    public typealias Sink = (ArraySlice<UInt8>) throws -> Void

    public let width: Int
    public let height: Int
    public let palette: GIFPalette
    public let loopCount: Int

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
    private var imageData: [UInt8] = []
    private var hasWrittenFrame = false
    private var isFinished = false

    /// - Parameter loopCount: how many times the animation repeats; 0 loops forever.
    /// - Parameter sink: receives the file's bytes in order, a frame at a time.
    public init(width: Int, height: Int, palette: GIFPalette, loopCount: Int = 0, sink: @escaping Sink) throws {
        guard (1...65535).contains(width), (1...65535).contains(height) else {
            throw GIFError.invalidCanvasSize(width: width, height: height)
        }
        guard (0...65535).contains(loopCount) else { throw GIFError.invalidLoopCount(loopCount) }
        self.width = width
        self.height = height
        self.palette = palette
        self.loopCount = loopCount
        self.sink = sink
        var bits = 1
        while 1 << bits < palette.colors.count + 1 { bits += 1 }
        colorTableBits = bits
        lookup = PaletteLookup(palette: palette)
        displayed = [UInt8](repeating: 0, count: width * height)
        pending = displayed
        writeHeader()
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

        guard let last = lastFrame else {
            map(frame, PixelRect(left: 0, top: 0, width: width, height: height))
            pending = mapped
            pendingRect = PixelRect(left: 0, top: 0, width: width, height: height)
            pendingDelay = delayCentiseconds
            lastFrame = frame
            return
        }
        let changed = frame.pixels.withUnsafeBytes { a in
            last.pixels.withUnsafeBytes { b in PixelRect.changed(between: a, and: b, width: width, height: height) }
        }
        lastFrame = frame
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
        copyMapped(into: &pending, changed)
        pendingRect = changedIndices
        pendingDelay = delayCentiseconds
    }

    /// Writes the held-back frame and the trailer. The encoder takes no frames afterwards.
    public mutating func finish() throws {
        guard !isFinished else { throw GIFError.encoderFinished }
        try writePending()
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
                    pixels, frameWidth: frameWidth, left: rect.left, top: rect.top,
                    width: rect.width, height: rect.height, into: out)
            }
        }
        if mapped.count > rect.width * rect.height {
            mapped.removeLast(mapped.count - rect.width * rect.height)
        }
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
                    let oldRow = (rect.top + row) * canvasWidth + rect.left
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
            left: rect.left + left, top: rect.top + top, width: right - left + 1, height: bottom - top + 1)
    }

    private func copyMapped(into canvas: inout [UInt8], _ rect: PixelRect) {
        let canvasWidth = width
        mapped.withUnsafeBufferPointer { source in
            canvas.withUnsafeMutableBufferPointer { canvas in
                for row in 0..<rect.height {
                    let to = canvas.baseAddress! + (rect.top + row) * canvasWidth + rect.left
                    to.update(from: source.baseAddress! + row * rect.width, count: rect.width)
                }
            }
        }
    }

    /// Writes the pending frame (cropped, unchanged pixels transparent) and makes it the
    /// displayed canvas.
    private mutating func writePending() throws {
        guard let rect = pendingRect else { return }
        let transparent = UInt8(palette.transparentIndex)
        let canvasWidth = width
        let usesTransparency = hasWrittenFrame
        if imageData.count != rect.width * rect.height {
            imageData = [UInt8](repeating: 0, count: rect.width * rect.height)
        }
        pending.withUnsafeBufferPointer { pending in
            displayed.withUnsafeMutableBufferPointer { displayed in
                imageData.withUnsafeMutableBufferPointer { data in
                    var out = 0
                    for y in rect.top..<(rect.top + rect.height) {
                        let row = y * canvasWidth
                        for x in rect.left..<(rect.left + rect.width) {
                            let index = pending[row + x]
                            if usesTransparency && index == displayed[row + x] {
                                data[out] = transparent
                            } else {
                                data[out] = index
                                displayed[row + x] = index
                            }
                            out += 1
                        }
                    }
                }
            }
        }
        var delay = pendingDelay
        writeImage(rect, delay: min(delay, 65535))
        delay -= 65535
        // A delay longer than a GIF can hold continues on 1x1 frames that change nothing.
        while delay > 0 {
            imageData = [transparent]
            writeImage(PixelRect(left: 0, top: 0, width: 1, height: 1), delay: min(delay, 65535))
            delay -= 65535
        }
        hasWrittenFrame = true
        pendingRect = nil
        try flush()
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

    private mutating func writeImage(_ rect: PixelRect, delay: Int) {
        // Graphic control extension: disposal 1 (do not dispose), transparent index on.
        output += [0x21, 0xF9, 0x04, 1 << 2 | 1]
        appendUInt16(delay)
        output += [UInt8(palette.transparentIndex), 0]
        output.append(0x2C)
        appendUInt16(rect.left)
        appendUInt16(rect.top)
        appendUInt16(rect.width)
        appendUInt16(rect.height)
        output.append(0)  // no local colour table, not interlaced
        let minimumCodeSize = max(2, colorTableBits)
        imageData.withUnsafeBufferPointer { data in
            lzw.encode(data, minimumCodeSize: minimumCodeSize, into: &output)
        }
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
