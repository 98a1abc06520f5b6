/// The views, their colours, fonts and constraints.
extension SpecSchema {
    /// A colour: `#RRGGBB`, `#RRGGBBAA`, a UIKit name, or components.
    static let color: SchemaNode = [
        "description":
            .string(
                "\"#RRGGBB\", \"#RRGGBBAA\", \"#RGB\", a UIKit name (black, darkGray, lightGray, white, gray, red, green, blue, cyan, yellow, magenta, orange, purple, brown, clear), a semantic colour resolved for the appearance (\(SemanticColor.names.joined(separator: ", "))), {\"red\", \"green\", \"blue\", \"alpha\"} or {\"white\", \"alpha\"} (components 0 to 1)."
            ),
        "if": ["type": "object"],
        "then": [
            "if": ["required": ["white"]],
            "then": [
                "type": "object",
                "properties": [
                    "white": .number("0 to 1.", 0...1),
                    "alpha": .number("0 to 1; 1 by default.", 0...1),
                ],
                "required": ["white"],
                "additionalProperties": false,
            ],
            "else": [
                "type": "object",
                "properties": [
                    "red": .number("0 to 1.", 0...1),
                    "green": .number("0 to 1.", 0...1),
                    "blue": .number("0 to 1.", 0...1),
                    "alpha": .number("0 to 1; 1 by default.", 0...1),
                ],
                "required": ["red", "green", "blue"],
                "additionalProperties": false,
            ],
        ],
        "else": ["type": "string", "examples": ["#1D1D25", "magenta", "clear"]],
    ]

    /// What a block may set a colour to.
    static let colorValue: SchemaNode = [
        "description": "A colour, or \"palette.next\": the next colour of the spec's palette.",
        "anyOf": [["$ref": "#/$defs/color"], ["const": "palette.next"]],
    ]

    /// A font: a text style, or family, size, weight and italic.
    static let font: SchemaNode = [
        "type": "object",
        "description": "A font: {\"family\", \"size\", \"weight\"}; unset keys come from the top-level font.",
        "properties": [
            "family": [
                "type": "string",
                "description": "A family name or any fontconfig pattern (`sans-serif:lang=zh-cn`).",
                "minLength": 1,
                "examples": ["WenQuanYi Micro Hei"],
            ],
            "size": .number("Points.", 1...Limits.fontSize),
            "weight": [
                "description": "The weight; regular by default.",
                "enum": .strings(FontSpec.weights),
            ],
            "italic": [
                "type": "boolean",
                "description": "Italic (oblique where the family has no italic face); false by default.",
            ],
            "textStyle": [
                "description":
                    "A Dynamic Type style at the default (Large) content size: the System font at that style's size and weight.",
                "enum": .strings(IOSFont.textStyles.keys.sorted()),
            ],
        ],
        "additionalProperties": false,
    ]

    /// One view of `views`.
    static let view: SchemaNode = {
        guard case .object(var members) = viewBase, case .object(var properties)? = viewBase["properties"] else {
            return viewBase
        }
        for kind in ViewKind.all {
            for (key, node) in kind.schema where !properties.contains(where: { $0.key == key }) {
                properties.append(SchemaNode.Member(key: key, value: node))
            }
        }
        members[members.firstIndex { $0.key == "properties" }!].value = .object(properties)
        return .object(members)
    }()

