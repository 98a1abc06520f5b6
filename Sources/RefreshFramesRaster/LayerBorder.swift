import RefreshFramesCore

/// A layer's border as Core Animation draws it (`borderWidth`, `borderColor`): inside the bounds,
/// following the corner radius (the inner edge is the bounds inset by the width, its corners of
/// radius `cornerRadius − borderWidth`, square below 0), composited above the layer's content and
/// its sublayers, transformed with the view and clipped by the ancestors that clip it.
struct LayerBorder {
    var placement: Placement
    var outer: RoundedBox
    /// The inner edge; nil when the border covers the whole bounds.
    var inner: RoundedBox?
    var color: RGBA
    var ancestorClips: [ClipShape]

    /// The view's border, or nil when it draws none (width 0 or a clear colour).
    init?(placement: Placement, shape: RoundedBox, width: Double, color: RGBA, ancestorClips: [ClipShape]) {
        guard width > 0, width.isFinite, color.alpha > 0, shape.halfWidth > 0, shape.halfHeight > 0 else { return nil }
        self.placement = placement
        outer = shape
        let halfWidth = shape.halfWidth - width
        let halfHeight = shape.halfHeight - width
        inner =
            halfWidth > 0 && halfHeight > 0
            ? RoundedBox(halfWidth: halfWidth, halfHeight: halfHeight, radius: max(shape.radius - width, 0)) : nil
        self.color = color
        self.ancestorClips = ancestorClips
    }

    /// The pixels it may draw on a `width × height` frame (antialiased edges included).
    func box(width: Int, height: Int) -> PixelBox? {
        guard
            var box = placement.pixelBounds(
                minX: -outer.halfWidth, minY: -outer.halfHeight, maxX: outer.halfWidth, maxY: outer.halfHeight,
                margin: 1, clip: (width, height))
        else { return nil }
        for ancestor in ancestorClips {
            guard let clip = ancestor.box(width: width, height: height), let clipped = box.intersection(clip) else {
                return nil
            }
            box = clipped
        }
        return box
    }

    /// The border's coverage of the pixel whose centre is at (px, py), local point (x, y): the outer
    /// shape's less the inner's, each with the one-pixel ramp the backgrounds are antialiased with.
    func coverage(_ px: Double, _ py: Double, local: (x: Double, y: Double)) -> Double {
        let outside = placement.coverage(px, py, local: local, field: outer.distance)
        guard let inner else { return outside }
        let inside = placement.coverage(px, py, local: local, field: inner.distance)
        return max(outside - inside, 0)
    }
}

extension ClipShape {
    /// The pixels of a `width × height` frame its shape may let through (antialiased edges included).
    func box(width: Int, height: Int) -> PixelBox? {
        placement.pixelBounds(
            minX: -shape.halfWidth, minY: -shape.halfHeight, maxX: shape.halfWidth, maxY: shape.halfHeight, margin: 1,
            clip: (width, height))
    }

    /// How much of the pixel whose centre is at frame pixel position (px, py) the shape lets through.
    func coverage(_ px: Double, _ py: Double) -> Double {
        let p = placement.toLocal(px, py)
        return placement.coverage(px, py, local: p, field: shape.distance)
    }
}

extension Surface {
    /// Blends `border` over these pixels at `alpha` (the view's, times what its group passed on),
    /// with the arithmetic `composite(_ layer:)` blends a view with.
    mutating func composite(_ border: LayerBorder, alpha: Double) {
        guard let whole = border.box(width: width, height: height), let box = clipped(whole) else { return }
        let ink = premultiplied(border.color)
        let layerAlpha = Float(alpha)
        let held = region
        withPixels { out in
            for y in box.y0..<box.y1 {
                for x in box.x0..<box.x1 {
                    let px = Double(x) + 0.5
                    let py = Double(y) + 0.5
                    let local = border.placement.toLocal(px, py)
                    var c = border.coverage(px, py, local: local)
                    for ancestor in border.ancestorClips where c > 0 { c *= ancestor.coverage(px, py) }
                    guard c > 0 else { continue }
                    let i = ((y - held.y0) * held.width + (x - held.x0)) * 4
                    blend(out, at: i, ink, coverage: Float(c) * layerAlpha)
                }
            }
        }
    }
}

/// `ink` at `coverage` (its alpha already applied) source-over the premultiplied pixel at `i`.
@inline(__always) func blend(_ out: UnsafeMutableBufferPointer<Float>, at i: Int, _ ink: Premultiplied, coverage: Float)
{
    let keep = 1 - ink.3 * coverage
    out[i] = ink.0 * coverage + out[i] * keep
    out[i + 1] = ink.1 * coverage + out[i + 1] * keep
    out[i + 2] = ink.2 * coverage + out[i + 2] * keep
    out[i + 3] = ink.3 * coverage + out[i + 3] * keep
}
