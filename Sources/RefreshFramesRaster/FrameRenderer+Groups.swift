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
    /// Each drawn view's drawings on the frame, in the order they are drawn (its shadow below its
    /// layer, its border above its subviews; nil: it draws none).
    private var drawings: [(shadow: PixelBox?, layer: PixelBox?, border: PixelBox?)]
    /// Each drawn view's pixels on the frame, all its drawings (nil: it draws nothing).
    private var boxes: [PixelBox?]
    /// What casts each shadowed view's shadow: the pixels its subtree draws, its own shadow left out.
    private var shadowSources: [PixelBox?]
    /// The end (exclusive) of each drawn view's subtree: drawn views come depth first.
    private var subtreeEnd: [Int]
    /// Whether each drawn view is composited as a group when below alpha 1: it draws more than one
    /// thing (subviews, a shadow or a border besides its layer).
    private var isGroup: [Bool]

    init(_ drawn: [FrameRenderer.DrawnView], contentAlpha: Double, width: Int, height: Int) {
        self.contentAlpha = contentAlpha
        children = Array(repeating: [], count: drawn.count)
        subtreeEnd = Array(0..<drawn.count).map { $0 + 1 }
        drawings = drawn.map {
            (nil, $0.layer.box(width: width, height: height), $0.border?.box(width: width, height: height))
        }
        shadowSources = Array(repeating: nil, count: drawn.count)
        for (position, view) in drawn.enumerated() {
            if let parent = view.parent { children[parent].append(position) } else { roots.append(position) }
        }
        for position in drawn.indices.reversed() {
            if let parent = drawn[position].parent {
                subtreeEnd[parent] = max(subtreeEnd[parent], subtreeEnd[position])
            }
        }
        // Subviews come after their superview: their shadows are known when a superview's is worked out.
        for position in drawn.indices.reversed() {
            guard let shadow = drawn[position].shadow else { continue }
            let own = drawings[position]
            var source = own.layer.map { $0.union(own.border) } ?? own.border
            for inner in (position + 1)..<subtreeEnd[position] {
                for box in [drawings[inner].shadow, drawings[inner].layer, drawings[inner].border] {
                    if let box { source = box.union(source) }
                }
            }
            // A shadowPath casts the shadow instead of what the subtree draws.
            if shadow.path != nil { source = shadow.path?.box(width: width, height: height) }
            shadowSources[position] = source
            drawings[position].shadow = source.flatMap { shadow.box(source: $0, width: width, height: height) }
        }
        boxes = drawings.map { d in
            [d.shadow, d.layer, d.border].compactMap { $0 }.reduce(nil as PixelBox?) { $1.union($0) }
        }
        let subviews = children
        isGroup = drawn.indices.map { !subviews[$0].isEmpty || drawn[$0].border != nil || drawn[$0].shadow != nil }
        for (position, view) in drawn.enumerated()
        where view.ownAlpha < 1 && isGroup[position] && overlaps(position..<subtreeEnd[position]) {
            isolated.insert(position)
        }
        rootIsolated = contentAlpha < 1 && overlaps(drawn.indices)
    }

    /// The pixels the drawn view at `position` draws on (shadow, layer and border).
    func box(of position: Int) -> PixelBox? { boxes[position] }

    /// The pixels the shadow of the drawn view at `position` draws on: its pixels depend on its subviews'.
    func shadowBox(of position: Int) -> PixelBox? { drawings[position].shadow }

    /// Whether two of the drawings of the views at `positions` may draw on one pixel.
    private func overlaps(_ positions: Range<Int>) -> Bool {
        let drawing = positions.flatMap { [drawings[$0].shadow, drawings[$0].layer, drawings[$0].border] }
            .compactMap { $0 }
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
            if drawn[p].ownAlpha < 1 && isGroup[p] { route.append(isolated.contains(p)) }
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
            let alpha = drawn[position].ownAlpha * base
            if isolated.contains(position) {
                composite(position..<subtreeEnd[position], drawn, alpha: alpha, onto: &surface) { group in
                    paintView(position, drawn, alpha: 1, onto: &group)
                }
            } else {
                paintView(position, drawn, alpha: alpha, onto: &surface)
            }
        }
    }

    /// Draws the view at `position` at `alpha` as Core Animation composites a layer: its shadow,
    /// its layer, its subviews (each at its alpha times `alpha`), then its border.
    private func paintView(
        _ position: Int, _ drawn: [FrameRenderer.DrawnView], alpha: Double, castingShadow: Bool = true,
        onto surface: inout Surface
    ) {
        let view = drawn[position]
        if castingShadow, let shadow = view.shadow, let source = shadowSources[position] {
            // What casts it: the view and its subviews at full opacity, wherever the surface's region is.
            var image = Surface(width: surface.width, height: surface.height, background: .clear, region: source)
            if shadow.path == nil { paintView(position, drawn, alpha: 1, castingShadow: false, onto: &image) }
            surface.composite(shadow, from: image, alpha: alpha)
        }
        var layer = view.layer
        layer.alpha = alpha
        surface.composite(layer)
        paint(children[position], drawn, base: alpha, onto: &surface)
        if let border = view.border { surface.composite(border, alpha: alpha) }
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
