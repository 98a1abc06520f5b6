import Foundation
import Testing

/// A Swift program's `UIImage(named:)`, found as the spec's own image views find theirs (a file
/// beside the spec, the spec's catalogs), else in the app's repository as its bundle would be; an
/// image view made with it is sized by it and draws it. Through the binary's `state`.
@Suite struct CodeImageViewTests {
    static let code = """
        import UIKit

        final class ArrowView: UIView {
            let arrow = UIImageView(image: UIImage(named: "arrow"))
            let later = UIImageView(frame: CGRect(x: 10, y: 10, width: 40, height: 40))
            let missing = UIImageView(image: UIImage(named: "no-such-image"))

            override init(frame: CGRect) {
                super.init(frame: frame)
                arrow.translatesAutoresizingMaskIntoConstraints = false
                addSubview(arrow)
                addSubview(later)
                missing.frame = CGRect(x: 150, y: 10, width: 20, height: 20)
                addSubview(missing)
                NSLayoutConstraint.activate([
                    arrow.centerXAnchor.constraint(equalTo: centerXAnchor),
                    arrow.centerYAnchor.constraint(equalTo: centerYAnchor),
                ])
            }

            func beginRefreshing() {
                later.image = UIImage(named: "arrow.png")
            }

            func endRefreshing() {}
        }
        """

    /// A code-only 200 × 60 control at 2× (so the `@2x` files are the ones read); refreshing
    /// from 0.5 s to 1.5 s.
    static let spec = """
        {"canvas": {"width": 200, "height": 60, "scale": 2}, "program": {"swift": "ArrowView.swift"},
         "scenario": {"refreshAt": 0.5, "workDuration": 1}}
        """

    /// A PNG's size in pixels, read from its IHDR chunk (bytes 16–23, big-endian).
    static func pixelSize(_ path: String) throws -> (width: Int, height: Int) {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        func word(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (word(16), word(20))
    }

    static func views(_ directory: String, _ spec: String, at time: String) throws -> (
        views: [Int: [String: Any]], stderr: String
    ) {
        let r = try run(["state", spec, "--at", time], in: directory)
        try #require(r.status == 0, "\(r.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
        var views: [Int: [String: Any]] = [:]
        for view in json?["labels"] as? [[String: Any]] ?? [] { views[view["tag"] as? Int ?? 0] = view }
        return (views, r.stderr)
    }

    static let arrowFiles = repositoryRoot.appendingPathComponent("samples/arrow-spinner").path

    /// `arrow` is `arrow.png` (and its `@2x`, `@3x`) beside the spec: the arrow's frame is its
    /// `@2x` file's pixels over 2, centred by its constraints in the 200 × 60 control; `later`
    /// shows `arrow.png` from the refresh on; the missing image is named at its call.
    @Test func anImageViewMadeInCodeIsSizedByItsImageAndDrawsIt() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for name in ["arrow.png", "arrow@2x.png", "arrow@3x.png"] {
            try FileManager.default.copyItem(atPath: Self.arrowFiles + "/" + name, toPath: dir + "/" + name)
        }
        try Self.code.write(toFile: dir + "/ArrowView.swift", atomically: true, encoding: .utf8)
        try Self.spec.write(toFile: dir + "/refresh.json", atomically: true, encoding: .utf8)
        let (w, h) = try Self.pixelSize(dir + "/arrow@2x.png")
        let size = (Double(w) / 2, Double(h) / 2)
        let expected = [(200 - size.0) / 2, (60 - size.1) / 2, size.0, size.1]

        let before = try Self.views(dir, "refresh.json", at: "0.25")
        // The views the code made, after the driven view's own tags: the arrow, later, missing.
        let tags = before.views.keys.sorted()
        try #require(tags.count == 3, "\(before.views)")
        let (arrow, later, missing) = (tags[0], tags[1], tags[2])
        #expect(before.views[arrow]?["frame"] as? [Double] == expected)
        #expect(before.views[arrow]?["image"] as? String == "arrow")
        #expect(before.views[later]?["image"] == nil)
        #expect(before.views[missing]?["image"] == nil)
        #expect(
            before.stderr.contains(
                "ArrowView.swift:6:38: warning: UIImage(named: \"no-such-image\") finds no image (image 'no-such-image' names an asset, but the spec has no asset catalogs (\"assets\") and no file 'no-such-image.png' is beside the spec"
            ), "\(before.stderr)")
        #expect(before.stderr.contains("it is nil, as UIKit's is, and nothing is drawn for it"), "\(before.stderr)")

        let after = try Self.views(dir, "refresh.json", at: "1.0")
        #expect(after.views[later]?["image"] as? String == "arrow.png")
        #expect(after.views[later]?["frame"] as? [Double] == [10, 10, 40, 40])
        #expect(after.views[arrow]?["frame"] as? [Double] == expected)
    }

    /// Nothing beside the spec: the app's asset catalog elsewhere in its repository holds the
    /// imageset (only a 2x entry), as Xcode would build it into the app's bundle.
    @Test func anImageOfTheAppsCatalogIsFoundAsItsBundleWould() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let set = dir + "/App/Assets.xcassets/arrow.imageset"
        for path in [dir + "/.git", set, dir + "/specs"] {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        }
        try FileManager.default.copyItem(atPath: Self.arrowFiles + "/arrow@2x.png", toPath: set + "/arrow@2x.png")
        try """
        {"images": [{"idiom": "universal", "scale": "2x", "filename": "arrow@2x.png"}], "info": {"version": 1, "author": "xcode"}}
        """.write(toFile: set + "/Contents.json", atomically: true, encoding: .utf8)
        let code = Self.code.replacingOccurrences(of: "\"no-such-image\"", with: "\"arrow\"")
        try code.write(toFile: dir + "/specs/ArrowView.swift", atomically: true, encoding: .utf8)
        try Self.spec.write(toFile: dir + "/specs/refresh.json", atomically: true, encoding: .utf8)
        let (w, h) = try Self.pixelSize(set + "/arrow@2x.png")
        let size = (Double(w) / 2, Double(h) / 2)

        let state = try Self.views(dir + "/specs", "refresh.json", at: "0.25")
        let tags = state.views.keys.sorted()
        try #require(tags.count == 3, "\(state.views)")
        #expect(state.views[tags[0]]?["frame"] as? [Double] == [(200 - size.0) / 2, (60 - size.1) / 2, size.0, size.1])
        #expect(state.views[tags[0]]?["image"] as? String == "arrow")
        #expect(!state.stderr.contains("finds no image"), "\(state.stderr)")
    }
}
