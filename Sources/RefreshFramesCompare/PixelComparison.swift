import Foundation
import RefreshFramesCore

/// Compares two frames the way pixelmatch does: a perceptual YIQ colour distance against a
/// threshold, and pixels on antialiased edges recognised from their 3×3 neighbourhood.
package enum PixelComparison {
    /// Compares `actual` with `golden`. Identical buffers take a `memcmp` fast path.
    package static func compare(actual: Bitmap, golden: Bitmap, tolerance: PixelTolerance = .default) -> PixelDifference
    {
        guard actual.width == golden.width, actual.height == golden.height else {
            return .sizeMismatch(actual: PixelSize(actual), golden: PixelSize(golden))
        }
        return .compared(PixelScan.run(actual: actual, golden: golden, tolerance: tolerance, diff: nil))
    }
}

/// The per-pixel walk shared by the comparison and the diff image.
enum PixelScan {
    /// pixelmatch's maximum squared YIQ distance (black against white).
    static let maxYIQDistance = 35215.0
    /// How much of the golden's brightness shows through in the diff image.
    static let fadedAlpha = 0.2

    /// Walks two equally sized frames; when `diff` is given, writes the diff image's RGBA bytes into it.
    static func run(
        actual: Bitmap, golden: Bitmap, tolerance: PixelTolerance, diff: UnsafeMutablePointer<UInt8>?
    ) -> PixelStatistics {
        precondition(actual.width == golden.width && actual.height == golden.height)
        let width = actual.width
        let height = actual.height
        let byteCount = width * height * 4
        var statistics = PixelStatistics(
            pixelCount: width * height, differingPixelCount: 0, antialiasedPixelCount: 0, maxDelta: 0, bounds: nil,
            tolerance: tolerance)
        guard byteCount > 0 else { return statistics }

        actual.pixels.withUnsafeBufferPointer { actualBuffer in
            golden.pixels.withUnsafeBufferPointer { goldenBuffer in
                let a = actualBuffer.baseAddress!
                let g = goldenBuffer.baseAddress!
                if diff == nil && memcmp(a, g, byteCount) == 0 { return }

                let maxDelta = maxYIQDistance * tolerance.threshold * tolerance.threshold
                var minX = Int.max
                var minY = Int.max
                var maxX = -1
                var maxY = -1
                var lastColor: UInt32 = 0
                var lastGray: UInt8 = 255  // the grey of transparent black (lastColour 0): paper white
                for y in 0..<height {
                    let row = y * width * 4
                    if diff == nil && memcmp(a + row, g + row, width * 4) == 0 { continue }
                    for x in 0..<width {
                        let i = row + x * 4
                        let same = a[i] == g[i] && a[i + 1] == g[i + 1] && a[i + 2] == g[i + 2] && a[i + 3] == g[i + 3]
                        if !same && abs(colorDelta(a, i, g, i)) > maxDelta {
                            if tolerance.ignoreAntialiasing
                                && (isAntialiased(a, x, y, width, height, other: g)
                                    || isAntialiased(g, x, y, width, height, other: a))
                            {
                                statistics.antialiasedPixelCount += 1
                                if let diff { paint(diff, i, 255, 255, 0) }
                                continue
                            }
                            statistics.differingPixelCount += 1
                            var channelDelta = 0
                            for c in 0..<4 { channelDelta = max(channelDelta, abs(Int(a[i + c]) - Int(g[i + c]))) }
                            statistics.maxDelta = max(statistics.maxDelta, channelDelta)
                            minX = min(minX, x)
                            maxX = max(maxX, x)
                            minY = min(minY, y)
                            maxY = max(maxY, y)
                            if let diff { paint(diff, i, 255, 0, 0) }
                        } else if let diff {
                            // Flat fills repeat one colour: reuse its grey.
                            let color =
                                (UInt32(g[i]) << 24) | (UInt32(g[i + 1]) << 16) | (UInt32(g[i + 2]) << 8)
                                | UInt32(g[i + 3])
                            if color != lastColor {
                                lastColor = color
                                lastGray = UInt8(
                                    (255 + (brightness(g, i) - 255) * fadedAlpha * Double(g[i + 3]) / 255).rounded())
                            }
                            paint(diff, i, lastGray, lastGray, lastGray)
                        }
                    }
                }
                if maxX >= 0 {
                    statistics.bounds = PixelRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
                }
            }
        }
        return statistics
    }

    @inline(__always)
    static func paint(_ out: UnsafeMutablePointer<UInt8>, _ i: Int, _ r: UInt8, _ g: UInt8, _ b: UInt8) {
        out[i] = r
        out[i + 1] = g
        out[i + 2] = b
        out[i + 3] = 255
    }

    @inline(__always) static func rgb2y(_ r: Double, _ g: Double, _ b: Double) -> Double {
        r * 0.29889531 + g * 0.58662247 + b * 0.11448223
    }
    @inline(__always) static func rgb2i(_ r: Double, _ g: Double, _ b: Double) -> Double {
        r * 0.59597799 - g * 0.27417610 - b * 0.32180189
    }
    @inline(__always) static func rgb2q(_ r: Double, _ g: Double, _ b: Double) -> Double {
        r * 0.21147017 - g * 0.52261711 + b * 0.31114694
    }

