import RefreshFrames
import RefreshFramesCommandLine
import RefreshFramesCore
import RefreshFramesExport

/// `--only screen|control`, the same in render, check and record (the preview's default is the control).
let onlyOption = OptionDefinition.choice(
    "only", "part", FrameSource.Part.self,
    "screen or control: for a spec with a host, the whole screen (default) or the refresh control alone."
)

extension FrameSource {
    /// The frames of `loaded` showing `part` (nil: the whole screen when the spec has one). Every
    /// command draws through this, so the screen asked of a spec without a host is the same usage
    /// error (exit 64) in render, preview, check and record.
    static func made(
        _ loaded: RefreshAnimation, part: Part?, canvas: Canvas? = nil, scale: Double? = nil, command: String
    ) throws(CLIError) -> FrameSource {
        do throws(PartError) {
            return try loaded.frames(part: part, canvas: canvas, scale: scale)
        } catch {
            throw .usage(error.description, command: command)
        }
    }
}
