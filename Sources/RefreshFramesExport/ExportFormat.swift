/// What a format is, as the command line needs to know it: how `--format` and the output's name
/// choose it, what it writes and what it refuses. `render` derives its help, its suffix table, its
/// messages and its default output name from `Exporter.all`'s formats, so a format states each of
/// these facts once, here.
package struct ExportFormat: Sendable, Equatable {
    /// `--format`'s value. Formats may share one and be told apart by `frames` (`png`: one frame
    /// with `--at`, a sequence without).
    package var name: String
    /// What it is, after "render the animation to": `an animated GIF`.
    package var title: String
    /// The output names that choose it, lower case, e.g. `[".ans", ".ansi"]`; the first is the one
    /// messages name. A directory format is chosen by a directory instead.
    package var suffixes: [String]
    package var output: Output
    package var frames: Frames
    /// The most frames per second it can show, and why; nil: any `--fps`.
    package var fpsLimit: FPSLimit?
    /// The output's name without `-o`, from the spec's (`rotate-scale`): nil writes to stdout.
    package var defaultOutput: (@Sendable (_ specName: String) -> String)?
    /// The discussion's phrase for it: `OUT.gif an animated GIF`.
    package var help: String
    /// Whether it is an animated picture a page shows (GIF, APNG, WebP): `--max-size` can shrink
    /// it (fewer frames per second, a smaller scale) and `--preset readme` chooses among them.
    package var isPicture: Bool
    /// The terminal graphics protocols it cannot carry, each with the refusal's message.
    package var refusedGraphics: [GraphicsProtocol: String]

    package init(
        name: String, title: String, suffixes: [String], output: Output = .file, frames: Frames,
        fpsLimit: FPSLimit? = nil, defaultOutput: (@Sendable (_ specName: String) -> String)?, help: String,
        isPicture: Bool = false,
        refusedGraphics: [GraphicsProtocol: String] = [:]
    ) {
        self.name = name
        self.title = title
        self.suffixes = suffixes
        self.output = output
        self.frames = frames
        self.fpsLimit = fpsLimit
        self.defaultOutput = defaultOutput
        self.help = help
        self.isPicture = isPicture
        self.refusedGraphics = refusedGraphics
    }

    /// Where the bytes go.
    package enum Output: Sendable, Equatable {
        /// One stream: a file (written under a temporary name and renamed), or stdout.
        case file
        /// Named files of a directory, put in place as a whole.
        case directory
    }

    /// How many frames it holds, and so what `--at` does.
    package enum Frames: Sendable, Equatable {
        /// One frame, the one at `--at`; without it the message explains.
        case single(withoutAt: String)
        /// The span, frame by frame; `--at` is refused with the message.
        case animated(withAt: String)
        /// The span, or one frame with `--at`.
        case either
    }

    /// `--fps` over `fps` is refused: `'--fps 60' is too fast for a GIF: <reason>, so at most 50 frames per second.`
    package struct FPSLimit: Sendable, Equatable {
        package var fps: Double
        /// `a GIF`
        package var noun: String
        /// `its delays are whole centiseconds, at least 2`
        package var reason: String

        package init(fps: Double, noun: String, reason: String) {
            self.fps = fps
            self.noun = noun
            self.reason = reason
        }
    }

    /// Whether `path` (a file's name) ends in one of its suffixes.
    package func isNamed(_ path: String) -> Bool {
        let lower = path.lowercased()
        return suffixes.contains { lower.hasSuffix($0) }
    }

    package static func == (a: ExportFormat, b: ExportFormat) -> Bool {
        a.name == b.name && a.suffixes == b.suffixes && a.output == b.output && a.frames == b.frames
    }
}
