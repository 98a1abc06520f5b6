/// A validated, normalised RefreshFrames specification: the control's views and constraints,
/// its animation program and the refresh scenario. Loaded through `SpecDocument` (with its fonts and
/// text measurer: `RefreshAnimation`, in RefreshFrames).
package struct Spec: Sendable {
    package var description: String?
    package var canvas: Canvas
    package var views: [ViewSpec]
    package var constraints: [ConstraintSpec]
    package var palette: [RGBA]
    package var program: Program?
    /// The program as a team's Swift code (`"program": {"swift": …}`); then `program` is nil.
    package var swift: SwiftProgramReference? = nil
    /// The Interface Builder document the layout is read from at every load (`"xib"`); its views
    /// and constraints are `views` and `constraints`.
    package var xib: XIBReference? = nil
    package var scenario: Scenario
    /// The table the control sits above; nil renders the control alone.
    package var host: HostSpec? = nil
    /// The app's own font files (`UIAppFonts`), as the spec writes them: relative to the spec's
    /// directory. The CLI opens them; their faces are used by family, style and PostScript name.
    package var fonts: [String] = []
    /// The tolerance this spec's golden check uses unless the command line sets one (`"golden"`).
    package var golden: GoldenTolerance? = nil
    /// The appearance its semantic colours were resolved for: `--appearance`, else the spec's
    /// `"appearance"`, else light.
    package var appearance: Appearance = .light
    /// The app's asset catalogs (`"assets"`), relative to the spec's directory: where image names
    /// without a file suffix are looked up.
    package var assets: [String] = []
    /// The code's outlets a view's `name` cannot give (`"outlets"`): the nib's root, collections.
    package var outlets: [Outlet] = []
    /// The images the views and the program name, decoded: filled by the edge when it opens the
    /// spec's side files (empty until then, and for a spec whose files are not opened).
    package var images = ImageLibrary()

    package init(
        description: String? = nil, canvas: Canvas, views: [ViewSpec], constraints: [ConstraintSpec],
        palette: [RGBA] = [], program: Program? = nil, scenario: Scenario
    ) {
        self.description = description
        self.canvas = canvas
        self.views = views
        self.constraints = constraints
        self.palette = palette
        self.program = program
        self.scenario = scenario
    }

    package func view(tag: Int) -> ViewSpec? { views.first { $0.tag == tag } }
}

/// `"golden": {"threshold": 0.2, "maxDiff": 0.5}`: a spec's own tolerance for its pixel goldens.
package struct GoldenTolerance: Sendable, Equatable {
    /// Per-pixel colour threshold in YIQ, 0…1, as `--threshold`.
    package var threshold: Double?
    /// Percent of pixels a frame may differ by, 0…100, as `--max-diff`.
    package var maxDiff: Double?

    package init(threshold: Double? = nil, maxDiff: Double? = nil) {
        self.threshold = threshold
        self.maxDiff = maxDiff
    }
}

extension [ViewSpec] {
    /// Indices in drawing order: each root-level view in order, each followed by its subviews in
    /// order (depth first), as UIKit draws a view and then its subviews. The identity for a spec
    /// without `superview`s. Views in a superview cycle are left out (decoding rejects cycles).
    package var drawingOrder: [Int] {
        var children: [Int: [Int]] = [:]
        var roots: [Int] = []
        let tags = Set(map(\.tag))
        for (index, view) in enumerated() {
            if let parent = view.superview, tags.contains(parent) {
                children[parent, default: []].append(index)
            } else {
                roots.append(index)
            }
        }
        var order: [Int] = []
        var stack = roots.reversed().map { $0 }
        var visited: Set<Int> = []
        while let index = stack.popLast() {
            guard visited.insert(index).inserted else { continue }
            order.append(index)
            stack += (children[self[index].tag] ?? []).reversed()
        }
        return order
    }
}

/// The control's bounds in points, the pixel scale and the colour behind everything.
package struct Canvas: Sendable, Equatable {
    package var width: Double
    package var height: Double
    package var scale: Double
    package var background: RGBA

    package init(width: Double, height: Double, scale: Double = 2, background: RGBA = .white) {
        self.width = width
        self.height = height
        self.scale = scale
        self.background = background
    }
}

