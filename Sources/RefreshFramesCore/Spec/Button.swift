/// What a `UIButton` (`"kind": "button"`, made as `UIButton(type: .custom)`) shows in each control
/// state: its title, title colour, image and background image, and how it lays them out.
///
/// UIKit's rules, as UIButton (before configurations, iOS 15) has them (docs/spec.md names the sources):
/// - A state without its own title, title colour, image or background image shows normal's
///   (`titleForState:` and the others fall back to `.normal`); a combination of states (selected
///   and highlighted) that has none of its own falls back to normal's too, since the spec names no
///   combinations.
/// - An image or background image taken from normal's is drawn darker while highlighted when
///   `adjustsImageWhenHighlighted` (black at 40 % over the image, within its alpha) and at half
///   its alpha while disabled when `adjustsImageWhenDisabled`; disabled wins over highlighted.
/// - The background image fills the bounds (scaleToFill); the image keeps its point size; image and
///   title sit side by side, image first, the pair aligned by `contentHorizontalAlignment` in the
///   bounds less `contentEdgeInsets`, each centred vertically on its own.
package struct ButtonSpec: Sendable, Equatable {
    /// One state's content; nil members fall back to normal's.
    package struct Content: Sendable, Equatable {
        package var title: String?
        package var titleColor: RGBA?
        package var image: String?
        package var backgroundImage: String?

        package init(
            title: String? = nil, titleColor: RGBA? = nil, image: String? = nil, backgroundImage: String? = nil
        ) {
            self.title = title
            self.titleColor = titleColor
            self.image = image
            self.backgroundImage = backgroundImage
        }

        package var isEmpty: Bool { title == nil && titleColor == nil && image == nil && backgroundImage == nil }
    }

    /// `UIControl.ContentHorizontalAlignment` as far as a button's content goes.
    package enum HorizontalAlignment: String, Sendable, CaseIterable {
        case center, left, right
    }

    package var states: [ControlState: Content] = [:]
    package var adjustsImageWhenHighlighted = true
    package var adjustsImageWhenDisabled = true
    package var contentHorizontalAlignment: HorizontalAlignment = .center
    /// How its images (not its background images) render: `alwaysTemplate` in the tint colour, as a
    /// system button draws them; `automatic` follows the asset's `template-rendering-intent`.
    package var renderingMode: ImageRenderingMode = .automatic
    /// Top, left, bottom, right: what the content keeps clear of the bounds (and adds to the intrinsic size).
    package var contentEdgeInsets: [Double] = [0, 0, 0, 0]
    /// The state the button starts in (`highlighted`, `selected`, `enabled` keys of the view).
    package var isHighlighted = false
    package var isSelected = false
    package var isEnabled = true

    package init() {}

    /// The title colour UIKit gives a custom button's title when no state sets one.
    package static let defaultTitleColor = RGBA(white: 1)

    /// Every image name the button uses, each once, in state order.
    package var names: [String] {
        var seen: Set<String> = []
        return ControlState.allCases.flatMap { [states[$0]?.image, states[$0]?.backgroundImage].compactMap { $0 } }
            .filter { seen.insert($0).inserted }
    }

    /// What the button shows with these flags.
    package func shown(highlighted: Bool, selected: Bool, enabled: Bool) -> ShownButton {
        let flags = [(ControlState.highlighted, highlighted), (.selected, selected), (.disabled, !enabled)]
            .filter(\.1).map(\.0)
        // One flag looks up its own state; none or a combination looks up normal (no combinations are named).
        let own = flags.count == 1 ? states[flags[0]] : nil
        let normal = states[.normal]
        let dim: ShownButton.Dimming =
            !enabled && adjustsImageWhenDisabled
            ? .disabled : highlighted && adjustsImageWhenHighlighted ? .highlighted : .none
        var shown = ShownButton()
        shown.title = own?.title ?? normal?.title
        shown.titleColor = own?.titleColor ?? normal?.titleColor ?? Self.defaultTitleColor
        if let image = own?.image {
            shown.image = image
        } else if let image = normal?.image {
            (shown.image, shown.imageDimming) = (image, dim)
        }
        if let image = own?.backgroundImage {
            shown.backgroundImage = image
        } else if let image = normal?.backgroundImage {
            (shown.backgroundImage, shown.backgroundDimming) = (image, dim)
        }
        return shown
    }

    /// Where the image and the title go in a button of `bounds` (points, from its top-left corner)
    /// for an image of `image` points and a title of `title` points (nil: none), on a screen of
    /// `scale`: the pair's offset and each one's vertical centring snapped to the pixel grid.
    package func contentRects(
        image: IntrinsicSize?, title: IntrinsicSize?, bounds: IntrinsicSize, scale: Double
    ) -> (image: Rect?, title: Rect?) {
        let (top, left, bottom, right) = (
            contentEdgeInsets[0], contentEdgeInsets[1], contentEdgeInsets[2], contentEdgeInsets[3]
        )
        let content = Rect(x: left, y: top, width: bounds.width - left - right, height: bounds.height - top - bottom)
        let imageWidth = image?.width ?? 0
        let pairWidth = imageWidth + (title?.width ?? 0)
        func snapped(_ v: Double) -> Double { scale > 0 ? (v * scale).rounded(.toNearestOrAwayFromZero) / scale : v }
        let x: Double =
            switch contentHorizontalAlignment {
            case .center: content.x + snapped((content.width - pairWidth) / 2)
            case .left: content.x
            case .right: content.x + content.width - pairWidth
            }
        func centred(_ size: IntrinsicSize, at x: Double) -> Rect {
            Rect(
                x: x, y: content.y + snapped((content.height - size.height) / 2), width: size.width, height: size.height
            )
        }
        return (image.map { centred($0, at: x) }, title.map { centred($0, at: x + imageWidth) })
    }

    /// The intrinsic content size: image and title side by side (the title's height plus UIKit's
    /// 6 pt above and below it), at least the background image's size, plus `contentEdgeInsets`;
    /// nil when the button shows nothing.
    package func intrinsicSize(image: IntrinsicSize?, title: IntrinsicSize?, background: IntrinsicSize?)
        -> IntrinsicSize?
    {
        guard image != nil || title != nil || background != nil else { return nil }
        var width = (image?.width ?? 0) + (title?.width ?? 0)
        var height = max(image?.height ?? 0, title.map { $0.height + 12 } ?? 0)
        width = max(width, background?.width ?? 0)
        height = max(height, background?.height ?? 0)
        return IntrinsicSize(
            width: width + contentEdgeInsets[1] + contentEdgeInsets[3],
            height: height + contentEdgeInsets[0] + contentEdgeInsets[2])
    }
}

