import Testing

@testable import RefreshFramesCore

/// A track is a model value over time plus the animations attached to it (research §1.3): what
/// shows is the model with each present animation applied in add order.
@Suite struct TrackTests {
    /// UIKit's block timing: fillMode both, begin = the block's start (research §1.1).
    private func timing(_ begin: Double, _ duration: Double) -> AnimationTiming {
        .block(begin: begin, duration: duration, curve: .linear, repeatCount: 0, autoreverses: false)
    }

    @Test func beforeItsFirstChangeATrackHoldsItsInitialValue() {
        var alpha = Track<Double>("alpha", initial: 1)
        alpha.setModel(0, at: 2)
        alpha.add(
            TrackAnimation(
                key: "opacity", addedAt: 2, timing: timing(2, 1), additive: false,
                values: .basic(from: 1, to: 0, by: nil)))
        #expect(alpha.value(at: 1.9) == 1)
        #expect(alpha.value(at: 2.5) == 0.5)
        #expect(alpha.value(at: 9) == 0)
    }

    @Test func anAdditiveAnimationAddsItsOffsetToTheModelValue() {
        // center.y 0 → 100 as UIKit makes it: the model is 100 at once, the animation runs from
        // old − new = −100 to 0 (research §1.2), so at the middle of a linear second 100 − 50 = 50.
        var y = Track<Double>("center.y", initial: 0)
        y.setModel(100, at: 0)
        y.add(
            TrackAnimation(
                key: "position", addedAt: 0, timing: timing(0, 1), additive: true,
                values: .basic(from: -100, to: 0, by: nil)))
        #expect(y.model == 100)
        #expect(y.value(at: 0.5) == 50)
        #expect(y.value(at: 1) == 100)
    }

    @Test func aChangeOutsideABlockMovesTheModelAndTheOffsetsKeepRunning() {
        // Research §1.8: presentation = new model + the offsets still in flight.
        var y = Track<Double>("center.y", initial: 0)
        y.setModel(100, at: 0)
        y.add(
            TrackAnimation(
                key: "position", addedAt: 0, timing: timing(0, 1), additive: true,
                values: .basic(from: -100, to: 0, by: nil)))
        y.setModel(200, at: 0.25)
        #expect(y.model == 200)
        #expect(y.value(at: 0.5) == 200 - 50)
    }

    @Test func changesAtOneInstantKeepTheOrderTheyWereMadeIn() {
        var color = Track<RGBA>("textColor", initial: .black)
        color.setModel(magenta, at: 1)
        color.setModel(.clear, at: 1)
        #expect(color.value(at: 0.99) == .black)
        #expect(color.value(at: 1) == .clear)
        #expect(color.model == .clear)
    }

    @Test func aRemovedAnimationShowsNothingFromItsRemovalOn() {
        var alpha = Track<Double>("alpha", initial: 1)
        alpha.setModel(0, at: 0)
        let index = alpha.add(
            TrackAnimation(
                key: "opacity", addedAt: 0, timing: timing(0, 1), additive: false,
                values: .basic(from: 1, to: 0, by: nil)))
        alpha.remove(index, at: 0.5)
        #expect(alpha.value(at: 0.25) == 0.75)
        #expect(alpha.value(at: 0.5) == 0)
        #expect(alpha.animations[index].stop?.finished == false)
    }

    @Test func textIsNeverBlended() {
        var text = Track<String?>("text", initial: "下拉刷新")
        text.setModel("刷新中", at: 2)
        #expect(text.value(at: 1.99) == "下拉刷新")
        #expect(text.value(at: 2) == "刷新中")
        #expect(Optional("a").interpolated(to: "b", 0.99) == "a")
        #expect(text.initial.dumpDescription == "\"下拉刷新\"")
        #expect(Track<String?>("text", initial: nil).initial.dumpDescription == "null")
    }
}

private let magenta = RGBA(red: 1, green: 0, blue: 1)
