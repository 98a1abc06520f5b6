import RefreshFramesCore

/// One label at one instant, as a `state` dump records it: the semantic golden.
public struct LabelSample: Sendable, Hashable, Codable {
    public var tag: Int
    /// Seconds since the scenario began.
    public var time: Double
    /// Degrees, positive clockwise on screen (as `Transform.rotation`).
    public var rotation: Double
    public var scaleX: Double
    public var scaleY: Double
    /// Points.
    public var translationX: Double
    /// Points.
    public var translationY: Double
    public var alpha: Double
    /// `#RRGGBBAA`
    public var textColor: String
    /// `#RRGGBBAA`
    public var backgroundColor: String
    public var text: String?

    public init(
        tag: Int, time: Double, rotation: Double = 0, scaleX: Double = 1, scaleY: Double = 1, translationX: Double = 0,
        translationY: Double = 0, alpha: Double = 1, textColor: String = "#000000FF",
        backgroundColor: String = "#00000000", text: String? = nil
    ) {
        self.tag = tag
        self.time = time
        self.rotation = rotation
        self.scaleX = scaleX
        self.scaleY = scaleY
        self.translationX = translationX
        self.translationY = translationY
        self.alpha = alpha
        self.textColor = textColor
        self.backgroundColor = backgroundColor
        self.text = text
    }
}

/// Compares `state` dumps property by property and says what changed in words.
public enum LabelComparison {
    /// Numbers closer than this are equal (degrees, points, scale and alpha alike).
    public static let defaultTolerance = 1e-3

    /// One message per differing property, in golden order, e.g.
    /// `tag 3: rotation 40.0° at 0.30 s, golden 45.0°`; samples are paired by tag and time.
    public static func compare(
        actual: [LabelSample], golden: [LabelSample], tolerance: Double = defaultTolerance
    ) -> [String] {
        struct Key: Hashable {
            var tag: Int
            var time: Int
            init(_ s: LabelSample) {
                tag = s.tag
                time = s.time.isFinite ? Int((s.time * 1_000_000).rounded()) : Int.min
            }
        }
        var actualByKey: [Key: LabelSample] = [:]
        for sample in actual where actualByKey[Key(sample)] == nil { actualByKey[Key(sample)] = sample }
        var seen = Set<Key>()
        var messages: [String] = []
        for g in golden {
            let key = Key(g)
            guard seen.insert(key).inserted else { continue }
            let at = "at \(formatSeconds(g.time)) s"
            guard let a = actualByKey[key] else {
                messages.append("tag \(g.tag): missing \(at), the golden has it")
                continue
            }
            func number(_ name: String, _ unit: String, _ path: KeyPath<LabelSample, Double>) {
                let (x, y) = (a[keyPath: path], g[keyPath: path])
                if abs(x - y) > tolerance || x.isNaN != y.isNaN {
                    messages.append(
                        "tag \(g.tag): \(name) \(formatValue(x))\(unit) \(at), golden \(formatValue(y))\(unit)")
                }
            }
            func string(_ name: String, _ x: String?, _ y: String?) {
                if x != y {
                    func show(_ s: String?) -> String { s.map { "\"\($0)\"" } ?? "none" }
                    let (sx, sy) = name == "text" ? (show(x), show(y)) : (x ?? "none", y ?? "none")
                    messages.append("tag \(g.tag): \(name) \(sx) \(at), golden \(sy)")
                }
            }
            number("rotation", "°", \.rotation)
            number("scaleX", "", \.scaleX)
            number("scaleY", "", \.scaleY)
            number("translationX", " pt", \.translationX)
            number("translationY", " pt", \.translationY)
            number("alpha", "", \.alpha)
            string("textColor", a.textColor, g.textColor)
            string("backgroundColor", a.backgroundColor, g.backgroundColor)
            string("text", a.text, g.text)
        }
        for a in actual where !seen.contains(Key(a)) {
            seen.insert(Key(a))
            messages.append("tag \(a.tag): present at \(formatSeconds(a.time)) s, the golden has no such label")
        }
        return messages
    }
}
