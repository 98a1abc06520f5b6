/// The properties issue 27 added: geometry (`center`, `bounds`), `isHidden`, and the layer's
/// anchor point, corner radius, border and shadow. Their UIKit rules and sources are in
/// docs/uikit-semantics-sources.md; each entry says only what it is.
extension AnimatableProperty where Setting == Bool {
    /// `view.isHidden`: never animated, it changes at once even inside a block (research §3.1).
    package static var hidden: Self {
        Self(
            name: "hidden", state: \.isHidden, initial: { view, _ in view.isHidden }, animates: { _ in false },
            spec: SpecKey(
                decode: { r, _ throws(SpecDiagnostic) in try r.bool() },
                schema: [
                    "type": "boolean",
                    "description": "isHidden: the view and its subviews are not drawn; never animated.",
                ]), stateFields: { [("hidden", $0 ? "true" : "false")] },
            uikit: UIKitMember(member: "isHidden", initialValue: false, note: "instant: isHidden does not animate"),
            layerKeyPath: "hidden")
    }
}

extension AnimatableProperty where Setting == Point {
    /// `view.center`, the layer's `position`: where the anchor point sits in the superview. Animates
    /// additively (research §3.2).
    package static var center: Self {
        Self(
            name: "center", state: \.position,
            initial: { _, context in
                Point(x: context.frame.x + context.frame.width / 2, y: context.frame.y + context.frame.height / 2)
            }, animates: { _ in true },
            spec: SpecKey(
                decode: { r, _ throws(SpecDiagnostic) in try SpecDecoder().decodePoint(r, in: -1e4...1e4) },
                schema: SpecSchema.pair("[x, y]: the view's centre in its superview, points.")),
            stateFields: { [("center", StateJSON.numbers([$0.x, $0.y]))] },
            uikit: UIKitMember(member: "center", initialValue: .zero), combining: .additive, layerKeyPath: "position",
            followsLayout: true)
    }

    /// `layer.anchorPoint`: instant; the position stays, so the frame moves (research §6.3).
    package static var anchorPoint: Self {
        Self(
            name: "anchorPoint", state: \.anchorKeepingPosition, initial: { _, _ in Point(x: 0.5, y: 0.5) },
            animates: { _ in false },
            spec: SpecKey(
                decode: { r, _ throws(SpecDiagnostic) in try SpecDecoder().decodePoint(r, in: -10...10) },
                schema: SpecSchema.pair(
                    "[x, y] in unit coordinates of the bounds; (0.5, 0.5) is the centre. The position stays, so the frame moves."
                )),
            stateFields: { [("anchorPoint", StateJSON.numbers([$0.x, $0.y]))] },
            uikit: UIKitMember(
                member: "layer.anchorPoint", initialValue: Point(x: 0.5, y: 0.5),
                note: "instant: set outside animation blocks"),
            layerKeyPath: "anchorPoint")
    }
}

extension AnimatableProperty where Setting == Size {
    /// `view.bounds.size`: animates additively, about the anchor point (research §1E, §3.2).
    package static var bounds: Self {
        Self(
            name: "bounds", state: \.size,
            initial: { _, context in Size(width: context.frame.width, height: context.frame.height) },
            animates: { _ in true },
            spec: SpecKey(
                decode: { r, _ throws(SpecDiagnostic) in
                    let p = try SpecDecoder().decodePoint(r, in: 0...1e4)
                    return Size(width: p.x, height: p.y)
                },
                schema: SpecSchema.pair(
                    "[width, height] of the bounds, points; the frame grows about the anchor point.")),
            stateFields: { [("bounds", StateJSON.numbers([$0.width, $0.height]))] },
            uikit: UIKitMember(member: "bounds.size", initialValue: .zero), combining: .additive,
            layerKeyPath: "bounds.size", followsLayout: true)
    }

