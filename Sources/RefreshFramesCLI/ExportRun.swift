import Foundation
import RefreshFramesCommandLine
import RefreshFramesCore
import RefreshFramesExport

/// Runs an exporter into a file, a directory or stdout, and says what it wrote.
enum ExportRun {
    /// `output` nil or `-`: stdout, without a summary line.
    static func write(_ job: ExportJob, with exporter: Exporter, to output: String?) throws(CLIError) {
        // A stream shown on the terminal is its own progress.
        let progress = Progress(enabled: Output.stderrIsTerminal && !(output ?? "-" == "-" && Output.stdoutIsTerminal))
        defer { progress.clear() }
        var summary: String
        var bytes = 0
        if let output, output != "-" {
            if exporter.writesDirectory {
                let directory = try OutputDirectory(output)
                var destination = ExportDestination(
                    append: { _ in }, file: { name, bytes in try directory.write(bytes, name: name) },
                    progress: progress.update,
                    note: progress.note)
                summary = try run(exporter, job, &destination, output: output)
                try directory.commit()
                progress.finish()
                Output.out("wrote \(output.hasSuffix("/") ? output : output + "/"): \(summary)\n")
                return
            }
            let file = try OutputFile(output)
            var destination = ExportDestination(
                append: { try file.write($0) }, progress: progress.update, note: progress.note)
            summary = try run(exporter, job, &destination, output: output)
            bytes = destination.bytesWritten
            // `-o /dev/stdout`: the summary would land inside the output.
            let toStandardOutput = file.isStandardOutput
            try file.commit()
            progress.finish()
            let line = "wrote \(output): \(summary), \(bytes) bytes\n"
            if toStandardOutput { Output.err(line) } else { Output.out(line) }
        } else {
            var destination = ExportDestination(
                append: { Output.outBytes($0) }, progress: progress.update, note: progress.note)
            _ = try run(exporter, job, &destination, output: "-")
            progress.finish()
        }
    }

    static func run(
        _ exporter: Exporter, _ job: ExportJob, _ destination: inout ExportDestination, output: String
    )
        throws(CLIError) -> String
    {
        do {
            return try exporter.export(job, &destination)
        } catch {
            switch error {
            case .destination(let error as CLIError): throw error
            case .destination(let error): throw .input("\(output): error: \(OutputFile.describe(error))")
            case .render(let error): throw .input("\(job.provenance.specName): error: \(error)")
            case .encode(let error): throw .input("\(output): error: \(error)")
            }
        }
    }
}

/// `rendering 120/272 frames, 0.42 s, about 0.53 s left` on stderr, only when stderr is a terminal
/// and the render is long; when it ends, `rendered 272 frames in 0.95 s` and the end of the line,
/// so what is printed next starts a line of its own.
final class Progress {
    private let enabled: Bool
    private var last = -1
    private var shown = false
    private var total = 0
    private let start = DispatchTime.now().uptimeNanoseconds

    init(enabled: Bool = Output.stderrIsTerminal) {
        self.enabled = enabled
    }

    private var elapsed: Double { Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 }

    func update(_ done: Int, _ total: Int) {
        guard enabled, total > 20 else { return }
        let percent = done * 100 / total
        if percent != last {
            last = percent
            shown = true
            self.total = total
            Output.errControl("\r\u{1B}[K" + Self.line(done: done, total: total, elapsed: elapsed))
        }
    }

    /// The line while frames are drawn; the time left is the time so far for the frames left.
    static func line(done: Int, total: Int, elapsed: Double) -> String {
        var text = "rendering \(done)/\(total) frames, \(formatSeconds(elapsed)) s"
        if done > 0 && done < total {
            text += ", about \(formatSeconds(elapsed * Double(total - done) / Double(done))) s left"
        }
        return text
    }

    /// The line when every frame is drawn.
    static func finished(frames: Int, elapsed: Double) -> String {
        "rendered \(frames) frames in \(formatSeconds(elapsed)) s"
    }

    /// Ends the progress line, once: the frames and the time they took, then a newline.
    func finish() {
        if shown { Output.errControl("\r\u{1B}[K" + Self.finished(frames: total, elapsed: elapsed) + "\n") }
        shown = false
    }

    /// A line of its own on stderr: the progress line is cleared first and drawn again after it.
    func note(_ text: String) {
        clear()
        last = -1
        Output.err(text + "\n")
    }

    /// Takes the progress line away (an export that failed: its error is printed next).
    func clear() {
        if shown { Output.errControl("\r\u{1B}[K") }
        shown = false
    }
}
