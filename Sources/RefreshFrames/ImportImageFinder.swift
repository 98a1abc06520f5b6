import Foundation
import RefreshFramesCommandLine
import RefreshFramesCore
import RefreshFramesImport
import RefreshFramesRaster

/// Finds the app's images for `import`, as the built app's `UIImage(named:)` would: Xcode copies
/// every asset catalog and loose image of the project into the app, wherever it sits in the
/// source tree. So the repository (the nearest directory above the document holding `.git`;
/// without one, the document's directory) is walked, within bounds, for asset catalogs
/// (`*.xcassets`) and PNG/JPEG files; where several could answer, the one nearest the document
/// wins. `--assets DIR` names the one catalog to use instead. What it finds is named relative to
/// the written spec's directory, so the spec loads the same files. A spec whose layout is a xib
/// (`"xib"`) finds its images here at every load, as `import` does.
package enum ImportImageFinder {
    /// How far the walk goes: directories below the root, and entries in all.
    static let maximumDepth = 8
    static let maximumEntries = 50_000
    /// Directories the walk skips: dependencies and build products, not the app's own sources.
    static let skipped: Set<String> = ["Pods", "Carthage", "DerivedData", "build", "node_modules", ".build"]

    /// What the walk found: catalogs, and image files by name (`arrow.png`, `arrow@2x.png`).
    struct Tree {
        var catalogs: [String] = []
        var files: [String: [String]] = [:]
    }

    /// Walks `root` (a real path) breadth first, not following links and not entering catalogs.
    static func walk(_ root: String) -> Tree {
        var tree = Tree()
        var entries = 0
        var level = [root]
        for _ in 0...maximumDepth where !level.isEmpty && entries < maximumEntries {
            var next: [String] = []
            for directory in level {
                let children = (try? FileManager.default.contentsOfDirectory(atPath: directory))?.sorted() ?? []
                for child in children where !child.hasPrefix(".") && !skipped.contains(child) {
                    entries += 1
                    guard entries <= maximumEntries else { break }
                    let full = (directory == "/" ? "" : directory) + "/" + child
                    var info = stat()
                    guard lstat(full, &info) == 0 else { continue }
                    if info.st_mode & S_IFMT == S_IFDIR {
                        if child.hasSuffix(".xcassets") { tree.catalogs.append(full) } else { next.append(full) }
                    } else if info.st_mode & S_IFMT == S_IFREG,
                        ImageFiles.fileSuffixes.contains(where: { child.lowercased().hasSuffix($0) })
                    {
                        tree.files[child, default: []].append(full)
                    }
                }
            }
            level = next
        }
        return tree
    }

    /// How near `path` is to `directory`: the path components they share.
    static func nearness(_ path: String, to directory: String) -> Int {
        zip(path.split(separator: "/"), directory.split(separator: "/")).prefix { $0 == $1 }.count
    }

    /// The catalogs to use (nearest the document first) and the loose image files.
    static func search(document: String, assets: String?) throws(CLIError) -> (
        catalogs: [(path: String, catalog: AssetCatalog)], files: [String: [String]], start: String
    ) {
        let directory = FilePath.directory(of: document)
        let start = ImageFiles.realPath(directory.isEmpty ? "." : directory) ?? (directory.isEmpty ? "." : directory)
        let tree = walk(ImageFiles.repositoryRoot(of: start) ?? start)
        let paths =
            assets.map { [$0] }
            ?? tree.catalogs.enumerated().sorted {
                (-nearness($0.element, to: start), $0.offset) < (-nearness($1.element, to: start), $1.offset)
            }.map(\.element)
        var catalogs: [(String, AssetCatalog)] = []
        for path in paths {
            do {
                catalogs.append((path, try AssetCatalog(name: path, path: path)))
            } catch {
                guard assets == nil else { throw .input("\(path): error: \(error.message) (--assets)") }
            }
        }
        return (catalogs, tree.files, start)
    }

    /// The look-up the importer calls for each image name of the document.
    /// `outputDirectory` is where the spec is written ("": the working directory).
    package static func images(document: String, outputDirectory: String, assets: String?) throws(CLIError)
        -> ImportImages
    {
        let (found, allFiles, start) = try search(document: document, assets: assets)
        let base = ImageFiles.realPath(outputDirectory.isEmpty ? "." : outputDirectory) ?? outputDirectory
        @Sendable func relative(_ path: String) -> String {
            relativePath(from: base, to: ImageFiles.realPath(path) ?? path)
        }
        // The written spec reads images only from inside its own repository (`ImageFiles`): an
        // image it could not read is not used, so the spec always loads.
        let root = ImageFiles(directory: outputDirectory).root
        @Sendable func readable(_ path: String) -> Bool {
            let real = ImageFiles.realPath(path) ?? path
            return root == "/" || real == root || real.hasPrefix(root + "/")
        }
        let catalogs = found.filter { readable($0.path) }
        let files = allFiles.mapValues { $0.filter(readable) }
        let documentRoot = ImageFiles.repositoryRoot(of: start) ?? start
        let names = catalogs.map { relative($0.path) }
        var searched =
            (catalogs.isEmpty ? "no asset catalog" : names.joined(separator: ", "))
            + " and the image files of '\(relative(documentRoot))'"
        if !readable(documentRoot) {
            searched += ", which the spec, written outside that repository, cannot read"
        }
        let sets = catalogs.map(\.catalog)
        return ImportImages(catalogs: names, searched: searched) { name in
            // IB writes a loose file's name with its suffix (`icon.png`); an asset by its name.
            let lower = name.lowercased()
            let suffix = ImageFiles.fileSuffixes.first { lower.hasSuffix($0) }
            let stem = suffix.map { String(name.dropLast($0.count)) } ?? name
            // The catalogs are nearest first: the first that holds the imageset answers.
            let holding = zip(names, sets).compactMap { name, catalog in
                (try? catalog.imageset(stem)).flatMap { set in set.files.first.map { (name, $0) } }
            }
            // The loose files, nearest first, at any scale, each named by its 1x path as the spec names it.
            var loose: [(path: String, scale: Int, nearness: Int)] = []
            for (scale, file) in ImageFiles.variants(of: stem + (suffix ?? ".png")) {
                for path in files[file] ?? [] { loose.append((path, scale, nearness(path, to: start))) }
            }
            loose = loose.enumerated().sorted { ($0.element.nearness, -$0.offset) > ($1.element.nearness, -$1.offset) }
                .map(\.element)
            var seen: Set<String> = []
            let looseNames = loose.map { relative($0.scale == 1 ? $0.path : Self.oneX($0.path, scale: $0.scale)) }
                .filter { seen.insert($0).inserted }
            if let (catalog, first) = holding.first {
                return ImportImages.Found(
                    name: stem, size: pointSize(first.path, scale: first.scale), isAsset: true, source: catalog,
                    elsewhere: holding.dropFirst().map(\.0) + looseNames)
            }
            guard let best = loose.first, let size = pointSize(best.path, scale: best.scale) else { return nil }
            return ImportImages.Found(
                name: looseNames[0], size: size, isAsset: false, elsewhere: Array(looseNames.dropFirst()))
        }
    }

    /// `dir/arrow@2x.png` → `dir/arrow.png`: the name a spec gives a file whose variants are beside it.
    static func oneX(_ path: String, scale: Int) -> String {
        guard let range = path.range(of: "@\(scale)x.", options: .backwards) else { return path }
        return path.replacingCharacters(in: range, with: ".")
    }

    /// A file's size in points from its header; nil when it is not a readable PNG or JPEG.
    static func pointSize(_ path: String, scale: Int) -> IntrinsicSize? {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size <= Limits.imageBytes,
            let data = FileManager.default.contents(atPath: path),
            let size = try? ImageFile.size(of: Array(data))
        else { return nil }
        return IntrinsicSize(width: Double(size.width) / Double(scale), height: Double(size.height) / Double(scale))
    }

    /// `target` as seen from the directory `base` (both real paths): `../App/Assets.xcassets`.
    package static func relativePath(from base: String, to target: String) -> String {
        let from = base.split(separator: "/")
        let to = target.split(separator: "/")
        var common = 0
        while common < from.count, common < to.count, from[common] == to[common] { common += 1 }
        let parts = Array(repeating: "..", count: from.count - common) + to[common...].map(String.init)
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }
}
