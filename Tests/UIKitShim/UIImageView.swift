import RefreshFramesCore

/// `UIImage` by name: the shim has no pixels, only the name the code asked for.
public final class UIImage: Sendable {
    public enum RenderingMode: Int, Sendable {
        case automatic, alwaysOriginal, alwaysTemplate
    }

    let name: String
    public let renderingMode: RenderingMode

    init(name: String, renderingMode: RenderingMode) {
        self.name = name
        self.renderingMode = renderingMode
    }

    public convenience init?(named name: String) { self.init(name: name, renderingMode: .automatic) }

    public func withRenderingMode(_ mode: RenderingMode) -> UIImage { UIImage(name: name, renderingMode: mode) }
}

extension UIView {
    public enum ContentMode: Int, Sendable {
        case scaleToFill, scaleAspectFit, scaleAspectFill, redraw, center, top, bottom, left, right
        case topLeft, topRight, bottomLeft, bottomRight
    }
}

/// `UIImageView`: records the image it shows through the engine's `image` entry, its own
/// `image` or, while a frame sequence plays, the sequence's frame (frame k of n from k·d/n of each
/// cycle, `animationDuration` 0 meaning n/30 s; after a finite repeat count, `image` again),
/// scheduled on the virtual clock as UIKit's keyframe animation of `contents` shows them.
@MainActor
open class UIImageView: UIView {
    open var image: UIImage? {
        didSet { if !isAnimating { show(image?.name) } }
    }
    open var highlightedImage: UIImage?
    open var isHighlighted = false
    open var contentMode: ContentMode = .scaleToFill
    open var tintColor: UIColor! = UIColor(red: 0, green: 122 / 255, blue: 1, alpha: 1)
    open var animationImages: [UIImage]?
    open var animationDuration: TimeInterval = 0
    open var animationRepeatCount = 0
    open private(set) var isAnimating = false
    override var kind: ViewKind { .image }

    /// The name shown now, and the run of the sequence that is playing (a later start or a stop ends it).
    private var shown: String?
    private var run = 0

    public init(image: UIImage?) {
        self.image = image
        super.init(frame: .zero)
        shown = image?.name
        model["image"] = ImageName(shown)
    }

    public override init(frame: CGRect) { super.init(frame: frame) }
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    private func show(_ name: String?) {
        guard name != shown else { return }
        Shim.record(self, .image, from: ImageName(shown), to: ImageName(name))
        shown = name
    }

    open func startAnimating() {
        guard let frames = animationImages?.map(\.name), !frames.isEmpty else { return }
        run += 1
        isAnimating = true
        let cycle = Shim.micros(animationDuration > 0 ? animationDuration : Double(frames.count) / 30)
        let count = Int64(frames.count)
        let cycles = Int64(animationRepeatCount)
        let start = Shim.now
        let current = run
        /// Shows frame `k` (counted over all cycles) and schedules the next; the first of the
        /// frame's microseconds is the one where ⌊t·n / d⌋ reaches it.
        func step(_ k: Int64) {
            guard run == current else { return }
            if cycles > 0, k >= cycles * count {
                isAnimating = false
                show(image?.name)
                return
            }
            show(frames[Int(k % count)])
            let next = k + 1
            let offset = (next / count) * cycle + ((next % count) * cycle + count - 1) / count
            Shim.schedule(at: start + offset, { step(next) }, isImageFrame: true)
        }
        step(0)
    }

    open func stopAnimating() {
        guard isAnimating else { return }
        run += 1
        isAnimating = false
        show(image?.name)
    }
}
