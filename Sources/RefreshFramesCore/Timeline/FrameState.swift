/// Where the scenario stands at an instant.
public enum ScenarioPhase: String, Sendable, Codable {
    /// Before the pull.
    case idle
    /// The user pulls; refreshing has not begun.
    case pulling
    case refreshing
    /// endRefreshing was called; the animation finishes its loop and the content collapses.
    case ending
    /// Everything has come to rest.
    case ended
}

/// Everything drawn at one instant: the output of `Timeline.sample(at:)`, the input of every exporter.
public struct FrameState: Sendable, Equatable {
    public var time: Double
    public var phase: ScenarioPhase
    public var refreshBeganAt: Double?
    public var refreshEndedAt: Double?
    /// The container's alpha (the marquee's `alpha = pull / 60`); 1 when the spec does not tie it to the pull.
    public var contentAlpha: Double
    /// How far the content is pulled down, in points.
    public var pull: Double
    /// Every tagged view, ordered by tag.
    public var views: [ViewState]
    /// The host table around the control, when the spec has a host.
    public var scene: SceneState? = nil

    public init(
        time: Double, phase: ScenarioPhase, refreshBeganAt: Double?, refreshEndedAt: Double?,
        contentAlpha: Double, pull: Double, views: [ViewState]
    ) {
        self.time = time
        self.phase = phase
        self.refreshBeganAt = refreshBeganAt
        self.refreshEndedAt = refreshEndedAt
        self.contentAlpha = contentAlpha
        self.pull = pull
        self.views = views
    }
}

/// One view at one instant. Each property of `AnimatableProperties.all` fills its field.
///
/// How a renderer places it (Core Animation's geometry, research §6.3 and §7): `frame` is the view's
/// frame before its transform; its layer's `position` is `frame.origin + anchorPoint × frame.size`;
/// the transform applies about that point, as `transform.matrix3D` (or, when `transform.isPlanar`,
/// as its rotation, scale and translation). With the default anchor point (the centre) that is what
/// every renderer did before anchor points existed.
public struct ViewState: Sendable, Equatable {
    public var tag: Int
    public var text: String? = nil
    /// The view's frame in points, in its superview's coordinates, before the transform: the solved
    /// layout's, or the program's `frame`/`center`/`bounds` where it sets or animates them.
    public var frame: Rect
    public var transform: Transform = .identity
    public var alpha: Double = 1
    public var textColor: RGBA = .black
    public var backgroundColor: RGBA = .clear
    /// For spinners: how many of the 8 spokes show (0…8) and the index of the brightest spoke.
    public var spinner: SpinnerState?
    /// For image views: the image shown (its `image`, or the frame of the sequence playing).
    public var image = ImageName.none
    /// `isHidden`: the view and its subviews are not drawn. Never animated (research §3.1).
    public var isHidden = false
    /// A button's control state flags (`isHighlighted`, `isSelected`, `isEnabled`): which state's
    /// content it shows. Never animated.
    public var isHighlighted = false
    public var isSelected = false
    public var isEnabled = true
    /// For buttons: what the flags make it show (`ButtonSpec.shown`), which `state` prints.
    package var button: ShownButton? = nil
    /// `layer.anchorPoint` in unit coordinates of the bounds: the point that sits at the layer's
    /// position and that the transform pivots about. (0.5, 0.5) is the centre.
    public var anchorPoint = Point(x: 0.5, y: 0.5)
    /// `layer.cornerRadius` in points (the spec's `cornerRadius` resolved against the frame, until the program sets it).
    public var cornerRadius: Double = 0
    /// `layer.borderWidth` in points, drawn inside the bounds, over the content (0: none).
    public var borderWidth: Double = 0
    /// `layer.borderColor` (Core Animation's default: opaque black).
    public var borderColor: RGBA = .black
    /// `layer.shadowOpacity`, 0…1 (0: no shadow, Core Animation's default).
    public var shadowOpacity: Double = 0
    /// `layer.shadowOffset` in points (Core Animation's default: (0, −3)).
    public var shadowOffset = Size(width: 0, height: -3)
    /// `layer.shadowRadius`: the blur radius in points (Core Animation's default: 3).
    public var shadowRadius: Double = 3
    /// `layer.shadowColor` (Core Animation's default: opaque black).
    public var shadowColor: RGBA = .black
    /// `layer.shadowPath`: the shape that casts the shadow (`.none`: the composited alpha).
    package var shadowPath = ShadowPath.none
    /// A `CAShapeLayer`'s shape (a Swift program's): its path (`.none`: no shape), stroke and fill
    /// colours, line width and cap, and the part of the path stroked (fractions of its length).
    package var path = ShapePath.none
    package var strokeColor: RGBA = .clear
    package var fillColor: RGBA = .black
    package var lineWidth: Double = 1
    package var lineCap = LineCap.butt
    package var strokeStart: Double = 0
    package var strokeEnd: Double = 1
    /// A `UIView.transition(with:…)` in flight on this view, if any.
    public var transition: TransitionState? = nil
    /// The properties added to the table since `state` first printed views whose value here is not
    /// the view's initial one: `state` prints those keys only then, so older output is unchanged.
    package internal(set) var changed = PropertyMask()

    public init(
        tag: Int, text: String?, frame: Rect, transform: Transform, alpha: Double, textColor: RGBA,
        backgroundColor: RGBA, spinner: SpinnerState? = nil
    ) {
        self.tag = tag
        self.text = text
        self.frame = frame
        self.transform = transform
        self.alpha = alpha
        self.textColor = textColor
        self.backgroundColor = backgroundColor
        self.spinner = spinner
    }

