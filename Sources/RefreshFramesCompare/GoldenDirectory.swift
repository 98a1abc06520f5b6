import Foundation

/// Reads a golden directory that may come from an untrusted pull request: a golden is opened only
/// as a regular file directly inside the directory, never through a symbolic link, and never
/// larger than `maxFileBytes`, so no other file (`/etc/passwd`, `/proc/self/environ`) can reach a
/// report and no device or FIFO can block the check.
package struct GoldenDirectory: Sendable {
    /// The largest golden file read: a 4096 × 4096 truecolor PNG stored without compression is
    /// about 64 MiB.
    package static let maxFileBytes = 64 << 20

    package let path: String

    package init(path: String) {
        self.path = path
    }

    package func path(_ name: String) -> String { (path as NSString).appendingPathComponent(name) }

    /// Whether the directory has an entry of this name (of any kind: a symlink counts, so that
    /// reading it reports what it is).
    package func exists(_ name: String) -> Bool {
        var info = stat()
        return lstat(path(name), &info) == 0
    }

    /// Throws when the directory itself is a symbolic link or not a directory; nil when it does not exist.
    package func checkDirectory() throws(CompareError) -> Bool {
        var info = stat()
        guard lstat(path, &info) == 0 else { return false }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: return true
        case S_IFLNK:
            throw .unsafeGolden(
                path: path, reason: "is a symbolic link; the golden directory must be a real directory")
        default:
            throw .unsafeGolden(path: path, reason: "is not a directory; --golden needs a directory")
        }
    }

    /// The bytes of golden `name`, or nil when there is none.
    package func read(_ name: String) throws(CompareError) -> [UInt8]? {
        precondition(!name.contains("/") && name != "." && name != "..", "a golden's name is one path component")
        let file = path(name)
        let directory = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard directory >= 0 else {
            if errno == ENOENT { return nil }
            throw .unsafeGolden(path: path, reason: "cannot open the golden directory (\(Self.reason(errno)))")
        }
        defer { close(directory) }
        let descriptor = openat(directory, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard descriptor >= 0 else {
            switch errno {
            case ENOENT: return nil
            case ELOOP:
                throw .unsafeGolden(
                    path: file,
                    reason: "is a symbolic link; goldens are read only as regular files in the golden directory")
            default:
                throw .unsafeGolden(path: file, reason: "cannot open (\(Self.reason(errno)))")
            }
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            throw .unsafeGolden(path: file, reason: "cannot read (\(Self.reason(errno)))")
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw .unsafeGolden(
                path: file, reason: "is \(Self.kind(info.st_mode)); goldens are read only as regular files")
        }
        // A second name can be anywhere on the file system (`ln secret.txt g/timeline.txt`): only a
        // file of one name is surely the golden directory's own.
        guard info.st_nlink == 1 else {
            throw .unsafeGolden(
                path: file,
                reason: "has \(info.st_nlink) names (hard links); goldens are read only as files with one name")
        }
        guard Int(info.st_size) <= Self.maxFileBytes else {
            throw .unsafeGolden(
                path: file, reason: "\(info.st_size) bytes is over the limit goldenFileBytes = \(Self.maxFileBytes)")
        }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size) + 1)
        var count = 0
        while count < bytes.count {
            let n = bytes.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress! + count, $0.count - count) }
            if n < 0 && errno == EINTR { continue }
            guard n >= 0 else { throw .unsafeGolden(path: file, reason: "cannot read (\(Self.reason(errno)))") }
            if n == 0 { break }
            count += n
        }
        guard count <= Self.maxFileBytes else {
            throw .unsafeGolden(path: file, reason: "grew while it was read; over the limit goldenFileBytes")
        }
        return Array(bytes[..<count])
    }

    /// The width and height a PNG's header claims, read without decoding it; nil when it is not a PNG.
    package static func pngSize(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard bytes.count >= 24, Array(bytes[0..<8]) == signature, Array(bytes[12..<16]) == Array("IHDR".utf8) else {
            return nil
        }
        func be32(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (be32(16), be32(20))
    }

    private static func kind(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: "a directory"
        case S_IFIFO: "a FIFO"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        default: "not a regular file"
        }
    }

    private static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }
}
