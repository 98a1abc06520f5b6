import RefreshFramesCore

/// A canvas of palette indices, row by row: what a decoder shows, or the frame waiting to be written.
struct GIFIndexCanvas {
    let width: Int
    var indices: [UInt8]

    init(width: Int, height: Int, fill: UInt8 = 0) {
        self.width = width
        indices = [UInt8](repeating: fill, count: width * height)
    }

    /// Sets every index of `rect` to `index`.
    mutating func fill(_ rect: PixelRect, with index: UInt8) {
        let canvasWidth = width
        indices.withUnsafeMutableBufferPointer { canvas in
            for row in 0..<rect.height {
                (canvas.baseAddress! + (rect.y + row) * canvasWidth + rect.x).update(
                    repeating: index, count: rect.width)
            }
        }
    }

    /// The bounding box, within `rect`, of the pixels whose index is not `index`; nil when all are.
    func boundingBox(notEqualTo index: UInt8, within rect: PixelRect) -> PixelRect? {
        var box: PixelRect?
        for row in rect.y..<(rect.y + rect.height) {
            let start = row * width
            guard let first = (rect.x..<(rect.x + rect.width)).first(where: { indices[start + $0] != index }) else {
                continue
            }
            let last = (rect.x..<(rect.x + rect.width)).last(where: { indices[start + $0] != index })!
            let line = PixelRect(x: first, y: row, width: last - first + 1, height: 1)
            box = box.map { $0.union(line) } ?? line
        }
        return box
    }

    /// The bounding box, within `rect`, of the pixels of `pixels` (`rect`'s, row by row) that are
    /// `index` where the canvas's are not; nil when none are.
    func turning(to index: UInt8, _ pixels: [UInt8], within rect: PixelRect) -> PixelRect? {
        var box: PixelRect?
        for row in 0..<rect.height {
            let canvasRow = (rect.y + row) * width + rect.x
            for x in 0..<rect.width where pixels[row * rect.width + x] == index && indices[canvasRow + x] != index {
                let point = PixelRect(x: rect.x + x, y: rect.y + row, width: 1, height: 1)
                box = box.map { $0.union(point) } ?? point
            }
        }
        return box
    }

    /// `rect` of the canvas, row by row.
    func crop(_ rect: PixelRect) -> [UInt8] {
        let canvasWidth = width
        return [UInt8](unsafeUninitializedCapacity: rect.width * rect.height) { out, initialized in
            indices.withUnsafeBufferPointer { canvas in
                for row in 0..<rect.height {
                    (out.baseAddress! + row * rect.width).initialize(
                        from: canvas.baseAddress! + (rect.y + row) * canvasWidth + rect.x, count: rect.width)
                }
            }
            initialized = rect.width * rect.height
        }
    }

    /// Copies `pixels` (`rect`'s, row by row) into `rect`.
    mutating func paste(_ pixels: [UInt8], _ rect: PixelRect) {
        let canvasWidth = width
        pixels.withUnsafeBufferPointer { source in
            indices.withUnsafeMutableBufferPointer { canvas in
                for row in 0..<rect.height {
                    let to = canvas.baseAddress! + (rect.y + row) * canvasWidth + rect.x
                    to.update(from: source.baseAddress! + row * rect.width, count: rect.width)
                }
            }
        }
    }

    /// The bounding box, within `rect`, of the pixels of `pixels` (`rect`'s, row by row) whose index
    /// differs from the canvas's; nil when none does.
    func changedRect(_ pixels: [UInt8], within rect: PixelRect) -> PixelRect? {
        var left = Int.max
        var right = -1
        var top = Int.max
        var bottom = -1
        let canvasWidth = width
        pixels.withUnsafeBufferPointer { new in
            indices.withUnsafeBufferPointer { old in
                for row in 0..<rect.height {
                    let newRow = row * rect.width
                    let oldRow = (rect.y + row) * canvasWidth + rect.x
                    var first = 0
                    while first < rect.width && new[newRow + first] == old[oldRow + first] { first += 1 }
                    guard first < rect.width else { continue }
                    var last = rect.width - 1
                    while new[newRow + last] == old[oldRow + last] { last -= 1 }
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

    /// Every index through `permutation`.
    mutating func remap(_ permutation: [UInt8]) {
        indices.withUnsafeMutableBufferPointer { out in
            for k in out.indices { out[k] = permutation[Int(out[k])] }
        }
    }
}
