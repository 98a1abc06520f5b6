import Foundation
import Testing

@testable import RefreshFramesCore

private let magenta = RGBA(red: 1, green: 0, blue: 1)
private let brown = RGBA(red: 0.6, green: 0.4, blue: 0.2)

private func view(_ state: FrameState, _ tag: Int) -> ViewState { state.views.first { $0.tag == tag }! }

struct RotateScaleTimelineTests {
    let timeline: Timeline

    init() throws { timeline = try sampleTimeline("rotate-scale") }

    /// The pull reaches 60 points, and refreshing begins, at 0.5 s; the times below count from then.
    static let began = 0.5

    func sample(at t: Double) -> FrameState { timeline.sample(at: Self.began + t) }

    @Test func theFirstLabelTiltsInItsColorWhileTheOthersWait() {
        let s = sample(at: 0.05)
        #expect(abs(view(s, 1).transform.rotation - 22.5) < 1e-9)
        #expect(view(s, 1).textColor == magenta)
        #expect(view(s, 2).transform == .identity)
        #expect(view(s, 2).textColor == .black)
        #expect(s.phase == .refreshing)
    }

    @Test func textColorJumpsAtTheStartOfTheBlockWhileTheTransformInterpolates() {
        // The straighten-back block starts at 0.10 s: black at once, rotation still 45° → 0° over 0.05 s.
        let s = sample(at: 0.12)
        #expect(view(s, 1).textColor == .black)
        #expect(abs(view(s, 1).transform.rotation - 27) < 1e-9)
        #expect(view(sample(at: 0.0999), 1).textColor == magenta)
    }

    @Test func chainedBlocksFollowWithoutAGap() {
        #expect(abs(view(sample(at: 0.2), 2).transform.rotation - 22.5) < 1e-9)
        #expect(view(sample(at: 0.2), 2).textColor == brown)
        // Step 2 begins after 7 × 0.15 s: every label at scale 1.25 half-way through 0.35 s.
        let s = sample(at: 1.225)
        #expect(s.views.allSatisfy { abs($0.transform.scaleX - 1.25) < 1e-9 && abs($0.transform.scaleY - 1.25) < 1e-9 })
        #expect(s.views.allSatisfy { abs(view(sample(at: 1.525), $0.tag).transform.scaleX - 1.25) < 1e-9 })
    }

    @Test func theIssuesExampleInstant() {
        let s = sample(at: 1.7)
        #expect(abs(view(s, 1).transform.rotation - 22.5) < 1e-9)
        #expect(view(s, 1).textColor.hexString == "#FF00FFFF")
        #expect(s.refreshBeganAt == 0.5 && s.refreshEndedAt == 4.5 && s.pull == 60 && s.contentAlpha == 1)
    }

    @Test func endingNeverCutsTheCycleShort() {
        #expect(timeline.refreshEndedAt == 4.5)
        #expect(timeline.programStoppedAt == 5.45)  // checks 1.65, 3.30 and 4.95 s after refreshing began
        let during = sample(at: 4.5)
        #expect(during.phase == .ending)
        #expect(during.views.allSatisfy { $0.transform.scaleX > 1 })  // the third cycle's scale-up still runs
        let after = sample(at: 5.0)
        #expect(after.phase == .ended)
        #expect(after.views.allSatisfy { $0.transform == .identity && $0.textColor == .black })
    }
}

struct ColorDotsTimelineTests {
    @Test func backgroundColorAnimatesOnPlainViewsAndStays() throws {
        let t = try sampleTimeline("color-dots")
        let mid = view(t.sample(at: 0.05), 1).backgroundColor
        #expect(mid == RGBA(red: 0.5, green: 0, blue: 0.5, alpha: 0.5))
        #expect(view(t.sample(at: 1.0), 1).backgroundColor == magenta)
    }

    @Test func theColorIndexCarriesOverBetweenLoops() throws {
        let t = try sampleTimeline("color-dots")
        // 8 views, 7 colours: the second loop's first view takes the 9th colour, brown.
        let cycle = 8 * 0.15 + 0.65
        #expect(view(t.sample(at: cycle + 0.1), 1).backgroundColor == brown)
        #expect(view(t.sample(at: 1.2), 8).backgroundColor == magenta)
    }

    @Test func theResetSnapsEverythingBack() throws {
        let t = try sampleTimeline("color-dots")
        #expect(t.programStoppedAt == 5.55)
        #expect(view(t.sample(at: 5.54), 1).backgroundColor != .clear)
        #expect(t.sample(at: 5.55).views.allSatisfy { $0.backgroundColor == .clear && $0.transform == .identity })
    }
}

