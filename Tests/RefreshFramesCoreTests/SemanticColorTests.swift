import Testing

@testable import RefreshFramesCore

/// iOS's semantic colours resolve for the spec's appearance, which `--appearance` overrides; the
/// dark appearance's defaults are the semantic colours UIKit gives.
struct SemanticColorTests {
    static let json = minimalSpec(
        views:
            #"[{"tag": 1, "text": "我", "textColor": "secondaryLabel", "backgroundColor": "systemBlue"}, {"tag": 2, "text": "你"}]"#,
        constraints:
            #"["1.centerX == superview.centerX", "1.centerY == superview.centerY", "2.top == 1.bottom", "2.centerX == 1.centerX"]"#
    )

    static let cases: [(own: String?, asked: Appearance?, resolved: Appearance)] = [
        (nil, nil, .light), (nil, .dark, .dark), ("dark", nil, .dark), ("dark", .light, .light),
    ]

    @Test(arguments: 0..<cases.count)
    func colorsResolveForTheAppearance(k: Int) throws {
        let (own, asked, resolved) = Self.cases[k]
        let json = own.map { "{\"appearance\": \"\($0)\"," + Self.json.dropFirst() } ?? Self.json
        let spec = try SpecDecoder().decode(
            ValueReader(node: try JSONParser.parse(Array(json.utf8)), path: ""), appearance: asked)
        #expect(spec.appearance == resolved)
        let dark = resolved == .dark
        #expect(spec.views[0].textColor.hexString == (dark ? "#EBEBF599" : "#3C3C4399"))
        #expect(spec.views[0].backgroundColor.hexString == (dark ? "#0A84FFFF" : "#007AFFFF"))
        // Defaults: a label's colour is `label`, the canvas `systemBackground`.
        #expect(spec.views[1].textColor.hexString == (dark ? "#FFFFFFFF" : "#000000FF"))
        #expect(spec.canvas.background.hexString == (dark ? "#000000FF" : "#FFFFFFFF"))
    }

    @Test func everyNameResolvesInBothAppearancesAndIsNoUIKitName() {
        #expect(Set(SemanticColor.names).count == SemanticColor.all.count)
        for name in SemanticColor.names {
            #expect(RGBA.named[name] == nil, "\(name) shadows a UIKit name")
            #expect(RGBA(parsing: name, appearance: .dark) == SemanticColor.resolve(name, .dark))
        }
    }

    @Test func aMisspeltSemanticColorIsNamed() {
        let json = minimalSpec(views: #"[{"tag": 1, "text": "我", "textColor": "secondaryLable"}]"#)
        #expect(throws: SpecDiagnostic.self) { try Spec.decode(Array(json.utf8)) }
        do {
            _ = try Spec.decode(Array(json.utf8))
        } catch {
            #expect(error.message.hasSuffix("did you mean 'secondaryLabel'?"))
        }
    }
}

/// A Display P3 colour shown in sRGB (an asset catalog's `display-p3` colorset).
@Suite struct DisplayP3Tests {
    @Test func sRGBsRedWrittenInDisplayP3IsRedAgain() {
        // sRGB (1, 0, 0) is Display P3 (0.9175, 0.2003, 0.1386).
        let c = RGBA.fromDisplayP3(red: 0.9175, green: 0.2003, blue: 0.1386, alpha: 1)
        #expect(abs(c.red - 1) < 0.002 && c.green < 0.002 && c.blue < 0.002, "\(c)")
        // A grey is the same grey; what lies outside sRGB is clipped.
        let grey = RGBA.fromDisplayP3(red: 0.5, green: 0.5, blue: 0.5, alpha: 0.5)
        #expect(abs(grey.red - 0.5) < 1e-6 && abs(grey.blue - 0.5) < 1e-6 && grey.alpha == 0.5)
        let red = RGBA.fromDisplayP3(red: 1, green: 0, blue: 0, alpha: 1)
        #expect(abs(red.red - 1) < 1e-9 && red.green == 0 && red.blue == 0, "P3's red, clipped: \(red)")
    }
}
