/// The preview's transport: where the playhead is, whether it moves and how fast. Pure: the
/// terminal loop feeds it elapsed wall time and keys; tests feed it numbers.
package struct PlayerClock: Sendable, Equatable {
    /// The speeds `[` and `]` step through.
    package static let speeds: [Double] = [0.25, 0.5, 1, 2, 4]
    /// How far `←` and `→` move.
    package static let seekStep = 0.5

    /// The playhead, in seconds of the scenario, within 0…duration.
    package private(set) var time: Double = 0
    package private(set) var isPaused = false
    package private(set) var speed: Double = 1
    package var duration: Double
    /// Frames per second of a step (`,` and `.`).
    package var fps: Double
    /// `--loop`: past the end the playhead starts again from the start, instead of stopping.
    package var loops = false

    package init(duration: Double, fps: Double) {
        self.duration = duration
        self.fps = fps
    }

    /// Wall time passing: the playhead moves by `seconds × speed` unless paused, and stops at the
    /// end, or with `loops` goes on from the start past it; returns whether it did.
    @discardableResult
    package mutating func advance(by seconds: Double) -> Bool {
        guard !isPaused else { return false }
        let next = time + seconds * speed
        guard loops, next >= duration, duration > 0 else {
            time = min(duration, next)
            return false
        }
        time = (next - duration).truncatingRemainder(dividingBy: duration)
        return true
    }

    /// Space: plays (from a pause too).
    package mutating func play() {
        isPaused = false
    }

    /// `k`: pause or play; playing from the end starts again.
    package mutating func togglePause() {
        isPaused.toggle()
        if !isPaused && time >= duration { time = 0 }
    }

    /// `,` / `.`: one frame back or forward, only when paused (playing, the step would be lost).
    package mutating func step(frames: Int) {
        guard isPaused else { return }
        seek(to: time + Double(frames) / fps)
    }

    /// `←` / `→`: ±0.5 s; `Home` / `End`: the start and the end.
    package mutating func seek(by seconds: Double) { seek(to: time + seconds) }

    package mutating func seek(to seconds: Double) {
        time = min(duration, max(0, seconds))
    }

    /// `[` slower, `]` faster, within 0.25×…4×.
    package mutating func changeSpeed(by steps: Int) {
        let index = Self.speeds.firstIndex(of: speed) ?? 2
        speed = Self.speeds[min(Self.speeds.count - 1, max(0, index + steps))]
    }
}

/// A status line that fits its width: each item has a full and a short form; items are shortened
/// from the last one to the first, then dropped from the last, so the line never wraps and no word
/// is cut.
package enum StatusLine {
    package struct Item: Sendable, Equatable {
        package var full: String
        package var short: String

        package init(_ full: String, short: String? = nil) {
            self.full = full
            self.short = short ?? full
        }
    }

    /// The items joined by two spaces, at most `width` terminal columns (CJK characters take two).
    package static func fit(_ items: [Item], width: Int) -> String {
        var forms = items.map(\.full)
        func line() -> String { forms.joined(separator: "  ") }
        var i = forms.count - 1
        while columns(line()) > width && i >= 0 {
            forms[i] = items[i].short
            i -= 1
        }
        while columns(line()) > width && !forms.isEmpty { forms.removeLast() }
        return line()
    }

    /// `text` cut after its last whole word that fits in `width` with `…`; the text itself if it fits.
    package static func abbreviate(_ text: String, width: Int) -> String {
        guard columns(text) > width else { return text }
        var kept = ""
        for word in text.split(separator: " ") {
            let next = kept.isEmpty ? String(word) : kept + " " + word
            if columns(next) + 1 > width { break }
            kept = next
        }
        return kept.isEmpty ? "" : kept + "…"
    }

    /// The terminal columns `text` takes.
    package static func columns(_ text: String) -> Int {
        text.reduce(0) { $0 + displayWidth(of: $1) }
    }
}
