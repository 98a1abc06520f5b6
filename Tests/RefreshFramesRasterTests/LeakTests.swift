import Foundation
import RefreshFramesCore
import Testing

@testable import RefreshFramesRaster

/// Resident memory in bytes, from /proc.
private func residentBytes() -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let fields = text.split(separator: " ")
    return (Int(fields[1]) ?? 0) * Int(sysconf(Int32(_SC_PAGESIZE)))
}

struct LeakTests {
    /// Every gd image and every gd…Ptr buffer is freed: a thousand render + PNG encode/decode loops
    /// do not grow the process (each loop allocates about 1 MB, so a leak would show as hundreds of MB).
    @Test func renderAndEncodeLoopsDoNotLeak() throws {
        let canvas = Canvas(width: 375, height: 60, scale: 2)
        let views = (1...7).map { ViewSpec(tag: $0, texts: [.idle: "我是"], font: FontSpec(size: 20)) }
        let renderer = FrameRenderer(canvas: canvas, views: views, fonts: .shared)
        func state(_ i: Int) -> FrameState {
            FrameState(
                time: 0, phase: .refreshing, refreshBeganAt: 0, refreshEndedAt: 1, contentAlpha: 1, pull: 60,
                views: views.map { v in
                    ViewState(
                        tag: v.tag, text: "我是", frame: Rect(x: Double(v.tag) * 45, y: 15, width: 40, height: 30),
                        transform: Transform(rotation: Double(i % 90)), alpha: 1, textColor: .black,
                        backgroundColor: .clear)
                })
        }
        for i in 0..<100 { _ = try PNGCodec.decode(try PNGCodec.encode(try renderer.render(state(i)))) }
        let before = residentBytes()
        for i in 0..<1000 { _ = try PNGCodec.decode(try PNGCodec.encode(try renderer.render(state(i)))) }
        let growth = residentBytes() - before
        #expect(growth < 48 << 20, "resident memory grew by \(growth >> 20) MiB")
    }
}
