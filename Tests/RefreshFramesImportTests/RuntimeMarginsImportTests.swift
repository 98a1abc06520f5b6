import RefreshFramesCore
import Testing

@testable import RefreshFramesImport

/// Margins set by user-defined runtime attributes, and the safe area of a xib's root: frames derived
/// by hand from Apple's documentation in each fixture's comment (docs/import-sources.md).
struct RuntimeMarginsImportTests {
    static func r(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Rect { Rect(x: x, y: y, width: w, height: h) }

    static func solvedFrames(_ name: String) throws -> (ImportResult, [Int: Rect]) {
        let result = try XIBImporter.importDocument(
            fixture(name), fileName: name, animation: .none, measurer: wenQuanYi,
            isFontInstalled: { $0 == "WenQuanYi Micro Hei" })
        let spec = try Spec.decode(Array(result.specJSON.utf8))
        return (result, try Timeline.make(spec: spec, now: 0, measurer: wenQuanYi).layout.frames)
    }

    @Test func runtimeAttributesWinOverTheInspectorsMarginSettings() throws {
        let (result, frames) = try Self.solvedFrames("runtime-margins.storyboard")
        #expect(
            frames == [
                5: Self.r(10, 200, 40, 20), 11: Self.r(0, 300, 375, 100), 3: Self.r(10, 8, 40, 20),
                12: Self.r(0, 712, 375, 100), 4: Self.r(327, 72, 40, 20), 6: Self.r(100, 0, 40, 20),
            ])
        #expect(result.summary == "6 frames solved and match Interface Builder's")
        let line = try line(of: #"keyPath="layoutMargins""#, in: "runtime-margins.storyboard")
        #expect(
            result.warnings.contains {
                $0.line == line && $0.message.hasPrefix("runtime attribute 'layoutMargins' (rect) is not honoured")
            })
        #expect(
            !result.warnings.contains {
                $0.message.contains("preservesSuperviewLayoutMargins")
                    || $0.message.contains("insetsLayoutMarginsFromSafeArea")
            })
    }

    @Test func aXibRootTheSizeOfTheScreenHasTheDevicesSafeArea() throws {
        let (result, frames) = try Self.solvedFrames("xib-screen-safe-area.xib")
        #expect(frames == [1: Self.r(0, 54, 40, 20), 2: Self.r(327, 52, 40, 20), 3: Self.r(0, 758, 40, 20)])
        #expect(result.summary == "3 frames solved and match Interface Builder's")
    }

    @Test func aSmallerFreeformXibRootHasNoSafeArea() throws {
        let (result, frames) = try Self.solvedFrames("xib-freeform-safe-area.xib")
        #expect(frames == [1: Self.r(0, 10, 40, 20), 2: Self.r(327, 8, 40, 20)])
        #expect(result.summary == "2 frames solved and match Interface Builder's")
    }

    @Test(arguments: [("xib-screen-safe-area.xib", 3.0), ("root-margins.storyboard", 2), ("fixed-frames.xib", 2)])
    func aDocumentIsLaidOutAtItsDevicesScale(fixture name: String, scale: Double) throws {
        let (result, _) = try Self.solvedFrames(name)
        #expect(try Spec.decode(Array(result.specJSON.utf8)).canvas.scale == scale)
    }

    @Test(arguments: [
        ("retina6_1", "widthClass=regular", true), ("retina6_5", "widthClass=regular", true),
        ("retina5_9", "widthClass=compact", true), ("retina6_12", "widthClass=compact", true),
    ])
    func theLargeIPhonesAreRegularWideInLandscape(device: String, key: String, matches: Bool) {
        #expect(SizeClasses(device: device, orientation: "landscape").matches(key) == matches)
    }
}
