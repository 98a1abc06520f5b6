import Foundation
import RefreshFramesCore

@testable import RefreshFramesRaster

/// One label or view on a canvas, with its state, for building frames by hand.
struct Scene {
    var canvas = Canvas(width: 200, height: 120, scale: 1, background: .white)
    var specs: [ViewSpec] = []
    var states: [ViewState] = []
    var contentAlpha = 1.0
    var text = TextRendering.hinted

    mutating func add(
        _ spec: ViewSpec, frame: Rect, text: String? = nil, transform: Transform = .identity, alpha: Double = 1,
        textColor: RGBA? = nil, backgroundColor: RGBA? = nil, spinner: SpinnerState? = nil
    ) {
        specs.append(spec)
        var state = ViewState(
            tag: spec.tag, text: text ?? spec.texts[.idle], frame: frame, transform: transform, alpha: alpha,
            textColor: textColor ?? spec.textColor, backgroundColor: backgroundColor ?? spec.backgroundColor,
            spinner: spinner)
        // The timeline's states carry the spec's `hidden` (`FrameState.walk` reads the state's) and
        // its corner radius resolved against the frame (the renderer draws the state's).
        state.isHidden = spec.isHidden
        state.cornerRadius = spec.cornerRadius.resolved(width: frame.width, height: frame.height)
        states.append(state)
    }

    var state: FrameState {
        FrameState(
            time: 0, phase: .idle, refreshBeganAt: nil, refreshEndedAt: nil, contentAlpha: contentAlpha, pull: 0,
            views: states)
    }

    func render(scale: Double? = nil) throws -> Bitmap {
        let bitmap = try FrameRenderer(canvas: canvas, views: specs, fonts: .shared, text: text).render(
            state, scale: scale)
        dump(bitmap)
        return bitmap
    }

    /// With RASTER_DUMP_DIR set, every rendered bitmap is written there as a PNG for looking at.
    private func dump(_ bitmap: Bitmap) {
        guard let dir = ProcessInfo.processInfo.environment["RASTER_DUMP_DIR"] else { return }
        let name = "\(dir)/frame-\(UInt32(truncatingIfNeeded: bitmap.pixels.hashValue)).png"
        if let png = try? PNGCodec.encode(bitmap) {
            _ = FileManager.default.createFile(atPath: name, contents: Data(png))
        }
    }
}

/// The bounding box of pixels that differ from `background` by more than `threshold` in any channel.
struct Ink {
    var minX = Int.max, minY = Int.max, maxX = Int.min, maxY = Int.min
    var count = 0
    var width: Int { maxX - minX + 1 }
    var height: Int { maxY - minY + 1 }

    init(_ bitmap: Bitmap, background: (UInt8, UInt8, UInt8) = (255, 255, 255), threshold: Int = 64) {
        for y in 0..<bitmap.height {
            for x in 0..<bitmap.width where Ink.isInk(bitmap[x, y], background, threshold) {
                count += 1
                minX = min(minX, x)
                minY = min(minY, y)
                maxX = max(maxX, x)
                maxY = max(maxY, y)
            }
        }
    }

    static func isInk(
        _ p: (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8), _ bg: (UInt8, UInt8, UInt8), _ threshold: Int
    ) -> Bool {
        abs(Int(p.red) - Int(bg.0)) > threshold || abs(Int(p.green) - Int(bg.1)) > threshold
            || abs(Int(p.blue) - Int(bg.2)) > threshold
    }

    /// Ink pixels in the bounding box shrunk by `fraction` on every side, over the inner area.
    func interiorDensity(_ bitmap: Bitmap, inset fraction: Double = 0.2) -> Double {
        let dx = Int(Double(width) * fraction)
        let dy = Int(Double(height) * fraction)
        var inked = 0
        var total = 0
        for y in (minY + dy)...(maxY - dy) {
            for x in (minX + dx)...(maxX - dx) {
                total += 1
                if Ink.isInk(bitmap[x, y], (255, 255, 255), 64) { inked += 1 }
            }
        }
        return total == 0 ? 0 : Double(inked) / Double(total)
    }

    /// Mean y of ink pixels in the columns `x0..<x1`.
    static func meanY(_ bitmap: Bitmap, columns: Range<Int>) -> Double {
        var sum = 0
        var n = 0
        for y in 0..<bitmap.height {
            for x in columns where isInk(bitmap[x, y], (255, 255, 255), 64) {
                sum += y
                n += 1
            }
        }
        return n == 0 ? .nan : Double(sum) / Double(n)
    }
}

extension RGBA {
    static let magenta = RGBA(red: 1, green: 0, blue: 1)
}
