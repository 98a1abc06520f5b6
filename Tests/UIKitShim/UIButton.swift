import RefreshFramesCore

/// `UIButton` as the generated code uses it: its states' content is kept (the shim has no pixels),
/// and `isHighlighted`, `isSelected` and `isEnabled` are recorded through the engine's entries.
@MainActor
open class UIButton: UIControl {
    public enum ButtonType: Int, Sendable {
        case custom, system
    }

    public struct State: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let normal = State([])
        public static let highlighted = State(rawValue: 1 << 0)
        public static let disabled = State(rawValue: 1 << 1)
        public static let selected = State(rawValue: 1 << 2)
    }

    public enum ContentHorizontalAlignment: Int, Sendable {
        case center, left, right, fill, leading, trailing
    }

    public convenience init(type: ButtonType) { self.init(frame: .zero) }

    open var isHighlighted = false {
        didSet { Shim.record(self, .highlighted, from: oldValue, to: isHighlighted) }
    }
    open var isSelected = false {
        didSet { Shim.record(self, .selected, from: oldValue, to: isSelected) }
    }
    open var isEnabled = true {
        didSet { Shim.record(self, .enabled, from: oldValue, to: isEnabled) }
    }
    open var adjustsImageWhenHighlighted = true
    open var adjustsImageWhenDisabled = true
    open var contentHorizontalAlignment = ContentHorizontalAlignment.center
    open var contentEdgeInsets = UIEdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
    open var tintColor: UIColor! = UIColor(red: 0, green: 122 / 255, blue: 1, alpha: 1)
    public let titleLabel: UILabel? = UILabel(frame: .zero)
    override var kind: ViewKind { .button }

    /// Each state's content, as set.
    private(set) var titles: [State: String] = [:]
    private(set) var titleColors: [State: UIColor] = [:]
    private(set) var images: [State: UIImage] = [:]
    private(set) var backgroundImages: [State: UIImage] = [:]

    open func setTitle(_ title: String?, for state: State) { titles[state] = title }
    open func setTitleColor(_ color: UIColor?, for state: State) { titleColors[state] = color }
    open func setImage(_ image: UIImage?, for state: State) { images[state] = image }
    open func setBackgroundImage(_ image: UIImage?, for state: State) { backgroundImages[state] = image }
}
