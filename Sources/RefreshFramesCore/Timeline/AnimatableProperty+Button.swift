extension AnimatableProperty where Setting == Bool {
    /// A button's `isHighlighted` (what a touch sets): which state's content it shows. Never animated.
    package static var highlighted: Self {
        controlFlag(
            "highlighted", \.isHighlighted, initial: { $0.button?.isHighlighted ?? false }, member: "isHighlighted",
            description: "A button's isHighlighted: it shows its highlighted content; never animated.")
    }

    /// A button's `isSelected`. Never animated.
    package static var selected: Self {
        controlFlag(
            "selected", \.isSelected, initial: { $0.button?.isSelected ?? false }, member: "isSelected",
            description: "A button's isSelected: it shows its selected content; never animated.")
    }

    /// A button's `isEnabled`; false shows its disabled content. Never animated.
    package static var enabled: Self {
        controlFlag(
            "enabled", \.isEnabled, initial: { $0.button?.isEnabled ?? true }, member: "isEnabled",
            description: "A button's isEnabled: false shows its disabled content; never animated.")
    }

    /// One of a button's `UIControl.State` flags: set by the program, printed by `state` where it is
    /// not the view's initial value, assigned through `(view as? UIButton)`.
    private static func controlFlag(
        _ name: String, _ state: WritableKeyPath<ViewState, Bool> & Sendable,
        initial: @escaping @Sendable (ViewSpec) -> Bool, member: String, description: String
    ) -> Self {
        Self(
            name: name, state: state, initial: { view, _ in initial(view) }, animates: { _ in false },
            spec: SpecKey(
                decode: { r, _ throws(SpecDiagnostic) in try r.bool() },
                schema: ["type": "boolean", "description": .string(description)]),
            stateFields: { [(name, $0 ? "true" : "false")] },
            uikit: UIKitMember(
                member: member, declaredBy: .button, initialValue: name == "enabled",
                note: "instant: UIButton shows the state's content at once"))
    }
}
