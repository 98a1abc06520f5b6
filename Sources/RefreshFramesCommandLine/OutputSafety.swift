import Foundation

/// The rules every output path obeys before anything is written, so that no command removes or
/// overwrites a file of the user's that is not the output they named:
///
/// - an output is never an input (the same path, a symlink to it or a hard link of it), and a
///   directory output never holds an input;
/// - an output never lies inside the golden directory, which RefreshFrames replaces as a unit;
/// - an existing directory is only replaced (a PNG sequence) when RefreshFrames wrote it, that is,
///   it holds a `frames.json` or nothing at all; a directory that reports are written into, or a
///   golden directory being recorded, holds only files of the names RefreshFrames writes there.
package enum OutputSafety {
    /// What a directory output is for: which existing directories it may write into or replace.
    package enum DirectoryKind {
        /// A PNG sequence: replaces the whole directory.
        case frames
        /// `--report` and `--html`: actual frames, diff images and `index.html` are written into it.
        case report
        /// `--golden` when recording: replaced as a unit by the new golden set.
        case golden
    }

    /// Throws unless writing `output` (a file, or a directory of `kind`) can touch none of `inputs`.
    /// `option` names the output in the message (`-o`, `--junit`).
    package static func check(
        _ output: String, option: String, directory kind: DirectoryKind? = nil, inputs: [String],
        goldenDirectory: String? = nil
    ) throws(CLIError) {
        try requireWorkingDirectory(for: output)
        let target = canonicalPath(output)
        for input in inputs {
            let source = canonicalPath(input)
            if target == source || sameFile(output, input) {
                throw .input(
                    "\(output): error: \(option) would overwrite the input '\(input)'; choose another name")
            }
            if kind != nil && isInside(source, target) {
                throw .input(
                    "\(output): error: \(option) would \(kind == .report ? "write into" : "replace") a directory that holds the input '\(input)'; choose another directory"
                )
            }
        }
        if let goldenDirectory, kind != .golden {
            let golden = canonicalPath(goldenDirectory)
            if target == golden || isInside(target, golden) || (kind != nil && isInside(golden, target)) {
                throw .input(
                    "\(output): error: \(option) would write into the golden directory '\(goldenDirectory)'; choose a path outside it"
                )
            }
        }
        if let kind { try checkExistingDirectory(output, option: option, kind: kind) }
    }

    /// Checks every output of `check` and `record` against the spec and the golden directory, before
    /// anything is read or written.
    package static func checkGoldenRun(
        spec: String, golden: String, recording: Bool, report: String, junit: String?, html: String?
    ) throws(CLIError) {
        if recording {
            try check(golden, option: "--golden", directory: .golden, inputs: [spec])
        }
        try check(report, option: "--report", directory: .report, inputs: [spec], goldenDirectory: golden)
        if let html { try check(html, option: "--html", directory: .report, inputs: [spec], goldenDirectory: golden) }
        if let junit {
            try check(junit, option: "--junit", inputs: [spec], goldenDirectory: golden)
            for directory in [report] + (html.map { [$0] } ?? [])
            where canonicalPath(junit) == canonicalPath(directory) {
                throw .input("\(junit): error: --junit names the report directory '\(directory)'; choose a file name")
            }
        }
    }

    /// A relative path needs the working directory: when it was removed, nothing can say where the
    /// path is (resolving it looped for ever), so such an output is refused.
    package static func requireWorkingDirectory(for path: String) throws(CLIError) {
        guard !path.hasPrefix("/") else { return }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) == nil else { return }
        throw .input("\(path): error: the working directory no longer exists; name the output by an absolute path")
    }

    /// Names RefreshFrames writes into a report directory.
    package static func isReportFile(_ name: String) -> Bool {
        name == "index.html" || name.hasSuffix(".actual.png") || name.hasSuffix(".diff.png")
    }

    /// Names of a golden set.
    package static func isGoldenFile(_ name: String) -> Bool {
        if ["manifest.json", "timeline.txt", "states.json"].contains(name) { return true }
        guard name.hasPrefix("frame-"), name.hasSuffix(".png") else { return false }
        let digits = name.dropFirst(6).dropLast(4)
        return !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber }
    }

    private static func checkExistingDirectory(_ path: String, option: String, kind: DirectoryKind) throws(CLIError) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        let isDirectory = info.st_mode & S_IFMT == S_IFDIR
        if !isDirectory {
            // A symlink to a directory is not replaced: renaming over it would remove the link only
            // for the golden set and the frames, and write through it for reports.
            throw .input("\(path): error: \(option) exists and is not a directory; choose a new directory name")
        }
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
        switch kind {
        case .frames:
            guard names.isEmpty || names.contains("frames.json") else {
                throw .input(
                    "\(path): error: \(option) is a directory that refresh-frames did not write (it has no frames.json); choose a new directory"
                )
            }
            // Replacing the directory removes only what its frames.json lists (`OutputDirectory`):
            // anything else in it is the user's.
            let listed = FrameList.files(inDirectory: path)
            if let stranger = names.first(where: { $0 != "frames.json" && !listed.contains($0) }) {
                throw .input(
                    "\(path): error: \(option) holds '\(stranger)', which refresh-frames did not write (its frames.json does not list it); choose a new directory"
                )
            }
        case .report:
            // `images/` of an HTML report holds the copies of its images, and nothing else.
            func isReportImages(_ name: String) -> Bool {
                let inside = (try? FileManager.default.contentsOfDirectory(atPath: path + "/" + name)) ?? ["?"]
                return name == "images" && inside.allSatisfy { $0.hasSuffix(".png") }
            }
            if let stranger = names.first(where: { !isReportFile($0) && !isReportImages($0) }) {
                throw .input(
                    "\(path): error: \(option) holds '\(stranger)', which refresh-frames did not write; choose an empty or new directory"
                )
            }
        case .golden:
            // A subdirectory of goldens (`scene/`, recorded with --scene) may sit beside the set.
            // A golden name must be a regular file: a directory `frame-001.png/` would be carried into
            // the staging directory and left there.
            func isGoldenEntry(_ name: String) -> Bool {
                let child = (path as NSString).appendingPathComponent(name)
                var childInfo = stat()
                guard lstat(child, &childInfo) == 0 else { return false }
                if isGoldenFile(name) { return childInfo.st_mode & S_IFMT == S_IFREG }
                guard childInfo.st_mode & S_IFMT == S_IFDIR else { return false }
                return ((try? FileManager.default.contentsOfDirectory(atPath: child)) ?? []).allSatisfy(isGoldenFile)
            }
            if let stranger = names.first(where: { !isGoldenEntry($0) }) {
                throw .input(
                    "\(path): error: \(option) holds '\(stranger)', which is not a golden file; choose an empty or new directory"
                )
            }
        }
    }

    /// The absolute path with `.`, `..` and the symlinks of its existing part resolved.
    package static func canonicalPath(_ path: String) -> String {
        var url = URL(fileURLWithPath: path).standardizedFileURL
        var rest: [String] = []
        while url.path != "/" {
            if let resolved = realpath(url.path, nil) {
                defer { free(resolved) }
                var base = String(cString: resolved)
                for component in rest.reversed() { base = (base as NSString).appendingPathComponent(component) }
                return base
            }
            rest.append(url.lastPathComponent)
            let parent = url.deletingLastPathComponent()
            // A relative URL (no working directory to resolve it against) never reaches "/".
            guard parent.path != url.path, !parent.path.isEmpty, rest.count < 4096 else { break }
            url = parent
        }
        return "/" + rest.reversed().joined(separator: "/")
    }

    /// Whether `path` lies strictly inside `directory` (both canonical).
    package static func isInside(_ path: String, _ directory: String) -> Bool {
        directory == "/" ? path != "/" : path.hasPrefix(directory + "/")
    }

    /// Two existing paths naming one file (a hard link, or the same file by another path).
    private static func sameFile(_ a: String, _ b: String) -> Bool {
        var x = stat()
        var y = stat()
        guard stat(a, &x) == 0, stat(b, &y) == 0 else { return false }
        return x.st_dev == y.st_dev && x.st_ino == y.st_ino
    }
}
