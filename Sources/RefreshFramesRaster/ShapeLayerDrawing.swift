import Foundation
import RefreshFramesCore

/// A `CAShapeLayer`'s content as Core Animation draws it over the layer's background: the path
/// filled with `fillColor` (nonzero winding, every subpath closed for the fill), then the part of
/// it from `strokeStart` to `strokeEnd` (fractions of the path's whole length, Apple's
/// `strokeEnd` page: "interpreted linearly along the path length") stroked `lineWidth` wide in
/// `strokeColor`, its open ends drawn with `lineCap`. Both as signed distance fields in the view's
/// local points, antialiased with the one-pixel ramp every background has. Where two segments
/// meet the stroke is joined round (UIKit's default miter join is named by the binding).
struct ShapeLayerDrawing {
    /// A piece of the path in local points (origin at the view's centre).
    enum Segment {
        case line(ax: Double, ay: Double, bx: Double, by: Double)
        /// A circular arc: centre, radius, start angle and signed sweep (positive: clockwise on screen).
        case arc(cx: Double, cy: Double, r: Double, start: Double, sweep: Double)

        var length: Double {
            switch self {
            case .line(let ax, let ay, let bx, let by): hypot(bx - ax, by - ay)
            case .arc(_, _, let r, _, let sweep): r * abs(sweep)
            }
        }

        /// The part from `a` to `b` points along it.
        func cut(_ a: Double, _ b: Double) -> Segment {
            let total = length
            guard total > 0 else { return self }
            let (f0, f1) = (a / total, b / total)
            switch self {
            case .line(let ax, let ay, let bx, let by):
                return .line(
                    ax: ax + (bx - ax) * f0, ay: ay + (by - ay) * f0, bx: ax + (bx - ax) * f1, by: ay + (by - ay) * f1)
            case .arc(let cx, let cy, let r, let start, let sweep):
                return .arc(cx: cx, cy: cy, r: r, start: start + sweep * f0, sweep: sweep * (f1 - f0))
            }
        }

        /// The local rectangle that holds it.
        var bounds: (minX: Double, minY: Double, maxX: Double, maxY: Double) {
            switch self {
            case .line(let ax, let ay, let bx, let by): (min(ax, bx), min(ay, by), max(ax, bx), max(ay, by))
            case .arc(let cx, let cy, let r, _, _): (cx - r, cy - r, cx + r, cy + r)
            }
        }
    }

    /// A stroked piece: its segment and whether its start and end are ends of the stroke (drawn
    /// with the cap) or joints with the next segment (drawn round).
    struct StrokePiece {
        var segment: Segment
        var capsStart: Bool
        var capsEnd: Bool
    }

    /// Each subpath's segments, closed: what the fill fills.
    var fillSegments: [Segment] = []
    var pieces: [StrokePiece] = []
    var fill: RGBA
    var stroke: RGBA
    var halfWidth: Double
    var cap: LineCap
    /// The local rectangle everything drawn lies in.
    var minX = Double.infinity
    var minY = Double.infinity
    var maxX = -Double.infinity
    var maxY = -Double.infinity

    /// The view's shape, or nil when it draws none (no path, or neither a fill nor a stroke).
    init?(_ view: ViewState) {
        guard !view.path.elements.isEmpty else { return nil }
        fill = view.fillColor
        stroke = view.strokeColor
        halfWidth = view.lineWidth.isFinite ? max(view.lineWidth, 0) / 2 : 0
        cap = view.lineCap
        let subpaths = Self.subpaths(view.path, dx: -view.frame.width / 2, dy: -view.frame.height / 2)
        if fill.alpha > 0 {
            for sub in subpaths {
                fillSegments += sub.segments
                if !sub.closed, let first = sub.first, let last = sub.last, first.0 != last.0 || first.1 != last.1 {
                    fillSegments.append(.line(ax: last.0, ay: last.1, bx: first.0, by: first.1))
                }
            }
        }
        if stroke.alpha > 0 && halfWidth > 0 { pieces = Self.trimmed(subpaths, view.strokeStart, view.strokeEnd) }
        guard !fillSegments.isEmpty || !pieces.isEmpty else { return nil }
        for segment in fillSegments { grow(segment.bounds, by: 0) }
        // A square cap reaches half the width along the line and across it: √2 · half at a corner.
        for piece in pieces { grow(piece.segment.bounds, by: halfWidth * (cap == .square ? 2.0.squareRoot() : 1)) }
        guard [minX, minY, maxX, maxY].allSatisfy(\.isFinite) else { return nil }
    }

