import Foundation

/// Writes a golden set as a unit: the new files go into a hidden sibling directory
/// (`.NAME.tmp-PID`), which then takes the golden directory's place in one atomic exchange
/// (`renameat2(RENAME_EXCHANGE)`, else two renames); the current set's goldens that this run did not
/// rewrite are linked into it just before. A lock file (`.NAME.lock`, held with `flock`) makes a
/// second writer fail at once instead of mixing two sets. After any interruption the directory holds
/// the complete old set or the complete new one.
///
/// Cleaning never follows a symbolic link and removes only golden files by name: a staging
/// directory is this process's own, or one whose writer no longer runs, and only a real directory.
package final class GoldenSetWriter: @unchecked Sendable {
    package let directory: String
    /// Where the new set is assembled; remove it (it holds only golden files) if the process dies first.
    package let stagingPath: String
    package let lockPath: String
    private var lockDescriptor: Int32 = -1
    private var wrote = false
    private var finished = false
    /// Parent directories this writer made (deepest last): removed again, if empty, when it gives up.
    private var madeDirectories: [String] = []
    private let state = NSLock()

    /// Takes the lock and prepares the staging directory, making missing parent directories.
    package init(directory: String) throws(CompareError) {
        var trimmed = directory
        while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed.removeLast() }
        self.directory = trimmed
        let url = URL(fileURLWithPath: trimmed).standardizedFileURL
        let parent = url.deletingLastPathComponent().path
        let name = url.lastPathComponent
        lockPath = Self.hiddenSibling(parent: parent, name: name, suffix: ".lock")
        stagingPath = Self.hiddenSibling(parent: parent, name: name, suffix: ".tmp-\(getpid())")
        try makeParents(parent)
        do {
            try lock()
        } catch {
            removeMadeDirectories()
            throw error
        }
        // Staging directories of writers that died (SIGKILL) hold only golden files.
        let prefix = (Self.hiddenSibling(parent: parent, name: name, suffix: ".tmp-") as NSString).lastPathComponent
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: parent)) ?? []
        where entry.hasPrefix(prefix) {
            if let pid = Int32(entry.dropFirst(prefix.count)), pid == getpid() || kill(pid, 0) != 0 && errno == ESRCH {
                Self.removeGoldenFiles((parent as NSString).appendingPathComponent(entry))
            }
        }
        guard mkdir(stagingPath, 0o755) == 0 else {
            let reason = Self.reason(errno)
            unlock()
            removeMadeDirectories()
            throw .cannotWrite(path: stagingPath, reason: reason)
        }
    }

    deinit { abandon() }

    /// `.NAME` + `suffix` in `parent`, NAME cut (at a character boundary) so that it fits in 255 bytes.
    static func hiddenSibling(parent: String, name: String, suffix: String) -> String {
        var name = name
        while 1 + name.utf8.count + suffix.utf8.count > 255 { name.removeLast() }
        return (parent as NSString).appendingPathComponent("." + name + suffix)
    }

    /// Removes what this writer made and has not put in place: the staging directory's golden files,
    /// the lock, and the parent directories it made if they are empty. Safe to call more than once and
    /// from a signal's handler thread (the caller makes sure no write is under way).
    package func abandon() {
        state.lock()
        defer { state.unlock() }
        guard !finished else { return }
        finished = true
        Self.removeGoldenFiles(stagingPath)
        unlock()
        removeMadeDirectories()
    }

    /// Writes golden `name` into the new set (under a temporary name first, so that nothing half
    /// written is ever linked or renamed into place).
    package func write(_ bytes: [UInt8], name: String) throws(CompareError) {
        let target = (stagingPath as NSString).appendingPathComponent(name)
        let partial = target + ".partial"
        let descriptor = open(partial, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0o644)
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
    package func commit() throws(CompareError) {
        state.lock()
        defer {
            finished = true
            unlock()
            state.unlock()
        }
        guard wrote else {
            Self.removeGoldenFiles(stagingPath)
            removeMadeDirectories()
            return
        }
        var info = stat()
        guard lstat(directory, &info) == 0 else {
            guard rename(stagingPath, directory) == 0 else {
                throw .cannotWrite(path: directory, reason: Self.reason(errno))
            }
            return
        }
        // `--only` and `--record missing` keep the goldens they did not rewrite: linked in now, after
        // every golden was read (a golden of two names is refused when read).
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        where Self.isGoldenFile(entry) {
            let source = (directory as NSString).appendingPathComponent(entry)
            let target = (stagingPath as NSString).appendingPathComponent(entry)
            var existing = stat()
            guard lstat(source, &info) == 0, info.st_mode & S_IFMT == S_IFREG, lstat(target, &existing) != 0 else {
                continue
            }
            if link(source, target) != 0 {
                try? FileManager.default.copyItem(atPath: source, toPath: target)
            }
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
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: stagingPath)) ?? [] {
            let from = (stagingPath as NSString).appendingPathComponent(entry)
            guard lstat(from, &info) == 0, !(Self.isGoldenFile(entry) && info.st_mode & S_IFMT == S_IFREG) else {
                continue
            }
            let to = (directory as NSString).appendingPathComponent(entry)
            var existing = stat()
            if lstat(to, &existing) != 0 { _ = rename(from, to) }
        }
        Self.removeGoldenFiles(stagingPath)
    }

    /// The names of a golden set: `manifest.json`, `timeline.txt`, `states.json`, `frame-NNN.png`.
    package static func isGoldenFile(_ name: String) -> Bool {
        if ["manifest.json", "timeline.txt", "states.json"].contains(name) { return true }
        guard name.hasPrefix("frame-"), name.hasSuffix(".png") else { return false }
        let digits = name.dropFirst(6).dropLast(4)
        return !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// Makes the missing directories of `path`, outermost first, remembering each.
    private func makeParents(_ path: String) throws(CompareError) {
        var missing: [String] = []
        var current = path
        var info = stat()
        while current != "/" && !current.isEmpty && lstat(current, &info) != 0 {
            missing.append(current)
            current = URL(fileURLWithPath: current).deletingLastPathComponent().path
        }
        for made in missing.reversed() {
            guard mkdir(made, 0o755) == 0 || errno == EEXIST else {
                let reason = Self.reason(errno)
                removeMadeDirectories()
                throw .unsafeGolden(path: directory, reason: "cannot create the golden directory (\(reason))")
            }
            madeDirectories.append(made)
        }
    }

    private func removeMadeDirectories() {
        for made in madeDirectories.reversed() where rmdir(made) != 0 { break }
        madeDirectories = []
    }

    private func lock() throws(CompareError) {
        while true {
            // Never through a symbolic link: one planted in a pull request would make this process
            // open (and later remove) whatever it names.
            let descriptor = open(lockPath, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else {
                if errno == ELOOP {
                    throw .unsafeGolden(
                        path: lockPath,
                        reason: "is a symbolic link; the lock is a file refresh-frames makes itself (remove it)")
                }
                throw .cannotWrite(path: lockPath, reason: Self.reason(errno))
            }
            guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
                close(descriptor)
                throw .cannotWrite(
                    path: directory,
                    reason: "another refresh-frames is recording into it (lock \(lockPath)); run one record at a time")
            }
            // The holder before us may have removed the file after we opened it: lock the one on disk.
            var held = stat()
            var onDisk = stat()
            if fstat(descriptor, &held) == 0, lstat(lockPath, &onDisk) == 0, held.st_ino == onDisk.st_ino,
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
    /// directory if that left it empty: never anything else, and nothing through a symbolic link
    /// (the directory is opened with O_NOFOLLOW and its entries removed relative to it).
    static func removeGoldenFiles(_ path: String) {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        guard let stream = fdopendir(dup(descriptor)) else { return }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            if isGoldenFile(name) || name.hasSuffix(".partial") { names.append(name) }
        }
        closedir(stream)
        for name in names {
            var info = stat()
            guard fstatat(descriptor, name, &info, AT_SYMLINK_NOFOLLOW) == 0, info.st_mode & S_IFMT != S_IFDIR else {
                continue
            }
            unlinkat(descriptor, name, 0)
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
