import CGD
import RefreshFramesCore

/// The frame being composed: premultiplied RGBA floats, converted to a `Bitmap` at the end.
///
/// A surface may hold only a `region` of the frame (damage-tracked rendering): drawing is clipped to
/// it and every pixel in it gets exactly the value the whole frame would give it, since each
/// pixel's value depends only on the layers drawn over it.
struct Surface {
    /// The whole frame's size: what text masks and shapes are clipped to.
    let width: Int
    let height: Int
    /// The pixels held, within `width × height`.
    let region: PixelBox
    private var pixels: [Float]

    init(width: Int, height: Int, background: RGBA, region: PixelBox? = nil) {
        self.width = width
        self.height = height
        let region = region ?? PixelBox(x0: 0, y0: 0, x1: width, y1: height)
        self.region = region
        let count = max(0, region.width) * max(0, region.height)
        let a = clamp01(background.alpha)
        let fill: [Float] = [
            Float(clamp01(background.red) * a), Float(clamp01(background.green) * a),
            Float(clamp01(background.blue) * a), Float(a),
        ]
        pixels = [Float](unsafeUninitializedCapacity: count * 4) { buffer, initialized in
            guard count > 0, let base = buffer.baseAddress else { return }
            // One pixel, then the filled part copied onto the rest, doubling.
            for c in 0..<4 { base[c] = fill[c] }
            var filled = 4
            while filled < count * 4 {
                let chunk = min(filled, count * 4 - filled)
                (base + filled).update(from: base, count: chunk)
                filled += chunk
            }
            initialized = count * 4
        }
    }

    /// `box` clipped to the pixels held; nil when nothing of it is.
    func clipped(_ box: PixelBox) -> PixelBox? {
        let clipped = PixelBox(
            x0: max(box.x0, region.x0), y0: max(box.y0, region.y0), x1: min(box.x1, region.x1),
            y1: min(box.y1, region.y1))
        return clipped.width > 0 && clipped.height > 0 ? clipped : nil
    }

    /// The offset of frame pixel (x, y)'s first channel in the pixels held (it must lie in `region`).
    @inline(__always) func offset(_ x: Int, _ y: Int) -> Int {
        ((y - region.y0) * region.width + (x - region.x0)) * 4
    }

    /// Builds one view's layer pixel by pixel (background, spokes, then text and its colour emoji,
    /// clipped to the rounded bounds when asked) and blends it over the surface with the view's
    /// alpha, so a view's own overlapping parts never blend twice. Emoji keep their colours and
    /// take the text colour's alpha. `ancestorClips` are the bounds of the superviews that clip it.
    mutating func composite(
        placement: Placement, shape: RoundedBox, background: RGBA, clips: Bool, text: TextMask?,
        textColor: RGBA, spokes: Spokes?, tint: RGBA, alpha: Double, ancestorClips: [ClipShape] = []
    ) {
        composite(
            Layer(
                placement: placement, shape: shape, background: background, clips: clips, text: text,
                textColor: textColor, spokes: spokes, tint: tint, alpha: alpha, ancestorClips: ancestorClips))
    }

