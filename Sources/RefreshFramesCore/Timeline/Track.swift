/// One property of one view over time, as Core Animation keeps it: the model value (each change at
/// its instant) and the animations attached to it, in the order they were added. The value shown
/// at an instant (the presentation layer's) is the model value with each animation present then
/// applied in turn: an additive one adds its value, another replaces what is below it
/// (research §1.3).
package struct Track<Value: TrackValue>: Sendable, Equatable {
    /// The property's name in the timeline dump and in `state` (`transform`, `textColor`).
    package let name: String
    package let initial: Value
    /// The model value's changes, by time (changes at one instant in the order made).
    package private(set) var changes: [ModelChange] = []
    /// The animations, in the order they were added (by `addedAt`).
    package private(set) var animations: [TrackAnimation<Value>] = []
    /// The value last set (UIKit's model value): where the next animation of the property starts from.
    package private(set) var model: Value
    /// Whether the program set or animated it (a change the layout makes does not count).
    package private(set) var isTouched = false
    /// For each animation, the latest `presenceEnd` of it and the ones before it that end at all:
    /// sampling walks back from the last animation added only while this is later than the instant.
    private var reach: [Double] = []
    /// The animations that never stop showing by themselves (infinite repeats, forward fill).
    private var unbounded: [Int] = []

    package struct ModelChange: Sendable, Equatable {
        package var time: Double
        package var value: Value
        /// Made by a layout pass, not by the program.
        package var fromLayout: Bool
    }

    package init(_ name: String, initial: Value) {
        self.name = name
        self.initial = initial
        self.model = initial
    }

    /// Sets the model value at `time` (UIKit's `view.alpha = 0`: the model changes at once).
    package mutating func setModel(_ value: Value, at time: Double, fromLayout: Bool = false) {
        var index = changes.endIndex
        while index > changes.startIndex && changes[index - 1].time > time { index -= 1 }
        changes.insert(ModelChange(time: time, value: value, fromLayout: fromLayout), at: index)
        if index == changes.endIndex - 1 { model = value }
        if !fromLayout { isTouched = true }
    }

    /// The model value at `time`.
    package func model(at time: Double) -> Value {
        var lo = 0
        var hi = changes.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if changes[mid].time <= time { lo = mid + 1 } else { hi = mid }
        }
        return lo > 0 ? changes[lo - 1].value : initial
    }

    /// Attaches `animation`; returns its index in `animations`.
    @discardableResult
    package mutating func add(_ animation: TrackAnimation<Value>) -> Int {
        var index = animations.endIndex
        while index > animations.startIndex && animations[index - 1].addedAt > animation.addedAt { index -= 1 }
        animations.insert(animation, at: index)
        isTouched = true
        unbounded = unbounded.map { $0 >= index ? $0 + 1 : $0 }
        if !animation.presenceEnd.isFinite { unbounded = (unbounded + [index]).sorted() }
        reindex(from: index)
        return index
    }

    /// Removes the animation at `index` from `time` on (it shows nothing from then).
    package mutating func remove(_ index: Int, at time: Double) {
        guard animations[index].removedAt.map({ $0 > time }) ?? true else { return }
        animations[index].removedAt = time
        unbounded.removeAll { $0 == index }
        reindex(from: index)
    }

    /// The animations showing at `time`, in add order.
    package func present(at time: Double) -> [Int] {
        var lo = 0
        var hi = animations.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if animations[mid].addedAt <= time { lo = mid + 1 } else { hi = mid }
        }
        var found: [Int] = []
        var j = lo - 1
        while j >= 0 && reach[j] > time {
            if animations[j].presenceEnd.isFinite && animations[j].isPresent(at: time) { found.append(j) }
            j -= 1
        }
        for i in unbounded where i < lo && animations[i].isPresent(at: time) { found.append(i) }
        return found.count > 1 ? found.sorted() : found
    }

    /// The animations attached at `time` that have not stopped (removed or run their course): the
    /// ones a new animation of the property meets.
    package func inFlight(at time: Double) -> [Int] {
        var found: [Int] = []
        var j = animations.count - 1
        while j >= 0 && reach[j] > time {
            if animations[j].presenceEnd.isFinite && animations[j].addedAt <= time && animations[j].isRunning(at: time)
            {
                found.append(j)
            }
            j -= 1
        }
        for i in unbounded where animations[i].addedAt <= time && animations[i].isRunning(at: time) { found.append(i) }
        return found.count > 1 ? found.sorted() : found
    }

    /// The index of the animation with this serial number.
    func index(ofSerial serial: Int) -> Int? { animations.lastIndex { $0.serial == serial } }

    /// What the screen shows at `time`.
    package func value(at time: Double) -> Value {
        let model = model(at: time)
        let shown = present(at: time)
        if shown.isEmpty { return model }
        if shown.count == 1, let v = animations[shown[0]].directValue(at: time, model: model) { return v }
        var v = model
        for i in shown { v = animations[i].apply(to: v, model: model, at: time) }
        return v
    }

    private mutating func reindex(from index: Int) {
        reach.removeSubrange(min(index, reach.count)...)
        var best = index > 0 ? reach[index - 1] : -Double.infinity
        for i in index..<animations.count {
            let end = animations[i].presenceEnd
            if end.isFinite { best = max(best, end) }
            reach.append(best)
        }
    }
}

