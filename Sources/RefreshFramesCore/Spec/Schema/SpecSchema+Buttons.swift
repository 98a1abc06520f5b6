/// Buttons: their keys.
extension SpecSchema {
    /// One control state's content in a button's `states`.
    static let buttonContent: SchemaNode = [
        "type": "object",
        "description": "What the button shows in this state; a missing member shows normal's.",
        "properties": [
            "title": ["type": "string", "description": "setTitle(_:for:), drawn in the view's font."],
            "titleColor": [
                "$ref": "#/$defs/color", "description": "setTitleColor(_:for:); white (a custom button's) by default.",
            ],
            "image": [
                "$ref": "#/$defs/imageName",
                "description": "setImage(_:for:): at its point size, left of the title, the pair centred.",
            ],
            "backgroundImage": [
                "$ref": "#/$defs/imageName", "description": "setBackgroundImage(_:for:): stretched over the bounds.",
            ],
        ],
        "additionalProperties": false,
    ]

    /// The keys only buttons (`"kind": "button"`) take, in the order the decoder reads them
    /// (`highlighted` is shared with image views).
    static let buttonProperties: [(String, SchemaNode)] = [
        (
            "states",
            [
                "type": "object",
                "description":
                    "Buttons: the content per UIControl.State; a state without its own title, colour or image shows normal's.",
                "properties": .object(ControlState.allCases.map { .init(key: $0.rawValue, value: buttonContent) }),
                "additionalProperties": false,
            ]
        ),
        ("selected", ["type": "boolean", "description": "Buttons: isSelected at the start; false by default."]),
        ("enabled", ["type": "boolean", "description": "Buttons: isEnabled at the start; true by default."]),
        (
            "adjustsImageWhenHighlighted",
            [
                "type": "boolean",
                "description":
                    "Buttons: while highlighted, an image taken from normal's is drawn darker; true by default.",
            ]
        ),
        (
            "adjustsImageWhenDisabled",
            [
                "type": "boolean",
                "description":
                    "Buttons: while disabled, an image taken from normal's is drawn at half alpha; true by default.",
            ]
        ),
        (
            "contentHorizontalAlignment",
            [
                "description": "Buttons: where the image and title go across the bounds; center by default.",
                "enum": .cases(ButtonSpec.HorizontalAlignment.self),
            ]
        ),
        (
            "contentEdgeInsets",
            [
                "type": "array", "description": "Buttons: [top, left, bottom, right] kept clear of the content.",
                "items": ["type": "number", "minimum": -4096, "maximum": 4096], "minItems": 4, "maxItems": 4,
            ]
        ),
    ]
}
