/// A view that has something to draw but that no frame shows: at every sampled instant where it
/// draws, what it draws lies wholly outside the canvas (a label at x = 400 on a 320 pt canvas, or a
/// Swift program's view added to the table view in the table's content coordinates, below the
/// control's strip).
package struct OffCanvasView: Sendable, Equatable {
    package var tag: Int
    /// The spec's name for it (`name`), if any.
    package var name: String?
    /// Where it draws at `time`, in the canvas's points (its frame, and its shape's and shadow's reach).
    package var extent: Rect
    /// Which side of the canvas that is.
    package var side: Side
    /// The first sampled instant at which it draws.
    package var time: Double
    /// How many instants were sampled.
    package var samples: Int

    package enum Side: String, Sendable {
        case above, below
        case left = "left of"
        case right = "right of"
    }
}

extension OffCanvasView {
    init(tag: Int, name: String?, extent: Rect, time: Double, samples: Int, canvas: Rect) {
        self.tag = tag
        self.samples = samples
        self.name = name
        self.extent = extent
        self.time = time
        side =
            extent.y >= canvas.y + canvas.height
            ? .below
            : extent.y + extent.height <= canvas.y ? .above : extent.x + extent.width <= canvas.x ? .left : .right
    }
}

extension Timeline {
    /// The views that draw something at some sampled instant (every `1 / samplesPerSecond` s from
    /// 0 to the duration, at most `maximumSamples`) and are never on the canvas when they do.
    /// Conservative: an instant at which the view or one of its superviews has a transform counts as
    /// on the canvas (where a transform puts it is the renderer's to say), and clipping is not
    /// applied, so a view named here is drawn in no frame.
    package func viewsNeverOnCanvas(samplesPerSecond: Double = 30, maximumSamples: Int = 120) -> [OffCanvasView] {
        let count = min(maximumSamples, max(1, Int((duration * samplesPerSecond).rounded(.up))))
        let instants = (0...count).map { duration * Double($0) / Double(count) }
        let specs = Dictionary(spec.views.map { ($0.tag, $0) }, uniquingKeysWith: { first, _ in first })
        let canvas = Rect(x: 0, y: 0, width: spec.canvas.width, height: spec.canvas.height)
        var seenOnCanvas: Set<Int> = []
        var offCanvas: [Int: OffCanvasView] = [:]
        for time in instants {
            let states = Dictionary(
                sample(at: time).views.map { ($0.tag, $0) }, uniquingKeysWith: { first, _ in first })
            for (tag, state) in states where !seenOnCanvas.contains(tag) && Self.draws(state) {
                let origin: Point
                switch Self.placement(of: tag, states: states, specs: specs) {
                case .notDrawn: continue
                case .transformed:
                    seenOnCanvas.insert(tag)  // where the transform puts it is the renderer's to say
                    offCanvas[tag] = nil
                    continue
                case .at(let point): origin = point
                }
                let extent = Self.reach(of: state).offsetBy(x: origin.x, y: origin.y)
                if extent.intersects(canvas) {
                    seenOnCanvas.insert(tag)
                    offCanvas[tag] = nil
                } else if offCanvas[tag] == nil {
                    offCanvas[tag] = OffCanvasView(
                        tag: tag, name: specs[tag]?.name, extent: extent, time: time, samples: instants.count,
                        canvas: canvas)
                }
            }
        }
        return offCanvas.values.sorted { $0.tag < $1.tag }
    }

    /// Whether a view draws anything of its own at this instant (before its superviews' visibility).
    static func draws(_ state: ViewState) -> Bool {
        guard !state.isHidden, state.alpha > 0 else { return false }
        if let text = state.text, !text.isEmpty, state.textColor.alpha > 0 { return true }
        if state.backgroundColor.alpha > 0 || (state.borderWidth > 0 && state.borderColor.alpha > 0) { return true }
        if state.image.name != nil || state.spinner != nil || state.button != nil { return true }
        if !state.path.elements.isEmpty,
            state.fillColor.alpha > 0 || (state.strokeColor.alpha > 0 && state.lineWidth > 0)
        {
            return true
        }
        return false
    }

    /// Where a view's superview chain puts its superview's origin on the canvas.
    enum Placement: Equatable {
        /// The view or a superview is hidden or transparent.
        case notDrawn
        /// The view or a superview has a transform.
        case transformed
        case at(Point)
    }

    static func placement(of tag: Int, states: [Int: ViewState], specs: [Int: ViewSpec]) -> Placement {
        var origin = Point(x: 0, y: 0)
        var transformed = false
        var current = tag
        var visited: Set<Int> = []
        while visited.insert(current).inserted, let state = states[current] {
            guard !state.isHidden, state.alpha > 0 else { return .notDrawn }
            if state.transform != .identity { transformed = true }
            guard let parent = specs[current]?.superview, let parentState = states[parent] else { break }
            origin = Point(x: origin.x + parentState.frame.x, y: origin.y + parentState.frame.y)
            current = parent
        }
        return transformed ? .transformed : .at(origin)
    }

    /// What a view draws, in its superview's coordinates: its frame (unless it is empty), its
    /// shape's path (with half its line width) and its shadow.
    static func reach(of state: ViewState) -> Rect {
        let frame = state.frame
        var parts: [Rect] = []
        if frame.width > 0 && frame.height > 0 { parts.append(frame) }
        if let path = state.path.bounds {
            let inset = state.lineWidth / 2
            parts.append(
                Rect(
                    x: frame.x + path.x - inset, y: frame.y + path.y - inset, width: path.width + 2 * inset,
                    height: path.height + 2 * inset))
        }
        if state.shadowOpacity > 0 && frame.width > 0 && frame.height > 0 {
            let blur = 2 * state.shadowRadius
            parts.append(
                Rect(
                    x: frame.x + state.shadowOffset.width - blur, y: frame.y + state.shadowOffset.height - blur,
                    width: frame.width + 2 * blur, height: frame.height + 2 * blur))
        }
        guard let first = parts.first else { return frame }
        return parts.dropFirst().reduce(first) { $0.union($1) }
    }
}

extension ShapePath {
    /// A box holding every point of the path (an arc's whole ellipse), in the layer's points; nil
    /// for no path.
    fileprivate var bounds: Rect? {
        var xs: [Double] = []
        var ys: [Double] = []
        for element in elements {
            switch element {
            case .move(let p), .line(let p):
                xs.append(p.x)
                ys.append(p.y)
            case .arc(let center, let rx, let ry, _, _):
                xs += [center.x - abs(rx), center.x + abs(rx)]
                ys += [center.y - abs(ry), center.y + abs(ry)]
            case .close: break
            }
        }
        guard let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max() else { return nil }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}

extension Rect {
    fileprivate func offsetBy(x dx: Double, y dy: Double) -> Rect {
        Rect(x: x + dx, y: y + dy, width: width, height: height)
    }

    fileprivate func union(_ other: Rect) -> Rect {
        let minX = min(x, other.x)
        let minY = min(y, other.y)
        return Rect(
            x: minX, y: minY, width: max(x + width, other.x + other.width) - minX,
            height: max(y + height, other.y + other.height) - minY)
    }

    /// Whether the two overlap with some area, or a line or point of one (a zero-size view's) lies inside the other.
    fileprivate func intersects(_ other: Rect) -> Bool {
        x < other.x + other.width && other.x < x + width && y < other.y + other.height && other.y < y + height
            || (width == 0 || height == 0) && x >= other.x && x <= other.x + other.width && y >= other.y
                && y <= other.y + other.height
    }
}
