import Foundation
import RefreshFramesCommandLine
import RefreshFramesExport

/// Runs an exporter into a file, a directory or stdout, and says what it wrote.
enum ExportRun {
    /// `output` nil or `-`: stdout, without a summary line.
    static func write(_ job: ExportJob, with exporter: Exporter, to output: String?) throws(CLIError) {
        let progress = Progress()
        defer { progress.finish() }
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
            let line = "wrote \(output): \(summary), \(bytes) bytes\n"
            if toStandardOutput { Output.err(line) } else { Output.out(line) }
        } else {
            var destination = ExportDestination(
                append: { Output.outBytes($0) }, progress: progress.update, note: progress.note)
            _ = try run(exporter, job, &destination, output: "-")
        }
    }

    private static func run(
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

/// `rendering 120/272 frames` on stderr, only when stderr is a terminal and the render is long.
final class Progress {
    private let enabled = Output.stderrIsTerminal
    private var last = -1
    private var shown = false

    func update(_ done: Int, _ total: Int) {
        guard enabled, total > 20 else { return }
        let percent = done * 100 / total
        if percent != last {
            last = percent
            shown = true
            Output.errControl("\rrendering \(done)/\(total) frames")
        }
    }

    func finish() {
        if shown { Output.errControl("\r\u{1B}[K") }
        shown = false
    }

    /// A line of its own on stderr, after the progress is cleared.
    func note(_ text: String) {
        finish()
        Output.err(text + "\n")
    }
}
