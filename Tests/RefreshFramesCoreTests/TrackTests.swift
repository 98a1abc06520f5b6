import Testing

@testable import RefreshFramesCore

@Suite struct TrackTests {
    @Test func beforeItsFirstKeyframeATrackHoldsItsInitialValue() {
        var alpha = Track<Double>("alpha", initial: 1)
        alpha.add(Keyframe(from: 1, to: 0, start: 2, end: 3, curve: .linear))
        #expect(alpha.value(at: 1.9) == 1)
        #expect(alpha.value(at: 2.5) == 0.5)
        #expect(alpha.value(at: 9) == 0)
    }

    @Test func theModelValueIsTheLastSetEvenWhenAnEarlierKeyframeStartsLater() {
        var transform = Track<Transform>("transform", initial: .identity)
        let tilted = Transform(rotation: 45)
        let grown = Transform(scaleX: 1.5, scaleY: 1.5)
        // A delayed animation first, then an instant change made at the same call: UIKit's model
        // value is the last one set, while the presentation shows the instant change until the delay ends.
        transform.add(Keyframe(from: .identity, to: tilted, start: 1, end: 2, curve: .linear))
        transform.add(Keyframe(from: tilted, to: grown, start: 0.5, end: 0.5, curve: .linear))
        #expect(transform.model == grown)
        #expect(transform.keyframes.map(\.start) == [0.5, 1])
        #expect(transform.value(at: 0.75) == grown)
    }

    @Test func keyframesThatStartTogetherKeepTheOrderTheyWereAddedIn() {
        var color = Track<RGBA>("textColor", initial: .black)
        color.add(Keyframe(from: .black, to: magenta, start: 1, end: 1, curve: .linear))
        color.add(Keyframe(from: magenta, to: .clear, start: 1, end: 1, curve: .linear))
        #expect(color.value(at: 1) == .clear)
    }

    @Test func textChangesWhenItsKeyframeEndsAndIsNeverBlended() {
        var text = Track<String?>("text", initial: "下拉刷新")
        text.add(Keyframe(from: "下拉刷新", to: "刷新中", start: 1, end: 2, curve: .linear))
        #expect(text.value(at: 1.99) == "下拉刷新")
        #expect(text.value(at: 2) == "刷新中")
        #expect(text.initial.dumpDescription == "\"下拉刷新\"")
        #expect(Track<String?>("text", initial: nil).initial.dumpDescription == "null")
    }
}

private let magenta = RGBA(red: 1, green: 0, blue: 1)
