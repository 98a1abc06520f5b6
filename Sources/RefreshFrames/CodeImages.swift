import RefreshFramesCore
import RefreshFramesImport
import RefreshFramesSwiftProgram

/// `UIImage(named:)` in a spec's Swift program: the image found as the spec's own image views find
/// theirs (`ImageFiles`: a file relative to the spec with its `@2x`/`@3x` siblings, an asset of the
/// spec's catalogs, a PNG of that name beside the spec), else as the app's built bundle would find
/// it (`ImportImageFinder`: the asset catalogs and image files of the repository holding the code,
/// nearest the code first), read with the same bounds and only from inside the spec's repository.
final class CodeImages {
    private var files: ImageFiles
    private let spec: Spec
    /// The spec's catalogs, opened the first time the code names an image.
    private var catalogs: [AssetCatalog]?
    /// The Swift file the app's images are looked for from (nil: the spec's directory).
    private let code: String?
    /// The app's images, searched the first time a name is found nowhere else.
    private var app: ImportImages??

    init(spec: Spec, directory: String, code: String?) {
        files = ImageFiles(directory: directory)
        self.spec = spec
        self.code = code
    }

    func find(_ name: String) -> Result<ImageAsset, ImageLookupFailure> {
        // The spec's catalogs (one outside its repository failed the spec, one that cannot be read did
        // when the spec named an image).
        let catalogs =
            self.catalogs ?? spec.assets.compactMap { try? AssetCatalog(name: $0, path: files.path($0)) }
        self.catalogs = catalogs
        let besideSpec: String
        do {
            return .success(try files.asset(name, catalogs: catalogs))
        } catch {
            besideSpec = error.message
        }
        if app == nil {
            let document = code ?? files.path("Spec.json")
            app = .some(
                try? ImportImageFinder.images(document: document, outputDirectory: files.directory, assets: nil))
        }
        guard let app = app ?? nil else { return .failure(ImageLookupFailure(message: besideSpec)) }
        guard let found = app.find(name) else {
            return .failure(
                ImageLookupFailure(message: "\(besideSpec); nor is it in the app's repository (\(app.searched))"))
        }
        do {
            if found.isAsset {
                let catalog: AssetCatalog
                do {
                    catalog = try AssetCatalog(name: found.source, path: files.path(found.source))
                } catch {
                    return .failure(ImageLookupFailure(message: error.message))
                }
                return .success(try files.asset(found.name, catalogs: [catalog]))
            }
            return .success(try files.asset(found.name, catalogs: []))
        } catch {
            return .failure(ImageLookupFailure(message: error.message))
        }
    }
}
