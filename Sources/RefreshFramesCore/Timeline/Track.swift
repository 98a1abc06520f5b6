/// A value a track moves: interpolated as Core Animation does, printed in the timeline dump, and
/// held by UIKit code as one of the kinds of `UIKitValue`.
public protocol TrackValue: Interpolatable {
    var dumpDescription: String { get }
    var uikitValue: UIKitValue { get }
}

extension Double: TrackValue {
    public var dumpDescription: String { formatNumber(self) }
    public var uikitValue: UIKitValue { .number(self) }
}

extension RGBA: TrackValue {
    public var dumpDescription: String { hexString }
    public var uikitValue: UIKitValue { .color(self) }
}

extension Bool: TrackValue {
    public var dumpDescription: String { self ? "true" : "false" }
    public var uikitValue: UIKitValue { .bool(self) }
}

extension Point: TrackValue {
    public var dumpDescription: String { "(\(formatNumber(x)), \(formatNumber(y)))" }
    public var uikitValue: UIKitValue { .point(self) }
}

extension Size: TrackValue {
    public var dumpDescription: String { "\(formatNumber(width))×\(formatNumber(height))" }
    public var uikitValue: UIKitValue { .size(self) }
}

extension Transform: TrackValue {
    public var uikitValue: UIKitValue { .transform(self) }
}

/// A label's text: never interpolated, it changes when the keyframe ends (an instant change ends where it starts).
extension Optional: Interpolatable, TrackValue where Wrapped == String {
    public func interpolated(to other: String?, _ progress: Double) -> String? { progress >= 1 ? other : self }
    public var dumpDescription: String { map { "\"\($0)\"" } ?? "null" }
    public var uikitValue: UIKitValue { .text(self) }
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

/// The tracks of one view: one per property of `AnimatableProperties.all`.
public struct ViewTracks: Sendable, Equatable {
    private var tracks: [any PropertyTrack]
    /// The spec's corner radius, resolved against the frame of each instant until the program sets one.
    private let cornerRadius: CornerRadius

    init(_ view: ViewSpec, now: Int64, frame: Rect = Rect(x: 0, y: 0, width: 0, height: 0)) {
        let context = InitialContext(now: now, frame: frame)
        func track<P: AnyAnimatableProperty>(_ p: P) -> any PropertyTrack {
            PropertyTrackOf(property: p.property, track: Track(p.name, initial: p.property.initial(view, context)))
        }
        tracks = AnimatableProperties.all.map { track($0) }
        cornerRadius = view.cornerRadius
    }

    /// The track of `property`.
    public subscript<Setting>(property: AnimatableProperty<Setting>) -> Track<Setting.Value> {
        // Every property of the table has its track (made in `init`, in the table's order).
        tracks[index(property.name)].erased as! Track<Setting.Value>
    }

    private func index(_ name: String) -> Int { tracks.firstIndex { $0.name == name }! }

    /// The value of `property` before the program changes it.
    func initial<Setting>(of property: AnimatableProperty<Setting>) -> Setting.Value {
        tracks[index(property.name)].initial(as: Setting.Value.self)
    }

    /// Adds a keyframe to the track of `property`, in place, from its model value to `value`;
    /// returns the value it starts from.
    mutating func add<Setting>(
        _ value: Setting.Value, to property: AnimatableProperty<Setting>, start: Double, end: Double, curve: Curve
    ) -> Setting.Value {
        tracks[index(property.name)].add(value, start: start, end: end, curve: curve)
    }

    /// The view's state at `time`, over its frame in the layout of that instant.
    func state(tag: Int, frame: Rect, at time: Double) -> ViewState {
        var state = ViewState(tag: tag, frame: frame)
        state.cornerRadius = cornerRadius.resolved(width: frame.width, height: frame.height)
        for (index, track) in tracks.enumerated() where track.write(into: &state, at: time) {
            state.changed.insert(index)
        }
        return state
    }

    public static func == (a: ViewTracks, b: ViewTracks) -> Bool {
        a.tracks.count == b.tracks.count && zip(a.tracks, b.tracks).allSatisfy { $0.isEqual(to: $1) }
    }
}

/// One property's track with the property it belongs to: how `ViewTracks` keeps tracks of every value type.
private protocol PropertyTrack: Sendable {
    var name: String { get }
    var erased: any Sendable { get }
    /// The initial value; `Value` is the track's value type.
    func initial<Value>(as: Value.Type) -> Value
    /// Adds a keyframe from the model value to `value` (of the track's value type); returns that model value.
    /// (Generic rather than `any`, so that a value is not boxed on the way.)
    mutating func add<Value>(_ value: Value, start: Double, end: Double, curve: Curve) -> Value
    /// Writes the value at `time` into `state`; returns whether `state` should print it (a property
    /// `state` prints only where it differs from its initial value, and does).
    func write(into state: inout ViewState, at time: Double) -> Bool
    func isEqual(to other: any PropertyTrack) -> Bool
}

private struct PropertyTrackOf<Setting: PropertySetting>: PropertyTrack {
    let property: AnimatableProperty<Setting>
    var track: Track<Setting.Value>

    var name: String { property.name }
    var erased: any Sendable { track }
    func initial<Value>(as: Value.Type) -> Value { track.initial as! Value }

    mutating func add<Value>(_ value: Value, start: Double, end: Double, curve: Curve) -> Value {
        let from = track.model
        track.add(Keyframe(from: from, to: value as! Setting.Value, start: start, end: end, curve: curve))
        return from as! Value
    }

    func write(into state: inout ViewState, at time: Double) -> Bool {
        // A layout-driven property the program has not touched keeps the layout's value.
        if property.followsLayout && track.keyframes.isEmpty { return false }
        let value = track.value(at: time)
        state[keyPath: property.state] = value
        return !property.printsAlways && value != track.initial
    }

    func isEqual(to other: any PropertyTrack) -> Bool { (other as? Self)?.track == track }
}

/// One line of the timeline's log: a keyframe as the dump prints it, in the order the program made them.
public struct Segment: Sendable, Equatable {
    public var tag: Int
    /// The property's name (`AnimatableProperty.name`): `transform`, `alpha`, `textColor`, `text`…
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
