import RefreshFramesCore

extension PixelRect {
    /// The bounding box of the pixels that differ between two RGBA images of the same size, or
    /// nil when they are identical.
    static func changed(
        between a: UnsafeRawBufferPointer, and b: UnsafeRawBufferPointer, width: Int, height: Int
    ) -> PixelRect? {
        let rowBytes = width * 4
        func rowsEqual(_ y: Int) -> Bool {
            let start = y * rowBytes
            var i = start
            let end = start + rowBytes
            while i + 8 <= end {
                if a.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                    != b.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                {
                    return false
                }
                i += 8
            }
            if i < end {
                return a.loadUnaligned(fromByteOffset: i, as: UInt32.self)
                    == b.loadUnaligned(fromByteOffset: i, as: UInt32.self)
            }
            return true
        }
        func pixelsEqual(_ x: Int, _ y: Int) -> Bool {
            let offset = (y * width + x) * 4
            return a.loadUnaligned(fromByteOffset: offset, as: UInt32.self)
                == b.loadUnaligned(fromByteOffset: offset, as: UInt32.self)
        }

        guard let top = (0..<height).first(where: { !rowsEqual($0) }) else { return nil }
        let bottom = (top..<height).last(where: { !rowsEqual($0) })!
        var left = width
        var right = -1
        for y in top...bottom {
            var x = 0
            while x < left && pixelsEqual(x, y) { x += 1 }
            left = min(left, x)
            x = width - 1
            while x > right && pixelsEqual(x, y) { x -= 1 }
            right = max(right, x)
        }
        return PixelRect(x: left, y: top, width: right - left + 1, height: bottom - top + 1)
    }
}
