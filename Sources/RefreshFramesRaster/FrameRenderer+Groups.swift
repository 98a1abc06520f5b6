import RefreshFramesCore

/// Group opacity, as UIKit composites a view below alpha 1 (`CALayer.allowsGroupOpacity`, on for apps
/// built with the iOS 7 SDK or later): the view and its subtree are drawn at full opacity into an
/// offscreen image, which is then composited at the view's alpha, so opaque subviews hide what is
/// behind them in the group instead of showing it through. The whole control below `contentAlpha` 1
/// is one such group. Nested groups are composited the same way, inside their group's image.
///
/// Where no two drawings of a group overlap, every pixel of it shows one view, and the group's
/// result is that view drawn at the product of its and its ancestors' alphas: the group is then
/// drawn that way, with no offscreen image (the same pixels as before groups were drawn).
struct GroupPlan {
    /// Each drawn view's subviews, by position among the drawn views.
    private var children: [[Int]]
    private var roots: [Int] = []
    /// The positions of the views whose subtree is composited through an offscreen image.
    private(set) var isolated: Set<Int> = []
    /// The whole control is composited at `contentAlpha` through an offscreen image.
    private(set) var rootIsolated = false
    private let contentAlpha: Double
    /// Each drawn view's pixels on the frame (nil: it draws nothing).
    private let boxes: [PixelBox?]
    /// The end (exclusive) of each drawn view's subtree: drawn views come depth first.
    private var subtreeEnd: [Int]

    init(_ drawn: [FrameRenderer.DrawnView], contentAlpha: Double, width: Int, height: Int) {
        self.contentAlpha = contentAlpha
        children = Array(repeating: [], count: drawn.count)
        subtreeEnd = Array(0..<drawn.count).map { $0 + 1 }
        boxes = drawn.map { $0.layer.box(width: width, height: height) }
        for (position, view) in drawn.enumerated() {
            if let parent = view.parent { children[parent].append(position) } else { roots.append(position) }
        }
        for position in drawn.indices.reversed() {
            if let parent = drawn[position].parent {
                subtreeEnd[parent] = max(subtreeEnd[parent], subtreeEnd[position])
            }
        }
        for (position, view) in drawn.enumerated()
        where view.ownAlpha < 1 && !children[position].isEmpty && overlaps(position..<subtreeEnd[position]) {
            isolated.insert(position)
        }
        rootIsolated = contentAlpha < 1 && overlaps(drawn.indices)
    }

    /// Whether two of the drawn views at `positions` may draw on one pixel.
    private func overlaps(_ positions: Range<Int>) -> Bool {
        let drawing = positions.compactMap { boxes[$0] }
        for (i, box) in drawing.enumerated() {
            for other in drawing[(i + 1)...] where box.intersection(other) != nil { return true }
        }
        return false
    }

    /// For the damage: at each group enclosing the view at `position` (the view itself included,
    /// outermost last), whether it goes through an offscreen image. Its pixels depend on these.
    func route(of position: Int, in drawn: [FrameRenderer.DrawnView]) -> [Bool] {
        var route: [Bool] = []
        var current: Int? = position
        while let p = current {
            if drawn[p].ownAlpha < 1 && !children[p].isEmpty { route.append(isolated.contains(p)) }
            current = drawn[p].parent
        }
        if contentAlpha < 1 { route.append(rootIsolated) }
        return route
    }

    /// Draws the views onto `surface` in drawing order, each group as UIKit composites it.
    func paint(_ drawn: [FrameRenderer.DrawnView], onto surface: inout Surface) {
        guard rootIsolated else {
            paint(roots, drawn, base: contentAlpha, onto: &surface)
            return
        }
        composite(drawn.indices, drawn, alpha: contentAlpha, onto: &surface) { group in
            paint(roots, drawn, base: 1, onto: &group)
        }
    }

    /// Draws the subtrees at `positions`, each view at its alpha times `base` (what its superview
    /// passed on: the product of the alphas above it, up to its group).
    private func paint(
        _ positions: [Int], _ drawn: [FrameRenderer.DrawnView], base: Double, onto surface: inout Surface
    ) {
        for position in positions {
            var layer = drawn[position].layer
            let alpha = drawn[position].ownAlpha * base
            if isolated.contains(position) {
                composite(position..<subtreeEnd[position], drawn, alpha: alpha, onto: &surface) { group in
                    layer.alpha = 1
                    group.composite(layer)
                    paint(children[position], drawn, base: 1, onto: &group)
                }
            } else {
                layer.alpha = alpha
                surface.composite(layer)
                paint(children[position], drawn, base: alpha, onto: &surface)
            }
        }
    }

    /// `draw` into a clear offscreen image over the pixels the views at `positions` draw on, then
    /// that image over `surface` at `alpha`.
    private func composite(
        _ positions: Range<Int>, _ drawn: [FrameRenderer.DrawnView], alpha: Double, onto surface: inout Surface,
        _ draw: (inout Surface) -> Void
    ) {
        guard let first = positions.lazy.compactMap({ boxes[$0] }).first else { return }
        let extent = positions.compactMap { boxes[$0] }.reduce(first) { $0.union($1) }
        guard let region = surface.clipped(extent) else { return }
        var group = Surface(width: surface.width, height: surface.height, background: .clear, region: region)
        draw(&group)
        surface.composite(group, alpha: alpha)
    }
}

extension Surface {
    /// An offscreen group's pixels (premultiplied, within this surface's) over these at `alpha`,
    /// with the arithmetic `composite(_ layer:)` blends a view with.
    mutating func composite(_ group: Surface, alpha: Double) {
        let layerAlpha = Float(alpha)
        let held = region
        let source = group.region
        group.withPixelsRead { p in
            withPixels { out in
                for y in source.y0..<source.y1 {
                    for x in source.x0..<source.x1 {
                        let j = ((y - source.y0) * source.width + (x - source.x0)) * 4
                        let a = p[j + 3]
                        guard a > 0 else { continue }
                        let i = ((y - held.y0) * held.width + (x - held.x0)) * 4
                        let keep = 1 - a * layerAlpha
                        out[i] = p[j] * layerAlpha + out[i] * keep
                        out[i + 1] = p[j + 1] * layerAlpha + out[i + 1] * keep
                        out[i + 2] = p[j + 2] * layerAlpha + out[i + 2] * keep
                        out[i + 3] = a * layerAlpha + out[i + 3] * keep
                    }
                }
            }
        }
    }
}
