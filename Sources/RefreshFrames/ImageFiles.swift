import Foundation
import RefreshFramesCore
import RefreshFramesRaster

/// Opens the images a spec names, as `UIImage(named:)` finds them in an app, and decodes them into
/// the spec's `ImageLibrary`:
/// - a name with a file suffix (`arrow.png`, `Images/arrow.jpg`) is a file relative to the spec's
///   directory, with its `@2x` and `@3x` siblings (a name that carries its scale, `arrow@2x.png`, is
///   that file alone);
/// - any other name is an asset of the spec's catalogs (`"assets"`, in order), else a PNG of that
///   name beside the spec (`arrow` → `arrow.png` and its siblings), as a bundle's loose files are found.
///
/// What is read is bounded (`images`, `imageBytes`, `imagesBytes`, `imagePixels`, `imagesPixels`)
/// and safe to take from a pull request: only regular files, each by its real path inside the spec's
/// repository (the nearest directory above the spec holding `.git`, else the spec's own directory),
/// so no name and no link can reach a file elsewhere on the machine. Every problem is one located
/// diagnostic at the JSON path that names the image.
package struct ImageFiles {
    /// The spec's directory ("" for the working directory).
    let directory: String
    /// The real path images must lie under.
    package let root: String
    private var files = 0
    private var bytes = 0
    private var pixels = 0

    package init(directory: String) {
        self.directory = directory
        let real = Self.realPath(directory.isEmpty ? "." : directory) ?? (directory.isEmpty ? "." : directory)
        root = Self.repositoryRoot(of: real) ?? real
    }

    /// The images `spec` names, decoded.
    package static func load(_ spec: Spec, directory: String) throws(SpecDiagnostic) -> ImageLibrary {
        var loader = ImageFiles(directory: directory)
        func jsonPath(_ index: Int) -> String { spec.assets.count == 1 ? "assets" : "assets[\(index)]" }
        // Where each catalog is, whether or not the spec's views name images: a Swift program's
        // UIImage(named:) looks in them too (and opens them only then).
        for (index, name) in spec.assets.enumerated() {
            if let real = Self.realPath(loader.path(name)), !loader.contains(real) {
                throw SpecDiagnostic(
                    path: jsonPath(index), location: nil,
                    message:
                        "asset catalog '\(name)' is outside the spec's repository ('\(loader.root)'); images are read only from inside it (write the spec inside the app's repository)"
                )
            }
        }
        let references = Self.references(spec)
        guard !references.isEmpty else { return ImageLibrary() }
        var catalogs: [AssetCatalog] = []
        for (index, name) in spec.assets.enumerated() {
            do {
                catalogs.append(try AssetCatalog(name: name, path: loader.path(name)))
            } catch {
                throw SpecDiagnostic(path: jsonPath(index), location: nil, message: error.message)
            }
        }
        var library = ImageLibrary()
        for (name, path) in references where library[name] == nil {
            do {
                library.add(try loader.asset(name, catalogs: catalogs))
            } catch {
                throw SpecDiagnostic(path: path, location: nil, message: error.message)
            }
        }
        return library
    }

    /// Every image name of the spec with the JSON path that first names it, in the spec's order.
    static func references(_ spec: Spec) -> [(name: String, path: String)] {
        var found: [(String, String)] = []
        for (index, view) in spec.views.enumerated() {
            for state in ControlState.allCases {
                guard let content = view.button?.states[state] else { continue }
                if let name = content.image { found.append((name, "views[\(index)].states.\(state.rawValue).image")) }
                if let name = content.backgroundImage {
                    found.append((name, "views[\(index)].states.\(state.rawValue).backgroundImage"))
                }
            }
            guard let image = view.imageView else { continue }
            if let name = image.image { found.append((name, "views[\(index)].image")) }
            if let name = image.highlightedImage { found.append((name, "views[\(index)].highlightedImage")) }
            for (k, name) in image.animationImages.enumerated() {
                found.append((name, "views[\(index)].animationImages[\(k)]"))
            }
        }
        func walk(_ steps: [Step], _ path: String) {
            for (i, step) in steps.enumerated() {
                switch step {
                case .animate(let a):
                    if let name = a.changes[.image]?.name { found.append((name, "\(path)[\(i)].animate.set.image")) }
                case .each(let e): walk(e.steps, "\(path)[\(i)].each.steps")
                case .keyframes(let k):
                    for (j, frame) in k.frames.enumerated() {
                        if let name = frame.changes[.image]?.name {
                            found.append((name, "\(path)[\(i)].keyframes.frames[\(j)].set.image"))
                        }
                    }
                case .transition(let t):
                    if let name = t.changes[.image]?.name { found.append((name, "\(path)[\(i)].transition.set.image")) }
                case .imageAnimation, .layerAnimation, .removeAnimations, .layout: break
                }
            }
        }
        if let program = spec.program {
            walk(program.cycle, "program.cycle")
            walk(program.onEnd, "program.onEnd")
            if let name = program.reset[.image]?.name { found.append((name, "program.reset.image")) }
        }
        return found
    }

    /// A file the spec names, as a path: relative to the spec's directory.
    func path(_ file: String) -> String {
        file.hasPrefix("/") || directory.isEmpty ? file : directory + "/" + file
    }

    /// A path as the spec's directory sees it (what goldens record and messages show).
    func display(_ path: String) -> String {
        directory.isEmpty || !path.hasPrefix(directory + "/") ? path : String(path.dropFirst(directory.count + 1))
    }

    struct Problem: Error {
        var message: String
    }

    package static let fileSuffixes = [".png", ".jpg", ".jpeg"]

    /// Finds and decodes the image `name`.
    mutating func asset(_ name: String, catalogs: [AssetCatalog]) throws(Problem) -> ImageAsset {
        let lower = name.lowercased()
        if Self.fileSuffixes.contains(where: { lower.hasSuffix($0) }) {
            let candidates = Self.variants(of: path(name))
            let present = candidates.filter { Self.exists($0.path) }
            guard !present.isEmpty else {
                let looked = candidates.map { "'\($0.path)'" }.joined(separator: ", ")
                throw Problem(message: "image file '\(name)' not found (looked for \(looked))")
            }
            return try decoded(name, present, isTemplate: false)
        }
        for catalog in catalogs {
            let set: AssetCatalog.Imageset?
            do {
                set = try catalog.imageset(name)
            } catch {
                throw Problem(message: "image '\(name)': \(error.message)")
            }
            guard let set else { continue }
            if let vector = set.vector {
                throw Problem(
                    message:
                        "image '\(name)': its imageset in '\(catalog.name)' holds only a vector file ('\(vector)'); PDF and SVG images are not drawn: add 1x, 2x and 3x PNGs to the imageset"
                )
            }
            guard !set.files.isEmpty else {
                throw Problem(
                    message: "image '\(name)': its imageset in '\(catalog.name)' has no iPhone or universal image file")
            }
            return try decoded(name, set.files, isTemplate: set.isTemplate)
        }
        let loose = Self.variants(of: path(name + ".png")).filter { Self.exists($0.path) }
        guard !loose.isEmpty else {
            let catalogNames = catalogs.map(\.name).joined(separator: ", ")
            let place =
                catalogs.isEmpty
                ? "names an asset, but the spec has no asset catalogs (\"assets\")"
                : "is in none of the asset catalogs (\(catalogNames))"
            throw Problem(message: "image '\(name)' \(place) and no file '\(name).png' is beside the spec")
        }
        return try decoded(name, loose, isTemplate: false)
    }

    /// `dir/arrow.png` → itself at 1x, `dir/arrow@2x.png`, `dir/arrow@3x.png`; a path that carries
    /// its scale (`arrow@2x.png`) is that file alone.
    package static func variants(of path: String) -> [(scale: Int, path: String)] {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return [(1, path)] }
        let stem = path[..<dot]
        let suffix = path[dot...]
        for scale in 1...3 where stem.hasSuffix("@\(scale)x") { return [(scale, path)] }
        return [(1, path), (2, stem + "@2x" + suffix), (3, stem + "@3x" + suffix)]
    }

    private static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0
    }

    /// Reads and decodes each file of one image.
    private mutating func decoded(_ name: String, _ entries: [(scale: Int, path: String)], isTemplate: Bool)
        throws(Problem) -> ImageAsset
    {
        var variants: [ImageVariant] = []
        for (scale, path) in entries {
            let shown = display(path)
            func fail(_ what: String) -> Problem { Problem(message: "image '\(name)': '\(shown)' \(what)") }
            files += 1
            guard files <= Limits.images else {
                throw fail("is one image file too many, over the limit images = \(Limits.images)")
            }
            let data = try read(path, fail: fail)
            bytes += data.count
            guard bytes <= Limits.imagesBytes else {
                throw fail("takes the spec's image files over the limit imagesBytes = \(Limits.imagesBytes >> 20) MiB")
            }
            let bitmap: Bitmap
            do {
                bitmap = try ImageFile.decode(data)
            } catch {
                throw fail(error.description)
            }
            pixels += bitmap.width * bitmap.height
            guard pixels <= Limits.imagesPixels else {
                throw fail("takes the spec's images over the limit imagesPixels = \(Limits.imagesPixels) pixels")
            }
            variants.append(ImageVariant(scale: scale, bitmap: bitmap, file: shown, sha256: SHA256.hex(data)))
        }
        return ImageAsset(name: name, variants: variants, isTemplate: isTemplate)
    }

    /// Whether a real (resolved) path is `root` or inside it.
    func contains(_ real: String) -> Bool { real == root || real.hasPrefix(root == "/" ? "/" : root + "/") }

    /// The bytes of a regular file inside `root`, at most `imageBytes`.
    private func read(_ path: String, fail: (String) -> Problem) throws(Problem) -> [UInt8] {
        guard let real = Self.realPath(path) else { throw fail("cannot be read (\(String(cString: strerror(errno))))") }
        guard contains(real) else {
            throw fail("is outside the spec's repository ('\(root)'); images are read only from inside it")
        }
        let fd = open(real, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOFOLLOW)
        guard fd >= 0 else { throw fail("cannot be read (\(String(cString: strerror(errno))))") }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { throw fail("is not a regular file") }
        guard info.st_size <= Limits.imageBytes else {
            throw fail("is \(info.st_size) bytes, over the limit imageBytes = \(Limits.imageBytes >> 20) MiB")
        }
        var data: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let count = chunk.withUnsafeMutableBytes { Foundation.read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                throw fail("cannot be read (\(String(cString: strerror(errno))))")
            }
            if count == 0 { break }
            data += chunk[..<count]
            guard data.count <= Limits.imageBytes else {
                throw fail("is over the limit imageBytes = \(Limits.imageBytes >> 20) MiB")
            }
        }
        return data
    }

    package static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The nearest directory at or above `directory` (a real path) that holds `.git`.
    package static func repositoryRoot(of directory: String) -> String? {
        var current = directory
        while true {
            var info = stat()
            if lstat(current + "/.git", &info) == 0 { return current }
            guard current != "/", let slash = current.lastIndex(of: "/") else { return nil }
            current = slash == current.startIndex ? "/" : String(current[..<slash])
        }
    }
}
