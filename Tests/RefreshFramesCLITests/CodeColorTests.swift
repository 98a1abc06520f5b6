import Foundation
import Testing

/// A Swift program's `UIColor(named:)`: the colorset of that name in the app's asset catalogs
/// (the spec's `"assets"`, else the catalogs of the repository holding the code), resolved for the
/// spec's appearance; nil, with a warning saying where it was looked for, when none has it.
/// Through the binary's `state`.
@Suite struct CodeColorTests {
    static let code = """
        import UIKit

        class RefreshView: UIView {
            @IBOutlet var contentView: UIView!
            @IBOutlet weak var title: UILabel!
            @IBOutlet weak var badge: UILabel!

            override init(frame: CGRect) {
                super.init(frame: frame)
                Bundle.main.loadNibNamed("RefreshView", owner: self, options: nil)
                addSubview(contentView)
            }

            required init?(coder: NSCoder) { super.init(coder: coder) }

            func beginRefreshing() {
                title.textColor = UIColor(named: "Brand")
                title.backgroundColor = UIColor(named: "Wide")!
                badge.textColor = UIColor(named: "Tint", in: nil, compatibleWith: nil)
                badge.backgroundColor = UIColor(named: "Shade") ?? .black
                if UIColor(named: "Nope") == nil { badge.text = "nil" }
            }
        }
        """

    /// `Brand`: light (1.0, 0x80, 64) as Xcode writes fractions, hexadecimal and 8-bit numbers, and
    /// a dark entry; `Wide`: Display P3 (0.9175, 0.2003, 0.1386), which is sRGB red; `Tint`: iOS's
    /// systemBlue by reference; `Shade`: gray-gamma-22 white 0.5 at alpha 0.5.
    static let colorsets = [
        "Brand": """
        {"colors": [
          {"idiom": "universal", "color": {"color-space": "srgb", "components": {"red": "1.000", "green": "0x80", "blue": "64", "alpha": "1.000"}}},
          {"idiom": "universal", "appearances": [{"appearance": "luminosity", "value": "dark"}],
           "color": {"color-space": "srgb", "components": {"red": "0.000", "green": "1.000", "blue": "1.000", "alpha": "1.000"}}}
        ], "info": {"author": "xcode", "version": 1}}
        """,
        "Wide": """
        {"colors": [{"idiom": "universal", "color": {"color-space": "display-p3", "components": {"red": "0.9175", "green": "0.2003", "blue": "0.1386", "alpha": "1.000"}}}]}
        """,
        "Tint": """
        {"colors": [{"idiom": "universal", "color": {"platform": "ios", "reference": "systemBlueColor"}}]}
        """,
        "Shade": """
        {"colors": [{"idiom": "universal", "color": {"color-space": "gray-gamma-22", "components": {"white": "0.500", "alpha": "0.500"}}}]}
        """,
    ]

    /// `dir/app` (a repository) with `Assets.xcassets` and `Code/RefreshView.swift`, the spec in
    /// `dir/app/specs` naming no catalog.
    static func app() throws -> String {
        let dir = try temporaryDirectory()
        let files = FileManager.default
        try files.createDirectory(atPath: dir + "/app/.git", withIntermediateDirectories: true)
        try files.createDirectory(atPath: dir + "/app/Code", withIntermediateDirectories: true)
        try files.createDirectory(atPath: dir + "/app/specs", withIntermediateDirectories: true)
        for (name, json) in colorsets {
            let set = dir + "/app/Assets.xcassets/\(name).colorset"
            try files.createDirectory(atPath: set, withIntermediateDirectories: true)
            try Data(json.utf8).write(to: URL(fileURLWithPath: set + "/Contents.json"))
        }
        try Data(code.utf8).write(to: URL(fileURLWithPath: dir + "/app/Code/RefreshView.swift"))
        let spec = """
            {"canvas": {"width": 200, "height": 60}, "outlets": {"contentView": "root"},
             "views": [{"tag": 1, "text": "A", "name": "title"}, {"tag": 2, "text": "B", "name": "badge"}],
             "constraints": ["1.centerX == superview.centerX", "1.centerY == superview.centerY",
                             "2.leading == superview.leading + 10", "2.centerY == superview.centerY"],
             "program": {"swift": "../Code/RefreshView.swift"}, "scenario": {"refreshAt": 0.2, "workDuration": 1}}
            """
        try Data(spec.utf8).write(to: URL(fileURLWithPath: dir + "/app/specs/spec.json"))
        return dir
    }

    static func labels(_ dir: String, _ extra: [String] = []) throws -> (labels: [Int: [String: Any]], stderr: String) {
        let r = try run(["state", "app/specs/spec.json", "--at", "0.5"] + extra, in: dir)
        try #require(r.status == 0, "\(r.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
        var labels: [Int: [String: Any]] = [:]
        for label in json?["labels"] as? [[String: Any]] ?? [] { labels[label["tag"] as? Int ?? 0] = label }
        return (labels, r.stderr)
    }

    @Test func namedColorsComeFromTheAppsCatalogForTheAppearance() throws {
        let dir = try Self.app()
        let light = try Self.labels(dir)
        #expect(light.labels[1]?["textColor"] as? String == "#FF8040FF")
        #expect(light.labels[1]?["backgroundColor"] as? String == "#FF0000FF")
        #expect(light.labels[2]?["textColor"] as? String == "#007AFFFF")
        #expect(light.labels[2]?["backgroundColor"] as? String == "#80808080")
        #expect(light.labels[2]?["text"] as? String == "nil")
        #expect(
            light.stderr.contains(
                #"app/Code/RefreshView.swift:21:12: warning: UIColor(named: "Nope") is nil: no colorset 'Nope' in ../Assets.xcassets"#
            ), "\(light.stderr)")
        let dark = try Self.labels(dir, ["--appearance", "dark"])
        #expect(dark.labels[1]?["textColor"] as? String == "#00FFFFFF")
        #expect(dark.labels[2]?["textColor"] as? String == "#0A84FFFF", "systemBlue's dark value")
    }
}
