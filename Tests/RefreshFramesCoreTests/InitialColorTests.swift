import Testing

@testable import RefreshFramesCore

/// `"initial"` sets a view's colour back to the one its spec gives it, not to a fixed colour.
struct InitialColorTests {
    @Test func initialIsTheViewsOwnColor() throws {
        let json = minimalSpec(
            views: #"[{"tag": 1, "text": "我", "textColor": "blue", "backgroundColor": "yellow"}]"#,
            program: """
                {"cycle": [
                  {"animate": {"views": "all", "duration": 0.1, "set": {"textColor": "palette.next", "backgroundColor": "red", "transform": {"rotation": 10}}}},
                  {"animate": {"views": "all", "duration": 0.1, "set": {"textColor": "initial", "transform": "identity"}}}],
                 "reset": {"backgroundColor": "initial"}}
                """)
        let timeline = try Timeline.make(spec: try Spec.decode(Array(json.utf8)), now: 0, measurer: emMeasurer)
        #expect(timeline.sample(at: 0.05).views[0].textColor.hexString == "#FF0000FF")
        #expect(timeline.sample(at: 0.15).views[0].textColor.hexString == "#0000FFFF")
        #expect(timeline.sample(at: 0.15).views[0].backgroundColor.hexString == "#FF0000FF")
        #expect(timeline.sample(at: timeline.duration).views[0].backgroundColor.hexString == "#FFFF00FF")
    }
}
