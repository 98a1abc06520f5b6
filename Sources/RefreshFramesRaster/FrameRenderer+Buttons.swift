import RefreshFramesCore

extension FrameRenderer {
    /// A button as UIButton draws it for the control state its flags give: its background image
    /// stretched over the bounds, then its image at its point size and its title beside it
    /// (`ButtonSpec.contentRects`), all in the button's own layer.
    func buttonDrawing(_ r: KindDrawingRequest) throws -> KindDrawing {
        let (spec, view, placement, scale) = (r.spec, r.view, r.placement, r.scale)
        guard let button = spec.button else { return KindDrawing() }
        let shown = button.shown(highlighted: view.isHighlighted, selected: view.isSelected, enabled: view.isEnabled)
        let size = IntrinsicSize(width: view.frame.width, height: view.frame.height)
        var drawing = KindDrawing(textColor: shown.titleColor)
        if let (variant, tint) = buttonImage(
            shown.backgroundImage, shown.backgroundDimming, spec, mode: .automatic, scale: scale)
        {
            drawing.backgroundImage = PlacedImage(
                variant, mode: .scaleToFill, width: size.width, height: size.height, scale: scale, tint: tint)
        }
        let image = buttonImage(shown.image, shown.imageDimming, spec, mode: button.renderingMode, scale: scale)
        var titleSize: IntrinsicSize?
        if let title = shown.title, !title.isEmpty {
            let measured = try fonts.measure(title, font: spec.font, usage: usage)
            // The title label's frame: its size rounded up to the pixel grid, as a label's intrinsic size is.
            func up(_ v: Double) -> Double { (v * scale - 1e-6).rounded(.up) / scale }
            titleSize = IntrinsicSize(width: up(measured.width), height: up(measured.height))
        }
        let rects = button.contentRects(image: image?.0.pointSize, title: titleSize, bounds: size, scale: scale)
        if let (variant, tint) = image, let rect = rects.image,
            let placed = PlacedImage(
                variant, mode: .scaleToFill, width: rect.width, height: rect.height, scale: scale, tint: tint)
        {
            drawing.image = PlacedImage(
                moving: placed, x: rect.midX - size.width / 2, y: rect.midY - size.height / 2)
        }
        if let title = shown.title, !title.isEmpty, let rect = rects.title, shown.titleColor.alpha > 0,
            let titlePlacement = Placement(frame: rect, transform: .identity, in: placement)
        {
            drawing.text =
                r.rasterizingText
                ? try TextMaskCache.shared.mask(
                    title, font: spec.font, alignment: .center, lines: LabelLines(), placement: titlePlacement,
                    fonts: fonts, usage: usage, bounds: r.bounds, rendering: text)
                : try TextMask(
                    title, font: spec.font, alignment: .center, lines: LabelLines(), placement: titlePlacement,
                    fonts: fonts, usage: usage, bounds: r.bounds, rendering: text, rasterized: false)
        }
        return drawing
    }

    /// The variant of a button's image for `scale`, adjusted as `dimming` says, and the tint it is
    /// drawn in when it renders as a template (a custom button tints template images as an image view does).
    private func buttonImage(
        _ name: String?, _ dimming: ShownButton.Dimming, _ spec: ViewSpec, mode: ImageRenderingMode, scale: Double
    ) -> (ImageVariant, RGBA?)? {
        guard let name, let asset = images[name], var variant = asset.variant(for: scale) else { return nil }
        variant.bitmap = variant.bitmap.adjusted(dimming)
        return (variant, asset.isTemplate(mode) ? spec.tintColor : nil)
    }
}

extension Bitmap {
    /// The image as UIButton adjusts one it borrows from the normal state: highlighted, black at
    /// 40 % drawn over it within its alpha (its colours × 0.6, its alpha kept); disabled, half its alpha.
    func adjusted(_ dimming: ShownButton.Dimming) -> Bitmap {
        guard dimming != .none else { return self }
        var out = pixels
        for i in stride(from: 0, to: out.count, by: 4) {
            if dimming == .highlighted {
                for c in 0..<3 { out[i + c] = UInt8((Double(out[i + c]) * 0.6).rounded()) }
            } else {
                out[i + 3] = UInt8((Double(out[i + 3]) * 0.5).rounded())
            }
        }
        return Bitmap(width: width, height: height, pixels: out)
    }
}

extension PlacedImage {
    /// `other` moved by (`x`, `y`) local points.
    init(moving other: PlacedImage, x: Double, y: Double) {
        bitmap = other.bitmap
        minX = other.minX + x
        minY = other.minY + y
        maxX = other.maxX + x
        maxY = other.maxY + y
        texelsPerPointX = other.texelsPerPointX
        texelsPerPointY = other.texelsPerPointY
        tint = other.tint
    }
}
