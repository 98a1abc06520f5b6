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

    /// The same bounding box when the two images are known to differ only inside `damage`: only
    /// those pixels are read.
    static func changed(
        between a: UnsafeRawBufferPointer, and b: UnsafeRawBufferPointer, width: Int, height: Int,
        within damage: [PixelRect]
    ) -> PixelRect? {
        var left = Int.max
        var right = -1
        var top = Int.max
        var bottom = -1
        for rect in damage {
            let x0 = max(rect.x, 0)
            let x1 = min(rect.x + rect.width, width)
            let y0 = max(rect.y, 0)
            let y1 = min(rect.y + rect.height, height)
            guard x1 > x0, y1 > y0 else { continue }
            for y in y0..<y1 {
                let row = y * width
                var first = x0
                while first < x1
                    && a.loadUnaligned(fromByteOffset: (row + first) * 4, as: UInt32.self)
                        == b.loadUnaligned(fromByteOffset: (row + first) * 4, as: UInt32.self)
                {
                    first += 1
                }
                guard first < x1 else { continue }
                var last = x1 - 1
                while a.loadUnaligned(fromByteOffset: (row + last) * 4, as: UInt32.self)
                    == b.loadUnaligned(fromByteOffset: (row + last) * 4, as: UInt32.self)
                {
                    last -= 1
                }
                left = min(left, first)
                right = max(right, last)
                top = min(top, y)
                bottom = max(bottom, y)
            }
        }
        guard bottom >= 0 else { return nil }
        return PixelRect(x: left, y: top, width: right - left + 1, height: bottom - top + 1)
    }
}