    /// The keys every view takes; each kind's own follow (`ViewKind.schema`).
    private static let viewBase: SchemaNode = [
        "type": "object",
        "description": "A subview of the control.",
        "properties": [
            "tag": [
                "type": "integer",
                "description":
                    "A positive integer, unique: how constraints and the program name the view (viewWithTag).",
                "minimum": 1,
                "maximum": 1_000_000,
            ],
            "name": [
                "type": "string",
                "description": "How visual-format strings name the view (`[title]`); `v` + tag by default.",
                "pattern": "^[A-Za-z_][A-Za-z0-9_]*$",
            ],
            "kind": ["description": .string(kindDescription), "enum": .cases(ViewKind.self)],
            "superview": [
                "type": "integer",
                "description":
                    "The tag of the view this one is a subview of; the control's root view by default. Frames are in the superview's coordinates.",
                "minimum": 1,
                "maximum": 1_000_000,
            ],
            "hidden": [
                "type": "boolean",
                "description": "Not drawn, nor its subviews; in a stack view it takes no space (isHidden).",
            ],
            "spacingAfter": .number(
                "An arranged view's custom spacing after it (setCustomSpacing(_:after:)).", -10000...10000),
            "text": [
                "description":
                    "A string, or {\"idle\", \"refreshing\"}: the text before and from the moment refreshing begins. `{now:yyyy-MM-dd HH:mm:ss}` inserts the clock.",
                "oneOf": [
                    ["type": "string", "maxLength": .integer(Limits.textLength)],
                    [
                        "type": "object",
                        "properties": [
                            "idle": ["type": "string", "maxLength": .integer(Limits.textLength)],
                            "refreshing": ["type": "string", "maxLength": .integer(Limits.textLength)],
                        ],
                        "additionalProperties": false,
                    ],
                ],
            ],
            "font": [
                "$ref": "#/$defs/font",
                "description": "The label's font; the top-level font by default.",
            ],
            "textColor": ["$ref": "#/$defs/color", "description": "black by default."],
            "textAlignment": ["description": "center by default.", "enum": .cases(TextAlignment.self)],
            "backgroundColor": ["$ref": "#/$defs/color", "description": "clear by default."],
            "cornerRadius": [
                "description": "Points, or \"quarterOfWidthPlusHeight\": (width + height) * 0.25.",
                "anyOf": [
                    ["type": "number", "minimum": 0, "maximum": 4096],
                    ["const": "quarterOfWidthPlusHeight"],
                ],
            ],
            "clipsToBounds": ["type": "boolean", "description": "Clips text and background to the (rounded) bounds."],
            "alpha": .number("0 to 1; 1 by default.", 0...1),
            "tintColor": [
                "$ref": "#/$defs/color",
                "description":
                    "The spinner's spoke colour, gray by default; an image view's template colour, its superview's or system blue by default.",
            ],
            "huggingPriority": .number("Content hugging of the intrinsic size; 251 by default.", 1...1000),
            "compressionPriority": .number("Compression resistance of the intrinsic size; 750 by default.", 1...1000),
        ],
        "required": ["tag"],
        "additionalProperties": false,
    ]

    /// What `kind` says: each kind's name and summary, "label (UILabel, the default), view (…) … or button (…)."
    static var kindDescription: String {
        let kinds = ViewKind.all.map { "\($0.name) (\($0.summary))" }
        return kinds.dropLast().joined(separator: ", ") + " or " + kinds.last! + "."
    }

    /// The keys only spinners (`"kind": "spinner"`) take.
    static let spinnerProperties: [(String, SchemaNode)] = [
        (
            "revealsWithPull",
            [
                "type": "boolean",
                "description":
                    "Spinners: true (the default) for UIRefreshControl's own spinner, its spokes appearing with the pull; false for a UIActivityIndicatorView of the control's own (as ESPullToRefresh's header), all 8 spokes from the start, turning from when refreshing begins.",
            ]
        )
    ]

    /// The keys only stack views (`"kind": "stack"`) take, in the order the decoder reads them.
    static let stackProperties: [(String, SchemaNode)] = [
        (
            "axis",
            [
                "description": "Stack views: horizontal (the default) or vertical.",
                "enum": .cases(StackSpec.Axis.self),
            ]
        ),
        (
            "spacing",
            [
                "type": "number",
                "description":
                    "Stack views: points between arranged views (exact for the fill distributions, the minimum for equalSpacing and equalCentering); 0 by default.",
                "minimum": -10000,
                "maximum": 10000,
            ]
        ),
        (
            "alignment",
            [
                "description":
                    "Stack views: across the axis; fill by default (leading = top, trailing = bottom). Baselines are refused.",
                "enum": ["fill", "leading", "top", "center", "trailing", "bottom"],
            ]
        ),
        (
            "distribution",
            [
                "description": "Stack views: along the axis; fill by default.",
                "enum": .cases(StackSpec.Distribution.self),
            ]
        ),
        (
            "isLayoutMarginsRelativeArrangement",
            [
                "type": "boolean", "description": "Stack views: arrange inside layoutMargins.",
            ]
        ),
        (
            "layoutMargins",
            [
                "description": "Stack views: a number or [top, left, bottom, right]; 8 by default.",
                "anyOf": [
                    ["type": "number"],
                    ["type": "array", "items": ["type": "number"], "minItems": 4, "maxItems": 4],
                ],
            ]
        ),
    ]