package struct FontSpec: Sendable, Hashable {
    /// A family name or any fontconfig pattern, e.g. `WenQuanYi Micro Hei` or `sans-serif:lang=zh-cn`;
    /// an iOS family (`System`, `Helvetica Neue`, `Avenir-Book`: `IOSFont.all`) or a family of the
    /// spec's own font files.
    package var family: String
    package var size: Double
    /// `regular`, `medium`, `semibold`, `bold`…
    package var weight: String
    /// Italic (or, when the family has no italic face, oblique).
    package var italic: Bool

    package init(
        family: String = FontSpec.defaultFamily, size: Double = 17, weight: String = "regular", italic: Bool = false
    ) {
        self.family = family
        self.size = size
        self.weight = weight
        self.italic = italic
    }

    package static let defaultFamily = "WenQuanYi Micro Hei"

    /// The fontconfig pattern for this font.
    package var pattern: String {
        (weight == "regular" ? family : "\(family):weight=\(weight)") + (italic ? ":slant=italic" : "")
    }

    /// The iOS family this font names, with a PostScript name's weight and slant applied.
    package var iOS: (font: IOSFont, weight: String, italic: Bool)? {
        guard let match = IOSFont.match(family) else { return nil }
        let weight = match.weight.map { $0 == "regular" ? self.weight : $0 } ?? self.weight
        return (match.font, weight, italic || match.italic)
    }

    /// The weights a spec may name.
    package static let weights = ["thin", "light", "regular", "medium", "semibold", "bold", "heavy", "black"]
}

package enum TextAlignment: String, Sendable, CaseIterable {
    case left, center, right
}

package enum CornerRadius: Sendable, Equatable {
    case points(Double)
    /// `(width + height) * 0.25`, the rule the CustomRefreshView tutorial applies to every subview.
    case quarterOfWidthPlusHeight

    package func resolved(width: Double, height: Double) -> Double {
        switch self {
        case .points(let r): r
        case .quarterOfWidthPlusHeight: (width + height) * 0.25
        }
    }
}

/// The phase of the refresh, as the control's owner sees it.
package enum RefreshPhase: String, Sendable, CaseIterable, Codable {
    case idle, refreshing
}

package struct ViewSpec: Sendable {
    package var tag: Int
    /// How Visual Format Language strings name the view; `v` + tag when nil.
    package var name: String? = nil
    package var kind: ViewKind
    /// Texts per phase; the idle text shows from the start (each drag sets it again), the refreshing
    /// text from the moment refreshing begins, and it stays after the refresh ends, as in the tutorials.
    package var texts: [RefreshPhase: String]
    package var font: FontSpec
    package var textColor: RGBA
    package var textAlignment: TextAlignment
    /// A label's number of lines, line break mode, preferred wrapping width and font shrinking.
    package var lines = LabelLines()
    package var backgroundColor: RGBA
    package var cornerRadius: CornerRadius
    package var clipsToBounds: Bool
    package var alpha: Double
    package var tintColor: RGBA
    /// Explicit size; otherwise labels use their intrinsic size, with hugging and compression.
    package var huggingPriority: Double
    package var compressionPriority: Double
    /// Hidden views are not drawn, nor their subviews; a stack view gives a hidden arranged view no space.
    package var isHidden = false
    /// The axis, spacing, alignment and distribution of a stack view (`kind` stack).
    package var stack: StackSpec? = nil
    /// An arranged view's custom spacing after it (`setCustomSpacing(_:after:)`); nil: the stack's spacing.
    package var spacingAfter: Double? = nil
    /// The tag of the view this one is a subview of; nil for a subview of the control's root view.
    /// Its frame is in the superview's coordinates; transform, alpha and clipping apply to the subtree.
    package var superview: Int? = nil
    /// What an image view (`kind` image) shows.
    package var imageView: ImageViewSpec? = nil
    /// What a button (`kind` button) shows in each control state.
    package var button: ButtonSpec? = nil
    /// An intrinsic content size the view's class fixes (a Swift program's `UIActivityIndicatorView`:
    /// 20 × 20, 37 × 37 for its large styles); nil: its text's or image's, or none.
    package var fixedIntrinsicSize: IntrinsicSize? = nil
    /// A spinner (`kind` spinner) that is UIRefreshControl's own reveals its spokes with the pull;
    /// false: a `UIActivityIndicatorView` of the control's own (`SpinnerState.indicator`), all 8
    /// spokes from the start, turning from when refreshing begins.
    package var revealsWithPull = true

    package init(
        tag: Int, kind: ViewKind = .label, texts: [RefreshPhase: String] = [:], font: FontSpec = FontSpec(),
        textColor: RGBA = .black, textAlignment: TextAlignment = .center, backgroundColor: RGBA = .clear,
        cornerRadius: CornerRadius = .points(0), clipsToBounds: Bool = false, alpha: Double = 1,
        tintColor: RGBA = RGBA(white: 0.5), huggingPriority: Double = 251, compressionPriority: Double = 750
    ) {
        self.tag = tag
        self.kind = kind
        self.texts = texts
        self.font = font
        self.textColor = textColor
        self.textAlignment = textAlignment
        self.backgroundColor = backgroundColor
        self.cornerRadius = cornerRadius
        self.clipsToBounds = clipsToBounds
        self.alpha = alpha
        self.tintColor = tintColor
        self.huggingPriority = huggingPriority
        self.compressionPriority = compressionPriority
    }

    /// The name Visual Format Language strings use for the view.
    package var formatName: String { name ?? "v\(tag)" }

    /// Whether the view has an intrinsic content size (from its text, or its image's point size).
    package var hasIntrinsicSize: Bool { kind.hasIntrinsicSize }
}