struct MarqueeTimelineTests {
    let timeline: Timeline

    init() throws { timeline = try sampleTimeline("marquee") }

    @Test func alphaFollowsThePullAndRefreshingStartsAtTheThreshold() {
        let s = timeline.sample(at: 0.3)
        #expect(s.pull == 37.5)
        #expect(s.contentAlpha == 0.625)
        #expect(s.phase == .pulling)
        #expect(abs(timeline.refreshBeganAt - 0.48) < 1e-12)
        #expect(timeline.sample(at: 1).contentAlpha == 1)
    }

    @Test func textsSwitchWhenRefreshingBeginsAndStayAfterwards() {
        #expect(timeline.sample(at: 0.1).views.map { $0.text ?? "" }.joined() == "下拉刷新数据")
        #expect(timeline.sample(at: 1.0).views.map { $0.text ?? "" }.joined() == "数据加载中...")
        #expect(timeline.sample(at: 4.0).views.map { $0.text ?? "" }.joined() == "数据加载中...")
    }

    @Test func theSixthLabelNeverAnimates() throws {
        let sixth = try #require(timeline.tracks[6])
        #expect(sixth[.transform].animations.isEmpty && sixth[.alpha].animations.isEmpty)
        #expect(sixth[.textColor].animations.isEmpty && sixth[.backgroundColor].animations.isEmpty)
        // After label 5 the index wraps to the first label.
        let afterFive = timeline.refreshBeganAt + 5 * 0.25 + 0.075
        #expect(abs(view(timeline.sample(at: afterFive), 1).transform.scaleX - 1.25) < 1e-9)
    }

    @Test func refreshingIsReCheckedAfterEachLabel() {
        // 3 s of work is exactly 12 labels: the timer and the check coincide, and the loop stops there.
        #expect(timeline.programStoppedAt == timeline.refreshEndedAt)
        let scaleSegments = timeline.segments.filter {
            $0.property == "transform" && $0.to == Transform(scaleX: 1.5, scaleY: 1.5).dumpDescription
        }
        #expect(scaleSegments.map(\.tag) == [1, 2, 3, 4, 5, 1, 2, 3, 4, 5, 1, 2])
    }
}

struct ClassicSpinnerTimelineTests {
    @Test func spokesAppearWithThePullAndTheTitleGetsTheClock() throws {
        let t = try sampleTimeline("classic-spinner")
        #expect(abs(t.refreshBeganAt - 0.825) < 1e-12)
        // At 0.45 s the pull is 60 of the 110 points to the trigger: floor(8 × 60 / 110) = 4 of the 8 spokes.
        #expect(view(t.sample(at: 0.45), 1).spinner == SpinnerState(visibleSpokes: 4, leadingSpoke: 0))
        #expect(view(t.sample(at: 0.2), 2).text == "第一次更新")
        #expect(view(t.sample(at: 0.9), 2).text == "最后一次更新时间： 2016-02-14 12:00:00")
        #expect(view(t.sample(at: 0.9), 1).spinner?.visibleSpokes == 8)
    }

    @Test func theTimelineDumpIsStable() throws {
        let t = try sampleTimeline("classic-spinner")
        #expect(t.dump.hasPrefix("refresh begins at 0.825 s; endRefreshing at 0.825 s; duration 2.000 s\nlayout:\n"))
        #expect(
            t.dump.contains(
                "   0.825            tag 2  text             \"第一次更新\" → \"最后一次更新时间： 2016-02-14 12:00:00\"  instant"))
    }
}

