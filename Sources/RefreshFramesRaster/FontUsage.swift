import Foundation
import RefreshFramesCore

/// The font files one animation's texts are laid out with: its labels' and cells' fonts and the
/// fallbacks their texts actually use, whatever else the process lays out (`FontBook.filesUsed` is
/// the whole process's). What a golden manifest records and the font hint compares. Thread-safe.
package final class FontUsage: @unchecked Sendable {
    private let lock = NSLock()
    private var files: Set<String> = []

    package init() {}

    /// Sorted paths of every font file this animation's texts have been laid out with so far.
    package var filesUsed: [String] {
        lock.lock()
        defer { lock.unlock() }
        return files.sorted()
    }

    /// `filesUsed` with each file's SHA-256 (`unreadable` when it cannot be read), for manifests.
    package var fingerprints: [(file: String, sha256: String)] { Self.fingerprints(filesUsed) }

    func insert(_ paths: some Sequence<String>) {
        lock.lock()
        defer { lock.unlock() }
        files.formUnion(paths)
    }

    /// Each of `paths` with its file's SHA-256 (`unreadable` when it cannot be read).
    static func fingerprints(_ paths: [String]) -> [(file: String, sha256: String)] {
        paths.map { path in
            (path, FileManager.default.contents(atPath: path).map { SHA256.hex([UInt8]($0)) } ?? "unreadable")
        }
    }
}
