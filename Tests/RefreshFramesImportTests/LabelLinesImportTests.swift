import Foundation
import RefreshFramesCore
import Testing

@testable import RefreshFramesImport

/// Every Latin character half an em wide, a CJK one a whole em, with iOS's line height: the system
/// font at 17 pt is 20.287 pt per line (`UIFont.lineHeight`, IOSFont's table), so one line is 20.5 pt
/// high on the 2x grid and two are 41 (40.57 rounded up), as multi-line-labels.xib stores them.
private let halfEm = TextMeasurer { text, font in
    let ems = text.reduce(0.0) { sum, c in
        sum + ((c.unicodeScalars.first.map { (0x4E00...0x9FFF).contains($0.value) } ?? false) ? 1 : 0.5)
    }
    let metrics = font.iOS.flatMap { $0.font.metrics(weight: $0.weight) }
    return IntrinsicSize(width: ems * font.size, height: (metrics?.lineHeight ?? 1.2) * font.size)
}

@Suite struct LabelLinesImportTests {
    /// numberOfLines, lineBreakMode, preferredMaxLayoutWidth, adjustsFontSizeToFit and
    /// minimumScaleFactor become the spec's keys; the wrapped label's two lines move the view below
    /// it, and every frame matches the one written in the fixture.
    @Test func multiLineLabelsAreImportedAndLaidOutOnTheirLines() throws {
        let result = try XIBImporter.importDocument(
            fixture("multi-line-labels.xib"), fileName: "m.xib", animation: .none, measurer: halfEm)
        #expect(result.summary == "5 frames solved and match Interface Builder's")
        #expect(result.frameDifferences == [])
        #expect(!result.warnings.contains { $0.message.contains("numberOfLines") || $0.message.contains("hidden") })
        let spec = try Spec.decode(Array(result.specJSON.utf8))
        let wrapped = try #require(spec.view(tag: 1)).lines
        #expect(wrapped.numberOfLines == 0 && wrapped.lineBreakMode == .byWordWrapping)
        let shrinking = try #require(spec.view(tag: 4)).lines
        #expect(shrinking.adjustsFontSizeToFitWidth && shrinking.minimumScaleFactor == 0.5)
        let title = try #require(spec.view(tag: 5)).lines
        #expect(title.numberOfLines == 2 && title.lineBreakMode == .byTruncatingMiddle)
        #expect(title.preferredMaxLayoutWidth == 100)
        // hidden as hidden (not alpha 0): not drawn, but laid out as UIKit lays out a hidden view.
        let hidden = try #require(spec.view(tag: 3))
        #expect(hidden.isHidden && hidden.alpha == 1)
        let layout = try Timeline.make(spec: spec, now: 0, measurer: halfEm).layout
        #expect(layout.frame(tag: 1) == Rect(x: 16, y: 8, width: 180, height: 41))
        #expect(layout.frame(tag: 2) == Rect(x: 16, y: 53, width: 40, height: 10))
        #expect(layout.frame(tag: 5) == Rect(x: 250, y: 36.5, width: 100, height: 41))
    }

    @Test(arguments: [
        ("wordWrap", LineBreakMode.byWordWrapping), ("characterWrap", .byCharWrapping), ("clip", .byClipping),
        ("headTruncation", .byTruncatingHead), ("tailTruncation", .byTruncatingTail),
        ("middleTruncation", .byTruncatingMiddle),
    ])
    func lineBreakModes(_ ib: String, _ mode: LineBreakMode) throws {
        let xib = String(decoding: try fixture("multi-line-labels.xib"), as: UTF8.self)
            .replacingOccurrences(of: #"lineBreakMode="wordWrap""#, with: "lineBreakMode=\"\(ib)\"")
        let result = try XIBImporter.importDocument(
            Array(xib.utf8), fileName: "m.xib", animation: .none, measurer: halfEm)
        #expect(try Spec.decode(Array(result.specJSON.utf8)).view(tag: 1)?.lines.lineBreakMode == mode)
    }

    /// The iOS 6 attribute, as a factor of the font's size; an unknown mode is said.
    @Test func minimumFontSizeAndUnknownModes() throws {
        let xib = String(decoding: try fixture("multi-line-labels.xib"), as: UTF8.self)
            .replacingOccurrences(of: #"minimumScaleFactor="0.5""#, with: #"minimumFontSize="8.5""#)
            .replacingOccurrences(of: #"lineBreakMode="wordWrap""#, with: #"lineBreakMode="justify""#)
        let result = try XIBImporter.importDocument(
            Array(xib.utf8), fileName: "m.xib", animation: .none, measurer: halfEm)
        let spec = try Spec.decode(Array(result.specJSON.utf8))
        #expect(spec.view(tag: 4)?.lines.minimumScaleFactor == 0.5)
        #expect(
            result.warnings.map(\.message).contains(
                "lineBreakMode 'justify' is not one of UILabel's; using tailTruncation"))
    }
}
