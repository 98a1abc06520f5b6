import Foundation
import RefreshFramesCore
import RefreshFramesSwiftCode

/// `UIColor`, `CGAffineTransform` (Swift 2's global functions and Swift 3+'s members), `CGRect`,
/// `CGPoint`, `CGSize`: value types whose payloads are the engine's own (`RGBA`, `Transform`, `Rect`).
extension UIKitBinding {
    func addValues(to library: inout NativeLibrary) {
        addColor(to: &library)
        addTransform(to: &library)
        addGeometry(to: &library)
    }

    // MARK: UIColor

    /// UIKit's named colours in both spellings: `UIColor.redColor()` (Swift 2) and `UIColor.red`;
    /// iOS 13's semantic colours (`UIColor.systemBlue`, `.label`, `.systemBackground`, …) from the
    /// spec's own table (`SemanticColor`), resolved for the spec's appearance.
    private func addColor(to library: inout NativeLibrary) {
        let type = types.color
        type.describe = { payload in (payload as? RGBA).map { "UIColor(\($0.hexString))" } ?? "UIColor" }
        type.equals = { a, b in (a as? RGBA) == (b as? RGBA) }
        for (name, rgba) in RGBA.named {
            type.staticProperties[name] = NativeStaticProperty(type: .named("UIColor")) { _ in self.color(rgba) }
            type.staticMethods.append(NativeFunction(name + "Color") { _ in self.color(rgba) })
        }
        // A dynamic colour resolves with the trait collection it is drawn in: the spec's appearance
        // is the run's only one, so it is resolved when read.
        for entry in SemanticColor.all {
            type.staticProperties[entry.name] = NativeStaticProperty(type: .named("UIColor")) { _ in
                self.color(entry.resolved(for: self.world.spec.appearance))
            }
        }
        let number = TypeName.named("CGFloat")
        func component(_ call: NativeCall, _ i: Int, _ what: String) throws -> Double {
            try call.context.double(call.arguments[i], what)
        }
        type.initializers = [
            NativeFunction(
                "init",
                [
                    NativeParameter("red", number), NativeParameter("green", number), NativeParameter("blue", number),
                    NativeParameter("alpha", number),
                ]
            ) { call in
                self.color(
                    RGBA(
                        red: try component(call, 0, "red"), green: try component(call, 1, "green"),
                        blue: try component(call, 2, "blue"), alpha: try component(call, 3, "alpha")))
            },
            NativeFunction("init", [NativeParameter("white", number), NativeParameter("alpha", number)]) { call in
                self.color(RGBA(white: try component(call, 0, "white"), alpha: try component(call, 1, "alpha")))
            },
            NativeFunction(
                "init",
                [
                    NativeParameter("hue", number), NativeParameter("saturation", number),
                    NativeParameter("brightness", number), NativeParameter("alpha", number),
                ]
            ) { call in
                let (r, g, b) = Self.rgb(
                    hue: try component(call, 0, "hue"), saturation: try component(call, 1, "saturation"),
                    brightness: try component(call, 2, "brightness"))
                return self.color(RGBA(red: r, green: g, blue: b, alpha: try component(call, 3, "alpha")))
            },
            // `UIColor(named:)` (and `(named:in:compatibleWith:)`: one bundle, one trait collection
            // here): an asset catalog's colour for the spec's appearance; nil, as UIKit's, when no
            // catalog has it, said where it was looked for.
            NativeFunction("init", [NativeParameter("named", .named("String"))]) { call in
                try self.namedColor(call)
            },
            NativeFunction(
                "init",
                [NativeParameter("named", .named("String")), NativeParameter("in"), NativeParameter("compatibleWith")]
            ) { call in try self.namedColor(call) },
        ]
        type.methods = [
            NativeFunction("withAlphaComponent", [NativeParameter(nil, number)]) { call in
                var c = try self.rgba(call.receiver, call.context)
                c.alpha = try component(call, 0, "alpha")
                return self.color(c)
            },
            NativeFunction("colorWithAlphaComponent", [NativeParameter(nil, number)]) { call in
                var c = try self.rgba(call.receiver, call.context)
                c.alpha = try component(call, 0, "alpha")
                return self.color(c)
            },
            // `getHue(&h, saturation: &s, brightness: &b, alpha: &a)`: the components written back.
            NativeFunction(
                "getHue",
                [
                    NativeParameter(nil), NativeParameter("saturation"), NativeParameter("brightness"),
                    NativeParameter("alpha"),
                ]
            ) { call in
                let c = try self.rgba(call.receiver, call.context)
                let hsb = Self.hsb(red: c.red, green: c.green, blue: c.blue)
                call.arguments = [.double(hsb.hue), .double(hsb.saturation), .double(hsb.brightness), .double(c.alpha)]
                return .bool(true)
            },
            NativeFunction(
                "getRed",
                [NativeParameter(nil), NativeParameter("green"), NativeParameter("blue"), NativeParameter("alpha")]
            ) { call in
                let c = try self.rgba(call.receiver, call.context)
                call.arguments = [.double(c.red), .double(c.green), .double(c.blue), .double(c.alpha)]
                return .bool(true)
            },
        ]
        type.properties["cgColor"] = NativeProperty(get: { value, _ in value })
        type.properties["CGColor"] = NativeProperty(get: { value, _ in value })
        library.add(type)
        library.typeAliases["CGColor"] = "UIColor"
    }

