import Testing

@testable import RefreshFramesCore

private func scene(_ t: Timeline, _ time: Double) -> SceneState { t.sample(at: time).scene! }
private func row(_ s: SceneState, _ section: Int, _ row: Int) -> RowState? {
    s.rows.first { $0.indexPath == IndexPath(section: section, row: row) }
}
private func near(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-9 }

/// The reference samples' tables at the instants of their scenarios: pull, hold, collapse, insertion.
struct SampleSceneTests {
    @Test func colorDotsHoldsThreeSectionsOpenByTheControlThenCollapses() throws {
        let t = try sampleTimeline("color-dots")
        // Refreshing from 0 with no finger: the inset holds the content 60 pt down.
        let hold = scene(t, 1.5)
        #expect(hold.contentOffsetY == -60)
        #expect(hold.contentInsetTop == 60)
        #expect(row(hold, 0, 0)?.frame == Rect(x: 0, y: 60, width: 375, height: 60))
        #expect(row(hold, 1, 0)?.frame == Rect(x: 0, y: 360, width: 375, height: 60))
        #expect(row(hold, 0, 0)?.text == "🤗")
        #expect(hold.controlFrame == Rect(x: 0, y: 0, width: 375, height: 60))
        #expect(hold.controlVisibleHeight == 60)
        // endRefreshing at 5 s: ease-out over 0.3 s.
        let collapsing = scene(t, 5.15)
        let pull = 60 * (1 - Curve.easeOut.progress(at: 0.5))
        #expect(near(row(collapsing, 0, 0)!.frame.y, pull))
        #expect(near(collapsing.controlVisibleHeight, pull))
        let rest = scene(t, 5.5)
        #expect(rest.contentOffsetY == 0 && rest.contentInsetTop == 0)
        #expect(row(rest, 0, 0)?.frame.y == 0)
        #expect(rest.controlVisibleHeight == 0)
        // 667 pt show rows 0…11 (the twelfth starts at 660).
        #expect(rest.rows.count == 12)
        #expect(rest.rows.last?.indexPath == IndexPath(section: 2, row: 1))
    }

    @Test func marqueeFollowsTheFingerThenReloadsTheNews() throws {
        let t = try sampleTimeline("marquee")
        let pulling = scene(t, 0.3)
        #expect(pulling.contentOffsetY == -37.5)
        #expect(row(pulling, 0, 0)?.frame == Rect(x: 0, y: 37.5, width: 375, height: 44))
        #expect(pulling.controlFrame.y == -22.5)
        #expect(pulling.controlVisibleHeight == 37.5)
        #expect(pulling.contentInsetTop == 0)
        // The finger lets go at 1.1 s: refreshing holds the content open by the control's 60 pt.
        let hold = scene(t, 2)
        #expect(row(hold, 4, 0) == nil)
        #expect(hold.contentInsetTop == 60)
        #expect(row(hold, 0, 4)?.frame == Rect(x: 0, y: 60 + 4 * 44, width: 375, height: 44))
        #expect(hold.rows.count == 5)
        #expect(hold.rows.allSatisfy { $0.detail == "2016-02-14 12:00:00" })
        // reloadData at endRefreshing (3.48 s): new titles, dated three seconds later.
        let before = scene(t, 3.47).rows.map(\.text)
        let after = scene(t, 3.5)
        #expect(after.rows.map(\.text) != before)
        #expect(after.rows.allSatisfy { $0.detail == "2016-02-14 12:00:03" && $0.alpha == 1 })
    }

    @Test func theNewsTitlesAreReproducibleForAClockAndASeed() throws {
        let a = try sampleTimeline("marquee")
        let b = try sampleTimeline("marquee")
        #expect(scene(a, 1).rows == scene(b, 1).rows)
        #expect(scene(a, 4).rows == scene(b, 4).rows)
        #expect(scene(a, 1).rows.map(\.text) == ["新闻标题465", "新闻标题519", "新闻标题590", "新闻标题235", "新闻标题761"])
        let other = try sampleTimeline("marquee", now: 0)
        #expect(scene(other, 1).rows.map(\.text) == scene(a, 1).rows.map(\.text))
        #expect(scene(other, 1).rows[0].detail == "1970-01-01 00:00:00")
    }

    @Test func classicSpinnerGrowsByFourRowsAtEndRefreshing() throws {
        let t = try sampleTimeline("classic-spinner")
        // Automatic height: 50 pt × 1.2 line height + 22 pt of margins.
        let pulling = scene(t, 0.45)
        #expect(pulling.contentOffsetY == -60)
        #expect(row(pulling, 0, 0)?.frame == Rect(x: 0, y: 60, width: 375, height: 82))
        #expect(pulling.rows.count == 3)
        #expect(pulling.controlFrame == Rect(x: 0, y: -30, width: 375, height: 90))
        #expect(pulling.controlVisibleHeight == 60)
        // Refreshing begins and ends at 0.825 s (pull 110): the data grows at once (reloadData).
        #expect(scene(t, 0.82).rows.count == 3)
        let grown = scene(t, 0.9)
        #expect(grown.rows.map(\.text) == ["🤗🤗🤗🤗🤗", "😅😅😅😅😅", "😆😆😆😆😆", "我是新增的", "🏃🏃🏃🏃🏃", "💩💩💩💩💩", "👸👸👸👸👸"])
        #expect(row(grown, 0, 3)?.frame == Rect(x: 0, y: 120 + 3 * 82, width: 375, height: 82))
        // The finger lets go (1.2 → 1.5 s): the content follows it back.
        #expect(near(row(scene(t, 1.35), 0, 0)!.frame.y, 60))
        let rest = scene(t, 2)
        #expect(rest.rows.count == 7)
        #expect(row(rest, 0, 6)?.frame == Rect(x: 0, y: 6 * 82, width: 375, height: 82))
    }

