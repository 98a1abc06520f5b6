import RefreshFramesCore

/// Why a spec (or a file it names) did not load: one line naming the file and, for a problem inside
/// the spec, its line and column and JSON path, then what was expected:
/// `samples/x.json:3:21: error: views[0].tag: expected an integer, got a string`.
public struct LoadError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The line, as the command line prints it.
    public var description: String
    /// Where in the spec the problem is; nil for a file that could not be read.
    package var diagnostic: SpecDiagnostic?
    /// The step that failed.
    package var stage: Stage

    /// The steps of loading, in order.
    package enum Stage: Sendable {
        /// Reading the spec's file.
        case read
        /// Decoding it into a spec.
        case decode
        /// Opening the side files it names.
        case open
        /// Measuring its texts, solving its layout and building its timeline.
        case build
    }

    /// A file that could not be read (or a line of another step, such as a Swift program's error).
    package init(_ line: String, stage: Stage = .read) {
        description = line
        self.stage = stage
    }

    /// A problem inside the spec named `file`, found at `stage`.
    package init(_ diagnostic: SpecDiagnostic, file: String, stage: Stage) {
        description = diagnostic.formatted(file: file)
        self.diagnostic = diagnostic
        self.stage = stage
    }
}
