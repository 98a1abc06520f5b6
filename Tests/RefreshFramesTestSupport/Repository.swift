import Foundation

/// The repository's root, found from this file's path.
package let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// `samples/NAME.json`, as a path.
package func samplePath(_ name: String) -> String {
    repositoryRoot.appendingPathComponent("samples/\(name).json").path
}