    /// A view at `frame` whose properties the timeline then fills in.
    init(tag: Int, frame: Rect) {
        self.tag = tag
        self.frame = frame
    }

    /// The layer's `position` (UIKit's `center`): where the anchor point sits in the superview.
    /// Setting it moves the frame.
    public var position: Point {
        get { Point(x: frame.x + anchorPoint.x * frame.width, y: frame.y + anchorPoint.y * frame.height) }
        set {
            frame.x = newValue.x - anchorPoint.x * frame.width
            frame.y = newValue.y - anchorPoint.y * frame.height
        }
    }

    /// `bounds.size`; setting it keeps the position (the frame grows about the anchor point).
    public var size: Size {
        get { Size(width: frame.width, height: frame.height) }
        set {
            let p = position
            frame.width = newValue.width
            frame.height = newValue.height
            position = p
        }
    }

    /// Sets the anchor point keeping the position, as `layer.anchorPoint = …` does: the frame moves
    /// (research §6.3: (100, 100, 80, 40) with anchor (0.5, 1) moves to y = 80).
    public var anchorKeepingPosition: Point {
        get { anchorPoint }
        set {
            let p = position
            anchorPoint = newValue
            position = p
        }
    }
}

/// A set of the property table's entries, by their index in `AnimatableProperties.all`.
package struct PropertyMask: Sendable, Hashable {
    var bits: UInt64 = 0

    package init() {}

    package func contains(_ index: Int) -> Bool { bits & (1 << UInt64(index)) != 0 }
    mutating func insert(_ index: Int) { bits |= 1 << UInt64(index) }
}

/// `UIView.transition(with:duration:options:animations:)` in flight (research §4): Core Animation
/// renders the view's subtree as it was before the animations closure ran (`from`) and as it is
/// now (the live states), and shows one turning into the other. Cross-dissolve:
/// `out = old·(1 − progress) + new·progress`, each side its own flattened group. Flips: for
/// `progress < 0.5` the old side turns from 0 to 90° about the view's centre axis, then the new side
/// from −90° to 0, seen with a perspective of `m34 = −1/flipPerspective` (the eye distance is not
/// documented; research §4.3). `angle` gives the rotation of the side shown.
public struct TransitionState: Sendable, Equatable {
    public enum Kind: String, Sendable, CaseIterable {
        case crossDissolve, flipFromLeft, flipFromRight, flipFromTop, flipFromBottom
    }

    public var kind: Kind
    /// 0…1, the block's curve applied to the elapsed fraction.
    public var progress: Double
    /// The transition view and its subviews as they were when the transition began, in the
    /// frame state's order (by tag): what the old side draws.
    public var from: [ViewState]

    public init(kind: Kind, progress: Double, from: [ViewState]) {
        self.kind = kind
        self.progress = progress
        self.from = from
    }

    /// The eye distance of a flip, in points: 1000 (research §4.3's stand-in).
    public static let flipPerspective = 1000.0

    /// Whether the old side shows (the first half of a flip; a cross-dissolve shows both).
    public var showsOldSide: Bool { kind == .crossDissolve || progress < 0.5 }

    /// A flip's side: the rotation of the side shown in degrees, about y for left/right, about x for
    /// top/bottom (`rotationY` / `rotationX` of a `Transform`); 0 for a cross-dissolve. Apple:
    /// flipFromLeft moves "the left side of the view … toward the front", which with Core
    /// Animation's handedness is a positive angle about y (research §7's worked example: under
    /// `R_y(45°)` the left edge comes toward the eye); flipFromTop moves the top toward the front, a
    /// negative angle about x.
    public var angle: Double {
        guard kind != .crossDissolve else { return 0 }
        let sign: Double = (kind == .flipFromLeft || kind == .flipFromBottom) ? 1 : -1
        let theta = progress < 0.5 ? progress * 180 : (progress - 1) * 180
        return sign * theta
    }
}

/// A modern iOS spinner (iOS 13+: UIActivityIndicatorView's `.medium`/`.large`, UIRefreshControl's
/// own): 8 spokes; the pull reveals them one by one, refreshing turns them in discrete steps, the
/// brightest spoke moving on by one every `stepDuration` (a turn in `period`, 0.8 s).
public struct SpinnerState: Sendable, Equatable {
    /// The spokes of every spinner iOS 13 and later draws (docs/uikit-semantics-sources.md).
    package static let spokeCount = 8
    /// One turn: `_UIActivityIndicatorSettings.fullLoopDuration`, 0.8 s.
    package static let period = 0.8
    /// How long the brightest spoke stays on one spoke: 0.1 s.
    package static var stepDuration: Double { period / Double(spokeCount) }

    /// How many spokes show, 0 to `spokeCount`.
    public var visibleSpokes: Int
    /// Which spoke is brightest (0 = 12 o'clock, clockwise); advances one spoke every 0.1 s while refreshing.
    public var leadingSpoke: Int

    /// The brightest spoke `elapsed` seconds after the spinner started turning.
    package static func leadingSpoke(after elapsed: Double) -> Int {
        // The small allowance keeps an instant on a step's start (0.3 s = 3 steps) on that step.
        Int((elapsed / stepDuration + 1e-9).rounded(.down)) % spokeCount
    }

    public init(visibleSpokes: Int, leadingSpoke: Int) {
        self.visibleSpokes = visibleSpokes
        self.leadingSpoke = leadingSpoke
    }
}
