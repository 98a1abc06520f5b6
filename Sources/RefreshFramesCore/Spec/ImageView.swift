/// What a `UIImageView` (`"kind": "image"`) shows and how: its image, content mode, rendering mode
/// and frame sequence. Images are named as the spec writes them: a file relative to the spec
/// (`"arrow.png"`, with its `@2x`/`@3x` variants beside it) or an asset of the spec's catalogs
/// (`"arrow"`); `Spec.images` holds them once the edge has opened them.
package struct ImageViewSpec: Sendable, Equatable {
    /// `image`: shown when no frame sequence runs (and after one stops); nil shows nothing.
    package var image: String?
    /// `highlightedImage`, shown instead while `isHighlighted`.
    package var highlightedImage: String?
    package var isHighlighted = false
    package var contentMode: ContentMode = .scaleToFill
    package var renderingMode: ImageRenderingMode = .automatic
    /// The frame sequence `startAnimating()` plays.
    package var animationImages: [String] = []
    /// Seconds per cycle; nil (UIKit's 0) is the number of images × 1/30 s.
    package var animationDuration: Double?
    /// Cycles before the sequence stops by itself; 0 repeats for ever (UIKit's default).
    package var animationRepeatCount = 0
    /// When the sequence plays without the program asking (`"animating"`).
    package var animating: Animating = .no

    package init(image: String? = nil) {
        self.image = image
    }

    /// The image shown while no sequence plays: the highlighted one when highlighted and set.
    package var shownImage: String? { isHighlighted ? highlightedImage ?? image : image }

    /// Every image name the view uses, each once, in order.
    package var names: [String] {
        var seen: Set<String> = []
        return ([image, highlightedImage].compactMap { $0 } + animationImages).filter { seen.insert($0).inserted }
    }

    /// The frame sequence's timing: UIKit's `animationDuration`, its 0 meaning count/30 s.
    package var sequence: ImageSequence {
        ImageSequence(
            images: animationImages, duration: animationDuration ?? Double(animationImages.count) / 30,
            repeatCount: animationRepeatCount)
    }
}

/// When an image view's frame sequence plays by itself, as refresh controls call its methods.
package enum Animating: Sendable, Equatable {
    /// Only when the program's `startAnimating` steps say (`"animating": false`, the default).
    case no
    /// `startAnimating()` at set-up, before the scenario starts (`true`; also what
    /// `UIImage.animatedImage(with:duration:)` shows: it loops while displayed).
    case fromSetUp
    /// `startAnimating()` when refreshing begins and `stopAnimating()` at endRefreshing
    /// (`"refreshing"`: the gif headers' `refreshAnimationBegin` and `refreshAnimationEnd`).
    case whileRefreshing
}

/// `UIView.ContentMode`, as a `UIImageView` places its image in its bounds.
package enum ContentMode: String, Sendable, CaseIterable {
    case scaleToFill, scaleAspectFit, scaleAspectFill, redraw, center, top, bottom, left, right
    case topLeft, topRight, bottomLeft, bottomRight

    /// The image's rectangle in a view of `bounds` (points, the view's own coordinates from its
    /// top-left corner) for an image of `size` points. The unscaled modes place it at whole pixels
    /// of `scale` (Core Animation's `contentsGravity` placement; research §14 rule 4).
    package func rect(for size: IntrinsicSize, in bounds: IntrinsicSize, scale: Double) -> Rect {
        let (w, h, W, H) = (size.width, size.height, bounds.width, bounds.height)
        switch self {
        case .scaleToFill, .redraw:
            return Rect(x: 0, y: 0, width: W, height: H)
        case .scaleAspectFit, .scaleAspectFill:
            guard w > 0, h > 0 else { return Rect(x: 0, y: 0, width: 0, height: 0) }
            let s = self == .scaleAspectFit ? min(W / w, H / h) : max(W / w, H / h)
            return Rect(x: (W - w * s) / 2, y: (H - h * s) / 2, width: w * s, height: h * s)
        default:
            let x: Double
            let y: Double
            switch self {
            case .left, .topLeft, .bottomLeft: x = 0
            case .right, .topRight, .bottomRight: x = W - w
            default: x = (W - w) / 2
            }
            switch self {
            case .top, .topLeft, .topRight: y = 0
            case .bottom, .bottomLeft, .bottomRight: y = H - h
            default: y = (H - h) / 2
            }
            func snapped(_ v: Double) -> Double {
                scale > 0 ? (v * scale).rounded(.toNearestOrAwayFromZero) / scale : v
            }
            return Rect(x: snapped(x), y: snapped(y), width: w, height: h)
        }
    }
}

/// `UIImage.RenderingMode`: `automatic` follows the asset's `template-rendering-intent`.
package enum ImageRenderingMode: String, Sendable, CaseIterable {
    case automatic, alwaysOriginal, alwaysTemplate
}

/// A frame sequence and its timing: frame `i` of `n` shows during `[i·d/n, (i+1)·d/n)` of each cycle
/// of `d` seconds (research §14 rule 1); a finite `repeatCount` ends it after that many cycles.
package struct ImageSequence: Sendable, Equatable {
    package var images: [String]
    package var duration: Double
    package var repeatCount: Int

    package init(images: [String], duration: Double, repeatCount: Int) {
        self.images = images
        self.duration = duration
        self.repeatCount = repeatCount
    }

    /// How long one run lasts before it stops by itself; nil for ever.
    package var runDuration: Double? { repeatCount > 0 ? duration * Double(repeatCount) : nil }

    /// The index of the frame shown `elapsed` seconds after `startAnimating()`; nil once a finite
    /// run has ended (the view then shows its `image`) or when there is nothing to play.
    /// Computed in whole microseconds, so frame boundaries fall where the arithmetic says.
    package func frame(after elapsed: Double) -> Int? {
        let count = images.count
        let cycle = Int64((duration * 1_000_000).rounded())
        let t = Int64((elapsed * 1_000_000).rounded())
        guard count > 0, cycle > 0, t >= 0 else { return nil }
        if repeatCount > 0, t >= cycle * Int64(repeatCount) { return nil }
        return Int((t % cycle) * Int64(count) / cycle)
    }

    /// The image shown at `time` by the runs `runs` (each from `startAnimating()` to
    /// `stopAnimating()`, or on), or nil when none plays then. A later start restarts the sequence
    /// at frame 0.
    package func image(at time: Double, runs: [ImageAnimationRun]) -> String? {
        guard let run = runs.last(where: { $0.start <= time }) else { return nil }
        if let stop = run.stop, time >= stop { return nil }
        return frame(after: time - run.start).map { images[$0] }
    }
}

/// One run of a frame sequence: from `startAnimating()` until `stopAnimating()` (nil: never).
package struct ImageAnimationRun: Sendable, Equatable {
    package var start: Double
    package var stop: Double?

    package init(start: Double, stop: Double? = nil) {
        self.start = start
        self.stop = stop
    }
}
