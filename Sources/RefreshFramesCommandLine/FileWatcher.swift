import Foundation

/// Notices when a file is saved: its modification time, size or inode (editors that save by
/// renaming a new file over the old one) differ from the last look. Cheap enough to ask every frame.
public struct FileWatcher {
    public let path: String
    private var last: [Int]

    public init(path: String) {
        self.path = path
        last = Self.signature(path)
    }

    /// Whether the file changed since the last call (or since `init`).
    public mutating func changed() -> Bool {
        let now = Self.signature(path)
        defer { last = now }
        return now != last
    }

    private static func signature(_ path: String) -> [Int] {
        var info = stat()
        guard stat(path, &info) == 0 else { return [] }
        #if canImport(Darwin)
            let mtime = info.st_mtimespec
        #else
            let mtime = info.st_mtim
        #endif
        return [Int(mtime.tv_sec), Int(mtime.tv_nsec), Int(info.st_size), Int(info.st_ino)]
    }
}
