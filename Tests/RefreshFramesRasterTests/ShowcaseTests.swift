import Foundation
import RefreshFramesCore
import Testing

@testable import RefreshFramesRaster

/// A frame like the tutorials': a 375×60 pt control at @2x with seven CJK labels (one rotated, one
/// scaled), pills with rounded corners and a spinner.
@Suite struct ShowcaseTests {
    static func scene() -> Scene {
        var scene = Scene()
        scene.canvas = Canvas(width: 375, height: 60, scale: 2, background: RGBA(white: 0.94))
        let texts = ["下拉刷新数据", "我是", "松开立即刷新", "正在刷新…", "刷新完成", "上次更新 12:30", "我是 pull-to-refresh"]
        let colors: [RGBA] = [
            .black, .magenta, RGBA(red: 0, green: 0.5, blue: 1), .black, RGBA(red: 0.6, green: 0.4, blue: 0.2),
            RGBA(white: 0.3), .black,
        ]
        let origins: [(Double, Double)] = [(6, 6), (110, 4), (170, 6), (6, 34), (92, 34), (160, 36), (250, 34)]
        for (i, text) in texts.enumerated() {
            var spec = ViewSpec(
                tag: i + 1, texts: [.idle: text], font: FontSpec(size: i == 5 ? 11 : 13), textColor: colors[i])
            spec.backgroundColor = i % 2 == 1 ? RGBA(red: 1, green: 0.85, blue: 0.3, alpha: 0.8) : .clear
            spec.cornerRadius = .quarterOfWidthPlusHeight
            let size = try! FontBook.shared.measure(text, font: spec.font)
            let frame = Rect(x: origins[i].0, y: origins[i].1, width: size.width.rounded(.up) + 8, height: 22)
            let transform: Transform =
                i == 1
                ? Transform(rotation: 45) : i == 2 ? Transform(scaleX: 1.5, scaleY: 1.5, translationX: 20) : .identity
            scene.add(spec, frame: frame, transform: transform, alpha: i == 3 ? 0.6 : 1)
        }
        scene.add(
            ViewSpec(tag: 9, kind: .spinner, tintColor: RGBA(white: 0.4)),
            frame: Rect(x: 340, y: 20, width: 20, height: 20), spinner: SpinnerState(visibleSpokes: 8, leadingSpoke: 3)
        )
        return scene
    }

    @Test func showcaseRendersEveryLabel() throws {
        let bitmap = try Self.scene().render()
        #expect(bitmap.width == 750 && bitmap.height == 120)
        let background = bitmap[0, 0]
        #expect(background == (240, 240, 240, 255))
    }

    /// `RASTER_BENCH=1 swift test -c release --filter showcaseTiming` prints the time per frame.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["RASTER_BENCH"] != nil))
    func showcaseTiming() throws {
        let scene = Self.scene()
        let renderer = FrameRenderer(canvas: scene.canvas, views: scene.specs, fonts: .shared)
        var states: [FrameState] = []
        for i in 0..<300 {
            var state = scene.state
            state.views[1].transform = Transform(rotation: Double(i % 60) * 0.75)
            state.views[2].transform = Transform(scaleX: 1 + Double(i % 30) / 60, scaleY: 1 + Double(i % 30) / 60)
            state.views[7].spinner = SpinnerState(visibleSpokes: 8, leadingSpoke: i % 8)
            states.append(state)
        }
        _ = try renderer.render(states[0])
        let clock = ContinuousClock()
        let serial = try clock.measure { for state in states { _ = try renderer.render(state) } }
        let png = try clock.measure { for _ in 0..<30 { _ = try PNGCodec.encode(renderer.render(states[0])) } }
        let frozen = states
        nonisolated(unsafe) var failures = 0
        let parallel = clock.measure {
            DispatchQueue.concurrentPerform(iterations: frozen.count) { i in
                if (try? renderer.render(frozen[i])) == nil { failures += 1 }
            }
        }
        print(
            "render: \(serial / 300) per frame on 1 thread, \(parallel / 300) per frame concurrently; render+PNG \(png / 30)"
        )
        #expect(failures == 0)
    }
}
