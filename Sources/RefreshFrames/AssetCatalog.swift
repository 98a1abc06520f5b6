import Foundation
import RefreshFramesCore

/// An Xcode asset catalog (`Assets.xcassets`) as `UIImage(named:)` sees it on an iPhone: its
/// imagesets by name (a folder whose `Contents.json` says `provides-namespace` prefixes its
/// contents' names, `meituan/icon_1`), each with the files of its entries for the iPhone (the
/// `iphone` idiom's where there is one, else the `universal` one) by scale, and its
/// `template-rendering-intent`. Walked with a bound on depth and entries; links are not followed.
package struct AssetCatalog: Sendable {
    /// The catalog's directory as the spec names it (relative to the spec's directory, or absolute).
    let name: String
    /// Imageset directories (paths as `open` takes them) by asset name.
    private(set) var imagesets: [String: String] = [:]

    /// How deep and how wide a catalog may be walked.
    static let maximumDepth = 16
    static let maximumEntries = 100_000
    /// A `Contents.json` larger than this is refused.
    static let maximumContentsBytes = 1 << 20

    /// Why a catalog or one of its imagesets cannot be used: one clause.
    package struct Problem: Error {
        package var message: String
    }

    /// Indexes the catalog at `path` (`name` is how messages call it).
    package init(name: String, path: String) throws(Problem) {
        self.name = name
        var info = stat()
        guard lstat(path, &info) == 0 else { throw Problem(message: "asset catalog '\(name)' not found") }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            throw Problem(message: "asset catalog '\(name)' is not a directory")
        }
        var entries = 0
        // (directory, namespace prefix, depth), walked with an explicit stack.
        var stack: [(String, String, Int)] = [(path, "", 0)]
        while let (directory, prefix, depth) = stack.popLast() {
            guard depth <= Self.maximumDepth else {
                throw Problem(message: "asset catalog '\(name)' nests folders deeper than \(Self.maximumDepth)")
            }
            let children = (try? FileManager.default.contentsOfDirectory(atPath: directory))?.sorted() ?? []
            entries += children.count
            guard entries <= Self.maximumEntries else {
                throw Problem(message: "asset catalog '\(name)' holds more than \(Self.maximumEntries) entries")
            }
            for child in children {
                let full = directory + "/" + child
                var childInfo = stat()
                guard lstat(full, &childInfo) == 0, childInfo.st_mode & S_IFMT == S_IFDIR else { continue }
                if child.hasSuffix(".imageset") {
                    let asset = prefix + String(child.dropLast(".imageset".count))
                    if imagesets[asset] == nil { imagesets[asset] = full }
                } else if !Self.isOtherSet(child) {
                    let namespace = Self.providesNamespace(full) ? prefix + child + "/" : prefix
                    stack.append((full, namespace, depth + 1))
                }
            }
        }
    }

    /// Sets that hold no images (`.colorset`, `.appiconset`, `.dataset`…).
    private static func isOtherSet(_ name: String) -> Bool {
        guard let dot = name.lastIndex(of: ".") else { return false }
        return name[name.index(after: dot)...].hasSuffix("set")
    }

    /// Whether a folder's `Contents.json` says `"provides-namespace": true`.
    private static func providesNamespace(_ folder: String) -> Bool {
        guard let json = try? contents(folder + "/Contents.json"),
            let properties = json["properties"] as? [String: Any]
        else { return false }
        return properties["provides-namespace"] as? Bool == true
    }

    /// A `Contents.json` as a JSON object (at most `maximumContentsBytes`, a regular file).
    static func contents(_ path: String) throws(Problem) -> [String: Any] {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            throw Problem(message: "has no Contents.json")
        }
        guard info.st_size <= maximumContentsBytes else {
            throw Problem(message: "has a Contents.json over \(maximumContentsBytes) bytes")
        }
        guard let data = FileManager.default.contents(atPath: path),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { throw Problem(message: "has a Contents.json that is not a JSON object") }
        return object
    }

    /// An imageset's files for the iPhone, by scale (1, 2, 3), and whether it asks to be a template.
    package struct Imageset {
        package var files: [(scale: Int, path: String)]
        var isTemplate: Bool
        /// A vector entry (PDF or SVG) with no bitmap beside it.
        var vector: String?
    }

    /// The imageset of `asset`, nil when the catalog has none of that name.
    package func imageset(_ asset: String) throws(Problem) -> Imageset? {
        guard let directory = imagesets[asset] else { return nil }
        let json: [String: Any]
        do {
            json = try Self.contents(directory + "/Contents.json")
        } catch {
            throw Problem(message: "imageset '\(asset)' in '\(name)' \(error.message)")
        }
        let entries = json["images"] as? [[String: Any]] ?? []
        var byScale: [Int: (idiom: String, file: String)] = [:]
        var vector: String?
        for entry in entries {
            guard let file = entry["filename"] as? String, !file.isEmpty, !file.contains("/") else { continue }
            let idiom = entry["idiom"] as? String ?? "universal"
            guard idiom == "universal" || idiom == "iphone" else { continue }
            if let appearances = entry["appearances"] as? [Any], !appearances.isEmpty { continue }  // dark mode etc.
            let lower = file.lowercased()
            if lower.hasSuffix(".pdf") || lower.hasSuffix(".svg") {
                vector = vector ?? file
                continue
            }
            let scaleText = entry["scale"] as? String ?? "1x"
            guard let scale = Int(scaleText.dropLast()), scaleText.hasSuffix("x"), (1...3).contains(scale) else {
                continue
            }
            if let existing = byScale[scale], existing.idiom == "iphone", idiom == "universal" { continue }
            byScale[scale] = (idiom, file)
        }
        let properties = json["properties"] as? [String: Any]
        let intent = properties?["template-rendering-intent"] as? String
        return Imageset(
            files: byScale.keys.sorted().map { ($0, directory + "/" + byScale[$0]!.file) },
            isTemplate: intent == "template", vector: byScale.isEmpty ? vector : nil)
    }
}