    @Test func rotateScaleInsertsItsLoveLetterInTheMiddleOfTheCollapse() throws {
        let t = try sampleTimeline("rotate-scale")
        let hold = scene(t, 1.5)
        #expect(hold.rows.map(\.text) == ["情人节快乐", "我喜欢你", "你喜欢我吗？"])
        #expect(row(hold, 0, 2)?.frame == Rect(x: 0, y: 60 + 88, width: 375, height: 44))
        // endRefreshing at 4.5 s (the pull begins refreshing at 0.5 s, the timer takes 4): the content scrolls back while 其实我也喜欢你 opens in the middle.
        let start = scene(t, 4.5)
        #expect(row(start, 0, 3)?.frame == Rect(x: 0, y: 60 + 132 - 22, width: 375, height: 44))
        #expect(row(start, 0, 3)?.behind == true)
        let mid = scene(t, 4.65)
        let pull = 60 * (1 - Curve.easeOut.progress(at: 0.5))
        #expect(near(mid.contentOffsetY, -pull))
        #expect(near(row(mid, 0, 3)!.frame.y, pull + 132 - 11))
        let end = scene(t, 4.8)
        #expect(row(end, 0, 3)?.frame == Rect(x: 0, y: 132, width: 375, height: 44))
        #expect(row(end, 0, 3)?.text == "其实我也喜欢你")
        #expect(row(end, 0, 3)?.behind == false)
    }
}

/// Each row animation's first and last frames, on a still table (no pull before 10 s).
struct RowAnimationTests {
    func timeline(_ insert: String) throws -> Timeline {
        let json = minimalSpec(
            extra:
                #""host": {"viewport": {"width": 320, "height": 480}, "table": {"rows": ["A", "B", "C"]}, "updates": [{"at": 1, "insert": \#(insert)}]},"#
                + "\n",
            scenario: #"{"refreshAt": 10, "workDuration": 1}"#)
        return try Timeline.make(spec: try Spec.decode(Array(json.utf8)), now: 0, measurer: emMeasurer)
    }

    @Test(arguments: [
        // animation, row, start (y, alpha), end y
        ("fade", 1, 44.0, 0.0, 44.0),
        ("top", 1, 0, 1, 44),
        ("bottom", 1, 88, 1, 44),
        ("middle", 1, 22, 1, 44),
        ("none", 1, 44, 1, 44),
        ("automatic", 0, 44, 1, 0),
        ("automatic", 3, 88, 1, 132),
        ("automatic", 2, 88, 0, 88),
    ])
    func insertedRowStartsAndEnds(animation: String, at index: Int, startY: Double, startAlpha: Double, endY: Double)
        throws
    {
        let t = try timeline(#"{"row": \#(index), "rows": ["N"], "animation": "\#(animation)", "duration": 0.3}"#)
        #expect(scene(t, 0.99).rows.count == 3)
        let first = try #require(row(scene(t, 1), 0, index))
        #expect(first.text == "N")
        #expect(first.frame == Rect(x: 0, y: startY, width: 320, height: 44))
        #expect(first.alpha == startAlpha)
        let last = try #require(row(scene(t, 1.3), 0, index))
        #expect(last.frame == Rect(x: 0, y: endY, width: 320, height: 44))
        #expect(last.alpha == 1)
    }

    @Test func rowsBelowTheInsertionMoveDownOverTheSameDuration() throws {
        let t = try timeline(#"{"row": 1, "rows": ["N", "M"], "animation": "top", "duration": 0.4}"#)
        #expect(row(scene(t, 1), 0, 3)?.frame.y == 44)
        #expect(near(row(scene(t, 1.2), 0, 3)!.frame.y, 44 + 88 * Curve.easeInOut.progress(at: 0.5)))
        #expect(row(scene(t, 1.4), 0, 3)?.frame.y == 132)
        // Two rows slide in as a block: both start one block height (88 pt) above their places, so the
        // first is still above the viewport (not listed) and the second behind the row above.
        #expect(row(scene(t, 1), 0, 1) == nil)
        #expect(row(scene(t, 1), 0, 2)?.frame == Rect(x: 0, y: 0, width: 320, height: 44))
    }

    @Test func stateJSONListsTheSceneOnlyWithAHost() throws {
        let withHost = try timeline(#"{"row": 1, "rows": ["N"], "animation": "fade"}"#).sample(at: 1.15).json
        #expect(withHost.contains(#""contentOffset": [0.0, 0.0], "contentInsetTop": 0.0"#))
        #expect(withHost.contains(#""refreshControl": {"frame": [110.0, -60.0, 100.0, 60.0], "visibleHeight": 0.0}"#))
        #expect(
            withHost.contains(
                #"{"indexPath": [0, 1], "text": "N", "detail": null, "frame": [0.0, 44.0, 320.0, 44.0], "alpha": 0.5}"#)
        )
        let without = try sampleTimeline("rotate-scale").sample(at: 1)
        var plain = without
        plain.scene = nil
        #expect(!plain.json.contains("contentOffset"))
        #expect(plain.json.hasSuffix("]}"))
    }
}

struct SplitMix64Tests {
    @Test func knownAnswerForSeedZero() {
        var g = SplitMix64(seed: 0)
        #expect(g.next() == 0xE220_A839_7B1D_CDAF)
        #expect(g.next() == 0x6E78_9E6A_A1B9_65F4)
    }
}
