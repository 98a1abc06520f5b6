import RefreshFramesCore
import RefreshFramesSwiftProgram

/// `UIColor(named:)` in a spec's Swift program: the colorset of that name in the spec's own asset
/// catalogs (`"assets"`), else in the asset catalogs of the repository holding the code, nearest
/// the code first (as the app's built bundle holds them all), resolved for the spec's appearance;
/// only catalogs inside the spec's repository are read, as for images.
final class CodeColors {
    private let spec: Spec
    private let files: ImageFiles
    private let code: String?
    /// The catalogs, opened the first time the code names a colour: name as said, catalog.
    private var catalogs: [(name: String, catalog: AssetCatalog)]?
    private var found: [String: Result<RGBA, ImageLookupFailure>] = [:]

    init(spec: Spec, directory: String, code: String?) {
        self.spec = spec
        files = ImageFiles(directory: directory)
        self.code = code
    }

    func find(_ name: String) -> Result<RGBA, ImageLookupFailure> {
        if let known = found[name] { return known }
        let catalogs = self.catalogs ?? open()
        self.catalogs = catalogs
        var result = Result<RGBA, ImageLookupFailure>.failure(
            ImageLookupFailure(
                message: catalogs.isEmpty
                    ? "no asset catalog is in the spec's \"assets\" or the app's repository"
                    : "no colorset '\(name)' in \(catalogs.map(\.name).joined(separator: ", "))"))
        for (_, catalog) in catalogs {
            do {
                if let rgba = try catalog.color(name, appearance: spec.appearance) {
                    result = .success(rgba)
                    break
                }
            } catch {
                result = .failure(ImageLookupFailure(message: error.message))
                break
            }
        }
        found[name] = result
        return result
    }

    private func open() -> [(name: String, catalog: AssetCatalog)] {
        var opened: [(String, AssetCatalog)] = []
        for name in spec.assets {
            if let catalog = try? AssetCatalog(name: name, path: files.path(name)) { opened.append((name, catalog)) }
        }
        let document = code ?? files.path("Spec.json")
        guard let search = try? ImportImageFinder.search(document: document, assets: nil) else { return opened }
        // The app's catalogs the spec can read (inside its repository), each once, named from the spec.
        var seen = Set(opened.map { ImageFiles.realPath(files.path($0.0)) ?? $0.0 })
        let base = ImageFiles.realPath(files.directory.isEmpty ? "." : files.directory) ?? files.directory
        for (path, catalog) in search.catalogs {
            let real = ImageFiles.realPath(path) ?? path
            guard files.contains(real), seen.insert(real).inserted else { continue }
            opened.append((ImportImageFinder.relativePath(from: base, to: real), catalog))
        }
        return opened
    }
}
