import Foundation

/// The repository's root, found from this file's path.
public let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// `samples/NAME.json`, as a path.
public func samplePath(_ name: String) -> String {
    repositoryRoot.appendingPathComponent("samples/\(name).json").path
}
