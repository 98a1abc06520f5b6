/// Compresses a frame's forms and keeps the smallest; one per thread, since its LZW table and
/// scratch space are reused from frame to frame.
struct GIFCompressor {
    private var lzw = LZWEncoder()
    /// Scratch space for the second compression of a large image.
    private var scratch: [UInt8] = []

    /// Every form of `forms` compressed, and the smallest (the first on a tie). A later form stops
    /// compressing as soon as it cannot be shorter than the best so far.
    mutating func smallest(of forms: GIFFrameForms) -> GIFImage {
        var best = forms.opaque
        compress(&best, colors: forms.allColors)
        for form in [forms.runs, forms.clear] {
            guard var form else { continue }
            if compress(&form, colors: forms.changedColors, limit: best.compressed.count - 1) { best = form }
        }
        return best
    }

    /// LZW-compresses `image.pixels` with the smallest code size that holds every index used;
    /// false (and nothing compressed) when that takes more than `limit` bytes.
    @discardableResult
    mutating func compress(_ image: inout GIFImage, colors: ColorSet, limit: Int = .max) -> Bool {
        var highest = colors.highest ?? 0
        if let transparent = image.transparentIndex { highest = max(highest, transparent) }
        var codeSize = 2
        while 1 << codeSize <= Int(highest) { codeSize += 1 }
        image.compressed.removeAll(keepingCapacity: true)
        let cleared = image.pixels.withUnsafeBufferPointer { data in
            lzw.encode(data, minimumCodeSize: codeSize, limit: limit, into: &image.compressed)
        }
        // A large image filled the code table: see whether keeping the full table does better.
        guard cleared.filled else { return !cleared.overLimit }
        scratch.removeAll(keepingCapacity: true)
        let kept = image.pixels.withUnsafeBufferPointer { data in
            lzw.encode(
                data, minimumCodeSize: codeSize, clearsWhenFull: false,
                limit: cleared.overLimit ? limit : image.compressed.count - 1, into: &scratch)
        }
        if !kept.overLimit { swap(&scratch, &image.compressed) }
        return !(cleared.overLimit && kept.overLimit)
    }
}