/// A spinner of the header's own (`revealsWithPull` false), as arrow-spinner's: a `UIActivityIndicatorView`.
struct OwnIndicatorTests {
    /// Two spinners side by side, UIRefreshControl's (tag 1) and the header's own (tag 2); the pull
    /// reaches the 60-point trigger at 0.45 s.
    @Test func itShowsItsEightSpokesBeforeRefreshingAndTurnsFromTheStart() throws {
        let json = minimalSpec(
            views: #"[{"tag": 1, "kind": "spinner"}, {"tag": 2, "kind": "spinner", "revealsWithPull": false}]"#,
            constraints: #"""
                ["1.width == 20", "1.height == 20", "1.top == superview.top", "1.leading == superview.leading",
                 "2.width == 20", "2.height == 20", "2.top == superview.top", "2.trailing == superview.trailing"]
                """#,
            scenario: #"{"pull": [[0, 0], [0.6, 80]], "refreshAtPull": 60, "workDuration": 1}"#)
        let t = try Timeline.make(spec: try Spec.decode(Array(json.utf8)), now: 0, measurer: emMeasurer)
        #expect(abs(t.refreshBeganAt - 0.45) < 1e-12)
        // At 0.3 s the pull is 40 of the 60 points: UIRefreshControl's shows floor(8 × 40 / 60) = 5
        // spokes, the own one all 8.
        #expect(view(t.sample(at: 0.3), 1).spinner == SpinnerState(visibleSpokes: 5, leadingSpoke: 0))
        #expect(view(t.sample(at: 0.3), 2).spinner == SpinnerState(visibleSpokes: 8, leadingSpoke: 0))
        // Both step one spoke every 0.1 s (a turn in 0.8 s) from 0.45 s: at 0.75 s, 3 steps on;
        // at 1.3 s, 8.5 steps on, the 0th again (a whole turn and a bit).
        for tag in [1, 2] {
            #expect(view(t.sample(at: 0.75), tag).spinner == SpinnerState(visibleSpokes: 8, leadingSpoke: 3))
            #expect(view(t.sample(at: 1.3), tag).spinner == SpinnerState(visibleSpokes: 8, leadingSpoke: 0))
        }
    }

    @Test func onlyASpinnerTakesTheKey() {
        let error = decodeError(minimalSpec(views: #"[{"tag": 1, "text": "我", "revealsWithPull": false}]"#))
        #expect(error?.message.contains("'revealsWithPull' is a spinner's") == true, "\(String(describing: error))")
    }
}

/// The loop's reset does not show a spinner again that refreshing's end faded out.
struct SpinnerResetTests {
    /// A label that turns 0.2 s a cycle (checked after each), beside a spinner; the work ends at
    /// 0.3 s, so the loop stops at its check point at 0.4 s, after the spinner's 0.3 s fade began.
    /// With `spinnerStep`, the cycle ends by setting the spinner's alpha to 1 (at 0.4 s too).
    static func timeline(resetAlpha: Bool, spinnerStep: Bool = false) throws -> Timeline {
        let reset = resetAlpha ? #"{"transform": "identity", "alpha": 1}"# : #"{"transform": "identity"}"#
        let step = spinnerStep ? #", {"animate": {"views": [2], "duration": 0, "set": {"alpha": 1}}}"# : ""
        let json = minimalSpec(
            views: #"[{"tag": 1, "text": "我"}, {"tag": 2, "kind": "spinner", "alpha": \#(spinnerStep ? 0 : 1)}]"#,
            constraints: #"""
                ["1.centerX == superview.centerX", "1.centerY == superview.centerY", "2.width == 20",
                 "2.height == 20", "2.top == superview.top", "2.leading == superview.leading"]
                """#,
            program: #"""
                {"cycle": [{"animate": {"views": [1], "duration": 0.2, "set": {"transform": {"rotation": 90}}}}\#(step)],
                 "reset": \#(reset)}
                """#,
            scenario: #"{"refreshAt": 0, "workDuration": 0.3}"#)
        return try Timeline.make(spec: try Spec.decode(Array(json.utf8)), now: 0, measurer: emMeasurer)
    }

    @Test func aResetAfterTheEndLeavesTheSpinnerFaded() throws {
        let t = try Self.timeline(resetAlpha: true)
        #expect(t.programStoppedAt == 0.4)
        // The fade from 0.3 s: half-way (ease-in-out) at 0.45 s, gone from 0.6 s; the reset's
        // alpha 1 at 0.4 s is the label's, not the spinner's.
        #expect(abs(view(t.sample(at: 0.45), 2).alpha - 0.5) < 1e-9)
        #expect(view(t.sample(at: 0.7), 2).alpha == 0)
        #expect(view(t.sample(at: 0.7), 1).alpha == 1)
        #expect(view(t.sample(at: 0.7), 1).transform == .identity)
        // The same without alpha in the reset.
        #expect(view(try Self.timeline(resetAlpha: false).sample(at: 0.7), 2).alpha == 0)
    }

    @Test func aStepAfterTheEndLeavesTheSpinnerFaded() throws {
        let t = try Self.timeline(resetAlpha: false, spinnerStep: true)
        #expect(t.programStoppedAt == 0.4)
        // Hidden until the step shows it while refreshing (0.2 s); at 0.4 s, after the end, it does not.
        #expect(view(t.sample(at: 0.1), 2).alpha == 0)
        #expect(view(t.sample(at: 0.25), 2).alpha == 1)
        #expect(abs(view(t.sample(at: 0.45), 2).alpha - 0.5) < 1e-9)
        #expect(view(t.sample(at: 0.7), 2).alpha == 0)
    }
}

struct ProgramLimitTests {
    @Test func aProgramThatWouldRunTooManyBlocksIsRefused() throws {
        let json = minimalSpec(
            program: #"{"cycle": [{"animate": {"views": "all", "duration": 0.001, "set": {"alpha": 0.5}}}]}"#,
            scenario: #"{"refreshAt": 0, "workDuration": 600}"#)
        let spec = try Spec.decode(Array(json.utf8))
        #expect(throws: SpecDiagnostic.self) { try Timeline.make(spec: spec, now: 0, measurer: emMeasurer) }
    }
}

struct AnimatabilityTests {
    /// A plain view's backgroundColor animates; a label's changes at the start of the block, like its textColor.
    @Test func backgroundColorAnimatesOnViewsAndJumpsOnLabels() throws {
        let json = minimalSpec(
            views: #"[{"tag": 1, "text": "我"}, {"tag": 2, "kind": "view"}]"#,
            constraints:
                #"["1.centerX == superview.centerX", "1.centerY == superview.centerY", "2.width == 10", "2.height == 10", "2.left == superview.left", "2.top == superview.top"]"#,
            program:
                #"{"cycle": [{"animate": {"views": "all", "duration": 1, "curve": "linear", "set": {"backgroundColor": "red", "alpha": 0.5}}}]}"#
        )
        let t = try Timeline.make(spec: try Spec.decode(Array(json.utf8)), now: 0, measurer: emMeasurer)
        let s = t.sample(at: 0.5)
        #expect(view(s, 1).backgroundColor == RGBA(red: 1, green: 0, blue: 0))
        #expect(view(s, 2).backgroundColor == RGBA(red: 0.5, green: 0, blue: 0, alpha: 0.5))
        #expect(view(s, 1).alpha == 0.75)
        #expect(view(s, 2).alpha == 0.75)
    }

    @Test func aBlockThatAnimatesNothingCompletesAtOnce() throws {
        let json = minimalSpec(
            program:
                #"{"cycle": [{"animate": {"views": "all", "duration": 1, "set": {"textColor": "red"}}}, {"animate": {"views": "all", "duration": 0.5, "curve": "linear", "set": {"alpha": 0}}}]}"#
        )
        let t = try Timeline.make(spec: try Spec.decode(Array(json.utf8)), now: 0, measurer: emMeasurer)
        // The textColor block has nothing animatable, so the alpha block starts at 0, not at 1 s.
        #expect(view(t.sample(at: 0.25), 1).alpha == 0.5)
    }
}

/// `ended` is when everything has come to rest, not when the loop stops: layer-waits-3d's loop
/// (refreshing 0.2–3.2 s) runs cycles of 2.2 s — views 1 and 2's spring 0.4 s, view 3's flip
/// 0.5 s, view 4's block 0.4 s and keyframes 0.6 s (each waited for), then view 3's 0.5 s
/// keyframe animation (not waited for) beside view 4's 0.3 s block — so the second cycle begins at
/// 2.4 s, its last two steps at 2.4 + 1.9 = 4.3 s, and its check point (4.3 + 0.3 = 4.6 s) sees
/// refreshing over. View 3 still moves until 4.3 + 0.5 = 4.8 s: `ending` until then, and the
/// scenario's default duration is 4.8 + 0.5 = 5.3 s.
struct RestAfterTheLoopTests {
    @Test func endedWaitsForAnAnimationTheLoopDidNotWaitFor() throws {
        let url = repositoryRoot.appendingPathComponent("Tests/RefreshFramesSwiftGenTests/Fixtures/layer-waits-3d.json")
        let spec = try Spec.decode([UInt8](try Data(contentsOf: url)))
        let t = try Timeline.make(spec: spec, now: 0, measurer: emMeasurer)
        #expect(t.refreshEndedAt == 3.2)
        #expect(abs(t.programStoppedAt! - 4.6) < 1e-9)
        #expect(abs(t.restAt - 4.8) < 1e-9)
        #expect(abs(t.duration - 5.3) < 1e-9)
        #expect(t.phase(at: 3.19) == .refreshing)
        for time in [3.2, 4.6, 4.7, 4.79] { #expect(t.phase(at: time) == .ending, "\(time)") }
        for time in [4.81, 5.0] { #expect(t.phase(at: time) == .ended, "\(time)") }
        // View 3 is moving at 4.7 s and at rest (the keyframes' last value) from 4.8 s on.
        let moving = view(t.sample(at: 4.7), 3).transform
        #expect(moving != view(t.sample(at: 4.6), 3).transform)
        #expect(view(t.sample(at: 4.8), 3).transform == view(t.sample(at: 5.2), 3).transform)
    }
}
