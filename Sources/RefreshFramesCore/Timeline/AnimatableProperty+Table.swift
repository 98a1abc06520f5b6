/// The table of properties. A new property is an entry below, its line in `all`, a field of
/// `ViewState` and its drawing; everything else iterates `all`.
package enum AnimatableProperties {
    /// Every property, in the order an animation block assigns them (which is the order of the
    /// timeline's segments within a block, of palette colours taken, of the generated code's
    /// assignments and of the schema's `set` keys).
    package static let all: [any AnyAnimatableProperty] = [
        AnimatableProperty.transform, AnimatableProperty.alpha, AnimatableProperty.backgroundColor,
        AnimatableProperty.textColor, AnimatableProperty.text, AnimatableProperty.image,
        // Added by issue 27; `state` prints them only where they are not the view's initial value.
        AnimatableProperty.hidden, AnimatableProperty.center, AnimatableProperty.bounds,
        AnimatableProperty.anchorPoint, AnimatableProperty.cornerRadius, AnimatableProperty.borderWidth,
        AnimatableProperty.borderColor, AnimatableProperty.shadowOpacity, AnimatableProperty.shadowOffset,
        AnimatableProperty.shadowRadius, AnimatableProperty.shadowColor,
        // Added by issue 29: a button's control state.
        AnimatableProperty.highlighted, AnimatableProperty.selected, AnimatableProperty.enabled,
        // Added by issue 27 (layerdraw2): the shape that casts the shadow.
        AnimatableProperty.shadowPath,
        // Added by issue 28 (shapelayer): a Swift program's CAShapeLayer.
        AnimatableProperty.path, AnimatableProperty.strokeColor, AnimatableProperty.fillColor,
        AnimatableProperty.lineWidth, AnimatableProperty.lineCap, AnimatableProperty.strokeStart,
        AnimatableProperty.strokeEnd,
    ]

    /// The index of the property named `name` in `all`.
    static func index(of name: String) -> Int? { all.firstIndex { $0.name == name } }

    /// The property whose Core Animation key path is `keyPath` (`opacity`, `position`, `transform`).
    package static func property(layerKeyPath keyPath: String) -> (any AnyAnimatableProperty)? {
        all.first { $0.layerKeyPath == keyPath }
    }

    /// The properties an animation block can set, in `all`'s order.
    package static let settable = all.filter(\.isSettable)
}

extension AnyAnimatableProperty {
    package var isSettable: Bool { property.isSettable }
    var printsAlways: Bool { property.printsAlways }
    package var layerKeyPath: String? { property.layerKeyPath }
}

extension AnimatableProperty where Setting == Transform {
    /// `view.transform`; assigning replaces the whole transform. Animates on every view.
    package static var transform: Self {
        Self(
            name: "transform", state: \.transform, initial: { _, _ in .identity }, animates: { _ in true },
            spec: SpecKey(
                decode: { r, _ throws(SpecDiagnostic) in try SpecDecoder().decodeTransform(r) },
                schema: ["$ref": "#/$defs/transform"]),
            stateFields: { t in
                [
                    ("rotation", StateJSON.number(t.rotation)),
                    ("scale", StateJSON.numbers([t.scaleX, t.scaleY])),
                    ("translation", StateJSON.numbers([t.translationX, t.translationY])),
                ]
            },
            uikit: UIKitMember(member: "transform", initialValue: .identity), combining: .additive,
            layerKeyPath: "transform", printsAlways: true)
    }
}

extension AnimatableProperty where Setting == Double {
    /// `view.alpha`, 0 to 1. Animates on every view.
    package static var alpha: Self {
        Self(
            name: "alpha", state: \.alpha, initial: { view, _ in view.alpha }, animates: { _ in true },
            spec: SpecKey(
                decode: { r, _ throws(SpecDiagnostic) in try r.number(in: 0...1) },
                schema: .number("0 to 1.", 0...1)),
            stateFields: { [("alpha", StateJSON.number($0))] },
            uikit: UIKitMember(member: "alpha", initialValue: 1), layerKeyPath: "opacity", printsAlways: true)
    }
}

extension AnimatableProperty where Setting == ColorValue {
    /// `view.backgroundColor`. A plain view's animates; UILabel draws its background into its
    /// contents, so a label's changes at the block's start.
    package static var backgroundColor: Self {
        Self(
            name: "backgroundColor", state: \.backgroundColor, initial: { view, _ in view.backgroundColor },
            animates: { $0 != .label },
            spec: SpecKey(
                decode: { r, inBlock throws(SpecDiagnostic) in try SpecDecoder().decodeColorValue(r, allowNext: inBlock)
                },
                schema: ["$ref": "#/$defs/colorValue"]),
            stateFields: { [("backgroundColor", StateJSON.string($0.hexString))] },
            uikit: UIKitMember(member: "backgroundColor", initialValue: .clear), layerKeyPath: "backgroundColor",
            printsAlways: true)
    }

    /// A label's `textColor`: never animated, the label redraws with the new colour at the block's start.
    package static var textColor: Self {
        Self(
            name: "textColor", state: \.textColor, initial: { view, _ in view.textColor }, animates: { _ in false },
            spec: SpecKey(
                decode: { r, inBlock throws(SpecDiagnostic) in try SpecDecoder().decodeColorValue(r, allowNext: inBlock)
                },
                schema: ["$ref": "#/$defs/colorValue"]),
            stateFields: { [("textColor", StateJSON.string($0.hexString))] },
            uikit: UIKitMember(
                member: "textColor", declaredBy: .label, initialValue: .black,
                note: "instant: UILabel does not animate it"), printsAlways: true)
    }
}

extension AnimatableProperty where Setting == String? {
    /// A label's text: set by the scenario (its idle and refreshing texts), never by the program,
    /// and never blended: it changes when its keyframe ends.
    package static var text: Self {
        Self(
            name: "text", state: \.text,
            initial: { view, context in view.texts[.idle].map { expandClockTemplates($0, now: context.now) } },
            animates: { _ in false }, spec: nil, stateFields: { [("text", StateJSON.string($0))] },
            uikit: UIKitMember(member: "text", declaredBy: .label, initialValue: nil), printsAlways: true)
    }
}

extension AnimatableProperty where Setting == ImageName {
    /// An image view's `image`: changes at the block's start (a layer's contents are not animated by
    /// UIView blocks). While a frame sequence plays, the view shows the sequence's frame instead
    /// (`Timeline.sample`). `state` prints it for every view that shows an image (none for others).
    package static var image: Self {
        Self(
            name: "image", state: \.image, initial: { view, _ in ImageName(view.imageView?.shownImage) },
            animates: { _ in false },
            spec: SpecKey(
                decode: { r, _ throws(SpecDiagnostic) in ImageName(try SpecDecoder().decodeImageName(r)) },
                schema: [
                    "type": "string", "minLength": 1,
                    "description":
                        "An image view's image: a file relative to the spec or an asset name; it changes at the block's start.",
                ]),
            stateFields: { $0.name.map { [("image", StateJSON.string($0))] } ?? [] },
            uikit: UIKitMember(
                member: "image", declaredBy: .image, initialValue: .none, note: "instant: the image is not animated"),
            printsAlways: true)
    }
}