    func color(_ rgba: RGBA) -> Value { .native(NativeValue(types.color, rgba)) }

    private func namedColor(_ call: NativeCall) throws(CodeDiagnostic) -> Value {
        let name = try call.context.string(call.arguments[0], "the colour's name")
        guard let lookup = world.colorLookup else {
            call.context.warn("UIColor(named: \"\(name)\") is nil: no asset catalog is read here")
            return .nil
        }
        switch lookup(name) {
        case .success(let rgba): return color(rgba)
        case .failure(let failure):
            call.context.warn("UIColor(named: \"\(name)\") is nil: \(failure.message)")
            return .nil
        }
    }

    /// A colour argument; `nil` is clear (a view without a background).
    func rgba(_ value: Value, _ context: NativeContext) throws(CodeDiagnostic) -> RGBA {
        if value.isNil { return .clear }
        guard case .native(let n) = value, let c = n.payload as? RGBA else {
            throw context.error("expected a UIColor, got \(context.interpreter.describeType(value))")
        }
        return c
    }

    // MARK: CGAffineTransform

    private func addTransform(to library: inout NativeLibrary) {
        let type = types.transform
        type.describe = { payload in
            guard let t = payload as? Transform else { return "CGAffineTransform" }
            let m = t.matrix
            return "CGAffineTransform(a: \(m[0]), b: \(m[1]), c: \(m[2]), d: \(m[3]), tx: \(m[4]), ty: \(m[5]))"
        }
        type.equals = { a, b in
            guard let a = a as? Transform, let b = b as? Transform else { return false }
            return a.matrix3D == b.matrix3D
        }
        let number = TypeName.named("CGFloat")
        let transformType = TypeName.named("CGAffineTransform")
        let identity = NativeStaticProperty(type: transformType) { _ in self.transform(.identity) }
        type.staticProperties["identity"] = identity
        library.constants["CGAffineTransformIdentity"] = identity
        func angle(_ call: NativeCall, _ i: Int) throws -> Double {
            try call.context.double(call.arguments[i], "the angle") * 180 / .pi
        }
        func numbers(_ call: NativeCall, _ range: Range<Int>) throws -> [Double] {
            try range.map { i throws(CodeDiagnostic) in try call.context.double(call.arguments[i], "the transform") }
        }
        // Makers, in Swift 2's global and Swift 3+'s initializer spelling.
        let rotation: (NativeCall, Int) throws -> Transform = { call, i in Transform(rotation: try angle(call, i)) }
        let scale: (NativeCall, Int) throws -> Transform = { call, i in
            let xy = try numbers(call, i..<(i + 2))
            return Transform(scaleX: xy[0], scaleY: xy[1])
        }
        let translation: (NativeCall, Int) throws -> Transform = { call, i in
            let xy = try numbers(call, i..<(i + 2))
            return Transform(translationX: xy[0], translationY: xy[1])
        }
        library.add(
            function: NativeFunction("CGAffineTransformMakeRotation", [NativeParameter(nil, number)]) { call in
                self.transform(try rotation(call, 0))
            })
        library.add(
            function: NativeFunction(
                "CGAffineTransformMakeScale", [NativeParameter(nil, number), NativeParameter(nil, number)]
            ) { call in self.transform(try scale(call, 0)) })
        library.add(
            function: NativeFunction(
                "CGAffineTransformMakeTranslation", [NativeParameter(nil, number), NativeParameter(nil, number)]
            ) { call in self.transform(try translation(call, 0)) })
        type.initializers = [
            NativeFunction("init", [NativeParameter("rotationAngle", number)]) { call in
                self.transform(try rotation(call, 0))
            },
            NativeFunction("init", [NativeParameter("scaleX", number), NativeParameter("y", number)]) { call in
                self.transform(try scale(call, 0))
            },
            NativeFunction("init", [NativeParameter("translationX", number), NativeParameter("y", number)]) {
                call in self.transform(try translation(call, 0))
            },
            NativeFunction(
                "init",
                ["a", "b", "c", "d", "tx", "ty"].map { NativeParameter($0, number) }
            ) { call in
                let m = try numbers(call, 0..<6)
                return self.transform(Self.planar(Transform3D(affine: m[0], m[1], m[2], m[3], m[4], m[5])))
            },
        ]
        // `t.rotated(by:)` is `CGAffineTransformRotate(t, a)`: the rotation, then `t` (Apple's
        // CGAffineTransformRotate: "rotating an existing affine transform"); likewise scale and translate.
        func then(_ first: Transform, _ t: Transform) -> Transform {
            Self.planar(first.matrix3D.concatenating(t.matrix3D))
        }
        let relative:
            [(swift2: String, member: String, labels: [String?], make: (NativeCall, Int) throws -> Transform)] =
                [
                    ("CGAffineTransformRotate", "rotated", ["by"], rotation),
                    ("CGAffineTransformScale", "scaledBy", ["x", "y"], scale),
                    ("CGAffineTransformTranslate", "translatedBy", ["x", "y"], translation),
                ]
        for entry in relative {
            library.add(
                function: NativeFunction(
                    entry.swift2,
                    [NativeParameter(nil, transformType)] + entry.labels.map { _ in NativeParameter(nil, number) }
                ) { call in
                    let t = try self.affine(call.arguments[0], call.context)
                    return self.transform(then(try entry.make(call, 1), t))
                })
            type.methods.append(
                NativeFunction(entry.member, entry.labels.map { NativeParameter($0, number) }) { call in
                    let t = try self.affine(call.receiver, call.context)
                    return self.transform(then(try entry.make(call, 0), t))
                })
        }
        library.add(
            function: NativeFunction(
                "CGAffineTransformConcat", [NativeParameter(nil, transformType), NativeParameter(nil, transformType)]
            ) { call in
                let a = try self.affine(call.arguments[0], call.context)
                let b = try self.affine(call.arguments[1], call.context)
                return self.transform(then(a, b))
            })
        type.methods.append(
            NativeFunction("concatenating", [NativeParameter(nil, transformType)]) { call in
                let a = try self.affine(call.receiver, call.context)
                let b = try self.affine(call.arguments[0], call.context)
                return self.transform(then(a, b))
            })
        type.methods.append(
            NativeFunction("inverted") { call in
                let t = try self.affine(call.receiver, call.context)
                return self.transform(t.matrix3D.inverted().map(Self.planar) ?? t)
            })
        library.add(
            function: NativeFunction("CGAffineTransformIsIdentity", [NativeParameter(nil, transformType)]) { call in
                .bool(try self.affine(call.arguments[0], call.context).matrix3D == Transform3D.identity)
            })
        type.properties["isIdentity"] = NativeProperty(
            type: .named("Bool"),
            get: { value, context in .bool(try self.affine(value, context).matrix3D == Transform3D.identity) })
        for (i, name) in ["a", "b", "c", "d", "tx", "ty"].enumerated() {
            type.properties[name] = NativeProperty(
                type: number, get: { value, context in .double(try self.affine(value, context).matrix[i]) })
        }
        library.add(type)
    }

