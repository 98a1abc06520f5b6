/// A value a track moves: interpolated as Core Animation does, and printed in the timeline dump.
public protocol TrackValue: Interpolatable {
    var dumpDescription: String { get }
}

extension Double: TrackValue {
    public var dumpDescription: String { formatNumber(self) }
}

extension RGBA: TrackValue {
    public var dumpDescription: String { hexString }
}

extension Transform: TrackValue {}

/// A label's text: never interpolated, it changes when the keyframe ends (an instant change ends where it starts).
extension Optional: Interpolatable, TrackValue where Wrapped == String {
    public func interpolated(to other: String?, _ progress: Double) -> String? { progress >= 1 ? other : self }
    public var dumpDescription: String { map { "\"\($0)\"" } ?? "null" }
}

/// One property of one view moving from a value to another between two instants; an instant change
/// (text, a label's textColor, the reset) has `start == end`.
public struct Keyframe<Value: TrackValue>: Sendable, Equatable {
    public var from: Value
    public var to: Value
    public var start: Double
    public var end: Double
    public var curve: Curve

    public var isInstant: Bool { end <= start }

    public func value(at time: Double) -> Value {
        if time >= end { return to }
        let fraction = (time - start) / (end - start)
        return from.interpolated(to: to, curve.progress(at: fraction, duration: end - start))
    }
}

/// Every keyframe of one property of one view, ordered by start (keyframes that start together keep
/// the order they were added in); `value(at:)` is the value UIKit's presentation layer shows.
public struct Track<Value: TrackValue>: Sendable, Equatable {
    /// The property's name in the timeline dump and in `state` (`transform`, `textColor`).
    public let name: String
    public let initial: Value
    public private(set) var keyframes: [Keyframe<Value>] = []
    /// The value last set (UIKit's model value): where the next animation of the property starts from.
    public private(set) var model: Value

    init(_ name: String, initial: Value) {
        self.name = name
        self.initial = initial
        self.model = initial
    }

    mutating func add(_ keyframe: Keyframe<Value>) {
        var index = keyframes.endIndex
        while index > keyframes.startIndex && keyframes[index - 1].start > keyframe.start { index -= 1 }
        keyframes.insert(keyframe, at: index)
        model = keyframe.to
    }

    public func value(at time: Double) -> Value {
        // The last keyframe that has started.
        var lo = 0
        var hi = keyframes.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if keyframes[mid].start <= time { lo = mid + 1 } else { hi = mid }
        }
        return lo > 0 ? keyframes[lo - 1].value(at: time) : initial
    }
}

/// The tracks of one view: one per animatable property. A new animatable property is a track here,
/// a value in `Changes` that the program sets, and a field of `ViewState` that `sample(at:)` fills.
public struct ViewTracks: Sendable, Equatable {
    public var text: Track<String?>
    public var transform: Track<Transform>
    public var alpha: Track<Double>
    public var textColor: Track<RGBA>
    public var backgroundColor: Track<RGBA>

    init(_ view: ViewSpec, now: Int64) {
        text = Track("text", initial: view.texts[.idle].map { expandClockTemplates($0, now: now) })
        transform = Track("transform", initial: .identity)
        alpha = Track("alpha", initial: view.alpha)
        textColor = Track("textColor", initial: view.textColor)
        backgroundColor = Track("backgroundColor", initial: view.backgroundColor)
    }

    /// The view's state at `time`, over its frame in the layout of that instant.
    func state(tag: Int, frame: Rect, at time: Double) -> ViewState {
        ViewState(
            tag: tag, text: text.value(at: time), frame: frame, transform: transform.value(at: time),
            alpha: alpha.value(at: time), textColor: textColor.value(at: time),
            backgroundColor: backgroundColor.value(at: time))
    }
}

/// One line of the timeline's log: a keyframe as the dump prints it, in the order the program made them.
public struct Segment: Sendable, Equatable {
    public var tag: Int
    /// The track's name: `transform`, `alpha`, `textColor`, `backgroundColor`, `text`.
    public var property: String
    public var from: String
    public var to: String
    public var start: Double
    public var end: Double
    public var curve: Curve
    /// The JSON path of the program step that made it (`program.cycle[0].each.steps[1].animate`);
    /// nil for the scenario's own changes (texts, spinner fade, reset). Not part of the dump.
    public var step: String?

    public var isInstant: Bool { end <= start }
}

extension Transform {
    /// `identity`, `rotate(45°)`, `scale(1.5)`, `rotate(45°) scale(1.5, 2) translate(3, 0)`.
    public var dumpDescription: String {
        var parts: [String] = []
        if translationX != 0 || translationY != 0 {
            parts.append("translate(\(formatNumber(translationX)), \(formatNumber(translationY)))")
        }
        if rotation != 0 { parts.append("rotate(\(formatNumber(rotation))°)") }
        if scaleX != 1 || scaleY != 1 {
            parts.append(
                scaleX == scaleY
                    ? "scale(\(formatNumber(scaleX)))" : "scale(\(formatNumber(scaleX)), \(formatNumber(scaleY)))")
        }
        return parts.isEmpty ? "identity" : parts.joined(separator: " ")
    }
}
