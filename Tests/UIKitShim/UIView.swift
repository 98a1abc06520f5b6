import RefreshFramesCore

/// `CGAffineTransform` as CoreGraphics declares it: `[a b c d tx ty]`, applied as a row vector.
public struct CGAffineTransform: Equatable, Sendable {
    public var a, b, c, d, tx, ty: CGFloat

    public init(a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat) {
        (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
    }

    public static let identity = CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    public init(rotationAngle angle: CGFloat) {
        self.init(a: cos(angle), b: sin(angle), c: -sin(angle), d: cos(angle), tx: 0, ty: 0)
    }

    public init(scaleX sx: CGFloat, y sy: CGFloat) { self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0) }

    public init(translationX tx: CGFloat, y ty: CGFloat) { self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty) }

    /// `t1.concatenating(t2)` = t1 then t2.
    public func concatenating(_ t2: CGAffineTransform) -> CGAffineTransform {
        CGAffineTransform(
            a: a * t2.a + b * t2.c, b: a * t2.b + b * t2.d, c: c * t2.a + d * t2.c, d: c * t2.b + d * t2.d,
            tx: tx * t2.a + ty * t2.c + t2.tx, ty: tx * t2.b + ty * t2.d + t2.ty)
    }

    public func rotated(by angle: CGFloat) -> CGAffineTransform {
        CGAffineTransform(rotationAngle: angle).concatenating(self)
    }

    public func scaledBy(x sx: CGFloat, y sy: CGFloat) -> CGAffineTransform {
        CGAffineTransform(scaleX: sx, y: sy).concatenating(self)
    }

    public var isIdentity: Bool { self == .identity }

    /// The engine's decomposed form (translate · rotate · scale, degrees clockwise), as Core Animation
    /// decomposes a matrix to interpolate it.
    var decomposed: Transform {
        let sx = (a * a + b * b).squareRoot()
        let rotation = atan2(b, a) * 180 / .pi
        let sy = sx == 0 ? 0 : (a * d - b * c) / sx
        return Transform(rotation: rotation, scaleX: sx, scaleY: sy, translationX: tx, translationY: ty)
    }
}

/// A layer: the properties of the engine's table that UIKit keeps on `view.layer`, each recording
/// its changes through its entry, as the view's own do.
@MainActor
open class CALayer {
    /// The view whose layer it is (set by the view).
    weak var view: UIView?

    open var cornerRadius: CGFloat = 0 {
        didSet { record(.cornerRadius, from: oldValue, to: cornerRadius) }
    }
    open var anchorPoint = CGPoint(x: 0.5, y: 0.5) {
        didSet { record(.anchorPoint, from: Point(oldValue), to: Point(anchorPoint)) }
    }
    open var borderWidth: CGFloat = 0 {
        didSet { record(.borderWidth, from: oldValue, to: borderWidth) }
    }
    open var borderColor: CGColor? = UIColor.black.cgColor {
        didSet { record(.borderColor, from: oldValue?.rgba ?? .clear, to: borderColor?.rgba ?? .clear) }
    }
    open var shadowOpacity: Float = 0 {
        didSet { record(.shadowOpacity, from: Double(oldValue), to: Double(shadowOpacity)) }
    }
    open var shadowOffset = CGSize(width: 0, height: -3) {
        didSet { record(.shadowOffset, from: Size(oldValue), to: Size(shadowOffset)) }
    }
    open var shadowRadius: CGFloat = 3 {
        didSet { record(.shadowRadius, from: oldValue, to: shadowRadius) }
    }
    open var shadowColor: CGColor? = UIColor.black.cgColor {
        didSet { record(.shadowColor, from: oldValue?.rgba ?? .clear, to: shadowColor?.rgba ?? .clear) }
    }
    /// nil: the shadow is cast by the layer's composited alpha (UIBezierPath.swift).
    open var shadowPath: CGPath? {
        didSet { record(.shadowPath, from: oldValue?.shape ?? .none, to: shadowPath?.shape ?? .none) }
    }

    public init() {}

    private func record<Setting>(_ property: AnimatableProperty<Setting>, from: Setting.Value, to: Setting.Value) {
        guard let view else { return }
        Shim.record(view, property, from: from, to: to)
    }
}

