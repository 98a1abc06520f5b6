import RefreshFramesCore

/// The picture of a comparison: the golden faded to a pale grey, differing pixels red,
/// antialiased pixels (ignored or not) yellow.
package enum DiffImage {
    package static let changed = RGBA(red: 1, green: 0, blue: 0)
    package static let antialiased = RGBA(red: 1, green: 1, blue: 0)

    /// Draws the diff of `actual` against `golden` with the tolerance `difference` was computed with.
    ///
    /// On a size mismatch the image covers both frames: the overlap is compared with the default
    /// tolerance and the area only one frame covers is red.
    package static func make(actual: Bitmap, golden: Bitmap, difference: PixelDifference) -> Bitmap {
        switch difference {
        case .compared(let statistics) where actual.width == golden.width && actual.height == golden.height:
            return render(actual: actual, golden: golden, tolerance: statistics.tolerance)
        case .compared(let statistics):
            return mismatched(actual: actual, golden: golden, tolerance: statistics.tolerance)
        case .sizeMismatch:
            return mismatched(actual: actual, golden: golden, tolerance: .default)
        }
    }

    static func render(actual: Bitmap, golden: Bitmap, tolerance: PixelTolerance) -> Bitmap {
        let count = actual.width * actual.height * 4
        let pixels = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            if let base = buffer.baseAddress {
                _ = PixelScan.run(actual: actual, golden: golden, tolerance: tolerance, diff: base)
            }
            initialized = count
        }
        return Bitmap(width: actual.width, height: actual.height, pixels: pixels)
    }

    static func mismatched(actual: Bitmap, golden: Bitmap, tolerance: PixelTolerance) -> Bitmap {
        let overlapWidth = min(actual.width, golden.width)
        let overlapHeight = min(actual.height, golden.height)
        let overlap = render(
            actual: crop(actual, width: overlapWidth, height: overlapHeight),
            golden: crop(golden, width: overlapWidth, height: overlapHeight), tolerance: tolerance)
        let width = max(actual.width, golden.width)
        let height = max(actual.height, golden.height)
        var out = Bitmap(width: width, height: height, fill: .white)
        let red = changed.bytes
        for y in 0..<height {
            for x in 0..<width {
                let i = (y * width + x) * 4
                if x < overlapWidth && y < overlapHeight {
                    let j = (y * overlapWidth + x) * 4
                    for c in 0..<4 { out.pixels[i + c] = overlap.pixels[j + c] }
                } else if (x < actual.width && y < actual.height) || (x < golden.width && y < golden.height) {
                    out.pixels[i] = red.red
                    out.pixels[i + 1] = red.green
                    out.pixels[i + 2] = red.blue
                    out.pixels[i + 3] = 255
                }
            }
        }
        return out
    }

    static func crop(_ bitmap: Bitmap, width: Int, height: Int) -> Bitmap {
        if bitmap.width == width && bitmap.height == height { return bitmap }
        var pixels = [UInt8]()
        pixels.reserveCapacity(width * height * 4)
        for y in 0..<height {
            let start = y * bitmap.width * 4
            pixels.append(contentsOf: bitmap.pixels[start..<start + width * 4])
        }
        return Bitmap(width: width, height: height, pixels: pixels)
    }
}