    /// The colour at `i` composited over a background grey level (non-premultiplied source).
    @inline(__always)
    static func blended(_ p: UnsafePointer<UInt8>, _ i: Int, over background: Double) -> (Double, Double, Double) {
        let alpha = Double(p[i + 3]) / 255
        return (
            background + (Double(p[i]) - background) * alpha,
            background + (Double(p[i + 1]) - background) * alpha,
            background + (Double(p[i + 2]) - background) * alpha
        )
    }

    /// The brightness (Y) of the pixel at `i` over white.
    @inline(__always)
    static func brightness(_ p: UnsafePointer<UInt8>, _ i: Int) -> Double {
        let (r, g, b) = blended(p, i, over: 255)
        return rgb2y(r, g, b)
    }

    /// pixelmatch's squared YIQ distance between pixel `i` of `p` and pixel `j` of `q`.
    ///
    /// pixelmatch composites translucent pixels over white only, which makes a transparent pixel
    /// equal to an opaque white one; here they are composited over white and over black and the
    /// larger distance wins, so an alpha change always shows while fully transparent pixels of
    /// different RGB stay equal.
    @inline(__always)
    static func colorDelta(_ p: UnsafePointer<UInt8>, _ i: Int, _ q: UnsafePointer<UInt8>, _ j: Int) -> Double {
        if p[i + 3] == 255 && q[j + 3] == 255 {
            return yiqDistance(
                (Double(p[i]), Double(p[i + 1]), Double(p[i + 2])), (Double(q[j]), Double(q[j + 1]), Double(q[j + 2])))
        }
        let overWhite = yiqDistance(blended(p, i, over: 255), blended(q, j, over: 255))
        let overBlack = yiqDistance(blended(p, i, over: 0), blended(q, j, over: 0))
        return max(overWhite, overBlack)
    }

    @inline(__always)
    static func yiqDistance(_ c1: (Double, Double, Double), _ c2: (Double, Double, Double)) -> Double {
        let y = rgb2y(c1.0, c1.1, c1.2) - rgb2y(c2.0, c2.1, c2.2)
        let i = rgb2i(c1.0, c1.1, c1.2) - rgb2i(c2.0, c2.1, c2.2)
        let q = rgb2q(c1.0, c1.1, c1.2) - rgb2q(c2.0, c2.1, c2.2)
        return 0.5053 * y * y + 0.299 * i * i + 0.1957 * q * q
    }

    /// pixelmatch's antialiasing test: the pixel has at most two equal neighbours, both a darker and a
    /// brighter neighbour, and the darkest or the brightest of those has three or more equal
    /// neighbours in both images (it is solid fill, so this pixel is the blend between two fills).
    static func isAntialiased(
        _ image: UnsafePointer<UInt8>, _ x1: Int, _ y1: Int, _ width: Int, _ height: Int,
        other: UnsafePointer<UInt8>
    ) -> Bool {
        let x0 = max(x1 - 1, 0)
        let y0 = max(y1 - 1, 0)
        let x2 = min(x1 + 1, width - 1)
        let y2 = min(y1 + 1, height - 1)
        let c = (y1 * width + x1) * 4
        let center = brightness(image, c)
        var zeroes = (x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2) ? 1 : 0
        var darkest = 0.0
        var brightest = 0.0
        var darkestAt = (0, 0)
        var brightestAt = (0, 0)
        for x in x0...x2 {
            for y in y0...y2 where !(x == x1 && y == y1) {
                let j = (y * width + x) * 4
                // Byte-equal neighbours (all of them inside a flat fill) need no brightness.
                let equal =
                    image[c] == image[j] && image[c + 1] == image[j + 1] && image[c + 2] == image[j + 2]
                    && image[c + 3] == image[j + 3]
                let delta = equal ? 0 : center - brightness(image, j)
                if delta == 0 {
                    zeroes += 1
                    if zeroes > 2 { return false }
                } else if delta < darkest {
                    darkest = delta
                    darkestAt = (x, y)
                } else if delta > brightest {
                    brightest = delta
                    brightestAt = (x, y)
                }
            }
        }
        if darkest == 0 || brightest == 0 { return false }
        return
            (hasManySiblings(image, darkestAt.0, darkestAt.1, width, height)
            && hasManySiblings(other, darkestAt.0, darkestAt.1, width, height))
            || (hasManySiblings(image, brightestAt.0, brightestAt.1, width, height)
                && hasManySiblings(other, brightestAt.0, brightestAt.1, width, height))
    }

    /// Whether the pixel has three or more neighbours of exactly its colour (image edges count as one).
    static func hasManySiblings(_ image: UnsafePointer<UInt8>, _ x1: Int, _ y1: Int, _ width: Int, _ height: Int)
        -> Bool
    {
        let x0 = max(x1 - 1, 0)
        let y0 = max(y1 - 1, 0)
        let x2 = min(x1 + 1, width - 1)
        let y2 = min(y1 + 1, height - 1)
        let i = (y1 * width + x1) * 4
        var zeroes = (x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2) ? 1 : 0
        for x in x0...x2 {
            for y in y0...y2 where !(x == x1 && y == y1) {
                let j = (y * width + x) * 4
                if image[i] == image[j] && image[i + 1] == image[j + 1] && image[i + 2] == image[j + 2]
                    && image[i + 3] == image[j + 3]
                {
                    zeroes += 1
                }
                if zeroes > 2 { return true }
            }
        }
        return false
    }
}
