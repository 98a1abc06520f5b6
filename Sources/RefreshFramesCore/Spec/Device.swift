/// The iPhones a spec's `host` and an imported document can name: screen size in points (portrait),
/// scale, and the safe area of a full-screen view controller — in portrait the status bar, sensor
/// housing or Dynamic Island above and the home indicator below; in landscape no status bar, the
/// housing's inset on both sides and the home indicator below. Sources and how sure each row is, in
/// docs/import-sources.md ("Named devices"): PaintCode's "Ultimate Guide to iPhone Resolutions" and
/// Geoff Hackworth's iPhone 12 and 14 articles (points and scale); Use Your Loaf, "Supporting iPhone
/// X", and usagimaru's table (20 pt of status bar; 44 and 34 on the iPhone X family, 88 and 21 in
/// landscape); the react-native-safearea-height README (47, 50 and 59 above on the iPhone 12, 12
/// mini and 14 Pro families); csl.cool, "iOS Layout Adaptation" (59, 34; landscape 59 beside, 21 below).
package struct Device: Sendable, Equatable {
    /// What a spec writes (`"viewport": "iPhone 8"`).
    package var name: String
    /// The other names of the same screen (`iPhone 6`, `iPhone 7`).
    package var aliases: [String]
    /// Interface Builder's `<device id=…>`; nil where no public document was found that shows which
    /// id Xcode writes for this screen.
    package var interfaceBuilderID: String?
    package var width: Double
    package var height: Double
    package var scale: Double
    /// The safe area's insets above and below, in points, portrait.
    package var safeAreaTop: Double
    package var safeAreaBottom: Double
    /// The safe area's insets in landscape: left and right alike (the housing's side and the other),
    /// and below; none above (an iPhone hides the status bar in a vertically compact environment).
    package var landscapeSide: Double
    package var landscapeBottom: Double

    init(
        name: String, aliases: [String] = [], interfaceBuilderID: String?, width: Double, height: Double,
        scale: Double, safeAreaTop: Double, safeAreaBottom: Double = 0, landscapeSide: Double = 0,
        landscapeBottom: Double = 0
    ) {
        self.name = name
        self.aliases = aliases
        self.interfaceBuilderID = interfaceBuilderID
        self.width = width
        self.height = height
        self.scale = scale
        self.safeAreaTop = safeAreaTop
        self.safeAreaBottom = safeAreaBottom
        self.landscapeSide = landscapeSide
        self.landscapeBottom = landscapeBottom
    }

    package static let all: [Device] = [
        Device(
            name: "iPhone 4s", aliases: ["iPhone 4"], interfaceBuilderID: "retina3_5", width: 320, height: 480,
            scale: 2, safeAreaTop: 20),
        Device(
            name: "iPhone SE", aliases: ["iPhone 5", "iPhone 5s", "iPhone 5c"], interfaceBuilderID: "retina4_0",
            width: 320, height: 568, scale: 2, safeAreaTop: 20),
        Device(
            name: "iPhone 8", aliases: ["iPhone 6", "iPhone 6s", "iPhone 7"], interfaceBuilderID: "retina4_7",
            width: 375, height: 667, scale: 2, safeAreaTop: 20),
        Device(
            name: "iPhone 8 Plus", aliases: ["iPhone 6 Plus", "iPhone 6s Plus", "iPhone 7 Plus"],
            interfaceBuilderID: "retina5_5", width: 414, height: 736, scale: 3, safeAreaTop: 20),
        Device(
            name: "iPhone X", aliases: ["iPhone XS", "iPhone 11 Pro"], interfaceBuilderID: "retina5_9", width: 375,
            height: 812, scale: 3, safeAreaTop: 44, safeAreaBottom: 34, landscapeSide: 44, landscapeBottom: 21),
        Device(
            name: "iPhone XR", aliases: ["iPhone 11"], interfaceBuilderID: "retina6_1", width: 414, height: 896,
            scale: 2, safeAreaTop: 44, safeAreaBottom: 34, landscapeSide: 44, landscapeBottom: 21),
        Device(
            name: "iPhone XS Max", aliases: ["iPhone 11 Pro Max"], interfaceBuilderID: "retina6_5", width: 414,
            height: 896, scale: 3, safeAreaTop: 44, safeAreaBottom: 34, landscapeSide: 44, landscapeBottom: 21),
        Device(
            name: "iPhone 12 mini", aliases: ["iPhone 13 mini"], interfaceBuilderID: nil, width: 375, height: 812,
            scale: 3, safeAreaTop: 50, safeAreaBottom: 34, landscapeSide: 50, landscapeBottom: 21),
        Device(
            name: "iPhone 12", aliases: ["iPhone 12 Pro", "iPhone 13", "iPhone 13 Pro", "iPhone 14"],
            interfaceBuilderID: "retina6_0", width: 390, height: 844, scale: 3, safeAreaTop: 47, safeAreaBottom: 34,
            landscapeSide: 47, landscapeBottom: 21),
        Device(
            name: "iPhone 12 Pro Max", aliases: ["iPhone 13 Pro Max", "iPhone 14 Plus"], interfaceBuilderID: nil,
            width: 428, height: 926, scale: 3, safeAreaTop: 47, safeAreaBottom: 34, landscapeSide: 47,
            landscapeBottom: 21),
        Device(
            name: "iPhone 14 Pro", aliases: ["iPhone 15", "iPhone 15 Pro"], interfaceBuilderID: "retina6_12",
            width: 393, height: 852, scale: 3, safeAreaTop: 59, safeAreaBottom: 34, landscapeSide: 59,
            landscapeBottom: 21),
        Device(
            name: "iPhone 14 Pro Max", aliases: ["iPhone 15 Plus", "iPhone 15 Pro Max"], interfaceBuilderID: nil,
            width: 430, height: 932, scale: 3, safeAreaTop: 59, safeAreaBottom: 34, landscapeSide: 59,
            landscapeBottom: 21),
    ]

    /// The device a spec names (its name or an alias, spelt as here); nil for one the table does not have.
    package static func named(_ name: String) -> Device? {
        all.first { ([$0.name] + $0.aliases).contains(name) }
    }

    /// The device of Interface Builder's `<device id=…>`; nil for an id the table does not have.
    package static func interfaceBuilder(_ id: String) -> Device? {
        all.first { $0.interfaceBuilderID == id }
    }

    /// The safe area of a full-screen view controller's view: portrait, or landscape (the screen
    /// turned either way: the insets beside are equal).
    package func safeArea(landscape: Bool) -> (top: Double, left: Double, bottom: Double, right: Double) {
        landscape
            ? (0, landscapeSide, landscapeBottom, landscapeSide) : (safeAreaTop, 0, safeAreaBottom, 0)
    }
}
