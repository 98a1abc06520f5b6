import Foundation
import RefreshFramesCore
import Testing

@testable import RefreshFramesExport

/// `--ansi text` places a label's text at its centre after the transform, which applies about the
/// anchor point (the layer's position), not the frame's centre. Expected cells worked out here:
/// columns of 5 pt and rows of 10 pt; the centre is position + transform(centre − position).
@Suite struct ANSIAnchorPivotTests {
    static let canvas = Canvas(width: 375, height: 80, scale: 2, background: .white)

    /// "AB" in a 40 × 20 frame at (120, 30) with anchor (0, 0): its position is (120, 30).
    static func row(of transform: Transform) -> (row: Int, columns: [Int]) {
        var view = ViewState(
            tag: 2, text: "AB", frame: Rect(x: 120, y: 30, width: 40, height: 20), transform: transform, alpha: 1,
            textColor: .black, backgroundColor: .clear)
        view.anchorPoint = Point(x: 0, y: 0)
        let state = FrameState(
            time: 0, phase: .refreshing, refreshBeganAt: 0, refreshEndedAt: nil, contentAlpha: 1, pull: 80,
            views: [view])
        let grid = ANSITextRenderer(columns: 75).render(
            state, views: [ViewSpec(tag: 2, kind: .label)], canvas: canvas)
        for r in 0..<grid.height {
            let columns = (0..<grid.width).filter { grid[$0, r].character != " " }
            if !columns.isEmpty { return (r, columns) }
        }
        return (-1, [])
    }

    /// Scale 2 about (120, 30): the centre, (20, 10) from it, goes to (160, 50): u = 32, v = 5, so
    /// "AB" starts at ⌊32 − 1 + ½⌋ = 31, on row ⌊5 − ½ + ½⌋ = 5 (about the centre: (140, 40), row 4).
    @Test func aScaledLabelsTextFollowsItsAnchor() {
        let placed = Self.row(of: Transform(scaleX: 2, scaleY: 2))
        #expect(placed.row == 5 && placed.columns == [31, 32], "\(placed)")
    }

    /// A quarter turn clockwise about (120, 30) takes the offset (20, 10) to (−10, 20): the centre
    /// (110, 50), u = 22, so columns 21 and 22 on row 5.
    @Test func aTurnedLabelsTextFollowsItsAnchor() {
        let placed = Self.row(of: Transform(rotation: 90))
        #expect(placed.row == 5 && placed.columns == [21, 22], "\(placed)")
    }
}
