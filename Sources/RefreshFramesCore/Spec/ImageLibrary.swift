/// The images a spec names, decoded, by the name the spec writes (`"arrow.png"`, `"arrow"`): what
/// the edge hands the core after opening the spec's side files. Pure values: the renderers sample
/// their pixels, the layout takes their point sizes, goldens record their files' hashes.
package struct ImageLibrary: Sendable {
    package private(set) var assets: [String: ImageAsset] = [:]

    package init() {}

    package subscript(name: String) -> ImageAsset? { assets[name] }

    package mutating func add(_ asset: ImageAsset) { assets[asset.name] = asset }

    package var isEmpty: Bool { assets.isEmpty }

    /// An image view's intrinsic content size on a screen of `scale`: its image's point size (the
    /// first frame of its sequence when it has no image), nil when it shows none (UIKit's
    /// `noIntrinsicMetric`). The layout takes the initial image's; a later change keeps the frame.
    package func intrinsicSize(of view: ViewSpec, scale: Double) -> IntrinsicSize? {
        guard let image = view.imageView, let name = image.shownImage ?? image.animationImages.first else { return nil }
        return assets[name]?.size(for: scale)
    }

    /// Every file read, each once, ordered by its name: what a golden manifest records.
    package var files: [ImageVariant] {
        var seen: Set<String> = []
        return assets.keys.sorted().flatMap { assets[$0]!.variants }.filter { seen.insert($0.file).inserted }
            .sorted { $0.file < $1.file }
    }
}

/// One image as `UIImage(named:)` finds it: the variants for each screen scale (a file's `@2x` and
/// `@3x` siblings, or an imageset's entries for the iPhone) and whether the asset asks to be drawn
/// as a template.
package struct ImageAsset: Sendable {
    /// The name the spec writes.
    package var name: String
    /// By scale, ascending; at least one.
    package var variants: [ImageVariant]
    /// The imageset's `template-rendering-intent` is `template`: drawn in the tint colour unless
    /// the view says `alwaysOriginal`.
    package var isTemplate: Bool

    package init(name: String, variants: [ImageVariant], isTemplate: Bool = false) {
        self.name = name
        self.variants = variants.sorted { $0.scale < $1.scale }
        self.isTemplate = isTemplate
    }

    /// The variant a screen of `scale` pixels per point shows: the one of that scale (rounded up,
    /// 1 to 3), else the nearest larger one, else the nearest smaller one, as UIKit prefers
    /// scaling an image down to scaling it up.
    package func variant(for scale: Double) -> ImageVariant? {
        let wanted = min(3, max(1, Int(scale.rounded(.up))))
        return variants.first { $0.scale == wanted } ?? variants.first { $0.scale > wanted } ?? variants.last
    }

    /// The image's size in points on a screen of `scale`: its variant's pixels over the variant's scale.
    package func size(for scale: Double) -> IntrinsicSize? { variant(for: scale)?.pointSize }

    /// Whether a view with `mode` draws it as a template (its alpha in the tint colour).
    package func isTemplate(_ mode: ImageRenderingMode) -> Bool {
        mode == .alwaysTemplate || (mode == .automatic && isTemplate)
    }
}

/// One file of an image: its pixels at its scale, where it came from and its hash.
package struct ImageVariant: Sendable {
    /// 1, 2 or 3: pixels per point.
    package var scale: Int
    package var bitmap: Bitmap
    /// The file as the spec's directory sees it (`arrow@2x.png`, `App/Assets.xcassets/arrow.imageset/arrow@2x.png`).
    package var file: String
    /// SHA-256 of the file's bytes, hex.
    package var sha256: String

    package init(scale: Int, bitmap: Bitmap, file: String, sha256: String) {
        self.scale = scale
        self.bitmap = bitmap
        self.file = file
        self.sha256 = sha256
    }

    package var pointSize: IntrinsicSize {
        IntrinsicSize(width: Double(bitmap.width) / Double(scale), height: Double(bitmap.height) / Double(scale))
    }
}
