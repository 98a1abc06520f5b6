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
    /// Colorset directories by asset name (`UIColor(named:)`).
    private(set) var colorsets: [String: String] = [:]

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
                } else if child.hasSuffix(".colorset") {
                    let asset = prefix + String(child.dropLast(".colorset".count))
                    if colorsets[asset] == nil { colorsets[asset] = full }
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

    /// The `Contents.json` of the set `asset` (an `imageset`, a `colorset`) in `directory`, a
    /// problem naming the set and the catalog.
    private func contents(of kind: String, _ asset: String, in directory: String) throws(Problem) -> [String: Any] {
        do {
            return try Self.contents(directory + "/Contents.json")
        } catch {
            throw Problem(message: "\(kind) '\(asset)' in '\(name)' \(error.message)")
        }
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
        let json = try contents(of: "imageset", asset, in: directory)
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

    /// The colour of colorset `asset` for the iPhone in `appearance`, as `UIColor(named:)` resolves
    /// it: the entry for the dark appearance (`"appearances": [{"appearance": "luminosity",
    /// "value": "dark"}]`) in the dark one, else the one for any appearance (or light); the
    /// `iphone` idiom's entry over the `universal` one; high-contrast entries are not read. nil when
    /// the catalog has no colorset of that name.
    package func color(_ asset: String, appearance: Appearance) throws(Problem) -> RGBA? {
        guard let directory = colorsets[asset] else { return nil }
        let json = try contents(of: "colorset", asset, in: directory)
        var chosen: (rank: Int, color: [String: Any])?
        for entry in json["colors"] as? [[String: Any]] ?? [] {
            let idiom = entry["idiom"] as? String ?? "universal"
            guard idiom == "universal" || idiom == "iphone", let color = entry["color"] as? [String: Any] else {
                continue
            }
            var luminosity = "any"
            var other = false
            for trait in entry["appearances"] as? [[String: Any]] ?? [] {
                if trait["appearance"] as? String == "luminosity", let value = trait["value"] as? String {
                    luminosity = value
                } else {
                    other = true  // high contrast
                }
            }
            guard !other else { continue }
            let matches = luminosity == "any" || luminosity == appearance.rawValue
            guard matches else { continue }
            // The appearance's own entry over "any"; the iPhone's over the universal one.
            let rank = (luminosity == "any" ? 0 : 2) + (idiom == "iphone" ? 1 : 0)
            if chosen.map({ rank > $0.rank }) ?? true { chosen = (rank, color) }
        }
        guard let color = chosen?.color else {
            throw Problem(message: "colorset '\(asset)' in '\(name)' has no colour for the iPhone")
        }
        if color["platform"] as? String == "ios", let reference = color["reference"] as? String {
            let semantic = reference.hasSuffix("Color") ? String(reference.dropLast("Color".count)) : reference
            if let rgba = SemanticColor.resolve(semantic, appearance) ?? RGBA.named[semantic] { return rgba }
            throw Problem(
                message: "colorset '\(asset)' in '\(name)' refers to '\(reference)', a system colour not known here")
        }
        let components = color["components"] as? [String: Any] ?? [:]
        func component(_ key: String) throws(Problem) -> Double {
            guard let text = components[key] as? String ?? (components[key] as? NSNumber)?.stringValue,
                let value = Self.component(text)
            else { throw Problem(message: "colorset '\(asset)' in '\(name)' has no number for '\(key)'") }
            return value
        }
        let alpha = min(max(try component("alpha"), 0), 1)
        let space = color["color-space"] as? String ?? "srgb"
        switch space {
        case "srgb", "extended-srgb":
            return RGBA(
                red: try component("red"), green: try component("green"), blue: try component("blue"), alpha: alpha
            )
            .clamped
        case "display-p3":
            return RGBA.fromDisplayP3(
                red: try component("red"), green: try component("green"), blue: try component("blue"), alpha: alpha)
        case "extended-linear-srgb":
            return RGBA.fromLinearSRGB(
                red: try component("red"), green: try component("green"), blue: try component("blue"), alpha: alpha)
        case "gray-gamma-22", "extended-gray":
            return RGBA(white: min(max(try component("white"), 0), 1), alpha: alpha)
        default:
            throw Problem(message: "colorset '\(asset)' in '\(name)' is in the colour space '\(space)', not read here")
        }
    }

    /// A colorset component as Xcode writes it: `0.500` (a fraction), `0x80` (hexadecimal, of 255)
    /// or `128` (an 8-bit integer: Xcode writes fractions with a point).
    static func component(_ text: String) -> Double? {
        let t = text.trimmingCharacters(in: .whitespaces)
        if t.lowercased().hasPrefix("0x") { return Int(t.dropFirst(2), radix: 16).map { Double($0) / 255 } }
        if t.contains(".") || t.contains("e") { return Double(t) }
        return Int(t).map { Double($0) / 255 }
    }
}