    /// The keys only labels take, their lines (`LabelLines`), in the order the decoder reads them.
    static let labelLineProperties: [(String, SchemaNode)] = [
        (
            "numberOfLines",
            [
                "type": "integer",
                "description": "Labels: the most lines shown; 0 for as many as the text needs, 1 by default.",
                "minimum": 0,
                "maximum": .integer(Limits.textLength),
            ]
        ),
        (
            "lineBreakMode",
            [
                "description":
                    "Labels: how lines wrap (by word at UAX #14's break opportunities, or by character) and how the last line is cut; byTruncatingTail by default.",
                "enum": .cases(LineBreakMode.self),
            ]
        ),
        (
            "preferredMaxLayoutWidth",
            .number(
                "Labels: the width a multi-line label wraps at for its intrinsic size; 0 (the default) wraps at its own width.",
                0...Limits.canvasPoints)
        ),
        (
            "adjustsFontSizeToFitWidth",
            [
                "type": "boolean",
                "description": "Labels: a one-line label's font shrinks to fit its width, down to minimumScaleFactor.",
            ]
        ),
        (
            "minimumScaleFactor",
            .number(
                "Labels: the smallest fraction of the font size adjustsFontSizeToFitWidth shrinks to; 0 (the default) does not shrink.",
                0...1)
        ),
    ]

    /// One entry of `constraints`.
    static let constraint: SchemaNode = [
        "description":
            "An Auto Layout constraint: the one-line form (\"3.centerX == superview.centerX - 19\"), a Visual Format Language string (\"H:|-25-[v1]-10-[v2]-25-|\"), or an object.",
        "if": ["type": "string"],
        "then": ["$ref": "#/$defs/constraintString"],
        "else": [
            "if": ["type": "object", "required": ["visual"]],
            "then": ["$ref": "#/$defs/visualFormat"],
            "else": ["$ref": "#/$defs/constraintObject"],
        ],
    ]

    /// A label's text alignment.
    static let alignment: SchemaNode = [
        "description":
            "alignAllTop, alignAllBottom, alignAllCenterY for H:; alignAllLeft, alignAllRight, alignAllLeading, alignAllTrailing, alignAllCenterX for V:.",
        "enum": [
            "alignAllBottom",
            "alignAllCenterX",
            "alignAllCenterY",
            "alignAllLeading",
            "alignAllLeft",
            "alignAllRight",
            "alignAllTop",
            "alignAllTrailing",
        ],
    ]

    /// A constraint in shorthand.
    static let constraintString: SchemaNode = [
        "type": "string",
        "description":
            "\"ITEM.attribute (==|<=|>=) [MULTIPLIER *] ITEM.attribute [(+|-) CONSTANT] [@PRIORITY]\", or a visual format starting with H:, V:, | or [.",
        "examples": ["2.trailing == 3.leading - 10", "H:|-25-[v1]-10-[v2]-25-|"],
    ]

    /// A constraint as an object.
    static let constraintObject: SchemaNode = [
        "type": "object",
        "description": "item.attribute relation multiplier × toItem.toAttribute + constant, as NSLayoutConstraint.",
        "properties": [
            "item": [
                "description": "A view tag, or \"superview\" (the control).",
                "anyOf": [["type": "integer", "minimum": 1, "maximum": 1_000_000], ["const": "superview"]],
            ],
            "attribute": [
                "description": "The constrained attribute (leading = left, trailing = right).",
                "enum": .cases(LayoutAttribute.self),
            ],
            "relation": ["description": "== by default.", "enum": .cases(LayoutRelation.self)],
            "toItem": [
                "description": "A view tag, or \"superview\" (the control).",
                "anyOf": [["type": "integer", "minimum": 1, "maximum": 1_000_000], ["const": "superview"]],
            ],
            "toAttribute": [
                "description": "The other attribute; `attribute` by default.",
                "enum": .cases(LayoutAttribute.self),
            ],
            "multiplier": .number("1 by default.", -10000...10000),
            "constant": .number("Points; 0 by default.", -100000...100000),
            "priority": .number("1 to 1000; 1000 (required) by default.", 1...1000),
            "id": ["type": "string", "description": "The name a program's layout step changes the constant by."],
        ],
        "required": ["item", "attribute"],
        "additionalProperties": false,
    ]

    /// A line of Visual Format Language.
    static let visualFormat: SchemaNode = [
        "type": "object",
        "description": "A visual format with options or metrics.",
        "properties": [
            "visual": [
                "type": "string",
                "description":
                    "A Visual Format Language string, as NSLayoutConstraint.constraints(withVisualFormat:…) takes it.",
                "examples": ["H:|-[v1]-[v2(==v1)]-|"],
            ],
            "options": [
                "description":
                    "Alignment options: every view of the string gets this attribute equal to the first view's.",
                "anyOf": [
                    ["$ref": "#/$defs/alignment"],
                    ["type": "array", "items": ["$ref": "#/$defs/alignment"]],
                ],
            ],
            "metrics": [
                "type": "object",
                "description": "Names for numbers used in the string.",
                "propertyNames": ["pattern": "^[A-Za-z_][A-Za-z0-9_]*$"],
                "additionalProperties": ["type": "number"],
            ],
        ],
        "required": ["visual"],
        "additionalProperties": false,
    ]
}