/// `CGColor`, as `UIColor.cgColor` gives it.
public final class CGColor {
    let rgba: RGBA
    init(_ rgba: RGBA) { self.rgba = rgba }
}

extension UIColor {
    public var cgColor: CGColor { CGColor(rgba) }
}

extension Point {
    init(_ p: CGPoint) { self.init(x: p.x, y: p.y) }
}

extension Size {
    init(_ s: CGSize) { self.init(width: s.width, height: s.height) }
}

@MainActor
open class UIView {
    public struct AnimationOptions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let curveEaseInOut = AnimationOptions(rawValue: 0 << 16)
        public static let curveEaseIn = AnimationOptions(rawValue: 1 << 16)
        public static let curveEaseOut = AnimationOptions(rawValue: 2 << 16)
        public static let curveLinear = AnimationOptions(rawValue: 3 << 16)
        public static let beginFromCurrentState = AnimationOptions(rawValue: 1 << 2)
        public static let `repeat` = AnimationOptions(rawValue: 1 << 3)
        public static let autoreverse = AnimationOptions(rawValue: 1 << 4)
        public static let transitionFlipFromLeft = AnimationOptions(rawValue: 1 << 20)
        public static let transitionFlipFromRight = AnimationOptions(rawValue: 2 << 20)
        public static let transitionCrossDissolve = AnimationOptions(rawValue: 5 << 20)
        public static let transitionFlipFromTop = AnimationOptions(rawValue: 6 << 20)
        public static let transitionFlipFromBottom = AnimationOptions(rawValue: 7 << 20)

