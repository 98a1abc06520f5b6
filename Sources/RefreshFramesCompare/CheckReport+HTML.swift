import Foundation
import RefreshFramesCore

extension CheckReport {
    /// A single static page that opens from disk. Per failed frame: golden, actual and diff side by
    /// side (three columns at any width), and one comparison view with swipe, onion skin and blink
    /// modes and a zoom to the changed region; per failed text golden, its diff coloured; next and
    /// previous failure (buttons, `j`/`k`); thumbnails of the frames that passed. Image paths are
    /// used as given: `ReportFiles` copies the images beside the page and passes those paths.
    package func html(title: String? = nil) -> String {
        Self.htmlPage(heading: title ?? "\(suiteName): golden check", totals: totalsLine, body: htmlSections())
    }

    /// A page around `body`: the styles, the navigation bar with `totals`, and the viewers' script.
    static func htmlPage(heading: String, totals: String, body: String) -> String {
        let heading = xmlEscape(heading)
        let out = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(heading)</title>
            <style>
            * { box-sizing: border-box; }
            body { font: 14px system-ui, sans-serif; margin: 0 auto; padding: 1em 2em; color: #222; max-width: 100%; }
            nav { position: sticky; top: 0; background: #fff; padding: .5em 0; border-bottom: 1px solid #ddd; z-index: 1; }
            .failed h2 { color: #b00020; } .recorded h2 { color: #a06000; }
            .hint { background: #fff4d6; padding: .5em 1em; }
            .triple { display: grid; grid-template-columns: repeat(3, minmax(0, 1fr)); gap: 1em; }
            figure { margin: 0; min-width: 0; } figcaption { font-size: 12px; color: #555; }
            img { max-width: 100%; height: auto; display: block; image-rendering: pixelated; border: 1px solid #ccc; background: repeating-conic-gradient(#eee 0 25%, #fff 0 50%) 0 0 / 16px 16px; }
            .crop { display: block; position: relative; overflow: hidden; border: 1px solid #ccc; max-width: 100%; }
            .crop img { position: absolute; max-width: none; height: auto; border: 0; }
            section.check { margin: .5em 0; } section.check h2, section.check > p { display: inline; font-size: 1em; margin: 0 .5em 0 0; }
            section.check .triple { margin-top: .3em; }
            .flip .pair { display: grid; grid-template-columns: repeat(2, minmax(0, 1fr)); gap: 1em; max-width: 100%; }
            .flip h2 { font-size: 1.1em; margin: .5em 0 .3em; }
            details summary { cursor: pointer; color: #0550ae; }
            .compare { position: relative; display: inline-block; max-width: 100%; margin-top: 1em; overflow: hidden; }
            .compare img.top { position: absolute; left: 0; top: 0; width: 100%; }
            .compare .stage { position: relative; transform-origin: 0 0; }
            .thumbs img { height: 64px; width: auto; display: inline-block; margin: 0 .5em .5em 0; }
            pre { background: #f6f6f6; padding: .5em; margin: .3em 0; overflow: auto; max-width: 100%; white-space: pre-wrap; word-break: break-all; }
            .add { background: #e6ffec; color: #116329; } .del { background: #ffebe9; color: #82071e; }
            .hunk { color: #0550ae; }
            h1 { font-size: 1.3em; margin: .6em 0 .2em; } h2 { font-size: 1.1em; margin: .5em 0 .2em; } p { margin: .3em 0; }
            </style>
            </head>
            <body>
            <nav><strong>\(heading)</strong> · \(xmlEscape(totals))
            <button type="button" id="prev">previous failure</button> <button type="button" id="next">next failure</button> <span id="where"></span></nav>

            """
        return out + body + Self.script + "</body>\n</html>\n"
    }

    /// The spec's changes, the hints, the animated before/after of the failing frames, a section per
    /// failed or recorded check (ids `check-N`, after `idPrefix`), the passed ones folded.
    func htmlSections(idPrefix: String = "") -> String {
        var out = ""
        if !specChangeLines.isEmpty {
            out += "<section class=\"spec-changes\">\n<h2>\(xmlEscape(Self.specChangesHeading))</h2>\n<ul>\n"
            for change in specChanges { out += "<li><code>\(xmlEscape(change))</code></li>\n" }
            out += "</ul>\n</section>\n"
        }
        if let fontHint { out += "<p class=\"hint\">\(xmlEscape(fontHint))</p>\n" }
        if let imageHint { out += "<p class=\"hint\">\(xmlEscape(imageHint))</p>\n" }
        if let sourceHint { out += "<p class=\"hint\">\(xmlEscape(sourceHint))</p>\n" }
        out += beforeAfter()
        for (index, result) in results.enumerated() where !result.passed || result.recorded {
            out +=
                "<section id=\"\(idPrefix)check-\(index)\" class=\"\(result.passed ? "recorded" : "failed") check\">\n"
            out +=
                "<h2>\(xmlEscape(result.title))</h2>\n<p>\(xmlEscape(result.recorded ? "recorded new golden" : result.message))</p>\n"
            if result.kind == .pixels {
                out += pixelViews(result)
            }
            // A pixel check's counts are with its whole-frame views; details that say no more than the message are not repeated.
            if result.kind != .pixels || result.actualPath == nil, let details = result.details,
                details != result.message
            {
                let lines = details.split(separator: "\n", omittingEmptySubsequences: false).count
                // A text dump's diff is folded (its first line is in the message); a short list is shown.
                out +=
                    result.kind == .text || lines > Self.shownDetailLines
                    ? "<details><summary>\(lines) lines</summary><pre>\(coloredDiff(details))</pre></details>\n"
                    : "<pre>\(coloredDiff(details))</pre>\n"
            }
            out += "</section>\n"
        }
        let passing = results.filter { $0.passed && !$0.recorded }
        if !passing.isEmpty {
            out += "<details class=\"passed\"><summary>\(passing.count) passed</summary>\n"
            let thumbnails = passing.filter { $0.kind == .pixels && $0.goldenPath != nil }
            if !thumbnails.isEmpty {
                out += "<div class=\"thumbs\">\n"
                for result in thumbnails {
                    let src = xmlEscape(urlPath(result.goldenPath!))
                    out +=
                        "<a href=\"\(src)\" title=\"\(xmlEscape(result.title))\"><img src=\"\(src)\" alt=\"\(xmlEscape(result.title))\"></a>"
                }
                out += "\n</div>\n"
            }
            out += "<ul>\n"
            for result in passing { out += "<li>\(xmlEscape(result.line))</li>\n" }
            out += "</ul>\n</details>\n"
        }
        return out
    }

    /// How many lines of a check's details the page shows unfolded.
    static let shownDetailLines = 8

    private func pixelViews(_ result: CheckResult) -> String {
        let images: [(String, String?)] = [
            ("golden", result.goldenPath), ("actual", result.actualPath), ("diff", result.diffPath),
        ]
        guard images.contains(where: { $0.1 != nil }) else { return "" }
        let region = Self.cropRegion(result)
        var out = "<div class=\"triple\">\n"
        for case (let label, let path?) in images {
            let shown: String
            var caption = label
            if let region, let size = result.frameSize {
                shown = Self.crop(path, alt: label, region: region, size: size, box: Self.cropBox)
                caption +=
                    (result.controlRegion == region ? ": the control" : ": where it changed")
                    + " · <a href=\"\(xmlEscape(urlPath(path)))\">whole frame</a>"
            } else {
                shown = "<img src=\"\(xmlEscape(urlPath(path)))\" alt=\"\(label)\">"
            }
            out += "<figure>\(shown)<figcaption>\(caption)</figcaption></figure>\n"
        }
        out += "</div>\n"
        guard let golden = result.goldenPath, let actual = result.actualPath else { return out }
        let g = xmlEscape(urlPath(golden))
        let a = xmlEscape(urlPath(actual))
        let zoomRegion =
            result.changedRegion.map {
                " data-region=\"\($0.x),\($0.y),\($0.width),\($0.height)\""
            } ?? ""
        out += """
            <details class="views"><summary>compare the whole frame: swipe, onion skin, blink</summary>
            \(result.details.map { "<pre>\(xmlEscape($0))</pre>" } ?? "")
            <div class="viewer"\(zoomRegion)>
            <label><input type="radio" name="mode-\(g)" value="swipe" checked> swipe</label>
            <label><input type="radio" name="mode-\(g)" value="onion"> onion skin</label>
            <label><input type="radio" name="mode-\(g)" value="blink"> blink</label>
            <input type="range" min="0" max="100" value="50" aria-label="position">
            \(result.changedRegion == nil ? "" : "<button type=\"button\" class=\"zoom\">zoom to the change</button>")
            <span class="shown"></span><br>
            <div class="compare"><div class="stage"><img class="under" src="\(g)" alt="golden"><img class="top" src="\(a)" alt="actual"></div></div>
            </div>
            </details>

            """
        return out
    }

    /// A unified diff with added, removed and hunk lines marked for colour; other text escaped as is.
    private func coloredDiff(_ details: String) -> String {
        details.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            let text = xmlEscape(String(line))
            if line.hasPrefix("+++") || line.hasPrefix("---") { return text }
            if line.hasPrefix("+") { return "<span class=\"add\">\(text)</span>" }
            if line.hasPrefix("-") { return "<span class=\"del\">\(text)</span>" }
            if line.hasPrefix("@@") { return "<span class=\"hunk\">\(text)</span>" }
            return text
        }.joined(separator: "\n")
    }

    static let script = """
        <script>
        document.querySelectorAll('.viewer').forEach(function (v) {
          var range = v.querySelector('input[type=range]'), top = v.querySelector('img.top');
          var stage = v.querySelector('.stage'), shown = v.querySelector('.shown'), timer = null;
          function mode() { return v.querySelector('input[type=radio]:checked').value; }
          function update() {
            if (timer) { clearInterval(timer); timer = null; }
            var m = mode(), p = range.value;
            top.style.opacity = 1; top.style.clipPath = 'none'; top.style.visibility = 'visible';
            if (m === 'swipe') { top.style.clipPath = 'inset(0 0 0 ' + p + '%)'; shown.textContent = 'golden | actual'; }
            if (m === 'onion') { top.style.opacity = p / 100; shown.textContent = 'actual at ' + p + '%'; }
            if (m === 'blink') {
              timer = setInterval(function () {
                var g = top.style.visibility !== 'hidden';
                top.style.visibility = g ? 'hidden' : 'visible';
                shown.textContent = g ? 'golden' : 'actual';
              }, 500);
            }
          }
          v.querySelectorAll('input').forEach(function (i) { i.addEventListener('input', update); });
          var zoom = v.querySelector('.zoom');
          if (zoom) zoom.onclick = function () {
            if (stage.style.transform) { stage.style.transform = ''; v.querySelector('.compare').style.height = ''; return; }
            var r = v.dataset.region.split(',').map(Number), img = v.querySelector('img.under');
            var k = img.clientWidth / img.naturalWidth, pad = 8;
            var w = (r[2] + 2 * pad) * k, h = (r[3] + 2 * pad) * k, f = Math.min(8, img.clientWidth / w);
            stage.style.transform = 'scale(' + f + ') translate(' + (-(r[0] - pad) * k) + 'px,' + (-(r[1] - pad) * k) + 'px)';
            v.querySelector('.compare').style.height = (h * f) + 'px';
          };
          update();
        });
        document.querySelectorAll('.flip').forEach(function (f) {
          var frames = JSON.parse(f.dataset.frames), i = 0, imgs = f.querySelectorAll('img'), at = f.querySelectorAll('.at');
          setInterval(function () {
            i = (i + 1) % frames.length;
            imgs[0].src = frames[i][1]; imgs[1].src = frames[i][2];
            at[0].textContent = at[1].textContent = frames[i][0];
          }, 700);
        });
        var failures = Array.prototype.slice.call(document.querySelectorAll('section.failed')), at = -1;
        function go(d) {
          if (!failures.length) return;
          at = (at + d + failures.length) % failures.length;
          failures[at].scrollIntoView();
          document.getElementById('where').textContent = (at + 1) + ' of ' + failures.length + ' failures';
        }
        document.getElementById('next').onclick = function () { go(1); };
        document.getElementById('prev').onclick = function () { go(-1); };
        document.addEventListener('keydown', function (e) { if (e.key === 'j') go(1); if (e.key === 'k') go(-1); });
        // A self-check a reader (or a test) can see: how many images loaded, whether the page is wider than the window.
        window.addEventListener('load', function () {
          var all = document.images, loaded = 0;
          for (var i = 0; i < all.length; i++) {
            if (all[i].complete && all[i].naturalWidth > 0) loaded++; else all[i].alt += ' (missing)';
          }
          var row = document.querySelector('.triple'), sides = row ? Array.prototype.map.call(row.children, function (f) { return f.offsetTop; }) : [];
          document.body.dataset.images = loaded + '/' + all.length;
          document.body.dataset.overflow = document.documentElement.scrollWidth > document.documentElement.clientWidth;
          document.body.dataset.sideBySide = sides.length > 1 && sides.every(function (t) { return t === sides[0]; });
          // Crops that show a part of their frame, loaded; and the page's height.
          var crops = document.querySelectorAll('.crop'), cropped = 0;
          crops.forEach(function (c) {
            var i = c.querySelector('img');
            if (i.complete && i.naturalWidth > 0 && c.clientWidth > 0 && (i.offsetWidth > c.clientWidth + 1 || i.offsetHeight > c.clientHeight + 1)) cropped++;
          });
          document.body.dataset.crops = cropped + '/' + crops.length;
          document.body.dataset.height = document.documentElement.scrollHeight;
        });
        </script>

        """
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
    package func relativized(to directory: String) -> CheckReport {
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
