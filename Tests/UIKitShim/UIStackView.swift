import RefreshFramesCore

public struct UIEdgeInsets: Equatable, Sendable {
    public var top, left, bottom, right: CGFloat

    public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
        (self.top, self.left, self.bottom, self.right) = (top, left, bottom, right)
    }
}

/// UIStackView's arrangement properties; the layout itself is the engine's (`ShimLayout` turns the
/// stack into a `StackSpec`), as the round trip compares frames with the engine's.
@MainActor
open class UIStackView: UIView {
    public enum Alignment: Int, Sendable {
        case fill = 0
        case leading = 1
        case firstBaseline = 2
        case center = 3
        case trailing = 4
        case lastBaseline = 5
        case bottom = 6
        public static var top: Alignment { .leading }
    }

    public enum Distribution: Int, Sendable {
        case fill = 0
        case fillEqually = 1
        case fillProportionally = 2
        case equalSpacing = 3
        case equalCentering = 4
    }

    open var axis: NSLayoutConstraint.Axis = .horizontal
    open var spacing: CGFloat = 0
    open var alignment: Alignment = .fill
    open var distribution: Distribution = .fill
    open var isLayoutMarginsRelativeArrangement = false
    open var layoutMargins = UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8)
    open private(set) var arrangedSubviews: [UIView] = []
    var customSpacing: [ObjectIdentifier: CGFloat] = [:]
    override var kind: ViewKind { .stack }

    /// Adds the view as a subview too, and lays it out (UIKit turns its autoresizing mask off).
    open func addArrangedSubview(_ view: UIView) {
        arrangedSubviews.append(view)
        view.translatesAutoresizingMaskIntoConstraints = false
        addSubview(view)
    }

    open func setCustomSpacing(_ spacing: CGFloat, after arrangedSubview: UIView) {
        customSpacing[ObjectIdentifier(arrangedSubview)] = spacing
    }

    open func customSpacing(after arrangedSubview: UIView) -> CGFloat {
        customSpacing[ObjectIdentifier(arrangedSubview)] ?? spacing
    }

    /// The engine's form of the arrangement.
    var stackSpec: StackSpec {
        var stack = StackSpec()
        stack.axis = axis == .horizontal ? .horizontal : .vertical
        stack.spacing = spacing
        stack.alignment =
            switch alignment {
            case .fill: .fill
            case .leading: axis == .horizontal ? .top : .leading
            case .firstBaseline: .firstBaseline
            case .center: .center
            case .trailing: axis == .horizontal ? .bottom : .trailing
            case .lastBaseline: .lastBaseline
            case .bottom: .bottom
            }
        stack.distribution =
            switch distribution {
            case .fill: .fill
            case .fillEqually: .fillEqually
            case .fillProportionally: .fillProportionally
            case .equalSpacing: .equalSpacing
            case .equalCentering: .equalCentering
            }
        stack.isLayoutMarginsRelativeArrangement = isLayoutMarginsRelativeArrangement
        stack.layoutMargins = [layoutMargins.top, layoutMargins.left, layoutMargins.bottom, layoutMargins.right]
        return stack
    }
}
