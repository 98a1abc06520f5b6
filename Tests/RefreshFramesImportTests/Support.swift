import Foundation
import RefreshFramesCore

@testable import RefreshFramesImport

/// The fixtures directory next to this file.
let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

func fixture(_ name: String) throws -> [UInt8] {
    Array(try Data(contentsOf: fixtures.appendingPathComponent(name)))
}

/// The 1-based line of the first line of a fixture that contains `text`.
func line(of text: String, in name: String) throws -> Int {
    let lines = String(decoding: try fixture(name), as: UTF8.self).split(
        separator: "\n", omittingEmptySubsequences: false)
    guard let index = lines.firstIndex(where: { $0.contains(text) }) else {
        throw FixtureError(message: "'\(text)' is not in \(name)")
    }
    return index + 1
}

struct FixtureError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

/// WenQuanYi Micro Hei's metrics as FreeType reports them for wqy-microhei.ttc (units per em 2048,
/// height 2401), so the tests measure as `FontBook` does without loading fonts. Unknown characters throw.
let wenQuanYi = TextMeasurer { text, font in
    let advances: [Character: Double] = [
        "H": 1436.0 / 2048, "i": 530.0 / 2048, "d": 1200.0 / 2048, "e": 1096.0 / 2048, "n": 1206.0 / 2048,
        "B": 1272.0 / 2048, "u": 1206.0 / 2048, "t": 694.0 / 2048, "o": 1182.0 / 2048, "G": 1413.0 / 2048,
    ]
    var width = 0.0
    for character in text {
        if let advance = advances[character] {
            width += advance
        } else if let scalar = character.unicodeScalars.first, (0x4E00...0x9FFF).contains(scalar.value) {
            width += 1
        } else {
            throw FixtureError(message: "the test measurer has no advance for '\(character)'")
        }
    }
    return IntrinsicSize(width: width * font.size, height: 2401.0 / 2048 * font.size)
}

/// `wenQuanYi`'s widths with iOS's line height for iOS families, as `FontBook` measures them.
let iOSMetrics = TextMeasurer { text, font in
    var size = try wenQuanYi.measure(text, font)
    if let iOS = font.iOS, let metrics = iOS.font.metrics(weight: iOS.weight) {
        size.height = metrics.lineHeight * font.size
    }
    return size
}

func importFixture(
    _ name: String, animation: ImportAnimation = .rotateScale,
    installed: Set<String> = ["WenQuanYi Micro Hei", "DejaVu Sans"]
) throws -> ImportResult {
    try XIBImporter.importDocument(
        fixture(name), fileName: name, animation: animation, measurer: wenQuanYi,
        isFontInstalled: { installed.contains($0) })
}
