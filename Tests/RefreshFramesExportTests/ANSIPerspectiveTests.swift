import Foundation
import RefreshFramesCore
import Testing

@testable import RefreshFramesExport

/// `--ansi text` under a 3-D transform: a view fills the cells whose centres are inside the box of
/// its corners projected through the perspective (`ANSITextRenderer.projectedBox`); edge-on it
/// shows in no cell. Expected cells from the projection worked out here: a corner (x, y) from the
/// centre, turned θ about y with the eye d away, lands at (x·cos θ / w, y / w), w = 1 + x·sin θ / d.
@Suite struct ANSIPerspectiveTests {
    static let canvas = Canvas(width: 375, height: 60, scale: 2, background: .white)
    static let red = RGBA(red: 1, green: 0, blue: 0)

    /// A 40 × 20 red view at (100, 20) (columns of 5 pt, rows of 10 pt) turned `degrees` about y.
    static func grid(degrees: Double, eye: Double) -> CellGrid {
        var transform = Transform.identity
        transform.rotationY = degrees
        transform.perspective = eye
        let state = FrameState(
            time: 0, phase: .refreshing, refreshBeganAt: 0, refreshEndedAt: nil, contentAlpha: 1, pull: 60,
            views: [
                ViewState(
                    tag: 2, text: nil, frame: Rect(x: 100, y: 20, width: 40, height: 20), transform: transform,
                    alpha: 1, textColor: .black, backgroundColor: red)
            ])
        return ANSITextRenderer(columns: 75).render(
            state, views: [ViewSpec(tag: 2, backgroundColor: red)], canvas: canvas)
    }

    static func filled(_ grid: CellGrid) -> [[Int]] {
        (0..<grid.height).map { row in (0..<grid.width).filter { grid[$0, row].character == "█" } }
    }

    /// 60° with the eye 100 pt away: the near (left) edge at x = −20 has w = 0.827, X = −12.09,
    /// |Y| ≤ 12.09; the far one X = 8.52; so the box is X 107.9…128.5, Y 17.9…42.1 from the
    /// canvas's origin: columns whose centres (5c + 2.5) are inside, 22…25 (flat: 20…27), rows 2…3.
    @Test func aTurnedViewFillsItsProjectedBox() {
        let theta = Double.pi / 3
        let corners = [(-20.0, -10.0), (20, -10), (20, 10), (-20, 10)].map { x, y in
            let w = 1 + x * sin(theta) / 100
            return (x: 120 + x * cos(theta) / w, y: 30 + y / w)
        }
        let (minX, maxX) = (corners.map(\.x).min()!, corners.map(\.x).max()!)
        let (minY, maxY) = (corners.map(\.y).min()!, corners.map(\.y).max()!)
        let columns = (0..<75).filter { Double($0) * 5 + 2.5 >= minX && Double($0) * 5 + 2.5 <= maxX }
        let rows = (0..<6).filter { Double($0) * 10 + 5 >= minY && Double($0) * 10 + 5 <= maxY }
        #expect(columns == Array(22...25) && rows == [2, 3])
        let seen = Self.filled(Self.grid(degrees: 60, eye: 100))
        for (row, cells) in seen.enumerated() {
            #expect(cells == (rows.contains(row) ? columns : []), "row \(row)")
        }
    }

    /// Edge-on (90°) the plane covers nothing: no cell.
    @Test func anEdgeOnViewShowsInNoCell() {
        let filled = Self.filled(Self.grid(degrees: 90, eye: 500))
        #expect(filled.allSatisfy { $0.isEmpty }, "\(filled)")
    }

    /// A label's text is centred in the projected box, also when it reaches the grid's edge (where
    /// the lines are placed together first): a 200 × 20 label centred on the canvas's left edge
    /// (x 0, y 30), "BBBB", turned −60° about y with the eye 300 pt away. Its right end comes near:
    /// x = 100 has w = 1 − 100·sin 60°/300 = 0.711, X = 50 / 0.711 = 70.3; x = −100, X = −38.8; the
    /// box's centre 15.7 pt right of the frame's, column 3.15, so the four characters start at
    /// column ⌊3.15 − 2 + 0.5⌋ = 1. From the frame's centre (column 0) they would start at −2, off the
    /// grid, and be pushed to column 0.
    @Test func aTurnedLabelsTextIsCentredInItsProjectedBoxAtTheEdge() {
        let (theta, eye) = (-Double.pi / 3, 300.0)
        let xs = [-100.0, 100].map { x in x * cos(theta) / (1 + x * sin(theta) / eye) }
        let center = (xs.min()! + xs.max()!) / 2
        let expected = Int((center / 5 - 2 + 0.5).rounded(.down))
        #expect(expected == 1)
        var transform = Transform.identity
        transform.rotationY = -60
        transform.perspective = eye
        let state = FrameState(
            time: 0, phase: .refreshing, refreshBeganAt: 0, refreshEndedAt: nil, contentAlpha: 1, pull: 60,
            views: [
                ViewState(
                    tag: 2, text: "BBBB", frame: Rect(x: -100, y: 20, width: 200, height: 20), transform: transform,
                    alpha: 1, textColor: .black, backgroundColor: .clear)
            ])
        let grid = ANSITextRenderer(columns: 75).render(
            state, views: [ViewSpec(tag: 2, texts: [.idle: "BBBB"])], canvas: Self.canvas)
        let row = (0..<grid.width).map { String(grid[$0, 3].character) }.joined()
        #expect(row.firstIndex(of: "B").map { row.distance(from: row.startIndex, to: $0) } == expected, "row 3: \(row)")
    }
}
