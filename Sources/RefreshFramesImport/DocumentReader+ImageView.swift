import RefreshFramesCore

/// The app's images as an import finds them (the command line looks them up; the importer does no
/// file I/O): the asset catalogs near the document, as the written spec's `"assets"` names them, and
/// a look-up of an Interface Builder image name.
package struct ImportImages: Sendable {
    /// What an image name resolved to: the name the spec writes (an asset's name, or a loose file's
    /// path relative to the spec) and the image's size in points.
    package struct Found: Sendable, Equatable {
        package var name: String
        package var size: IntrinsicSize?
        /// Whether it is an asset of `catalogs` (the spec then lists them under `"assets"`).
        package var isAsset: Bool
        /// Where it was found, relative to the spec: the catalog, or the loose file's path.
        package var source: String
        /// The other places that hold an image of that name, no nearer the document (catalogs, or
        /// loose files' paths), relative to the spec: the import's warning names them.
        package var elsewhere: [String]

        package init(name: String, size: IntrinsicSize?, isAsset: Bool, source: String = "", elsewhere: [String] = []) {
            self.name = name
            self.size = size
            self.isAsset = isAsset
            self.source = source.isEmpty ? name : source
            self.elsewhere = elsewhere
        }
    }

    /// The catalogs, relative to the written spec's directory.
    package var catalogs: [String]
    /// Where the images were looked for, for the warning about one that is not there.
    package var searched: String
    package var find: @Sendable (String) -> Found?

    package init(catalogs: [String], searched: String, find: @escaping @Sendable (String) -> Found?) {
        self.catalogs = catalogs
        self.searched = searched
        self.find = find
    }

    /// No images: every image view stays a placeholder.
    package static let none = ImportImages(catalogs: [], searched: "no asset catalog or image file", find: { _ in nil })
}

extension DocumentReader {
    /// `<resources><image name="arrow" width="16" height="32">`: the point sizes Interface Builder
    /// cached for the document's images.
    static func resourceImageSizes(_ document: XMLNode) -> [String: IntrinsicSize] {
        var sizes: [String: IntrinsicSize] = [:]
        for image in document.child("resources")?.children("image") ?? [] {
            guard let name = image["name"], let w = image["width"].flatMap(Double.init),
                let h = image["height"].flatMap(Double.init), w.isFinite, h.isFinite, w >= 0, h >= 0
            else { continue }
            sizes[name] = IntrinsicSize(width: w, height: h)
        }
        return sizes
    }

    /// An `<imageView>`'s image as the app has it; nil, with a warning naming the image, when it
    /// cannot be drawn (no image in the document, an SF Symbol, not found): it is then a placeholder.
    mutating func resolveImage(_ node: XMLNode, tag: Int) -> ImportImages.Found? {
        guard let name = node["image"], !name.isEmpty else {
            warn(
                node,
                "an image view with no image in the document (set in code?); imported as a placeholder (a translucent magenta box) with tag \(tag)"
            )
            return nil
        }
        if node["catalog"] == "system" {
            warn(node, "image '\(name)' is an SF Symbol, which is not drawn; imported as a placeholder with tag \(tag)")
            return nil
        }
        guard let found = images.find(name) else {
            warn(
                node,
                "image '\(name)' not found (looked in \(images.searched)); imported as a placeholder with tag \(tag)")
            return nil
        }
        if found.isAsset { usesAssetCatalogs = true }
        warnElsewhere(node, name, found)
        resolvedImages[node.reference] = found
        return found
    }

    /// When more than one catalog (or loose file) of the repository answers to `name`, the nearest
    /// the document is used and a warning names the others, so a wrong guess is visible.
    mutating func warnElsewhere(_ node: XMLNode, _ name: String, _ found: ImportImages.Found) {
        guard !found.elsewhere.isEmpty else { return }
        warn(
            node,
            "image '\(name)' is in \(found.source), the nearest the document, which is used; also in \(found.elsewhere.joined(separator: ", "))"
        )
    }

    /// The image view's keys: its image, highlighted image and content mode.
    mutating func readImageView(_ node: XMLNode, image: ImportImages.Found) -> ImageViewSpec {
        var spec = ImageViewSpec(image: image.name)
        if let mode = node["contentMode"] {
            if let m = ContentMode(rawValue: mode) {
                spec.contentMode = m
            } else {
                warn(node, "contentMode '\(mode)' is not a UIView.ContentMode; using scaleToFill")
            }
        }
        if let highlighted = node["highlightedImage"], !highlighted.isEmpty {
            if let found = images.find(highlighted) {
                if found.isAsset { usesAssetCatalogs = true }
                warnElsewhere(node, highlighted, found)
                spec.highlightedImage = found.name
            } else {
                warn(node, "highlighted image '\(highlighted)' not found (looked in \(images.searched)); left out")
            }
        }
        if node["highlighted"] == "YES" { spec.isHighlighted = spec.highlightedImage != nil }
        return spec
    }

    /// An image view's intrinsic size: its image's point size, else the one the document's
    /// resources cache for the name, else IB's frame (nil without one).
    func imageViewSize(_ node: XMLNode, frame: Rect?) -> (width: Double?, height: Double?)? {
        if let size = resolvedImages[node.reference]?.size { return (size.width, size.height) }
        if let name = node["image"], let size = resourceImages[name] { return (size.width, size.height) }
        return frame.map { ($0.width, $0.height) }
    }
}
