/// The animation program.
extension SpecSchema {
    /// The views a step names.
    static let viewList: SchemaNode = [
        "description": "\"all\", a list of tags, or {\"from\", \"to\"}.",
        "anyOf": [
            ["const": "all"],
            ["type": "array", "items": ["type": "integer"], "minItems": 1],
            [
                "type": "object",
                "properties": ["from": ["type": "integer"], "to": ["type": "integer"]],
                "required": ["from", "to"],
                "additionalProperties": false,
            ],
        ],
    ]

    /// A block's timing curve.
    static let curve: SchemaNode = [
        "description":
            "linear, easeIn, easeOut, easeInOut (the default), {\"cubicBezier\": [x1, y1, x2, y2]} or {\"spring\": {\"damping\", \"velocity\"}}.",
        "oneOf": [
            ["enum": ["linear", "easeIn", "easeOut", "easeInOut"]],
            [
                "type": "object",
                "properties": [
                    "cubicBezier": ["type": "array", "items": ["type": "number"], "minItems": 4, "maxItems": 4]
                ],
                "required": ["cubicBezier"],
                "additionalProperties": false,
            ],
            [
                "type": "object",
                "properties": [
                    "spring": [
                        "type": "object",
                        "properties": [
                            "damping": .number("0.01 to 1.", 0.01...1),
                            "velocity": .number("-100 to 100; 0 by default.", -100...100),
                        ],
                        "required": ["damping"],
                        "additionalProperties": false,
                    ]
                ],
                "required": ["spring"],
                "additionalProperties": false,
            ],
        ],
    ]

    /// The value of `set.transform`.
    static let transform: SchemaNode = [
        "description":
            "\"identity\", or {\"rotation\" (degrees, clockwise), \"scale\" (a number or [sx, sy]), \"translation\" ([tx, ty] points)}.",
        "anyOf": [
            ["const": "identity"],
            [
                "type": "object",
                "properties": [
                    "rotation": .number("Degrees, positive = clockwise.", -3600...3600),
                    "scale": [
                        "anyOf": [
                            ["type": "number"],
                            [
                                "type": "array",
                                "items": ["type": "number"],
                                "minItems": 2,
                                "maxItems": 2,
                            ],
                        ]
                    ],
                    "translation": ["type": "array", "items": ["type": "number"], "minItems": 2, "maxItems": 2],
                ],
                "additionalProperties": false,
            ],
        ],
    ]

    /// One step of the program.
    static let step: SchemaNode = [
        "description":
            "{\"animate\": …} (one UIView.animate), {\"each\": …} (its steps once per view), or {\"startAnimating\": …} / {\"stopAnimating\": …} (image views' frame sequences).",
        "if": ["type": "object", "required": ["each"]],
        "then": ["$ref": "#/$defs/eachStep"],
        "else": [
            "if": ["type": "object", "anyOf": [["required": ["startAnimating"]], ["required": ["stopAnimating"]]]],
            "then": ["$ref": "#/$defs/imageAnimationStep"],
            "else": ["$ref": "#/$defs/animateStep"],
        ],
    ]

    /// `{"animate": …}`.
    static let animateStep: SchemaNode = [
        "type": "object",
        "properties": [
            "animate": [
                "type": "object",
                "properties": [
                    "views": [
                        "description":
                            "\"all\", a list of tags, {\"from\", \"to\"}, or \"current\" (the view of the enclosing each; the default inside one).",
                        "anyOf": [["$ref": "#/$defs/viewList"], ["const": "current"]],
                    ],
                    "duration": .number("Seconds.", 0...Limits.stepDuration),
                    "delay": .number("Seconds; 0 by default.", 0...Limits.stepDuration),
                    "curve": ["$ref": "#/$defs/curve"],
                    "set": ["$ref": "#/$defs/changes"],
                ],
                "required": ["duration", "set"],
                "additionalProperties": false,
            ]
        ],
        "required": ["animate"],
        "additionalProperties": false,
    ]

    /// `{"each": …}`.
    static let eachStep: SchemaNode = [
        "type": "object",
        "properties": [
            "each": [
                "type": "object",
                "properties": [
                    "views": ["$ref": "#/$defs/viewList"],
                    "wrapAt": [
                        "type": "integer",
                        "description": "The index at which the position wraps back to the first view.",
                        "minimum": 1,
                    ],
                    "steps": ["type": "array", "items": ["$ref": "#/$defs/step"], "minItems": 1],
                ],
                "required": ["views", "steps"],
                "additionalProperties": false,
            ]
        ],
        "required": ["each"],
        "additionalProperties": false,
    ]
}