/// `UIControl.State` as a button's `states` name them.
package enum ControlState: String, Sendable, CaseIterable {
    case normal, highlighted, selected, disabled
}

/// What a button shows at an instant: its current title, title colour, image and background image,
/// and whether an image borrowed from normal is drawn adjusted.
package struct ShownButton: Sendable, Equatable {
    package enum Dimming: Sendable, Equatable {
        case none
        /// Black at 40 % over the image, within its alpha (`adjustsImageWhenHighlighted`).
        case highlighted
        /// Half its alpha (`adjustsImageWhenDisabled`).
        case disabled
    }

    package var title: String?
    package var titleColor = ButtonSpec.defaultTitleColor
    package var image: String?
    package var imageDimming = Dimming.none
    package var backgroundImage: String?
    package var backgroundDimming = Dimming.none

    package init() {}
}

extension ImageLibrary {
    /// A button's intrinsic content size on a screen of `scale` in the state it starts in
    /// (`ButtonSpec.intrinsicSize`); its title measured in the view's font.
    package func buttonSize(of view: ViewSpec, scale: Double, measurer: TextMeasurer) throws -> IntrinsicSize? {
        guard let button = view.button else { return nil }
        let shown = button.shown(
            highlighted: button.isHighlighted, selected: button.isSelected, enabled: button.isEnabled)
        let title = try shown.title.flatMap { $0.isEmpty ? nil : try measurer.measure($0, view.font) }
        return button.intrinsicSize(
            image: shown.image.flatMap { self[$0]?.size(for: scale) }, title: title,
            background: shown.backgroundImage.flatMap { self[$0]?.size(for: scale) })
    }
}

extension ShownButton {
    /// How `state` prints it: the title, its colour, the image and background image shown (null for
    /// none), and for an image borrowed from normal and adjusted, how (`"imageAdjusted": "highlighted"`).
    var json: String {
        func adjusted(_ key: String, _ dimming: Dimming) -> String {
            dimming == .none ? "" : ", \"\(key)Adjusted\": \"\(dimming == .highlighted ? "highlighted" : "disabled")\""
        }
        return "{\"title\": \(StateJSON.string(title)), \"titleColor\": \"\(titleColor.hexString)\", "
            + "\"image\": \(StateJSON.string(image))" + adjusted("image", imageDimming)
            + ", \"backgroundImage\": \(StateJSON.string(backgroundImage))"
            + adjusted("backgroundImage", backgroundDimming) + "}"
    }
}
