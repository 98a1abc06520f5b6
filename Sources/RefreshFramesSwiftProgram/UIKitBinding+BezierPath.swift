import RefreshFramesCore
import RefreshFramesSwiftCode

/// `UIBezierPath(rect:)`, `(roundedRect:cornerRadius:)`, `(ovalIn:)` and `.cgPath`, as far as
/// `layer.shadowPath` takes them: the path's payload is the engine's `ShadowPath` (a `CGPath` is the
/// same value, as `cgColor` is the colour), and `layer.shadowPath = path.cgPath` (or `nil`) sets the
/// table's `shadowPath` with the state a spec's `"shadowPath"` gives: the radius as written (the
/// rasteriser clamps it to half the shorter side, as UIBezierPath's documentation says), a
/// rectangle standardised (CGRect's `standardized`: a negative width spans the same points).
/// Other path building (`move(to:)`, `addLine(to:)`, `addArc`) is not in the table: the interpreter
/// names it at its line.
extension UIKitBinding {
    func addBezierPaths(to library: inout NativeLibrary) {
        let type = NativeType("UIBezierPath", superclass: "NSObject", isReference: false)
        type.describe = { payload in (payload as? ShadowPath).map { "UIBezierPath(\($0.dumpDescription))" } ?? "" }
        type.equals = { a, b in (a as? ShadowPath) == (b as? ShadowPath) }
        let rect = NativeParameter("rect", .named("CGRect"))
        func box(_ call: NativeCall) throws -> Rect {
            Self.standardized(try self.rectValue(call.arguments[0], call.context))
        }
        func path(_ p: ShadowPath) -> Value { .native(NativeValue(type, p)) }
        type.initializers = [
            NativeFunction("init", [rect]) { call in path(.rect(try box(call))) },
            NativeFunction(
                "init",
                [NativeParameter("roundedRect", .named("CGRect")), NativeParameter("cornerRadius", .named("CGFloat"))]
            ) { call in
                let radius = try call.context.double(call.arguments[1], "cornerRadius")
                return path(.roundedRect(try box(call), cornerRadius: max(radius, 0)))
            },
            NativeFunction("init", [NativeParameter("ovalIn", .named("CGRect"))]) { call in
                path(.ellipse(try box(call)))
            },
        ]
        type.properties["cgPath"] = NativeProperty(type: .named("CGPath"), get: { value, _ in value })
        type.properties["CGPath"] = type.properties["cgPath"]
        library.add(type)
        library.typeAliases["CGPath"] = "UIBezierPath"
        types.layer.properties["shadowPath"] = property(
            .shadowPath, .optional(.named("CGPath"), implicitlyUnwrapped: false),
            read: { $0 == .none ? .nil : path($0) },
            write: { value, context in try Self.shadowPath(value, context) })
    }

    /// A `shadowPath` assigned: nil (the shadow from the alpha again) or a UIBezierPath's `cgPath`.
    static func shadowPath(_ value: Value, _ context: NativeContext) throws(CodeDiagnostic) -> ShadowPath {
        if value.isNil { return .none }
        guard case .native(let n) = value, let p = n.payload as? ShadowPath else {
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
