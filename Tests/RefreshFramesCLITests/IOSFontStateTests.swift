import Foundation
import Testing

/// `state` lays labels in iOS fonts out with iOS's line heights, whatever draws their glyphs here.
struct IOSFontStateTests {
    /// The frames `state` reports, by tag: `[x, y, w, h]`.
    static func frames(_ spec: String) throws -> [Int: [Double]] {
        let result = try run(["state", spec, "--at", "0"])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        var frames: [Int: [Double]] = [:]
        for label in object?["labels"] as? [[String: Any]] ?? [] {
            if let tag = label["tag"] as? Int, let frame = label["frame"] as? [Double] { frames[tag] = frame }
        }
        return frames
    }

    /// 30DaysofSwift's Project 19: Interface Builder stores these frames for its twelve Avenir-Book 20 labels.
    @Test func thirtyDaysSwiftSolvesToInterfaceBuildersFrames() throws {
        let frames = try Self.frames(
            repositoryRoot.appendingPathComponent("Tests/Fixtures/thirty-days-swift.json").path)
        let edges = [25, 52, 79, 106.5, 133.5, 160.5, 187.5, 214.5, 241.5, 269, 296, 323, 350]
        for tag in 1...12 {
            #expect(frames[tag] == [edges[tag - 1], 16.5, edges[tag] - edges[tag - 1], 27.5], "tag \(tag)")
        }
    }

    static let heights: [(family: String, size: Double, height: Double)] = [
        ("System", 12, 14.5), ("System", 15, 18), ("System", 17, 20.5), ("System", 38, 45.5),
        ("Helvetica Neue", 16, 19.5), ("Helvetica Neue", 17, 20.5), ("Helvetica Neue", 24, 29),
        ("Avenir-Book", 17, 23.5), ("Avenir-Book", 20, 27.5), ("Avenir", 30, 41),
        ("Verdana", 12, 15), ("Verdana", 17, 21),
    ]

    @Test func labelsInIOSFontsHaveIOSsIntrinsicHeights() throws {
        let views = Self.heights.enumerated().map { index, row in
            #"{"tag": \#(index + 1), "text": "Ag", "font": {"family": "\#(row.family)", "size": \#(row.size)}}"#
        }
        let constraints = Self.heights.indices.flatMap {
            [#""\#($0 + 1).top == superview.top""#, #""\#($0 + 1).leading == superview.leading""#]
        }
        let spec = """
            {"canvas": {"width": 320, "height": 60}, "views": [\(views.joined(separator: ", "))],
             "constraints": [\(constraints.joined(separator: ", "))], "scenario": {"refreshAt": 0, "workDuration": 1}}
            """
        let dir = try temporaryDirectory()
        try spec.write(toFile: dir + "/heights.json", atomically: true, encoding: .utf8)
        let frames = try Self.frames(dir + "/heights.json")
        for (index, row) in Self.heights.enumerated() {
            #expect(frames[index + 1]?[3] == row.height, "\(row.family) \(row.size)")
        }
    }

    @Test func validateSaysWhatDrawsEachIOSFontAndWhereItsMetricsComeFrom() throws {
        let spec = repositoryRoot.appendingPathComponent("Tests/Fixtures/thirty-days-swift.json").path
        let result = try run(["validate", spec])
        #expect(result.status == 0)
        #expect(
            result.stderr
                == "\(spec): note: font 'Avenir-Book' is drawn with 'Inter Regular'; line height from iOS's metrics, advance widths the stand-in's\n"
        )
    }

    @Test func aFamilyWithoutKnownMetricsSaysSo() throws {
        let dir = try temporaryDirectory()
        try """
        {"canvas": {"width": 100, "height": 60}, "views": [{"tag": 1, "text": "中", "font": {"family": "PingFang SC", "weight": "semibold"}}],
         "constraints": ["1.centerX == superview.centerX", "1.centerY == superview.centerY"], "scenario": {"refreshAt": 0, "workDuration": 1}}
        """.write(toFile: dir + "/pingfang.json", atomically: true, encoding: .utf8)
        let result = try run(["validate", "pingfang.json"], in: dir)
        #expect(
            result.stderr
                == "pingfang.json: note: font 'PingFang SC semibold' is drawn with 'Noto Sans CJK SC Bold'; iOS's metrics for PingFang SC are not known here: line height and widths are the stand-in's\n"
        )
    }
}
