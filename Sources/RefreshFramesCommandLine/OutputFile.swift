import Foundation

/// Every output is written under a temporary name beside its target and renamed when complete,
/// so an interrupted or failed run never leaves a half-written file, and the previous file survives.
public final class TemporaryFiles: @unchecked Sendable {
    public static let shared = TemporaryFiles()
    private let lock = NSLock()
    private var paths: Set<String> = []
    private var sources: [DispatchSourceSignal] = []
    /// Set when an interrupt is removing the files: no write may start after it.
    private var closed = false

    public func add(_ path: String) {
        lock.lock()
        paths.insert(path)
        lock.unlock()
    }

    public func remove(_ path: String) {
        lock.lock()
        paths.remove(path)
        lock.unlock()
    }

    public func removeAll() {
        lock.lock()
        closed = true
        let all = paths
        paths = []
        lock.unlock()
        for p in all { try? FileManager.default.removeItem(atPath: p) }
    }

    /// Runs `body` (a write into a temporary path) unless an interrupt has begun removing the
    /// temporary files; then it waits for the exit, so that no file appears after the removal.
    public func whileOpen(_ body: () -> Bool) -> Bool {
        lock.lock()
        guard !closed else {
            lock.unlock()
            while true { pause() }
        }
        defer { lock.unlock() }
        return body()
    }

    /// On SIGINT, SIGTERM or SIGHUP: delete the temporary files, then exit 130, 143 or 129.
    public func installSignalHandlers() {
        lock.lock()
        defer { lock.unlock() }
        guard sources.isEmpty else { return }
        for (sig, code) in [(SIGINT, Int32(130)), (SIGTERM, Int32(143)), (SIGHUP, Int32(129))] {
            signal(sig, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: sig, queue: .global())
            source.setEventHandler { [self] in
                removeAll()
                Output.err("interrupted: removed unfinished output\n")
                exit(code)
            }
            source.resume()
            sources.append(source)
        }
    }
}

/// A file being written: `OUT.tmp-PID` until `commit()` renames it to `OUT`.
///
/// A target that exists and is a character device or a FIFO (`/dev/null`, `/dev/stdout`, `/dev/full`)
/// is written in place: renaming a file over it would replace the device node itself. A block device
/// is refused.
public final class OutputFile {
    public let path: String
    public let temporaryPath: String
    private let handle: FileHandle
    private var committed = false
    /// Writing straight into a device or FIFO: nothing to rename or clean up.
    private let inPlace: Bool

    /// Checks the target's directory first, so the error names what is wrong.
    /// `isDirectory`: the output is a directory of files (a PNG sequence), not one file.
    public static func checkTarget(
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
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent().path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw .input("\(path): error: the directory '\(directory)' does not exist")
        }
        guard FileManager.default.isWritableFile(atPath: directory) else {
            throw .input("\(path): error: the directory '\(directory)' is not writable")
        }
        try OutputSafety.check(path, option: "the output", directory: wantsDirectory ? .frames : nil, inputs: inputs)
    }

    public init(_ path: String) throws(CLIError) {
        self.path = path
        var info = stat()
        if stat(path, &info) == 0, info.st_mode & S_IFMT != S_IFREG, info.st_mode & S_IFMT != S_IFDIR {
            guard info.st_mode & S_IFMT == S_IFCHR || info.st_mode & S_IFMT == S_IFIFO else {
                throw .input("\(path): error: is a block device or socket; expected a file to write")
            }
            guard let handle = FileHandle(forWritingAtPath: path) else {
                throw .input("\(path): error: cannot open for writing (\(String(cString: strerror(errno))))")
            }
            temporaryPath = path
            inPlace = true
            self.handle = handle
            return
        }
        inPlace = false
        temporaryPath = path + ".tmp-\(getpid())"
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

    deinit {
        if inPlace {
            if !committed { try? handle.close() }
        } else if !committed {
            try? handle.close()
            try? FileManager.default.removeItem(atPath: temporaryPath)
            TemporaryFiles.shared.remove(temporaryPath)
        }
    }

    public func write<C: Collection>(_ bytes: C) throws(CLIError) where C.Element == UInt8 {
        do {
            try handle.write(contentsOf: Data(bytes))
        } catch {
            throw .input("\(path): error: writing failed: \(Self.describe(error))")
        }
    }

    public func commit() throws(CLIError) {
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
        guard rename(temporaryPath, path) == 0 else {
            throw .input("\(path): error: cannot replace the file (\(String(cString: strerror(errno))))")
        }
        committed = true
        TemporaryFiles.shared.remove(temporaryPath)
    }

    public static func describe(_ error: any Error) -> String {
        let ns = error as NSError
        if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        if ns.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(ns.code))) }
        return ns.localizedDescription
    }

    /// Writes a whole file atomically.
    public static func write(_ bytes: [UInt8], to path: String) throws(CLIError) {
        let file = try OutputFile(path)
        try file.write(bytes)
        try file.commit()
    }
}
