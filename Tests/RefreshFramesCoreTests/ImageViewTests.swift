import Testing

@testable import RefreshFramesCore

/// UIImageView's frame-sequence timing (research §14: frame i of n shows during [i·d/n, (i+1)·d/n),
/// the default duration is n/30 s, a finite repeat count ends the run and `image` shows again), with
/// the worked examples of the research notes and of real controls.
struct ImageSequenceTests {
    static func frames(_ n: Int) -> [String] { (0..<n).map { "f\($0)" } }

    struct Case: CustomStringConvertible, Sendable {
        var what: String
        var count: Int
        var duration: Double?
        var repeatCount: Int
        var elapsed: Double
        var frame: Int?
        var description: String { what }
    }

    static let cases = [
        // Research §14 example A: 12 frames, no duration → 0.4 s; ⌊0.25 · 12 / 0.4⌋ = 7.
        Case(
            what: "12 frames, default duration, 0.25 s", count: 12, duration: nil, repeatCount: 0, elapsed: 0.25,
            frame: 7),
        Case(
            what: "12 frames once, at 0.4 s: ended", count: 12, duration: nil, repeatCount: 1, elapsed: 0.4, frame: nil),
        Case(
            what: "12 frames once, just before 0.4 s", count: 12, duration: nil, repeatCount: 1, elapsed: 0.399,
            frame: 11),
        Case(
            what: "12 frames for ever, at 0.4 s: frame 0 again", count: 12, duration: nil, repeatCount: 0, elapsed: 0.4,
            frame: 0),
        // Example B (PullToRefreshKit's Yahoo header): 20 × 0.02 s once, then 30 × 0.03 s.
        Case(
            what: "Yahoo's first sequence at 0.3 s", count: 20, duration: 0.4, repeatCount: 1, elapsed: 0.3, frame: 15),
        Case(
            what: "Yahoo's second sequence 0.1 s in", count: 30, duration: 0.9, repeatCount: 0, elapsed: 0.1, frame: 3),
        // ESPullToRefresh's Meituan shake: 8 frames in 0.5 s, ⌊t / 0.0625⌋ mod 8; at 0.30 s → 4.
        Case(what: "Meituan shake at 0.30 s", count: 8, duration: 0.5, repeatCount: 0, elapsed: 0.3, frame: 4),
        Case(what: "Meituan shake at 0.80 s", count: 8, duration: 0.5, repeatCount: 0, elapsed: 0.8, frame: 4),
        // Meituan's pull frames: 5 in 0.2 s once (0.04 s each); frame boundaries fall exactly.
        Case(what: "5 frames in 0.2 s at 0.04 s", count: 5, duration: 0.2, repeatCount: 1, elapsed: 0.04, frame: 1),
        Case(what: "5 frames in 0.2 s at 0.0399 s", count: 5, duration: 0.2, repeatCount: 1, elapsed: 0.0399, frame: 0),
        // JWRefreshControl's GIF view: 15 frames in 1.0 s; at 0.5 s → 7.
        Case(what: "JW GIF at 0.5 s", count: 15, duration: 1.0, repeatCount: 0, elapsed: 0.5, frame: 7),
        Case(what: "3 cycles, in the third", count: 4, duration: 0.4, repeatCount: 3, elapsed: 1.15, frame: 3),
        Case(what: "3 cycles, after them", count: 4, duration: 0.4, repeatCount: 3, elapsed: 1.2, frame: nil),
        Case(what: "before the start", count: 4, duration: 0.4, repeatCount: 0, elapsed: -0.1, frame: nil),
    ]

    @Test(arguments: cases) func theFrameShownAtAnInstant(_ c: Case) {
        var image = ImageViewSpec()
        image.animationImages = Self.frames(c.count)
        image.animationDuration = c.duration
        image.animationRepeatCount = c.repeatCount
        #expect(image.sequence.frame(after: c.elapsed) == c.frame)
    }

    @Test func aStartWhileARunPlaysRestartsItAndAStopShowsTheImage() {
        let sequence = ImageSequence(images: Self.frames(10), duration: 1, repeatCount: 0)
        let runs = [ImageAnimationRun(start: 1, stop: 2.5), ImageAnimationRun(start: 2.5, stop: 4)]
        #expect(sequence.image(at: 0.5, runs: runs) == nil)
        #expect(sequence.image(at: 1.35, runs: runs) == "f3")
        #expect(sequence.image(at: 2.55, runs: runs) == "f0")  // restarted at 2.5
        #expect(sequence.image(at: 3.95, runs: runs) == "f4")
        #expect(sequence.image(at: 4, runs: runs) == nil)
    }
}

