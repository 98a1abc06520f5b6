import Foundation

/// Reading an input file the user named, safely: only a regular file, never more than a limit.
/// Specs, their side files and the documents `import` reads are all read here.
package enum InputFile {
    /// Reads a regular file of at most `limit` bytes (named `limitName` in the messages, as in the
    /// limits table). Anything else (a directory, a FIFO that would block, /dev/zero that never ends)
    /// is refused before a byte is read; a failed read names its cause. `expected` completes
    /// "expected …" in the messages ("a JSON spec file").
    package static func read(_ path: String, limit: Int, limitName: String, expected: String) throws(LoadError)
        -> [UInt8]
    {
        var info = stat()
        guard stat(path, &info) == 0 else {
            if errno == ENOENT || errno == ENOTDIR { throw LoadError("\(path): error: no such file") }
            throw LoadError("\(path): error: cannot read the file (\(String(cString: strerror(errno))))")
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw LoadError("\(path): error: is a directory; expected \(expected)")
        default: throw LoadError("\(path): error: is not a regular file; expected \(expected)")
        }
        guard info.st_size <= limit else {
            throw LoadError("\(path): error: the file is \(info.st_size) bytes, over the limit \(limitName) = \(limit)")
        }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            throw LoadError("\(path): error: cannot read the file (\(String(cString: strerror(errno))))")
        }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let count = chunk.withUnsafeMutableBytes { Foundation.read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw LoadError("\(path): error: cannot read the file (\(String(cString: strerror(errno))))")
            }
            if count == 0 { break }
            bytes += chunk[..<count]
            guard bytes.count <= limit else {
                throw LoadError("\(path): error: the file is over the limit \(limitName) = \(limit)")
            }
        }
        return bytes
    }
}
