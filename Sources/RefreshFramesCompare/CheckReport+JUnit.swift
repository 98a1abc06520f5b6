import Foundation
import RefreshFramesCore

extension CheckReport {
    /// JUnit XML as CI servers read it: one `<testsuite>`, one `<testcase>` per check, a
    /// `<failure>` with the one-line message and the details for each failed check.
    package func junitXML() -> String {
        let suite = xmlEscape(suiteName)
        let total = formatFixed(totalSeconds, decimals: 3)
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out +=
            "<testsuites name=\"\(suite)\" tests=\"\(results.count)\" failures=\"\(failedCount)\" errors=\"0\" time=\"\(total)\">\n"
        return out + junitTestSuite() + "</testsuites>\n"
    }

    /// This report's `<testsuite>` element, indented to sit in `<testsuites>`.
    package func junitTestSuite() -> String {
        let suite = xmlEscape(suiteName)
        let total = formatFixed(totalSeconds, decimals: 3)
        var out =
            "  <testsuite name=\"\(suite)\" tests=\"\(results.count)\" failures=\"\(failedCount)\" errors=\"0\" skipped=\"0\" time=\"\(total)\">\n"
        for result in results {
            let open =
                "    <testcase name=\"\(xmlEscape(result.title))\" classname=\"\(xmlEscape(suiteName + "." + result.kind.rawValue))\" time=\"\(formatFixed(result.duration, decimals: 3))\""
            if result.passed && !result.recorded {
                out += open + "/>\n"
                continue
            }
            out += open + ">\n"
            if result.passed {
                out += "      <system-out>\(xmlEscape(result.line))</system-out>\n"
            } else {
                var body = specChangeLines + [result.line]
                if let details = result.details { body.append(details) }
                if let path = result.goldenPath { body.append("golden: \(path)") }
                if let path = result.actualPath { body.append("actual: \(path)") }
                if let path = result.diffPath { body.append("diff: \(path)") }
                if result.kind == .pixels, let fontHint { body.append(fontHint) }
                if result.kind == .pixels, let imageHint { body.append(imageHint) }
                if let sourceHint { body.append(sourceHint) }
                out +=
                    "      <failure message=\"\(xmlEscape(junitMessage(result)))\" type=\"\(result.kind.rawValue) mismatch\">"
                out += xmlEscape(body.joined(separator: "\n")) + "</failure>\n"
            }
            out += "    </testcase>\n"
        }
        out += "  </testsuite>\n"
        return out
    }

    /// A failure's one-line message: what changed in the spec (when known), then what that did.
    func junitMessage(_ result: CheckResult) -> String {
        guard !specChanges.isEmpty else { return result.message }
        return "spec changed: " + specChanges.joined(separator: "; ") + " — " + result.message
    }

    /// The seconds every check took, for JUnit's `time`.
    package var totalSeconds: Double { results.reduce(0) { $0 + $1.duration } }
}

/// Escapes text for XML and HTML content and attribute values alike; characters XML 1.0 cannot hold become U+FFFD.
func xmlEscape(_ text: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "&": out += "&amp;"
        case "<": out += "&lt;"
        case ">": out += "&gt;"
        case "\"": out += "&quot;"
        case "'": out += "&apos;"
        case "\n": out += "&#10;"
        case "\r": out += "&#13;"
        case "\t": out += "&#9;"
        default:
            let v = scalar.value
            if v < 0x20 || v == 0xFFFE || v == 0xFFFF {
                out += "\u{FFFD}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
    }
    return out
}
