import Foundation
import RefreshFramesCore

/// Swift source spellings of the spec's values.
enum SwiftLiteral {
    /// A number as Swift writes it: `20`, `0.15`, `-19` (the shortest text that reads back exactly).
    static func number(_ v: Double) -> String {
        if v == v.rounded() && abs(v) < 1e15 { return String(Int(v)) }
        return "\(v)"
    }

    /// A string literal, escaped.
    static func string(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    out += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// Line terminators in a comment's text: Swift's lexer ends a `//` comment at LF and CR; the
    /// others (VT, FF, NEL, LS, PS) do not end it but editors and code review show a line break.
    static let lineBreaks: Set<Unicode.Scalar> = ["\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}"]

    /// Text from a spec (its description, its file name) for one comment line: line terminators and
    /// other control characters, and the bidirectional overrides that could make the comment read
    /// differently from what the compiler sees, are written as `\u{…}` escapes, so that nothing in
    /// the text can end the comment and become code.
    static func commentText(_ s: String) -> String {
        var out = ""
        for scalar in s.unicodeScalars {
            if lineBreaks.contains(scalar) || TerminalText.needsEscape(scalar) {
                out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// A comment's text as lines: split at every line terminator (CRLF is one), each made safe.
    static func commentLines(_ s: String) -> [String] {
        var lines: [String] = [""]
        var previous: Unicode.Scalar?
        for scalar in s.unicodeScalars {
            defer { previous = scalar }
            if scalar == "\n" && previous == "\r" { continue }
            if lineBreaks.contains(scalar) {
                lines.append("")
            } else {
                lines[lines.count - 1].unicodeScalars.append(scalar)
            }
        }
        return lines.map(commentText)
    }

    /// UIKit's class colours (`UIColor.magenta`) by their components, in the order UIKit lists them.
    static let namedColors: [(name: String, rgba: RGBA)] = [
        "black", "darkGray", "lightGray", "white", "gray", "red", "green", "blue", "cyan", "yellow", "magenta",
        "orange", "purple", "brown", "clear",
    ].map { ($0, RGBA.named[$0]!) }

    /// `.magenta`, or `UIColor(red: 236 / 255, …)` when the components are whole bytes, else decimals.
    static func color(_ c: RGBA) -> String {
        if let named = namedColors.first(where: { $0.rgba == c }) { return "." + named.name }
        return
            "UIColor(red: \(component(c.red)), green: \(component(c.green)), blue: \(component(c.blue)), alpha: \(component(c.alpha)))"
    }

    /// As `color`, with the type spelled out where nothing else gives it (`UIColor.white`).
    static func qualifiedColor(_ c: RGBA) -> String {
        let text = color(c)
        return text.hasPrefix(".") ? "UIColor" + text : text
    }

    /// A colour component: `0`, `1`, `236 / 255` when it is exactly a byte, else the decimal.
    static func component(_ v: Double) -> String {
        if v == 0 || v == 1 { return number(v) }
        let byte = (v * 255).rounded()
        if byte / 255 == v { return "\(Int(byte)) / 255" }
        return number(v)
    }

    /// `.identity`, `CGAffineTransform(rotationAngle: 45 * .pi / 180)`, `CGAffineTransform(scaleX: 1.5, y: 1.5)`,
    /// or translate · rotate · scale chained.
    static func transform(_ t: Transform) -> String {
        let rotates = t.rotation != 0
        let scales = t.scaleX != 1 || t.scaleY != 1
        let translates = t.translationX != 0 || t.translationY != 0
        let angle =
            switch t.rotation {
            case 180: ".pi"
            case -180: "-.pi"
            default: "\(number(t.rotation)) * .pi / 180"
            }
        let scale = "\(number(t.scaleX)), y: \(number(t.scaleY))"
        switch (translates, rotates, scales) {
        case (false, false, false): return "CGAffineTransform.identity"
        case (false, true, false): return "CGAffineTransform(rotationAngle: \(angle))"
        case (false, false, true): return "CGAffineTransform(scaleX: \(scale))"
        default:
            var out = "CGAffineTransform(translationX: \(number(t.translationX)), y: \(number(t.translationY)))"
            if rotates { out += ".rotated(by: \(angle))" }
            if scales { out += ".scaledBy(x: \(scale))" }
            return out
        }
    }

    /// `transform` as lines: a chain of calls puts each on its own line.
    static func transformLines(_ t: Transform) -> [String] {
        let text = transform(t)
        guard text.contains(").") else { return [text] }
        let parts = text.components(separatedBy: ").")
        return [parts[0] + ")"]
            + parts.dropFirst().enumerated().map { i, part in
                "    ." + part + (i + 2 < parts.count ? ")" : "")
            }
    }

    /// A value as an expression: `.identity`, `0.5`, `.red`, `UIColor(…)`, `"text"`.
    static func value(_ v: UIKitValue) -> String {
        switch v {
        case .text(let s): s.map(string) ?? "nil"
        case .number(let n): number(n)
        case .color(let c): color(c)
        case .transform(let t): t == .identity ? ".identity" : transform(t)
        case .bool(let b): b ? "true" : "false"
        case .point(let p): "CGPoint(x: \(number(p.x)), y: \(number(p.y)))"
        case .size(let s): "CGSize(width: \(number(s.width)), height: \(number(s.height)))"
        case .image(let name): name.map { "UIImage(named: \(string(imageName($0))))" } ?? "nil"
        case .path(let p): path(p)
        case .shapePath(let p): shapePath(p)
        case .lineCap(let c): "." + c.rawValue
        }
    }

    /// The name `UIImage(named:)` takes for a spec's image: an asset's name as it is, a file's
    /// name without its folders (an app's bundle resources are flat) and without its `@2x`/`@3x`.
    static func imageName(_ name: String) -> String {
        var base = Substring(name.split(separator: "/").last ?? Substring(name))
        if let dot = base.lastIndex(of: ".") {
            let suffix = base[dot...]
            var stem = base[..<dot]
            for scale in ["@1x", "@2x", "@3x"] where stem.hasSuffix(scale) { stem = stem.dropLast(3) }
            base = stem + suffix
        }
        return String(base)
    }

    /// The rest of a constant's declaration after `static let NAME` (`: CGFloat = 0.5`), as lines;
    /// nil for a value written where it is used (a UIKit colour name, `.identity`, a text).
    static func constant(_ v: UIKitValue) -> [String]? {
        switch v {
        case .text, .image, .path, .shapePath, .lineCap: return nil
        case .number(let n): return [": CGFloat = \(number(n))"]
        case .color(let c):
            let literal = color(c)
            return literal.hasPrefix(".") ? nil : [" = " + literal]
        case .transform(let t):
            guard t != .identity else { return nil }
            // A 3-D transform is set as `view.transform3D` (iOS 13+), which animates in a block as `transform` does.
            if !t.isPlanar {
                let lines = transform3DLines(t)
                return [": CATransform3D = " + lines[0]] + lines.dropFirst()
            }
            let lines = transformLines(t)
            return [" = " + lines[0]] + lines.dropFirst()
        case .bool: return nil
        case .point, .size: return [" = " + value(v)]
        }
    }

    /// The Swift type that holds a value.
    static func type(of v: UIKitValue) -> String {
        switch v {
        case .text: "String?"
        case .number: "CGFloat"
        case .color: "UIColor"
        case .transform: "CGAffineTransform"
        case .bool: "Bool"
        case .point: "CGPoint"
        case .size: "CGSize"
        case .image: "UIImage?"
        case .path, .shapePath: "CGPath?"
        case .lineCap: "CAShapeLayerLineCap"
        }
    }

    /// A setting of the property `name` as a block's comment says it: `rotate(45°)`, `back to
    /// identity`, `alpha 0.5`, `backgroundColor red`, `textColor the next palette colour`.
    static func describe(_ setting: UIKitSetting, of name: String) -> String {
        switch setting {
        case .value(.transform(let t)): t == .identity ? "back to identity" : t.dumpDescription
        case .value(.number(let n)): "\(name) \(formatNumber(n))"
        case .value(.color(let c)): "\(name) " + (color(c).hasPrefix(".") ? String(color(c).dropFirst()) : c.hexString)
        case .value(.text(let s)): "\(name) \(s.dumpDescription)"
        case .value(.bool(let b)): "\(name) \(b)"
        case .value(.point(let p)): "\(name) \(p.dumpDescription)"
        case .value(.size(let s)): "\(name) \(s.dumpDescription)"
        case .value(.image(let s)): "\(name) " + (s.map { "\"\($0)\"" } ?? "none")
        case .value(.path(let p)): "\(name) \(p.dumpDescription)"
        case .value(.shapePath(let p)): "\(name) \(p.dumpDescription)"
        case .value(.lineCap(let c)): "\(name) \(c.rawValue)"
        case .nextPaletteColor: "\(name) the next palette colour"
        case .initial: "\(name) its own colour"
        }
    }

    /// An Auto Layout attribute's anchor property (`centerXAnchor`).
    static func anchor(_ a: LayoutAttribute) -> String { a.rawValue + "Anchor" }

    /// `NSLayoutConstraint.Attribute` case.
    static func attribute(_ a: LayoutAttribute) -> String { "." + a.rawValue }

    /// UIFont.Weight for the spec's weight names.
    static func weight(_ w: String) -> String {
        switch w {
        case "thin": ".thin"
        case "light": ".light"
        case "medium": ".medium"
        case "semibold": ".semibold"
        case "bold": ".bold"
        case "heavy": ".heavy"
        case "black": ".black"
        default: ".regular"
        }
    }
}

extension SwiftLiteral {
    /// A shadow path as UIKit code makes it: `UIBezierPath(roundedRect: CGRect(…), cornerRadius: 8).cgPath`.
    static func path(_ p: ShadowPath) -> String {
        func rect(_ r: Rect) -> String {
            "CGRect(x: \(number(r.x)), y: \(number(r.y)), width: \(number(r.width)), height: \(number(r.height)))"
        }
        switch p {
        case .none: return "nil"
        case .rect(let r): return "UIBezierPath(rect: \(rect(r))).cgPath"
        case .roundedRect(let r, let radius):
            return "UIBezierPath(roundedRect: \(rect(r)), cornerRadius: \(number(radius))).cgPath"
        case .ellipse(let r): return "UIBezierPath(ovalIn: \(rect(r))).cgPath"
        }
    }

    /// A shape layer's path as one expression: a closure building the `UIBezierPath` element by
    /// element (an elliptical arc is a circular one scaled, which UIBezierPath has no call for:
    /// written as a comment).
    static func shapePath(_ p: ShapePath) -> String {
        guard !p.elements.isEmpty else { return "nil" }
        func point(_ q: Point) -> String { "CGPoint(x: \(number(q.x)), y: \(number(q.y)))" }
        let calls = p.elements.map { e -> String in
            switch e {
            case .move(let q): "p.move(to: \(point(q)))"
            case .line(let q): "p.addLine(to: \(point(q)))"
            case .arc(let c, let rx, let ry, let start, let sweep):
                rx == ry
                    ? "p.addArc(withCenter: \(point(c)), radius: \(number(rx)), startAngle: \(number(start)), endAngle: \(number(start + sweep)), clockwise: \(sweep >= 0))"
                    : "/* an elliptical arc: radii \(number(rx)), \(number(ry)) */"
            case .close: "p.close()"
            }
        }
        return "{ let p = UIBezierPath(); " + calls.joined(separator: "; ") + "; return p.cgPath }()"
    }
}
