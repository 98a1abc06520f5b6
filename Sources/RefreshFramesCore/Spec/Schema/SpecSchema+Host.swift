/// The host table.
extension SpecSchema {
    /// A table's rows.
    static let rows: SchemaNode = [
        "type": "array",
        "description": "Rows: a string, or {\"text\", \"detail\"}.",
        "items": [
            "anyOf": [
                ["type": "string", "maxLength": 200],
                [
                    "type": "object",
                    "properties": [
                        "text": ["type": "string", "maxLength": 200],
                        "detail": ["type": "string", "maxLength": 200],
                    ],
                    "required": ["text"],
                    "additionalProperties": false,
                ],
            ]
        ],
    ]

    /// Rows the host makes by number.
    static let generated: SchemaNode = [
        "type": "object",
        "properties": [
            "count": ["type": "integer", "description": "Rows.", "minimum": 0, "maximum": 1000],
            "title": ["type": "string", "description": "`{random:N}` and `{now:…}` templates allowed."],
            "detail": ["type": "string", "description": "A detail text template."],
            "seed": [
                "type": "integer",
                "description": "The random seed.",
                "minimum": 0,
                "maximum": 999_999_999,
            ],
        ],
        "required": ["count", "title"],
        "additionalProperties": false,
    ]

    /// A table's sections.
    static let sections: SchemaNode = [
        "type": "array",
        "items": [
            "type": "object",
            "properties": ["rows": ["$ref": "#/$defs/rows"], "header": ["type": "string", "maxLength": 200]],
            "required": ["rows"],
            "additionalProperties": false,
        ],
    ]

    /// The table around the control (docs/scene.md).
    static let host: SchemaNode = [
        "type": "object",
        "description": "The table the control sits above (docs/scene.md).",
        "properties": [
            "viewport": [
                "anyOf": [
                    [
                        "type": "object",
                        "properties": [
                            "width": .number("Points.", 1...4096),
                            "height": .number("Points.", 1...4096),
                        ],
                        "required": ["width", "height"],
                        "additionalProperties": false,
                    ],
                    [
                        "description": "A device's portrait screen (docs/scene.md).",
                        "type": "string",
                        "enum": .strings(Device.all.flatMap { [$0.name] + $0.aliases }),
                    ],
                ]
            ],
            "table": [
                "type": "object",
                "properties": [
                    "backgroundColor": ["$ref": "#/$defs/color"],
                    "separatorColor": ["$ref": "#/$defs/color"],
                    "separatorInset": .number("Points.", 0...4096),
                    "rowHeight": [
                        "anyOf": [["type": "number", "minimum": 1, "maximum": 4096], ["const": "automatic"]]
                    ],
                    "sectionHeaderHeight": .number("Points.", 0...4096),
                    "cell": [
                        "type": "object",
                        "properties": [
                            "style": [
                                "description": "UITableViewCell.CellStyle.",
                                "enum": .cases(CellStyle.Kind.self),
                            ],
                            "font": ["$ref": "#/$defs/font"],
                            "detailFont": ["$ref": "#/$defs/font"],
                            "textAlignment": ["description": "", "enum": ["left", "center", "right"]],
                            "textColor": ["$ref": "#/$defs/color"],
                            "detailTextColor": ["$ref": "#/$defs/color"],
                            "backgroundColor": ["$ref": "#/$defs/color"],
                        ],
                        "additionalProperties": false,
                    ],
                    "rows": ["$ref": "#/$defs/rows"],
                    "sections": ["$ref": "#/$defs/sections"],
                    "generated": ["$ref": "#/$defs/generated"],
                ],
                "additionalProperties": false,
                "oneOf": [["required": ["rows"]], ["required": ["sections"]], ["required": ["generated"]]],
            ],
            "updates": [
                "type": "array",
                "items": [
                    "type": "object",
                    "properties": [
                        "at": [
                            "description": "Seconds, \"endRefreshing\" or \"refreshBegan\".",
                            "anyOf": [
                                ["type": "number", "minimum": 0, "maximum": 600],
                                ["enum": ["endRefreshing", "refreshBegan"]],
                            ],
                        ],
                        "insert": [
                            "type": "object",
                            "properties": [
                                "section": ["type": "integer", "description": "0 by default.", "minimum": 0],
                                "row": ["type": "integer", "description": "", "minimum": 0],
                                "rows": ["$ref": "#/$defs/rows"],
                                "animation": [
                                    "description": "The row animation.",
                                    "enum": .cases(RowAnimation.self),
                                ],
                                "duration": ["type": "number", "description": "Seconds.", "minimum": 0],
                            ],
                            "required": ["row", "rows"],
                            "additionalProperties": false,
                        ],
                        "append": [
                            "type": "object",
                            "properties": [
                                "section": ["type": "integer", "description": "0 by default.", "minimum": 0],
                                "rows": ["$ref": "#/$defs/rows"],
                                "animation": [
                                    "description": "The row animation.",
                                    "enum": .cases(RowAnimation.self),
                                ],
                                "duration": ["type": "number", "description": "Seconds.", "minimum": 0],
                            ],
                            "required": ["rows"],
                            "additionalProperties": false,
                        ],
                        "reload": [
                            "type": "object",
                            "properties": [
                                "rows": ["$ref": "#/$defs/rows"],
                                "sections": ["$ref": "#/$defs/sections"],
                                "generated": ["$ref": "#/$defs/generated"],
                            ],
                            "additionalProperties": false,
                            "oneOf": [
                                ["required": ["rows"]],
                                ["required": ["sections"]],
                                ["required": ["generated"]],
                            ],
                        ],
                    ],
                    "required": ["at"],
                    "additionalProperties": false,
                    "oneOf": [["required": ["insert"]], ["required": ["append"]], ["required": ["reload"]]],
                ],
            ],
        ],
        "required": ["table"],
        "additionalProperties": false,
    ]
}
