import Foundation
import RefreshFramesCore

/// A file being written: `OUT.tmp-PID` until `commit()` renames it to `OUT`, so an interrupted or
/// failed run never leaves a half-written file, and the previous file survives.
///
/// A rename replaces only a regular file, or nothing: a symbolic link to a regular file is followed
/// and the file it names is replaced (the link stays); an open file descriptor (`/dev/stdout`,
/// `/dev/fd/N`, `/proc/self/fd/N`, or a link to one) is written through a copy of that descriptor; a
/// character device or FIFO (`/dev/null`, `/dev/full`, a named pipe) is written in place. Renaming a
/// file over any of those would replace the link or node itself (`/dev/stdout`, as root). A block
/// device or socket is refused.
package final class OutputFile {
    package let path: String
    package let temporaryPath: String
    private let handle: FileHandle
    private var committed = false
    /// Writing straight into a descriptor, device or FIFO: nothing to rename or clean up.
    private let inPlace: Bool
    /// The regular file the rename replaces (`path`, or the file a link at `path` names).
    private let target: String

    /// Where the bytes for an output path go.
    enum Target: Equatable {
        /// An open descriptor of this process, written through a duplicate of it.
        case descriptor(Int32)
        /// A character device or FIFO, opened and written in place.
        case device(String)
        /// A regular file, or nothing yet: written under a temporary name beside it and renamed.
        case file(String)
    }

    /// Follows `path`'s symbolic links (at most 40, as the kernel does) to what the output is.
    static func resolve(_ path: String) throws(CLIError) -> Target {
        var current = path
        for _ in 0..<40 {
            if let descriptor = descriptorNamed(current) { return .descriptor(descriptor) }
            var info = stat()
            guard lstat(current, &info) == 0 else { return .file(current) }
            switch info.st_mode & S_IFMT {
            case S_IFLNK:
                guard let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: current) else {
                    throw .input("\(path): error: cannot read the symbolic link (\(String(cString: strerror(errno))))")
                }
                current =
                    destination.hasPrefix("/")
                    ? destination
                    : (FilePath.directory(of: current) as NSString)
                        .appendingPathComponent(destination)
            case S_IFREG, S_IFDIR: return .file(current)
            case S_IFCHR, S_IFIFO: return .device(current)
            default: throw .input("\(path): error: is a block device or socket; expected a file to write")
            }
        }
        throw .input("\(path): error: too many levels of symbolic links")
    }

    /// The descriptor a path names: `/proc/self/fd/N`, `/proc/PID/fd/N` of this process, and what
    /// links there (`/dev/fd/N`, `/dev/stdout`); nil for anything else.
    static func descriptorNamed(_ path: String) -> Int32? {
        let name = (path as NSString).lastPathComponent
        guard let number = Int32(name), number >= 0,
            let parent = realpath(FilePath.directory(of: path), nil)
        else { return nil }
        defer { free(parent) }
        return String(cString: parent) == "/proc/\(getpid())/fd" ? number : nil
    }

    /// The temporary name beside `target`: `NAME.tmp-PID`, with NAME cut (at a character boundary)
    /// so that the whole fits in a file name of 255 bytes, and a counter after the PID when it was cut.
    package static func temporaryName(for target: String, suffix: String = "tmp") -> String {
        let directory = FilePath.directory(of: target)
        var name = (target as NSString).lastPathComponent
        var tail = ".\(suffix)-\(getpid())"
        if name.utf8.count + tail.utf8.count > 255 {
            tail += "-\(Self.counter.next())"
            while name.utf8.count + tail.utf8.count > 255 { name.removeLast() }
        }
        return directory.isEmpty ? name + tail : (directory as NSString).appendingPathComponent(name + tail)
    }

    private final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0
        func next() -> Int {
            lock.lock()
            defer { lock.unlock() }
            value += 1
            return value
        }
    }
    private static let counter = Counter()

    /// Checks the target's directory first, so the error names what is wrong.
    /// `isDirectory`: the output is a directory of files (a PNG sequence), not one file.
    package static func checkTarget(
        _ path: String, protecting inputs: [String] = [], isDirectory wantsDirectory: Bool = false
    )
        throws(CLIError)
    {
        var existing = stat()
        if stat(path, &existing) == 0 {
            let isDirectory = existing.st_mode & S_IFMT == S_IFDIR
            if wantsDirectory && !isDirectory {
                throw .input("\(path): error: exists and is not a directory; a PNG sequence needs a directory")
            }
            if !wantsDirectory && isDirectory {
                throw .input("\(path): error: is a directory; expected a file name")
            }
        }
        try OutputSafety.requireWorkingDirectory(for: path)
        let written: String
        switch wantsDirectory ? .file(path) : try resolve(path) {
        case .descriptor, .device: written = ""
        case .file(let file): written = file
        }
        if !written.isEmpty {
            let url = URL(fileURLWithPath: written)
            let directory = url.deletingLastPathComponent().path
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue
            else {
                throw .input("\(path): error: the directory '\(directory)' does not exist")
            }
            guard FileManager.default.isWritableFile(atPath: directory) else {
                throw .input("\(path): error: the directory '\(directory)' is not writable")
            }
        }
        try OutputSafety.check(path, option: "the output", directory: wantsDirectory ? .frames : nil, inputs: inputs)
    }

    package init(_ path: String) throws(CLIError) {
        self.path = path
        switch try Self.resolve(path) {
        case .descriptor(let descriptor):
            let copy = dup(descriptor)
            guard copy >= 0 else {
                throw .input("\(path): error: cannot write to the descriptor (\(String(cString: strerror(errno))))")
            }
            (temporaryPath, target, inPlace) = (path, path, true)
            handle = FileHandle(fileDescriptor: copy, closeOnDealloc: true)
        case .device(let device):
            guard let handle = FileHandle(forWritingAtPath: device) else {
                throw .input("\(path): error: cannot open for writing (\(String(cString: strerror(errno))))")
            }
            (temporaryPath, target, inPlace) = (path, device, true)
            self.handle = handle
        case .file(let file):
            (target, inPlace) = (file, false)
            temporaryPath = Self.temporaryName(for: file)
            TemporaryFiles.shared.installSignalHandlers()
            TemporaryFiles.shared.add(temporaryPath)
            guard FileManager.default.createFile(atPath: temporaryPath, contents: nil),
                let handle = FileHandle(forWritingAtPath: temporaryPath)
            else {
                TemporaryFiles.shared.remove(temporaryPath)
                throw .input("\(path): error: cannot create the file (\(String(cString: strerror(errno))))")
            }
            self.handle = handle
        }
    }

    deinit {
        if inPlace {
            if !committed { try? handle.close() }
        } else if !committed {
            try? handle.close()
            try? FileManager.default.removeItem(atPath: temporaryPath)
            TemporaryFiles.shared.remove(temporaryPath)
        }
    }

    /// Whether the bytes go to this process's standard output (`-o /dev/stdout`), where a summary
    /// line would land inside the output.
    package var isStandardOutput: Bool {
        var mine = stat()
        var standard = stat()
        guard inPlace, fstat(handle.fileDescriptor, &mine) == 0, fstat(1, &standard) == 0 else { return false }
        return mine.st_dev == standard.st_dev && mine.st_ino == standard.st_ino
    }

    package func write<C: Collection>(_ bytes: C) throws(CLIError) where C.Element == UInt8 {
        do {
            try handle.write(contentsOf: Data(bytes))
        } catch {
            throw .input("\(path): error: writing failed: \(Self.describe(error))")
        }
    }

    package func commit() throws(CLIError) {
        if inPlace {
            do { try handle.close() } catch { throw .input("\(path): error: writing failed: \(Self.describe(error))") }
            committed = true
            return
        }
        do {
            try handle.synchronize()
            try handle.close()
        } catch {
            throw .input("\(path): error: writing failed: \(Self.describe(error))")
        }
        guard rename(temporaryPath, target) == 0 else {
            throw .input("\(path): error: cannot replace the file (\(String(cString: strerror(errno))))")
        }
        committed = true
        TemporaryFiles.shared.remove(temporaryPath)
    }

    package static func describe(_ error: any Error) -> String {
        let ns = error as NSError
        if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        if ns.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(ns.code))) }
        return ns.localizedDescription
    }

    /// Writes a whole file atomically.
    package static func write(_ bytes: [UInt8], to path: String) throws(CLIError) {
        let file = try OutputFile(path)
        try file.write(bytes)
        try file.commit()
    }
}
