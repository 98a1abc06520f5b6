import Foundation

/// A non-premultiplied sRGB colour with components in 0…1, as UIColor holds it.
public struct RGBA: Hashable, Sendable {
    public var red: Double
    public var green: Double
    public var blue: Double
    public var alpha: Double

    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    public init(white: Double, alpha: Double = 1) {
        self.init(red: white, green: white, blue: white, alpha: alpha)
    }

    public static let clear = RGBA(white: 0, alpha: 0)
    public static let black = RGBA(white: 0)
    public static let white = RGBA(white: 1)

    /// Each component in 0…1 (an extended-range colour shown in sRGB).
    package var clamped: RGBA {
        RGBA(
            red: min(max(red, 0), 1), green: min(max(green, 0), 1), blue: min(max(blue, 0), 1),
            alpha: min(max(alpha, 0), 1))
    }

    /// A Display P3 colour in sRGB: P3 shares sRGB's transfer curve, so its linear components are
    /// taken to sRGB's primaries (both D65) and encoded again; what lies outside sRGB is clipped.
    package static func fromDisplayP3(red: Double, green: Double, blue: Double, alpha: Double) -> RGBA {
        let (r, g, b) = (linear(red), linear(green), linear(blue))
        return fromLinearSRGB(
            red: 1.2249401 * r - 0.2249404 * g,
            green: -0.0420569 * r + 1.0420571 * g,
            blue: -0.0196376 * r - 0.0786361 * g + 1.0982735 * b, alpha: alpha)
    }

    /// A colour of linear sRGB components, encoded with sRGB's curve and clipped to 0…1.
    package static func fromLinearSRGB(red: Double, green: Double, blue: Double, alpha: Double) -> RGBA {
        func encoded(_ c: Double) -> Double {
            let v = min(max(c, 0), 1)
            return v <= 0.0031308 ? 12.92 * v : 1.055 * pow(v, 1 / 2.4) - 0.055
        }
        return RGBA(red: encoded(red), green: encoded(green), blue: encoded(blue), alpha: min(max(alpha, 0), 1))
    }

    private static func linear(_ c: Double) -> Double {
        let v = min(max(c, 0), 1)
        return v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
    }

    /// UIKit's named colours (`UIColor.brownColor()` is 0.6, 0.4, 0.2).
    public static let named: [String: RGBA] = [
        "black": .black,
        "darkGray": RGBA(white: 1.0 / 3.0),
        "lightGray": RGBA(white: 2.0 / 3.0),
        "white": .white,
        "gray": RGBA(white: 0.5),
        "red": RGBA(red: 1, green: 0, blue: 0),
        "green": RGBA(red: 0, green: 1, blue: 0),
        "blue": RGBA(red: 0, green: 0, blue: 1),
        "cyan": RGBA(red: 0, green: 1, blue: 1),
        "yellow": RGBA(red: 1, green: 1, blue: 0),
        "magenta": RGBA(red: 1, green: 0, blue: 1),
        "orange": RGBA(red: 1, green: 0.5, blue: 0),
        "purple": RGBA(red: 0.5, green: 0, blue: 0.5),
        "brown": RGBA(red: 0.6, green: 0.4, blue: 0.2),
        "clear": .clear,
    ]

    /// Parses `#RGB`, `#RRGGBB`, `#RRGGBBAA`, a UIKit colour name or a semantic colour
    /// (`label`, `systemBlue`, …: `SemanticColor`) as it is in `appearance`.
    public init?(parsing text: String, appearance: Appearance = .light) {
        if let named = RGBA.named[text] ?? SemanticColor.resolve(text, appearance) {
            self = named
            return
        }
        guard text.hasPrefix("#") else { return nil }
        let hex = text.dropFirst()
        guard hex.allSatisfy(\.isHexDigit) else { return nil }
        let digits = hex.map { Double(Int(String($0), radix: 16)!) }
        switch digits.count {
        case 3:
            self.init(red: digits[0] / 15, green: digits[1] / 15, blue: digits[2] / 15)
        case 6, 8:
            func byte(_ i: Int) -> Double { (digits[2 * i] * 16 + digits[2 * i + 1]) / 255 }
            self.init(red: byte(0), green: byte(1), blue: byte(2), alpha: digits.count == 8 ? byte(3) : 1)
        default:
            return nil
        }
    }

    /// The colour as 8-bit channels, rounded to nearest.
    public var bytes: (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        func q(_ v: Double) -> UInt8 { UInt8((min(max(v, 0), 1) * 255).rounded()) }
        return (q(red), q(green), q(blue), q(alpha))
    }

    /// `#RRGGBBAA`, upper case.
    public var hexString: String {
        let b = bytes
        func h(_ v: UInt8) -> String {
            let s = String(v, radix: 16, uppercase: true)
            return s.count == 1 ? "0" + s : s
        }
        return "#" + h(b.red) + h(b.green) + h(b.blue) + h(b.alpha)
    }

    /// Component-wise interpolation of non-premultiplied components, as Core Animation's colour animation.
    public func mixed(with other: RGBA, _ progress: Double) -> RGBA {
        RGBA(
            red: red + (other.red - red) * progress,
            green: green + (other.green - green) * progress,
            blue: blue + (other.blue - blue) * progress,
            alpha: alpha + (other.alpha - alpha) * progress)
    }
}
