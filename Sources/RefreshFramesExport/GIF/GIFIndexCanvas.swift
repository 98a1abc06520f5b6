import RefreshFramesCore

/// A canvas of palette indices, row by row: what a decoder shows, or the frame waiting to be written.
struct GIFIndexCanvas {
    let width: Int
    var indices: [UInt8]

    init(width: Int, height: Int) {
        self.width = width
        indices = [UInt8](repeating: 0, count: width * height)
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
