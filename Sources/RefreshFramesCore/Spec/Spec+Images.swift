/// Decoding of image views, the asset catalogs and the program's frame-sequence steps.
extension SpecDecoder {
    /// An image view's keys.
    func decodeImageView(_ o: ObjectReader) throws(SpecDiagnostic) -> ImageViewSpec {
        var image = ImageViewSpec()
        if let i = o.optional("image") { image.image = try decodeImageName(i) }
        if let i = o.optional("highlightedImage") { image.highlightedImage = try decodeImageName(i) }
        if let h = o.optional("highlighted") { image.isHighlighted = try h.bool() }
        if let m = o.optional("contentMode") { image.contentMode = try m.oneOf(ContentMode.self) }
        if let m = o.optional("renderingMode") { image.renderingMode = try m.oneOf(ImageRenderingMode.self) }
        if let a = o.optional("animationImages") {
            let items = try a.array()
            guard items.count <= Limits.images else {
                throw a.fail("\(items.count) images is over the limit images = \(Limits.images)")
            }
            for item in items { image.animationImages.append(try decodeImageName(item)) }
        }
        if let d = o.optional("animationDuration") {
            let seconds = try d.number(in: 0...Limits.stepDuration, limit: "stepDuration")
            image.animationDuration = seconds > 0 ? seconds : nil
        }
        if let c = o.optional("animationRepeatCount") { image.animationRepeatCount = try c.integer(in: 0...1_000_000) }
        if let a = o.optional("animating") {
            if a.isString {
                guard try a.string() == "refreshing" else {
                    throw a.fail("expected true, false or \"refreshing\", got '\(try a.string())'")
                }
                image.animating = .whileRefreshing
            } else {
                image.animating = try a.bool() ? .fromSetUp : .no
            }
            if image.animating != .no && image.animationImages.isEmpty {
                throw a.fail("the view has no 'animationImages' to play")
            }
        }
        return image
    }

    /// An image's name: a file relative to the spec (`arrow.png`) or an asset catalog's name (`arrow`).
    func decodeImageName(_ r: ValueReader) throws(SpecDiagnostic) -> String {
        let name = try r.string()
        guard !name.isEmpty else { throw r.fail("expected an image file or asset name, got an empty string") }
        guard name.utf8.count <= 1024, !name.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F })
        else {
            throw r.fail("'\(name)' is not an image name: at most 1024 bytes, no control characters")
        }
        return name
    }

    /// `"assets": "App/Assets.xcassets"` or a list of them, relative to the spec.
    func decodeAssetCatalogs(_ r: ValueReader) throws(SpecDiagnostic) -> [String] {
        let items = r.isString ? [r] : try r.array()
        var catalogs: [String] = []
        for item in items {
            let path = try item.string()
            guard !path.isEmpty else { throw item.fail("expected an asset catalog directory, got an empty string") }
            catalogs.append(path)
        }
        return catalogs
    }

    /// An image view without a `tintColor` of its own takes its nearest superview's, else UIKit's
    /// default tint, the system blue (`UIView.tintColor` is inherited down the hierarchy).
    func inheritTintColors(_ views: inout [ViewSpec], readers: [ValueReader]) throws(SpecDiagnostic) {
        var explicit: [Int: RGBA] = [:]
        for (view, r) in zip(views, readers) where try r.object().has("tintColor") {
            explicit[view.tag] = view.tintColor
        }
        let superviews = views.reduce(into: [Int: Int]()) { $0[$1.tag] = $1.superview }
        for index in views.indices
        where (views[index].kind == .image || views[index].kind == .button) && explicit[views[index].tag] == nil {
            var tint = RGBA.systemBlue
            var next = views[index].superview
            var steps = 0
            while let tag = next, steps <= views.count {
                if let found = explicit[tag] {
                    tint = found
                    break
                }
                next = superviews[tag]
                steps += 1
            }
            views[index].tintColor = tint
        }
    }

    /// `{"startAnimating": {"views": …}}` / `{"stopAnimating": {"views": …}}`: `UIImageView`'s calls,
    /// made at once (they take no time). `all` names the image views; listed tags must be image views.
    func decodeImageAnimation(
        _ r: ValueReader, starts: Bool, views: [ViewSpec], insideEach: Bool
    ) throws(SpecDiagnostic) -> ImageAnimationStep {
        let o = try r.object()
        var target = Target.current
        let tags = views.map(\.tag)
        if let v = o.optional("views") {
            if v.isString, try v.string() == "current" {
                target = .current
            } else {
                let list = try decodeViewList(v, tags: tags)
                target = list == tags ? .all : .tags(list)
                for tag in list where list != tags {
                    guard let view = views.first(where: { $0.tag == tag }), view.kind == .image else {
                        throw v.fail("view \(tag) is not an image view; only image views play frame sequences")
                    }
                }
            }
        } else if !insideEach {
            throw r.fail("missing required key 'views' (outside an 'each', say which image views)")
        }
        if target == .current && !insideEach {
            throw r.fail("'current' names the view of an enclosing 'each', and there is none")
        }
        try o.finish()
        return ImageAnimationStep(target: target, starts: starts)
    }
}

extension RGBA {
    /// UIKit's default `tintColor` (iOS 7 and later): systemBlue, #007AFF.
    package static let systemBlue = RGBA(red: 0, green: 122.0 / 255, blue: 1, alpha: 1)
}
