import RefreshFramesCore
import Testing

/// `Timeline.viewsNeverOnCanvas()`: views that draw something that no frame shows.
@Suite struct OffCanvasTests {
    /// A 100 × 60 canvas; the em measurer makes each one-letter label 17 × 20.5 (20.4 on the 2× grid).
    static let spec = minimalSpec(
        views: #"""
            [{"tag": 1, "text": "A"}, {"tag": 2, "text": "B"}, {"tag": 3, "text": "C", "hidden": true},
             {"tag": 4, "text": "D"}, {"tag": 5, "kind": "view"}, {"tag": 6, "text": "F", "superview": 5}]
            """#,
        constraints: #"""
            ["1.leading == superview.leading + 120", "1.top == superview.top",
             "2.leading == superview.leading + 90", "2.top == superview.top",
             "3.leading == superview.leading + 200", "3.top == superview.top",
             "4.leading == superview.leading + 130", "4.top == superview.top",
             "5.leading == superview.leading + 300", "5.top == superview.top", "5.width == 40", "5.height == 40",
             "6.leading == 5.leading", "6.top == 5.top"]
            """#,
        program: #"{"cycle": [{"animate": {"views": [4], "duration": 0.2, "set": {"transform": {"rotation": 90}}}}]}"#)

    @Test func viewsThatDrawOnlyOutsideTheCanvasAreNamedWithWhereTheyAre() throws {
        let timeline = try Timeline.make(spec: try Spec.decode(Array(Self.spec.utf8)), now: 0, measurer: emMeasurer)
        let off = timeline.viewsNeverOnCanvas()
        // 1 is right of the canvas; 6 too, through its superview 5 at x = 300 (5 draws nothing of
        // its own). 2 overlaps the canvas's right edge, 3 is hidden, 4 turns (where a transform puts
        // a view is the renderer's to say, so it is not named).
        #expect(off.map(\.tag) == [1, 6])
        #expect(off.map(\.side) == [.right, .right])
        #expect(off.first?.extent == Rect(x: 120, y: 0, width: 17, height: 20.5))
        #expect(off.last?.extent.x == 300)
        #expect(off.first?.time == 0)
    }
}
