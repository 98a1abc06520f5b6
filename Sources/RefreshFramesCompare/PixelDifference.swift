import RefreshFramesCore

/// A width × height in pixels.
package struct PixelSize: Sendable, Hashable, CustomStringConvertible {
    package var width: Int
    package var height: Int

    package init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    package init(_ bitmap: Bitmap) {
        self.init(width: bitmap.width, height: bitmap.height)
    }

    /// `750×120`
    package var description: String { "\(width)×\(height)" }
}

/// What a pixel comparison of two equally sized frames found.
package struct PixelStatistics: Sendable, Hashable {
    /// Pixels compared: width × height.
    package var pixelCount: Int
    /// Pixels whose colour differs beyond the threshold and that are not ignored as antialiasing.
    package var differingPixelCount: Int
    /// Pixels beyond the threshold that were classified as antialiasing (not counted when ignored).
    package var antialiasedPixelCount: Int
    /// The largest per-channel difference (R, G, B or A, 0…255) among the differing pixels.
    package var maxDelta: Int
    /// The smallest rectangle holding every differing pixel; nil when none differs.
    package var bounds: PixelRect?
    package var tolerance: PixelTolerance

    package init(
        pixelCount: Int, differingPixelCount: Int, antialiasedPixelCount: Int, maxDelta: Int, bounds: PixelRect?,
        tolerance: PixelTolerance
    ) {
        self.pixelCount = pixelCount
        self.differingPixelCount = differingPixelCount
        self.antialiasedPixelCount = antialiasedPixelCount
        self.maxDelta = maxDelta
        self.bounds = bounds
        self.tolerance = tolerance
    }

    /// differingPixelCount / pixelCount, 0 for an empty frame.
    package var differingFraction: Double {
        pixelCount == 0 ? 0 : Double(differingPixelCount) / Double(pixelCount)
    }

    package var passed: Bool {
        differingPixelCount == 0 || differingFraction <= tolerance.maxDifferingFraction
    }
}

/// The outcome of `PixelComparison.compare`: either a size mismatch or per-pixel statistics.
package enum PixelDifference: Sendable, Hashable {
    case sizeMismatch(actual: PixelSize, golden: PixelSize)
    case compared(PixelStatistics)

    package var passed: Bool {
        switch self {
        case .sizeMismatch: false
        case .compared(let statistics): statistics.passed
        }
    }

    /// The statistics of a same-size comparison; nil on a size mismatch.
    package var statistics: PixelStatistics? {
        if case .compared(let statistics) = self { return statistics }
        return nil
    }

    /// The mismatch in one line, e.g. `0.4% of pixels differ, max Δ 37, tolerance 0.1%`
    /// or `size differs: actual 750×240, golden 750×120`.
    package var summary: String {
        switch self {
        case .sizeMismatch(let actual, let golden):
            return "size differs: actual \(actual), golden \(golden)"
        case .compared(let s):
            return "\(formatPercent(s.differingFraction)) of pixels differ, max Δ \(s.maxDelta), "
                + "tolerance \(formatPercent(s.tolerance.maxDifferingFraction))"
        }
    }

    /// The exact counts behind `summary`, e.g. `360 of 90000 pixels differ in x 10…19, y 4…43; 12 antialiased pixels ignored`.
    package var details: String {
        switch self {
        case .sizeMismatch(let actual, let golden):
            return
                "the actual frame is \(actual) pixels, the golden \(golden); re-record if the canvas size changed on purpose"
        case .compared(let s):
            var text = "\(s.differingPixelCount) of \(s.pixelCount) pixels differ"
            if let bounds = s.bounds { text += " in \(bounds)" }
            if s.antialiasedPixelCount > 0 {
                text +=
                    "; \(s.antialiasedPixelCount) antialiased pixel\(s.antialiasedPixelCount == 1 ? "" : "s") "
                    + (s.tolerance.ignoreAntialiasing ? "ignored" : "counted")
            }
            text += " (threshold \(formatNumber(s.tolerance.threshold)))"
            return text
        }
    }
}
