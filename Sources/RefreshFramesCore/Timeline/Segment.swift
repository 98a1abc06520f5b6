/// A view property the timeline moves.
public enum AnimatedProperty: String, Sendable, CaseIterable {
    case text, transform, alpha, backgroundColor, textColor
}

public enum PropertyValue: Sendable, Equatable, CustomStringConvertible {
    case text(String?)
    case transform(Transform)
    case number(Double)
    case color(RGBA)

    public var description: String {
        switch self {
        case .text(let s): s.map { "\"\($0)\"" } ?? "null"
        case .transform(let t): t.dumpDescription
        case .number(let v): formatNumber(v)
        case .color(let c): c.hexString
        }
    }

    func interpolated(to other: PropertyValue, _ progress: Double) -> PropertyValue {
        switch (self, other) {
        case (.transform(let a), .transform(let b)): .transform(a.interpolated(to: b, progress))
        case (.number(let a), .number(let b)): .number(a.interpolated(to: b, progress))
        case (.color(let a), .color(let b)): .color(a.interpolated(to: b, progress))
        default: progress >= 1 ? other : self
        }
    }
}

/// One property of one view moving from a value to another between two instants; an instant change
/// (text, a label's textColor, the reset) has `start == end`.
public struct Segment: Sendable, Equatable {
    public var tag: Int
    public var property: AnimatedProperty
    public var from: PropertyValue
    public var to: PropertyValue
    public var start: Double
    public var end: Double
    public var curve: Curve
    /// The JSON path of the program step that made it (`program.cycle[0].each.steps[1].animate`);
    /// nil for the scenario's own changes (texts, spinner fade, reset). Not part of the dump.
    public var step: String? = nil

    public var isInstant: Bool { end <= start }

    public func value(at time: Double) -> PropertyValue {
        if time >= end { return to }
        let fraction = (time - start) / (end - start)
        return from.interpolated(to: to, curve.progress(at: fraction, duration: end - start))
    }
}

extension Transform {
    /// `identity`, `rotate(45°)`, `scale(1.5)`, `rotate(45°) scale(1.5, 2) translate(3, 0)`.
    public var dumpDescription: String {
        var parts: [String] = []
        if translationX != 0 || translationY != 0 {
            parts.append("translate(\(formatNumber(translationX)), \(formatNumber(translationY)))")
        }
        if rotation != 0 { parts.append("rotate(\(formatNumber(rotation))°)") }
        if scaleX != 1 || scaleY != 1 {
            parts.append(
                scaleX == scaleY
                    ? "scale(\(formatNumber(scaleX)))" : "scale(\(formatNumber(scaleX)), \(formatNumber(scaleY)))")
        }
        return parts.isEmpty ? "identity" : parts.joined(separator: " ")
    }
}
