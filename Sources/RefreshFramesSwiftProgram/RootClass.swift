import RefreshFramesSwiftCode

/// The class of the code the scenario drives, and what UIKit connects to it: a view controller
/// (its view loaded, its table-view outlets set), a `UIRefreshControl` subclass, or a `UIView`
/// subclass with `beginRefreshing()` (what `refresh-frames swift` writes).
struct RootClass {
    enum Kind: String {
        case viewController = "a UIViewController subclass"
        case refreshControl = "a UIRefreshControl subclass"
        case refreshingView = "a UIView subclass with beginRefreshing()"
    }

    let decl: TypeDecl
    let kind: Kind
    /// Its `UITableView!`/`UICollectionView!`/`UIScrollView!` properties without a value: outlets
    /// UIKit connects, with the type each names.
    var outlets: [(name: String, type: String)] {
        decl.properties.compactMap { p in
            guard p.initial == nil, !p.isStatic, !p.isComputed, case .optional(let wrapped, true)? = p.type,
                let type = wrapped.name, ["UITableView", "UICollectionView", "UIScrollView"].contains(type)
            else { return nil }
            return (p.name, type)
        }
    }

    /// The class named `name`, or the one the code's shape says: its one view controller (or the
    /// one named `ViewController`), else its one refresh control subclass, else its one view with
    /// `beginRefreshing()`.
    static func choose(in module: CodeModule, named name: String?, natives: NativeLibrary) throws(CodeDiagnostic)
        -> RootClass
    {
        let classes = module.types.filter { $0.kind == .class }
        func hostChain(_ decl: TypeDecl, depth: Int = 0) -> [String] {
            guard depth < 32 else { return [] }
            for parent in decl.inherits {
                guard let parentName = parent.name else { continue }
                if let program = classes.first(where: { $0.name == parentName }) {
                    return hostChain(program, depth: depth + 1)
                }
                let chain = natives.chain(parentName).map(\.name)
                if !chain.isEmpty { return chain }
            }
            return []
        }
        func kind(_ decl: TypeDecl) -> Kind? {
            let chain = hostChain(decl)
            if chain.contains("UIViewController") { return .viewController }
            if chain.contains("UIRefreshControl") { return .refreshControl }
            if chain.contains("UIView"), decl.methods.contains(where: { $0.name == "beginRefreshing" }) {
                return .refreshingView
            }
            return nil
        }
        let start = CodeLocation(file: module.types.first?.location.file ?? "", line: 1, column: 1)
        if let name {
            guard let decl = classes.first(where: { $0.name == name }) else {
                let names = classes.map(\.name).joined(separator: ", ")
                throw .error(at: start, "\"class\": the code declares no class '\(name)' (it declares \(names))")
            }
            guard let k = kind(decl) else {
                throw .error(
                    at: decl.location,
                    "\"class\": '\(name)' is not a UIViewController, a UIRefreshControl or a UIView with beginRefreshing(), so nothing would drive it"
                )
            }
            return RootClass(decl: decl, kind: k)
        }
        for k in [Kind.viewController, .refreshControl, .refreshingView] {
            let found = classes.filter { kind($0) == k }
            if found.count == 1 { return RootClass(decl: found[0], kind: k) }
            if found.count > 1 {
                if let named = found.first(where: { $0.name == "ViewController" }) {
                    return RootClass(decl: named, kind: k)
                }
                throw .error(
                    at: found[1].location,
                    "the code declares several classes to drive (\(found.map(\.name).joined(separator: ", "))): name one with \"class\""
                )
            }
        }
        throw .error(
            at: start,
            "the code declares no class to drive: a UIViewController, a UIRefreshControl subclass or a UIView subclass with beginRefreshing()"
        )
    }
}