        var curve: Curve {
            switch rawValue >> 16 & 3 {
            case 1: .easeIn
            case 2: .easeOut
            case 3: .linear
            default: .easeInOut
            }
        }
    }

    public struct AutoresizingMask: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
        public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
    }

    open var tag: Int = 0
    open var frame: CGRect
    open var bounds: CGRect {
        get { CGRect(origin: .zero, size: frame.size) }
        set {
            let old = frame.size
            let center = self.center
            frame.size = newValue.size
            frame.origin = CGPoint(x: center.x - frame.width / 2, y: center.y - frame.height / 2)
            Shim.record(self, .bounds, from: Size(old), to: Size(frame.size))
        }
    }
    /// The layer's position (the shim keeps the anchor point at the centre for geometry).
    open var center: CGPoint {
        get { CGPoint(x: frame.midX, y: frame.midY) }
        set {
            let old = center
            frame.origin = CGPoint(x: newValue.x - frame.width / 2, y: newValue.y - frame.height / 2)
            Shim.record(self, .center, from: Point(old), to: Point(newValue))
        }
    }
    open var isHidden = false {
        didSet { Shim.record(self, .hidden, from: oldValue, to: isHidden) }
    }
    public let layer = CALayer()
    open var clipsToBounds = false
    open var autoresizingMask: AutoresizingMask = []
    open var translatesAutoresizingMaskIntoConstraints = true
    open private(set) var subviews: [UIView] = []
    open private(set) weak var superview: UIView?
    open private(set) var constraints: [NSLayoutConstraint] = []
    var hugging: [NSLayoutConstraint.Axis: UILayoutPriority] = [.horizontal: .defaultLow, .vertical: .defaultLow]
    var compression: [NSLayoutConstraint.Axis: UILayoutPriority] = [
        .horizontal: .defaultHigh, .vertical: .defaultHigh,
    ]

    open var transform: CGAffineTransform = .identity {
        // From what the view showed as its model: a `transform3D` set since is not in `oldValue`.
        didSet {
            let old = (model["transform"] as? Transform) ?? oldValue.decomposed
            Shim.record(self, .transform, from: old, to: transform.decomposed)
        }
    }

    /// UIView's alpha; Core Animation clamps the layer's opacity to 0…1.
    open var alpha: CGFloat = 1 {
        didSet { Shim.record(self, .alpha, from: oldValue, to: alpha) }
    }

    open var backgroundColor: UIColor? {
        didSet {
            Shim.record(self, .backgroundColor, from: oldValue?.rgba ?? .clear, to: backgroundColor?.rgba ?? .clear)
        }
    }

    /// The engine's name for the kind of view (which says, with the property table, what animates).
    var kind: ViewKind { .view }
    /// The values the properties of the engine's table were last set to, by name.
    var model: [String: any TrackValue] = [:]

    public init(frame: CGRect) {
        self.frame = frame
        layer.view = self
    }

    public required init?(coder: NSCoder) {
        self.frame = .zero
        layer.view = self
    }

    open func addSubview(_ view: UIView) {
        subviews.append(view)
        view.superview = self
    }

    open func setContentHuggingPriority(_ priority: UILayoutPriority, for axis: NSLayoutConstraint.Axis) {
        hugging[axis] = priority
    }

    open func contentHuggingPriority(for axis: NSLayoutConstraint.Axis) -> UILayoutPriority { hugging[axis]! }

    open func setContentCompressionResistancePriority(
        _ priority: UILayoutPriority, for axis: NSLayoutConstraint.Axis
    ) {
        compression[axis] = priority
    }

    open func contentCompressionResistancePriority(for axis: NSLayoutConstraint.Axis) -> UILayoutPriority {
        compression[axis]!
    }

    open func layoutSubviews() {}

    /// Solves the active constraints of this view and its subviews with the engine's solver, sets
    /// the subviews' frames and calls `layoutSubviews()` of this view, then of its descendants.
    open func layoutIfNeeded() {
        do {
            try ShimLayout.solve(self)
        } catch {
            Shim.layoutErrors.append("\(error)")
        }
        layoutSubviews()
        for view in ShimLayout.descendants(of: self) { view.layoutSubviews() }
    }

    func addConstraint(_ constraint: NSLayoutConstraint) { constraints.append(constraint) }

    public var leftAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(self, .left) }
    public var rightAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(self, .right) }
    public var leadingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(self, .leading) }
    public var trailingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(self, .trailing) }
    public var centerXAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(self, .centerX) }
    public var topAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(self, .top) }
    public var bottomAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(self, .bottom) }
    public var centerYAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(self, .centerY) }
    public var widthAnchor: NSLayoutDimension { NSLayoutDimension(self, .width) }
    public var heightAnchor: NSLayoutDimension { NSLayoutDimension(self, .height) }

    open class func animate(
        withDuration duration: TimeInterval, delay: TimeInterval, options: UIView.AnimationOptions = [],
        animations: @escaping @MainActor @Sendable () -> Void, completion: (@MainActor @Sendable (Bool) -> Void)? = nil
    ) {
        Shim.animate(
            duration: duration, delay: delay, curve: options.curve, options: options, animations: animations,
            completion: completion)
    }

    open class func transition(
        with view: UIView, duration: TimeInterval, options: UIView.AnimationOptions = [],
        animations: (@MainActor @Sendable () -> Void)?, completion: (@MainActor @Sendable (Bool) -> Void)? = nil
    ) {
        Shim.transition(
            with: view, duration: duration, options: options, animations: animations, completion: completion)
    }

    open class func modifyAnimations(
        withRepeatCount count: CGFloat, autoreverses: Bool, animations: @MainActor () -> Void
    ) {
        Shim.modifyAnimations(count: count, autoreverses: autoreverses, animations)
    }

    open class func animate(
        withDuration duration: TimeInterval, animations: @escaping @MainActor @Sendable () -> Void,
        completion: (@MainActor @Sendable (Bool) -> Void)? = nil
    ) {
        Shim.animate(duration: duration, delay: 0, curve: .easeInOut, animations: animations, completion: completion)
    }

    open class func animate(withDuration duration: TimeInterval, animations: @escaping @MainActor @Sendable () -> Void)
    {
        Shim.animate(duration: duration, delay: 0, curve: .easeInOut, animations: animations, completion: nil)
    }

    open class func animate(
        withDuration duration: TimeInterval, delay: TimeInterval, usingSpringWithDamping dampingRatio: CGFloat,
        initialSpringVelocity velocity: CGFloat, options: UIView.AnimationOptions = [],
        animations: @escaping @MainActor @Sendable () -> Void, completion: (@MainActor @Sendable (Bool) -> Void)? = nil
    ) {
        Shim.animate(
            duration: duration, delay: delay, curve: .spring(damping: dampingRatio, velocity: velocity),
            options: options, animations: animations, completion: completion)
    }
}