/// Where each content mode puts a 40 × 20 pt image (research §14 example C and the unscaled modes).
struct ContentModeTests {
    static let image = IntrinsicSize(width: 40, height: 20)

    @Test(arguments: [
        (ContentMode.scaleToFill, Rect(x: 0, y: 0, width: 100, height: 100)),
        (.scaleAspectFit, Rect(x: 0, y: 25, width: 100, height: 50)),
        (.scaleAspectFill, Rect(x: -50, y: 0, width: 200, height: 100)),
        (.center, Rect(x: 30, y: 40, width: 40, height: 20)),
        (.top, Rect(x: 30, y: 0, width: 40, height: 20)),
        (.bottom, Rect(x: 30, y: 80, width: 40, height: 20)),
        (.left, Rect(x: 0, y: 40, width: 40, height: 20)),
        (.right, Rect(x: 60, y: 40, width: 40, height: 20)),
        (.topLeft, Rect(x: 0, y: 0, width: 40, height: 20)),
        (.topRight, Rect(x: 60, y: 0, width: 40, height: 20)),
        (.bottomLeft, Rect(x: 0, y: 80, width: 40, height: 20)),
        (.bottomRight, Rect(x: 60, y: 80, width: 40, height: 20)),
    ])
    func inASquareView(mode: ContentMode, rect: Rect) {
        #expect(mode.rect(for: Self.image, in: IntrinsicSize(width: 100, height: 100), scale: 2) == rect)
    }

    /// The unscaled modes land on whole pixels: 2.5 pt in is 3 pt at 1×, 2.5 pt at 2×, 2.667 pt at 3×.
    @Test(arguments: [(1.0, 3.0), (2.0, 2.5), (3.0, 8.0 / 3)])
    func unscaledModesSnapToPixels(scale: Double, x: Double) {
        let rect = ContentMode.center.rect(
            for: IntrinsicSize(width: 6, height: 4), in: IntrinsicSize(width: 11, height: 4), scale: scale)
        #expect(abs(rect.x - x) < 1e-12)
    }
}

/// Image views in a spec: their keys, the tint they inherit, the steps that play their sequences.
struct ImageViewDecodingTests {
    static func spec(_ views: String, program: String? = nil) -> String {
        minimalSpec(
            views: views, constraints: #"["1.centerX == superview.centerX", "1.centerY == superview.centerY"]"#,
            program: program)
    }

    @Test func anImageViewsKeysAreRead() throws {
        let spec = try Spec.decode(
            Array(
                Self.spec(
                    #"[{"tag": 1, "kind": "image", "image": "arrow.png", "highlightedImage": "hi", "highlighted": true, "contentMode": "bottomRight", "renderingMode": "alwaysTemplate", "animationImages": ["a", "b"], "animationDuration": 0.5, "animationRepeatCount": 2, "animating": "refreshing"}]"#
                ).utf8))
        var expected = ImageViewSpec(image: "arrow.png")
        expected.highlightedImage = "hi"
        expected.isHighlighted = true
        expected.contentMode = .bottomRight
        expected.renderingMode = .alwaysTemplate
        expected.animationImages = ["a", "b"]
        expected.animationDuration = 0.5
        expected.animationRepeatCount = 2
        expected.animating = .whileRefreshing
        #expect(spec.views[0].imageView == expected)
        #expect(spec.views[0].imageView?.shownImage == "hi")
    }

