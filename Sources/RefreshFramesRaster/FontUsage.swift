import Foundation
import RefreshFramesCore

/// One animation's fonts: the font files it registered (its spec's `"fonts"`), which its labels'
/// families resolve to before anything the process registered for other animations, and the font
/// files its texts are laid out with (its labels' and cells' fonts and the fallbacks their texts
/// actually use), whatever else the process lays out (`FontBook.filesUsed` is the whole process's).
/// What a golden manifest records and the font hint compares. Thread-safe.
package final class FontUsage: @unchecked Sendable {
    private let lock = NSLock()
    private var files: Set<String> = []
    /// The faces families resolve to first (shared with `recorder()`'s usages); nil: the process's.
    private let scope: Scope?

    /// The faces of the font files an animation registered, by every name they answer to.
    private final class Scope: @unchecked Sendable {
        let lock = NSLock()
        var faces: [String: [AppFace]] = [:]
    }

    /// An animation's usage: its families resolve to the font files registered into it.
    package init() { scope = Scope() }

    private init(scope: Scope?) { self.scope = scope }

    /// A usage that resolves families as `usage` does (nil: as the process does) but counts its own
    /// files: what one text mask or one font note is drawn with.
    static func recorder(resolvingAs usage: FontUsage?) -> FontUsage { FontUsage(scope: usage?.scope) }

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

    /// Whether families resolve in this usage's own registrations rather than the process's.
    var isScoped: Bool { scope != nil }

    /// The registered faces answering to `key` (`AppFace.key`): nil when none is.
    func faces(_ key: String) -> [AppFace]? {
        guard let scope else { return nil }
        scope.lock.lock()
        defer { scope.lock.unlock() }
        return scope.faces[key]
    }

    /// Registers `entry` under each of `keys`, once per file.
    func register(_ entry: AppFace, keys: Set<String>) {
        guard let scope else { return }
        scope.lock.lock()
        defer { scope.lock.unlock() }
        for key in keys where !(scope.faces[key] ?? []).contains(where: { $0.file == entry.file }) {
            scope.faces[key, default: []].append(entry)
        }
    }

    /// Each of `paths` with its file's SHA-256 (`unreadable` when it cannot be read).
    static func fingerprints(_ paths: [String]) -> [(file: String, sha256: String)] {
        paths.map { path in
            (path, FileManager.default.contents(atPath: path).map { SHA256.hex([UInt8]($0)) } ?? "unreadable")
        }
    }
}
