import Foundation

/// A new empty directory under the system's temporary directory, named `prefix` and a UUID, removed
/// with everything in it when the test process exits (the tests leave nothing in /tmp, however many
/// runs a CI machine has seen).
package func scratchDirectory(_ prefix: String) throws -> String {
    let path = NSTemporaryDirectory() + prefix + UUID().uuidString
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    ScratchDirectories.shared.add(path)
    return path
}

/// The scratch directories made in this process, for removal at its exit.
final class ScratchDirectories: @unchecked Sendable {
    static let shared = ScratchDirectories()

    private let lock = NSLock()
    private var paths: [String] = []
    private var registered = false

    func add(_ path: String) {
        lock.lock()
        defer { lock.unlock() }
        paths.append(path)
        if !registered {
            registered = true
            atexit { ScratchDirectories.shared.removeAll() }
        }
    }

    func removeAll() {
        lock.lock()
        defer { lock.unlock() }
        for path in paths { try? FileManager.default.removeItem(atPath: path) }
        paths = []
    }
}
