import Foundation
import RefreshFramesRaster
import RefreshFramesTestSupport
import Testing

/// `REFRESH_FRAMES_IOS_FONTS` names directories of iOS's own font files, which then draw and lay
/// out their families instead of the stand-ins. The files of Tests/Fixtures/ios-fonts are box fonts
/// made by its make-fonts.py under iOS family names (not Apple's fonts): 1000 units per em, ascender
/// 900, descender 300 (line height 1.2 em); H 600, i 250, space 300 units wide in Helvetica Neue
/// Regular, H 700 and i 300 in its Bold, H 550 in SF UI Text and 500 in SF UI Display; PingFang.ttc
/// holds PingFang TC (face 0, H 400) and PingFang SC (face 1, H 450).
struct IOSFontFilesTests {
    static let fonts = repositoryRoot.appendingPathComponent("Tests/Fixtures/ios-fonts").path

    static let spec = """
        {"canvas": {"width": 200, "height": 60},
         "views": [
           {"tag": 1, "text": "HHi H", "font": {"family": "Helvetica Neue", "size": 10}},
           {"tag": 2, "text": "HHi", "font": {"family": "HelveticaNeue-Bold", "size": 10}},
           {"tag": 3, "text": "HH", "font": {"family": "System", "size": 10}},
           {"tag": 4, "text": "HH", "font": {"family": "System", "size": 20}}],
         "constraints": ["1.left == superview.left", "1.top == superview.top", "2.left == superview.left",
           "2.top == 1.bottom", "3.left == superview.left + 100", "3.top == superview.top",
           "4.left == superview.left + 100", "4.top == 3.bottom"],
         "scenario": {"refreshAt": 0, "workDuration": 1}}
        """

    static func specFile() throws -> String {
        let dir = try temporaryDirectory()
        try spec.write(toFile: dir + "/fonts.json", atomically: true, encoding: .utf8)
        return dir + "/fonts.json"
    }

