import Foundation

/// Notices when files are saved: a file's modification time, size or inode (editors that save by
/// renaming a new file over the old one) differ from the last look. Cheap enough to ask every frame.
package struct FileWatcher {
    /// The files watched: the spec and the font files it names (`--watch`).
    package private(set) var paths: [String]
    private var last: [[Int]]

    package init(paths: [String]) {
        self.paths = paths
        last = paths.map(Self.signature)
    }

    /// Whether any file changed since the last call (or since `init` or `watch`).
    package mutating func changed() -> Bool {
        let now = paths.map(Self.signature)
        defer { last = now }
        return now != last
    }

    /// Watches `paths` from now on, as they are now.
    package mutating func watch(_ paths: [String]) {
        self = FileWatcher(paths: paths)
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
