/// The iPhones a spec's `host` and an imported document can name, portrait: screen size in points,
/// scale, and the safe area of a full-screen view controller (status bar or sensor housing above,
/// home indicator below). Sources, row by row, in docs/import-sources.md: PaintCode, "The Ultimate
/// Guide to iPhone Resolutions" (points and scale of every iPhone up to the XS Max); Use Your Loaf,
/// "Supporting iPhone X" (20 pt of status bar on the iPhone 8; 44 and 34 on the iPhone X);
/// usagimaru's table on Qiita (the XR and XS Max: 896 pt high, 818 safe).
///
/// The iPhone 11 and later are not here: their sizes are not in those sources and no source found
/// gives their safe areas by Interface Builder's device id. Nothing is guessed for them.
package struct Device: Sendable, Equatable {
    /// What a spec writes (`"viewport": "iPhone 8"`).
    package var name: String
    /// The other names of the same screen (`iPhone 6`, `iPhone 7`).
    package var aliases: [String]
    /// Interface Builder's `<device id=…>`.
    package var interfaceBuilderID: String
    package var width: Double
    package var height: Double
    package var scale: Double
    /// The safe area's insets above and below, in points.
    package var safeAreaTop: Double
    package var safeAreaBottom: Double

    package static let all: [Device] = [
        Device(
            name: "iPhone 4s", aliases: ["iPhone 4"], interfaceBuilderID: "retina3_5", width: 320, height: 480,
            scale: 2,
            safeAreaTop: 20, safeAreaBottom: 0),
        Device(
            name: "iPhone SE", aliases: ["iPhone 5", "iPhone 5s", "iPhone 5c"], interfaceBuilderID: "retina4_0",
            width: 320, height: 568, scale: 2, safeAreaTop: 20, safeAreaBottom: 0),
        Device(
            name: "iPhone 8", aliases: ["iPhone 6", "iPhone 6s", "iPhone 7"], interfaceBuilderID: "retina4_7",
            width: 375, height: 667, scale: 2, safeAreaTop: 20, safeAreaBottom: 0),
        Device(
            name: "iPhone 8 Plus", aliases: ["iPhone 6 Plus", "iPhone 6s Plus", "iPhone 7 Plus"],
            interfaceBuilderID: "retina5_5", width: 414, height: 736, scale: 3, safeAreaTop: 20, safeAreaBottom: 0),
        Device(
            name: "iPhone X", aliases: ["iPhone XS"], interfaceBuilderID: "retina5_9", width: 375, height: 812,
            scale: 3, safeAreaTop: 44, safeAreaBottom: 34),
        Device(
            name: "iPhone XR", aliases: [], interfaceBuilderID: "retina6_1", width: 414, height: 896, scale: 2,
            safeAreaTop: 44, safeAreaBottom: 34),
        Device(
            name: "iPhone XS Max", aliases: [], interfaceBuilderID: "retina6_5", width: 414, height: 896, scale: 3,
            safeAreaTop: 44, safeAreaBottom: 34),
    ]

    /// The device a spec names (its name or an alias, spelt as here); nil for one the table does not have.
    package static func named(_ name: String) -> Device? {
        all.first { ([$0.name] + $0.aliases).contains(name) }
    }

    /// The device of Interface Builder's `<device id=…>`; nil for an id the table does not have.
    package static func interfaceBuilder(_ id: String) -> Device? {
        all.first { $0.interfaceBuilderID == id }
    }
}
