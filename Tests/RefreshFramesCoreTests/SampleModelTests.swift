import Testing

@testable import RefreshFramesCore

/// A second model of the four samples, written from the tutorials' own rules (each sample's
/// `description`, and the tutorials' code in ../shared/seeds/), not from the engine: every probed
/// value below is worked out here in closed form — when refreshing begins from the pull, each
/// block's start from the chain of durations before it, the colour index carried over between
/// loops, the loop that re-checks `refreshing` only at its end, a linear block's value at its
/// instant. The engine must agree at every 60 Hz instant of each sample (a quarter of a frame
/// after it, so that no probe falls on a block's first instant, where both values are UIKit's).
struct SampleModelTests {
    /// One value the model predicts, and what the engine shows.
    struct Probe {
        var instant: Double
        var what: String
        var expected: Double
        var actual: Double
    }

    static let palette: [RGBA] = ["magenta", "brown", "yellow", "red", "green", "blue", "orange"].map {
        RGBA.named[$0]!
    }

    /// The instants probed: (k + 0.25) / 60 s for every whole frame of the sample.
    static func instants(until duration: Double) -> [Double] {
        (0..<Int(duration * 60)).map { (Double($0) + 0.25) / 60 }
    }

    /// Where a linear block from `from` to `to` over `start ..< start + duration` is at `t`.
    static func linear(_ from: Double, _ to: Double, start: Double, duration: Double, at t: Double) -> Double {
        from + (to - from) * (t - start) / duration
    }

    /// A view's turn in its place in the row: to 45° over 0.1 s from `start`, back over 0.05 s.
    static func tilt(at u: Double, from start: Double) -> Double {
        if (start..<start + 0.1).contains(u) { return linear(0, 45, start: start, duration: 0.1, at: u) }
        if (start + 0.1..<start + 0.15).contains(u) { return linear(45, 0, start: start + 0.1, duration: 0.05, at: u) }
        return 0
    }

    /// The whole row's scale: to 1.5 over `up` s from `start`, back to 1 over `down` s.
    static func grow(at u: Double, from start: Double, up: Double, down: Double) -> Double {
        if (start..<start + up).contains(u) { return linear(1, 1.5, start: start, duration: up, at: u) }
        if (start + up..<start + up + down).contains(u) {
            return linear(1.5, 1, start: start + up, duration: down, at: u)
        }
        return 1
    }

    static func view(_ state: FrameState, _ tag: Int) -> ViewState { state.views.first { $0.tag == tag }! }

    static func colorProbes(_ t: Double, _ tag: Int, _ name: String, expected: RGBA, actual: RGBA) -> [Probe] {
        [
            Probe(instant: t, what: "tag \(tag) \(name).red", expected: expected.red, actual: actual.red),
            Probe(instant: t, what: "tag \(tag) \(name).green", expected: expected.green, actual: actual.green),
            Probe(instant: t, what: "tag \(tag) \(name).blue", expected: expected.blue, actual: actual.blue),
            Probe(instant: t, what: "tag \(tag) \(name).alpha", expected: expected.alpha, actual: actual.alpha),
        ]
    }

