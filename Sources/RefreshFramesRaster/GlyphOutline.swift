import CGD

/// A glyph's outline as FreeType loads it unscaled and unhinted: points in ems, y up, the origin
/// at the glyph's pen position on the baseline; tags and contour ends as in `FT_Outline`.
struct GlyphOutline: Sendable {
    var points: [SIMD2<Double>]
    var tags: [CChar]
    var contourEnds: [Int16]

    static let empty = GlyphOutline(points: [], tags: [], contourEnds: [])

    init(points: [SIMD2<Double>], tags: [CChar], contourEnds: [Int16]) {
        self.points = points
        self.tags = tags
        self.contourEnds = contourEnds
    }

    /// The outline scaled about the pen position.
    func scaled(by factor: Double) -> GlyphOutline {
        GlyphOutline(points: points.map { $0 * factor }, tags: tags, contourEnds: contourEnds)
    }

    init(_ outline: FT_Outline, unitsPerEM: Double) {
        let count = Int(outline.n_points)
        let contours = Int(outline.n_contours)
        guard count > 0, contours > 0, let points = outline.points, let tags = outline.tags,
            let ends = outline.contours
        else {
            self = .empty
            return
        }
        self.points = (0..<count).map { SIMD2(Double(points[$0].x), Double(points[$0].y)) / unitsPerEM }
        self.tags = Array(UnsafeBufferPointer(start: tags, count: count))
        self.contourEnds = Array(UnsafeBufferPointer(start: ends, count: contours))
    }
}
