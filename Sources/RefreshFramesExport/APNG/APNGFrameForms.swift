import RefreshFramesCore
import RefreshFramesRaster

/// The ways of storing one APNG frame's rectangle that decode to the same picture, and the
/// choice of the smaller: every pixel replacing what was there (SOURCE); or, when every changed
/// pixel is opaque, the unchanged ones fully transparent over the frame before (OVER). Rows are
/// stored unfiltered (filter type 0): on the samples' flat UI that compresses smaller than
/// libpng's adaptive choice on every frame (rotate-scale's control 199 KB against 275 KB, the
/// marquee's screen 379 KB against 458 KB, with each of the five filters tried as well). Pure,
/// so frames are prepared on every core.
enum APNGFrameForms {
    static func smaller(_ capture: APNGEncoder.Capture, compressor: ZlibCompressor) -> EncodedFrame {
        let width = capture.rect.width
        var best = EncodedFrame(
            rect: capture.rect, delay: capture.delay, blend: 0,
            data: compressor.compress(unfiltered(capture.new, width: width)))
        if let old = capture.old, let over = overForm(new: capture.new, old: old) {
            let data = compressor.compress(unfiltered(over, width: width))
            if data.count < best.data.count {
                best = EncodedFrame(rect: capture.rect, delay: capture.delay, blend: 1, data: data)
            }
        }
        return best
    }

    /// Rows of `pixels` (RGBA, `width` a row), each led by filter type 0.
    static func unfiltered(_ pixels: [UInt8], width: Int) -> [UInt8] {
        let stride = width * 4
        let height = pixels.count / stride
        var out = [UInt8](repeating: 0, count: height * (stride + 1))
        pixels.withUnsafeBufferPointer { p in
            out.withUnsafeMutableBufferPointer { o in
                for y in 0..<height {
                    (o.baseAddress! + y * (stride + 1) + 1).update(from: p.baseAddress! + y * stride, count: stride)
                }
            }
        }
        return out
    }

    /// The changed pixels, the others (0, 0, 0, 0); nil when a changed pixel is not opaque (OVER
    /// would blend it with the pixel under it) or when every pixel changed.
    static func overForm(new: [UInt8], old: [UInt8]) -> [UInt8]? {
        var out = new
        var unchanged = 0
        let ok = new.withUnsafeBytes { n in
            old.withUnsafeBytes { o in
                out.withUnsafeMutableBytes { out in
                    var i = 0
                    while i < n.count {
                        if n.loadUnaligned(fromByteOffset: i, as: UInt32.self)
                            == o.loadUnaligned(fromByteOffset: i, as: UInt32.self)
                        {
                            out.storeBytes(of: 0, toByteOffset: i, as: UInt32.self)
                            unchanged += 1
                        } else if n[i + 3] != 255 {
                            return false
                        }
                        i += 4
                    }
                    return true
                }
            }
        }
        return ok && unchanged > 0 ? out : nil
    }
}