    static func check(_ probes: [Probe], atLeast count: Int) {
        let wrong = probes.filter { abs($0.expected - $0.actual) > 1e-9 }
        #expect(
            wrong.count == 0,
            "\(wrong.count) of \(probes.count) probes differ, first: \(wrong.prefix(5).map { String(format: "%.4f s %@: model %.6f, engine %.6f", $0.instant, $0.what, $0.expected, $0.actual) })"
        )
        #expect(probes.count >= count, "\(probes.count) probes")
    }

    /// rotate-scale: the pull reaches 60 pt at 0.5 s (60 of the 60 pt in 0.5 s); a cycle is seven
    /// labels × (0.1 s to 45° with the next colour + 0.05 s back to black), then 0.35 s to scale 1.5
    /// and 0.25 s back: 1.65 s. The 4 s timer ends refreshing at 4.5 s, which the loop sees at the end
    /// of its third cycle, 0.5 + 3 × 1.65 = 5.45 s; the reset is what the cycles end on.
    @Test func rotateScale() throws {
        let timeline = try sampleTimeline("rotate-scale")
        let began = 0.5
        let cycle = 7 * 0.15 + 0.35 + 0.25
        let stopped = began + 3 * cycle
        var probes: [Probe] = []
        for t in Self.instants(until: stopped + 0.5) {
            let state = timeline.sample(at: t)
            probes.append(
                Probe(
                    instant: t, what: "refreshing", expected: (began..<4.5).contains(t) ? 1 : 0,
                    actual: state.phase == .refreshing ? 1 : 0))
            for i in 0..<7 {
                var rotation = 0.0
                var scale = 1.0
                var color = RGBA.black
                if (began..<stopped).contains(t) {
                    let loop = Int(((t - began) / cycle).rounded(.down))
                    let u = t - began - Double(loop) * cycle
                    let start = 0.15 * Double(i)
                    rotation = Self.tilt(at: u, from: start)
                    if (start..<start + 0.1).contains(u) { color = Self.palette[(7 * loop + i) % 7] }
                    scale = Self.grow(at: u, from: 1.05, up: 0.35, down: 0.25)
                }
                let v = Self.view(state, i + 1)
                probes.append(
                    Probe(instant: t, what: "tag \(i + 1) rotation", expected: rotation, actual: v.transform.rotation))
                probes.append(
                    Probe(instant: t, what: "tag \(i + 1) scaleX", expected: scale, actual: v.transform.scaleX))
                probes.append(
                    Probe(instant: t, what: "tag \(i + 1) scaleY", expected: scale, actual: v.transform.scaleY))
                probes += Self.colorProbes(t, i + 1, "textColor", expected: color, actual: v.textColor)
            }
        }
        Self.check(probes, atLeast: 17_800)
    }

    /// color-dots: refreshing begins at 0 s; eight 20 × 20 dots, 10 pt apart, the fourth's trailing
    /// edge 5 pt left of the centre; a cycle is eight × (0.1 s to 45° and, animated, to the next
    /// colour, kept + 0.05 s back), 0.4 s to 1.5 and 0.25 s back: 1.85 s. Seven colours for eight
    /// dots: the colour index carries over, so loop k gives dot i colour (8k + i) mod 7, from the
    /// colour the last loop left (clear before the first). The 5 s timer is seen at 3 × 1.85 =
    /// 5.55 s; the reset makes the backgrounds clear.
    @Test func colorDots() throws {
        let timeline = try sampleTimeline("color-dots")
        let cycle = 8 * 0.15 + 0.4 + 0.25
        let stopped = 3 * cycle
        var probes: [Probe] = []
        for t in Self.instants(until: stopped + 0.5) {
            let state = timeline.sample(at: t)
            for i in 0..<8 {
                var rotation = 0.0
                var scale = 1.0
                var background = RGBA.clear
                if t < stopped {
                    let loop = Int((t / cycle).rounded(.down))
                    let u = t - Double(loop) * cycle
                    let start = 0.15 * Double(i)
                    let before = loop == 0 ? RGBA.clear : Self.palette[(8 * (loop - 1) + i) % 7]
                    let after = Self.palette[(8 * loop + i) % 7]
                    rotation = Self.tilt(at: u, from: start)
                    if u < start {
                        background = before
                    } else if u < start + 0.1 {
                        // Core Animation interpolates a CGColor's components (non-premultiplied).
                        func mix(_ a: Double, _ b: Double) -> Double {
                            Self.linear(a, b, start: start, duration: 0.1, at: u)
                        }
                        background = RGBA(
                            red: mix(before.red, after.red), green: mix(before.green, after.green),
                            blue: mix(before.blue, after.blue), alpha: mix(before.alpha, after.alpha))
                    } else {
                        background = after
                    }
                    scale = Self.grow(at: u, from: 1.2, up: 0.4, down: 0.25)
                }
                let v = Self.view(state, i + 1)
                let x = 187.5 - 5 - 20 - Double(3 - i) * 30
                probes.append(Probe(instant: t, what: "tag \(i + 1) x", expected: x, actual: v.frame.x))
                probes.append(Probe(instant: t, what: "tag \(i + 1) y", expected: 20, actual: v.frame.y))
                probes.append(
                    Probe(instant: t, what: "tag \(i + 1) rotation", expected: rotation, actual: v.transform.rotation))
                probes.append(
                    Probe(instant: t, what: "tag \(i + 1) scaleX", expected: scale, actual: v.transform.scaleX))
                probes += Self.colorProbes(t, i + 1, "backgroundColor", expected: background, actual: v.backgroundColor)
            }
        }
        Self.check(probes, atLeast: 23_232)
    }

    /// marquee: the pull goes 0 → 75 pt in 0.6 s, so it reaches 60 pt at 0.48 s; the labels then read
    /// 数据加载中... and one label after another (the index wrapping at the last label, count − 1 =
    /// 5, so the sixth never animates) scales to 1.5 with the next colour (0.15 s) and back to black
    /// (0.1 s). refreshing is re-checked after every label: the 3 s timer ends it at 3.48 s, the
    /// instant the twelfth label ends (0.48 + 12 × 0.25), so twelve labels animate. While pulling,
    /// the control's alpha is pull / 60: t / 0.48.
    @Test func marquee() throws {
        let timeline = try sampleTimeline("marquee")
        let began = 0.48
        let idle = Array("下拉刷新数据").map(String.init)
        let refreshing = ["数", "据", "加", "载", "中", "..."]
        var probes: [Probe] = []
        var texts: [String] = []
        for t in Self.instants(until: 4) {
            let state = timeline.sample(at: t)
            if t < began {
                probes.append(Probe(instant: t, what: "contentAlpha", expected: t / 0.48, actual: state.contentAlpha))
            } else if t < 3.48 {
                probes.append(Probe(instant: t, what: "contentAlpha", expected: 1, actual: state.contentAlpha))
            }
            for i in 0..<6 {
                var scale = 1.0
                var color = RGBA.black
                let step = Int(((t - began) / 0.25).rounded(.down))
                if t >= began && step < 12 && step % 5 == i {
                    let start = began + 0.25 * Double(step)
                    if t < start + 0.15 {
                        scale = Self.linear(1, 1.5, start: start, duration: 0.15, at: t)
                        color = Self.palette[step % 7]
                    } else {
                        scale = Self.linear(1.5, 1, start: start + 0.15, duration: 0.1, at: t)
                    }
                }
                let v = Self.view(state, i + 1)
                let x = 187.5 - 19 - 10 + Double(i - 2) * 30
                probes.append(Probe(instant: t, what: "tag \(i + 1) x", expected: x, actual: v.frame.x))
                probes.append(Probe(instant: t, what: "tag \(i + 1) y", expected: 15, actual: v.frame.y))
                probes.append(
                    Probe(instant: t, what: "tag \(i + 1) scaleX", expected: scale, actual: v.transform.scaleX))
                probes.append(
                    Probe(instant: t, what: "tag \(i + 1) scaleY", expected: scale, actual: v.transform.scaleY))
                probes += Self.colorProbes(t, i + 1, "textColor", expected: color, actual: v.textColor)
                if v.text != (t < began ? idle[i] : refreshing[i]) {
                    texts.append(String(format: "%.4f tag %d", t, i + 1))
                }
            }
        }
        #expect(texts.isEmpty, "texts differ at \(texts.prefix(5))")
        Self.check(probes, atLeast: 11_729)
    }

    /// classic-spinner: the pull goes 0 → 120 pt in 0.9 s and triggers at 110 pt, at 0.825 s; before
    /// it UIRefreshControl shows one of its 8 spokes per eighth of the pull to the trigger; the title
    /// changes at the trigger to the clock's (SOURCE_DATE_EPOCH 1455451200 is 2016-02-14 12:00:00 UTC).
    @Test func classicSpinner() throws {
        let timeline = try sampleTimeline("classic-spinner")
        let began = 0.825
        var probes: [Probe] = []
        var texts: [String] = []
        for t in Self.instants(until: 2) {
            let state = timeline.sample(at: t)
            if t < began {
                let pull = 120 * t / 0.9
                probes.append(Probe(instant: t, what: "pull", expected: pull, actual: state.pull))
                probes.append(
                    Probe(
                        instant: t, what: "spokes", expected: (8 * pull / 110).rounded(.down),
                        actual: Double(Self.view(state, 1).spinner?.visibleSpokes ?? -1)))
            }
            let title = t < began ? "第一次更新" : "最后一次更新时间： 2016-02-14 12:00:00"
            if Self.view(state, 2).text != title { texts.append(String(format: "%.4f", t)) }
        }
        #expect(texts.isEmpty, "the title differs at \(texts.prefix(5))")
        Self.check(probes, atLeast: 100)
    }
}
