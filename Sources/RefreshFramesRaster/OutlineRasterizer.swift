import CGD
import Foundation

/// Fills glyph outlines, placed by an affine map, into 8-bit coverage with FreeType's antialiasing
/// rasteriser: exact fractional positions, no hinting, no bitmap strikes. An `FT_Library` is not
/// shared between threads, so each call borrows one from a pool and renders on any core.
enum OutlineRasterizer {
    /// Maps a point in ems to pixels of the target, y down: `(a·x + b·y + tx, c·x + d·y + ty)`.
    struct Affine {
        var a, b, c, d, tx, ty: Double
    }

    typealias PlacedGlyph = (outline: GlyphOutline, map: Affine)

    /// Coverage (0…255) of `width × height` pixels, row-major from the top.
    static func fill(_ glyphs: [PlacedGlyph], width: Int, height: Int) throws -> [UInt8] {
        var coverage = [UInt8](repeating: 0, count: width * height)
        // A glyph of more points than FT_Outline can count is not a glyph any font has.
        let drawn = glyphs.filter { !$0.outline.points.isEmpty && $0.outline.points.count <= Int(Int16.max) }
        guard width > 0, height > 0, !drawn.isEmpty else { return coverage }
        try LibraryPool.shared.withLibrary { library in
            var empty = true
            try fill(drawn[...], library: library, into: &coverage, empty: &empty, width: width, height: height)
        }
        return coverage
    }

    /// FT_Outline counts points in 16 bits, and the rasteriser's fixed cell pool overflows on a row
    /// crossed by hundreds of glyphs: such a line is filled in halves, each into its own buffer,
    /// combined by maximum (as gd combines its glyphs).
    private static func fill(
        _ glyphs: ArraySlice<PlacedGlyph>, library: FT_Library, into coverage: inout [UInt8], empty: inout Bool,
        width: Int, height: Int
    ) throws {
        func halves() throws {
            let middle = glyphs.startIndex + glyphs.count / 2
            for half in [glyphs[..<middle], glyphs[middle...]] {
                try fill(half, library: library, into: &coverage, empty: &empty, width: width, height: height)
            }
        }
        if glyphs.count > 1, glyphs.reduce(0, { $0 + $1.outline.points.count }) > Int(Int16.max) {
            return try halves()
        }
        let status: FT_Error
        if empty {
            status = render(glyphs, library: library, into: &coverage, width: width, height: height)
            if status != 0 { for i in coverage.indices { coverage[i] = 0 } }
        } else {
            var scratch = [UInt8](repeating: 0, count: width * height)
            status = render(glyphs, library: library, into: &scratch, width: width, height: height)
            if status == 0 { for i in coverage.indices where scratch[i] > coverage[i] { coverage[i] = scratch[i] } }
        }
        if status == rasterOverflow && glyphs.count > 1 { return try halves() }
        guard status == 0 else { throw RasterError.outlineFillFailed(code: status) }
        empty = false
    }

    /// FT_Err_Raster_Overflow.
    private static let rasterOverflow: FT_Error = 0x62

    private static func render(
        _ glyphs: ArraySlice<PlacedGlyph>, library: FT_Library, into buffer: inout [UInt8], width: Int, height: Int
    ) -> FT_Error {
        var vectors: [FT_Vector] = []
        var tags: [CChar] = []
        var ends: [Int16] = []
        for (outline, map) in glyphs {
            let base = Int16(vectors.count)
            // FreeType's outline space is 26.6 fixed point with y up from the bitmap's bottom edge.
            for p in outline.points {
                let x = map.a * p.x + map.b * p.y + map.tx
                let y = map.c * p.x + map.d * p.y + map.ty
                vectors.append(
                    FT_Vector(x: FT_Pos((x * 64).rounded()), y: FT_Pos(((Double(height) - y) * 64).rounded())))
            }
            tags += outline.tags
            ends += outline.contourEnds.map { $0 + base }
        }
        return vectors.withUnsafeMutableBufferPointer { vectors in
            tags.withUnsafeMutableBufferPointer { tags in
                ends.withUnsafeMutableBufferPointer { ends in
                    buffer.withUnsafeMutableBufferPointer { pixels in
                        var outline = FT_Outline(
                            n_contours: Int16(ends.count), n_points: Int16(vectors.count), points: vectors.baseAddress,
                            tags: tags.baseAddress, contours: ends.baseAddress, flags: 0)
                        var bitmap = FT_Bitmap()
                        bitmap.rows = UInt32(height)
                        bitmap.width = UInt32(width)
                        bitmap.pitch = Int32(width)
                        bitmap.buffer = pixels.baseAddress
                        bitmap.num_grays = 256
                        bitmap.pixel_mode = UInt8(FT_PIXEL_MODE_GRAY.rawValue)
                        return FT_Outline_Get_Bitmap(library, &outline, &bitmap)
                    }
                }
            }
        }
    }
}

/// FreeType libraries for `OutlineRasterizer`, one per concurrent caller, kept for the process.
private final class LibraryPool: @unchecked Sendable {
    static let shared = LibraryPool()

    private let lock = NSLock()
    private var idle: [FT_Library] = []

    func withLibrary<T>(_ body: (FT_Library) throws -> T) throws -> T {
        lock.lock()
        var library = idle.popLast()
        lock.unlock()
        if library == nil {
            let code = FT_Init_FreeType(&library)
            guard code == 0, library != nil else { throw RasterError.outlineFillFailed(code: code) }
        }
        defer {
            lock.lock()
            idle.append(library!)
            lock.unlock()
        }
        return try body(library!)
    }
}
