import Foundation

extension CheckReport {
    /// A single static page that opens from disk: per failed check the golden, actual and diff
    /// images side by side plus a blink view that alternates golden and actual; image paths are
    /// used as given, so give them relative to where the page is written.
    public func html(title: String? = nil) -> String {
        let heading = htmlEscape(title ?? "\(suiteName): golden check")
        var out = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <title>\(heading)</title>
            <style>
            body { font: 14px system-ui, sans-serif; margin: 2em; color: #222; }
            .failed h2 { color: #b00020; } .recorded h2 { color: #a06000; }
            .hint { background: #fff4d6; padding: .5em 1em; }
            figure { display: inline-block; margin: 0 1em 1em 0; vertical-align: top; }
            img { image-rendering: pixelated; border: 1px solid #ccc; background: repeating-conic-gradient(#eee 0 25%, #fff 0 50%) 0 0 / 16px 16px; }
            pre { background: #f6f6f6; padding: .5em; overflow: auto; }
            </style>
            </head>
            <body>
            <h1>\(heading)</h1>
            <p>\(htmlEscape(totalsLine))</p>

            """
        if let fontHint { out += "<p class=\"hint\">\(htmlEscape(fontHint))</p>\n" }
        for result in results where !result.passed || result.recorded {
            out += "<section class=\"\(result.passed ? "recorded" : "failed")\">\n"
            out +=
                "<h2>\(htmlEscape(result.title))</h2>\n<p>\(htmlEscape(result.recorded ? "recorded new golden" : result.message))</p>\n"
            let images: [(String, String?)] = [
                ("golden", result.goldenPath), ("actual", result.actualPath), ("diff", result.diffPath),
            ]
            if images.contains(where: { $0.1 != nil }) {
                out += "<div>\n"
                for case (let label, let path?) in images {
                    out +=
                        "<figure><img src=\"\(htmlEscape(urlPath(path)))\" alt=\"\(label)\"><figcaption>\(label)</figcaption></figure>\n"
                }
                if let golden = result.goldenPath, let actual = result.actualPath {
                    let g = htmlEscape(urlPath(golden))
                    let a = htmlEscape(urlPath(actual))
                    out +=
                        "<figure class=\"blink\"><img src=\"\(g)\" data-golden=\"\(g)\" data-actual=\"\(a)\" alt=\"blink\">"
                    out +=
                        "<figcaption><button type=\"button\">blink</button> <span>golden</span></figcaption></figure>\n"
                }
                out += "</div>\n"
            }
            if let details = result.details { out += "<pre>\(htmlEscape(details))</pre>\n" }
            out += "</section>\n"
        }
        let passing = results.filter { $0.passed && !$0.recorded }
        if !passing.isEmpty {
            out += "<details><summary>\(passing.count) passed</summary>\n<ul>\n"
            for result in passing { out += "<li>\(htmlEscape(result.line))</li>\n" }
            out += "</ul></details>\n"
        }
        out += """
            <script>
            document.querySelectorAll('.blink').forEach(function (f) {
              var img = f.querySelector('img'), label = f.querySelector('span'), timer = null;
              f.querySelector('button').onclick = function () {
                if (timer) { clearInterval(timer); timer = null; return; }
                timer = setInterval(function () {
                  var showGolden = img.getAttribute('src') !== img.dataset.golden;
                  img.src = showGolden ? img.dataset.golden : img.dataset.actual;
                  label.textContent = showGolden ? 'golden' : 'actual';
                }, 500);
              };
            });
            </script>
            </body>
            </html>

            """
        return out
    }
}

func htmlEscape(_ text: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "&": out += "&amp;"
        case "<": out += "&lt;"
        case ">": out += "&gt;"
        case "\"": out += "&quot;"
        case "'": out += "&#39;"
        default: out.unicodeScalars.append(scalar)
        }
    }
    return out
}

/// A file path as a relative URL: every byte outside the unreserved set and `/` percent-encoded.
func urlPath(_ path: String) -> String {
    var out = ""
    for byte in path.utf8 {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."),
            UInt8(ascii: "~"), UInt8(ascii: "/"):
            out.unicodeScalars.append(Unicode.Scalar(byte))
        default:
            let hex = String(byte, radix: 16, uppercase: true)
            out += "%" + (hex.count == 1 ? "0" + hex : hex)
        }
    }
    return out
}

extension CheckReport {
    /// The report with every image path relative to `directory`, where its page is written.
    public func relativized(to directory: String) -> CheckReport {
        let base = URL(fileURLWithPath: directory).standardizedFileURL.pathComponents
        func relative(_ path: String?) -> String? {
            guard let path else { return nil }
            let target = URL(fileURLWithPath: path).standardizedFileURL.pathComponents
            var common = 0
            while common < min(target.count, base.count) && target[common] == base[common] { common += 1 }
            return (Array(repeating: "..", count: base.count - common) + target[common...]).joined(separator: "/")
        }
        var copy = self
        copy.results = results.map { r in
            var r = r
            r.actualPath = relative(r.actualPath)
            r.goldenPath = relative(r.goldenPath)
            r.diffPath = relative(r.diffPath)
            return r
        }
        return copy
    }
}