    func transform(_ t: Transform) -> Value { .native(NativeValue(types.transform, t)) }

    func affine(_ value: Value, _ context: NativeContext) throws(CodeDiagnostic) -> Transform {
        guard case .native(let n) = value, let t = n.payload as? Transform else {
            throw context.error("expected a CGAffineTransform, got \(context.interpreter.describeType(value))")
        }
        return t
    }

    /// The transform a matrix is, its fields alone when they make it (to rounding), so that a
    /// rotation built by composition reads as the rotation it is.
    static func planar(_ m: Transform3D) -> Transform {
        var t = Transform(matrix: m)
        if let general = t.general {
            var plain = t
            plain.general = nil
            let a = plain.matrix3D.elements
            if zip(a, general.elements).allSatisfy({ abs($0 - $1) < 1e-9 }) { t = plain }
        }
        return t
    }

    // MARK: Geometry

    private func addGeometry(to library: inout NativeLibrary) {
        let number = TypeName.named("CGFloat")
        let rect = types.rect
        rect.describe = { ($0 as? Rect).map { "(\($0.x), \($0.y), \($0.width), \($0.height))" } ?? "CGRect" }
        rect.equals = { ($0 as? Rect) == ($1 as? Rect) }
        rect.initializers = [
            NativeFunction("init", ["x", "y", "width", "height"].map { NativeParameter($0, number) }) { call in
                let v = try (0..<4).map { i throws(CodeDiagnostic) in
                    try call.context.double(call.arguments[i], "CGRect")
                }
                return self.rect(Rect(x: v[0], y: v[1], width: v[2], height: v[3]))
            },
            NativeFunction("init") { _ in self.rect(Rect(x: 0, y: 0, width: 0, height: 0)) },
        ]
        rect.staticProperties["zero"] = NativeStaticProperty(type: .named("CGRect")) { _ in
            self.rect(Rect(x: 0, y: 0, width: 0, height: 0))
        }
        library.constants["CGRectZero"] = rect.staticProperties["zero"]
        library.add(
            function: NativeFunction("CGRectMake", (0..<4).map { _ in NativeParameter(nil, number) }) { call in
                let v = try (0..<4).map { i throws(CodeDiagnostic) in
                    try call.context.double(call.arguments[i], "CGRect")
                }
                return self.rect(Rect(x: v[0], y: v[1], width: v[2], height: v[3]))
            })
        let fields: [(String, (Rect) -> Double, ((inout Rect, Double) -> Void)?)] = [
            ("width", { $0.width }, { $0.width = $1 }), ("height", { $0.height }, { $0.height = $1 }),
            ("minX", { $0.x }, nil), ("minY", { $0.y }, nil), ("midX", { $0.midX }, nil), ("midY", { $0.midY }, nil),
            ("maxX", { $0.maxX }, nil), ("maxY", { $0.maxY }, nil),
        ]
        for (name, get, _) in fields {
            // Swift 2's CGRectGetWidth(r), CGRectGetMaxY(r), …
            let swift2 = "CGRectGet" + name.prefix(1).uppercased() + name.dropFirst()
            library.add(
                function: NativeFunction(swift2, [NativeParameter(nil, .named("CGRect"))]) { call in
                    .double(get(try self.rectValue(call.arguments[0], call.context)))
                })
        }
        for (name, get, set) in fields {
            rect.properties[name] = NativeProperty(
                type: number, get: { value, context in .double(get(try self.rectValue(value, context))) },
                set: set.map { set in
                    { native, value, context in
                        guard var r = native.payload as? Rect else { return }
                        set(&r, try context.double(value, name))
                        native.payload = r
                    }
                })
        }
        rect.properties["origin"] = NativeProperty(
            type: .named("CGPoint"),
            get: { value, context in
                let r = try self.rectValue(value, context)
                return self.point(Point(x: r.x, y: r.y))
            },
            set: { native, value, context in
                guard var r = native.payload as? Rect else { return }
                let p = try self.pointValue(value, context)
                r.x = p.x
                r.y = p.y
                native.payload = r
            })
        rect.properties["size"] = NativeProperty(
            type: .named("CGSize"),
            get: { value, context in
                let r = try self.rectValue(value, context)
                return self.size(Size(width: r.width, height: r.height))
            },
            set: { native, value, context in
                guard var r = native.payload as? Rect else { return }
                let s = try self.sizeValue(value, context)
                r.width = s.width
                r.height = s.height
                native.payload = r
            })
        library.add(rect)

        let point = types.point
        point.describe = { ($0 as? Point).map { "(\($0.x), \($0.y))" } ?? "CGPoint" }
        point.equals = { ($0 as? Point) == ($1 as? Point) }
        point.initializers = [
            NativeFunction("init", [NativeParameter("x", number), NativeParameter("y", number)]) { call in
                self.point(
                    Point(
                        x: try call.context.double(call.arguments[0], "x"),
                        y: try call.context.double(call.arguments[1], "y")))
            }
        ]
        point.staticProperties["zero"] = NativeStaticProperty(type: .named("CGPoint")) { _ in self.point(.zero) }
        library.constants["CGPointZero"] = point.staticProperties["zero"]
        library.add(
            function: NativeFunction("CGPointMake", [NativeParameter(nil, number), NativeParameter(nil, number)]) {
                call in
                self.point(
                    Point(
                        x: try call.context.double(call.arguments[0], "x"),
                        y: try call.context.double(call.arguments[1], "y")))
            })
        addNumberMembers([("x", \Point.x), ("y", \.y)], to: point, read: pointValue)
        library.add(point)

        let pointer = types.pointPointer
        pointer.describe = {
            ($0 as? PointBox).map { "UnsafeMutablePointer<CGPoint>((\($0.point.x), \($0.point.y)))" } ?? ""
        }
        pointer.properties["pointee"] = NativeProperty(
            type: .named("CGPoint"),
            get: { value, context in
                guard case .native(let n) = value, let box = n.payload as? PointBox else {
                    throw context.error("expected an UnsafeMutablePointer<CGPoint>")
                }
                return self.point(box.point)
            },
            set: { native, value, context in
                guard let box = native.payload as? PointBox else { return }
                box.point = try self.pointValue(value, context)
                box.written = true
            })
        library.add(pointer)

        let size = types.size
        size.describe = { ($0 as? Size).map { "(\($0.width), \($0.height))" } ?? "CGSize" }
        size.equals = { ($0 as? Size) == ($1 as? Size) }
        size.initializers = [
            NativeFunction("init", [NativeParameter("width", number), NativeParameter("height", number)]) { call in
                self.size(
                    Size(
                        width: try call.context.double(call.arguments[0], "width"),
                        height: try call.context.double(call.arguments[1], "height")))
            }
        ]
        size.staticProperties["zero"] = NativeStaticProperty(type: .named("CGSize")) { _ in self.size(.zero) }
        library.add(
            function: NativeFunction("CGSizeMake", [NativeParameter(nil, number), NativeParameter(nil, number)]) {
                call in
                self.size(
                    Size(
                        width: try call.context.double(call.arguments[0], "width"),
                        height: try call.context.double(call.arguments[1], "height")))
            })
        addNumberMembers([("width", \Size.width), ("height", \.height)], to: size, read: sizeValue)
        library.add(size)
    }

