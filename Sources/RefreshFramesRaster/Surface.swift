import RefreshFramesCore

/// The frame being composed: premultiplied RGBA floats, converted to a `Bitmap` at the end.
struct Surface {
    let width: Int
    let height: Int
    private var pixels: [Float]

    init(width: Int, height: Int, background: RGBA) {
        self.width = width
        self.height = height
        let a = clamp01(background.alpha)
        let fill: [Float] = [
            Float(clamp01(background.red) * a), Float(clamp01(background.green) * a),
            Float(clamp01(background.blue) * a), Float(a),
        ]
        pixels = [Float](unsafeUninitializedCapacity: width * height * 4) { buffer, count in
            for i in 0..<(width * height) {
                buffer[4 * i] = fill[0]
                buffer[4 * i + 1] = fill[1]
                buffer[4 * i + 2] = fill[2]
                buffer[4 * i + 3] = fill[3]
            }
            count = width * height * 4
        }
    }

    /// Builds one view's layer pixel by pixel (background, spokes, then text and its colour emoji,
    /// clipped to the rounded bounds when asked) and blends it over the surface with the view's
    /// alpha, so a view's own overlapping parts never blend twice. Emoji keep their colours and
    /// take the text colour's alpha. `ancestorClips` are the bounds of the superviews that clip it.
    mutating func composite(
        placement: Placement, shape: RoundedBox, background: RGBA, clips: Bool, text: TextMask?,
        textColor: RGBA, spokes: Spokes?, tint: RGBA, alpha: Double, ancestorClips: [ClipShape] = []
    ) {
        let hasBackground = background.alpha > 0
        let shapeBox = placement.pixelBounds(
            minX: -shape.halfWidth, minY: -shape.halfHeight, maxX: shape.halfWidth, maxY: shape.halfHeight,
            margin: 1, clip: (width, height))
        var box: PixelBox?
        if hasBackground || spokes != nil { box = shapeBox }
        if let text { box = text.box.union(box) }
        if clips {
            guard let shapeBox, let current = box else { return }
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
            else { return }
            box = PixelBox(
                x0: max(current.x0, clipBox.x0), y0: max(current.y0, clipBox.y0),
                x1: min(current.x1, clipBox.x1), y1: min(current.y1, clipBox.y1))
        }
        guard let box, box.width > 0, box.height > 0 else { return }

        let ppp = placement.pixelsPerPoint
        let bg = premultiplied(background)
        let ink = premultiplied(textColor)
        let spokeInk = premultiplied(tint)
        let emoji = text?.emoji ?? []
        let emojiAlpha = Float(clamp01(textColor.alpha))
        let layerAlpha = Float(alpha)
        let needsShape = hasBackground || clips

        pixels.withUnsafeMutableBufferPointer { out in
            for y in box.y0..<box.y1 {
                for x in box.x0..<box.x1 {
                    let local = placement.toLocal(Double(x) + 0.5, Double(y) + 0.5)
                    var shapeCoverage: Float = 1
                    if needsShape {
                        shapeCoverage = Float(
                            coverage(distance: shape.distance(local.x, local.y), pixelsPerPoint: ppp))
                    }
                    let clip: Float = clips ? shapeCoverage : 1
                    var layer: Premultiplied = (0, 0, 0, 0)
                    if hasBackground {
                        layer = (bg.0 * shapeCoverage, bg.1 * shapeCoverage, bg.2 * shapeCoverage, bg.3 * shapeCoverage)
                    }
                    if let spokes {
                        over(&layer, spokeInk, Float(spokes.coverage(local.x, local.y, pixelsPerPoint: ppp)) * clip)
                    }
                    if let text { over(&layer, ink, text.value(x, y) * clip) }
                    for item in emoji {
                        let e = item.sample(local.x, local.y)
                        if e.3 > 0 { over(&layer, e, emojiAlpha * clip) }
                    }
                    if !ancestorClips.isEmpty {
                        var outer: Float = 1
                        for ancestor in ancestorClips {
                            let p = ancestor.placement.toLocal(Double(x) + 0.5, Double(y) + 0.5)
                            outer *= Float(
                                coverage(
                                    distance: ancestor.shape.distance(p.x, p.y),
                                    pixelsPerPoint: ancestor.placement.pixelsPerPoint))
                        }
                        layer = (layer.0 * outer, layer.1 * outer, layer.2 * outer, layer.3 * outer)
                    }
                    let (r, g, b, a) = layer
                    guard a > 0 else { continue }
                    let i = (y * width + x) * 4
                    let keep = 1 - a * layerAlpha
                    out[i] = r * layerAlpha + out[i] * keep
                    out[i + 1] = g * layerAlpha + out[i + 1] * keep
                    out[i + 2] = b * layerAlpha + out[i + 2] * keep
                    out[i + 3] = a * layerAlpha + out[i + 3] * keep
                }
            }
        }
    }

    /// Direct access to the premultiplied RGBA floats (row-major, 4 per pixel), for the scene's
    /// fills and colour bitmaps.
    mutating func withPixels<T>(_ body: (UnsafeMutableBufferPointer<Float>) throws -> T) rethrows -> T {
        try pixels.withUnsafeMutableBufferPointer { try body($0) }
    }

    /// 8-bit, non-premultiplied.
    func bitmap() -> Bitmap {
        let count = width * height
        let bytes = [UInt8](unsafeUninitializedCapacity: count * 4) { buffer, initialized in
            pixels.withUnsafeBufferPointer { p in
                for i in 0..<count {
                    let a = p[4 * i + 3]
                    if a <= 0 {
                        buffer[4 * i] = 0
                        buffer[4 * i + 1] = 0
                        buffer[4 * i + 2] = 0
                        buffer[4 * i + 3] = 0
                        continue
                    }
                    let unpremultiply = a >= 1 ? 1 : 1 / a
                    buffer[4 * i] = quantise(p[4 * i] * unpremultiply)
                    buffer[4 * i + 1] = quantise(p[4 * i + 1] * unpremultiply)
                    buffer[4 * i + 2] = quantise(p[4 * i + 2] * unpremultiply)
                    buffer[4 * i + 3] = quantise(a)
                }
            }
            initialized = count * 4
        }
        return Bitmap(width: width, height: height, pixels: bytes)
    }
}

typealias Premultiplied = (Float, Float, Float, Float)

/// `ink` at `coverage`, source-over `layer`; nothing where the coverage is zero.
@inline(__always) private func over(_ layer: inout Premultiplied, _ ink: Premultiplied, _ coverage: Float) {
    guard coverage > 0 else { return }
    let keep = 1 - ink.3 * coverage
    layer = (
        ink.0 * coverage + layer.0 * keep, ink.1 * coverage + layer.1 * keep, ink.2 * coverage + layer.2 * keep,
        ink.3 * coverage + layer.3 * keep
    )
}

@inline(__always) private func quantise(_ v: Float) -> UInt8 {
    UInt8(min(max(v, 0), 1) * 255 + 0.5)
}

private func premultiplied(_ c: RGBA) -> Premultiplied {
    let a = clamp01(c.alpha)
    return (Float(clamp01(c.red) * a), Float(clamp01(c.green) * a), Float(clamp01(c.blue) * a), Float(a))
}