    mutating func composite(_ layer: Layer) {
        guard let unclipped = layer.box(width: width, height: height), let box = clipped(unclipped) else { return }
        let placement = layer.placement
        let shape = layer.shape
        let background = layer.background
        let clips = layer.clips
        let text = layer.text
        let textColor = layer.textColor
        let spokes = layer.spokes
        let tint = layer.tint
        let alpha = layer.alpha
        let ancestorClips = layer.ancestorClips
        let image = layer.image
        let backgroundImage = layer.backgroundImage
        let shapeContent = layer.shapeContent
        let hasBackground = background.alpha > 0

        let ppp = placement.pixelsPerPoint
        let bg = premultiplied(background)
        let ink = premultiplied(textColor)
        let spokeInk = premultiplied(tint)
        let emoji = text?.emoji ?? []
        let emojiAlpha = Float(clamp01(textColor.alpha))
        let layerAlpha = Float(alpha)
        let needsShape = hasBackground || clips
        let needsLocal =
            needsShape || spokes != nil || !emoji.isEmpty || image != nil || backgroundImage != nil
            || shapeContent != nil
        let fillInk = premultiplied(shapeContent?.fill ?? .clear)
        let strokeInk = premultiplied(shapeContent?.stroke ?? .clear)
        // Past the shape's rectangle by two pixels its fields give no coverage.
        let shapeMargin = 2 / max(ppp, 1e-9)
        let held = region
        if let text, !needsLocal, ancestorClips.isEmpty {
            compositeText(text, ink: ink, alpha: layerAlpha, in: box)
            return
        }

        pixels.withUnsafeMutableBufferPointer { out in
            for y in box.y0..<box.y1 {
                for x in box.x0..<box.x1 {
                    // Text alone (the common label) needs no local coordinates: its mask is in pixels.
                    let local = needsLocal ? placement.toLocal(Double(x) + 0.5, Double(y) + 0.5) : (x: 0, y: 0)
                    var shapeCoverage: Float = 1
                    if needsShape {
                        shapeCoverage = Float(
                            placement.projection == nil
                                ? coverage(distance: shape.distance(local.x, local.y), pixelsPerPoint: ppp)
                                : placement.coverage(
                                    Double(x) + 0.5, Double(y) + 0.5, local: local, field: shape.distance))
                    }
                    let clip: Float = clips ? shapeCoverage : 1
                    var layer: Premultiplied = (0, 0, 0, 0)
                    if hasBackground {
                        layer = (bg.0 * shapeCoverage, bg.1 * shapeCoverage, bg.2 * shapeCoverage, bg.3 * shapeCoverage)
                    }
                    if let shapeContent,
                        placement.projection != nil
                            || (local.x > shapeContent.minX - shapeMargin && local.x < shapeContent.maxX + shapeMargin
                                && local.y > shapeContent.minY - shapeMargin
                                && local.y < shapeContent.maxY + shapeMargin)
                    {
                        let (sx, sy) = (Double(x) + 0.5, Double(y) + 0.5)
                        if !shapeContent.fillSegments.isEmpty {
                            let c = placement.coverage(sx, sy, local: local, field: shapeContent.fillDistance)
                            over(&layer, fillInk, Float(c) * clip)
                        }
                        if !shapeContent.pieces.isEmpty {
                            let c = placement.coverage(sx, sy, local: local, field: shapeContent.strokeDistance)
                            over(&layer, strokeInk, Float(c) * clip)
                        }
                    }
                    if let spokes {
                        let here =
                            placement.projection == nil
                            ? ppp : placement.pixelsPerPoint(Double(x) + 0.5, Double(y) + 0.5, local: local)
                        over(&layer, spokeInk, Float(spokes.coverage(local.x, local.y, pixelsPerPoint: here)) * clip)
                    }
                    if let backgroundImage {
                        let p = backgroundImage.sample(local.x, local.y)
                        if p.3 > 0 { over(&layer, p, clip) }
                    }
                    if let image {
                        let p = image.sample(local.x, local.y)
                        if p.3 > 0 { over(&layer, p, clip) }
                    }
                    if let text { over(&layer, ink, text.value(x, y) * clip) }
                    for item in emoji {
                        let e = item.sample(local.x, local.y)
                        if e.3 > 0 { over(&layer, e, emojiAlpha * clip) }
                    }
                    if !ancestorClips.isEmpty {
                        var outer: Float = 1
                        for ancestor in ancestorClips {
                            outer *= Float(ancestor.coverage(Double(x) + 0.5, Double(y) + 0.5))
                        }
                        layer = (layer.0 * outer, layer.1 * outer, layer.2 * outer, layer.3 * outer)
                    }
                    let (r, g, b, a) = layer
                    guard a > 0 else { continue }
                    let i = ((y - held.y0) * held.width + (x - held.x0)) * 4
                    let keep = 1 - a * layerAlpha
                    out[i] = r * layerAlpha + out[i] * keep
                    out[i + 1] = g * layerAlpha + out[i + 1] * keep
                    out[i + 2] = b * layerAlpha + out[i + 2] * keep
                    out[i + 3] = a * layerAlpha + out[i + 3] * keep
                }
            }
        }
    }

