import Foundation
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

    /// The HTML page refers to images relative to itself, so it opens from disk wherever it is.
    static func writeHTML(_ report: CheckReport, to html: String) throws(CLIError) {
        do {
            try FileManager.default.createDirectory(atPath: html, withIntermediateDirectories: true)
        } catch {
            throw .input("\(html): error: cannot create the directory (\(OutputFile.describe(error)))")
        }
        try OutputFile.write(
            Array(report.relativized(to: html).html().utf8), to: (html as NSString).appendingPathComponent("index.html")
        )
    }
}
