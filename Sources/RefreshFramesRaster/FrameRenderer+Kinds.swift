import RefreshFramesCore

/// What a view draws in its layer for its kind, besides what every view draws (its background,
/// border and shadow): a label's text, a spinner's spokes, an image view's image, a button's
/// images and title.
struct KindDrawing {
    var text: TextMask?
    /// The text's colour; nil: the view's `textColor`.
    var textColor: RGBA?
    var spokes: Spokes?
    var image: PlacedImage?
    var backgroundImage: PlacedImage?
}

/// What a kind's drawing is drawn from: the view, where it landed and the frame's pixel bounds.
/// `rasterizingText: false` gives text masks their boxes alone (enough for damage).
struct KindDrawingRequest {
    var spec: ViewSpec
    var view: ViewState
    var placement: Placement
    var scale: Double
    var bounds: (Int, Int)
    var rasterizingText: Bool
}

extension FrameRenderer {
    /// Each kind's drawing (its own file: `FrameRenderer+Buttons.swift` and the like); a kind not
    /// listed draws what every view draws.
    static let kindDrawings: [ViewKind: @Sendable (FrameRenderer, KindDrawingRequest) throws -> KindDrawing] = [
        .label: { try $0.labelDrawing($1) }, .spinner: { $0.spinnerDrawing($1) },
        .image: { $0.imageDrawing($1) }, .button: { try $0.buttonDrawing($1) },
    ]

    /// The drawing of `request`'s view for its kind.
    func kindDrawing(_ request: KindDrawingRequest) throws -> KindDrawing {
        try Self.kindDrawings[request.spec.kind]?(self, request) ?? KindDrawing()
    }

    /// A label's text, in its font, alignment and lines.
    func labelDrawing(_ r: KindDrawingRequest) throws -> KindDrawing {
        guard let string = r.view.text, !string.isEmpty, r.view.textColor.alpha > 0 else { return KindDrawing() }
        let spec = r.spec
        let text =
            r.rasterizingText
            ? try TextMaskCache.shared.mask(
                string, font: spec.font, alignment: spec.textAlignment, lines: spec.lines, placement: r.placement,
                fonts: fonts, usage: usage, bounds: r.bounds, rendering: self.text)
            : try TextMask(
                string, font: spec.font, alignment: spec.textAlignment, lines: spec.lines, placement: r.placement,
                fonts: fonts, usage: usage, bounds: r.bounds, rendering: self.text, rasterized: false)
        return KindDrawing(text: text)
    }

    /// A spinner's visible spokes.
    func spinnerDrawing(_ r: KindDrawingRequest) -> KindDrawing {
        guard let spinner = r.view.spinner, spinner.visibleSpokes > 0 else { return KindDrawing() }
        return KindDrawing(
            spokes: Spokes(
                state: spinner, width: r.view.frame.width, height: r.view.frame.height,
                refreshControl: r.spec.revealsWithPull))
    }

    /// An image view's image as its content mode places it at the request's scale: the variant UIKit
    /// picks for that scale, drawn in the view's tint colour when it renders as a template.
    func imageDrawing(_ r: KindDrawingRequest) -> KindDrawing {
        guard let imageView = r.spec.imageView, let name = r.view.image.name, let asset = images[name],
            let variant = asset.variant(for: r.scale)
        else { return KindDrawing() }
        return KindDrawing(
            image: PlacedImage(
                variant, mode: imageView.contentMode, width: r.view.frame.width, height: r.view.frame.height,
                scale: r.scale, tint: asset.isTemplate(imageView.renderingMode) ? r.spec.tintColor : nil))
    }
}
