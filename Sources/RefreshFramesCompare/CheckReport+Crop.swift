import RefreshFramesCore

/// The HTML report's crops: a failed frame shown where it changed (the control first for a frame
/// of the whole screen), the whole frame a click away, and the failing span played before and after.
extension CheckReport {
    /// The largest a crop is drawn: its width and height in CSS pixels, and its zoom.
    static let cropBox = (width: 360.0, height: 100.0, zoom: 3.0)
    static let flipBox = (width: 560.0, height: 150.0, zoom: 3.0)

    /// What a failed frame's crop shows: for a frame of the whole screen, the control when the
    /// change touches it (the control first); else the changed region; 8 px around it, within the frame.
    static func cropRegion(_ result: CheckResult) -> PixelRect? {
        guard let size = result.frameSize else { return nil }
        if let control = result.controlRegion, result.changedRegion.map({ $0.intersects(control) }) ?? true {
            return control
        }
        guard let changed = result.changedRegion else { return nil }
        let pad = 8
        let x = max(0, changed.x - pad)
        let y = max(0, changed.y - pad)
        let right = min(size.width, changed.x + changed.width + pad)
        let bottom = min(size.height, changed.y + changed.height + pad)
        return right > x && bottom > y ? PixelRect(x: x, y: y, width: right - x, height: bottom - y) : nil
    }

    /// `region` of the image at `path` (of `size`), as big as `box` allows, linking to the whole image.
    static func crop(
        _ path: String, alt: String, region: PixelRect, size: PixelSize,
        box: (width: Double, height: Double, zoom: Double)
    ) -> String {
        let src = xmlEscape(urlPath(path))
        let (w, h) = (Double(region.width), Double(region.height))
        let zoom = min(box.zoom, box.width / w, box.height / h)
        func percent(_ v: Double) -> String { formatNumber(v * 100) + "%" }
        let style =
            "width: \(percent(Double(size.width) / w)); left: \(percent(-Double(region.x) / w)); top: \(percent(-Double(region.y) / h))"
        return
            "<a href=\"\(src)\" title=\"the whole frame\"><span class=\"crop\" style=\"width: \(formatNumber((w * zoom).rounded()))px; aspect-ratio: \(region.width) / \(region.height)\"><img src=\"\(src)\" alt=\"\(alt)\" style=\"\(style)\"></span></a>"
    }

    /// The failing span played before and after: from the first failed frame to the last, each
    /// frame's golden beside what this run drew (a frame that passed shows its golden on both
    /// sides), cropped to where the frames changed, flipping on by itself. Empty without a failed frame.
    func beforeAfter() -> String {
        let failed = results.indices.filter { results[$0].kind == .pixels && !results[$0].passed }
        guard let first = failed.first, let last = failed.last,
            let size = results[first].frameSize
        else { return "" }
        let span = results[first...last].filter { $0.kind == .pixels && $0.goldenPath != nil }
        let regions = failed.compactMap { Self.cropRegion(results[$0]) }
        guard let region = regions.dropFirst().reduce(regions.first, { $0?.union($1) }) else {
            return ""
        }
        let frames = span.map { r in
            "["
                + [r.title, urlPath(r.goldenPath!), urlPath(r.actualPath ?? r.goldenPath!)].map(jsonQuoted)
                .joined(separator: ", ") + "]"
        }
        let start = span[span.startIndex]
        var out = "<section class=\"flip\" data-frames=\"\(xmlEscape("[" + frames.joined(separator: ", ") + "]"))\">\n"
        out += "<h2>before / after: \(xmlEscape(start.title)) to \(xmlEscape(span[span.endIndex - 1].title))</h2>\n"
        out += "<div class=\"pair\">\n"
        for (label, path) in [("golden", start.goldenPath!), ("actual", start.actualPath ?? start.goldenPath!)] {
            out +=
                "<figure>\(Self.crop(path, alt: label, region: region, size: size, box: Self.flipBox))<figcaption>\(label) · <span class=\"at\">\(xmlEscape(start.title))</span></figcaption></figure>\n"
        }
        out += "</div>\n</section>\n"
        return out
    }
}

extension PixelRect {
    /// Whether the two share a pixel.
    func intersects(_ other: PixelRect) -> Bool {
        x <= other.maxX && other.x <= maxX && y <= other.maxY && other.y <= maxY
    }

    /// The smallest rectangle that holds both.
    func union(_ other: PixelRect) -> PixelRect {
        let left = min(x, other.x)
        let top = min(y, other.y)
        return PixelRect(
            x: left, y: top, width: max(maxX, other.maxX) - left + 1, height: max(maxY, other.maxY) - top + 1)
    }
}
