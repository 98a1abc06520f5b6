import RefreshFramesCore

extension ANSITextRenderer {
    /// Where a view under a 3-D transform lands in cells: the bounding box of its four corners
    /// projected through `transform.matrix3D` about its anchor point (each corner divided by its w,
    /// z dropped, as the pixels do), as the centre's offset from the frame's centre and the box's
    /// half sizes, in points. Corners behind the eye (w ≤ 0) are left out; nil when every corner
    /// is, or when the layer is edge-on (its projected area is nothing): then no cell shows it.
    /// Text is written unmirrored whichever face is turned to the viewer.
    static func projectedBox(_ view: ViewState) -> (dx: Double, dy: Double, halfWidth: Double, halfHeight: Double)? {
        let m = view.transform.matrix3D
        let (w, h) = (view.frame.width, view.frame.height)
        let (ax, ay) = (view.anchorPoint.x * w, view.anchorPoint.y * h)
        let corners = [(0.0, 0.0), (w, 0), (w, h), (0, h)].map { m.project(x: $0.0 - ax, y: $0.1 - ay) }
        // The shoelace area of the projected quadrilateral, against the frame's.
        var area = 0.0
        for (k, p) in corners.enumerated() {
            let q = corners[(k + 1) % corners.count]
            area += p.x * q.y - q.x * p.y
        }
        let front = corners.filter { $0.w > 0 && $0.x.isFinite && $0.y.isFinite }
        guard !front.isEmpty, abs(area) / 2 > 1e-6 * max(w * h, 1e-12) || front.count < corners.count else {
            return nil
        }
        let xs = front.map(\.x)
        let ys = front.map(\.y)
        let (minX, maxX, minY, maxY) = (xs.min()!, xs.max()!, ys.min()!, ys.max()!)
        // The anchor sits at the position; the frame's centre is (w/2 − ax, h/2 − ay) from it.
        return (
            (minX + maxX) / 2 - (w / 2 - ax), (minY + maxY) / 2 - (h / 2 - ay), (maxX - minX) / 2, (maxY - minY) / 2
        )
    }
}
