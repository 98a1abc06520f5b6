import Foundation
import RefreshFramesCore

/// Rasterised text masks by everything that decides their pixels, so a label that does not move
/// between frames is drawn by FreeType once. A mask is a pure function of its key, so a cache hit
/// gives exactly the pixels a fresh rasterisation would: output stays byte-identical.
final class TextMaskCache: @unchecked Sendable {
    static let shared = TextMaskCache()

    struct Key: Hashable {
        var text: String
        var font: FontSpec
        /// The spec's own font file the family resolves to (per animation).
        var appFile: String?
        var alignment: TextAlignment
        var lines: LabelLines
        var centerX, centerY, rotation, unitX, unitY, halfWidth, halfHeight: Double
        var boundsWidth, boundsHeight: Int
        var rendering: TextRendering
        /// A projected view's map to pixels, which its mask is sampled through (nil: flat).
        var projection: Homography?
    }

    /// Enough for every label of a few specs at a few transforms; cleared whole when full.
    static let capacity = 4096

    private let lock = NSLock()
    /// Each mask with the font files its text was laid out with, which a hit still counts as used.
    private var masks: [Key: (mask: TextMask?, files: [String])] = [:]

    /// Forgets every mask (a font file changed under the same name).
    func removeAll() {
        lock.lock()
        defer { lock.unlock() }
        masks.removeAll()
    }

    func mask(
        _ text: String, font: FontSpec, alignment: TextAlignment, lines: LabelLines = .whole,
        placement: Placement, fonts: FontBook, usage: FontUsage? = nil, bounds: (Int, Int), rendering: TextRendering
    ) throws -> TextMask? {
        let key = Key(
            text: text, font: font, appFile: fonts.appFile(for: font, usage: usage), alignment: alignment, lines: lines,
            centerX: placement.centerX,
            centerY: placement.centerY,
            rotation: placement.rotationRadians, unitX: placement.unitX, unitY: placement.unitY,
            halfWidth: placement.halfWidth, halfHeight: placement.halfHeight, boundsWidth: bounds.0,
            boundsHeight: bounds.1, rendering: rendering, projection: placement.projection?.toPixel)
        lock.lock()
        if let cached = masks[key] {
            lock.unlock()
            usage?.insert(cached.files)
            return cached.mask
        }
        lock.unlock()
        let own = FontUsage.recorder(resolvingAs: usage)
        let mask = try TextMask(
            text, font: font, alignment: alignment, lines: lines, placement: placement, fonts: fonts, usage: own,
            bounds: bounds, rendering: rendering)
        let files = own.filesUsed
        usage?.insert(files)
        lock.lock()
        if masks.count >= Self.capacity { masks.removeAll(keepingCapacity: true) }
        masks[key] = (mask, files)
        lock.unlock()
        return mask
    }
}
