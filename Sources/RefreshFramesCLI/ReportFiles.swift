import Foundation
import RefreshFramesCommandLine
import RefreshFramesCompare
import RefreshFramesCore

/// A report directory (`--report`, `--html`) as one run fills it: the directories it made and the
/// files it wrote, so that a run that fails part-way (a full disk) takes them back instead of leaving
/// a half-written report.
final class ReportDirectory: @unchecked Sendable {
    let path: String
    private let lock = NSLock()
    /// Directories this run made, outermost first.
    private var made: [String] = []
    private var written: [String] = []

    init(_ path: String) {
        self.path = path
    }

    /// Makes `directory` (this report's directory or one inside it) and its missing parents.
    func make(_ directory: String) throws(CLIError) {
        lock.lock()
        defer { lock.unlock() }
        var missing: [String] = []
        var current = directory
        var isDirectory: ObjCBool = false
        while !current.isEmpty && current != "/" && !FileManager.default.fileExists(atPath: current) {
            missing.append(current)
            current = FilePath.directory(of: current)
        }
        for directory in missing.reversed() {
            guard mkdir(directory, 0o755) == 0 || errno == EEXIST else {
                throw .input(
                    "\(path): error: cannot create the report directory (\(String(cString: strerror(errno))))")
            }
            made.append(directory)
        }
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw .input("\(path): error: cannot create the report directory (not a directory)")
        }
    }

    /// Writes one file of the report (under a temporary name, renamed when complete).
    func write(_ bytes: [UInt8], to file: String) throws(CLIError) {
        try OutputFile.write(bytes, to: file)
        lock.lock()
        written.append(file)
        lock.unlock()
    }

    /// Removes what this run wrote and the directories it made (when that leaves them empty).
    func discard() {
        lock.lock()
        defer { lock.unlock() }
        for file in written { unlink(file) }
        for directory in made.reversed() { rmdir(directory) }
        written = []
        made = []
    }
}

/// The report directory: actual frames and diff images of failing frames, and the HTML page.
enum ReportFiles {
    /// Throws unless `path` (with `option`, e.g. `--junit`) can be written once the check is done:
    /// its nearest existing ancestor is a directory one may write in, so the missing ones between
    /// can be made. Checked before the work, so that a run that found differences never ends with
    /// exit 2 for a report it could not write. `isDirectory`: the path itself is the directory.
    static func checkCreatable(_ path: String, option: String, isDirectory: Bool) throws(CLIError) {
        try OutputSafety.requireWorkingDirectory(for: path)
        var current = isDirectory ? path : FilePath.directory(of: path)
        if current.isEmpty { current = "." }
        var info = stat()
        while stat(current, &info) != 0 {
            guard errno == ENOENT || errno == ENOTDIR else {
                throw .input(
                    "\(path): error: \(option): cannot reach '\(current)' (\(String(cString: strerror(errno))))")
            }
            current = FilePath.directory(of: current)
            if current.isEmpty { current = "." }
        }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            throw .input("\(path): error: \(option): '\(current)' is not a directory")
        }
        guard access(current, W_OK) == 0 else {
            throw .input("\(path): error: \(option): the directory '\(current)' is not writable")
        }
    }

    /// Writes a report file (`--junit`), making its missing parent directories as `--html` and
    /// `--report` make theirs.
    static func writeFile(_ bytes: [UInt8], to path: String, protecting inputs: [String]) throws(CLIError) {
        let parent = FilePath.directory(of: path)
        let directory = ReportDirectory(parent)
        if !parent.isEmpty { try directory.make(parent) }
        do throws(CLIError) {
            try OutputFile.checkTarget(path, protecting: inputs)
            try OutputFile.write(bytes, to: path)
        } catch {
            directory.discard()
            throw error
        }
    }

    static func write(actual: [UInt8], diff: [UInt8], file: String, in directory: ReportDirectory) throws(CLIError)
        -> (String, String)
    {
        try directory.make(directory.path)
        let base = (file as NSString).deletingPathExtension
        let actualPath = (directory.path as NSString).appendingPathComponent(base + ".actual.png")
        let diffPath = (directory.path as NSString).appendingPathComponent(base + ".diff.png")
        try directory.write(actual, to: actualPath)
        try directory.write(diff, to: diffPath)
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
    /// directory opens from anywhere, e.g. after a CI uploads it as an artifact. A failure part-way
    /// removes what it wrote.
    static func writeHTML(_ report: SuiteReport, name: String, to html: String) throws(CLIError) {
        let directory = ReportDirectory(html)
        do throws(CLIError) {
            try writeHTML(report, name: name, into: directory)
        } catch {
            directory.discard()
            throw error
        }
    }

    private static func writeHTML(_ report: SuiteReport, name: String, into directory: ReportDirectory)
        throws(CLIError)
    {
        let html = directory.path
        let images = (html as NSString).appendingPathComponent("images")
        do {
            if FileManager.default.fileExists(atPath: images) { try FileManager.default.removeItem(atPath: images) }
        } catch {
            throw .input("\(html): error: cannot create the directory (\(OutputFile.describe(error)))")
        }
        try directory.make(images)
        var copy = report
        let copies: [(String, String)]
        (copy.reports, copies) = report.withImagesCopied { FileManager.default.isReadableFile(atPath: $0) }
        for (from, to) in copies {
            guard let bytes = FileManager.default.contents(atPath: from) else {
                throw .input("\(from): error: cannot read the image to copy into the HTML report")
            }
            try directory.write([UInt8](bytes), to: (html as NSString).appendingPathComponent(to))
        }
        try directory.write(
            Array(copy.html(name: name).utf8), to: (html as NSString).appendingPathComponent("index.html"))
    }
}
