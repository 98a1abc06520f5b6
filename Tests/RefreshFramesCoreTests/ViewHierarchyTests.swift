import Testing

@testable import RefreshFramesCore

/// Views inside views: `superview` in a spec, one constraint system for the whole hierarchy,
/// frames in the superview's coordinates.
@Suite struct ViewHierarchyTests {
    /// A container at (100, 10) with a label 8 pt in from its leading edge, and a root-level label
    /// lined up with the nested one (a constraint across levels).
    static let nested = """
        {"canvas": {"width": 375, "height": 60},
         "views": [
          {"tag": 1, "kind": "view", "backgroundColor": "lightGray"},
          {"tag": 2, "text": "我", "superview": 1},
          {"tag": 3, "text": "是"}
         ],
         "constraints": [
          "1.leading == superview.leading + 100", "1.top == superview.top + 10",
          "1.width == 120", "1.height == 40",
          "2.leading == 1.leading + 8", "2.centerY == 1.centerY",
          "3.top == 2.bottom + 2", "3.leading == 2.leading"
         ],
         "scenario": {"refreshAt": 0, "workDuration": 1}}
        """

    @Test func framesAreInTheSuperviewsCoordinates() throws {
        let timeline = try Timeline.make(spec: try Spec.decode(Array(Self.nested.utf8)), now: 0, measurer: emMeasurer)
        // emMeasurer: 17 × 20.4 → 17 × 20.5 on the 2× grid. Label 2 is centred on the container's
        // centre y 30: top 19.75 in the root view, snapped there to 20 (half a pixel away from
        // zero), then reported relative to view 1 at (100, 10). Label 3 is 2 pt below 40.25: 42.5.
        #expect(
            timeline.layout.dump
                == "tag 1: x=100 y=10 w=120 h=40\ntag 2: x=8 y=10 w=17 h=20.5\ntag 3: x=108 y=42.5 w=17 h=20.5")
        let state = timeline.sample(at: 0).views.map(\.frame)
        #expect(state[1] == Rect(x: 8, y: 10, width: 17, height: 20.5))
    }

    @Test func drawingOrderIsDepthFirstInSubviewOrder() {
        func view(_ tag: Int, in superview: Int? = nil) -> ViewSpec {
            var v = ViewSpec(tag: tag, kind: .view)
            v.superview = superview
            return v
        }
        #expect([view(1), view(2), view(3)].drawingOrder == [0, 1, 2])
        // 5 is in 1, 4 is in 5, 2 is in 1: 1, its subviews in order (5 with its own 4, then 2), then 3.
        #expect([view(1), view(2, in: 1), view(3), view(4, in: 5), view(5, in: 1)].drawingOrder == [0, 1, 4, 3, 2])
    }

    @Test(arguments: [
        (
            #"[{"tag": 1, "superview": 1}]"#, "views[0].superview", "3:35",
            "a view cannot be its own superview"
        ),
        (
            #"[{"tag": 1, "superview": 9}]"#, "views[0].superview", "3:35", "no view with tag 9"
        ),
        (
            #"[{"tag": 1, "superview": 2}, {"tag": 2, "kind": "view", "superview": 1}]"#, "views[0].superview",
            "3:35", "superviews form a cycle (1 → 2 → 1)"
        ),
        (
            #"[{"tag": 1, "superview": "2"}]"#, "views[0].superview", "3:35", "expected an integer, got a string"
        ),
    ])
    func badSuperviewsAreLocated(views: String, path: String, location: String, message: String) {
        let error = decodeError(minimalSpec(views: views))
        #expect(error?.path == path)
        #expect(error?.location.map { "\($0.line):\($0.column)" } == location)
        #expect(error?.message == message)
    }
}
