import Foundation

/// `CAShapeLayer.path`: the subpaths a `UIBezierPath` builds, in the layer's own points (the
/// bounds' top-left at (0, 0), y down). Arcs are kept as arcs (UIKit approximates them with cubic
/// Béziers; their length differs from the arc's by less than 0.03 %), so a stroke's
/// `strokeStart`/`strokeEnd`, which Apple defines as fractions of the path's length, cut them
/// where UIKit does. The shapes `layer.shadowPath` takes (`ShadowPath`) are paths too
/// (`init(_ shape:)`), with UIKit's starting points and directions.
package struct ShapePath: Sendable, Equatable {
    package enum Element: Sendable, Equatable {
        /// `move(to:)`: starts a subpath.
        case move(Point)
        /// `addLine(to:)`.
        case line(Point)
        /// An arc of the ellipse about `center` with radii (`radiusX`, `radiusY`) (a circle when they
        /// are equal), from the angle `start` over `sweep` radians; a positive sweep runs clockwise on
        /// the screen (UIKit's `clockwise: true`: 0 is 3 o'clock, π/2 is 6 o'clock).
        case arc(center: Point, radiusX: Double, radiusY: Double, start: Double, sweep: Double)
        /// `close()`: a line back to the subpath's first point.
        case close
    }

    package var elements: [Element]

    package init(_ elements: [Element]) { self.elements = elements }

    /// No path (`nil`): the layer draws no shape.
    package static let none = ShapePath([])

    /// A shadow path's shape as UIBezierPath builds it: a rectangle from its top-left corner
    /// clockwise (CGPathAddRect: "starting by moving to the bottom left corner and then adding lines
    /// counter-clockwise", in Core Graphics' flipped coordinates); an oval from its rightmost point
    /// clockwise; a rounded rectangle from the end of its top-left corner clockwise, with circular
    /// corners (the start point of UIKit's is not documented: the binding says so).
    package init(_ shape: ShadowPath) {
        switch shape {
        case .none: self = .none
        case .rect(let r):
            self.init([
                .move(Point(x: r.x, y: r.y)), .line(Point(x: r.x + r.width, y: r.y)),
                .line(Point(x: r.x + r.width, y: r.y + r.height)), .line(Point(x: r.x, y: r.y + r.height)), .close,
            ])
        case .ellipse(let r):
            self.init([
                .move(Point(x: r.x + r.width, y: r.y + r.height / 2)),
                .arc(
                    center: Point(x: r.x + r.width / 2, y: r.y + r.height / 2), radiusX: r.width / 2,
                    radiusY: r.height / 2, start: 0, sweep: 2 * .pi),
                .close,
            ])
        case .roundedRect(let r, let radius):
            let k = min(max(radius, 0), min(r.width, r.height) / 2)
            let (x0, y0, x1, y1) = (r.x, r.y, r.x + r.width, r.y + r.height)
            func corner(_ cx: Double, _ cy: Double, _ start: Double) -> Element {
                .arc(center: Point(x: cx, y: cy), radiusX: k, radiusY: k, start: start, sweep: .pi / 2)
            }
            self.init([
                .move(Point(x: x0 + k, y: y0)), .line(Point(x: x1 - k, y: y0)), corner(x1 - k, y0 + k, -.pi / 2),
                .line(Point(x: x1, y: y1 - k)), corner(x1 - k, y1 - k, 0), .line(Point(x: x0 + k, y: y1)),
                corner(x0 + k, y1 - k, .pi / 2), .line(Point(x: x0, y: y0 + k)), corner(x0 + k, y0 + k, .pi), .close,
            ])
        }
    }

    /// `UIBezierPath(arcCenter:radius:startAngle:endAngle:clockwise:)`'s sweep: from `start` to
    /// `end` the way `clockwise` says, a whole turn at most (an end a turn or more away draws the
    /// whole circle; one the other way round goes the long way, as Core Graphics does).
    package static func sweep(from start: Double, to end: Double, clockwise: Bool) -> Double {
        let turn = 2 * Double.pi
        let delta = end - start
        if clockwise {
            if delta >= turn { return turn }
            let d = delta.truncatingRemainder(dividingBy: turn)
            return d < 0 ? d + turn : d
        }
        if delta <= -turn { return -turn }
        let d = delta.truncatingRemainder(dividingBy: turn)
        return d > 0 ? d - turn : d
    }

    /// As `state` prints it: `[{"move": [x, y]}, {"line": [x, y]}, {"arc": [cx, cy, rx, ry, start, sweep]}, "close"]`.
    var json: String {
        "["
            + elements.map { e in
                switch e {
                case .move(let p): "{\"move\": \(StateJSON.numbers([p.x, p.y]))}"
                case .line(let p): "{\"line\": \(StateJSON.numbers([p.x, p.y]))}"
                case .arc(let c, let rx, let ry, let start, let sweep):
                    "{\"arc\": \(StateJSON.numbers([c.x, c.y, rx, ry, start, sweep]))}"
                case .close: "\"close\""
                }
            }.joined(separator: ", ") + "]"
    }
}

extension ShapePath: TrackValue {
    /// A path is not blended (a CABasicAnimation of `path` is not modelled): the new one shows when
    /// its keyframe ends.
    package func interpolated(to other: ShapePath, _ progress: Double) -> ShapePath { progress >= 1 ? other : self }

