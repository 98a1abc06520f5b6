import Foundation
import RefreshFramesCore
import RefreshFramesSwiftCode

/// A `UIBezierPath` (a class: `move(to:)` and the rest change it) as the engine's `ShapePath`,
/// and, while it is one of the shapes `layer.shadowPath` takes, that `ShadowPath`.
final class BezierPathObject {
    /// The shape it was made as (`rect:`, `roundedRect:cornerRadius:`, `ovalIn:`) while no element
    /// was added to it; nil otherwise.
    var shape: ShadowPath?
    var path: ShapePath
    /// The current point and the current subpath's first point (nil: none yet).
    var current: Point?
    var subpathStart: Point?
    /// Whether two of its segments meet at an angle (a line meets another line or an arc): a stroke
    /// joins them with `lineJoin` there.
    var hasCorners = false

    init(shape: ShadowPath?, path: ShapePath) {
        self.shape = shape
        self.path = path
        if case .rect? = shape { hasCorners = true }
    }

    /// A copy (`cgPath`: a CGPath does not change when the UIBezierPath does).
    func copy() -> BezierPathObject {
        let copy = BezierPathObject(shape: shape, path: path)
        (copy.current, copy.subpathStart, copy.hasCorners) = (current, subpathStart, hasCorners)
        return copy
    }
}

/// `UIBezierPath()`, `(rect:)`, `(roundedRect:cornerRadius:)`, `(ovalIn:)`,
/// `(arcCenter:radius:startAngle:endAngle:clockwise:)`, `move(to:)`, `addLine(to:)`,
/// `addArc(withCenter:radius:startAngle:endAngle:clockwise:)`, `close()` (and their Swift 2
/// spellings) and `.cgPath`. `layer.shadowPath = path.cgPath` (or `nil`) sets the table's
/// `shadowPath` with the state a spec's `"shadowPath"` gives: the radius as written (the rasteriser
/// clamps it to half the shorter side, as UIBezierPath's documentation says), a rectangle
/// standardised (CGRect's `standardized`: a negative width spans the same points); a path built
/// element by element is not a shadow path here (an error names what is). A shape layer's `path`
/// takes any of them (`UIKitBinding+ShapeLayers.swift`). Curves (`addCurve`, `addQuadCurve`) are
/// not in the table: the interpreter names them at their line.
extension UIKitBinding {
    func addBezierPaths(to library: inout NativeLibrary) {
        let type = types.bezierPath
        type.describe = { payload in
            (payload as? BezierPathObject).map {
                "UIBezierPath(\($0.shape?.dumpDescription ?? $0.path.dumpDescription))"
            }
                ?? ""
        }
        type.equals = { a, b in (a as? BezierPathObject)?.path == (b as? BezierPathObject)?.path }
        let rect = NativeParameter("rect", .named("CGRect"))
        func box(_ call: NativeCall) throws -> Rect {
            Self.standardized(try self.rectValue(call.arguments[0], call.context))
        }
        func shaped(_ p: ShadowPath) -> Value {
            .native(NativeValue(type, BezierPathObject(shape: p, path: ShapePath(p))))
        }
        let number = TypeName.named("CGFloat")
        let arcParameters = [
            NativeParameter("radius", number), NativeParameter("startAngle", number),
            NativeParameter("endAngle", number), NativeParameter("clockwise", .named("Bool")),
        ]
        type.initializers = [
            NativeFunction("init") { _ in .native(NativeValue(type, BezierPathObject(shape: nil, path: .none))) },
            NativeFunction("init", [rect]) { call in shaped(.rect(try box(call))) },
            NativeFunction(
                "init",
                [NativeParameter("roundedRect", .named("CGRect")), NativeParameter("cornerRadius", .named("CGFloat"))]
            ) { call in
                let radius = try call.context.double(call.arguments[1], "cornerRadius")
                return shaped(.roundedRect(try box(call), cornerRadius: max(radius, 0)))
            },
            NativeFunction("init", [NativeParameter("ovalIn", .named("CGRect"))]) { call in
                shaped(.ellipse(try box(call)))
            },
            NativeFunction("init", [NativeParameter("arcCenter", .named("CGPoint"))] + arcParameters) { call in
                let object = BezierPathObject(shape: nil, path: .none)
                try self.addArc(to: object, call)
                return .native(NativeValue(type, object))
            },
        ]
        func receiver(_ call: NativeCall) throws -> BezierPathObject {
            guard let object = call.native?.payload as? BezierPathObject else {
                throw call.context.error("expected a UIBezierPath")
            }
            return object
        }
        let point = NativeParameter(nil, .named("CGPoint"))
        let move: (inout NativeCall) throws -> Value = { call in
            let object = try receiver(call)
            let p = try self.pointValue(call.arguments[0], call.context)
            object.shape = nil
            object.path.elements.append(.move(p))
            (object.current, object.subpathStart) = (p, p)
            return .void
        }
        let line: (inout NativeCall) throws -> Value = { call in
            let object = try receiver(call)
            guard object.current != nil else {
                throw call.context.error("addLine(to:) with no current point: call move(to:) first")
            }
            let p = try self.pointValue(call.arguments[0], call.context)
            object.shape = nil
            object.path.elements.append(.line(p))
            object.current = p
            object.hasCorners = true
            return .void
        }
        let arc: (inout NativeCall) throws -> Value = { call in
            try self.addArc(to: try receiver(call), call)
            return .void
        }
        let close: (inout NativeCall) throws -> Value = { call in
            let object = try receiver(call)
            guard let start = object.subpathStart else { return .void }
            if object.current != start { object.hasCorners = true }
            object.shape = nil
            object.path.elements.append(.close)
            object.current = start
            return .void
        }
        type.methods = [
            NativeFunction("move", [NativeParameter("to", .named("CGPoint"))], body: move),
            NativeFunction("moveToPoint", [point], body: move),
            NativeFunction("addLine", [NativeParameter("to", .named("CGPoint"))], body: line),
            NativeFunction("addLineToPoint", [point], body: line),
            NativeFunction("addArc", [NativeParameter("withCenter", .named("CGPoint"))] + arcParameters, body: arc),
            NativeFunction("addArcWithCenter", [point] + arcParameters, body: arc),
            NativeFunction("close", body: close),
            NativeFunction("closePath", body: close),
        ]
        type.properties["cgPath"] = NativeProperty(
            type: .named("CGPath"),
            get: { value, context in
                guard case .native(let n) = value, let object = n.payload as? BezierPathObject else { return value }
                return .native(NativeValue(type, object.copy()))
            })
        type.properties["CGPath"] = type.properties["cgPath"]
        library.add(type)
        library.typeAliases["CGPath"] = "UIBezierPath"
        types.layer.properties["shadowPath"] = property(
            .shadowPath, .optional(.named("CGPath"), implicitlyUnwrapped: false),
            read: { $0 == .none ? .nil : shaped($0) },
            write: { value, context in try Self.shadowPath(value, context) })
    }

