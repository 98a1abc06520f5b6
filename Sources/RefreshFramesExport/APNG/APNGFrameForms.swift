import RefreshFramesCore
import RefreshFramesRaster

/// The ways of storing one APNG frame's rectangle that decode to the same picture, and the
/// choice of the smallest: every pixel replacing what was there (SOURCE); or, when every changed
/// pixel is opaque, the unchanged ones fully transparent over the frame before (OVER). Pure, so
/// frames are prepared on every core.
enum APNGFrameForms {
    static func smallest(_ capture: APNGEncoder.Capture, compressor: ZlibCompressor) -> EncodedFrame {
        let width = capture.rect.width
        var best = EncodedFrame(
            rect: capture.rect, delay: capture.delay, blend: 0,
            data: compressor.compress(PNGFilter.filtered(capture.new, width: width)))
        if let old = capture.old, let over = overForm(new: capture.new, old: old) {
            let data = compressor.compress(PNGFilter.filtered(over, width: width))
            if data.count < best.data.count {
                best = EncodedFrame(rect: capture.rect, delay: capture.delay, blend: 1, data: data)
            }
        }
        return best
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

/// PNG's row filters over 4-byte pixels, chosen per row as libpng's heuristic chooses: the filter
/// whose bytes, read as signed, have the smallest sum of magnitudes.
enum PNGFilter {
    /// Rows of `pixels` (RGBA, `width` a row), each led by its filter byte.
    static func filtered(_ pixels: [UInt8], width: Int) -> [UInt8] {
        let stride = width * 4
        let height = pixels.count / stride
        var out = [UInt8](repeating: 0, count: height * (stride + 1))
        var candidate = [UInt8](repeating: 0, count: stride)
        var best = [UInt8](repeating: 0, count: stride)
        pixels.withUnsafeBufferPointer { p in
            for y in 0..<height {
                let row = y * stride
                var bestFilter: UInt8 = 0
                var bestCost = Int.max
                for filter in UInt8(0)...4 {
                    var cost = 0
                    candidate.withUnsafeMutableBufferPointer { c in
                        for x in 0..<stride {
                            let a = x >= 4 ? Int(p[row + x - 4]) : 0
                            let b = y > 0 ? Int(p[row - stride + x]) : 0
                            let cc = x >= 4 && y > 0 ? Int(p[row - stride + x - 4]) : 0
                            let predicted: Int
                            switch filter {
                            case 0: predicted = 0
                            case 1: predicted = a
                            case 2: predicted = b
                            case 3: predicted = (a + b) >> 1
                            default: predicted = paeth(a, b, cc)
                            }
                            let v = UInt8(truncatingIfNeeded: Int(p[row + x]) - predicted)
                            c[x] = v
                            cost += v < 128 ? Int(v) : 256 - Int(v)
                        }
                    }
                    if cost < bestCost {
                        bestCost = cost
                        bestFilter = filter
                        swap(&candidate, &best)
                    }
                }
                let to = y * (stride + 1)
                out[to] = bestFilter
                best.withUnsafeBufferPointer { b in
                    out.withUnsafeMutableBufferPointer { o in
                        (o.baseAddress! + to + 1).update(from: b.baseAddress!, count: stride)
                    }
                }
            }
        }
        return out
    }

    @inline(__always)
    static func paeth(_ a: Int, _ b: Int, _ c: Int) -> Int {
        let p = a + b - c
        let pa = abs(p - a)
        let pb = abs(p - b)
        let pc = abs(p - c)
        if pa <= pb && pa <= pc { return a }
        return pb <= pc ? b : c
    }
}