/// The tracks of one view: one per property of `AnimatableProperties.all`.
package struct ViewTracks: Sendable, Equatable {
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
    package subscript<Setting>(property: AnimatableProperty<Setting>) -> Track<Setting.Value> {
        // Every property of the table has its track (made in `init`, in the table's order).
        tracks[index(property.name)].erased as! Track<Setting.Value>
    }

    private func index(_ name: String) -> Int { tracks.firstIndex { $0.name == name }! }

    /// The value of `property` before the program changes it.
    func initial<Setting>(of property: AnimatableProperty<Setting>) -> Setting.Value {
        self[property].initial
    }

    /// Changes the track of `property` in place.
    mutating func modify<Setting, Result>(
        _ property: AnimatableProperty<Setting>, _ body: (inout Track<Setting.Value>) -> Result
    ) -> Result {
        tracks[index(property.name)].modify(body)
    }

    /// The view's state at `time`, over its frame in the layout of that instant.
    func state(tag: Int, frame: Rect, at time: Double) -> ViewState {
        var state = ViewState(tag: tag, frame: frame)
        state.cornerRadius = cornerRadius.resolved(width: frame.width, height: frame.height)
        for (index, track) in tracks.enumerated() where track.write(into: &state, at: time) {
            state.changed.insert(index)
        }
        // A radius that follows the size follows the frame the program animates too.
        if state.frame != frame && !self[AnimatableProperty.cornerRadius].isTouched {
            state.cornerRadius = cornerRadius.resolved(width: state.frame.width, height: state.frame.height)
        }
        return state
    }

    package static func == (a: ViewTracks, b: ViewTracks) -> Bool {
        a.tracks.count == b.tracks.count && zip(a.tracks, b.tracks).allSatisfy { $0.isEqual(to: $1) }
    }
}

/// One property's track with the property it belongs to: how `ViewTracks` keeps tracks of every value type.
private protocol PropertyTrack: Sendable {
    var name: String { get }
    var erased: any Sendable { get }
    /// Runs `body` on the track, in place; `Value` is the track's value type.
    mutating func modify<Value, Result>(_ body: (inout Track<Value>) -> Result) -> Result
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

    mutating func modify<Value, Result>(_ body: (inout Track<Value>) -> Result) -> Result {
        // Move the track out, so that it is not shared while it changes (no copy of its arrays).
        var moved = track as! Track<Value>
        track = Track(track.name, initial: track.initial)
        defer { track = moved as! Track<Setting.Value> }
        return body(&moved)
    }

    func write(into state: inout ViewState, at time: Double) -> Bool {
        // A layout-driven property the program has not touched keeps the layout's value.
        if property.followsLayout && !track.isTouched { return false }
        let value = track.value(at: time)
        state[keyPath: property.state] = value
        return !property.printsAlways && value != track.initial
    }

    func isEqual(to other: any PropertyTrack) -> Bool { (other as? Self)?.track == track }
}

/// One line of the timeline's log: a keyframe as the dump prints it, in the order the program made them.
package struct Segment: Sendable, Equatable {
    package var tag: Int
    /// The property's name (`AnimatableProperty.name`): `transform`, `alpha`, `textColor`, `text`…
    package var property: String
    package var from: String
    package var to: String
    package var start: Double
    package var end: Double
    package var curve: Curve
    /// The JSON path of the program step that made it (`program.cycle[0].each.steps[1].animate`);
    /// nil for the scenario's own changes (texts, spinner fade, reset). Not part of the dump.
    package var step: String?
    /// What the dump adds after the curve (`repeat 2, autoreverse`, `keyframes linear`, `replaces`,
    /// `CABasicAnimation`); nil for a plain block animation, whose line reads as it always has.
    package var detail: String? = nil

    package var isInstant: Bool { end <= start }
}

extension Transform {
    /// `identity`, `rotate(45°)`, `scale(1.5)`, `rotate(45°) scale(1.5, 2) translate(3, 0)`.
    package var dumpDescription: String {
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
        if let general {
            return "matrix(" + general.elements.map { formatNumber(($0 * 1e4).rounded() / 1e4) }.joined(separator: ", ")
                + ")"
        }
        if rotationX != 0 { parts.append("rotateX(\(formatNumber(rotationX))°)") }
        if rotationY != 0 { parts.append("rotateY(\(formatNumber(rotationY))°)") }
        if perspective != 0 { parts.append("perspective(\(formatNumber(perspective)))") }
        return parts.isEmpty ? "identity" : parts.joined(separator: " ")
    }
}
