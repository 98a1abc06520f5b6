/// The JSON Schema (draft 2020-12) of a spec, as `refresh-frames schema` prints it: built here,
/// with the animation blocks' `set` from the property table; `schema/refresh-frames.schema.json`
/// is this text, for editors (a test holds the two and the decoder together).
package enum SpecSchema {
    package static let text = root.json + "\n"

    static var root: SchemaNode {
        [
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "title": "RefreshFrames spec",
            "description":
                "A custom pull-to-refresh control: views, Auto Layout constraints, the animation program and the refresh scenario (docs/spec.md).",
            "type": "object",
            "properties": properties,
            "required": ["scenario"],
            // With `xib` the document gives the views and constraints (the spec gives neither) and
            // the canvas unless the spec has its own. Otherwise `canvas` is required, and `views`
            // may be left out, or empty, only when the program is Swift code (which may build every
            // view itself), as the decoder says.
            "if": ["required": ["xib"]],
            "then": ["not": ["anyOf": [["required": ["views"]], ["required": ["constraints"]]]]],
            "else": [
                "required": ["canvas"],
                "if": ["required": ["program"], "properties": ["program": ["type": "object", "required": ["swift"]]]],
                "else": ["required": ["views"], "properties": ["views": ["minItems": 1]]],
            ],
            "additionalProperties": false,
            "$defs": defs,
        ]
    }

    /// The spec's top-level keys.
    static let properties: SchemaNode = [
        "$schema": ["type": "string", "description": "The schema this file follows, for editors."],
        "description": [
            "type": "string",
            "description": "Free text: which tutorial or design the spec reproduces.",
        ],
        "appearance": [
            "type": "string", "enum": .cases(Appearance.self),
            "description":
                "The interface style semantic colours (label, systemBackground…) and the defaults resolve for; light by default; --appearance overrides it.",
        ],
        "canvas": [
            "type": "object",
            "description": "The control's bounds.",
            "properties": [
                "width": .number("Points.", 1...Limits.canvasPoints),
                "height": .number("Points.", 1...Limits.canvasPoints),
                "scale": .number("Pixels per point; 2 by default.", 1...Limits.scale),
                "background": [
                    "$ref": "#/$defs/color",
                    "description": "The colour behind every view; white by default.",
                ],
            ],
            "required": ["width", "height"],
            "additionalProperties": false,
        ],
        "font": ["$ref": "#/$defs/font", "description": "The default font of every label."],
        "fonts": [
            "type": "array",
            "description":
                "The app's own font files (as its UIAppFonts), relative to the spec; their faces answer to their family, full and PostScript names.",
            "items": ["type": "string", "minLength": 1],
        ],
        "views": [
            "type": "array",
            "description": "The subviews in z-order.",
            "items": ["$ref": "#/$defs/view"],
            "maxItems": .integer(Limits.views),
        ],
        "constraints": [
            "type": "array",
            "description": "Auto Layout constraints.",
            "items": ["$ref": "#/$defs/constraint"],
            "maxItems": .integer(Limits.constraints),
        ],
        "palette": [
            "type": "array",
            "description": "Colours that \"palette.next\" hands out in turn.",
            "items": ["$ref": "#/$defs/color"],
        ],
        "program": [
            "description":
                "The animation: steps run from the moment refreshing begins, or the team's own Swift code ({\"swift\": …}).",
            "oneOf": [
                [
                    "type": "object",
                    "description": "The animation, run from the moment refreshing begins.",
                    "properties": [
                        "check": [
                            "description": "Where refreshing is re-checked: afterCycle (the default) or afterEachView.",
                            "enum": .cases(LoopCheck.self),
                        ],
                        "cycle": [
                            "type": "array",
                            "description": "The steps of one pass of the loop.",
                            "items": ["$ref": "#/$defs/step"],
                            "minItems": 1,
                        ],
                        "reset": ["$ref": "#/$defs/changes"],
                        "onEnd": [
                            "type": "array",
                            "description": "Steps run when refreshing ends, alongside the loop.",
                            "items": ["$ref": "#/$defs/step"],
                        ],
                    ],
                    "required": ["cycle"],
                    "additionalProperties": false,
                ],
                swiftProgram,
            ],
        ],
        "scenario": [
            "type": "object",
            "description": "The pull, when refreshing begins and ends.",
            "properties": [
                "pull": [
                    "type": "array",
                    "description": "The finger's pull: [[seconds, points], …].",
                    "items": ["type": "array", "items": ["type": "number"], "minItems": 2, "maxItems": 2],
                ],
                "refreshAt": .number("Refreshing begins at this time (seconds).", 0...Limits.scenarioDuration),
                "refreshAtPull": .number("Refreshing begins when the pull first reaches this many points.", 1...2000),
                "workDuration": .number(
                    "Seconds from refresh begin to endRefreshing; required unless the program is Swift code that ends refreshing itself.",
                    0...Limits.scenarioDuration),
                "controlHeight": .number("Points; 60 by default.", 1...Limits.canvasPoints),
                "contentAlphaFollowsPull": .number("alpha = pull / N on the whole control.", 1...2000),
                "collapseDuration": .number("Seconds; 0.3 by default.", 0...10),
                "duration": .number("Seconds; computed by default.", 0.01...Limits.scenarioDuration),
            ],
            "additionalProperties": false,
            "oneOf": [["required": ["refreshAt"]], ["required": ["refreshAtPull"]]],
        ],
        "host": ["$ref": "#/$defs/host"],
        "assets": assets,
        "xib": xib,
        "outlets": outlets,
        "golden": [
            "type": "object",
            "description":
                "This spec's tolerance for its pixel goldens; the command line's --threshold and --max-diff win over it, and it wins over the golden manifest's (docs/ci.md).",
            "properties": [
                "threshold": .number("Per-pixel colour threshold in YIQ, as --threshold.", 0...1),
                "maxDiff": .number("Percent of pixels a frame may differ by, as --max-diff.", 0...100),
            ],
            "additionalProperties": false,
        ],
    ]

    /// `$defs`, in the order the schema lists them.
    static var defs: SchemaNode {
        [
            "color": color,
            "colorValue": colorValue,
            "font": font,
            "view": view,
            "constraint": constraint,
            "alignment": alignment,
            "viewList": viewList,
            "curve": curve,
            "transform": transform,
            "changes": changes,
            "step": step,
            "rows": rows,
            "generated": generated,
            "sections": sections,
            "host": host,
            "constraintString": constraintString,
            "constraintObject": constraintObject,
            "visualFormat": visualFormat,
            "animateStep": animateStep,
            "eachStep": eachStep,
            "keyframesStep": keyframesStep,
            "transitionStep": transitionStep,
            "caAnimationStep": caAnimationStep,
            "removeAnimationsStep": removeAnimationsStep,
            "layoutStep": layoutStep,
            "imageName": imageName,
            "imageAnimationStep": imageAnimationStep,
        ]
    }

    /// What an animation block (or the reset) sets: a key per settable property of the table.
    static var changes: SchemaNode {
        [
            "type": "object",
            "description": "The properties an animation block sets.",
            "properties": .object(
                AnimatableProperties.settable.map { .init(key: $0.name, value: $0.setSchema!) } + [
                    .init(
                        key: "frame",
                        value: [
                            "type": "array", "items": ["type": "number"], "minItems": 4, "maxItems": 4,
                            "description": "[x, y, width, height]: view.frame, that is center and bounds together.",
                        ])
                ]),
            "additionalProperties": false,
            "minProperties": 1,
        ]
    }
}

extension AnyAnimatableProperty {
    /// The schema of its value in a block's `set`; nil when the program cannot set it.
    var setSchema: SchemaNode? { property.spec?.schema }
}