    /// `layer.shadowOffset`: instant in a block, animatable with a CABasicAnimation (research §6.2).
    package static var shadowOffset: Self {
        Self(
            name: "shadowOffset", state: \.shadowOffset, initial: { _, _ in Size(width: 0, height: -3) },
            animates: { _ in false },
            spec: SpecKey(
                decode: { r, _ throws(SpecDiagnostic) in
                    let p = try SpecDecoder().decodePoint(r, in: -1e4...1e4)
                    return Size(width: p.x, height: p.y)
                },
                schema: SpecSchema.pair("[width, height]: the shadow's offset, points.")),
            stateFields: { [("shadowOffset", StateJSON.numbers([$0.width, $0.height]))] },
            uikit: UIKitMember(
                member: "layer.shadowOffset", initialValue: Size(width: 0, height: -3), note: layerNote),
            layerKeyPath: "shadowOffset")
    }
}

extension AnimatableProperty where Setting == Double {
    /// `layer.cornerRadius`: animates in a block, additively, as on iOS 11+ (research §6.1). Until
    /// the program sets it, it is the spec's `cornerRadius` resolved against the current frame.
    package static var cornerRadius: Self {
        Self(
            name: "cornerRadius", state: \.cornerRadius,
            initial: { view, context in
                view.cornerRadius.resolved(width: context.frame.width, height: context.frame.height)
            }, animates: { _ in true },
            spec: SpecKey(
                decode: { r, _ throws(SpecDiagnostic) in try r.number(in: 0...Limits.canvasPoints) },
                schema: .number("layer.cornerRadius, points.", 0...Limits.canvasPoints)),
            stateFields: { [("cornerRadius", StateJSON.number($0))] },
            uikit: UIKitMember(member: "layer.cornerRadius", initialValue: 0), combining: .additive,
            layerKeyPath: "cornerRadius", followsLayout: true)
    }

    /// `layer.borderWidth`: instant in a block, animatable with a CABasicAnimation (research §6.2).
    package static var borderWidth: Self {
        layerNumber("borderWidth", \.borderWidth, initial: 0, range: 0...1000, "layer.borderWidth, points.")
    }

    /// `layer.shadowOpacity`, 0…1: instant in a block, animatable with a CABasicAnimation.
    package static var shadowOpacity: Self {
        layerNumber("shadowOpacity", \.shadowOpacity, initial: 0, range: 0...1, "layer.shadowOpacity, 0 to 1.")
    }

    /// `layer.shadowRadius`: instant in a block, animatable with a CABasicAnimation.
    package static var shadowRadius: Self {
        layerNumber("shadowRadius", \.shadowRadius, initial: 3, range: 0...1000, "layer.shadowRadius, points.")
    }

    private static func layerNumber(
        _ name: String, _ state: WritableKeyPath<ViewState, Double> & Sendable, initial: Double,
        range: ClosedRange<Double>, _ description: String
    ) -> Self {
        Self(
            name: name, state: state, initial: { _, _ in initial }, animates: { _ in false },
            spec: SpecKey(
                decode: { r, _ throws(SpecDiagnostic) in try r.number(in: range) },
                schema: .number(description + " Instant in a block.", range)),
            stateFields: { [(name, StateJSON.number($0))] },
            uikit: UIKitMember(member: "layer." + name, initialValue: initial, note: layerNote), layerKeyPath: name)
    }
}

extension AnimatableProperty where Setting == ColorValue {
    /// `layer.borderColor`: instant in a block, animatable with a CABasicAnimation.
    package static var borderColor: Self { layerColor("borderColor", \.borderColor) }

    /// `layer.shadowColor`: instant in a block, animatable with a CABasicAnimation.
    package static var shadowColor: Self { layerColor("shadowColor", \.shadowColor) }

    private static func layerColor(_ name: String, _ state: WritableKeyPath<ViewState, RGBA> & Sendable) -> Self {
        Self(
            name: name, state: state, initial: { _, _ in .black }, animates: { _ in false },
            spec: SpecKey(
                decode: { r, inBlock throws(SpecDiagnostic) in try SpecDecoder().decodeColorValue(r, allowNext: inBlock)
                },
                schema: ["$ref": "#/$defs/colorValue"]),
            stateFields: { [(name, StateJSON.string($0.hexString))] },
            uikit: UIKitMember(member: "layer." + name, initialValue: .black, note: layerNote), layerKeyPath: name)
    }
}

/// What the generated code says of a layer property set in a block.
private let layerNote = "instant: UIView blocks do not animate layer borders and shadows"
