import Foundation
import Testing

@testable import RefreshFramesCore

/// The text with "|" where a line may break and "‖" where it must (UAX #14 opportunities).
private func marked(_ text: String) -> String {
    let scalars = Array(text.unicodeScalars)
    var out = scalars.isEmpty ? "" : String(scalars[0])
    for (scalar, opportunity) in zip(scalars.dropFirst(), LineBreaker.opportunities(scalars)) {
        switch opportunity {
        case .allowed: out += "|"
        case .mandatory: out += "‖"
        case .prohibited: break
        }
        out.unicodeScalars.append(scalar)
    }
    return out
}

/// Each case with the rule of UAX #14 that decides it.
@Test(arguments: [
    ("Hello world", "Hello |world"),  // LB18: break after spaces
    ("co-operate", "co-|operate"),  // LB21: × HY, then break after it
    ("a\u{00A0}b", "a\u{00A0}b"),  // LB12: GL (no-break space) ×
    ("$12.50 now", "$12.50 |now"),  // LB25: PR NU IS NU is one unit
    ("12.5% off", "12.5% |off"),  // LB25: NU … PO
    ("(abc) def", "(abc) |def"),  // LB14, LB13: nothing after OP, nothing before CP
    ("end.\nNext", "end.\n‖Next"),  // LB5: after LF, a mandatory break
    ("a\u{200B}b", "a\u{200B}|b"),  // LB8: ZW ÷
    ("say \"hi\" now", "say |\"hi\" |now"),  // LB19: × QU, QU ×
    ("e\u{0301}te", "e\u{0301}te"),  // LB9: a combining mark stays with its base
    ("🇫🇷🇩🇪", "🇫🇷|🇩🇪"),  // LB30a: regional indicators in pairs
    ("👍🏽ok", "👍🏽|ok"),  // LB30b: EB × EM
])
func uaxRules(_ text: String, _ expected: String) {
    #expect(marked(text) == expected)
}

/// Chinese and Japanese: a break between any two ideographs, but kinsoku's punctuation rules: no
/// closing mark (CL: 。，、」; CP-like fullwidth ）) starts a line, no opening mark (OP: （「) ends
/// one, and small kana (CJ, resolved to NS by LB1) stay with the syllable before.
@Test(arguments: [
    ("你好，世界。", "你|好，|世|界。"),
    ("（测试）文本", "（测|试）|文|本"),
    ("「引号」文本", "「引|号」|文|本"),
    ("你好、再见", "你|好、|再|见"),
    ("ちょっと待って", "ちょっ|と|待っ|て"),
    ("中文English混排", "中|文|English|混|排"),
    ("价格：¥100。", "价|格：|¥100。"),
])
func cjkBreaks(_ text: String, _ expected: String) {
    #expect(marked(text) == expected)
}

/// Every case of the Unicode Character Database's LineBreakTest.txt for the table's version
/// (Debian's unicode-data, installed by scripts/setup), with the number tailoring it uses.
@Test func unicodeLineBreakTest() throws {
    let path = "/usr/share/unicode/auxiliary/LineBreakTest.txt"
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
        print("LineBreakerTests: skipped unicodeLineBreakTest: \(path) is not installed (apt-get install unicode-data)")
        return
    }
    let version = try #require(text.split(separator: "\n").first)
    #expect(version.contains("15.0.0"), "the table is Unicode 15.0's; regenerate it for \(version)")
    var cases = 0
    var failures: [String] = []
    for line in text.split(separator: "\n") where !line.hasPrefix("#") {
        var scalars: [Unicode.Scalar] = []
        var expected: [LineBreaker.Opportunity] = []
        for token in line.prefix(while: { $0 != "#" }).split(whereSeparator: \.isWhitespace) {
            switch token {
            case "÷": if !scalars.isEmpty { expected.append(.allowed) }
            case "×": if !scalars.isEmpty { expected.append(.prohibited) }
            default: scalars.append(Unicode.Scalar(UInt32(token, radix: 16)!)!)
            }
        }
        expected.removeLast()  // LB3: the end of the text
        let found = LineBreaker.opportunities(scalars).map { $0 == .mandatory ? .allowed : $0 }
        cases += 1
        if found != expected { failures.append(String(line)) }
    }
    #expect(cases == 7654)
    #expect(failures.isEmpty, "\(failures.count) cases differ, the first: \(failures.first ?? "")")
}
