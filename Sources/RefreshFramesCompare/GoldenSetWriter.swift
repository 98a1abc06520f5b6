import Foundation

/// Writes a golden set as a unit: the new files go into a hidden sibling directory
/// (`.NAME.tmp-PID`, seeded with hard links of the current set), which then takes the golden
/// directory's place in one atomic exchange (`renameat2(RENAME_EXCHANGE)`, else two renames). A
/// lock file (`.NAME.lock`, held with `flock`) makes a second writer fail at once instead of mixing
/// two sets. After any interruption the directory holds the complete old set or the complete new one.
public final class GoldenSetWriter {
    public let directory: String
    /// Where the new set is assembled; remove it (it holds only golden files) if the process dies first.
    public let stagingPath: String
    public let lockPath: String
    private var lockDescriptor: Int32 = -1
    private var wrote = false
    private var finished = false

    /// Takes the lock and prepares the staging directory.
    public init(directory: String) throws(CompareError) {
        var trimmed = directory
        while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed.removeLast() }
        self.directory = trimmed
        let url = URL(fileURLWithPath: trimmed).standardizedFileURL
        let parent = url.deletingLastPathComponent().path
        let name = url.lastPathComponent
        lockPath = (parent as NSString).appendingPathComponent(".\(name).lock")
        stagingPath = (parent as NSString).appendingPathComponent(".\(name).tmp-\(getpid())")
        try lock()
        // Staging directories of writers that died (SIGKILL) hold only golden files.
        let prefix = ".\(name).tmp-"
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: parent)) ?? []
        where entry.hasPrefix(prefix) {
            if let pid = Int32(entry.dropFirst(prefix.count)), pid == getpid() || kill(pid, 0) != 0 && errno == ESRCH {
                Self.removeGoldenFiles((parent as NSString).appendingPathComponent(entry))
            }
        }
        guard mkdir(stagingPath, 0o755) == 0 else {
            let reason = Self.reason(errno)
            unlock()
            throw .cannotWrite(path: stagingPath, reason: reason)
        }
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: trimmed)) ?? []
        where Self.isGoldenFile(entry) {
            let source = (trimmed as NSString).appendingPathComponent(entry)
            let target = (stagingPath as NSString).appendingPathComponent(entry)
            var info = stat()
            guard lstat(source, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
            if link(source, target) != 0 {
                try? FileManager.default.copyItem(atPath: source, toPath: target)
            }
        }
    }

    deinit {
        if !finished { Self.removeGoldenFiles(stagingPath) }
        unlock()
    }

    /// Writes golden `name` into the new set (under a temporary name first, so that the hard link to
    /// the old set's file is replaced, never written through).
    public func write(_ bytes: [UInt8], name: String) throws(CompareError) {
        let target = (stagingPath as NSString).appendingPathComponent(name)
        let partial = target + ".partial"
        let descriptor = open(partial, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw .cannotWrite(path: target, reason: Self.reason(errno)) }
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else {
                let reason = Self.reason(errno)
                close(descriptor)
                unlink(partial)
                throw .cannotWrite(path: (directory as NSString).appendingPathComponent(name), reason: reason)
            }
            offset += n
        }
        guard fsync(descriptor) == 0, close(descriptor) == 0, rename(partial, target) == 0 else {
            throw .cannotWrite(path: (directory as NSString).appendingPathComponent(name), reason: Self.reason(errno))
        }
        wrote = true
    }

    /// Puts the new set in place (nothing happens when nothing was written) and releases the lock.
    public func commit() throws(CompareError) {
        defer {
            finished = true
            unlock()
        }
        guard wrote else {
            Self.removeGoldenFiles(stagingPath)
            return
        }
        var info = stat()
        guard lstat(directory, &info) == 0 else {
            guard rename(stagingPath, directory) == 0 else {
                throw .cannotWrite(path: directory, reason: Self.reason(errno))
            }
            return
        }
        // The old set ends up at the staging path; what is not a golden file (a `scene/` set) moves back.
        if !Self.exchange(stagingPath, directory) {
            let old = stagingPath + ".old"
            guard rename(directory, old) == 0 else { throw .cannotWrite(path: directory, reason: Self.reason(errno)) }
            guard rename(stagingPath, directory) == 0 else {
                let reason = Self.reason(errno)
                _ = rename(old, directory)
                throw .cannotWrite(path: directory, reason: reason)
            }
            _ = rename(old, stagingPath)
        }
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: stagingPath)) ?? []
        where !Self.isGoldenFile(entry) {
            let from = (stagingPath as NSString).appendingPathComponent(entry)
            let to = (directory as NSString).appendingPathComponent(entry)
            var existing = stat()
            if lstat(to, &existing) != 0 { _ = rename(from, to) }
        }
        Self.removeGoldenFiles(stagingPath)
    }

    /// The names of a golden set: `manifest.json`, `timeline.txt`, `states.json`, `frame-NNN.png`.
    public static func isGoldenFile(_ name: String) -> Bool {
        if ["manifest.json", "timeline.txt", "states.json"].contains(name) { return true }
        guard name.hasPrefix("frame-"), name.hasSuffix(".png") else { return false }
        let digits = name.dropFirst(6).dropLast(4)
        return !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber }
    }

    private func lock() throws(CompareError) {
        while true {
            let descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else { throw .cannotWrite(path: lockPath, reason: Self.reason(errno)) }
            guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
                close(descriptor)
                throw .cannotWrite(
                    path: directory,
                    reason: "another refresh-frames is recording into it (lock \(lockPath)); run one record at a time")
            }
            // The holder before us may have removed the file after we opened it: lock the one on disk.
            var held = stat()
            var onDisk = stat()
            if fstat(descriptor, &held) == 0, stat(lockPath, &onDisk) == 0, held.st_ino == onDisk.st_ino,
                held.st_dev == onDisk.st_dev
            {
                lockDescriptor = descriptor
                return
            }
            close(descriptor)
        }
    }

    private func unlock() {
        guard lockDescriptor >= 0 else { return }
        unlink(lockPath)
        close(lockDescriptor)
        lockDescriptor = -1
    }

    /// Removes the golden files (and unfinished `.partial` ones) of a staging directory, then the
    /// directory if that left it empty: never anything else.
    static func removeGoldenFiles(_ path: String) {
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        where isGoldenFile(entry) || entry.hasSuffix(".partial") {
            unlink((path as NSString).appendingPathComponent(entry))
        }
        rmdir(path)
    }

    private typealias RenameAt2 =
        @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) ->
        Int32

    /// Linux's atomic exchange of two paths; false when the C library or the file system lacks it.
    private static func exchange(_ a: String, _ b: String) -> Bool {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "renameat2") else { return false }
        let renameat2 = unsafeBitCast(symbol, to: RenameAt2.self)
        let renameExchange: UInt32 = 1 << 1
        return renameat2(AT_FDCWD, a, AT_FDCWD, b, renameExchange) == 0
    }

    private static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }
}