    /// A value type's number members (`x`, `width`, `top`…): read from its payload, written back into it.
    func addNumberMembers<Payload>(
        _ members: [(String, WritableKeyPath<Payload, Double>)], to type: NativeType,
        read: @escaping (Value, NativeContext) throws(CodeDiagnostic) -> Payload
    ) {
        for (name, key) in members {
            type.properties[name] = NativeProperty(
                type: .named("CGFloat"), get: { value, context in .double(try read(value, context)[keyPath: key]) },
                set: { native, value, context in
                    guard var payload = native.payload as? Payload else { return }
                    payload[keyPath: key] = try context.double(value, name)
                    native.payload = payload
                })
        }
    }

    /// `UnsafeMutablePointer<CGPoint>` to `box`: the code reads and writes `pointee`.
    func pointer(to box: PointBox) -> Value { .native(NativeValue(types.pointPointer, box)) }

    func rect(_ r: Rect) -> Value { .native(NativeValue(types.rect, r)) }
    func point(_ p: Point) -> Value { .native(NativeValue(types.point, p)) }
    func size(_ s: Size) -> Value { .native(NativeValue(types.size, s)) }

    func rectValue(_ value: Value, _ context: NativeContext) throws(CodeDiagnostic) -> Rect {
        guard case .native(let n) = value, let r = n.payload as? Rect else {
            throw context.error("expected a CGRect, got \(context.interpreter.describeType(value))")
        }
        return r
    }