    package var dumpDescription: String {
        guard !elements.isEmpty else { return "none" }
        return elements.map { e in
            switch e {
            case .move(let p): "move(\(formatNumber(p.x)), \(formatNumber(p.y)))"
            case .line(let p): "line(\(formatNumber(p.x)), \(formatNumber(p.y)))"
            case .arc(let c, let rx, let ry, let start, let sweep):
                "arc(\([c.x, c.y, rx, ry, start, sweep].map(formatNumber).joined(separator: ", ")))"
            case .close: "close"
            }
        }.joined(separator: " ")
    }
    package var uikitValue: UIKitValue { .shapePath(self) }
    package init?(uikit: UIKitValue) {
        guard case .shapePath(let v) = uikit else { return nil }
        self = v
    }
}

extension ShapePath: PropertySetting { package typealias Value = ShapePath }

/// `CAShapeLayer.lineCap`: how an open stroke's ends are drawn (`.butt`, Core Animation's default,
/// ends flat at the end point; `.round` adds a half disc and `.square` a half square of half the
/// line width).
package enum LineCap: String, Sendable, Equatable, CaseIterable, TrackValue, PropertySetting {
    case butt, round, square
    package typealias Value = LineCap

    package func interpolated(to other: LineCap, _ progress: Double) -> LineCap { progress >= 1 ? other : self }
    package var dumpDescription: String { rawValue }
    package var uikitValue: UIKitValue { .lineCap(self) }
    package init?(uikit: UIKitValue) {
        guard case .lineCap(let v) = uikit else { return nil }
        self = v
    }
}

/// The shape layer's properties (a Swift program's `CAShapeLayer`): a spec's views have no shape
/// layer, so none is settable from a spec's blocks (`spec: nil`), and none animates in a UIView
/// block. `path` has no implicit animation (Apple's `path` page); the others are animatable with a
/// CABasicAnimation of their key path. Their UIKit rules and sources are in
/// docs/uikit-semantics-sources.md.
extension AnimatableProperty where Setting == ShapePath {
    /// `CAShapeLayer.path` (nil: no shape).
    package static var path: Self {
        Self(
            name: "path", state: \.path, initial: { _, _ in .none }, animates: { _ in false }, spec: nil,
            stateFields: { [("path", $0.json)] },
            uikit: UIKitMember(member: "path", initialValue: .none, note: shapeNote), layerKeyPath: "path")
    }
}

extension AnimatableProperty where Setting == ColorValue {
    /// `CAShapeLayer.strokeColor` (Core Animation's default: nil, no stroke; clear here).
    package static var strokeColor: Self { shapeColor("strokeColor", \.strokeColor, initial: .clear) }

    /// `CAShapeLayer.fillColor` (Core Animation's default: opaque black).
    package static var fillColor: Self { shapeColor("fillColor", \.fillColor, initial: .black) }

    private static func shapeColor(_ name: String, _ state: WritableKeyPath<ViewState, RGBA> & Sendable, initial: RGBA)
        -> Self
    {
        Self(
            name: name, state: state, initial: { _, _ in initial }, animates: { _ in false }, spec: nil,
            stateFields: { [(name, StateJSON.string($0.hexString))] },
            uikit: UIKitMember(member: name, initialValue: initial, note: shapeNote), layerKeyPath: name)
    }
}

extension AnimatableProperty where Setting == Double {
    /// `CAShapeLayer.lineWidth`, points (default 1).
    package static var lineWidth: Self { shapeNumber("lineWidth", \.lineWidth, initial: 1) }
    /// `CAShapeLayer.strokeStart`: where the stroke starts, as a fraction of the path's length (default 0).
    package static var strokeStart: Self { shapeNumber("strokeStart", \.strokeStart, initial: 0) }
    /// `CAShapeLayer.strokeEnd`: where the stroke ends, as a fraction of the path's length (default 1).
    package static var strokeEnd: Self { shapeNumber("strokeEnd", \.strokeEnd, initial: 1) }

    private static func shapeNumber(
        _ name: String, _ state: WritableKeyPath<ViewState, Double> & Sendable, initial: Double
    ) -> Self {
        Self(
            name: name, state: state, initial: { _, _ in initial }, animates: { _ in false }, spec: nil,
            stateFields: { [(name, StateJSON.number($0))] },
            uikit: UIKitMember(member: name, initialValue: initial, note: shapeNote), layerKeyPath: name)
    }
}

extension AnimatableProperty where Setting == LineCap {
    /// `CAShapeLayer.lineCap` (default `.butt`); not animatable.
    package static var lineCap: Self {
        Self(
            name: "lineCap", state: \.lineCap, initial: { _, _ in .butt }, animates: { _ in false }, spec: nil,
            stateFields: { [("lineCap", StateJSON.string($0.rawValue))] },
            uikit: UIKitMember(member: "lineCap", initialValue: .butt, note: shapeNote))
    }
}

extension AnimatableProperties {
    /// The properties only a `CAShapeLayer` has: a spec's `caAnimation` of their key paths is refused.
    package static let shapeLayerOnly: Set<String> = [
        "path", "strokeColor", "fillColor", "lineWidth", "lineCap", "strokeStart", "strokeEnd",
    ]
}

/// What the generated code would say of a shape layer's property.
private let shapeNote = "a CAShapeLayer's: a Swift program's shape layers only"
