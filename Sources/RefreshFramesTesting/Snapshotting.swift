import RefreshFrames
import RefreshFramesCompare

/// What an assertion compares with goldens, as swift-snapshot-testing's strategies say it: the
/// same golden files `refresh-frames check` reads and `record` writes.
public struct Snapshotting: Sendable, Equatable {
    /// Which goldens: the pixel frames or the semantic dumps.
    package var kinds: GoldenCheck.Kinds
    /// What the frames show; nil: as recorded, else the whole screen when the spec has a host.
    package var part: RefreshAnimation.Part?
    /// Pixels per point of the frames; nil: as recorded, else the canvas's.
    package var scale: Double?
    package var diffing: Diffing

    /// `timeline.txt` and `states.json`: the solved layout and every animation segment, and every
    /// view's state at each instant, compared in words (`states: tag 1: rotation 18.75 at 0.05 s,
    /// golden 22.5`). They do not depend on fonts.
    public static let semantic = Snapshotting(kinds: .semantic, diffing: .pixels)

    /// `frame-NNN.png`: each instant's frame, truecolor, compared pixel by pixel with `diffing`'s
    /// tolerance. `part`: the control alone or the whole screen (default: as recorded, else the
    /// screen when the spec has a host); `scale`: pixels per point (default: as recorded, else the
    /// canvas's).
    public static func frames(
        _ part: RefreshAnimation.Part? = nil, scale: Double? = nil, diffing: Diffing = .pixels
    ) -> Snapshotting {
        Snapshotting(kinds: .pixels, part: part, scale: scale, diffing: diffing)
    }
}

/// How frames are compared with their goldens: as `check` compares them, a per-pixel colour
/// threshold in YIQ (as pixelmatch; it ignores anti-aliasing) and the share of pixels that may
/// differ.
public struct Diffing: Sendable, Equatable {
    /// 0…1; nil: the spec's `golden.threshold`, else the manifest's, else 0.1.
    public var threshold: Double?
    /// Percent of a frame's pixels; nil: the spec's `golden.maxDiff`, else the manifest's, else 0.
    public var maxDiff: Double?

    /// `check`'s tolerance: the spec's, else the manifest's, else the defaults.
    public static let pixels = Diffing()

    /// A tolerance of its own, as `check --threshold --max-diff` gives.
    public static func pixels(threshold: Double? = nil, maxDiff: Double? = nil) -> Diffing {
        Diffing(threshold: threshold, maxDiff: maxDiff)
    }
}

/// When goldens are written instead of compared: `.missing`, `.failed`, `.all` (and `.never`), as
/// `check --record`. On CI (`CI` set) nothing is ever recorded.
public typealias RecordMode = RefreshFramesCompare.RecordMode
