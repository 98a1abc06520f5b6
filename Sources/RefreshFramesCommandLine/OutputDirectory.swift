import Foundation
import RefreshFramesCore

/// A directory being filled: `OUT.tmp-PID/` until `commit()` puts it in place of `OUT/`.
///
/// The directory it replaces loses only what RefreshFrames wrote there: its `frames.json` and the
/// frames that file lists (`OutputSafety` refuses a directory holding anything else beforehand).
package final class OutputDirectory {
    package let path: String
    package let temporaryPath: String
    private var committed = false

    package init(_ path: String) throws(CLIError) {
        self.path = path
        temporaryPath = OutputFile.temporaryName(for: path.hasSuffix("/") ? String(path.dropLast()) : path)
        TemporaryFiles.shared.installSignalHandlers()
        TemporaryFiles.shared.add(temporaryPath)
        do {
            try? FileManager.default.removeItem(atPath: temporaryPath)
            try FileManager.default.createDirectory(atPath: temporaryPath, withIntermediateDirectories: false)
        } catch {
            TemporaryFiles.shared.remove(temporaryPath)
            throw .input("\(path): error: cannot create the directory (\(OutputFile.describe(error)))")
        }
    }

    deinit {
        if !committed {
            try? FileManager.default.removeItem(atPath: temporaryPath)
            TemporaryFiles.shared.remove(temporaryPath)
        }
    }

    package func write(_ bytes: [UInt8], name: String) throws(CLIError) {
        let created = TemporaryFiles.shared.whileOpen {
            FileManager.default.createFile(atPath: temporaryPath + "/" + name, contents: Data(bytes))
        }
        guard created else {
            throw .input("\(path)/\(name): error: writing failed (\(String(cString: strerror(errno))))")
        }
    }

    package func commit() throws(CLIError) {
        let target = path.hasSuffix("/") ? String(path.dropLast()) : path
        let old = OutputFile.temporaryName(for: target, suffix: "old")
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: target, isDirectory: &isDirectory)
        if exists {
            guard isDirectory.boolValue else { throw .input("\(path): error: exists and is not a directory") }
            guard rename(target, old) == 0 else {
                throw .input("\(path): error: cannot replace the directory (\(String(cString: strerror(errno))))")
            }
        }
        guard rename(temporaryPath, target) == 0 else {
            if exists { _ = rename(old, target) }
            throw .input("\(path): error: cannot create the directory (\(String(cString: strerror(errno))))")
        }
        committed = true
        TemporaryFiles.shared.remove(temporaryPath)
        if exists { Self.removeWritten(old, keepingOthersIn: target) }
    }

    /// Removes the frames `directory`'s frames.json lists and the frames.json; whatever else is there
    /// (written after the check) moves into `target` where its name is free, and is otherwise kept.
    static func removeWritten(_ directory: String, keepingOthersIn target: String) {
        for name in FrameList.files(inDirectory: directory) + ["frames.json"] {
            var info = stat()
            let file = (directory as NSString).appendingPathComponent(name)
            if lstat(file, &info) == 0, info.st_mode & S_IFMT == S_IFREG { unlink(file) }
        }
        for name in (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [] {
            let destination = (target as NSString).appendingPathComponent(name)
            var info = stat()
            if lstat(destination, &info) != 0 {
                _ = rename((directory as NSString).appendingPathComponent(name), destination)
            }
        }
        if rmdir(directory) != 0 {
            Output.err("\(target): note: kept files refresh-frames did not write in '\(directory)'\n")
        }
    }
}

/// The frames a PNG sequence's `frames.json` lists: names of the form `frame-NNNN.png` only, so that a
/// `frames.json` someone else wrote cannot make a replacement remove any other file.
package enum FrameList {
    /// The largest `frames.json` read: 50 000 frames of about 60 bytes each, and room to spare.
    static let maxBytes = 8 << 20

    package static func files(inDirectory directory: String) -> [String] {
        let descriptor = open(
            (directory as NSString).appendingPathComponent("frames.json"),
            O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return [] }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size <= maxBytes else {
            return []
        }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        func member(_ node: JSONNode?, _ key: String) -> JSONNode? {
            guard case .object(let members)? = node?.value else { return nil }
            return members.first { $0.key == key }?.value
        }
        guard count == bytes.count, let root = try? JSONParser.parse(bytes),
            case .array(let frames)? = member(root, "frames")?.value
        else { return [] }
        return frames.compactMap { frame in
            guard case .string(let name)? = member(frame, "file")?.value, isFrameName(name) else { return nil }
            return name
        }
    }

    /// `frame-` digits `.png`, as the PNG sequence names its frames.
    package static func isFrameName(_ name: String) -> Bool {
        guard name.hasPrefix("frame-"), name.hasSuffix(".png") else { return false }
        let digits = name.dropFirst(6).dropLast(4)
        return !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber }
    }
}