    /// A layer of text alone (the common label): its ink at the mask's coverage, blended with the
    /// view's alpha, in `box` (within the mask's). The same arithmetic as the general path.
    private mutating func compositeText(_ text: TextMask, ink: Premultiplied, alpha layerAlpha: Float, in box: PixelBox)
    {
        guard let box = box.intersection(text.box) else { return }
        let mask = text.box
        let held = region
        text.coverage.withUnsafeBufferPointer { coverage in
            pixels.withUnsafeMutableBufferPointer { out in
                for y in box.y0..<box.y1 {
                    let maskRow = (y - mask.y0) * mask.width - mask.x0
                    let outRow = (y - held.y0) * held.width - held.x0
                    for x in box.x0..<box.x1 {
                        let c = coverage[maskRow + x]
                        guard c > 0 else { continue }
                        let a = ink.3 * c
                        guard a > 0 else { continue }
                        let i = (outRow + x) * 4
                        let keep = 1 - a * layerAlpha
                        out[i] = ink.0 * c * layerAlpha + out[i] * keep
                        out[i + 1] = ink.1 * c * layerAlpha + out[i + 1] * keep
                        out[i + 2] = ink.2 * c * layerAlpha + out[i + 2] * keep
                        out[i + 3] = a * layerAlpha + out[i + 3] * keep
                    }
                }
            }
        }
    }

    /// Direct access to the premultiplied RGBA floats of `region` (row-major, 4 per pixel; see
    /// `offset`), for the scene's fills and colour bitmaps.
    mutating func withPixels<T>(_ body: (UnsafeMutableBufferPointer<Float>) throws -> T) rethrows -> T {
        try pixels.withUnsafeMutableBufferPointer { try body($0) }
    }

    /// The premultiplied RGBA floats of `region`, to read.
    func withPixelsRead<T>(_ body: (UnsafeBufferPointer<Float>) throws -> T) rethrows -> T {
        try pixels.withUnsafeBufferPointer { try body($0) }
    }

    /// The pixels held, 8-bit, non-premultiplied: `region`'s size.
    func bitmap() -> Bitmap {
        let count = region.width * region.height
        let bytes = [UInt8](unsafeUninitializedCapacity: count * 4) { buffer, initialized in
            pixels.withUnsafeBufferPointer { p in
                guard count > 0 else { return }
                // Opaque pixels (nearly all of them) need no unpremultiplying: every channel at once.
                cgd_quantise(p.baseAddress!, buffer.baseAddress!, count * 4)
                for i in 0..<count where p[4 * i + 3] < 1 {
                    let a = p[4 * i + 3]
                    if a <= 0 {
                        buffer[4 * i] = 0
                        buffer[4 * i + 1] = 0
                        buffer[4 * i + 2] = 0
                        buffer[4 * i + 3] = 0
                        continue
                    }
                    let unpremultiply = 1 / a
                    buffer[4 * i] = quantise(p[4 * i] * unpremultiply)
                    buffer[4 * i + 1] = quantise(p[4 * i + 1] * unpremultiply)
                    buffer[4 * i + 2] = quantise(p[4 * i + 2] * unpremultiply)
                    buffer[4 * i + 3] = quantise(a)
                }
            }
            initialized = count * 4
        }
        return Bitmap(width: region.width, height: region.height, pixels: bytes)
    }
}