    private mutating func grow(_ b: (minX: Double, minY: Double, maxX: Double, maxY: Double), by margin: Double) {
        minX = min(minX, b.minX - margin)
        minY = min(minY, b.minY - margin)
        maxX = max(maxX, b.maxX + margin)
        maxY = max(maxY, b.maxY + margin)
    }

    struct Subpath {
        var segments: [Segment] = []
        var closed = false
        var first: (Double, Double)?
        var last: (Double, Double)?
    }

    /// The path's subpaths in local points (the path's point plus (dx, dy)). An elliptical arc is
    /// flattened into lines (128 to a turn); a zero-length segment is dropped.
    static func subpaths(_ path: ShapePath, dx: Double, dy: Double) -> [Subpath] {
        var result: [Subpath] = []
        var current = Subpath()
        func finish() {
            if !current.segments.isEmpty { result.append(current) }
            current = Subpath()
        }
        func add(_ s: Segment) {
            guard s.length > 1e-12 else { return }
            current.segments.append(s)
        }
        func lineTo(_ x: Double, _ y: Double) {
            guard let from = current.last else {
                current.first = (x, y)
                current.last = (x, y)
                return
            }
            add(.line(ax: from.0, ay: from.1, bx: x, by: y))
            current.last = (x, y)
        }
        for element in path.elements {
            switch element {
            case .move(let p):
                finish()
                current.first = (p.x + dx, p.y + dy)
                current.last = current.first
            case .line(let p):
                lineTo(p.x + dx, p.y + dy)
            case .arc(let c, let rx, let ry, let start, let sweep):
                let (cx, cy) = (c.x + dx, c.y + dy)
                lineTo(cx + rx * cos(start), cy + ry * sin(start))
                if rx == ry {
                    add(.arc(cx: cx, cy: cy, r: abs(rx), start: start, sweep: sweep))
                    current.last = (cx + rx * cos(start + sweep), cy + ry * sin(start + sweep))
                } else {
                    let steps = max(4, Int((abs(sweep) / (2 * .pi) * 128).rounded(.up)))
                    for i in 1...steps {
                        let angle = start + sweep * Double(i) / Double(steps)
                        lineTo(cx + rx * cos(angle), cy + ry * sin(angle))
                    }
                }
            case .close:
                if let first = current.first {
                    lineTo(first.0, first.1)
                    current.closed = true
                    let start = first
                    finish()
                    // After close the current point is the subpath's start.
                    current.first = start
                    current.last = start
                }
            }
        }
        finish()
        return result
    }

    /// The stroked part from `start` to `end` (fractions of the whole path's length, clamped to
    /// 0…1; nothing when `end` ≤ `start`): each subpath's segments within it, the cut ones cut,
    /// capped where the stroked part of a subpath begins and ends, unless it is a whole closed subpath.
    static func trimmed(_ subpaths: [Subpath], _ start: Double, _ end: Double) -> [StrokePiece] {
        let total = subpaths.reduce(0) { $0 + $1.segments.reduce(0) { $0 + $1.length } }
        let (f0, f1) = (clamp01(start), clamp01(end))
        guard total > 0, f1 > f0 else { return [] }
        let (s0, s1) = (f0 * total, f1 * total)
        var pieces: [StrokePiece] = []
        var offset = 0.0
        for sub in subpaths {
            var run: [Segment] = []
            var whole = true
            for segment in sub.segments {
                let length = segment.length
                defer { offset += length }
                let a = max(s0 - offset, 0)
                let b = min(s1 - offset, length)
                guard b > a else {
                    whole = false
                    continue
                }
                if a > 0 || b < length { whole = false }
                run.append(a > 0 || b < length ? segment.cut(a, b) : segment)
            }
            let capped = !(sub.closed && whole)
            for (i, segment) in run.enumerated() {
                pieces.append(
                    StrokePiece(segment: segment, capsStart: capped && i == 0, capsEnd: capped && i == run.count - 1))
            }
        }
        return pieces
    }

    // MARK: fields

    /// The stroke's signed distance at local (x, y): negative inside.
    func strokeDistance(_ x: Double, _ y: Double) -> Double {
        var d = Double.infinity
        for piece in pieces { d = min(d, field(piece, x, y)) }
        return d
    }

    /// The fill's signed distance at local (x, y): negative inside (nonzero winding).
    func fillDistance(_ x: Double, _ y: Double) -> Double {
        var d = Double.infinity
        var winding = 0
        for segment in fillSegments {
            d = min(d, Self.distance(segment, x, y))
            winding += Self.crossings(segment, x, y)
        }
        return winding != 0 ? -d : d
    }

