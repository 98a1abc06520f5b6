import RefreshFramesCore

extension Exporter {
    /// An ANSI stream: the first frame whole, then only the cells that change, written to the
    /// destination frame by frame. One frame without colours is plain lines instead: no escape
    /// codes, for `less`, `grep` and diffs.
    package static let ansi = Exporter(
        ExportFormat(
            name: "ansi", title: "an ANSI stream", suffixes: [".ans", ".ansi"], frames: .either,
            defaultOutput: nil, help: "OUT.ans an ANSI stream ('cat' replays it)")
    ) { job, destination throws(ExportError) in
        let (terminal, note) = job.terminal.drawable()
        if let note { destination.note(note) }
        if job.times.count == 1 && terminal.colors == .none, let cells = terminal.mode.cells {
            let source = job.source
            let grid = try attributing(ExportError.render) {
                try source.cells(cells, columns: terminal.columns)(source.state(at: job.times[0]))
            }
            try destination.append(Array(plainLines(grid).utf8))
            var cut = TextCut()
            cut.add(grid)
            if let note = cut.note(columns: grid.width, frames: 1) { destination.note(note) }
            return "1 frame, \(grid.width)x\(grid.height) cells"
        }
        var sink = destination
        defer { destination = sink }
        let (size, trailer) = try terminalFrames(job, terminal, sink) { _, bytes throws(ExportError) in
            try sink.append(bytes)
        }
        try sink.append(trailer)
        return summary(job, terminal, size)
    }

    /// An asciinema v2 cast of the ANSI stream, each frame at its time from the span's start,
    /// written line by line. It ends as the `.ans` stream does, with the cursor on the row below
    /// the frame, at the span's end, so both need the same terminal: one row taller than the frame.
    ///
    /// A cast is text that `asciinema play` writes to whatever terminal plays it, at any cell size:
    /// kitty and iTerm2 images are sized in cells (and kitty's edits are in the image's own
    /// pixels), so they play in a terminal that draws them; sixel images are pixels placed for one
    /// cell size, so a cast refuses them. (asciinema's web player and agg draw text alone.)
    package static let cast = Exporter(
        ExportFormat(
            name: "cast", title: "an asciinema cast", suffixes: [".cast"], frames: .either, defaultOutput: nil,
            help: "OUT.cast an asciinema v2 cast",
            refusedGraphics: [
                .sixel:
                    "'--ansi sixel' cannot go in a cast: a cast plays in terminals of any cell size, and sixel images are pixels placed for one; use --ansi kitty or iterm (sized in cells), or write the sixel stream as .ans."
            ])
    ) { job, destination throws(ExportError) in
        let (terminal, note) = job.terminal.drawable()
        if let note { destination.note(note) }
        var cast: CastWriter?
        var lastTime = 0.0
        var sink = destination
        defer { destination = sink }
        let (size, trailer) = try terminalFrames(job, terminal, sink) {
            frame, bytes throws(ExportError) in
            if cast == nil {
                let writer = CastWriter(
                    width: frame.width, height: frame.height + 1, timestamp: Int(job.provenance.now))
                try sink.append(Array((writer.header + "\n").utf8))
                cast = writer
            }
            lastTime = frame.time - job.from
            let line = try attributing(ExportError.encode) { try cast!.event(time: lastTime, bytes: bytes) }
            try sink.append(Array((line + "\n").utf8))
        }
        if cast != nil {
            let end = max(job.to - job.from, lastTime + 0.001)
            let line = try attributing(ExportError.encode) { try cast!.event(time: end, bytes: trailer) }
            try sink.append(Array((line + "\n").utf8))
        }
        return summary(job, terminal, size)
    }

    /// `272 frames, 80x10 cells`, and for images the protocol and the cell's pixels.
    static func summary(_ job: ExportJob, _ terminal: TerminalOptions, _ size: (width: Int, height: Int)) -> String {
        let images = terminal.mode.graphics.map { " (\($0.rawValue) images, \(terminal.cell) pixels a cell)" } ?? ""
        return "\(job.times.count) frames, \(size.width)x\(size.height) cells\(images)"
    }

