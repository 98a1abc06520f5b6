extension FrameState {
    /// The stable JSON object `refresh-frames state` prints (keys in a fixed order, numbers rounded
    /// to 4 decimals, colours `#RRGGBBAA`, views ordered by tag).
    public var json: String {
        func num(_ v: Double) -> String {
            guard v.isFinite else { return "null" }
            let s = formatNumber(v)
            return s.contains(".") || s.contains("e") ? s : s + ".0"
        }
        func opt(_ v: Double?) -> String { v.map(num) ?? "null" }
        func str(_ s: String?) -> String { s.map(jsonQuoted) ?? "null" }
        let labels = views.map { v -> String in
            var fields = [
                "\"tag\": \(v.tag)", "\"text\": \(str(v.text))",
                "\"frame\": [\(num(v.frame.x)), \(num(v.frame.y)), \(num(v.frame.width)), \(num(v.frame.height))]",
                "\"rotation\": \(num(v.transform.rotation))",
                "\"scale\": [\(num(v.transform.scaleX)), \(num(v.transform.scaleY))]",
                "\"translation\": [\(num(v.transform.translationX)), \(num(v.transform.translationY))]",
                "\"alpha\": \(num(v.alpha))", "\"textColor\": \"\(v.textColor.hexString)\"",
                "\"backgroundColor\": \"\(v.backgroundColor.hexString)\"",
            ]
            if let s = v.spinner {
                fields.append(
                    "\"spinner\": {\"visibleSpokes\": \(s.visibleSpokes), \"leadingSpoke\": \(s.leadingSpoke)}")
            }
            return "{" + fields.joined(separator: ", ") + "}"
        }
        return "{\"time\": \(num(time)), \"phase\": \"\(phase.rawValue)\", \"refreshBeganAt\": \(opt(refreshBeganAt)), "
            + "\"refreshEndedAt\": \(opt(refreshEndedAt)), \"contentAlpha\": \(num(contentAlpha)), \"pull\": \(num(pull)),\n"
            + " \"labels\": [\n  " + labels.joined(separator: ",\n  ") + "]" + sceneJSON(num: num, str: str) + "}"
    }
}

extension FrameState {
    /// The host table's keys, after `labels`; empty without a host, so the control-only JSON is unchanged.
    /// Frames are in the viewport's coordinates, `[x, y, width, height]`.
    func sceneJSON(num: (Double) -> String, str: (String?) -> String) -> String {
        guard let scene else { return "" }
        func rect(_ r: Rect) -> String { "[\(num(r.x)), \(num(r.y)), \(num(r.width)), \(num(r.height))]" }
        let headers = scene.headers.map { h in
            "{\"section\": \(h.section), \"title\": \(str(h.title)), \"frame\": \(rect(h.frame))}"
        }
        let rows = scene.rows.map { r in
            "{\"indexPath\": [\(r.indexPath.section), \(r.indexPath.row)], \"text\": \(str(r.text)), "
                + "\"detail\": \(str(r.detail)), \"frame\": \(rect(r.frame)), \"alpha\": \(num(r.alpha))}"
        }
        return ",\n \"viewport\": [\(num(scene.viewport.width)), \(num(scene.viewport.height))], "
            + "\"contentOffset\": [0.0, \(num(scene.contentOffsetY))], \"contentInsetTop\": \(num(scene.contentInsetTop)),\n"
            + " \"refreshControl\": {\"frame\": \(rect(scene.controlFrame)), \"visibleHeight\": \(num(scene.controlVisibleHeight))},\n"
            + " \"headers\": [" + (headers.isEmpty ? "" : "\n  " + headers.joined(separator: ",\n  ")) + "],\n"
            + " \"rows\": [" + (rows.isEmpty ? "" : "\n  " + rows.joined(separator: ",\n  ")) + "]"
    }
}
