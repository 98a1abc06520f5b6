import RefreshFramesCore

/// An image view's image where its content mode puts it, in the view's local points (origin at the
/// view's centre), sampled as Core Animation samples a layer's `contents`: bilinear between texel
/// centres with the edge texels repeated (`magnificationFilter` and `minificationFilter` are both
/// `linear` by default; research §14 rule 5), premultiplied, and only at pixel centres inside the
/// image's rectangle (a layer's edges are not antialiased unless `allowsEdgeAntialiasing`). A
/// template image is its alpha in the tint colour.
struct PlacedImage {
    let bitmap: Bitmap
    /// The image's rectangle in local points.
    let minX: Double
    let minY: Double
    let maxX: Double
    let maxY: Double
    /// Texels per local point along each axis.
    let texelsPerPointX: Double
    let texelsPerPointY: Double
    /// The premultiplied tint of a template image; nil draws the image's own colours.
    let tint: Premultiplied?

    /// `variant` placed by `mode` in a view `width` × `height` points, unscaled modes snapped to the
    /// pixel grid of `scale`. Nil when it covers nothing.
    init?(_ variant: ImageVariant, mode: ContentMode, width: Double, height: Double, scale: Double, tint: RGBA?) {
        let rect = mode.rect(
            for: variant.pointSize, in: IntrinsicSize(width: width, height: height), scale: scale)
        guard rect.width > 0, rect.height > 0, rect.width.isFinite, rect.height.isFinite else { return nil }
        bitmap = variant.bitmap
        minX = rect.x - width / 2
        minY = rect.y - height / 2
        maxX = minX + rect.width
        maxY = minY + rect.height
        texelsPerPointX = Double(bitmap.width) / rect.width
        texelsPerPointY = Double(bitmap.height) / rect.height
        self.tint = tint.map { c in
            let a = clamp01(c.alpha)
            return (Float(clamp01(c.red) * a), Float(clamp01(c.green) * a), Float(clamp01(c.blue) * a), Float(a))
        }
    }

    /// The premultiplied colour at a local point: transparent outside the image's rectangle (left
    /// and top edges in, right and bottom out, as a rasteriser fills).
    @inline(__always) func sample(_ lx: Double, _ ly: Double) -> Premultiplied {
        guard lx >= minX, lx < maxX, ly >= minY, ly < maxY else { return (0, 0, 0, 0) }
        let w = bitmap.width
        let h = bitmap.height
        let u = (lx - minX) * texelsPerPointX - 0.5
        let v = (ly - minY) * texelsPerPointY - 0.5
        let u0 = Int(u.rounded(.down))
        let v0 = Int(v.rounded(.down))
        let fu = Float(u - Double(u0))
        let fv = Float(v - Double(v0))
        let x0 = min(max(u0, 0), w - 1)
        let x1 = min(max(u0 + 1, 0), w - 1)
        let y0 = min(max(v0, 0), h - 1)
        let y1 = min(max(v0 + 1, 0), h - 1)
        return bitmap.pixels.withUnsafeBufferPointer { p in
            @inline(__always) func texel(_ x: Int, _ y: Int) -> Premultiplied {
                let i = (y * w + x) * 4
                let a = Float(p[i + 3]) / 255
                if let tint { return (tint.0 * a, tint.1 * a, tint.2 * a, tint.3 * a) }
                return (Float(p[i]) / 255 * a, Float(p[i + 1]) / 255 * a, Float(p[i + 2]) / 255 * a, a)
            }
            let t00 = texel(x0, y0)
            let t10 = texel(x1, y0)
            let t01 = texel(x0, y1)
            let t11 = texel(x1, y1)
            let w00 = (1 - fu) * (1 - fv)
            let w10 = fu * (1 - fv)
            let w01 = (1 - fu) * fv
            let w11 = fu * fv
            return (
                t00.0 * w00 + t10.0 * w10 + t01.0 * w01 + t11.0 * w11,
                t00.1 * w00 + t10.1 * w10 + t01.1 * w01 + t11.1 * w11,
                t00.2 * w00 + t10.2 * w10 + t01.2 * w01 + t11.2 * w11,
                t00.3 * w00 + t10.3 * w10 + t01.3 * w01 + t11.3 * w11
            )
        }
    }
}