typealias Premultiplied = (Float, Float, Float, Float)

/// One view as `Surface.composite` draws it.
struct Layer {
    var placement: Placement
    var shape: RoundedBox
    var background: RGBA
    var clips: Bool
    var text: TextMask?
    var textColor: RGBA
    var spokes: Spokes?
    var tint: RGBA
    var alpha: Double
    var ancestorClips: [ClipShape]
    /// An image view's image (a button's image).
    var image: PlacedImage? = nil
    /// A button's background image, drawn under its image.
    var backgroundImage: PlacedImage? = nil
    /// A shape layer's fill and stroke, drawn over the background.
    var shapeContent: ShapeLayerDrawing? = nil

    /// The pixels the layer may draw on a `width × height` frame (its antialiased edges included):
    /// it leaves every other pixel as it was. Nil when it draws nothing.
    func box(width: Int, height: Int) -> PixelBox? {
        let hasBackground = background.alpha > 0
        let shapeBox = placement.pixelBounds(
            minX: -shape.halfWidth, minY: -shape.halfHeight, maxX: shape.halfWidth, maxY: shape.halfHeight,
            margin: 1, clip: (width, height))
        var box: PixelBox?
        if hasBackground || spokes != nil { box = shapeBox }
        if let text { box = text.box.union(box) }
        if let s = shapeContent,
            let shapeBox = placement.pixelBounds(
                minX: s.minX, minY: s.minY, maxX: s.maxX, maxY: s.maxY, margin: 1, clip: (width, height))
        {
            box = shapeBox.union(box)
        }
        for image in [backgroundImage, image].compactMap({ $0 }) {
            if let imageBox = placement.pixelBounds(
                minX: image.minX, minY: image.minY, maxX: image.maxX, maxY: image.maxY, margin: 1,
                clip: (width, height))
            {
                box = imageBox.union(box)
            }
        }
        if clips {
            guard let shapeBox, let current = box else { return nil }
            box = PixelBox(
                x0: max(current.x0, shapeBox.x0), y0: max(current.y0, shapeBox.y0),
                x1: min(current.x1, shapeBox.x1), y1: min(current.y1, shapeBox.y1))
        }
        for ancestor in ancestorClips {
            let s = ancestor.shape
            guard let current = box,
                let clipBox = ancestor.placement.pixelBounds(
                    minX: -s.halfWidth, minY: -s.halfHeight, maxX: s.halfWidth, maxY: s.halfHeight, margin: 1,
                    clip: (width, height))
            else { return nil }
            box = PixelBox(
                x0: max(current.x0, clipBox.x0), y0: max(current.y0, clipBox.y0),
                x1: min(current.x1, clipBox.x1), y1: min(current.y1, clipBox.y1))
        }
        guard let box, box.width > 0, box.height > 0 else { return nil }
        return box
    }
}

/// `ink` at `coverage`, source-over `layer`; nothing where the coverage is zero.
@inline(__always) private func over(_ layer: inout Premultiplied, _ ink: Premultiplied, _ coverage: Float) {
    guard coverage > 0 else { return }
    let keep = 1 - ink.3 * coverage
    layer = (
        ink.0 * coverage + layer.0 * keep, ink.1 * coverage + layer.1 * keep, ink.2 * coverage + layer.2 * keep,
        ink.3 * coverage + layer.3 * keep
    )
}

/// `v` in 0…1 to 0…255, rounded; the clamp keeps the conversion in range, so it needs no check.
@inline(__always) private func quantise(_ v: Float) -> UInt8 {
    UInt8(truncatingIfNeeded: Int32(min(max(v, 0), 1) * 255 + 0.5))
}

func premultiplied(_ c: RGBA) -> Premultiplied {
    let a = clamp01(c.alpha)
    return (Float(clamp01(c.red) * a), Float(clamp01(c.green) * a), Float(clamp01(c.blue) * a), Float(a))
}
