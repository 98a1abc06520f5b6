/// How far an actual frame may stray from its golden before the check fails.
///
/// The defaults are chosen for this renderer, which is deterministic (two renders, and 1- and
/// 2-thread renders, give byte-identical PNGs), so goldens only drift when FreeType, fontconfig or
/// the fonts change. Noise of that kind lives on glyph and shape edges, and it is absorbed per pixel:
///
/// * `threshold` 0.1 is pixelmatch's default. It ignores colour shifts a viewer cannot see
///   (a YIQ distance below ≈ 10 % of the black–white distance, e.g. 12 levels of grey) while
///   magenta → brown, a faded alpha step (0.5 → 0.6 on white is ≈ 25 levels) or a spinner spoke
///   changing shade are far above it.
/// * `ignoreAntialiasing` true drops pixels that pixelmatch's 3×3 test classifies as antialiased
///   edge pixels (a pixel between a darker and a brighter neighbour that are both solid in both
///   images), which is what a different rasteriser or hinting version changes.
/// * `maxDifferingFraction` 0: after the two filters above, any pixel that still differs is a real
///   change. A 1 pt move at 2× of even a small 8×8 px element changes ≈ 30 solid pixels
///   (0.03 % of a 750×120 frame), a one-frame timing change moves or recolours whole labels, so any
///   allowance large enough to matter would hide exactly these. Raise it per check, not globally.
package struct PixelTolerance: Sendable, Hashable {
    /// pixelmatch's YIQ threshold, 0…1: the colour distance, as a share of black↔white, that counts as a difference.
    package var threshold: Double
    /// The share of pixels (0…1) allowed to differ in one frame before the check fails.
    package var maxDifferingFraction: Double
    /// Whether pixels pixelmatch classifies as antialiased edges are left out of the count.
    package var ignoreAntialiasing: Bool

    package init(threshold: Double = 0.1, maxDifferingFraction: Double = 0, ignoreAntialiasing: Bool = true) {
        self.threshold = min(max(threshold, 0), 1)
        self.maxDifferingFraction = min(max(maxDifferingFraction, 0), 1)
        self.ignoreAntialiasing = ignoreAntialiasing
    }

    /// threshold 0.1, no differing pixel allowed, antialiased pixels ignored.
    package static let `default` = PixelTolerance()
    /// Every byte must match.
    package static let exact = PixelTolerance(threshold: 0, maxDifferingFraction: 0, ignoreAntialiasing: false)
}
