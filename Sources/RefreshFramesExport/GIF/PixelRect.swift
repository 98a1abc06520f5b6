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

    /// The bounding box of the pixels of `region` (a bitmap of `rect`'s size) that differ from
    /// `frame`'s pixels at `rect`, or nil when none do.
    static func changed(in region: Bitmap, at rect: PixelRect, against frame: Bitmap) -> PixelRect? {
        var left = Int.max
        var right = -1
        var top = Int.max
        var bottom = -1
        region.pixels.withUnsafeBytes { a in
            frame.pixels.withUnsafeBytes { b in
                for row in 0..<rect.height {
                    let regionRow = row * rect.width
                    let frameRow = (rect.y + row) * frame.width + rect.x
                    func same(_ x: Int) -> Bool {
                        a.loadUnaligned(fromByteOffset: (regionRow + x) * 4, as: UInt32.self)
                            == b.loadUnaligned(fromByteOffset: (frameRow + x) * 4, as: UInt32.self)
                    }
                    var first = 0
                    while first < rect.width && same(first) { first += 1 }
                    guard first < rect.width else { continue }
                    var last = rect.width - 1
                    while same(last) { last -= 1 }
                    left = min(left, first)
                    right = max(right, last)
                    top = min(top, row)
                    bottom = row
                }
            }
        }
        guard bottom >= 0 else { return nil }
        return PixelRect(x: rect.x + left, y: rect.y + top, width: right - left + 1, height: bottom - top + 1)
    }

    /// The smallest rectangle holding both.
    func union(_ other: PixelRect) -> PixelRect {
        let x0 = min(x, other.x)
        let y0 = min(y, other.y)
        return PixelRect(
            x: x0, y: y0, width: max(x + width, other.x + other.width) - x0,
            height: max(y + height, other.y + other.height) - y0)
    }
}
