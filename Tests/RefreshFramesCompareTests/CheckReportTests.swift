import Foundation
import RefreshFramesCompare
import RefreshFramesCore
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

@Suite struct CheckReportTests {
    static let failingFrame = CheckResult(
        name: "frame 12", time: 0.4,
        outcome: CheckOutcome(
            passed: false,
            message: PixelDifference.compared(
                PixelStatistics(
                    pixelCount: 90000, differingPixelCount: 360, antialiasedPixelCount: 0, maxDelta: 37,
                    bounds: PixelRect(x: 0, y: 0, width: 20, height: 18),
                    tolerance: PixelTolerance(maxDifferingFraction: 0.001))
            ).summary),
        actualPath: "actual/frame 012.png", goldenPath: "goldens/frame-012.png", diffPath: "diff/frame-012.png")

    static func report() -> CheckReport {
        CheckReport(
            suiteName: "marquee <&\"> suite",
            results: [
                CheckResult(
                    name: "frame 11", time: 0.36666, passed: true,
                    message: "0% of pixels differ, max Δ 0, tolerance 0.1%"),
                failingFrame,
                CheckResult(
                    name: "state", time: 0.3, kind: .state, passed: false,
                    message: "tag 3: text \"<b>&</b>\" at 0.30 s, golden none"),
            ])
    }

    @Test func consoleLinesAreExact() {
        #expect(Self.failingFrame.line == "frame 12 (t=0.40s): 0.4% of pixels differ, max Δ 37, tolerance 0.1%")
        #expect(
            Self.report().consoleLines() == [
                "frame 12 (t=0.40s): 0.4% of pixels differ, max Δ 37, tolerance 0.1%",
                "state (t=0.30s): tag 3: text \"<b>&</b>\" at 0.30 s, golden none",
                "1 passed, 2 failed",
            ])
        #expect(
            Self.report().consoleLines(includePassing: true).first
                == "frame 11 (t=0.37s): 0% of pixels differ, max Δ 0, tolerance 0.1%")
    }

    @Test func recordingIsReportedLoudly() {
        let report = CheckReport(
            suiteName: "s",
            results: [
                CheckResult(
                    name: "frame 0", time: 0, passed: true, recorded: true, message: "recorded", goldenPath: "g/f0.png")
            ])
        #expect(
            report.consoleLines() == [
                "frame 0 (t=0.00s): RECORDED new golden 'g/f0.png'", "1 passed, 0 failed, 1 recorded",
            ])
    }

    @Test func fontHintOnlyWhenPixelsFailAndFontsDiffer() {
        var report = Self.report()
        report.goldenFonts = [
            FontFingerprint(file: "wqy-microhei.ttc", hash: "1a2b3c4d5e6f7a8b"),
            FontFingerprint(file: "Old.ttf", hash: "00"),
        ]
        report.currentFonts = [FontFingerprint(file: "wqy-microhei.ttc", hash: "9f8e7d6c5b4a3f2e")]
        #expect(
            report.fontHint
                == "fonts differ from the goldens' manifest (Old.ttf no longer used, wqy-microhei.ttc 1a2b3c4d5e6f → 9f8e7d6c5b4a): "
                + "re-record or install the same fonts; this is the likely cause")
        #expect(report.consoleLines().count == 4)
        // The spec changed too: the hint names both, and blames neither alone.
        report.goldenSpecHash = "aaaaaaaaaaaaaaaa"
        report.currentSpecHash = "bbbbbbbbbbbbbbbb"
        #expect(
            report.fontHint
                == "both the spec (aaaaaaaaaaaa → bbbbbbbbbbbb) and the fonts (Old.ttf no longer used, wqy-microhei.ttc 1a2b3c4d5e6f → 9f8e7d6c5b4a) "
                + "changed since the goldens were recorded: either can cause these differences; "
                + "check the spec's change first, then re-record or install the same fonts")
        report.currentSpecHash = "aaaaaaaaaaaaaaaa"
        #expect(report.fontHint?.hasPrefix("fonts differ from the goldens' manifest") == true)
        report.currentFonts = report.goldenFonts
        #expect(report.fontHint == nil)
        report.currentFonts = []
        report.results.removeAll { $0.kind == .pixels && !$0.passed }
        #expect(report.fontHint == nil)
    }

    @Test func junitXMLParsesWithCountsAndEscaping() throws {
        final class Collector: NSObject, XMLParserDelegate {
            var attributes: [String: [[String: String]]] = [:]
            var failureText = ""
            var inFailure = false
            func parser(
                _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]
            ) {
                self.attributes[name, default: []].append(attributes)
                inFailure = name == "failure"
            }
            func parser(_ parser: XMLParser, foundCharacters string: String) {
                if inFailure { failureText += string }
            }
            func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?)
            {
                inFailure = false
            }
        }
        let xml = Self.report().junitXML()
        let parser = XMLParser(data: Data(xml.utf8))
        let collector = Collector()
        parser.delegate = collector
        #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")\n\(xml)")
        let suite = try #require(collector.attributes["testsuite"]?.first)
        #expect(suite["name"] == "marquee <&\"> suite")
        #expect(suite["tests"] == "3")
        #expect(suite["failures"] == "2")
        #expect(
            collector.attributes["testcase"]?.map { $0["name"] ?? "" } == [
                "frame 11 (t=0.37s)", "frame 12 (t=0.40s)", "state (t=0.30s)",
            ])
        #expect(collector.attributes["testcase"]?[2]["classname"] == "marquee <&\"> suite.state")
        let failures = try #require(collector.attributes["failure"])
        #expect(
            failures.map { $0["message"] ?? "" } == [
                "0.4% of pixels differ, max Δ 37, tolerance 0.1%", "tag 3: text \"<b>&</b>\" at 0.30 s, golden none",
            ])
        #expect(collector.failureText.contains("diff: diff/frame-012.png"))
        #expect(!xml.contains("<b>"))
    }

    @Test func htmlShowsImagesSideBySideWithBlink() {
        let html = Self.report().html()
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        #expect(html.contains("<img src=\"goldens/frame-012.png\" alt=\"golden\">"))
        #expect(html.contains("<img src=\"actual/frame%20012.png\" alt=\"actual\">"))
        #expect(html.contains("<img src=\"diff/frame-012.png\" alt=\"diff\">"))
        #expect(
            html.contains(
                "<img class=\"under\" src=\"goldens/frame-012.png\" alt=\"golden\"><img class=\"top\" src=\"actual/frame%20012.png\" alt=\"actual\">"
            ))
        #expect(html.contains("tag 3: text &quot;&lt;b&gt;&amp;&lt;/b&gt;&quot;"))
        #expect(html.contains("<script>"))
        #expect(!html.contains("<b>&"))
    }
}