    static func frames(_ spec: String, environment: [String: String]) throws -> [Int: [Double]] {
        let result = try run(["state", spec, "--at", "0"], environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        var frames: [Int: [Double]] = [:]
        for label in object?["labels"] as? [[String: Any]] ?? [] {
            if let tag = label["tag"] as? Int, let frame = label["frame"] as? [Double] { frames[tag] = frame }
        }
        return frames
    }

    /// Widths are the files' advances × size / 1000, heights 1.2 × size: "HHi H" 600 + 600 + 250 +
    /// 300 + 600 → 23.5 pt; bold "HHi" 700 + 700 + 300 → 17; System at 10 pt takes SF UI Text (2 × 550
    /// → 11), at 20 pt SF UI Display (2 × 500 × 2 → 20). The stand-ins give other widths.
    @Test func theFilesAdvancesAndLineHeightsLayTheLabelsOut() throws {
        let spec = try Self.specFile()
        let real = try Self.frames(spec, environment: ["REFRESH_FRAMES_IOS_FONTS": Self.fonts])
        #expect(real[1] == [0, 0, 23.5, 12])
        #expect(real[2] == [0, 12, 17, 12])
        #expect(real[3] == [100, 0, 11, 12])
        #expect(real[4] == [100, 12, 20, 24])
        let standIns = try Self.frames(spec, environment: [:])
        #expect(standIns[1]?[2] != 23.5 && standIns[3]?[2] != 11)
    }

    /// The first H of label 1 is a box from 100 to 500 units (1 to 5 px at 1×) and from 700 units
    /// above the baseline (at the ascender, 9 px from the label's top) to it: rows 2 to 8.
    @Test func theFilesGlyphsAreDrawn() throws {
        let spec = try Self.specFile()
        let png = (spec as NSString).deletingLastPathComponent + "/f.png"
        let result = try run(
            ["render", spec, "--only", "control", "--at", "0", "--scale", "1", "-o", png],
            environment: ["REFRESH_FRAMES_IOS_FONTS": Self.fonts])
        #expect(result.status == 0, "\(result.stderr)")
        let image = try PNGCodec.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: png))))
        func dark(_ x: Int, _ y: Int) -> Bool { image[x, y].red < 60 }
        for y in 2...8 {
            #expect((1...4).allSatisfy { dark($0, y) }, "row \(y)")
            #expect(!dark(0, y) && !dark(5, y), "row \(y)")
        }
        #expect(!(0...5).contains { dark($0, 1) } && !(0...5).contains { dark($0, 9) })
    }

    /// A collection's faces lay out and draw by their index: PingFang SC is face 1 of PingFang.ttc,
    /// "HH" 2 × 450 units → 9 pt, its H's box 100 to 350 units (1 to 3.5 px: column 3 half
    /// covered); PingFang TC, face 0, 8 pt, its box 1 to 3 px (column 53, at x 50, clear).
    @Test func aCollectionsFacesAreDrawnByTheirIndex() throws {
        let dir = try temporaryDirectory()
        try """
        {"canvas": {"width": 100, "height": 30},
         "views": [{"tag": 1, "text": "HH", "font": {"family": "PingFang SC", "size": 10}},
                   {"tag": 2, "text": "HH", "font": {"family": "PingFang TC", "size": 10}}],
         "constraints": ["1.left == superview.left", "1.top == superview.top",
                         "2.left == superview.left + 50", "2.top == superview.top"],
         "scenario": {"refreshAt": 0, "workDuration": 1}}
        """.write(toFile: dir + "/pf.json", atomically: true, encoding: .utf8)
        let environment = ["REFRESH_FRAMES_IOS_FONTS": Self.fonts]
        let frames = try Self.frames(dir + "/pf.json", environment: environment)
        #expect(frames[1] == [0, 0, 9, 12] && frames[2] == [50, 0, 8, 12])
        let result = try run(
            ["render", dir + "/pf.json", "--only", "control", "--at", "0", "--scale", "1", "-o", dir + "/pf.png"],
            environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        let image = try PNGCodec.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: dir + "/pf.png"))))
        for y in 2...8 {
            #expect(image[1, y].red < 60 && image[2, y].red < 60 && image[51, y].red < 60 && image[52, y].red < 60)
            #expect((60...200).contains(image[3, y].red), "row \(y): \(image[3, y].red)")
            #expect(image[53, y].red > 200, "row \(y)")
        }
    }

    @Test func validateNamesTheFileThatDrawsEachFont() throws {
        let spec = try Self.specFile()
        let result = try run(["validate", spec], environment: ["REFRESH_FRAMES_IOS_FONTS": Self.fonts])
        #expect(result.status == 0)
        let tail = ": its line height and advance widths"
        #expect(
            result.stderr.split(separator: "\n").map(String.init) == [
                "\(spec): note: font 'Helvetica Neue' is drawn with 'Helvetica Neue Regular'; from iOS's own font file \(Self.fonts)/HelveticaNeue-Regular.ttf\(tail)",
                "\(spec): note: font 'HelveticaNeue-Bold' is drawn with 'Helvetica Neue Bold'; from iOS's own font file \(Self.fonts)/HelveticaNeue-Bold.ttf\(tail)",
                "\(spec): note: font 'System' is drawn with 'SF UI Text Regular'; from iOS's own font file \(Self.fonts)/SFUIText-Regular.ttf\(tail)",
                "\(spec): note: font 'System' is drawn with 'SF UI Display Regular'; from iOS's own font file \(Self.fonts)/SFUIDisplay-Regular.ttf\(tail)",
            ])
    }

    /// import lays a xib's labels out with the files too, and its note says which file drew them.
    @Test func importNamesTheFileThatDrawsEachFont() throws {
        let dir = try temporaryDirectory()
        let xib = try String(
            contentsOf: repositoryRoot.appendingPathComponent(
                "Tests/RefreshFramesImportTests/Fixtures/tagged-labels.xib"),
            encoding: .utf8)
        try xib.replacingOccurrences(of: #"name="Avenir-Book" family="Avenir""#, with: #"name="HelveticaNeue""#)
            .write(toFile: dir + "/hn.xib", atomically: true, encoding: .utf8)
        let result = try run(
            ["import", dir + "/hn.xib", "-o", dir + "/hn.json"], environment: ["REFRESH_FRAMES_IOS_FONTS": Self.fonts])
        #expect(result.status == 0)
        #expect(
            result.stderr.hasPrefix(
                "\(dir)/hn.xib: note: font 'HelveticaNeue' is drawn with 'Helvetica Neue Regular'; from iOS's own font file \(Self.fonts)/HelveticaNeue-Regular.ttf: its line height and advance widths\n"
            ), "\(result.stderr)")
    }

    @Test func aNameThatIsNoDirectoryIsBadInputAndADirectoryWithoutIOSFontsIsSaid() throws {
        let spec = try Self.specFile()
        let missing = try run(["validate", spec], environment: ["REFRESH_FRAMES_IOS_FONTS": "/nonexistent-fonts"])
        #expect(missing.status == 2)
        #expect(
            missing.stderr
                == "REFRESH_FRAMES_IOS_FONTS: error: '/nonexistent-fonts' is not a directory; expected directories of iOS font files, separated by ':'\n"
        )
        let empty = try temporaryDirectory()
        let none = try run(["validate", spec], environment: ["REFRESH_FRAMES_IOS_FONTS": empty])
        #expect(none.status == 0)
        #expect(
            none.stderr.hasPrefix(
                "REFRESH_FRAMES_IOS_FONTS: warning: no iOS font file (SF Pro/SF UI, Helvetica Neue, PingFang…) in '\(empty)': the stand-ins draw\n"
            ))
        #expect(none.stderr.contains("advance widths the stand-in's"))
    }
}
