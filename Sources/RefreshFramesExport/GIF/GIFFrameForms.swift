import RefreshFramesCore

/// The ways of writing one frame's rectangle that all decode to the same picture (the choice
/// `gifsicle -O3` makes): every pixel with its colour; runs of unchanged pixels made transparent
/// only where a run holds more than one colour; every unchanged pixel transparent. Pure, so frames
/// are prepared on every core. In a transparent GIF, clear pixels (the placeholder in `new`) are
/// transparent in every form: the encoder has cleared the canvas under them already.
struct GIFFrameForms: @unchecked Sendable {
    var rect: PixelRect
    var delay: Int
    var opaque = GIFImage()
    var runs: GIFImage?
    var clear: GIFImage?
    /// Every index the rectangle uses.
    var allColors = ColorSet()
    /// The indices its changed pixels need.
    var changedColors = ColorSet()

    /// Marks pixels still to be given the transparent index; never a colour (there are at most 255).
    static let placeholder: UInt8 = 255

    /// A frame's rectangle as the forms need it: its palette indices and those it replaces.
    struct Capture: @unchecked Sendable {
        var rect: PixelRect
        var delay: Int
        /// Whether the frame clears its rectangle once shown.
        var clears = false
        var new: [UInt8]
        /// Nil for the first frame, which replaces nothing.
        var old: [UInt8]?
    }

    /// Each form gets the lowest transparent index its pixels leave free and the smallest LZW code
    /// size its indices allow.
    init(_ capture: Capture) {
        rect = capture.rect
        delay = capture.delay
        let count = capture.new.count
        var runsPixels = [UInt8](repeating: 0, count: count)
        var clearPixels = runsPixels
        let isFirst = capture.old == nil
        let placeholder = Self.placeholder
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
        // The placeholder is no colour: in a transparent GIF it marks clear pixels (there are then at most 254 colours).
        let hasClear = used[Int(placeholder)]
        for index in 0..<255 {
            if needed[index] { changedColors.insert(UInt8(index)) }
            if used[index] { allColors.insert(UInt8(index)) }
        }
        // Clear pixels are transparent in every form; the canvas under them is clear already.
        opaque = hasClear ? GIFImage(transparent: capture.new, colors: allColors) : GIFImage(opaque: capture.new)
        if unchangedCount > 0 {
            // The mixed-runs form is worth trying only when it differs from both others.
            if runsTransparentCount > 0 && runsTransparentCount < unchangedCount {
                runs = GIFImage(transparent: runsPixels, colors: changedColors)
            }
            clear = GIFImage(transparent: clearPixels, colors: changedColors)
        }
    }
}

/// One way of writing a frame's rectangle, and its compressed image data.
struct GIFImage: @unchecked Sendable {
    var pixels: [UInt8] = []
    var transparentIndex: UInt8?
    var compressed: [UInt8] = []

    init() {}

    /// Every pixel with its colour.
    init(opaque pixels: [UInt8]) { self.pixels = pixels }

    /// `pixels` with the lowest index none of `colors` uses as the transparent index, written where
    /// the placeholder stands.
    init(transparent pixels: [UInt8], colors: ColorSet) {
        self.pixels = pixels
        let transparent = colors.lowestAbsent
        transparentIndex = transparent
        guard transparent != GIFFrameForms.placeholder else { return }
        self.pixels.withUnsafeMutableBufferPointer { pixels in
            for k in pixels.indices where pixels[k] == GIFFrameForms.placeholder { pixels[k] = transparent }
        }
    }
}
