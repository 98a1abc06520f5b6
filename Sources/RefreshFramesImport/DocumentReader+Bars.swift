import RefreshFramesCore

/// The bars a storyboard scene's containers put over it: the navigation bar of the navigation
/// controller it is the root of (44 pt, 96 with large titles), and the tab bar of the tab bar
/// controller it (or that navigation controller) is a tab of (49 pt). Sources in
/// docs/import-sources.md.
struct ContainerBars: Equatable {
    /// The navigation bar's height: 0 without one.
    var navigationBar = 0.0
    /// The tab bar's height: 0 without one.
    var tabBar = 0.0
}

extension DocumentReader {
    /// The bars over `controller`'s scene: a navigation bar when the controller is in a navigation
    /// controller's stack (its `rootViewController`, or the destination of a `show` or `push` segue
    /// from a controller in one) or IB simulates one (`simulatedTopBarMetrics` a navigation bar); a
    /// `navigationItem` alone is not one (IB keeps the item of a controller taken out of its
    /// navigation controller, and shows no bar: allenwong/30DaysofSwift Project 10's scene stores
    /// its logo 40 below a top layout guide at 20). 52 pt taller when that navigation controller's
    /// bar has `largeTitles="YES"` (Prefers Large Titles) and the item's `largeTitleDisplayMode` is
    /// not `never`; a tab bar when
    /// the controller, or its navigation controller, is one of a tab bar controller's
    /// `viewControllers`, or IB simulates one (`simulatedBottomBarMetrics` a tab bar).
    static func containerBars(of controller: XMLNode, in scenes: [XMLNode]) -> ContainerBars {
        let objects = scenes.flatMap { $0.child("objects")?.children ?? [] }
        func parent(of id: String?, kind: String, relationship: String) -> XMLNode? {
            guard let id else { return nil }
            return objects.first { object in
                object.name == kind
                    && (object.child("connections")?.children("segue") ?? []).contains {
                        $0["kind"] == "relationship" && $0["relationship"] == relationship && $0["destination"] == id
                    }
            }
        }
        var bars = ContainerBars()
        let navigation = navigationController(of: controller, in: objects, parent: parent)
        let item = controller.keyed("navigationItem")
        let simulated = controller.keyed("simulatedTopBarMetrics")?.name == "simulatedNavigationBarMetrics"
        if navigation != nil || simulated {
            bars.navigationBar = NavigationBarSpec.height
            if navigation?.keyed("navigationBar")?["largeTitles"] == "YES", item?["largeTitleDisplayMode"] != "never" {
                bars.navigationBar += NavigationBarSpec.largeTitleExtra
            }
        }
        let tabs =
            parent(of: controller["id"], kind: "tabBarController", relationship: "viewControllers")
            ?? parent(of: navigation?["id"], kind: "tabBarController", relationship: "viewControllers")
        if tabs != nil || controller.keyed("simulatedBottomBarMetrics")?.name == "simulatedTabBarMetrics" {
            bars.tabBar = HostBars.tabBarHeight
        }
        return bars
    }

    /// The navigation controller whose stack holds `controller`: the one it is the
    /// `rootViewController` of, or, for the destination of a `show` (or, before Xcode 6, `push`)
    /// segue, the one whose stack holds the segue's source; followed back through the segues, each
    /// controller once. Nil when it is in none.
    static func navigationController(
        of controller: XMLNode, in objects: [XMLNode],
        parent: (String?, String, String) -> XMLNode?
    ) -> XMLNode? {
        var visited: Set<String> = []
        var pending = [controller]
        while let current = pending.popLast() {
            guard let id = current["id"], visited.insert(id).inserted else { continue }
            if let navigation = parent(id, "navigationController", "rootViewController") { return navigation }
            pending += objects.filter { source in
                source.name != "navigationController"
                    && Self.segues(in: source).contains {
                        ["show", "push"].contains($0["kind"] ?? "") && $0["destination"] == id
                    }
            }
        }
        return nil
    }

    /// Every `<segue>` under a scene object (its own connections and its views' buttons' and cells').
    static func segues(in node: XMLNode) -> [XMLNode] {
        var found: [XMLNode] = []
        var pending = [node]
        while let current = pending.popLast() {
            if current.name == "segue" { found.append(current) }
            pending += current.children
        }
        return found
    }
}
