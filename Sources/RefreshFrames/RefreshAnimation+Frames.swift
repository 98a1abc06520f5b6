import Foundation
import RefreshFramesCore
import RefreshFramesExport
import RefreshFramesRaster

extension RefreshAnimation {
    /// What a frame shows when the spec has a host (a table under the control).
    public enum Part: String, Sendable, CaseIterable {
        /// The whole screen: the control above the table it refreshes.
        case screen
        /// The control alone.
        case control

        var frameSourcePart: FrameSource.Part {
            switch self {
            case .screen: .screen
            case .control: .control
            }
        }
    }

    /// Why a frame could not be drawn: a part the spec does not have, or a failure of the drawing.
    public struct RenderError: Error, Sendable, CustomStringConvertible {
        public var description: String
    }

    /// The scenario's length in seconds.
    public var duration: Double { timeline.duration }
    /// When refreshing begins, in seconds; `.infinity` when the app's Swift code never began it
    /// (a control that only follows the pull), as `refreshEndedAt` then.
    public var refreshBeganAt: Double { timeline.refreshBeganAt }
    /// When `endRefreshing` is called, in seconds.
    public var refreshEndedAt: Double { timeline.refreshEndedAt }

    /// Every view's state at `time` (seconds from the start of the scenario): frame, transform,
    /// alpha, colours, text; with a host, the table's rows and offset.
    public func state(at time: Double) -> FrameState { timeline.sample(at: time) }

    /// What `refresh-frames state SPEC --at TIME` prints.
    public func stateJSON(at time: Double) -> String { state(at: time).json }

    /// What `refresh-frames timeline SPEC` prints: the solved layout and every animation segment,
    /// the text of a `timeline.txt` golden.
    public var timelineText: String { timeline.dump }

    /// The frame at `time`, as `render --at` draws it: `part` (nil: the whole screen when the spec
    /// has a host, else the control) at `scale` pixels per point (nil: the canvas's).
    public func frame(at time: Double, part: Part? = nil, scale: Double? = nil) throws(RenderError) -> Bitmap {
        let source = try frames(part, scale: scale)
        do {
            return try source.bitmap(at: time)
        } catch {
            throw RenderError(description: "\(name): error: \(error)")
        }
    }

    /// The frame at `time` as a truecolor PNG file's bytes, as `render -o frame.png --at` writes it.
    public func png(at time: Double, part: Part? = nil, scale: Double? = nil) throws(RenderError) -> [UInt8] {
        let bitmap = try frame(at: time, part: part, scale: scale)
        do {
            return try PNGCodec.encode(bitmap)
        } catch {
            throw RenderError(description: "\(name): error: \(error)")
        }
    }

    /// The animation from `from` to `to` (nil: the end) at `fps` frames a second as an animated
    /// GIF's bytes, as `render -o x.gif` writes it; `loop` 0 repeats forever.
    public func gif(
        part: Part? = nil, scale: Double? = nil, fps: Double = 50, from: Double = 0, to: Double? = nil, loop: Int = 0
    ) throws(RenderError) -> [UInt8] {
        guard fps >= 1, fps <= 50 else {
            throw RenderError(
                description:
                    "\(name): error: a GIF takes 1 to 50 frames a second (its delays are whole centiseconds), not \(formatNumber(fps))"
            )
        }
        let source = try frames(part, scale: scale)
        let end = to ?? duration
        let job = ExportJob(
            source: source, times: timeline.frameTimes(fps: fps, from: from, to: end), from: from, to: end, fps: fps,
            loop: loop, threads: ProcessInfo.processInfo.activeProcessorCount,
            provenance: Provenance(
                tool: RefreshFramesVersion.current, specName: name, specBytes: bytes, now: now))
        var bytes: [UInt8] = []
        var destination = ExportDestination(append: { bytes += $0 })
        do {
            _ = try Exporter.gif.export(job, &destination)
        } catch {
            switch error {
            case .render(let cause), .encode(let cause), .destination(let cause):
                throw RenderError(description: "\(name): error: \(cause)")
            }
        }
        return bytes
    }

    /// The drawing of `part` (nil: the screen when there is one) at `scale`: the part decided as
    /// for every command (`FrameSource.Part.resolved`), the screen of a spec without a host refused
    /// with the same message.
    private func frames(_ part: Part?, scale: Double?) throws(RenderError) -> FrameSource {
        do throws(FrameSource.PartError) {
            return try frames(part: part.map(\.frameSourcePart), scale: scale)
        } catch {
            throw RenderError(description: "\(name): error: \(error)")
        }
    }
}
