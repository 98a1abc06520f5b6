extension FrameState {
    /// The stable JSON object `refresh-frames state` prints (keys in a fixed order, numbers rounded
    /// to 4 decimals, colours `#RRGGBBAA`, views ordered by tag).
    package var json: String {
        let num: (Double) -> String = StateJSON.number
        let views = views.map { v -> String in
            var fields = [("tag", "\(v.tag)"), ("frame", StateJSON.rect(v.frame))]
            func add<P: AnyAnimatableProperty>(_ p: P) {
                fields += p.property.stateFields(v[keyPath: p.property.state])
            }
            for (index, p) in AnimatableProperties.all.enumerated() where p.printsAlways || v.changed.contains(index) {
                add(p)
            }
            var line = fields.enumerated().sorted { StateJSON.order($0) < StateJSON.order($1) }
                .map { "\"\($0.element.0)\": \($0.element.1)" }
            if let s = v.spinner {
                line.append(
                    "\"spinner\": {\"visibleSpokes\": \(s.visibleSpokes), \"leadingSpoke\": \(s.leadingSpoke)}")
            }
            if let b = v.button { line.append("\"button\": " + b.json) }
            return "{" + line.joined(separator: ", ") + "}"
        }
        return
            "{\"time\": \(num(time)), \"phase\": \"\(phase.rawValue)\", \"refreshBeganAt\": \(StateJSON.number(refreshBeganAt)), "
            + "\"refreshEndedAt\": \(StateJSON.number(refreshEndedAt)), \"contentAlpha\": \(num(contentAlpha)), \"pull\": \(num(pull)),\n"
            + " \"labels\": [\n  " + views.joined(separator: ",\n  ") + "]" + sceneJSON + "}"
    }
}

/// How `state` writes values.
enum StateJSON {
    /// `1.0`, `0.25`; `null` for a value that is not finite.
    static func number(_ v: Double) -> String {
        guard v.isFinite else { return "null" }
        let s = formatNumber(v)
        return s.contains(".") || s.contains("e") ? s : s + ".0"
    }

    static func number(_ v: Double?) -> String { v.map(number) ?? "null" }
    static func numbers(_ values: [Double]) -> String { "[" + values.map(number).joined(separator: ", ") + "]" }
    static func rect(_ r: Rect) -> String { numbers([r.x, r.y, r.width, r.height]) }
    static func string(_ s: String?) -> String { s.map(jsonQuoted) ?? "null" }

    /// The keys a view has had in `state` since the first version, in their order; the fields of
    /// properties added since follow them in the table's order.
    static let keys = [
        "tag", "text", "frame", "rotation", "scale", "translation", "alpha", "textColor", "backgroundColor",
    ]

    static func order(_ field: (offset: Int, element: (String, String))) -> (Int, Int) {
        (keys.firstIndex(of: field.element.0) ?? keys.count, field.offset)
    }
}

extension FrameState {
    /// The host table's keys, after `labels`; empty without a host, so the control-only JSON is unchanged.
    /// Frames are in the viewport's coordinates, `[x, y, width, height]`.
    var sceneJSON: String {
        guard let scene else { return "" }
        let (num, str, rect) = (StateJSON.number as (Double) -> String, StateJSON.string, StateJSON.rect)
        let headers = scene.headers.map { h in
            "{\"section\": \(h.section), \"title\": \(str(h.title)), \"frame\": \(rect(h.frame))}"
        }
        let rows = scene.rows.map { r in
            "{\"indexPath\": [\(r.indexPath.section), \(r.indexPath.row)], \"text\": \(str(r.text)), "
                + "\"detail\": \(str(r.detail)), \"frame\": \(rect(r.frame)), \"alpha\": \(num(r.alpha))}"
        }
        // With bars: where they end and the inset they add (absent without, so that JSON is unchanged).
        let bars = scene.bars.map { b in
            " \"adjustedContentInset\": [\(num(b.adjustedContentInset.top)), \(num(b.adjustedContentInset.bottom))], "
                + "\"bars\": [\(num(b.top)), \(num(b.bottom))],\n"
        }
        return ",\n \"viewport\": [\(num(scene.viewport.width)), \(num(scene.viewport.height))], "
            + "\"contentOffset\": [0.0, \(num(scene.contentOffsetY))], \"contentInsetTop\": \(num(scene.contentInsetTop)),\n"
            + (bars ?? "")
            + " \"refreshControl\": {\"frame\": \(rect(scene.controlFrame)), \"visibleHeight\": \(num(scene.controlVisibleHeight))},\n"
            + " \"headers\": [" + (headers.isEmpty ? "" : "\n  " + headers.joined(separator: ",\n  ")) + "],\n"
            + " \"rows\": [" + (rows.isEmpty ? "" : "\n  " + rows.joined(separator: ",\n  ")) + "]"
    }
}
