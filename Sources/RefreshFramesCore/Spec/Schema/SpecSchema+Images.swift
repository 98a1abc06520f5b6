/// Image views: their keys, the asset catalogs and the steps that play frame sequences.
extension SpecSchema {
    /// An image's name, as `image`, `highlightedImage` and `animationImages` take it.
    static let imageName: SchemaNode = [
        "type": "string", "minLength": 1, "maxLength": 1024,
        "description":
            "A PNG or JPEG file relative to the spec (with its @2x and @3x beside it: arrow.png), or an asset of the spec's catalogs (arrow).",
    ]

    /// The keys only image views (`"kind": "image"`) take, in the order the decoder reads them.
    static let imageViewProperties: [(String, SchemaNode)] = [
        ("image", ["$ref": "#/$defs/imageName", "description": "Image views: the image shown (UIImageView.image)."]),
        ("highlightedImage", ["$ref": "#/$defs/imageName", "description": "Image views: shown while highlighted."]),
        (
            "highlighted",
            ["type": "boolean", "description": "Image views and buttons: isHighlighted; false by default."]
        ),
        (
            "contentMode",
            [
                "description":
                    "Image views: where the image goes in the bounds (UIView.ContentMode); scaleToFill by default.",
                "enum": .cases(ContentMode.self),
            ]
        ),
        (
            "renderingMode",
            [
                "description":
                    "Image views and buttons' images: alwaysTemplate draws the image's alpha in tintColor; automatic (the default) follows the asset's template-rendering-intent.",
                "enum": .cases(ImageRenderingMode.self),
            ]
        ),
        (
            "animationImages",
            [
                "type": "array", "description": "Image views: the frame sequence startAnimating() plays.",
                "items": ["$ref": "#/$defs/imageName"], "maxItems": .integer(Limits.images),
            ]
        ),
        (
            "animationDuration",
            .number(
                "Image views: seconds per cycle; 0 (the default) is the number of images / 30.", 0...Limits.stepDuration
            )
        ),
        (
            "animationRepeatCount",
            [
                "type": "integer",
                "description": "Image views: cycles before the sequence stops; 0 (the default) repeats.",
                "minimum": 0, "maximum": 1_000_000,
            ]
        ),
        (
            "animating",
            [
                "description":
                    "Image views: true plays the sequence from set-up, \"refreshing\" from refresh begin to endRefreshing; false (the default) only when the program's startAnimating says.",
                "anyOf": [["type": "boolean"], ["const": "refreshing"]],
            ]
        ),
    ]

    /// `"assets"`: the app's asset catalogs.
    static let assets: SchemaNode = [
        "description":
            "The app's asset catalogs (*.xcassets), relative to the spec: where image names without a file suffix are found (imagesets, iPhone or universal, 1x to 3x).",
        "anyOf": [
            ["type": "string", "minLength": 1],
            ["type": "array", "items": ["type": "string", "minLength": 1]],
        ],
    ]

    /// `{"startAnimating": …}` and `{"stopAnimating": …}`.
    static let imageAnimationStep: SchemaNode = {
        let body: SchemaNode = [
            "type": "object",
            "properties": [
                "views": [
                    "description":
                        "Image views: \"all\", a list of tags, {\"from\", \"to\"}, or \"current\" (the default inside an each).",
                    "anyOf": [["$ref": "#/$defs/viewList"], ["const": "current"]],
                ]
            ],
            "additionalProperties": false,
        ]
        return [
            "type": "object",
            "description":
                "UIImageView.startAnimating() or stopAnimating() on image views, at once (taking no time); starting restarts at frame 0.",
            "properties": ["startAnimating": body, "stopAnimating": body],
            "minProperties": 1, "maxProperties": 1,
            "additionalProperties": false,
        ]
    }()
}
