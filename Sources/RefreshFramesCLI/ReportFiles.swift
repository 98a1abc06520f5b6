import Foundation
import RefreshFramesCommandLine
import RefreshFramesCompare

/// The report directory: actual frames and diff images of failing frames, and the HTML page.
enum ReportFiles {
    static func write(actual: [UInt8], diff: [UInt8], file: String, in directory: String) throws(CLIError)
        -> (String, String)
    {
        if !FileManager.default.fileExists(atPath: directory) {
            do {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            } catch {
                throw .input("\(directory): error: cannot create the report directory (\(OutputFile.describe(error)))")
            }
        }
        let base = (file as NSString).deletingPathExtension
        let actualPath = (directory as NSString).appendingPathComponent(base + ".actual.png")
        let diffPath = (directory as NSString).appendingPathComponent(base + ".diff.png")
        try OutputFile.write(actual, to: actualPath)
        try OutputFile.write(diff, to: diffPath)
        return (actualPath, diffPath)
    }

    /// Removes the images an earlier run wrote (`*.actual.png`, `*.diff.png`), so the directory holds
    /// only this run's; anything else in it is left alone.
    static func clean(_ directory: String) throws(CLIError) {
        guard let files = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        for file in files where file.hasSuffix(".actual.png") || file.hasSuffix(".diff.png") {
            do {
                try FileManager.default.removeItem(atPath: (directory as NSString).appendingPathComponent(file))
            } catch {
                throw .input(
                    "\(directory): error: cannot remove an earlier run's '\(file)' (\(OutputFile.describe(error)))")
            }
        }
    }

    /// A self-contained report: `index.html` and, in `images/`, a copy of every image it shows (the
    /// goldens, actual frames and diffs of failed frames, the goldens of passed ones), so the
    /// directory opens from anywhere, e.g. after a CI uploads it as an artifact.
    static func writeHTML(_ report: SuiteReport, name: String, to html: String) throws(CLIError) {
        let images = (html as NSString).appendingPathComponent("images")
        do {
            if FileManager.default.fileExists(atPath: images) { try FileManager.default.removeItem(atPath: images) }
            try FileManager.default.createDirectory(atPath: images, withIntermediateDirectories: true)
        } catch {
            throw .input("\(html): error: cannot create the directory (\(OutputFile.describe(error)))")
        }
        var copy = report
        let copies: [(String, String)]
        (copy.reports, copies) = report.withImagesCopied { FileManager.default.isReadableFile(atPath: $0) }
        for (from, to) in copies {
            guard let bytes = FileManager.default.contents(atPath: from) else {
                throw .input("\(from): error: cannot read the image to copy into the HTML report")
            }
            try OutputFile.write([UInt8](bytes), to: (html as NSString).appendingPathComponent(to))
        }
        try OutputFile.write(
            Array(copy.html(name: name).utf8), to: (html as NSString).appendingPathComponent("index.html"))
    }
}