    func pointValue(_ value: Value, _ context: NativeContext) throws(CodeDiagnostic) -> Point {
        guard case .native(let n) = value, let p = n.payload as? Point else {
            throw context.error("expected a CGPoint, got \(context.interpreter.describeType(value))")
        }
        return p
    }

    func sizeValue(_ value: Value, _ context: NativeContext) throws(CodeDiagnostic) -> Size {
        guard case .native(let n) = value, let s = n.payload as? Size else {
            throw context.error("expected a CGSize, got \(context.interpreter.describeType(value))")
        }
        return s
    }
}

extension UIKitBinding {
    /// RGB to HSB as `getHue(_:saturation:brightness:alpha:)` gives it: the hexcone model's inverse
    /// (hue in turns, 0 ≤ hue < 1; a grey has hue and saturation 0).
    static func hsb(red r: Double, green g: Double, blue b: Double) -> (
        hue: Double, saturation: Double, brightness: Double
    ) {
        let high = max(r, g, b)
        let low = min(r, g, b)
        let range = high - low
        guard high > 0, range > 0 else { return (0, 0, high) }
        var hue: Double
        if high == r {
            hue = (g - b) / range
        } else if high == g {
            hue = 2 + (b - r) / range
        } else {
            hue = 4 + (r - g) / range
        }
        hue /= 6
        if hue < 0 { hue += 1 }
        return (hue, range / high, high)
    }

    /// HSB to RGB as `UIColor(hue:saturation:brightness:alpha:)` gives it: the hexcone model (hue in
    /// turns, 0 and 1 both red; components clamped to 0…1 first).
    static func rgb(hue: Double, saturation: Double, brightness: Double) -> (Double, Double, Double) {
        let s = min(max(saturation, 0), 1)
        let v = min(max(brightness, 0), 1)
        var h = hue.truncatingRemainder(dividingBy: 1)
        if h < 0 { h += 1 }
        let sector = h * 6
        let i = Int(sector.rounded(.down)) % 6
        let f = sector - sector.rounded(.down)
        let p = v * (1 - s)
        let q = v * (1 - s * f)
        let t = v * (1 - s * (1 - f))
        switch i {
        case 0: return (v, t, p)
        case 1: return (q, v, p)
        case 2: return (p, v, t)
        case 3: return (p, q, v)
        case 4: return (t, p, v)
        default: return (v, p, q)
        }
    }
}

/// The `CGPoint` an `UnsafeMutablePointer<CGPoint>` points to (`targetContentOffset`), and whether
/// the code wrote it.
final class PointBox {
    var point: Point
    var written = false

    init(_ point: Point) { self.point = point }
}
