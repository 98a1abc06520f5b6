import RefreshFramesCore

/// A frame as what it changes in the one before it: freshly drawn regions, each exactly the
/// whole frame's pixels there. Every pixel outside them equals the frame before's. The first
/// frame of a stream is one region covering the whole frame.
package struct FramePatch: Sendable {
    package var width: Int
    package var height: Int
    /// Where this frame may differ from the one before it, and its pixels there (a bitmap of each
    /// rectangle's size).
    package var regions: [(rect: PixelRect, pixels: Bitmap)]

    package init(width: Int, height: Int, regions: [(rect: PixelRect, pixels: Bitmap)]) {
        self.width = width
        self.height = height
        self.regions = regions
    }

    /// The whole frame.
    package init(whole bitmap: Bitmap) {
        self.init(
            width: bitmap.width, height: bitmap.height,
            regions: [(PixelRect(x: 0, y: 0, width: bitmap.width, height: bitmap.height), bitmap)])
    }

    /// The rectangles drawn.
    package var damage: [PixelRect] { regions.map(\.rect) }

    /// Pixels drawn, the cost of applying it.
    package var pixelCount: Int { regions.reduce(0) { $0 + $1.rect.width * $1.rect.height } }

    /// The bounding box of the pixels it changes in `frame` (the frame before, of its size); nil
    /// when it changes none.
    package func changed(against frame: Bitmap) -> PixelRect? {
        var changed: PixelRect?
        for (rect, pixels) in regions {
            if let region = PixelRect.changed(in: pixels, at: rect, against: frame) {
                changed = changed.map { $0.union(region) } ?? region
            }
        }
        return changed
    }
}

/// The frame patches of a stream put back together: the current frame, updated in place by
/// copying each patch's pixels once.
package struct PatchedFrame: Sendable {
    /// The frame after the last patch applied; empty before the first.
    package private(set) var bitmap = Bitmap(width: 0, height: 0, pixels: [])

    package init() {}

    /// Applies `patch` and returns where the frame may have changed: nil for a frame of another
    /// size (the first), which replaces the whole frame.
    @discardableResult
    package mutating func apply(_ patch: FramePatch) -> [PixelRect]? {
        if patch.width != bitmap.width || patch.height != bitmap.height {
            if patch.regions.count == 1, let whole = patch.regions.first, whole.rect.width == patch.width,
                whole.rect.height == patch.height
            {
                bitmap = whole.pixels
            } else {
                bitmap = Bitmap(width: patch.width, height: patch.height)
                copy(patch)
            }
            return nil
        }
        copy(patch)
        return patch.damage
    }

    private mutating func copy(_ patch: FramePatch) {
        for (rect, pixels) in patch.regions { bitmap.paste(pixels, at: rect) }
    }
}

extension Bitmap {
    /// The RGBA bytes of `rect`, row by row.
    func crop(_ rect: PixelRect) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: rect.width * rect.height * 4)
        pixels.withUnsafeBufferPointer { frame in
            out.withUnsafeMutableBufferPointer { out in
                for row in 0..<rect.height {
                    (out.baseAddress! + row * rect.width * 4).update(
                        from: frame.baseAddress! + ((rect.y + row) * width + rect.x) * 4, count: rect.width * 4)
                }
            }
        }
        return out
    }

    /// Copies `pixels` (a bitmap of `rect`'s size) into `rect` of this one.
    mutating func paste(_ pixels: Bitmap, at rect: PixelRect) {
        let width = self.width
        self.pixels.withUnsafeMutableBufferPointer { frame in
            pixels.pixels.withUnsafeBufferPointer { source in
                for row in 0..<rect.height {
                    let to = frame.baseAddress! + ((rect.y + row) * width + rect.x) * 4
                    to.update(from: source.baseAddress! + row * rect.width * 4, count: rect.width * 4)
                }
            }
        }
    }
}
