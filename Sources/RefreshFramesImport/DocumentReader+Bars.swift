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
    /// The bars over `controller`'s scene: a navigation bar when the controller has a
    /// `navigationItem` or is a navigation controller's `rootViewController` (IB writes the item
    /// for every controller in one), 52 pt taller when that controller's bar has `largeTitles="YES"`
    /// (Prefers Large Titles) and the item's `largeTitleDisplayMode` is not `never`; a tab bar when
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
        let navigation = parent(of: controller["id"], kind: "navigationController", relationship: "rootViewController")
        let item = controller.keyed("navigationItem")
        if item != nil || navigation != nil {
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
}
