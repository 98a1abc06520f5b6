extension AnimationRuntime {
    /// Adds a view the program made (a team's Swift code's `UIView()`), placed at `frame` in every
    /// layout (the spec's constraints do not place it): from then on it is a view like the spec's,
    /// its properties set and animated through `set`, and the timeline made from this runtime
    /// samples and draws it. Its tag must be new.
    package mutating func addView(_ view: ViewSpec, frame: Rect, now: Int64) {
        spec.views.append(view)
        kinds[view.tag] = view.kind
        tracks[view.tag] = ViewTracks(view, now: now, frame: frame)
        for index in layouts.indices { layouts[index].layout.frames[view.tag] = frame }
        addedTags.append(view.tag)
    }

    /// Changes what an added view is beyond its animated properties (its superview, its drawing
    /// order among the added views, its font or clipping): `views` are the added views that stay,
    /// in their drawing order, each as it is drawn; the added views not in it are removed with
    /// their tracks and their lines of the log.
    package mutating func replaceAddedViews(with views: [ViewSpec]) {
        let kept = Set(views.map(\.tag))
        let removed = Set(addedTags).subtracting(kept)
        spec.views.removeAll { addedTags.contains($0.tag) }
        spec.views += views
        for tag in removed {
            tracks[tag] = nil
            kinds[tag] = nil
            transitions[tag] = nil
            for index in layouts.indices { layouts[index].layout.frames[tag] = nil }
        }
        segments.removeAll { removed.contains($0.tag) }
        addedTags = views.map(\.tag)
    }

    /// Sets what the image view `tag` plays (the code's `animationImages`, `animationDuration`,
    /// `animationRepeatCount`): the timeline made from this runtime draws it so.
    package mutating func setImageView(_ imageView: ImageViewSpec, of tag: Int) {
        guard let index = spec.views.firstIndex(where: { $0.tag == tag }) else { return }
        spec.views[index].imageView = imageView
    }

    /// Adds an image the program found (a Swift program's `UIImage(named:)`): the timeline made from
    /// this runtime draws it, and re-solves of the layout take its size as its image views' intrinsic size.
    package mutating func addImage(_ asset: ImageAsset) {
        spec.images.add(asset)
    }
}
