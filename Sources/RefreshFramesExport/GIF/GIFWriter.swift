import RefreshFramesCore

/// A GIF89a file's bytes: the header with its global colour table and loop count, each image with
/// its graphic control extension, the trailer. Handed to the sink a frame at a time.
struct GIFWriter {
    typealias Sink = (ArraySlice<UInt8>) throws -> Void

    private let sink: Sink
    private var output: [UInt8] = []
    /// A 1x1 image that changes nothing, for delays longer than a GIF can hold.
    private var nothing: GIFImage?

    init(sink: @escaping Sink) { self.sink = sink }

    /// The header: the logical screen, the global colour table (`colorTableBits` bits, padded with
    /// black) and the NETSCAPE2.0 loop count.
    mutating func header(width: Int, height: Int, palette: GIFPalette, colorTableBits: Int, loopCount: Int) {
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

    /// `image` as the picture of `rect`, shown `delay` centiseconds, then cleared when `clears`
    /// (disposal 2, restore to the background: transparent); a delay longer than a GIF can hold
    /// continues on 1x1 frames that change nothing (the last, for a frame that clears, a
    /// transparent one of `rect` that clears it). Then hands the bytes to the sink.
    mutating func frame(
        _ image: GIFImage, rect: PixelRect, delay: Int, clears: Bool = false, compressor: inout GIFCompressor
    ) throws {
        var delay = delay
        self.image(rect, delay: min(delay, 65535), image, clears: clears && delay <= 65535)
        delay -= 65535
        if delay > 0 {
            if nothing == nil {
                var blank = GIFImage(transparent: [GIFFrameForms.placeholder], colors: ColorSet())
                compressor.compress(&blank, colors: ColorSet())
                nothing = blank
            }
            while delay > 0 {
                if clears && delay <= 65535 {
                    var blank = GIFImage(
                        transparent: [UInt8](repeating: GIFFrameForms.placeholder, count: rect.width * rect.height),
                        colors: ColorSet())
                    compressor.compress(&blank, colors: ColorSet())
                    self.image(rect, delay: delay, blank, clears: true)
                } else {
                    self.image(PixelRect(x: 0, y: 0, width: 1, height: 1), delay: min(delay, 65535), nothing!)
                }
                delay -= 65535
            }
        }
        try flush()
    }

    /// The trailer, and every byte not yet handed over.
    mutating func trailer() throws {
        output.append(0x3B)
        try flush()
    }

    private mutating func image(_ rect: PixelRect, delay: Int, _ image: GIFImage, clears: Bool = false) {
        // Graphic control extension: disposal 1 (do not dispose) or 2 (restore to background),
        // transparency when the image uses it.
        output += [0x21, 0xF9, 0x04, (clears ? 2 : 1) << 2 | (image.transparentIndex == nil ? 0 : 1)]
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
