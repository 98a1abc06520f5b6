import Foundation
import RefreshFramesCore
import RefreshFramesExport
import RefreshFramesRaster

enum AnsiMode: String, CaseIterable {
    case pixels, text
}

enum ColorsOption: String, CaseIterable {
    case auto, truecolor
    case _256 = "256"
    case _16 = "16"
    case none
}

/// The terminal options of `render`: `--ansi pixels|text`, `--cols`, `--colors`.
enum AnsiOptions {
    static let options: [OptionDefinition] = [
        .value(
            "ansi", "mode",
            "For ANSI and cast output: pixels (half blocks) or text (labels and table rows as characters); default pixels."
        ),
        .value("cols", "n", "Columns for ANSI and cast output (default: the terminal's width, else 80)."),
        .value(
            "colors", "mode", "auto, truecolor, 256, 16 or none (default auto: COLORTERM/TERM, none under NO_COLOR)."),
    ]

    static func colorMode(_ args: ParsedArguments, environment: [String: String], command: String) throws(CLIError)
        -> ColorMode
    {
        switch try args.choice("colors", command: command, as: ColorsOption.self) ?? .auto {
        case .auto: return ColorMode.detect(environment: environment)
        case .truecolor: return .truecolor
        case ._256: return .palette256
        case ._16: return .palette16
        case .none: return .none
        }
    }

    static func columns(_ args: ParsedArguments, command: String) throws(CLIError) -> Int {
        try args.integer("cols", command: command, in: 10...1000) ?? Terminal.size()?.columns ?? 80
    }

    /// Draws frames as cell grids, in either mode.
    static func gridMaker(_ request: RenderRequest, mode: AnsiMode, columns: Int)
        -> @Sendable (Double) throws -> CellGrid
    {
        let timeline = request.loaded.timeline
        let views = request.loaded.spec.views
        let canvas = request.canvas
        switch mode {
        case .text:
            let renderer = ANSITextRenderer(columns: columns)
            if request.drawsScene, let host = request.loaded.spec.host {
                return { t in renderer.render(timeline.sample(at: t), views: views, canvas: canvas, host: host) }
            }
            return { t in renderer.render(timeline.sample(at: t), views: views, canvas: canvas) }
        case .pixels:
            // Labels are a few pixels tall at terminal sizes: unhinted outlines, drawn on every core.
            let raster = FrameRenderer(canvas: canvas, views: views, fonts: .shared, text: .unhinted)
            let pixels = ANSIPixelRenderer(columns: columns, background: TerminalRGB(canvas.background))
            // The whole screen when the spec has a table under the control, as `render` draws it.
            let scene =
                request.drawsScene
                ? request.loaded.spec.host.map { SceneRenderer(host: $0, control: raster, fonts: .shared) } : nil
            let width = scene.map { $0.host.viewport.width } ?? canvas.width
            // Two rendered pixels per column (and per half-cell row) are enough for the box filter.
            let scale = min(request.scale, max(0.25, Double(columns) * 2 / width))
            if let scene {
                return { t in pixels.render(try scene.render(timeline.sample(at: t), scale: scale)) }
            }
            return { t in pixels.render(try raster.render(timeline.sample(at: t), scale: scale)) }
        }
    }

    static func render(_ request: RenderRequest, args: ParsedArguments, environment: [String: String]) throws(CLIError)
    {
        let command = RenderCommand.definition.name
        let mode = try args.choice("ansi", command: command, as: AnsiMode.self) ?? .pixels
        let columns = try columns(args, command: command)
        var encoder = ANSIEncoder(colorMode: try colorMode(args, environment: environment, command: command))
        let makeGrid = gridMaker(request, mode: mode, columns: columns)
        let times = request.times
        var stream: [UInt8] = []
        var cast: CastWriter?
        var size = ""
        // A batch of grids at a time: rendered on every core, encoded in order, memory bounded.
        // A frame whose state equals the one before it (nothing moves) reuses that frame's grid.
        let batchSize = max(1, request.threads) * 32
        let timeline = request.loaded.timeline
        var previous: (state: FrameState, grid: CellGrid)?
        for start in stride(from: 0, to: times.count, by: batchSize) {
            let batch = Array(times[start..<min(start + batchSize, times.count)])
            var states = batch.map { t -> FrameState in
                var state = timeline.sample(at: t)
                state.time = 0
                return state
            }
            var distinct: [Int] = []
            for i in states.indices where i == 0 ? states[i] != previous?.state : states[i] != states[i - 1] {
                distinct.append(i)
            }
            let rendered: [CellGrid]
            do {
                rendered = try renderConcurrently(distinct.map { batch[$0] }, threads: request.threads, makeGrid)
            } catch {
                throw .input("\(request.loaded.path): error: \(error)")
            }
            var grids: [CellGrid] = []
            var next = 0
            for i in states.indices {
                if next < distinct.count && distinct[next] == i {
                    grids.append(rendered[next])
                    next += 1
                } else {
                    grids.append(grids.last ?? previous!.grid)
                }
            }
            previous = (states.removeLast(), grids.last!)
            if start == 0, let first = grids.first {
                size = "\(first.width)x\(first.height) cells"
                if request.format == .cast {
                    cast = CastWriter(width: first.width, height: first.height, timestamp: Int(request.loaded.now))
                }
            }
            for (offset, grid) in grids.enumerated() {
                let bytes = encoder.encode(frame: grid)
                if cast != nil {
                    do {
                        try cast!.append(time: times[start + offset] - request.from, bytes: bytes)
                    } catch {
                        throw .input("\(request.output ?? "-"): error: \(error)")
                    }
                } else {
                    stream += bytes
                }
            }
        }
        stream += encoder.trailer()
        let bytes = cast.map { Array($0.text.utf8) } ?? stream
        guard let output = request.output, output != "-" else {
            Output.outBytes(bytes)
            return
        }
        try OutputFile.write(bytes, to: output)
        Output.out("wrote \(output): \(times.count) frames, \(size), \(bytes.count) bytes\n")
    }
}

/// Maps `times` through `make` on several threads; the results keep the order of `times`.
func renderConcurrently<T: Sendable>(_ times: [Double], threads: Int, _ make: @escaping @Sendable (Double) throws -> T)
    throws -> [T]
{
    var values = [Result<T, any Error>?](repeating: nil, count: times.count)
    if threads <= 1 || times.count < 2 {
        for (i, t) in times.enumerated() { values[i] = Result { try make(t) } }
    } else {
        values.withUnsafeMutableBufferPointer { buffer in
            // Each index is written by exactly one iteration.
            nonisolated(unsafe) let slots = buffer
            DispatchQueue.concurrentPerform(iterations: times.count) { i in slots[i] = Result { try make(times[i]) } }
        }
    }
    return try values.map { try $0!.get() }
}

/// The controlling terminal's size, when stdout is one.
enum Terminal {
    static func size() -> (columns: Int, rows: Int)? {
        var w = winsize()
        guard isatty(1) == 1, ioctl(1, UInt(TIOCGWINSZ), &w) == 0, w.ws_col > 0 else { return nil }
        return (Int(w.ws_col), Int(w.ws_row))
    }
}