    private func field(_ piece: StrokePiece, _ x: Double, _ y: Double) -> Double {
        let h = halfWidth
        /// Beyond an end by `e` points (along the line, outward), `v` across.
        func end(_ e: Double, _ v: Double, capped: Bool) -> Double {
            switch capped ? cap : .round {
            case .round: hypot(e, v) - h
            case .butt: max(abs(v) - h, e)
            case .square: max(abs(v) - h, e - h)
            }
        }
        switch piece.segment {
        case .line(let ax, let ay, let bx, let by):
            let length = hypot(bx - ax, by - ay)
            let (ux, uy) = ((bx - ax) / length, (by - ay) / length)
            let u = (x - ax) * ux + (y - ay) * uy
            let v = -(x - ax) * uy + (y - ay) * ux
            if u < 0 { return end(-u, v, capped: piece.capsStart) }
            if u > length { return end(u - length, v, capped: piece.capsEnd) }
            return abs(v) - h
        case .arc(let cx, let cy, let r, let start, let sweep):
            let (px, py) = (x - cx, y - cy)
            let rho = hypot(px, py)
            if Self.within(atan2(py, px), start, sweep) { return abs(rho - r) - h }
            // Beyond an end: the nearer one, in the frame of its tangent (outward) and its radius.
            let sign: Double = sweep >= 0 ? 1 : -1
            func beyond(_ angle: Double, outward: Double, capped: Bool) -> (Double, Double) {
                let (c, s) = (cos(angle), sin(angle))
                let (ex, ey) = (x - (cx + r * c), y - (cy + r * s))
                // The direction of travel at the angle is (−s, c) · sign.
                let e = (-s * ex + c * ey) * sign * outward
                let v = c * ex + s * ey
                return (hypot(ex, ey), end(e, v, capped: capped))
            }
            let a = beyond(start, outward: -1, capped: piece.capsStart)
            let b = beyond(start + sweep, outward: 1, capped: piece.capsEnd)
            return a.0 <= b.0 ? a.1 : b.1
        }
    }

    /// Whether `angle` lies on the arc from `start` over `sweep`.
    static func within(_ angle: Double, _ start: Double, _ sweep: Double) -> Bool {
        let turn = 2 * Double.pi
        if abs(sweep) >= turn { return true }
        var t = (sweep >= 0 ? angle - start : start - angle).truncatingRemainder(dividingBy: turn)
        if t < 0 { t += turn }
        return t <= abs(sweep)
    }

    /// The distance from (x, y) to the segment.
    static func distance(_ segment: Segment, _ x: Double, _ y: Double) -> Double {
        switch segment {
        case .line(let ax, let ay, let bx, let by):
            let (dx, dy) = (bx - ax, by - ay)
            let t = min(max(((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy), 0), 1)
            return hypot(x - (ax + t * dx), y - (ay + t * dy))
        case .arc(let cx, let cy, let r, let start, let sweep):
            let (px, py) = (x - cx, y - cy)
            if within(atan2(py, px), start, sweep) { return abs(hypot(px, py) - r) }
            let end = start + sweep
            return min(
                hypot(x - (cx + r * cos(start)), y - (cy + r * sin(start))),
                hypot(x - (cx + r * cos(end)), y - (cy + r * sin(end))))
        }
    }

    /// The segment's signed crossings of the ray from (x, y) towards +x: +1 where it runs down
    /// (y growing), −1 where it runs up.
    static func crossings(_ segment: Segment, _ x: Double, _ y: Double) -> Int {
        switch segment {
        case .line(let ax, let ay, let bx, let by):
            guard (ay <= y) != (by <= y) else { return 0 }
            let cross = ax + (y - ay) * (bx - ax) / (by - ay)
            return cross > x ? (by > ay ? 1 : -1) : 0
        case .arc(let cx, let cy, let r, let start, let sweep):
            guard r > 0 else { return 0 }
            let s = (y - cy) / r
            guard abs(s) < 1 else { return 0 }
            let theta = asin(s)
            var total = 0
            for angle in [theta, Double.pi - theta] {
                let c = cos(angle)
                guard cx + r * c > x, c != 0, within(angle, start, sweep) else { continue }
                // dy/dθ = r cos θ, times the direction of travel.
                total += (c * (sweep >= 0 ? 1 : -1)) > 0 ? 1 : -1
            }
            return total
        }
    }
}
