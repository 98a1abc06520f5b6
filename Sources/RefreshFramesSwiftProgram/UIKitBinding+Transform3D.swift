import RefreshFramesCore
import RefreshFramesSwiftCode

/// Core Animation's `CATransform3D` (CATransform3D.h): `CATransform3DIdentity`, the makers
/// (`CATransform3DMakeRotation(angle, x, y, z)`, `…MakeScale`, `…MakeTranslation`,
/// `…MakeAffineTransform`), the relative ones (`CATransform3DRotate(t, …)`, `…Scale`, `…Translate`:
/// the new matrix first, then `t`, "t' = rotation(angle, x, y, z) * t"), `CATransform3DConcat(a, b)`
/// (`a` then `b`), the sixteen fields `m11`…`m44` (`t.m34 = -1.0 / 500`), and where a view holds one:
/// `layer.transform` and `view.transform3D` (iOS 13+). They are the same property as
/// `view.transform` (UIKit's `transform` is the layer's, read as its affine part), so a change
/// inside a `UIView.animate` block animates as `transform` does. The payload is the engine's
/// `Transform` (its matrix in `general` when its fields do not make it), so a `CABasicAnimation`
/// of `transform` takes it as its `fromValue`/`toValue`.
extension UIKitBinding {
    func addTransform3D(to library: inout NativeLibrary) {
        let type = types.transform3D
        type.describe = { payload in
            guard let t = payload as? Transform else { return "CATransform3D" }
            return "CATransform3D(" + t.matrix3D.elements.map { formatNumber($0) }.joined(separator: ", ") + ")"
        }
        type.equals = { a, b in
            guard let a = a as? Transform, let b = b as? Transform else { return false }
            return a.matrix3D == b.matrix3D
        }
        let number = TypeName.named("CGFloat")
        let matrixType = TypeName.named("CATransform3D")
        let identity = NativeStaticProperty(type: matrixType) { _ in self.transform3D(.identity) }
        library.constants["CATransform3DIdentity"] = identity
        type.staticProperties["identity"] = identity
        let names = [
            "m11", "m12", "m13", "m14", "m21", "m22", "m23", "m24", "m31", "m32", "m33", "m34", "m41",
            "m42", "m43", "m44",
        ]
        for (i, name) in names.enumerated() {
            type.properties[name] = NativeProperty(
                type: number,
                get: { value, context in .double(try self.matrix(value, context).elements[i]) },
                set: { native, value, context in
                    guard let t = native.payload as? Transform else { return }
                    var e = t.matrix3D.elements
                    e[i] = try context.double(value, name)
                    native.payload = Self.planar(Transform3D(elements: e))
                })
        }
        // Swift's `CATransform3D()` is the zero matrix (every field 0), not the identity.
        type.initializers = [
            NativeFunction("init") { _ in
                self.transform3D(Transform3D(elements: [Double](repeating: 0, count: 16)))
            },
            NativeFunction("init", names.map { NativeParameter($0, number) }) { call in
                self.transform3D(Transform3D(elements: try self.numbers(call, 0..<16, "CATransform3D")))
            },
        ]
        let m = NativeParameter(nil, matrixType)
        let n = NativeParameter(nil, number)
        func add(_ name: String, _ parameters: [NativeParameter], _ make: @escaping (NativeCall) throws -> Transform3D)
        {
            library.add(
                function: NativeFunction(name, parameters) { call in self.transform3D(try make(call)) })
        }
        let rotation: (NativeCall, Int) throws -> Transform3D = { call, i in
            let v = try self.numbers(call, i..<(i + 4), "the rotation")
            return .rotation(radians: v[0], x: v[1], y: v[2], z: v[3])
        }
        let scale: (NativeCall, Int) throws -> Transform3D = { call, i in
            let v = try self.numbers(call, i..<(i + 3), "the scale")
            return .scale(x: v[0], y: v[1], z: v[2])
        }
        let translation: (NativeCall, Int) throws -> Transform3D = { call, i in
            let v = try self.numbers(call, i..<(i + 3), "the translation")
            return .translation(x: v[0], y: v[1], z: v[2])
        }
        add("CATransform3DMakeRotation", [n, n, n, n]) { try rotation($0, 0) }
        add("CATransform3DMakeScale", [n, n, n]) { try scale($0, 0) }
        add("CATransform3DMakeTranslation", [n, n, n]) { try translation($0, 0) }
        add("CATransform3DRotate", [m, n, n, n, n]) { call in
            try rotation(call, 1).concatenating(try self.matrix(call.arguments[0], call.context))
        }
        add("CATransform3DScale", [m, n, n, n]) { call in
            try scale(call, 1).concatenating(try self.matrix(call.arguments[0], call.context))
        }
        add("CATransform3DTranslate", [m, n, n, n]) { call in
            try translation(call, 1).concatenating(try self.matrix(call.arguments[0], call.context))
        }
        add("CATransform3DConcat", [m, m]) { call in
            try self.matrix(call.arguments[0], call.context).concatenating(
                try self.matrix(call.arguments[1], call.context))
        }
        add("CATransform3DInvert", [m]) { call in
            // CATransform3D.h: "If 't' has no inverse, returns the original matrix."
            let t = try self.matrix(call.arguments[0], call.context)
            return t.inverted() ?? t
        }
        add("CATransform3DMakeAffineTransform", [NativeParameter(nil, .named("CGAffineTransform"))]) { call in
            try self.affine(call.arguments[0], call.context).matrix3D
        }
        library.add(
            function: NativeFunction("CATransform3DGetAffineTransform", [m]) { call in
                let a = try self.matrix(call.arguments[0], call.context).affine
                return self.transform(Self.planar(Transform3D(affine: a.a, a.b, a.c, a.d, a.tx, a.ty)))
            })
        library.add(
            function: NativeFunction("CATransform3DIsIdentity", [m]) { call in
                .bool(try self.matrix(call.arguments[0], call.context) == .identity)
            })
        library.add(
            function: NativeFunction("CATransform3DIsAffine", [m]) { call in
                .bool(try self.matrix(call.arguments[0], call.context).isAffine)
            })
        library.add(
            function: NativeFunction("CATransform3DEqualToTransform", [m, m]) { call in
                .bool(
                    try self.matrix(call.arguments[0], call.context)
                        == (try self.matrix(call.arguments[1], call.context)))
            })
        library.add(type)
        // `NSValue(caTransform3D: t)` (Swift 2: `NSValue(CATransform3D: t)`), what Objective-C-era code
        // gives an animation's fromValue: the value it wraps.
        let boxed = NativeType("NSValue", superclass: "NSObject", isReference: false)
        boxed.initializers = ["caTransform3D", "CATransform3D"].map { label in
            NativeFunction("init", [NativeParameter(label, matrixType)]) { call in
                self.transform3D(try self.matrix(call.arguments[0], call.context))
            }
        }
        library.add(boxed)
        type.properties["caTransform3DValue"] = NativeProperty(type: matrixType, get: { value, _ in value })
        type.properties["CATransform3DValue"] = type.properties["caTransform3DValue"]

        // The view's one transform, as a 3-D matrix.
        let matrixProperty = property(
            .transform, matrixType, read: { self.transform3D($0.matrix3D) },
            write: { value, context in Self.planar(try self.matrix(value, context)) })
        types.layer.properties["transform"] = matrixProperty
        types.view.properties["transform3D"] = matrixProperty
    }

    func transform3D(_ m: Transform3D) -> Value { .native(NativeValue(types.transform3D, Self.planar(m))) }

    /// A `CATransform3D` argument (a `CGAffineTransform` passed where one is taken is its matrix too).
    func matrix(_ value: Value, _ context: NativeContext) throws(CodeDiagnostic) -> Transform3D {
        guard case .native(let n) = value, let t = n.payload as? Transform else {
            throw context.error("expected a CATransform3D, got \(context.interpreter.describeType(value))")
        }
        return t.matrix3D
    }

    private func numbers(_ call: NativeCall, _ range: Range<Int>, _ what: String) throws(CodeDiagnostic) -> [Double] {
        try range.map { i throws(CodeDiagnostic) in try call.context.double(call.arguments[i], what) }
    }
}
