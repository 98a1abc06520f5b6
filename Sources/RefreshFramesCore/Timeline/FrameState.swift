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
public struct ViewState: Sendable, Equatable {
    public var tag: Int
    public var text: String? = nil
    /// The solved layout frame in points, before the transform.
    public var frame: Rect
    public var transform: Transform = .identity
    public var alpha: Double = 1
    public var textColor: RGBA = .black
    public var backgroundColor: RGBA = .clear
    /// For spinners: how many of the 12 spokes show (0…12) and the index of the brightest spoke.
    public var spinner: SpinnerState?

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
}

/// UIActivityIndicatorView-style spinner: 12 spokes; the pull reveals them one by one, refreshing turns them.
public struct SpinnerState: Sendable, Equatable {
    public var visibleSpokes: Int
    /// Which spoke is brightest (0 = 12 o'clock, clockwise); advances 12 steps a second while refreshing.
    public var leadingSpoke: Int

    public init(visibleSpokes: Int, leadingSpoke: Int) {
        self.visibleSpokes = visibleSpokes
        self.leadingSpoke = leadingSpoke
    }
}