public enum NSLineBreakMode: Int, Sendable {
    case byWordWrapping = 0
    case byCharWrapping = 1
    case byClipping = 2
    case byTruncatingHead = 3
    case byTruncatingTail = 4
    case byTruncatingMiddle = 5
}

public enum NSTextAlignment: Int, Sendable {
    case left = 0
    case center = 1
    case right = 2
    case justified = 3
    case natural = 4
}

@MainActor
open class UILabel: UIView {
    open var text: String? {
        didSet { Shim.record(self, .text, from: oldValue, to: text) }
    }
    open var font: UIFont! = UIFont.systemFont(ofSize: 17)
    open var textColor: UIColor! = .black {
        didSet { Shim.record(self, .textColor, from: oldValue?.rgba ?? .black, to: textColor?.rgba ?? .black) }
    }
    open var textAlignment: NSTextAlignment = .natural
    open var numberOfLines = 1
    open var lineBreakMode: NSLineBreakMode = .byTruncatingTail
    open var preferredMaxLayoutWidth: CGFloat = 0
    open var adjustsFontSizeToFitWidth = false
    open var minimumScaleFactor: CGFloat = 0
    override var kind: ViewKind { .label }

    /// The engine's form of the line settings.
    var lines: LabelLines {
        var lines = LabelLines()
        lines.numberOfLines = numberOfLines
        lines.lineBreakMode = LineBreakMode(rawValue: "\(lineBreakMode)")!
        lines.preferredMaxLayoutWidth = preferredMaxLayoutWidth
        lines.adjustsFontSizeToFitWidth = adjustsFontSizeToFitWidth
        lines.minimumScaleFactor = minimumScaleFactor
        return lines
    }

    public override init(frame: CGRect) {
        super.init(frame: frame)
        hugging = [.horizontal: .defaultLow, .vertical: .defaultLow]
    }

    public required init?(coder: NSCoder) { super.init(coder: coder) }
}

@MainActor
open class UIActivityIndicatorView: UIView {
    public enum Style: Int, Sendable {
        case medium = 100
        case large = 101
    }

    open var style: Style
    open var color: UIColor!
    open var hidesWhenStopped = true
    open private(set) var isAnimating = false
    override var kind: ViewKind { .spinner }

    public init(style: Style) {
        self.style = style
        super.init(frame: .zero)
    }

    public required init?(coder: NSCoder) {
        self.style = .medium
        super.init(coder: coder)
    }

    open func startAnimating() { isAnimating = true }
    open func stopAnimating() { isAnimating = false }
}

extension UIView {
    public convenience init() { self.init(frame: .zero) }
}

public enum UIViewAnimatingPosition: Int, Sendable {
    case end = 0
    case start = 1
    case current = 2
}

/// The part of UIViewPropertyAnimator the generated code uses for cubic Bézier curves: the block
/// runs when the animation starts, as one `UIView.animate` block with that curve.
@MainActor
open class UIViewPropertyAnimator {
    let duration: TimeInterval
    let curve: Curve
    var animations: (@MainActor () -> Void)?
    var completions: [@MainActor (UIViewAnimatingPosition) -> Void] = []

    init(duration: TimeInterval, curve: Curve, animations: (@MainActor () -> Void)?) {
        self.duration = duration
        self.curve = curve
        self.animations = animations
    }

    public convenience init(
        duration: TimeInterval, controlPoint1 point1: CGPoint, controlPoint2 point2: CGPoint,
        animations: (@MainActor () -> Void)? = nil
    ) {
        self.init(
            duration: duration, curve: .cubicBezier(point1.x, point1.y, point2.x, point2.y), animations: animations)
    }

    open func addCompletion(_ completion: @escaping @MainActor (UIViewAnimatingPosition) -> Void) {
        completions.append(completion)
    }

    open func startAnimation() { startAnimation(afterDelay: 0) }

    open func startAnimation(afterDelay delay: TimeInterval) {
        let completions = self.completions
        Shim.animate(
            duration: duration, delay: delay, curve: curve, animations: animations ?? {},
            completion: { finished in for c in completions { c(finished ? .end : .current) } })
    }
}
