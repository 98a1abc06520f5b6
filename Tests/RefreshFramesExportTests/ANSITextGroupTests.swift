import RefreshFramesCore
import Testing

@testable import RefreshFramesExport

/// Group opacity in `--ansi text`, as the pixels composite it (`ANSITextRenderer.TextGroups`): a
/// faded view's subtree, and the control below contentAlpha 1, is drawn at full opacity and blended
/// at its alpha. Expected cells worked out by hand over the white canvas (round half up).
@Suite struct ANSITextGroupTests {
    static let canvas = Canvas(width: 375, height: 60, scale: 2, background: .white)
    static let red = RGBA(red: 1, green: 0, blue: 0)
    static let blue = RGBA(red: 0, green: 0, blue: 1)

    /// A container (tag 2, 40 × 20 at (100, 20): columns 20..<28 of 5 pt, rows of 10 pt) with a
    /// background, and a subview (tag 3) with its own, at `childX` in it. Both are labels with an
    /// empty text, which fill their cells with their background.
    func state(containerAlpha: Double, childX: Double = 0, childAlpha: Double = 1, contentAlpha: Double = 1)
        -> (FrameState, [ViewSpec])
    {
        var child = ViewSpec(tag: 3, backgroundColor: Self.blue)
        child.superview = 2
        let specs = [ViewSpec(tag: 2, backgroundColor: Self.red), child]
        let state = FrameState(
            time: 0, phase: .refreshing, refreshBeganAt: 0, refreshEndedAt: nil, contentAlpha: contentAlpha, pull: 60,
            views: [
                ViewState(
                    tag: 2, text: "", frame: Rect(x: 100, y: 20, width: 40, height: 20), transform: .identity,
                    alpha: containerAlpha, textColor: .black, backgroundColor: Self.red),
                ViewState(
                    tag: 3, text: "", frame: Rect(x: childX, y: 0, width: 40, height: 20), transform: .identity,
                    alpha: childAlpha, textColor: .black, backgroundColor: Self.blue),
            ])
        return (state, specs)
    }

    func cell(_ state: (FrameState, [ViewSpec]), _ column: Int, _ row: Int) -> TerminalRGB {
        ANSITextRenderer(columns: 75).render(state.0, views: state.1, canvas: Self.canvas)[column, row].background
    }

    /// Issue 27's case in cells: red at 0.5 with an opaque blue subview over it: blue, then at 0.5
    /// over white, (127.5, 127.5, 255) → (128, 128, 255); multiplying each view's alpha gave red at
    /// 0.5 over white (255, 128, 128), then blue at 0.5 over that: (128, 64, 192).
    @Test func anOpaqueSubviewHidesItsFadedSuperviewsBackground() {
        #expect(cell(state(containerAlpha: 0.5), 24, 3) == TerminalRGB(red: 128, green: 128, blue: 255))
    }

    /// The control below contentAlpha 1 is one group too.
    @Test func theControlsContentAlphaFadesItAsOneGroup() {
        let faded = state(containerAlpha: 1, contentAlpha: 0.5)
        #expect(cell(faded, 24, 3) == TerminalRGB(red: 128, green: 128, blue: 255))
    }

    /// A group whose views write no cell twice is each view at the product of the alphas: a subview
    /// beside its container (x 60: columns 32..<40) at 0.7 inside 0.5 is blue at 0.35 over white,
    /// (165.75, 165.75, 255) → (166, 166, 255); the container red at 0.5, (255, 128, 128).
    @Test func aGroupWhoseViewsDoNotShareACellIsTheProductOfTheAlphas() {
        let apart = state(containerAlpha: 0.5, childX: 60, childAlpha: 0.7)
        #expect(cell(apart, 36, 3) == TerminalRGB(red: 166, green: 166, blue: 255))
        #expect(cell(apart, 24, 3) == TerminalRGB(red: 255, green: 128, blue: 128))
    }
}
