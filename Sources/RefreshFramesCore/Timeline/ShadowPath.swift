import Foundation

/// `layer.shadowPath`: the shape that casts the layer's shadow instead of its composited alpha
/// (Apple's `shadowPath` page: "If you specify a value for this property, the layer creates its
/// shadow using the specified path instead of the layer's composited alpha channel"), in the
/// layer's own coordinates (points, the bounds' top-left at (0, 0)). The shapes real controls
/// give it: `UIBezierPath(rect:)`, `UIBezierPath(roundedRect:cornerRadius:)` (the radius clamped
/// to half the shorter side, as UIBezierPath does) and `UIBezierPath(ovalIn:)`.
package enum ShadowPath: Sendable, Equatable {
    /// `nil`: the shadow comes from the composited alpha (Core Animation's default).
    case none
    case rect(Rect)
    case roundedRect(Rect, cornerRadius: Double)
    case ellipse(Rect)

    /// The rectangle the shape fills; nil for none.
    package var rect: Rect? {
        switch self {
        case .none: nil
        case .rect(let r), .roundedRect(let r, _), .ellipse(let r): r
        }
    }

    /// As `state` prints it: `{"roundedRect": [x, y, width, height], "cornerRadius": 8}`.
    var json: String {
        switch self {
        case .none: "null"
        case .rect(let r): "{\"rect\": \(StateJSON.rect(r))}"
        case .roundedRect(let r, let radius):
            "{\"roundedRect\": \(StateJSON.rect(r)), \"cornerRadius\": \(StateJSON.number(radius))}"
        case .ellipse(let r): "{\"ellipse\": \(StateJSON.rect(r))}"
        }
    }

    /// Reads `{"rect": […]}`, `{"roundedRect": […], "cornerRadius": r}`, `{"ellipse": […]}` or `"none"`.
    static func decode(_ r: ValueReader) throws(SpecDiagnostic) -> ShadowPath {
        if r.isString {
            guard try r.string() == "none" else {
                throw r.fail("expected \"none\" or an object with 'rect', 'roundedRect' or 'ellipse'")
            }
            return .none
        }
        let o = try r.object()
        let kinds = ["rect", "roundedRect", "ellipse"].filter { o.has($0) }
        guard kinds.count == 1 else {
            throw r.fail(
                kinds.isEmpty
                    ? "expected one of 'rect', 'roundedRect' or 'ellipse' ([x, y, width, height] in the view's points)"
                    : "give one of 'rect', 'roundedRect' or 'ellipse', not \(kinds.joined(separator: " and "))")
        }
        let box = try decodeRect(o.optional(kinds[0])!)
        let path: ShadowPath
        switch kinds[0] {
        case "rect": path = .rect(box)
        case "ellipse": path = .ellipse(box)
        default:
            let radius = try o.required("cornerRadius").number(in: 0...Limits.canvasPoints)
            path = .roundedRect(box, cornerRadius: radius)
        }
        try o.finish()
        return path
    }

    private static func decodeRect(_ r: ValueReader) throws(SpecDiagnostic) -> Rect {
        let items = try r.array()
        guard items.count == 4 else { throw r.fail("expected [x, y, width, height] in the view's points") }
        var v: [Double] = []
        for item in items { v.append(try item.number(in: -1e4...1e4)) }
        guard v[2] >= 0, v[3] >= 0 else { throw r.fail("a path's width and height are not negative") }
        return Rect(x: v[0], y: v[1], width: v[2], height: v[3])
    }

    static let schema: SchemaNode = [
        "description":
            "layer.shadowPath in the view's points (the bounds' top-left at (0, 0)): the shadow is cast by this shape instead of the view's alpha. \"none\" casts from the alpha again. Instant in a block.",
        "oneOf": [
            ["const": "none"],
            [
                "type": "object", "additionalProperties": false, "required": ["rect"],
                "properties": ["rect": SpecSchema.frame("UIBezierPath(rect:)")],
            ],
            [
                "type": "object", "additionalProperties": false, "required": ["roundedRect", "cornerRadius"],
                "properties": [
                    "roundedRect": SpecSchema.frame("UIBezierPath(roundedRect:cornerRadius:)"),
                    "cornerRadius": .number("Points (clamped to half the shorter side).", 0...Limits.canvasPoints),
                ],
            ],
            [
                "type": "object", "additionalProperties": false, "required": ["ellipse"],
                "properties": ["ellipse": SpecSchema.frame("UIBezierPath(ovalIn:)")],
            ],
        ],
    ]
}

extension SpecSchema {
    /// `[x, y, width, height]` in points.
    static func frame(_ description: String) -> SchemaNode {
        [
            "type": "array", "items": ["type": "number"], "minItems": 4, "maxItems": 4,
            "description": .string(description + ": [x, y, width, height], points."),
        ]
    }
}

extension ShadowPath: Interpolatable {
    /// Two shapes of one kind blend their rectangles (and radii); otherwise the new one shows from
    /// the start (Core Animation interpolates paths only point by point between paths of as many
    /// points; a CABasicAnimation of shadowPath is not in the spec).
    package func interpolated(to other: ShadowPath, _ progress: Double) -> ShadowPath {
        func mix(_ a: Rect, _ b: Rect) -> Rect {
            Rect(
                x: a.x.interpolated(to: b.x, progress), y: a.y.interpolated(to: b.y, progress),
                width: a.width.interpolated(to: b.width, progress),
                height: a.height.interpolated(to: b.height, progress))
        }
        switch (self, other) {
        case (.rect(let a), .rect(let b)): return .rect(mix(a, b))
        case (.ellipse(let a), .ellipse(let b)): return .ellipse(mix(a, b))
        case (.roundedRect(let a, let r), .roundedRect(let b, let s)):
            return .roundedRect(mix(a, b), cornerRadius: r.interpolated(to: s, progress))
        default: return progress > 0 ? other : self
        }
    }
}

extension ShadowPath: TrackValue {
    package var dumpDescription: String {
        switch self {
        case .none: "none"
        case .rect(let r): "rect(\(r.dumpText))"
        case .roundedRect(let r, let radius): "roundedRect(\(r.dumpText), \(formatNumber(radius)))"
        case .ellipse(let r): "ellipse(\(r.dumpText))"
        }
    }
    package var uikitValue: UIKitValue { .path(self) }
    package init?(uikit: UIKitValue) {
        guard case .path(let v) = uikit else { return nil }
        self = v
    }
}

extension ShadowPath: PropertySetting { package typealias Value = ShadowPath }

extension Rect {
    fileprivate var dumpText: String {
        [x, y, width, height].map(formatNumber).joined(separator: ", ")
    }
}

extension AnimatableProperty where Setting == ShadowPath {
    /// `layer.shadowPath`: instant in a block (a CGPath property has no implicit animation).
    package static var shadowPath: Self {
        Self(
            name: "shadowPath", state: \.shadowPath, initial: { _, _ in .none }, animates: { _ in false },
            spec: SpecKey(
                decode: { r, _ throws(SpecDiagnostic) in try ShadowPath.decode(r) }, schema: ShadowPath.schema),
            stateFields: { [("shadowPath", $0.json)] },
            uikit: UIKitMember(
                member: "layer.shadowPath", initialValue: .none,
                note: "instant: UIView blocks do not animate layer borders and shadows"))
    }
}