    @Test func anImageViewWithoutATintTakesItsSuperviewsElseSystemBlue() throws {
        let spec = try Spec.decode(
            Array(
                minimalSpec(
                    views: #"""
                        [{"tag": 1, "kind": "view", "tintColor": "red"},
                         {"tag": 2, "kind": "image", "superview": 1},
                         {"tag": 3, "kind": "image"},
                         {"tag": 4, "kind": "image", "tintColor": "green", "superview": 1}]
                        """#,
                    constraints: "[]"
                ).utf8))
        let red = RGBA(red: 1, green: 0, blue: 0)
        let green = RGBA(red: 0, green: 1, blue: 0)
        #expect(spec.views.map(\.tintColor) == [red, red, .systemBlue, green])
    }

    @Test(arguments: [
        (
            #"[{"tag": 1, "image": "a.png"}]"#,
            "views[0].image: 'image' is an image view's; this view's kind is 'label'"
        ),
        (
            #"[{"tag": 1, "kind": "image", "text": "x"}]"#,
            "views[0].text: an image view has no text; use \"kind\": \"label\""
        ),
        (
            #"[{"tag": 1, "kind": "image", "image": ""}]"#,
            "views[0].image: expected an image file or asset name, got an empty string"
        ),
        (
            #"[{"tag": 1, "kind": "image", "contentMode": "fit"}]"#,
            "views[0].contentMode: 'fit' is not one of scaleToFill, scaleAspectFit, scaleAspectFill, redraw, center, top, bottom, left, right, topLeft, topRight, bottomLeft, bottomRight"
        ),
        (
            #"[{"tag": 1, "kind": "image", "animating": true}]"#,
            "views[0].animating: the view has no 'animationImages' to play"
        ),
        (
            #"[{"tag": 1, "kind": "image", "animationImages": ["a"], "animating": "always"}]"#,
            "views[0].animating: expected true, false or \"refreshing\", got 'always'"
        ),
    ])
    func refused(views: String, message: String) {
        let error = decodeError(Self.spec(views))
        #expect(error.map { "\($0.path): \($0.message)" } == message)
    }

    @Test func startAnimatingNamesImageViewsOnly() {
        let error = decodeError(
            minimalSpec(
                views: #"[{"tag": 1, "text": "a"}, {"tag": 2, "kind": "image", "animationImages": ["a"]}]"#,
                program:
                    #"{"cycle": [{"startAnimating": {"views": [1]}}, {"animate": {"views": [2], "duration": 1, "set": {"alpha": 0}}}]}"#
            ))
        #expect(error?.path == "program.cycle[0].startAnimating.views")
        #expect(error?.message == "view 1 is not an image view; only image views play frame sequences")
    }
}

/// The timeline plays the sequences: `"animating"`, and the program's steps.
struct ImageSequenceTimelineTests {
    static let views = #"""
        [{"tag": 1, "kind": "image", "image": "idle", "animationImages": ["a", "b", "c", "d"], "animationDuration": 0.4, "animating": "refreshing"},
         {"tag": 2, "kind": "image", "image": "still", "animationImages": ["x", "y"], "animationDuration": 0.2, "animationRepeatCount": 1},
         {"tag": 3, "kind": "image", "animationImages": ["p", "q"], "animationDuration": 1, "animating": true}]
        """#
    static let program = #"""
        {"cycle": [
          {"animate": {"views": [1], "duration": 0.5, "set": {"alpha": 0.5}}},
          {"startAnimating": {"views": [2]}},
          {"animate": {"views": [1], "duration": 0.5, "set": {"alpha": 1}}}
        ]}
        """#

    let timeline: Timeline

    init() throws {
        let json = minimalSpec(
            views: Self.views,
            constraints:
                #"["1.width == 10", "1.height == 10", "1.left == superview.left", "1.top == superview.top", "2.width == 10", "2.height == 10", "2.left == superview.left", "2.top == superview.top", "3.width == 10", "3.height == 10", "3.left == superview.left", "3.top == superview.top"]"#,
            program: Self.program, scenario: #"{"refreshAt": 1, "workDuration": 1.2}"#)
        timeline = try Timeline.make(spec: try Spec.decode(Array(json.utf8)), now: 0, measurer: emMeasurer)
    }

    func image(_ tag: Int, at t: Double) -> String? {
        timeline.sample(at: t).views.first { $0.tag == tag }!.image.name
    }

    @Test func whileRefreshingItPlaysFromRefreshBeginToEndRefreshing() {
        #expect(image(1, at: 0.99) == "idle")
        #expect(image(1, at: 1) == "a")
        #expect(image(1, at: 1.25) == "c")
        #expect(image(1, at: 1.45) == "a")
        #expect(image(1, at: 2.19) == "d")
        #expect(image(1, at: 2.2) == "idle")  // endRefreshing at 1 + 1.2 s
    }

    @Test func aStepStartsAOneShotEachCycleAndItsImageShowsAfterIt() {
        // The step runs 0.5 s into each cycle (at 1.5 s and 2.5 s): 0.2 s once.
        #expect(image(2, at: 1.49) == "still")
        #expect(image(2, at: 1.5) == "x")
        #expect(image(2, at: 1.6) == "y")
        #expect(image(2, at: 1.7) == "still")
        #expect(image(2, at: 2.55) == "x")
    }

    @Test func fromSetUpItPlaysBeforeTheScenarioAndWithoutAnImageShowsNothingBetween() {
        #expect(image(3, at: 0) == "p")
        #expect(image(3, at: 0.5) == "q")
        #expect(image(3, at: 3.25) == "p")
    }

    @Test func theTimelineLogsEachCallWithItsStep() {
        let calls = timeline.segments.filter { $0.property == "animating" }
        #expect(calls.first { $0.tag == 2 }?.step == "program.cycle[1].startAnimating")
        #expect(calls.filter { $0.tag == 1 }.map(\.start) == [1, 2.2])
        #expect(calls.filter { $0.tag == 3 }.map(\.start) == [0])
    }
}
