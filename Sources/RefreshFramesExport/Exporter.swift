import RefreshFramesCore
import RefreshFramesRaster

/// Everything an exporter needs, decided before the first frame is drawn.
package struct ExportJob: Sendable {
    package var source: FrameSource
    /// The instants drawn, in order.
    package var times: [Double]
    /// The span the times cover (GIF delays, cast times).
    package var from: Double
    package var to: Double
    package var fps: Double
    /// GIF loop count, 0 = forever.
    package var loop: Int
    package var threads: Int
    package var terminal: TerminalOptions
    /// What made the frames, for manifests and cast headers.
    package var provenance: Provenance

    package init(
        source: FrameSource, times: [Double], from: Double, to: Double, fps: Double, loop: Int = 0, threads: Int,
        terminal: TerminalOptions = TerminalOptions(), provenance: Provenance
    ) {
        self.source = source
        self.times = times
        self.from = from
        self.to = to
        self.fps = fps
        self.loop = loop
        self.threads = threads
        self.terminal = terminal
        self.provenance = provenance
    }
}

/// How ANSI and cast frames are drawn.
package struct TerminalOptions: Sendable {
    package var mode: Mode
    package var columns: Int
    package var colors: ColorMode
    /// The pixels of a cell, for the graphics modes' images.
    package var cell: CellSize

    package init(
        mode: Mode = .pixels, columns: Int = 80, colors: ColorMode = .truecolor, cell: CellSize = .standard
    ) {
        self.mode = mode
        self.columns = columns
        self.colors = colors
        self.cell = cell
    }

    /// How a frame reaches the terminal: as cells (half blocks or text) or as an image of a
    /// graphics protocol.
    package enum Mode: String, Sendable, CaseIterable {
        case pixels, text, kitty, iterm, sixel

        package init(_ cells: FrameSource.TerminalMode) {
            switch cells {
            case .pixels: self = .pixels
            case .text: self = .text
            }
        }

        package init(_ graphics: GraphicsProtocol) {
            switch graphics {
            case .kitty: self = .kitty
            case .iterm: self = .iterm
            case .sixel: self = .sixel
            }
        }

        /// The cells this mode draws; nil for a graphics protocol.
        package var cells: FrameSource.TerminalMode? {
            switch self {
            case .pixels: .pixels
            case .text: .text
            case .kitty, .iterm, .sixel: nil
            }
        }

        /// The graphics protocol this mode draws with; nil for cells.
        package var graphics: GraphicsProtocol? {
            switch self {
            case .pixels, .text: nil
            case .kitty: .kitty
            case .iterm: .iterm
            case .sixel: .sixel
            }
        }
    }

    /// Half blocks are colours and nothing else: without colours (`--colors none`, `NO_COLOR`)
    /// every cell is the same `▀`. Such options draw text instead, with the note that says so.
    package func drawable() -> (options: TerminalOptions, note: String?) {
        guard mode == .pixels, colors == .none else { return (self, nil) }
        var options = self
        options.mode = .text
        return (options, Self.noColorNote)
    }

    package static let noColorNote =
        "note: without colours (--colors none or NO_COLOR) half blocks all look alike; drawing text (--ansi text) instead"
}

/// The tool, spec and clock behind an export.
package struct Provenance: Sendable {
    package var tool: String
    /// The spec's file name as the user gave it.
    package var specName: String
    package var specBytes: [UInt8]
    /// Seconds since 1970 of the run's clock.
    package var now: Int64

    package init(tool: String, specName: String, specBytes: [UInt8], now: Int64) {
        self.tool = tool
        self.specName = specName
        self.specBytes = specBytes
        self.now = now
    }
}

/// Where an exporter's bytes go: one stream, or named files of a directory; and its progress.
package struct ExportDestination {
    private let appendBytes: ([UInt8]) throws -> Void
    private let writeFile: (String, [UInt8]) throws -> Void
    package let progress: (_ done: Int, _ total: Int) -> Void
    /// A one-line remark for the user about what was written (stderr), e.g. text that was cut.
    package let note: (String) -> Void
    /// Bytes appended to the stream so far.
    package private(set) var bytesWritten = 0

    package init(
        append: @escaping ([UInt8]) throws -> Void,
        file: @escaping (String, [UInt8]) throws -> Void = { name, _ in
            preconditionFailure("this destination takes no file '\(name)'")
        },
        progress: @escaping (Int, Int) -> Void = { _, _ in },
        note: @escaping (String) -> Void = { _ in }
    ) {
        appendBytes = append
        writeFile = file
        self.progress = progress
        self.note = note
    }

    package mutating func append<C: Collection>(_ bytes: C) throws(ExportError) where C.Element == UInt8 {
        do { try appendBytes(Array(bytes)) } catch { throw .destination(error) }
        bytesWritten += bytes.count
    }

    package func file(_ name: String, _ bytes: [UInt8]) throws(ExportError) {
        do { try writeFile(name, bytes) } catch { throw .destination(error) }
    }
}

/// Why an export stopped: a frame that could not be drawn, bytes that could not be encoded, or the
/// destination's own error, passed on untouched.
package enum ExportError: Error {
    case render(any Error)
    case encode(any Error)
    case destination(any Error)
}

/// One output format: the facts the command line derives from it (`format`) and how a job becomes
/// bytes. A new format is one file that defines its value, listed in `all`.
package struct Exporter: Sendable {
    package var format: ExportFormat
    /// Writes the job; returns what was written, e.g. `272 frames, 5.44 s, 750x120`.
    package var export: @Sendable (ExportJob, inout ExportDestination) throws(ExportError) -> String

    package init(
        _ format: ExportFormat,
        export: @escaping @Sendable (ExportJob, inout ExportDestination) throws(ExportError) -> String
    ) {
        self.format = format
        self.export = export
    }

    /// Whether the output is a directory of files rather than one stream.
    package var writesDirectory: Bool { format.output == .directory }

    /// Every format, in the order help and messages list them.
    package static let all: [Exporter] = [gif, apng, webp, png, pngSequence, ansi, cast]
}

/// Runs `body`, turning any error but the destination's into `wrap(error)`.
func attributing<T>(_ wrap: (any Error) -> ExportError, _ body: () throws -> T) throws(ExportError) -> T {
    do {
        return try body()
    } catch let error as ExportError {
        throw error
    } catch {
        throw wrap(error)
    }
}

/// `5.44 s`
func formatDuration(_ seconds: Double) -> String {
    formatSeconds(seconds) + " s"
}