    /// An arc added as UIBezierPath adds one: a line from the current point to its start (a move
    /// when there is none), then the arc; `arguments` are the centre, radius, start and end angles
    /// and `clockwise`.
    private func addArc(to object: BezierPathObject, _ call: NativeCall) throws {
        let c = call.context
        let center = try pointValue(call.arguments[0], c)
        let radius = try c.double(call.arguments[1], "radius")
        let start = try c.double(call.arguments[2], "startAngle")
        let end = try c.double(call.arguments[3], "endAngle")
        let clockwise = try c.bool(call.arguments[4], "clockwise")
        let first = Point(x: center.x + radius * cos(start), y: center.y + radius * sin(start))
        object.shape = nil
        if let current = object.current {
            if abs(current.x - first.x) > 1e-9 || abs(current.y - first.y) > 1e-9 { object.hasCorners = true }
        } else {
            object.path.elements.append(.move(first))
            object.subpathStart = first
        }
        let sweep = ShapePath.sweep(from: start, to: end, clockwise: clockwise)
        object.path.elements.append(.arc(center: center, radiusX: radius, radiusY: radius, start: start, sweep: sweep))
        object.current = Point(x: center.x + radius * cos(start + sweep), y: center.y + radius * sin(start + sweep))
    }

    /// A `shadowPath` assigned: nil (the shadow from the alpha again) or a UIBezierPath's `cgPath`.
    static func shadowPath(_ value: Value, _ context: NativeContext) throws(CodeDiagnostic) -> ShadowPath {
        if value.isNil { return .none }
        guard case .native(let n) = value, let p = (n.payload as? BezierPathObject)?.shape else {
            throw context.error(
                "expected nil or UIBezierPath(rect:), (roundedRect:cornerRadius:) or (ovalIn:) .cgPath, got \(context.interpreter.describeType(value))"
            )
        }
        return p
    }

    static func standardized(_ r: Rect) -> Rect {
        Rect(
            x: min(r.x, r.x + r.width), y: min(r.y, r.y + r.height), width: abs(r.width), height: abs(r.height))
    }
}
