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
                    "rotationX": .number(
                        "Degrees about the x axis (the top edge moves away for positive angles).", -3600...3600),
                    "rotationY": .number(
                        "Degrees about the y axis (the right edge moves away for positive angles).", -3600...3600),
                    "perspective": .number(
                        "The eye's distance in points: m34 = −1/perspective; 0 (none) by default.", 0...100000),
                ],
                "additionalProperties": false,
            ],
        ],
    ]

    /// One step of the program.
    static let step: SchemaNode = [
        "description":
            "{\"animate\": …} (one UIView.animate), {\"each\": …} (its steps once per view), {\"keyframes\": …}, {\"transition\": …}, {\"caAnimation\": …}, {\"removeAnimations\": …}, {\"layout\": …}, or {\"startAnimating\": …} / {\"stopAnimating\": …} (image views' frame sequences).",
        "if": ["type": "object", "required": ["each"]],
        "then": ["$ref": "#/$defs/eachStep"],
        "else": stepKinds([
            (["startAnimating", "stopAnimating"], "imageAnimationStep"), (["keyframes"], "keyframesStep"),
            (["transition"], "transitionStep"), (["caAnimation"], "caAnimationStep"),
            (["removeAnimations"], "removeAnimationsStep"), (["layout"], "layoutStep"),
        ]),
    ]

    /// The step kinds after `each`, by the key that names them, each an `if` whose `else` is the
    /// next one; a step with none of the keys is an `animate` step (so that its errors say so).
    static func stepKinds(_ kinds: [(keys: [String], definition: String)]) -> SchemaNode {
        kinds.reversed().reduce(["$ref": "#/$defs/animateStep"]) { rest, kind in
            let required: SchemaNode =
                kind.keys.count == 1
                ? ["type": "object", "required": .array([.string(kind.keys[0])])]
                : ["type": "object", "anyOf": .array(kind.keys.map { ["required": .array([.string($0)])] })]
            return ["if": required, "then": ["$ref": .string("#/$defs/\(kind.definition)")], "else": rest]
        }
    }

    static func blockTimingMember(_ key: String) -> SchemaNode { blockTiming.first { $0.key == key }!.value }

    /// A pair of numbers.
    static func pair(_ description: String) -> SchemaNode {
        [
            "type": "array", "items": ["type": "number"], "minItems": 2, "maxItems": 2,
            "description": .string(description),
        ]
    }

    /// The views a step sets.
    static let stepViews: SchemaNode = [
        "description":
            "\"all\", a list of tags, {\"from\", \"to\"}, or \"current\" (the view of the enclosing each; the default inside one).",
        "anyOf": [["$ref": "#/$defs/viewList"], ["const": "current"]],
    ]

    /// What every block step takes besides its own keys.
    static let blockTiming: [SchemaNode.Member] = [
        .init(key: "duration", value: .number("Seconds.", 0...Limits.stepDuration)),
        .init(key: "delay", value: .number("Seconds; 0 by default.", 0...Limits.stepDuration)),
        .init(key: "curve", value: ["$ref": "#/$defs/curve"]),
        .init(
            key: "repeat",
            value: [
                "description": "true: .repeat (forever); a number: setAnimationRepeatCount (fractions allowed).",
                "anyOf": [["type": "boolean"], ["type": "number", "minimum": 0, "maximum": 1_000_000]],
            ]),
        .init(key: "autoreverse", value: ["type": "boolean", "description": ".autoreverse."]),
        .init(
            key: "beginFromCurrentState",
            value: [
                "type": "boolean", "description": ".beginFromCurrentState: replacing animations start from what shows.",
            ]),
        .init(
            key: "wait",
            value: [
                "type": "boolean",
                "description":
                    "true (the default): the next step is the completion; false: it follows the call at once.",
            ]),
    ]

    /// `{"KEY": {members…}}`, the step object.
    static func stepObject(_ key: String, _ members: [SchemaNode.Member], required: [String]) -> SchemaNode {
        [
            "type": "object",
            "properties": .object([
                .init(
                    key: key,
                    value: [
                        "type": "object", "properties": .object(members), "required": .strings(required),
                        "additionalProperties": false,
                    ])
            ]),
            "required": .strings([key]),
            "additionalProperties": false,
        ]
    }

    static var keyframesStep: SchemaNode {
        stepObject(
            "keyframes",
            [.init(key: "views", value: stepViews)] + blockTiming + [
                .init(key: "mode", value: ["enum": .cases(CalculationMode.self), "description": "linear by default."]),
                .init(
                    key: "frames",
                    value: [
                        "type": "array", "minItems": 1,
                        "items": [
                            "type": "object",
                            "properties": [
                                "start": .number("Relative start, 0 to 1.", 0...10),
                                "duration": .number("Relative duration.", 0...10),
                                "set": ["$ref": "#/$defs/changes"],
                            ],
                            "required": ["start", "duration", "set"],
                            "additionalProperties": false,
                        ],
                    ]),
            ], required: ["duration", "frames"])
    }

    static var transitionStep: SchemaNode {
        stepObject(
            "transition",
            [
                .init(key: "view", value: ["type": "integer", "description": "The tag of the view that transitions."]),
                .init(key: "kind", value: ["enum": .cases(TransitionState.Kind.self)]),
                .init(key: "views", value: stepViews),
                .init(key: "set", value: ["$ref": "#/$defs/changes"]),
            ] + blockTiming, required: ["view", "kind", "duration", "set"])
    }

    static var caAnimationStep: SchemaNode {
        let value: SchemaNode = [
            "description": "A value of the key path's kind: a number, a colour, [x, y] or a transform."
        ]
        return stepObject(
            "caAnimation",
            [
                .init(key: "views", value: stepViews),
                .init(
                    key: "keyPath",
                    value: [
                        "type": "string",
                        "description":
                            "opacity, position, bounds.size, transform, transform.rotation.z, transform.scale, cornerRadius, borderWidth, shadowOpacity…",
                    ]),
                .init(key: "key", value: ["type": "string", "description": "layer.add(_:forKey:)'s key."]),
                .init(key: "from", value: value), .init(key: "to", value: value), .init(key: "by", value: value),
                .init(key: "values", value: ["type": "array", "items": value, "minItems": 1]),
                .init(
                    key: "keyTimes", value: ["type": "array", "items": ["type": "number", "minimum": 0, "maximum": 1]]),
                .init(key: "timingFunctions", value: ["type": "array", "items": ["$ref": "#/$defs/curve"]]),
                .init(key: "mode", value: ["enum": .cases(CalculationMode.self)]),
                .init(
                    key: "spring",
                    value: [
                        "type": "object",
                        "properties": [
                            "mass": ["type": "number"], "stiffness": ["type": "number"], "damping": ["type": "number"],
                            "velocity": ["type": "number"],
                        ],
                        "additionalProperties": false,
                    ]),
                .init(
                    key: "duration", value: .number("Seconds; 0 is the transaction's 0.25.", 0...Limits.stepDuration)),
                .init(key: "delay", value: .number("beginTime, seconds after the step.", 0...Limits.stepDuration)),
                .init(key: "curve", value: ["$ref": "#/$defs/curve"]),
                .init(key: "repeat", value: ["anyOf": [["type": "boolean"], ["type": "number", "minimum": 0]]]),
                .init(key: "autoreverse", value: ["type": "boolean"]),
                .init(key: "additive", value: ["type": "boolean"]),
                .init(key: "cumulative", value: ["type": "boolean"]),
                .init(key: "fillMode", value: ["enum": .cases(LayerAnimation.FillMode.self)]),
                .init(key: "removedOnCompletion", value: ["type": "boolean"]),
                .init(key: "wait", value: ["type": "boolean", "description": "false by default."]),
            ], required: ["keyPath"])
    }

    static var removeAnimationsStep: SchemaNode {
        stepObject(
            "removeAnimations",
            [
                .init(key: "views", value: stepViews),
                .init(key: "key", value: ["type": "string", "description": "Without one: removeAllAnimations()."]),
            ], required: [])
    }

    static var layoutStep: SchemaNode {
        stepObject(
            "layout",
            [
                .init(
                    key: "constraints",
                    value: [
                        "type": "object", "additionalProperties": ["type": "number"], "minProperties": 1,
                        "description": "Constraint id → its new constant.",
                    ])
            ] + blockTiming, required: ["constraints", "duration"])
    }

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
                    "repeat": blockTimingMember("repeat"),
                    "autoreverse": blockTimingMember("autoreverse"),
                    "beginFromCurrentState": blockTimingMember("beginFromCurrentState"),
                    "wait": blockTimingMember("wait"),
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
