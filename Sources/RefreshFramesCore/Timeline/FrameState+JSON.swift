extension FrameState {
    /// The stable JSON object `refresh-frames state` prints (keys in a fixed order, numbers rounded
    /// to 4 decimals, colours `#RRGGBBAA`, views ordered by tag).
    public var json: String {
        func num(_ v: Double) -> String {
            let s = formatNumber(v)
            return s.contains(".") ? s : s + ".0"
        }
        func opt(_ v: Double?) -> String { v.map(num) ?? "null" }
        func str(_ s: String?) -> String {
            guard let s else { return "null" }
            var out = "\""
            for scalar in s.unicodeScalars {
                switch scalar {
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                case "\n": out += "\\n"
                case "\r": out += "\\r"
                case "\t": out += "\\t"
                default:
                    if scalar.value < 0x20 {
                        let hex = String(scalar.value, radix: 16)
                        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                    } else {
                        out.unicodeScalars.append(scalar)
                    }
                }
            }
            return out + "\""
        }
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
                fields.append("\"spinner\": {\"visibleSpokes\": \(s.visibleSpokes), \"leadingSpoke\": \(s.leadingSpoke)}")
            }
            return "{" + fields.joined(separator: ", ") + "}"
        }
        return "{\"time\": \(num(time)), \"phase\": \"\(phase.rawValue)\", \"refreshBeganAt\": \(opt(refreshBeganAt)), "
            + "\"refreshEndedAt\": \(opt(refreshEndedAt)), \"contentAlpha\": \(num(contentAlpha)), \"pull\": \(num(pull)),\n"
            + " \"labels\": [\n  " + labels.joined(separator: ",\n  ") + "]}"
    }
}