    /// Draws the job's frames as cell grids and encodes them in order; returns the grid's size and
    /// the bytes that end a stream. A run of frames whose state does not change is drawn once.
    /// Text cut for want of columns is noted once, at the end.
    ///
    /// Pixel mode draws each run as a patch over the run before (on any thread, in any order: the
    /// damage comes from the two states alone); the cells are re-sampled, and compared by the
    /// encoder, only where the patch drew.
    static func terminalFrames(
        _ job: ExportJob, _ terminal: TerminalOptions, _ destination: ExportDestination,
        emit: (_ frame: (time: Double, width: Int, height: Int), _ bytes: [UInt8]) throws(ExportError) -> Void
    ) throws(ExportError) -> (size: (width: Int, height: Int), trailer: [UInt8]) {
        let source = job.source
        let times = job.times
        let columns = terminal.columns
        // Where each run of equal states starts (the time is not part of what is drawn).
        var starts: [Int] = []
        var previous: FrameState?
        for (i, t) in times.enumerated() {
            var state = source.state(at: t)
            state.time = 0
            if state != previous { starts.append(i) }
            previous = state
        }
        let runStarts = starts
        if let graphics = terminal.mode.graphics {
            return try graphicsFrames(job, graphics, terminal, destination, runStarts: runStarts, emit: emit)
        }
        let render: @Sendable (Int) throws -> TerminalPatch
        switch terminal.mode.cells ?? .pixels {
        case .text:
            let cells = source.cells(.text, columns: columns)
            render = { run in .grid(try cells(source.state(at: times[runStarts[run]]))) }
        case .pixels:
            let pixels = source.terminalPixels(columns: columns)
            render = { run in
                .pixels(try pixels.patch(at: times[runStarts[run]], after: run > 0 ? times[runStarts[run - 1]] : nil))
            }
        }
        var patched = PatchedCells(renderer: source.pixelRenderer(columns: columns))
        var encoder = ANSIEncoder(colorMode: terminal.colors)
        var size = (width: 0, height: 0)
        var cut = TextCut()
        try attributing(ExportError.render) {
            try FrameStream(Array(runStarts.indices), threads: job.threads).run(render: render) { run, patch in
                var grid: CellGrid
                var changed: [CellRect]?
                switch patch {
                case .grid(let whole):
                    grid = whole
                case .pixels(let pixels):
                    changed = patched.apply(pixels)
                    grid = patched.grid!
                }
                size = (grid.width, grid.height)
                let end = run + 1 < runStarts.count ? runStarts[run + 1] : times.count
                for i in runStarts[run]..<end {
                    try emit((times[i], grid.width, grid.height), encoder.encode(frame: grid, changed: changed))
                    changed = []  // the rest of the run is the same frame
                    cut.add(grid)
                    destination.progress(i + 1, times.count)
                }
            }
        }
        if let note = cut.note(columns: size.width, frames: times.count) { destination.note(note) }
        return (size, encoder.trailer())
    }

    /// The frames as images of `graphics`, `terminal.columns` cells wide: each run of equal states
    /// drawn as a patch over the run before (on every core), then encoded in order; sixel's palette
    /// is chosen, as a GIF's, from a dozen frames spread over the span.
    static func graphicsFrames(
        _ job: ExportJob, _ graphics: GraphicsProtocol, _ terminal: TerminalOptions, _ destination: ExportDestination,
        runStarts: [Int],
        emit: (_ frame: (time: Double, width: Int, height: Int), _ bytes: [UInt8]) throws(ExportError) -> Void
    ) throws(ExportError) -> (size: (width: Int, height: Int), trailer: [UInt8]) {
        let times = job.times
        let source = job.source.graphicsPixels(width: terminal.columns * terminal.cell.width)
        var palette: GIFPalette?
        if graphics == .sixel {
            palette = try attributing(ExportError.encode) {
                try GIFPalette(
                    pinned: source.pinnedColors(over: times),
                    samples: sampleFrames(source, times: times, threads: job.threads))
            }
        }
        var encoder = GraphicsEncoder(graphics, cell: terminal.cell, palette: palette)
        var size = (width: 0, height: 0)
        try attributing(ExportError.render) {
            try FrameStream(Array(runStarts.indices), threads: job.threads).run(
                render: { run in
                    try source.patch(at: times[runStarts[run]], after: run > 0 ? times[runStarts[run - 1]] : nil)
                }
            ) { run, patch in
                var bytes = try attributing(ExportError.encode) { try encoder.encode(patch) }
                size = (encoder.columns, encoder.rows)
                let end = run + 1 < runStarts.count ? runStarts[run + 1] : times.count
                for i in runStarts[run]..<end {
                    try emit((times[i], size.width, size.height), bytes)
                    bytes = []  // the rest of the run is the same frame
                    destination.progress(i + 1, times.count)
                }
            }
        }
        return (size, encoder.trailer())
    }

    /// Up to a dozen frames spread evenly over `times`, the samples a palette is chosen from.
    package static func sampleFrames(_ source: FrameSource, times: [Double], threads: Int) throws -> [Bitmap] {
        let count = min(12, times.count)
        let indices = Set((0..<count).map { $0 * (times.count - 1) / max(1, count - 1) })
        return try FrameStream(indices.sorted().map { times[$0] }, threads: threads).map(source.bitmap(at:))
    }
}

/// A run's frame as the render threads hand it over: the whole grid (text mode), or what changed
/// in the pixels at the terminal's scale since the run before (pixel mode).
private enum TerminalPatch: Sendable {
    case grid(CellGrid)
    case pixels(FramePatch)
}

/// The grid's characters, one line per row without trailing spaces, each ending in a newline.
func plainLines(_ grid: CellGrid) -> String {
    var text = ""
    for row in 0..<grid.height {
        var line = ""
        for column in 0..<grid.width { line += grid[column, row].character }
        while line.last == " " { line.removeLast() }
        text += line + "\n"
    }
    return text
}

/// What text mode left out of a render for want of columns: the characters (each once, in the
/// order first met) and in how many frames.
package struct TextCut: Sendable, Equatable {
    package private(set) var characters = ""
    package private(set) var frames = 0

    package init() {}

    package mutating func add(_ grid: CellGrid) {
        guard !grid.cut.isEmpty else { return }
        frames += 1
        for character in grid.cut where !characters.contains(character) { characters.append(character) }
    }

    /// The one-line note for stderr, or nil when nothing was cut.
    package func note(columns: Int, frames total: Int) -> String? {
        guard frames > 0 else { return nil }
        let frameText = total == 1 ? "" : " in \(frames) of \(total) frames"
        return
            "note: the text does not fit \(columns) columns: \(characters) cut\(frameText); a larger --cols shows it"
    }
}
