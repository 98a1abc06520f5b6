import RefreshFramesCore
import Testing

@testable import RefreshFramesImport

/// The safe area of the later iPhones IB names, portrait and landscape: each fixture's comment
/// derives its frames by hand from the insets of docs/import-sources.md ("Named devices").
struct DeviceSafeAreaImportTests {
    static func r(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Rect { Rect(x: x, y: y, width: w, height: h) }

    static let cases: [(fixture: String, frames: [Int: Rect])] = [
        // iPhone 14 Pro (retina6_12): 59 above, 34 below; the root's margins 16 beside.
        ("safe-area-dynamic-island.storyboard", [1: r(0, 59, 100, 30), 2: r(16, 788, 100, 30)]),
        // iPhone 12 / 13 / 14 (retina6_0): 47 above, 34 below.
        ("safe-area-notch-47.storyboard", [1: r(0, 47, 100, 30), 2: r(16, 780, 100, 30)]),
        // iPhone X in landscape: 44 on both sides, 21 below, nothing above.
        ("safe-area-landscape.storyboard", [1: r(44, 0, 100, 30), 2: r(668, 324, 100, 30)]),
    ]

    @Test(arguments: cases)
    func aSceneOnTheDeviceIsLaidOutInsideItsSafeArea(fixture name: String, frames: [Int: Rect]) throws {
        let result = try importFixture(name)
        #expect(result.summary == "2 frames solved and match Interface Builder's")
        #expect(result.warnings.isEmpty)
        let spec = try Spec.decode(Array(result.specJSON.utf8))
        #expect(try Timeline.make(spec: spec, now: 0, measurer: wenQuanYi).layout.frames == frames)
    }

    @Test func theDevicesOfTheTableHaveTheirSafeAreaInBothOrientations() throws {
        let island = try #require(Device.interfaceBuilder("retina6_12"))
        #expect(island.width == 393 && island.height == 852 && island.scale == 3)
        #expect(island.safeArea(landscape: false) == (59, 0, 34, 0))
        #expect(island.safeArea(landscape: true) == (0, 59, 21, 59))
        // An iPhone with a status bar hides it in landscape: no safe-area inset at all.
        let eight = try #require(Device.named("iPhone 8"))
        #expect(eight.safeArea(landscape: true) == (0, 0, 0, 0))
        #expect(Device.named("iPhone 13 mini")?.safeAreaTop == 50)
        #expect(Device.named("iPhone 14 Plus")?.safeAreaTop == 47)
    }
}