package enum LayoutAttribute: String, Sendable, CaseIterable {
    case left, right, top, bottom, leading, trailing, width, height, centerX, centerY
}

package enum LayoutRelation: String, Sendable, CaseIterable {
    case equal = "=="
    case lessThanOrEqual = "<="
    case greaterThanOrEqual = ">="
}

package enum LayoutItem: Sendable, Hashable, CustomStringConvertible {
    case superview
    case view(tag: Int)

    package var description: String {
        switch self {
        case .superview: "superview"
        case .view(let tag): "view \(tag)"
        }
    }
}

/// `item.attribute relation multiplier × toItem.toAttribute + constant`, as NSLayoutConstraint.
package struct ConstraintSpec: Sendable {
    package var item: LayoutItem
    package var attribute: LayoutAttribute
    package var relation: LayoutRelation
    package var toItem: LayoutItem?
    package var toAttribute: LayoutAttribute?
    package var multiplier: Double
    package var constant: Double
    package var priority: Double
    /// Where the constraint was written, for diagnostics (`constraints[3]`).
    package var path: String
    /// The name a program's `layout` step changes its constant by (`"id"` in the spec).
    package var id: String? = nil

    package init(
        item: LayoutItem, attribute: LayoutAttribute, relation: LayoutRelation = .equal,
        toItem: LayoutItem? = nil, toAttribute: LayoutAttribute? = nil, multiplier: Double = 1,
        constant: Double = 0, priority: Double = 1000, path: String = ""
    ) {
        self.item = item
        self.attribute = attribute
        self.relation = relation
        self.toItem = toItem
        self.toAttribute = toAttribute
        self.multiplier = multiplier
        self.constant = constant
        self.priority = priority
        self.path = path
    }
}

/// A UIStackView's arrangement of its arranged views (its subviews in spec order).
package struct StackSpec: Sendable, Equatable {
    package enum Axis: String, Sendable, CaseIterable {
        case horizontal, vertical
    }

    /// UIStackView.Alignment: `leading` is `top` and `trailing` is `bottom`, as in UIKit.
    package enum Alignment: String, Sendable, CaseIterable {
        case fill, leading, top, center, trailing, bottom, firstBaseline, lastBaseline
    }

    package enum Distribution: String, Sendable, CaseIterable {
        case fill, fillEqually, fillProportionally, equalSpacing, equalCentering
    }

    package var axis: Axis = .horizontal
    /// Points between adjacent arranged views: exact for the fill distributions, the minimum for
    /// equalSpacing and equalCentering.
    package var spacing: Double = 0
    package var alignment: Alignment = .fill
    package var distribution: Distribution = .fill
    /// Arranges the views inside `layoutMargins` rather than the stack's edges.
    package var isLayoutMarginsRelativeArrangement = false
    /// Top, left, bottom, right; UIView's default 8 points each.
    package var layoutMargins: [Double] = [8, 8, 8, 8]

    package init() {}
}
