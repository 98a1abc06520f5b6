import Foundation
import Testing

@testable import RefreshFramesCore

/// color-dots' table (refreshing from 0 s with no finger: the control's 60 pt inset held until 5 s)
/// under the bars `keys` adds to its host.
private func colorDots(_ keys: String, viewport: String? = nil) throws -> Timeline {
    var json = String(decoding: try sampleBytes("color-dots"), as: UTF8.self)
    json = json.replacingOccurrences(of: "\"host\": {", with: "\"host\": {\(keys), ")
    if let viewport {
        json = json.replacingOccurrences(
            of: #""viewport": {"width": 375, "height": 667}"#, with: "\"viewport\": \"\(viewport)\"")
    }
    return try Timeline.make(spec: try Spec.decode(Array(json.utf8)), now: 0, measurer: emMeasurer)
}

/// A table view controller in a navigation (and tab bar) controller on iOS 11 and later: the
/// content is inset by the bars (`contentInsetAdjustmentBehavior` automatic), so at rest the first
/// row sits below the bar and the control is revealed below it (docs/scene.md for the sources).
struct HostBarsTests {
    /// Status bar 20 + bar 44 = 64 (Use Your Loaf, "Supporting iPhone X"); large titles add 52:
    /// 116 with the status bar (hacknicity, "iPad Navigation Bar and Toolbar Height Changes in iOS 12").
    @Test(arguments: [
        (#""navigationBar": "Dots""#, 64.0),
        (#""navigationBar": {"title": "Dots", "prefersLargeTitles": true}"#, 116.0),
        (#""navigationBar": {"title": "Dots", "prefersLargeTitles": false}, "statusBar": 0"#, 44.0),
    ])
    func theContentAndTheControlSitBelowTheBar(keys: String, top: Double) throws {
        let t = try colorDots(keys)
        let hold = t.sample(at: 1.5).scene!
        // Refreshing: the control's 60 pt below the bar, then the first row.
        #expect(hold.contentOffsetY == -(top + 60))
        #expect(hold.contentInsetTop == 60)
        #expect(hold.controlFrame == Rect(x: 0, y: top, width: 375, height: 60))
        #expect(hold.controlVisibleHeight == 60)
        #expect(hold.rows.first?.frame == Rect(x: 0, y: top + 60, width: 375, height: 60))
        #expect(hold.bars?.adjustedContentInset.top == top + 60)
        #expect(hold.stripTop == top)
        // At rest (after the scroll-back): the first row just below the bar, the control hidden.
        let rest = t.sample(at: 6).scene!
        #expect(rest.contentOffsetY == -top)
        #expect(rest.rows.first?.frame.y == top)
        #expect(rest.controlVisibleHeight == 0)
    }

    /// Half-way through the scroll-back the control shows only between the bar and the content.
    @Test func theControlIsClippedAtTheBarsBottom() throws {
        let t = try colorDots(#""navigationBar": "Dots""#)
        let collapsing = t.sample(at: 5.15).scene!
        let pull = 60 * (1 - Curve.easeOut.progress(at: 0.5))
        #expect(abs(collapsing.controlFrame.y - (64 + pull - 60)) < 1e-9)
        #expect(abs(collapsing.controlVisibleHeight - pull) < 1e-9)
    }

    /// `never`: the content starts under the bar (y = 0), so the refreshing control (0…60) is
    /// covered by the 64 pt bar: the inset bug pull-to-refresh users report.
    @Test func neverLeavesTheControlUnderTheBar() throws {
        let t = try colorDots(#""navigationBar": "Dots", "contentInsetAdjustmentBehavior": "never""#)
        let hold = t.sample(at: 1.5).scene!
        #expect(hold.contentOffsetY == -60)
        #expect(hold.controlFrame.y == 0)
        #expect(hold.controlVisibleHeight == 0)
        #expect(hold.rows.first?.frame.y == 60)
        #expect(hold.bars?.adjustedContentInset.top == 60)
        #expect(hold.bars?.top == 64)
    }

    /// A tab bar (49 pt) and the home indicator inset the bottom; the iPhone X's status bar is its
    /// 44 pt safe area (Device.swift).
    @Test func aTabBarInsetsTheBottomAndTheDeviceGivesTheStatusBar() throws {
        let t = try colorDots(#""navigationBar": "Dots", "tabBar": true"#, viewport: "iPhone X")
        let rest = t.sample(at: 6).scene!
        #expect(rest.bars?.top == 88)
        #expect(rest.bars?.bottom == 83.0)
        #expect(rest.bars?.adjustedContentInset.bottom == 83)
        #expect(rest.rows.first?.frame.y == 88)
        let plain = try colorDots(#""tabBar": true"#).sample(at: 6).scene!
        #expect(plain.bars?.top == 20 && plain.bars?.bottom == 49)
    }

    /// A large-title bar stretches with the content pulled past its inset ("navigation bar itself
    /// stretches when you pull scroll view": jcavar/refresher#38) and springs back to its 116 pt
    /// when refreshing holds the content by the control's inset (CoderMJLee/MJRefresh#1412), so the
    /// control shows only while refreshing: the bar covers it during the pull and the scroll-back
    /// (eggswift/pull-to-refresh#93, "hides below the large navigation bar").
    @Test func aLargeTitleBarStretchesWithThePullAndCoversTheControlUntilRefreshing() throws {
        let t = try colorDots(#""navigationBar": {"title": "Dots", "prefersLargeTitles": true}"#)
        // Refreshing: 60 pt pulled, 60 pt of inset: no stretch, the control below the 116 pt bar.
        let hold = t.sample(at: 1.5).scene!
        #expect(hold.bars?.top == 116)
        #expect(hold.controlVisibleHeight == 60)
        // The scroll-back half-way: the inset is gone, the bar follows the content down.
        let collapsing = t.sample(at: 5.15).scene!
        let pull = 60 * (1 - Curve.easeOut.progress(at: 0.5))
        #expect(abs((collapsing.bars?.top ?? 0) - (116 + pull)) < 1e-9)
        #expect(abs(collapsing.contentTop - (116 + pull)) < 1e-9)
        #expect(collapsing.controlVisibleHeight == 0)
        #expect(t.sample(at: 6).scene!.bars?.top == 116)
        // A standard bar does not stretch: the control shows between it and the content.
        let standard = try colorDots(#""navigationBar": "Dots""#).sample(at: 5.15).scene!
        #expect(standard.bars?.top == 64)
    }

    @Test(arguments: [(0.0, 0.0, 0.0), (40, 0, 40), (80, 60, 20), (60, 60, 0), (30, 60, 0)])
    func theStretchIsThePullBeyondTheInset(pull: Double, inset: Double, stretch: Double) {
        let large = HostBars(navigationBar: NavigationBarSpec(title: "a", largeTitle: true))
        #expect(large.largeTitleStretch(pull: pull, inset: inset) == stretch)
        #expect(HostBars(navigationBar: NavigationBarSpec(title: "a")).largeTitleStretch(pull: pull, inset: inset) == 0)
    }

    /// Without bars the viewport is the table's frame with nothing over it, as before.
    @Test func withoutBarsNothingChanges() throws {
        let hold = try sampleTimeline("color-dots").sample(at: 1.5).scene!
        #expect(hold.bars == nil && hold.stripTop == 0)
        #expect(hold.contentOffsetY == -60)
    }

    @Test(arguments: [
        (#""contentInsetAdjustmentBehavior": "sometimes""#, "host.contentInsetAdjustmentBehavior"),
        (#""navigationBar": {"title": "a", "largeTitles": true}"#, "host.navigationBar.largeTitles"),
        (#""tabBar": "yes""#, "host.tabBar"),
    ])
    func badBarsAreRefusedAtTheirKey(keys: String, path: String) throws {
        var json = String(decoding: try sampleBytes("color-dots"), as: UTF8.self)
        json = json.replacingOccurrences(of: "\"host\": {", with: "\"host\": {\(keys), ")
        let error = try #require(decodeError(json))
        #expect(error.path == path, "\(error)")
    }
}
